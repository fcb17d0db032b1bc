/**
 * The REST API through real HTTP, once on MongoDB (FerretDB) + Redis and once
 * on the zero-setup default (embedded store + in-process limits).
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  errorBodySchema,
  encodeListCursor,
  explainResponseSchema,
  FOCUS_AREAS,
  healthResponseSchema,
  listResponseSchema,
  MODES,
  savedExplanationSchema,
  type ErrorBody,
} from '@code-explain/shared';
import type { Engine } from '../../src/engine/engine.js';
import { createAccountService } from '../../src/service/accounts.js';
import {
  BACKENDS,
  call,
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  testEngine,
  waitFor,
  type KeyedAccount,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

const SNIPPET = 'function add(a, b) {\n  if (a > b) return a - b;\n  return a + b;\n}\n';

async function errorOf(response: Response, status: number, code: string): Promise<ErrorBody> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = errorBodySchema.parse(JSON.parse(text));
  assert.equal(body.error.code, code, text);
  assert.equal(body.error.requestId, response.headers.get('x-request-id'));
  assert.ok(body.error.requestId.length > 0, 'a request id');
  return body;
}

function assertRateHeaders(response: Response): void {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    assert.match(response.headers.get(name) ?? '', /^[0-9]+$/, `${name} on a ${response.status}`);
  }
}

/** Sends raw bytes, for what fetch will not send (a lying Content-Length, say). */
function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      hostname,
      port,
      method: options.method,
      path: options.path,
      headers: options.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

for (const backend of BACKENDS) {
  describe(`REST API on ${backend}`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let pro: KeyedAccount;
    let enterprise: KeyedAccount;
    let failing: TestServer;

    before(async () => {
      handle = await openTestStore(backend === 'mongo+redis' ? 'mongo' : 'embedded', 'api');
      const limiter = await openTestLimiter(backend === 'mongo+redis' ? 'redis' : 'memory');
      server = await startServer({ store: handle.store, limiter, authCacheTtlMs: 300 });
      pro = await createKeyedAccount(handle.store, 'pro');
      enterprise = await createKeyedAccount(handle.store, 'enterprise');
      // The real engine, made to fail on one marker, for the 500 path.
      const real = testEngine();
      const engine: Engine = {
        explain: (request) =>
          request.code.includes('FAIL_HERE')
            ? Promise.reject(new Error(`engine failed on ${pro.key}: SELECT * FROM accounts`))
            : real.explain(request),
        health: () => real.health(),
        dispose: () => undefined,
      };
      failing = await startServer({ store: handle.store, limiter, engine });
    });

    after(async () => {
      await failing?.close();
      await server?.close();
      await server?.limiter.close();
      await handle?.dispose();
    });

    describe('authentication', () => {
      it('accepts the key as X-API-Key and as Authorization: Bearer (either case)', async () => {
        const viaHeader = await call(`${server.url}/api/explanations`, pro.key);
        assert.equal(viaHeader.status, 200, await viaHeader.clone().text());
        for (const scheme of ['Bearer', 'bearer']) {
          const viaBearer = await call(`${server.url}/api/explanations`, undefined, {
            headers: { Authorization: `${scheme} ${pro.key}` },
          });
          assert.equal(viaBearer.status, 200, await viaBearer.clone().text());
        }
      });

      it('refuses a missing key with 401 and WWW-Authenticate: Bearer', async () => {
        const response = await call(`${server.url}/api/explanations`, undefined);
        const body = await errorOf(response, 401, 'unauthorized');
        assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer realm="code-explain"$/);
        assert.match(body.error.message, /API key is required/);
        assert.equal(
          response.headers.get('x-ratelimit-limit'),
          null,
          'nothing is counted before authentication',
        );
      });

      const badCredentials: [string, (key: string) => Record<string, string>][] = [
        ['a malformed key', () => ({ 'X-API-Key': 'cex_short' })],
        ['a key without the cex_ prefix', (key) => ({ 'X-API-Key': `abc_${key.slice(4)}` })],
        ['an unknown key of the right shape', () => ({ 'X-API-Key': `cex_${'A'.repeat(43)}` })],
        [
          'a Basic Authorization header',
          (key) => ({ Authorization: `Basic ${Buffer.from(key).toString('base64')}` }),
        ],
        ['a bearer token with two parts', (key) => ({ Authorization: `Bearer ${key} extra` })],
        [
          'two different keys',
          (key) => ({ 'X-API-Key': key, Authorization: `Bearer cex_${'B'.repeat(43)}` }),
        ],
        [
          'the key with one character changed',
          (key) => ({ 'X-API-Key': `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` }),
        ],
      ];
      for (const [what, headers] of badCredentials) {
        it(`refuses ${what} with 401`, async () => {
          const response = await call(`${server.url}/api/explanations`, undefined, {
            headers: headers(pro.key),
          });
          await errorOf(response, 401, 'unauthorized');
          assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer /);
        });
      }

      it('authenticates before anything else: bad input, unknown routes and wrong methods are 401 without a key', async () => {
        await errorOf(
          await postJson(`${server.url}/api/explain`, undefined, { nope: 1 }),
          401,
          'unauthorized',
        );
        await errorOf(await call(`${server.url}/api/nope`, undefined), 401, 'unauthorized');
        await errorOf(await call(`${server.url}/API/explain`, undefined), 401, 'unauthorized');
        await errorOf(
          await call(`${server.url}/api/explain`, undefined, { method: 'PUT' }),
          401,
          'unauthorized',
        );
        await errorOf(await call(`${server.url}/api/openapi.json`, undefined), 401, 'unauthorized');
      });

      it('refuses a key whose account is on the free plan, saying the plan has no API access', async () => {
        const free = await createKeyedAccount(handle.store, 'free');
        const body = await errorOf(
          await call(`${server.url}/api/explanations`, free.key),
          401,
          'unauthorized',
        );
        assert.match(body.error.message, /free plan has no API access/);
      });

      it('refuses a revoked key within seconds', async () => {
        const account = await createKeyedAccount(handle.store, 'pro');
        assert.equal((await call(`${server.url}/api/explanations`, account.key)).status, 200);
        await createAccountService({ store: handle.store }).revokeKey(account.keyId);
        await waitFor(
          'the revocation to take effect',
          async () => {
            const response = await call(`${server.url}/api/explanations`, account.key);
            await response.arrayBuffer();
            return response.status === 401;
          },
          3000,
        );
      });

      it('follows a plan change to free within seconds', async () => {
        const account = await createKeyedAccount(handle.store, 'enterprise');
        assert.equal((await call(`${server.url}/api/explanations`, account.key)).status, 200);
        await createAccountService({ store: handle.store }).setPlan(account.email, 'free');
        await waitFor(
          'the downgrade to take effect',
          async () => {
            const response = await call(`${server.url}/api/explanations`, account.key);
            await response.arrayBuffer();
            return response.status === 401;
          },
          3000,
        );
      });
    });

    describe('POST /api/explain', () => {
      it("answers the engine's explanation plus the saved record's id and createdAt, and saves it", async () => {
        const response = await postJson(`${server.url}/api/explain`, pro.key, {
          code: SNIPPET,
          language: 'JS',
          mode: 'detailed',
          audience: 'beginner',
          focus: ['readability', 'security', 'readability'],
        });
        assert.equal(response.status, 200, await response.clone().text());
        assertRateHeaders(response);
        const body = explainResponseSchema.parse(await response.json());
        assert.ok(body.id, 'an id');
        assert.ok(body.createdAt, 'a createdAt');
        assert.ok(Math.abs(Date.parse(body.createdAt) - Date.now()) < 60_000, 'createdAt is now');
        assert.match(body.explanation, /add/);
        assert.ok(body.metadata.complexity.cyclomatic >= 2, 'the branch is counted');

        const direct = await testEngine().explain({
          code: SNIPPET,
          language: 'javascript',
          mode: 'detailed',
          audience: 'beginner',
          focus: ['readability', 'security'],
        });
        assert.deepEqual(
          { ...body, id: undefined, createdAt: undefined },
          { ...direct, id: undefined, createdAt: undefined },
        );

        const saved = await call(`${server.url}/api/explanations/${body.id}`, pro.key);
        assert.equal(saved.status, 200);
        assertRateHeaders(saved);
        const record = savedExplanationSchema.parse(await saved.json());
        assert.deepEqual(record, {
          id: body.id,
          createdAt: body.createdAt,
          language: 'javascript',
          mode: 'detailed',
          audience: 'beginner',
          focus: ['readability', 'security'],
          code: SNIPPET,
          explanation: body.explanation,
          sections: body.sections,
          suggestions: body.suggestions,
          metadata: body.metadata,
        });
      });

      it('applies the defaults', async () => {
        const response = await postJson(`${server.url}/api/explain`, enterprise.key, { code: 'x = 1' });
        const body = explainResponseSchema.parse(await response.json());
        const record = savedExplanationSchema.parse(
          await (await call(`${server.url}/api/explanations/${body.id}`, enterprise.key)).json(),
        );
        assert.deepEqual(
          [record.language, record.mode, record.audience, record.focus],
          ['javascript', 'standard', 'intermediate', []],
        );
      });

      const invalid: [string, unknown, string[]][] = [
        ['a missing code', { mode: 'quick' }, ['code']],
        ['empty code', { code: '   ' }, ['code']],
        ['code that is not a string', { code: 42 }, ['code']],
        ['an unknown mode', { code: 'x', mode: 'fast' }, ['mode']],
        ['an unknown language', { code: 'x', language: 'cobol' }, ['language']],
        ['an unknown audience', { code: 'x', audience: 'kids' }, ['audience']],
        ['a bad focus area', { code: 'x', focus: ['security', 'speed'] }, ['focus[1]']],
        ['focus that is not an array', { code: 'x', focus: 'security' }, ['focus']],
        ['an unknown field', { code: 'x', extra: true }, ['extra']],
        [
          'several problems at once',
          { mode: 'fast', extra: 1, other: 2 },
          ['code', 'mode', 'extra', 'other'],
        ],
        ['an array body', [{ code: 'x' }], ['']],
        ['code over 100,000 characters', { code: 'x'.repeat(100_001) }, ['code']],
      ];
      for (const [what, body, paths] of invalid) {
        it(`answers 400 naming each offending path for ${what}`, async () => {
          const response = await postJson(`${server.url}/api/explain`, pro.key, body);
          const error = await errorOf(response, 400, 'invalid_request');
          assertRateHeaders(response);
          assert.deepEqual(new Set(error.error.details.map((d) => d.path)), new Set(paths));
        });
      }

      for (const [what, headers, body] of [
        ['a non-JSON content type', { 'Content-Type': 'text/plain' }, '{"code":"x"}'],
        ['a form body', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'code=x'],
        ['no content type', {}, undefined],
        ['malformed JSON', { 'Content-Type': 'application/json' }, '{"code": "x",'],
        ['a JSON string', { 'Content-Type': 'application/json' }, '"code"'],
        ['a JSON number', { 'Content-Type': 'application/json' }, '42'],
        [
          'a __proto__ key',
          { 'Content-Type': 'application/json' },
          '{"code":"x","__proto__":{"admin":true}}',
        ],
        [
          'invalid UTF-8',
          { 'Content-Type': 'application/json' },
          Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        ],
      ] as const) {
        it(`answers 400 for ${what}`, async () => {
          const response = await call(`${server.url}/api/explain`, pro.key, {
            method: 'POST',
            headers,
            body,
          });
          await errorOf(response, 400, 'invalid_request');
          assertRateHeaders(response);
        });
      }

      it('accepts application/*+json and a charset parameter', async () => {
        for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
          const response = await call(`${server.url}/api/explain`, pro.key, {
            method: 'POST',
            headers: { 'Content-Type': type },
            body: JSON.stringify({ code: 'x = 1', mode: 'quick' }),
          });
          assert.equal(response.status, 200, `${type}: ${await response.text()}`);
        }
      });

      it('answers 413 for a body over 1 MB, by Content-Length and when streamed', async () => {
        const big = JSON.stringify({ code: 'a'.repeat(1024 * 1024) });
        const declared = await call(`${server.url}/api/explain`, pro.key, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: big,
        });
        await errorOf(declared, 413, 'payload_too_large');
        assertRateHeaders(declared);

        const chunks = [big.slice(0, 600_000), big.slice(600_000)];
        const streamed = await call(`${server.url}/api/explain`, pro.key, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: new ReadableStream({
            pull(controller) {
              const next = chunks.shift();
              if (next === undefined) controller.close();
              else controller.enqueue(new TextEncoder().encode(next));
            },
          }),
          duplex: 'half',
        } as RequestInit);
        await errorOf(streamed, 413, 'payload_too_large');
      });

      describe('Content-Encoding', () => {
        const json = Buffer.from(JSON.stringify({ code: SNIPPET, mode: 'quick' }));
        const gzipped = gzipSync(json);
        const encoded = (encoding: string, body: Buffer) =>
          call(`${server.url}/api/explain`, pro.key, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
            body,
          });

        it('decodes gzip, deflate and br, whatever the case of the coding', async () => {
          for (const [encoding, body] of [
            ['gzip', gzipped],
            ['GZip', gzipped],
            ['deflate', deflateSync(json)],
            ['br', brotliCompressSync(json)],
            ['identity', json],
          ] as const) {
            const response = await encoded(encoding, body);
            const text = await response.text();
            assert.equal(response.status, 200, `${encoding}: ${text}`);
            explainResponseSchema.parse(JSON.parse(text));
          }
        });

        for (const encoding of ['compress', 'x-foo', 'gzip, br', 'zstd']) {
          it(`answers 415 for Content-Encoding: ${encoding}, naming the ones it decodes`, async () => {
            const response = await encoded(encoding, gzipped);
            const body = await errorOf(response, 415, 'unsupported_media_type');
            assert.match(body.error.message, /Content-Encoding .* is not supported/);
            assert.equal(response.headers.get('accept-encoding'), 'gzip, deflate, br');
            assertRateHeaders(response);
          });
        }

        for (const [what, encoding, body] of [
          ['gzip that is not gzip', 'gzip', json],
          ['truncated gzip', 'gzip', gzipped.subarray(0, gzipped.length - 8)],
          ['an empty gzip body', 'gzip', Buffer.alloc(0)],
          ['deflate that is not deflate', 'deflate', json],
          ['br that is not br', 'br', json],
          ['gzip of something other than JSON', 'gzip', gzipSync('not json')],
        ] as const) {
          it(`answers 400 for ${what}`, async () => {
            const response = await encoded(encoding, body);
            const error = await errorOf(response, 400, 'invalid_request');
            assert.deepEqual(
              error.error.details.map((d) => d.path),
              [''],
            );
            assertRateHeaders(response);
          });
        }

        it('answers 413 for a small gzip body that decodes to over 1 MB', async () => {
          const bomb = gzipSync(JSON.stringify({ code: 'a'.repeat(2 * 1024 * 1024) }));
          assert.ok(bomb.length < 10_000);
          await errorOf(await encoded('gzip', bomb), 413, 'payload_too_large');
          assert.equal((await call(`${server.url}/healthz`, undefined)).status, 200);
        });
      });

      it('survives a lying Content-Length and a deeply nested body', async () => {
        const short = await rawRequest(server.url, {
          method: 'POST',
          path: '/api/explain',
          headers: { 'X-API-Key': pro.key, 'Content-Type': 'application/json', 'Content-Length': '5' },
          body: '{"code":"x"}',
        });
        assert.equal(short.status, 400, short.body);
        const deep = '['.repeat(200_000) + ']'.repeat(200_000);
        const response = await call(`${server.url}/api/explain`, pro.key, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: `{"code":"x","focus":${deep}}`,
        });
        await errorOf(response, 400, 'invalid_request');
        assert.equal((await call(`${server.url}/healthz`, undefined)).status, 200);
      });

      it('answers 500 internal_error without leaking the cause, and keeps serving', async () => {
        const response = await postJson(`${failing.url}/api/explain`, pro.key, { code: 'FAIL_HERE' });
        const text = await response.clone().text();
        const body = await errorOf(response, 500, 'internal_error');
        assert.equal(body.error.message, 'internal error');
        assert.deepEqual(body.error.details, []);
        for (const secret of [pro.key, 'SELECT', 'engine failed', 'at ', '.ts']) {
          assert.ok(!text.includes(secret), `the body leaks "${secret}": ${text}`);
        }
        assert.equal((await postJson(`${failing.url}/api/explain`, pro.key, { code: 'x = 1' })).status, 200);
        // The log has the cause (for operators), without the key.
        const logged = failing.logs.find((line) => line.includes('request failed')) ?? '';
        assert.match(logged, new RegExp(body.error.requestId));
        assert.ok(!failing.logs.join('\n').includes(pro.key), 'the key reached the log');
      });
    });

    describe('GET /api/explanations', () => {
      let owner: KeyedAccount;
      let other: KeyedAccount;

      before(async () => {
        owner = await createKeyedAccount(handle.store, 'pro');
        other = await createKeyedAccount(handle.store, 'pro');
        const base = Date.UTC(2026, 0, 1);
        const languages = ['python', 'go', 'rust'] as const;
        const inputs = Array.from({ length: 240 }, (_, i) => ({
          language: languages[i % 3]!,
          mode: MODES[i % 4]!,
          audience: 'expert' as const,
          focus: [],
          code: `record ${i}`,
          explanation: `explanation ${i}`,
          sections: [],
          suggestions: [],
          metadata: { tokens: i, complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 } },
          createdAt: new Date(base + i * 1000),
        }));
        for (let i = 0; i < inputs.length; i += 40) {
          await Promise.all(
            inputs.slice(i, i + 40).map((input) => handle.store.saveExplanation(owner.accountId, input)),
          );
        }
        await handle.store.saveExplanation(other.accountId, { ...inputs[0]!, code: 'not yours' });
      });

      async function list(key: string, query: string) {
        const response = await call(`${server.url}/api/explanations${query}`, key);
        assert.equal(response.status, 200, await response.clone().text());
        assertRateHeaders(response);
        return listResponseSchema.parse(await response.json());
      }

      it('pages the account’s history newest first, with totals, defaults 10 per page', async () => {
        const first = await list(owner.key, '');
        assert.deepEqual([first.page, first.limit, first.total, first.totalPages], [1, 10, 240, 24]);
        assert.deepEqual(
          first.items.map((i) => i.codePreview),
          Array.from({ length: 10 }, (_, i) => `record ${239 - i}`),
        );
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = await list(owner.key, `?page=${page}&limit=100`);
          assert.equal(body.totalPages, 3);
          seen.push(...body.items.map((i) => i.codePreview));
        }
        assert.deepEqual(
          seen,
          Array.from({ length: 240 }, (_, i) => `record ${239 - i}`),
        );
        const item = first.items[0]!;
        assert.deepEqual(Object.keys(item).sort(), [
          'audience',
          'codeLines',
          'codePreview',
          'createdAt',
          'explanation',
          'focus',
          'id',
          'language',
          'metadata',
          'mode',
          'suggestionCount',
        ]);
      });

      it('filters by language and mode (aliases and any case accepted)', async () => {
        const python = await list(owner.key, '?language=PY&limit=100');
        assert.equal(python.total, 80);
        assert.ok(
          python.items.every((i) => i.language === 'python'),
          'only python records',
        );
        const both = await list(owner.key, '?language=go&mode=quick&limit=100');
        assert.equal(both.total, 240 / 12);
        assert.ok(
          both.items.every((i) => i.language === 'go' && i.mode === 'quick'),
          'only go/quick records',
        );
        const none = await list(owner.key, '?language=java');
        assert.deepEqual([none.total, none.totalPages, none.items], [0, 0, []]);
      });

      it('walks the whole history by nextCursor, each record once, numbering the pages', async () => {
        for (const filter of ['', '&language=go', '&language=go&mode=standard']) {
          const expected = Array.from({ length: 240 }, (_, i) => 239 - i)
            .filter((i) => filter === '' || (i % 3 === 1 && (!filter.includes('mode') || i % 4 === 1)))
            .map((i) => `record ${i}`);
          const seen: string[] = [];
          let query = `?limit=25${filter}`;
          for (let page = 1; ; page++) {
            const body = await list(owner.key, query);
            assert.equal(body.page, page);
            assert.equal(body.total, expected.length);
            seen.push(...body.items.map((i) => i.codePreview));
            if (body.nextCursor === null) break;
            assert.equal(typeof body.nextCursor, 'string');
            // The next page by number is the same page.
            const byNumber = await list(owner.key, `?limit=25${filter}&page=${page + 1}`);
            const byCursor = await list(owner.key, `?limit=25${filter}&cursor=${body.nextCursor}`);
            assert.deepEqual(byCursor.items, byNumber.items);
            query = `?limit=25${filter}&cursor=${body.nextCursor}`;
          }
          assert.deepEqual(seen, expected, filter);
          assert.equal(seen.length <= 240, true);
        }
      });

      it('hands out no cursor on a full last page', async () => {
        const last = await list(owner.key, '?limit=40&page=6');
        assert.equal(last.items.length, 40);
        assert.equal(last.nextCursor, null);
        const before = await list(owner.key, '?limit=40&page=5');
        assert.equal(typeof before.nextCursor, 'string');
      });

      it('answers 200 with no items for a page past the end', async () => {
        const body = await list(owner.key, '?page=99&limit=50');
        assert.deepEqual([body.items, body.page, body.total, body.totalPages], [[], 99, 240, 5]);
      });

      it('shows each account only its own records', async () => {
        const theirs = await list(other.key, '?limit=100');
        assert.deepEqual(
          theirs.items.map((i) => i.codePreview),
          ['not yours'],
        );
        const mine = await list(owner.key, '?limit=100');
        assert.ok(
          !mine.items.some((i) => i.codePreview === 'not yours'),
          "another account's record is listed",
        );
      });

      for (const [query, paths] of [
        ['?page=1&page=2', ['page']],
        ['?mode[$ne]=x', ['mode[$ne]']],
        ['?mode=fast', ['mode']],
        ['?language=cobol', ['language']],
        ['?limit=0', ['limit']],
        ['?limit=101', ['limit']],
        ['?page=0', ['page']],
        ['?page=abc&limit=1.5', ['page', 'limit']],
        ['?sort=createdAt', ['sort']],
        ['?language[]=go', ['language[]']],
        ['?cursor=abc', ['cursor']],
        ['?cursor=a&cursor=b', ['cursor']],
        ['?cursor=%2B%2F', ['cursor']],
        [`?cursor=${Buffer.from('{"t":1,"id":"x","p":2,"more":1}').toString('base64url')}`, ['cursor']],
        [`?cursor=${Buffer.from('{"t":1,"id":"{$ne:1}","p":2}').toString('base64url')}`, ['cursor']],
        [`?page=2&cursor=${encodeListCursor({ createdAt: new Date(0), id: 'abc', page: 2 })}`, ['cursor']],
      ] as const) {
        it(`answers 400 for ${query}, naming ${paths.join(', ')}`, async () => {
          const response = await call(`${server.url}/api/explanations${query}`, owner.key);
          const error = await errorOf(response, 400, 'invalid_request');
          assertRateHeaders(response);
          assert.deepEqual(new Set(error.error.details.map((d) => d.path)), new Set(paths));
        });
      }
    });

    describe('GET and DELETE /api/explanations/:id', () => {
      it("reads and deletes the caller's own record; someone else's is a 404", async () => {
        const created = explainResponseSchema.parse(
          await (
            await postJson(`${server.url}/api/explain`, pro.key, { code: 'y = 2', language: 'python' })
          ).json(),
        );
        const path = `${server.url}/api/explanations/${created.id}`;
        const intruder = await createKeyedAccount(handle.store, 'enterprise');

        const peek = await call(path, intruder.key);
        const peekBody = await errorOf(peek, 404, 'not_found');
        assertRateHeaders(peek);
        await errorOf(await call(path, intruder.key, { method: 'DELETE' }), 404, 'not_found');
        const unknownId = created.id!.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
        const unknown = await errorOf(
          await call(`${server.url}/api/explanations/${unknownId}`, pro.key),
          404,
          'not_found',
        );
        assert.equal(peekBody.error.message, unknown.error.message, 'no hint that the record exists');

        assert.equal((await call(path, pro.key)).status, 200);
        const deleted = await call(path, pro.key, { method: 'DELETE' });
        assert.equal(deleted.status, 204);
        assert.equal(await deleted.text(), '');
        assertRateHeaders(deleted);
        await errorOf(await call(path, pro.key), 404, 'not_found');
        await errorOf(await call(path, pro.key, { method: 'DELETE' }), 404, 'not_found');
      });

      it('answers 400 for a malformed id', async () => {
        const response = await call(
          `${server.url}/api/explanations/${encodeURIComponent('{"$ne":null}')}`,
          pro.key,
        );
        const error = await errorOf(response, 400, 'invalid_request');
        assert.deepEqual(
          error.error.details.map((d) => d.path),
          ['id'],
        );
      });
    });

    describe('routes and methods', () => {
      it('answers 404 JSON for unknown routes, inside /api (after authentication) and outside', async () => {
        const inside = await call(`${server.url}/api/nope`, pro.key);
        await errorOf(inside, 404, 'not_found');
        assertRateHeaders(inside);
        await errorOf(await call(`${server.url}/API/explanations`, pro.key), 404, 'not_found');
        // `/` is the dashboard's (it sends a visitor to sign in); other paths outside /api stay 404 JSON.
        const home = await call(`${server.url}/`, undefined, { redirect: 'manual' });
        assert.equal(home.status, 303);
        assert.equal(home.headers.get('location'), '/sign-in');
        await errorOf(await call(`${server.url}/nope`, undefined), 404, 'not_found');
        await errorOf(await call(`${server.url}/sign-in/more`, undefined), 404, 'not_found');
        await errorOf(await call(`${server.url}/healthz/more`, undefined), 404, 'not_found');
      });

      for (const [method, path, allow] of [
        ['PUT', '/api/explain', 'POST'],
        ['GET', '/api/explain', 'POST'],
        ['POST', '/api/explanations', 'HEAD, GET'],
        ['PATCH', '/api/explanations/abc', 'HEAD, GET, DELETE'],
        ['DELETE', '/api/openapi.json', 'HEAD, GET'],
        ['POST', '/healthz', 'HEAD, GET'],
      ] as const) {
        it(`answers 405 with Allow for ${method} ${path}`, async () => {
          const key = path.startsWith('/api') ? pro.key : undefined;
          const response = await call(`${server.url}${path}`, key, { method });
          await errorOf(response, 405, 'method_not_allowed');
          assert.deepEqual(
            new Set((response.headers.get('allow') ?? '').split(/,\s*/)),
            new Set(allow.split(', ')),
          );
          if (key) assertRateHeaders(response);
        });
      }

      it('answers requests that HTTP parsing refuses with the contract error body', async () => {
        const send = (raw: string) =>
          new Promise<string>((resolve, reject) => {
            const { hostname, port } = new URL(server.url);
            const socket = connect(Number(port), hostname, () => socket.end(raw));
            let text = '';
            socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            socket.on('end', () => resolve(text));
            socket.on('error', reject);
          });
        for (const [raw, status] of [
          ['NONSENSE\r\n\r\n', '400'],
          [`GET /api/explanations HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, '431'],
        ] as const) {
          const text = await send(raw);
          assert.match(text, new RegExp(`^HTTP/1.1 ${status} `));
          const body = errorBodySchema.parse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));
          assert.equal(body.error.code, 'invalid_request');
        }
        assert.equal((await call(`${server.url}/healthz`, undefined)).status, 200);
      });

      it('sends back a sane X-Request-Id given by the caller, and makes one otherwise', async () => {
        const given = await call(`${server.url}/api/explanations`, pro.key, {
          headers: { 'X-Request-Id': 'trace-123' },
        });
        assert.equal(given.headers.get('x-request-id'), 'trace-123');
        const made = await call(`${server.url}/api/explanations`, pro.key, {
          headers: { 'X-Request-Id': 'bad id!' },
        });
        assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
      });
    });

    describe('GET /healthz', () => {
      it('reports the stores in use without a key', async () => {
        const response = await call(`${server.url}/healthz`, undefined);
        assert.equal(response.status, 200);
        const body = healthResponseSchema.parse(await response.json());
        assert.deepEqual(
          body,
          backend === 'mongo+redis'
            ? {
                status: 'ok',
                engine: 'up',
                mongodb: 'up',
                redis: 'up',
                store: 'mongodb',
                rateLimits: 'redis',
              }
            : {
                status: 'ok',
                engine: 'up',
                mongodb: 'unused',
                redis: 'unused',
                store: 'embedded',
                rateLimits: 'memory',
              },
        );
        assert.equal(response.headers.get('x-ratelimit-limit'), null);
      });
    });

    describe('GET /api/openapi.json', () => {
      it('serves an OpenAPI 3.1 document generated from the contract', async () => {
        const response = await call(`${server.url}/api/openapi.json`, pro.key);
        assert.equal(response.status, 200);
        assertRateHeaders(response);
        // zod-openapi output, navigated loosely.
        const doc = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        assert.equal(doc.openapi, '3.1.0');
        assert.deepEqual(Object.keys(doc.paths).sort(), [
          '/api/explain',
          '/api/explanations',
          '/api/explanations/{id}',
          '/api/openapi.json',
          '/api/usage',
          '/healthz',
        ]);
        const request = doc.paths['/api/explain'].post.requestBody.content['application/json'].schema;
        assert.deepEqual(request.required, ['code']);
        assert.equal(request.additionalProperties, false);
        assert.deepEqual(request.properties.mode.enum, [...MODES]);
        assert.deepEqual(request.properties.focus.items.enum, [...FOCUS_AREAS]);
        const query = doc.paths['/api/explanations'].get.parameters.map((p: { name: string }) => p.name);
        assert.deepEqual(query.sort(), ['cursor', 'language', 'limit', 'mode', 'page']);
        assert.ok(doc.paths['/api/explanations/{id}'].delete.responses['204'], 'DELETE documents its 204');
        const usage = doc.paths['/api/usage'].get;
        assert.deepEqual(usage.parameters.map((p: { name: string }) => p.name).sort(), [
          'from',
          'granularity',
          'keyId',
          'to',
        ]);
        const report = usage.responses['200'].content['application/json'].schema;
        assert.deepEqual(report.properties.buckets.items.properties.outcomes.required.sort(), [
          '2xx',
          '429',
          '4xx',
          '5xx',
        ]);
        assert.ok(usage.responses['404'], 'an unknown keyId is documented');
        assert.ok(doc.components.securitySchemes.apiKey, 'the API key scheme is documented');
        // Per-unit increments are part of the documented response.
        const explained = doc.paths['/api/explain'].post.responses['200'].content['application/json'].schema;
        const unit = explained.properties.metadata.properties.units.items;
        const increments = unit.properties.increments;
        assert.match(increments.description, /sum/);
        assert.deepEqual(increments.items.properties.metric.enum, ['cognitive', 'cyclomatic']);
        assert.deepEqual(increments.items.required.sort(), ['line', 'metric', 'points', 'reason']);
      });
    });

    describe('logs', () => {
      it('log every request with its id and never a key', async () => {
        const response = await call(`${server.url}/api/explanations/${pro.key}`, undefined, {
          headers: { Authorization: `Bearer ${pro.key}`, 'X-Request-Id': 'log-check-1' },
        });
        assert.equal(response.status, 400);
        await call(`${server.url}/api/explanations?key=${pro.key}`, undefined, {
          headers: { 'X-API-Key': pro.key },
        });
        await call(`${server.url}/api/explanations`, undefined, { headers: { 'X-Request-Id': pro.key } });
        const line = server.logs
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.requestId === 'log-check-1');
        assert.ok(line, 'the request was logged with its id');
        assert.equal(line.status, 400);
        const all = server.logs.join('\n');
        for (const account of [pro, enterprise]) {
          assert.ok(!all.includes(account.key), 'a key reached the log');
          assert.ok(!all.includes(account.key.slice(12)), 'the secret part of a key reached the log');
        }
      });
    });
  });
}

describe('when MongoDB and Redis stop answering', function () {
  this.timeout(60_000);

  it('reports them down on /healthz (503) and answers 503 store_unavailable on /api without leaking', async () => {
    const handle = await openTestStore('mongo', 'down');
    const limiter = await openTestLimiter('redis');
    const server = await startServer({ store: handle.store, limiter });
    try {
      const account = await createKeyedAccount(handle.store, 'pro');
      assert.equal((await call(`${server.url}/api/explanations`, account.key)).status, 200);
      await handle.store.close();
      await limiter.close();

      const health = await call(`${server.url}/healthz`, undefined);
      assert.equal(health.status, 503);
      assert.deepEqual(healthResponseSchema.parse(await health.json()), {
        status: 'unavailable',
        engine: 'up',
        mongodb: 'down',
        redis: 'down',
        store: 'mongodb',
        // A closed limiter no longer uses Redis.
        rateLimits: 'memory',
      });

      // A key not yet cached needs the database: a 503 that says so, and nothing of the cause.
      const fresh = `cex_${'Z'.repeat(43)}`;
      const response = await call(`${server.url}/api/explanations`, fresh);
      const text = await response.clone().text();
      const body = await errorOf(response, 503, 'store_unavailable');
      assert.equal(response.headers.get('retry-after'), '1');
      assert.match(body.error.message, /database is not answering/);
      for (const leak of ['mongo', 'Mongo', 'client', 'find', 'prefix', fresh, 'at ']) {
        assert.ok(!text.includes(leak), `the body leaks "${leak}": ${text}`);
      }
    } finally {
      await server.close();
      await handle.dispose();
    }
  });
});
