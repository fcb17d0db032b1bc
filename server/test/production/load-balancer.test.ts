/**
 * Three instances of the service (main.ts as a process, NODE_ENV=production,
 * TRUST_PROXY=true, SHUTDOWN_DRAIN_MS set) behind Debian's HAProxy on loopback, which checks
 * each one's /healthz, sharing the suite's
 * Redis and one FerretDB database, as docs/operations.md describes the
 * production topology. Through the balancer:
 * - the plan's quota holds exactly across instances under 300 concurrent
 *   requests, and usage counts them exactly;
 * - a rolling restart (SIGTERM one instance, start it again, wait for its
 *   /healthz, next) under a steady load fails no request, and every answered
 *   one is saved and counted: each instance drains (its /healthz answers 503
 *   while it still serves) until HAProxy has taken it out, so none meets a closing port;
 * - an instance stopped for good with SIGTERM loses nothing; one killed with
 *   SIGKILL loses no answered explanation, fails only POSTs that were in flight
 *   on it, and no GET.
 *
 * The instances get generous Redis and store deadlines: on this loaded
 * two-core machine a command can wait longer than the production defaults
 * (250 ms, 800 ms), and falling back to per-instance counting is what the
 * outage tests cover, not this one.
 */
import assert from 'node:assert/strict';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainResponseSchema } from '@code-explain/shared';
import type { Store } from '../../src/store/types.js';
import {
  createKeyedAccount,
  openTestStore,
  uriWithDatabase,
  type KeyedAccount,
  type StoreHandle,
} from '../http/support/harness.js';
import { serviceUrls } from '../http/support/environment.js';
import { cleanEnv, REPO_ROOT, TSX_NODE_ARGS } from '../http/support/processes.js';
import { HAPROXY, Haproxy } from './support/haproxy.js';
import { ServiceProcess } from './support/process.js';

const SNIPPET = { code: 'def add(a, b):\n    return a + b\n', language: 'python' };
const PRO_QUOTA = 100;
const USAGE_FLUSH_MS = 500;
/** HAProxy's health-check interval; one failed check takes an instance out. */
const CHECK_INTERVAL_MS = 250;
/** Many check intervals: on this loaded machine a check can wait for an instance's event loop. */
const DRAIN_MS = 3000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One instance on a fixed port, so the balancer's configuration stays as it is across restarts. */
class Instance {
  private process: ServiceProcess | undefined;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Starts main.ts and waits until its own /healthz answers 200 (engine, MongoDB and Redis up). */
  async start(): Promise<void> {
    const child = new ServiceProcess(process.execPath, [...TSX_NODE_ARGS, 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...this.env, PORT: String(this.port) },
    });
    this.process = child;
    const listening = await child.line((l) => l.port === this.port && typeof l.url === 'string', 120_000);
    assert.equal(listening.transport, 'behind-proxy');
    await until(`instance ${this.address} /healthz`, async () => {
      const response = await fetch(`http://${this.address}/healthz`).catch(() => undefined);
      return response?.status === 200;
    });
  }

  /** Sends the signal and waits for the process to end; returns its exit code. */
  async stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null> {
    const child = this.process;
    if (!child) return null;
    this.process = undefined;
    child.signal(signal);
    const code = await Promise.race([child.exited, sleep(60_000).then(() => 'hung' as const)]);
    if (code === 'hung') {
      child.kill();
      throw new Error(`instance ${this.address} did not stop after ${signal}: ${child.errors}`);
    }
    return code;
  }

  kill(): void {
    this.process?.kill();
    this.process = undefined;
  }

  errors(): string {
    return this.process?.errors ?? '';
  }
}

interface Outcome {
  readonly method: 'POST' | 'GET';
  /** The HTTP status, or 0 when the request failed without one. */
  readonly status: number;
  readonly id?: string;
  readonly error?: string;
}

async function explain(url: string, key: string): Promise<Outcome> {
  try {
    const response = await fetch(`${url}/api/explain`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify(SNIPPET),
    });
    const text = await response.text();
    if (response.status !== 200) return { method: 'POST', status: response.status, error: text };
    const { id } = explainResponseSchema.parse(JSON.parse(text));
    return { method: 'POST', status: 200, id };
  } catch (error) {
    return { method: 'POST', status: 0, error: `${String(error)} (${String((error as Error).cause)})` };
  }
}

async function readBack(url: string, key: string, id: string): Promise<Outcome> {
  try {
    const response = await fetch(`${url}/api/explanations/${id}`, { headers: { 'X-API-Key': key } });
    const text = await response.text();
    return response.status === 200
      ? { method: 'GET', status: 200, id }
      : { method: 'GET', status: response.status, error: text };
  } catch (error) {
    return { method: 'GET', status: 0, error: String(error) };
  }
}

/**
 * A steady load through the balancer until stopped: `clients` loops, each an
 * explain and then a read of what it saved (on whichever instance the
 * balancer picks), one request at a time.
 */
function steadyLoad(url: string, key: string, clients: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const posted = await explain(url, key);
      outcomes.push(posted);
      if (posted.id !== undefined) outcomes.push(await readBack(url, key, posted.id));
    }
  });
  return {
    outcomes,
    /** Lets each loop finish its current request, then stops. */
    async stop(): Promise<Outcome[]> {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/**
 * Every saved explanation's id, read page by page. Not the list's `total`: that is a counter, and on
 * FerretDB concurrent updates from several instances lose some of its increments (store/mongo.ts).
 */
async function savedIds(store: Store, accountId: string): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const page = await store.listExplanations(accountId, {}, { skip: ids.length, limit: 100 });
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < 100) return ids;
  }
}

/** The account's usage, summed over its rows: counter name to count. */
async function usageOf(store: Store, accountId: string): Promise<Record<string, number>> {
  const hour = 3_600_000;
  const now = Date.now();
  const rows = await store.readUsage(accountId, {
    from: new Date(Math.floor(now / hour) * hour - hour),
    to: new Date(Math.floor(now / hour) * hour + 2 * hour),
  });
  const totals: Record<string, number> = {};
  for (const row of rows) {
    for (const [name, count] of Object.entries(row.counters)) totals[name] = (totals[name] ?? 0) + count;
    totals[`route:${row.route}`] = (totals[`route:${row.route}`] ?? 0) + (row.counters.o_2xx ?? 0);
  }
  return totals;
}

/** Waits until the instances have flushed `requests` counts, then checks nothing more arrives. */
async function settledUsage(
  store: Store,
  accountId: string,
  requests: number,
): Promise<Record<string, number>> {
  const total = (u: Record<string, number>) =>
    (u.o_2xx ?? 0) + (u.o_4xx ?? 0) + (u.o_429 ?? 0) + (u.o_5xx ?? 0);
  await until(`${requests} requests counted`, async () => total(await usageOf(store, accountId)) >= requests);
  // Two more flush periods: an over-count would show up here.
  await sleep(4 * USAGE_FLUSH_MS);
  return usageOf(store, accountId);
}

const tally = (outcomes: readonly Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[`${o.method} ${o.status}`] = (counts[`${o.method} ${o.status}`] ?? 0) + 1;
  return counts;
};

const failuresOf = (outcomes: readonly Outcome[]) => outcomes.filter((o) => o.status !== 200);

describe('three instances behind HAProxy', function () {
  this.timeout(900_000);
  let dir: string;
  let handle: StoreHandle;
  let store: Store;
  let instances: Instance[];
  let balancer: Haproxy;

  before(async function () {
    await access(HAPROXY).catch(() => {
      throw new Error(
        `${HAPROXY} is missing: run the tests through test/services/with-services.ts, which installs Debian's haproxy`,
      );
    });
    dir = await mkdtemp(join(tmpdir(), 'cex-lb-'));
    handle = await openTestStore('mongo', 'lb');
    store = handle.store;
    const { mongoUri, redisUrl } = serviceUrls();
    const env = cleanEnv({
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      MONGODB_URI: uriWithDatabase(mongoUri, handle.mongo!.dbName),
      REDIS_URL: redisUrl,
      RATE_LIMIT_PRO_PER_MINUTE: String(PRO_QUOTA),
      RATE_LIMIT_ENTERPRISE_PER_MINUTE: '1000000',
      ENGINE_WORKERS: '1',
      ENGINE_QUEUE_LIMIT: '1000',
      ENGINE_QUEUE_WAIT_MS: '120000',
      STORE_TIMEOUT_MS: '30000',
      REDIS_TIMEOUT_MS: '10000',
      USAGE_FLUSH_MS: String(USAGE_FLUSH_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'info',
    });
    const ports = new Set<number>();
    while (ports.size < 4) ports.add(await freePort());
    const [balancerPort, ...instancePorts] = [...ports];
    instances = instancePorts.map((port) => new Instance(port, env));
    // One at a time: three engine canaries and tsx compiles at once crowd two cores.
    for (const instance of instances) await instance.start();
    balancer = await Haproxy.start(dir, {
      port: balancerPort!,
      upstreams: instancePorts,
      checkIntervalMs: CHECK_INTERVAL_MS,
    });
    await until('HAProxy to see every instance up', async () => {
      const lines = balancer.accessLog().length;
      await Promise.all(instances.map(() => fetch(`${balancer.url}/healthz`)));
      const served = balancer.accessLog().slice(lines);
      return instances.every((i) => served.some((l) => l.server === i.address && l.status === 200));
    });
  });

  after(async () => {
    for (const instance of instances ?? []) instance.kill();
    await balancer?.stop();
    await handle?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds the plan quota exactly across instances: 300 concurrent explains, 100 answered, 200 refused, all counted', async () => {
    const account = await createKeyedAccount(store, 'pro');
    const before = balancer.accessLog().length;
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => explain(balancer.url, account.key)));

    assert.deepEqual(tally(outcomes), { 'POST 200': PRO_QUOTA, 'POST 429': 300 - PRO_QUOTA });
    // Every instance took its share: the count is shared, not per instance.
    // HAProxy writes a request's log line just after its response: wait for the last ones.
    await until('HAProxy to log the 300 requests', async () => balancer.accessLog().length >= before + 300);
    const served = balancer.accessLog().slice(before);
    assert.equal(served.length, 300);
    for (const instance of instances) {
      assert.ok(
        served.some((l) => l.server === instance.address && l.status === 200),
        `${instance.address} answered some 200s`,
      );
    }

    const ids = outcomes.flatMap((o) => (o.id === undefined ? [] : [o.id]));
    assert.equal(new Set(ids).size, PRO_QUOTA);
    const saved = await savedIds(store, account.accountId);
    assert.equal(saved.length, PRO_QUOTA);
    assert.deepEqual(new Set(saved), new Set(ids));

    const usage = await settledUsage(store, account.accountId, 300);
    // Refused requests are counted as 429s; only those let through reached validation and have a language.
    assert.deepEqual(
      [usage.o_2xx, usage.o_429, usage.o_4xx ?? 0, usage.o_5xx ?? 0, usage.l_python],
      [PRO_QUOTA, 300 - PRO_QUOTA, 0, 0, PRO_QUOTA],
    );
  });

  it('restarts every instance in turn (SIGTERM, start, /healthz) under steady load with zero failed requests', async () => {
    const account = await createKeyedAccount(store, 'enterprise');
    const before = balancer.accessLog().length;
    const load = steadyLoad(balancer.url, account.key, 6);
    await until('the load to start', async () => load.outcomes.length >= 20);

    for (const instance of instances) {
      const answeredBefore = load.outcomes.length;
      const changesBefore = balancer.serverChanges().length;
      const changes = () => balancer.serverChanges().slice(changesBefore);
      assert.equal(await instance.stop('SIGTERM'), 0, `${instance.address} exits 0 after SIGTERM`);
      // Its drain answered /healthz with 503 while it served: HAProxy took it out before it stopped listening.
      assert.deepEqual(changes(), [{ port: instance.port, state: 'DOWN' }]);
      // Requests keep coming while it is down; the balancer sends them to the other two.
      await until(
        'requests while one instance is down',
        async () => load.outcomes.length >= answeredBefore + 20,
      );
      await instance.start();
      await until(`HAProxy to put ${instance.address} back`, async () => changes().length === 2);
      assert.deepEqual(changes()[1], { port: instance.port, state: 'UP' });
      await until('requests after the restart', async () => load.outcomes.length >= answeredBefore + 40);
    }
    const outcomes = await load.stop();

    assert.deepEqual(failuresOf(outcomes), [], JSON.stringify(tally(outcomes)));
    const lines = balancer.accessLog().slice(before);
    assert.ok(
      lines.every((l) => l.status === 200),
      JSON.stringify(lines.filter((l) => l.status !== 200)),
    );
    // Every instance served again after its restart.
    for (const instance of instances) assert.ok(lines.some((l) => l.server === instance.address));
    await expectSavedAndCounted(account, outcomes);
  });

  it('loses nothing when an instance stops for good (SIGTERM) under steady load', async () => {
    const account = await createKeyedAccount(store, 'enterprise');
    const load = steadyLoad(balancer.url, account.key, 6);
    await until('the load to start', async () => load.outcomes.length >= 20);
    const stopped = instances[1]!;
    assert.equal(await stopped.stop('SIGTERM'), 0);
    const at = load.outcomes.length;
    await until('requests after the stop', async () => load.outcomes.length >= at + 40);
    const outcomes = await load.stop();
    await stopped.start();

    assert.deepEqual(failuresOf(outcomes), [], JSON.stringify(tally(outcomes)));
    await expectSavedAndCounted(account, outcomes);
  });

  it('an instance killed (SIGKILL) under load: every answered explanation is saved; only POSTs in flight on it fail, no GET', async () => {
    const account = await createKeyedAccount(store, 'enterprise');
    const load = steadyLoad(balancer.url, account.key, 6);
    await until('the load to start', async () => load.outcomes.length >= 20);
    const killed = instances[2]!;
    await killed.stop('SIGKILL');
    const at = load.outcomes.length;
    await until('requests after the kill', async () => load.outcomes.length >= at + 40);
    const outcomes = await load.stop();
    await killed.start();

    // A POST that reached the killed instance is not sent again (it may have been saved there): the client
    // gets 502, or, when it had gone over a connection HAProxy was reusing, its own connection closed without
    // an answer (as a server closing a keep-alive connection would); either way it decides.
    // At most one per client loop was in flight.
    const failed = failuresOf(outcomes);
    assert.ok(failed.length <= 6, JSON.stringify(failed));
    for (const failure of failed) {
      assert.equal(failure.method, 'POST', JSON.stringify(failure));
      assert.ok(
        failure.status === 502 || (failure.status === 0 && /other side closed/.test(failure.error ?? '')),
        JSON.stringify(failure),
      );
    }

    const answered = outcomes.filter((o) => o.method === 'POST' && o.id !== undefined);
    for (const o of answered)
      assert.ok(await store.getExplanation(account.accountId, o.id!), `${o.id} saved`);
    const saved = await savedIds(store, account.accountId);
    // Those that failed may or may not have been saved before the kill; none beyond them.
    assert.equal(new Set(saved).size, saved.length);
    assert.ok(saved.length >= answered.length && saved.length <= answered.length + failed.length);
    // Usage counts are buffered for USAGE_FLUSH_MS in each instance: the killed one's last are lost
    // (docs/operations.md says so); the others' all arrive, so never more than were answered.
    await sleep(4 * USAGE_FLUSH_MS);
    const usage = await usageOf(store, account.accountId);
    assert.ok((usage.o_2xx ?? 0) <= outcomes.length - failed.length);
    assert.ok((usage.o_2xx ?? 0) > 0);
  });

  /** Every answered explain is saved once; every answered request is counted exactly once. */
  async function expectSavedAndCounted(account: KeyedAccount, outcomes: readonly Outcome[]): Promise<void> {
    const posts = outcomes.filter((o) => o.method === 'POST');
    const gets = outcomes.filter((o) => o.method === 'GET');
    assert.ok(posts.length > 0 && gets.length === posts.length);
    const saved = await savedIds(store, account.accountId);
    // Each answered explain saved, and nothing else: none twice, none unanswered.
    assert.deepEqual(saved.sort(), posts.map((o) => o.id!).sort());

    const usage = await settledUsage(store, account.accountId, outcomes.length);
    assert.deepEqual(
      [
        usage.o_2xx,
        usage.o_4xx ?? 0,
        usage.o_429 ?? 0,
        usage.o_5xx ?? 0,
        usage['route:POST /api/explain'],
        usage['route:GET /api/explanations/:id'],
      ],
      [outcomes.length, 0, 0, 0, posts.length, gets.length],
    );
  }
});
