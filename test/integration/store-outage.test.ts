// The service while its MongoDB-wire server stops or freezes, with requests
// flowing: every answer is a 200 or a 503 store_unavailable (never a 500,
// never a hang), health says so, the service comes back by itself, and the
// saved history holds exactly the explanations that were answered 200.
// The database here is a FerretDB process this suite owns (not the shared one).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { healthResponseSchema } from '../../shared/src/health.js';
import { listResponseSchema } from '../../shared/src/list.js';
import type * as HarnessModule from '../../server/test/http/support/harness.js';
import type { KeyedAccount, TestServer } from '../../server/test/http/support/harness.js';
import type { GuardedStore } from '../../server/src/store/guard.js';
import { startOwnFerretDb, type OwnFerretDb } from '../services/own-ferretdb.js';

/** The production default (STORE_TIMEOUT_MS). */
const STORE_TIMEOUT_MS = 800;
/** Generous for a loaded machine, yet far below the outages below (which last many seconds). */
const ANSWER_BOUND_MS = 3000;

interface Outcome {
  readonly status: number;
  readonly code?: string;
  readonly id?: string;
  readonly ms: number;
  readonly retryAfter: string | null;
}

// The server's modules are loaded with import(): the harness reaches the test environment
// through a top-level await, which mocha's require() of this file cannot load synchronously
// (and loading some server modules one way and some the other would make two copies of them).
type Harness = typeof HarnessModule;

describe('the store stops or freezes while requests flow (own FerretDB)', function () {
  this.timeout(120_000);
  let harness: Harness;
  let ferret: OwnFerretDb;
  let store: GuardedStore;
  let server: TestServer;
  let account: KeyedAccount;
  const answered200 = new Set<string>();

  before(async () => {
    harness = await import('../../server/test/http/support/harness.js');
    const { createKeyedAccount, openTestLimiter, startServer } = harness;
    const { guardStore } = await import('../../server/src/store/guard.js');
    const { createMongoStore } = await import('../../server/src/store/mongo.js');
    ferret = await startOwnFerretDb();
    store = guardStore(
      await createMongoStore({ uri: ferret.uri, dbName: 'outage', serverSelectionTimeoutMS: 2000 }),
      {
        timeoutMs: STORE_TIMEOUT_MS,
      },
    );
    // Keys stay cached through the outage, so explains reach the save.
    server = await startServer({ store, limiter: await openTestLimiter('memory'), authCacheTtlMs: 120_000 });
    account = await createKeyedAccount(store, 'enterprise');
  });

  after(async () => {
    await server?.close();
    await store?.close().catch(() => undefined);
    await ferret?.dispose();
  });

  async function explain(i: number): Promise<Outcome> {
    const started = performance.now();
    const response = await harness.postJson(`${server.url}/api/explain`, account.key, {
      code: `function step${i}(x) {\n  return x + ${i};\n}\n`,
      language: 'javascript',
      mode: 'quick',
    });
    const ms = performance.now() - started;
    const body = (await response.json()) as { id?: string; error?: { code: string } };
    const outcome = {
      status: response.status,
      code: body.error?.code,
      id: body.id,
      ms,
      retryAfter: response.headers.get('retry-after'),
    };
    if (outcome.status === 200 && outcome.id) answered200.add(outcome.id);
    return outcome;
  }

  function assertOnly200Or503(outcomes: readonly Outcome[]): void {
    for (const o of outcomes) {
      assert.ok(
        o.status === 200 || (o.status === 503 && o.code === 'store_unavailable' && o.retryAfter === '1'),
        `unexpected answer ${o.status} ${o.code ?? ''}`,
      );
      assert.ok(o.ms < ANSWER_BOUND_MS, `an answer took ${Math.round(o.ms)} ms`);
    }
  }

  async function health() {
    const response = await harness.call(`${server.url}/healthz`, undefined);
    return { status: response.status, body: healthResponseSchema.parse(await response.json()) };
  }

  /** Every saved explanation of the account, through the API. */
  async function savedIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const response = await harness.call(
        `${server.url}/api/explanations?limit=100&page=${page}`,
        account.key,
      );
      assert.equal(response.status, 200, await response.clone().text());
      const body = listResponseSchema.parse(await response.json());
      for (const item of body.items) ids.add(item.id);
      if (page >= body.totalPages) return ids;
    }
  }

  async function assertHistoryMatchesAnswers(): Promise<void> {
    const saved = await savedIds();
    assert.deepEqual([...saved].sort(), [...answered200].sort(), 'saved = answered 200, exactly');
  }

  it('frozen (SIGSTOP): answers 503 store_unavailable promptly, health 503, then recovers with no stray saves', async () => {
    assertOnly200Or503(await Promise.all([0, 1, 2].map(explain)));
    assert.equal(answered200.size, 3);

    // Freeze while a burst is in flight: some saves are mid-way when the database stops answering.
    const burst = Array.from({ length: 16 }, (_, i) => sleep(i * 15).then(() => explain(100 + i)));
    await sleep(60);
    ferret.freeze();
    const during = await Promise.all(burst);
    assertOnly200Or503(during);
    assert.ok(
      during.some((o) => o.status === 503),
      'some requests met the frozen database',
    );

    // While frozen: fast 503s and an honest health check.
    const frozen = await Promise.all([200, 201, 202].map(explain));
    assertOnly200Or503(frozen);
    assert.ok(frozen.every((o) => o.status === 503));
    const sick = await health();
    assert.deepEqual([sick.status, sick.body.status, sick.body.mongodb], [503, 'unavailable', 'down']);
    await sleep(3000);

    ferret.thaw();
    await harness.waitFor(
      'health to recover after SIGCONT',
      async () => (await health()).status === 200,
      20_000,
    );
    assertOnly200Or503(await Promise.all([300, 301].map(explain)));
    // Late writes of the frozen moment have landed by now; none of them may show.
    await sleep(1500);
    await assertHistoryMatchesAnswers();
  });

  it('stopped (SIGKILL) and started again: 503 while it is gone, reconnects by itself', async () => {
    await ferret.kill();
    const gone = await Promise.all([400, 401, 402, 403].map(explain));
    assertOnly200Or503(gone);
    assert.ok(gone.every((o) => o.status === 503));
    const list = await harness.call(`${server.url}/api/explanations`, account.key);
    assert.equal(list.status, 503);
    assert.deepEqual([(await health()).status, (await health()).body.mongodb], [503, 'down']);

    await ferret.restart();
    await harness.waitFor(
      'health to recover after the restart',
      async () => (await health()).status === 200,
      30_000,
    );
    const back = await Promise.all([500, 501, 502].map(explain));
    assert.deepEqual(
      back.map((o) => o.status),
      [200, 200, 200],
    );
    await assertHistoryMatchesAnswers();
  });
});
