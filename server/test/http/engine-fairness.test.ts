/**
 * The engine shared fairly among accounts, over real HTTP with the real
 * engine in a pool of two workers: one account sends inputs that run to the
 * analysis deadline at its full concurrency (four loops, as the fairness
 * issue's attack did), another small explains meanwhile, and every small
 * explain succeeds. Each deadline-long analysis is charged to the account that
 * sent it, one request per started second of engine time. How long the small
 * explains wait is measured by `pnpm bench:service`, not asserted here.
 */
import assert from 'node:assert/strict';
import { createEnginePool, type EnginePool } from '../../src/engine/pool/pool.js';
import {
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  waitFor,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

/** The analysis deadline of this test's pool. */
const DEADLINE_MS = 1500;
/** How long an analysis may wait for a worker: shorter than two deadlines, so waiting behind the heavy ones fails. */
const QUEUE_WAIT_MS = 2500;

/**
 * JavaScript the engine takes far longer than the deadline over (a request
 * handler querying a database with each of 3,000 request fields; 9 s in
 * process on the machine this was written on).
 */
const DEADLINE_LONG = (
  'function handler(req, res) {\n' +
  Array.from({ length: 3000 }, (_, i) => `  const q${i} = "SELECT " + req.body.a${i}; db.query(q${i});`).join(
    '\n',
  )
).slice(0, 99_999);

const small = (i: number) => `function add${i}(a, b) {\n  return a + b + ${i};\n}\n`;

describe('the engine shared among accounts', function () {
  this.timeout(120_000);
  let handle: StoreHandle;
  let engine: EnginePool;
  let server: TestServer;

  before(async () => {
    handle = await openTestStore('embedded', 'fairness');
    engine = createEnginePool({ workers: 2, timeoutMs: DEADLINE_MS, maxQueueWaitMs: QUEUE_WAIT_MS });
    await engine.ready();
    server = await startServer({
      store: handle.store,
      limiter: await openTestLimiter('memory', { quotas: { pro: 10, enterprise: 100_000 } }),
      engine,
    });
  });

  after(async () => {
    await server?.close();
    await server?.limiter.close();
    await engine?.dispose();
    await handle?.dispose();
  });

  it('serves every small explain of one account while another sends deadline-long inputs at its full concurrency', async () => {
    const heavy = await createKeyedAccount(handle.store, 'enterprise');
    const light = await createKeyedAccount(handle.store, 'enterprise');
    let running = true;
    const heavyStatuses: number[] = [];
    const heavyLoop = async () => {
      while (running) {
        const response = await postJson(`${server.url}/api/explain`, heavy.key, { code: DEADLINE_LONG });
        await response.arrayBuffer();
        heavyStatuses.push(response.status);
      }
    };
    const loops = Array.from({ length: 4 }, heavyLoop);
    // Let the heavy account fill its share and the queue first.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const lightStatuses: { status: number; body: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const batch = await Promise.all(
        [0, 1].map(async (j) => {
          const response = await postJson(`${server.url}/api/explain`, light.key, { code: small(i * 2 + j) });
          return { status: response.status, body: await response.text() };
        }),
      );
      lightStatuses.push(...batch);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    running = false;
    await Promise.all(loops);

    assert.deepEqual(
      lightStatuses.filter((answer) => answer.status !== 200),
      [],
      'every small explain succeeds',
    );
    // The heavy account did meet the deadline, again and again; none of it was any other account's problem.
    assert.ok(heavyStatuses.filter((status) => status === 422).length >= 2, JSON.stringify(heavyStatuses));
    for (const status of heavyStatuses) assert.ok([422, 503].includes(status), `heavy: ${status}`);
  });

  it('charges an analysis stopped at the deadline as one request per started second of engine time', async () => {
    // Workers stopped at the deadline are replaced; on a loaded machine a new one takes longer to start than
    // an analysis may wait (`QUEUE_WAIT_MS`), and the answer would rightly be 503. What is charged is the
    // question here, so each request goes to a pool whose workers are all up.
    const allUp = () =>
      waitFor(
        'every worker of the pool to be up and idle',
        async () => {
          const stats = engine.stats();
          return stats.ready === stats.workers && stats.busy === 0 && stats.queued === 0;
        },
        60_000,
      );
    await allUp();
    const account = await createKeyedAccount(handle.store, 'pro');
    const response = await postJson(`${server.url}/api/explain`, account.key, { code: DEADLINE_LONG });
    const cost = Math.ceil(DEADLINE_MS / 1000);
    assert.equal(response.status, 422, await response.text());
    assert.equal(response.headers.get('x-ratelimit-cost'), String(cost));
    assert.equal(response.headers.get('x-ratelimit-remaining'), String(10 - cost));
    const window = await server.limiter.peek({ id: account.accountId, plan: 'pro' });
    assert.equal(window.used, cost);
    // A quick one costs one, and says nothing of cost.
    await allUp();
    const quick = await postJson(`${server.url}/api/explain`, account.key, { code: small(1) });
    assert.equal(quick.status, 200);
    assert.equal(quick.headers.get('x-ratelimit-cost'), null);
    assert.equal(quick.headers.get('x-ratelimit-remaining'), String(10 - cost - 1));
  });
});
