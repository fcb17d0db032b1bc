/**
 * A rule that throws, through real HTTP and a real engine worker: the answer
 * names the missing check in `metadata.notes`, and the request's log (with
 * its request id) gets the rule, the phase and the error's message.
 */
import assert from 'node:assert/strict';
import { explainResponseSchema } from '@code-explain/shared';
import { createEnginePool, type EnginePool } from '../../src/engine/pool/pool.js';
import { FAILING_RULE_ID } from '../engine/support/failing-rule.js';
import {
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

const WORKER = new URL('../engine/support/failing-rule-worker.ts', import.meta.url);

describe('a rule that throws, over HTTP', function () {
  this.timeout(60_000);
  let handle: StoreHandle;
  let engine: EnginePool;
  let server: TestServer;

  before(async () => {
    handle = await openTestStore('embedded', 'rulefailure');
    engine = createEnginePool({ workers: 1, workerUrl: WORKER });
    server = await startServer({ store: handle.store, limiter: await openTestLimiter('memory'), engine });
  });

  after(async () => {
    await server?.close();
    await server?.limiter.close();
    await engine?.dispose();
    await handle?.dispose();
  });

  it('answers with a note and logs the rule, phase and error with the request id', async () => {
    const account = await createKeyedAccount(handle.store, 'pro');
    const response = await postJson(`${server.url}/api/explain`, account.key, {
      code: 'function run(input) {\n  return eval(input);\n}\n',
      language: 'javascript',
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const body = explainResponseSchema.parse(JSON.parse(text));
    assert.deepEqual(body.metadata.notes, [
      `The check ${FAILING_RULE_ID} failed on this code, so its findings are left out.`,
    ]);
    assert.ok(
      body.suggestions.some((s) => s.rule === 'security/code-injection'),
      text,
    );
    assert.ok(!text.includes('TypeError'), 'the error reached the response');

    const requestId = response.headers.get('x-request-id');
    const logged = server.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'rule failed');
    assert.ok(logged, server.logs.join('\n'));
    assert.equal(logged.requestId, requestId);
    assert.equal(logged.rule, FAILING_RULE_ID);
    assert.equal(logged.phase, 'visit');
    assert.equal(logged.error, 'TypeError: cannot read properties of undefined (reading "name")');
    assert.equal(logged.level, 'warn');
  });
});
