/**
 * The engine pool behind the API, over real HTTP: an input that breaks the
 * parser is a 422 and nothing else, and a full queue is a 503 with
 * Retry-After. Embedded store and in-process limits: no services needed.
 */
import assert from 'node:assert/strict';
import { errorBodySchema, explainResponseSchema, healthResponseSchema } from '@code-explain/shared';
import { createEnginePool } from '../../src/engine/pool/pool.js';
import type { RateLimiter } from '../../src/limits/limiter.js';
import {
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

/** The reported body: tree-sitter's Java parser aborts its WebAssembly runtime on it. */
const TRAP_BODY = { code: `${'x=>'.repeat(5000)}1`, language: 'java' };
const SNIPPET = 'class Greeter {\n  String greet(String name) {\n    return "Hello, " + name;\n  }\n}\n';

async function errorOf(response: Response, status: number) {
  const text = await response.text();
  assert.equal(response.status, status, text);
  const body = errorBodySchema.parse(JSON.parse(text));
  assert.equal(body.error.requestId, response.headers.get('x-request-id'));
  return body.error;
}

describe('the engine pool behind the API', function () {
  this.timeout(120_000);
  let handle: StoreHandle;
  let limiter: RateLimiter;
  let server: TestServer;
  let account: KeyedAccount;

  before(async () => {
    handle = await openTestStore('embedded', 'engine-pool');
    limiter = await openTestLimiter('memory');
    server = await startServer({ store: handle.store, limiter });
    account = await createKeyedAccount(handle.store, 'pro');
  });

  after(async () => {
    await server?.close();
    await limiter?.close();
    await handle?.dispose();
  });

  it('answers the input that crashes the parser with 422, then explains the next request and reports the engine up', async () => {
    const restarts = testEngine().stats().restarts;
    const error = await errorOf(await postJson(`${server.url}/api/explain`, account.key, TRAP_BODY), 422);
    // Which ends it first depends on the machine: the runtime's abort, or the 5 s deadline.
    if (error.code === 'analysis_failed') assert.match(error.message, /^the parser crashed on this input; /);
    else {
      assert.equal(error.code, 'analysis_timeout');
      assert.match(error.message, /within 5000 ms .*smaller snippet/);
    }
    assert.deepEqual(error.details, []);
    assert.equal(testEngine().stats().restarts, restarts + 1, 'its worker was replaced');

    const explained = await postJson(`${server.url}/api/explain`, account.key, {
      code: SNIPPET,
      language: 'java',
    });
    assert.equal(explained.status, 200, await explained.clone().text());
    const body = explainResponseSchema.parse(await explained.json());
    assert.match(body.explanation, /greet/);

    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200);
    assert.equal(healthResponseSchema.parse(await health.json()).engine, 'up');
  });

  it('answers 503 overloaded with Retry-After while the only worker is busy and nothing may wait', async () => {
    // Seconds of parsing (about 1.6 s on an idle machine of this kind, longer under load) that only the
    // pool's deadline stops.
    const slowBody = { code: `${'x=>'.repeat(2000)}1`, language: 'java' };
    const engine = createEnginePool({ workers: 1, maxQueue: 0, timeoutMs: 1000, parseTimeoutMs: 600_000 });
    const busy = await startServer({ store: handle.store, limiter, engine });
    try {
      await engine.ready();
      const slow = postJson(`${busy.url}/api/explain`, account.key, slowBody);
      await waitFor('the worker to take the slow analysis', async () => engine.stats().busy === 1);

      const refused = await postJson(`${busy.url}/api/explain`, account.key, {
        code: SNIPPET,
        language: 'java',
      });
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.equal((await errorOf(refused, 503)).code, 'overloaded');

      const stopped = await errorOf(await slow, 422);
      assert.equal(stopped.code, 'analysis_timeout');
      assert.match(stopped.message, /within 1000 ms/);
    } finally {
      await busy.close();
      await engine.dispose();
    }
  });
});
