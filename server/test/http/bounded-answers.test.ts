/**
 * Work and answers bounded whatever the request: a 1 KB gzip body that
 * decodes to half a million focus entries, or to ninety thousand unknown
 * fields, is refused before it is parsed with a 400 of a few hundred bytes,
 * and another account's explains sent meanwhile all succeed; a body small
 * enough to parse has its errors listed 20 at most. Every answer, error or not, carries nosniff.
 * Over real HTTP on both backends. How long the other account waits beside
 * such a load is measured by `pnpm bench:service` (its "hostile bodies" row),
 * not asserted here.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { errorBodySchema, MAX_ERROR_DETAILS } from '@code-explain/shared';
import { MAX_BODY_VALUES } from '../../src/http/json-body.js';
import {
  BACKENDS,
  call,
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  type KeyedAccount,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

/** What the issue allows an answer to a 1 KB body: far below, in fact. */
const ANSWER_BOUND_BYTES = 16 * 1024;

/** `{"code":"x","focus":[0,0,…]}` with `items` zeros, gzipped. */
function focusBomb(items: number): Buffer {
  return gzipSync(`{"code":"x","focus":[${'0,'.repeat(items - 1)}0]}`, { level: 9 });
}

/** `{"code":"x","f0":0,"f1":0,…}` with `fields` unknown fields, gzipped. */
function fieldBomb(fields: number): Buffer {
  const parts = Array.from({ length: fields }, (_, i) => `"f${i}":0`);
  return gzipSync(`{"code":"x",${parts.join(',')}}`, { level: 9 });
}

const gzipPost = (url: string, key: string, body: Buffer) =>
  call(`${url}/api/explain`, key, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    body,
  });

/** The raw answer to one HTTP/1.1 request Node's parser refuses. */
function malformed(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
  });
}

for (const backend of BACKENDS) {
  describe(`bounded answers on ${backend}`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let hostile: KeyedAccount;
    let other: KeyedAccount;

    before(async () => {
      handle = await openTestStore(backend === 'mongo+redis' ? 'mongo' : 'embedded', 'bounded');
      const limiter = await openTestLimiter(backend === 'mongo+redis' ? 'redis' : 'memory');
      server = await startServer({ store: handle.store, limiter });
      hostile = await createKeyedAccount(handle.store, 'pro');
      other = await createKeyedAccount(handle.store, 'pro');
    });

    after(async () => {
      await server?.close();
      await server?.limiter.close();
      await handle?.dispose();
    });

    const TOO_MANY_VALUES = `request body holds more than ${MAX_BODY_VALUES.toLocaleString('en-US')} JSON values; an explain request holds a few`;

    it('answers a 1 KB gzip body of 520,000 focus entries with one short 400 before parsing it, while another account is served', async () => {
      const bomb = focusBomb(520_000);
      assert.ok(bomb.length < 2048, `the body is ${bomb.length} bytes`);
      const others = Array.from({ length: 6 }, (_, i) =>
        postJson(`${server.url}/api/explain`, other.key, { code: `const x${i} = ${i};\n` }),
      );
      const hostileAnswers = await Promise.all(
        Array.from({ length: 4 }, () => gzipPost(server.url, hostile.key, bomb)),
      );
      for (const response of hostileAnswers) {
        const text = await response.text();
        assert.equal(response.status, 400, text.slice(0, 300));
        assert.ok(
          Buffer.byteLength(text) < ANSWER_BOUND_BYTES,
          `the answer is ${Buffer.byteLength(text)} bytes`,
        );
        const body = errorBodySchema.parse(JSON.parse(text));
        assert.deepEqual(body.error.details, [{ path: '', message: TOO_MANY_VALUES }]);
        assert.equal(body.error.message, TOO_MANY_VALUES);
      }
      for (const response of await Promise.all(others)) {
        assert.equal(response.status, 200, await response.text());
      }
    });

    it('refuses 90,000 unknown fields before parsing them, and names the first 20 of 900', async () => {
      const many = await gzipPost(server.url, hostile.key, fieldBomb(90_000));
      const manyText = await many.text();
      assert.equal(many.status, 400, manyText.slice(0, 300));
      assert.deepEqual(errorBodySchema.parse(JSON.parse(manyText)).error.details, [
        { path: '', message: TOO_MANY_VALUES },
      ]);

      const response = await gzipPost(server.url, hostile.key, fieldBomb(900));
      const text = await response.text();
      assert.equal(response.status, 400, text.slice(0, 300));
      assert.ok(
        Buffer.byteLength(text) < ANSWER_BOUND_BYTES,
        `the answer is ${Buffer.byteLength(text)} bytes`,
      );
      const { error } = errorBodySchema.parse(JSON.parse(text));
      assert.equal(error.details.length, MAX_ERROR_DETAILS + 1);
      assert.deepEqual(error.details[0], { path: 'f0', message: 'unknown field' });
      assert.deepEqual(error.details.at(-1), { path: '', message: 'and 880 more' });
      assert.equal(
        error.message,
        'invalid request body: f0: unknown field; f1: unknown field; f2: unknown field (and 897 more)',
      );
    });

    it('counts values outside strings only: a legitimate body of 100,000 characters full of brackets, commas and escaped quotes is parsed', async () => {
      const code = '[{"a": [1, 2], "b": "c\\"}], '.repeat(3500).slice(0, 99_000);
      const response = await postJson(`${server.url}/api/explain`, other.key, {
        code,
        language: 'javascript',
        mode: 'quick',
      });
      assert.equal(response.status, 200, (await response.text()).slice(0, 300));
    });

    it('still names a focus list of 500 entries as too long', async () => {
      const response = await postJson(`${server.url}/api/explain`, hostile.key, {
        code: 'x',
        focus: Array<string>(500).fill('security'),
      });
      const { error } = errorBodySchema.parse(await response.json());
      assert.equal(response.status, 400);
      assert.deepEqual(error.details, [{ path: 'focus', message: 'focus must list at most 9 areas' }]);
    });

    it('clips an unknown field named with 500,000 characters', async () => {
      const name = 'k'.repeat(500_000);
      const response = await postJson(`${server.url}/api/explain`, hostile.key, { code: 'x', [name]: 1 });
      const text = await response.text();
      assert.equal(response.status, 400);
      assert.ok(
        Buffer.byteLength(text) < ANSWER_BOUND_BYTES,
        `the answer is ${Buffer.byteLength(text)} bytes`,
      );
      const { error } = errorBodySchema.parse(JSON.parse(text));
      assert.equal(error.details.length, 1);
      assert.ok(error.details[0]!.path.length <= 200);
    });

    it('sends X-Content-Type-Options: nosniff on every answer, errors and pages included', async () => {
      const answers: [string, Response][] = [
        ['explain 200', await postJson(`${server.url}/api/explain`, other.key, { code: 'x = 1' })],
        ['explain 400', await postJson(`${server.url}/api/explain`, other.key, { code: '' })],
        ['401', await call(`${server.url}/api/explanations`, undefined)],
        ['list 200', await call(`${server.url}/api/explanations`, other.key)],
        ['404', await call(`${server.url}/nowhere`, undefined)],
        ['405', await call(`${server.url}/api/explain`, other.key, { method: 'PUT' })],
        ['healthz', await call(`${server.url}/healthz`, undefined)],
        ['openapi', await call(`${server.url}/api/openapi.json`, other.key)],
        ['sign-in page', await call(`${server.url}/sign-in`, undefined)],
      ];
      for (const [what, response] of answers) {
        await response.arrayBuffer();
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', what);
      }
      assert.match(await malformed(server.url), /\r\nX-Content-Type-Options: nosniff\r\n/);
    });
  });
}
