/**
 * Rate limits while Redis is away, through real HTTP against a real
 * `redis-server` this test starts, kills, restarts, freezes (SIGSTOP) and
 * thaws: requests keep being served and counted in memory, /healthz says
 * `degraded`, and the limiter returns to Redis by itself, logging each switch
 * once.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { healthResponseSchema, type HealthResponse } from '@code-explain/shared';
import { Redis } from 'ioredis';
import { createLogger } from '../../src/logging.js';
import {
  call,
  createKeyedAccount,
  GENEROUS_QUOTAS,
  openTestLimiter,
  openTestStore,
  startServer,
  waitFor,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';
import { RedisProcess } from './support/redis-server.js';

const QUOTA = 3;
const TIMEOUT_MS = 250;
/**
 * How long a request may take while Redis is frozen. The requirement is a
 * bound (the command timeout, plus a margin); the margin is generous so a
 * loaded machine stays green, while a request waiting on the frozen Redis
 * would wait as long as the freeze lasts (until the test ends).
 */
const FROZEN_REQUEST_BOUND_MS = TIMEOUT_MS + 4000;
const NAMESPACE = `cex-outage-${process.pid}:ratelimit`;

type LogLine = { level?: string; msg?: string };

describe('rate limits while Redis is away', function () {
  this.timeout(60_000);
  let redis: RedisProcess;
  let handle: StoreHandle;
  let server: TestServer;
  const limiterLog: LogLine[] = [];

  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        limiterLog.push(JSON.parse(line) as LogLine);
      }
      callback();
    },
  });

  const switches = () => ({
    toMemory: limiterLog.filter(
      (l) => l.level === 'warn' && /counting requests in this process/.test(l.msg ?? ''),
    ).length,
    toRedis: limiterLog.filter((l) => l.level === 'info' && /Redis answers again/.test(l.msg ?? '')).length,
  });

  const health = async (): Promise<{ status: number; body: HealthResponse }> => {
    const response = await call(`${server.url}/healthz`, undefined);
    return { status: response.status, body: healthResponseSchema.parse(await response.json()) };
  };

  const DEGRADED: HealthResponse = {
    status: 'degraded',
    engine: 'up',
    mongodb: 'unused',
    redis: 'down',
    store: 'embedded',
    rateLimits: 'memory',
  };
  const OK: HealthResponse = { ...DEGRADED, status: 'ok', redis: 'up', rateLimits: 'redis' };

  /** The account's counter in Redis: how many requests it holds, 0 if there is none. */
  const countInRedis = async (accountId: string): Promise<number> => {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return await client.zcard(`${NAMESPACE}:${accountId}`);
    } finally {
      client.disconnect();
    }
  };

  const redisCommand = async (args: [string, ...string[]]): Promise<unknown> => {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return await client.call(...args);
    } finally {
      client.disconnect();
    }
  };

  /** `count` requests one after another, each answered 200. */
  const servedInSequence = async (key: string, count: number, boundMs?: number): Promise<void> => {
    for (let i = 1; i <= count; i++) {
      const started = Date.now();
      const response = await call(`${server.url}/api/explanations`, key);
      const took = Date.now() - started;
      assert.equal(response.status, 200, `request ${i}: ${await response.text()}`);
      await response.arrayBuffer().catch(() => undefined);
      if (boundMs !== undefined) assert.ok(took < boundMs, `request ${i} took ${took} ms`);
    }
  };

  const assertLimitedNext = async (key: string): Promise<void> => {
    const response = await call(`${server.url}/api/explanations`, key);
    assert.equal(response.status, 429, await response.text());
  };

  /** Many requests at once (an account with room to spare): none fails. */
  const servedConcurrently = async (key: string, count: number, boundMs?: number): Promise<void> => {
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: count }, async () => {
        const response = await call(`${server.url}/api/explanations`, key);
        await response.arrayBuffer();
        return { status: response.status, took: Date.now() - started };
      }),
    );
    assert.deepEqual(
      statuses.map((s) => s.status),
      statuses.map(() => 200),
    );
    if (boundMs !== undefined) {
      for (const { took } of statuses) assert.ok(took < boundMs, `a request took ${took} ms`);
    }
  };

  before(async () => {
    redis = await RedisProcess.start();
    handle = await openTestStore('embedded', 'outage');
    const limiter = await openTestLimiter('redis', {
      redisUrl: redis.url,
      namespace: NAMESPACE,
      quotas: { pro: QUOTA, enterprise: GENEROUS_QUOTAS.enterprise },
      logger: createLogger('info', sink),
      timeoutMs: TIMEOUT_MS,
    });
    server = await startServer({ store: handle.store, limiter });
  });

  after(async () => {
    // A test that failed mid-freeze leaves Redis frozen; closing the limiter should not wait on it.
    redis?.thaw();
    await server?.close();
    await server?.limiter.close();
    await handle?.dispose();
    await redis?.stop();
  });

  it('counts in Redis while it answers', async () => {
    assert.deepEqual(await health(), { status: 200, body: OK });
    const account = await createKeyedAccount(handle.store, 'pro');
    await servedInSequence(account.key, 1);
    assert.equal(await countInRedis(account.accountId), 1);
    // The usage page's read of the window: what Redis holds, and reading it adds nothing.
    const window = await server.limiter.peek({ id: account.accountId, plan: 'pro' });
    assert.deepEqual(
      { used: window.used, limit: window.limit, remaining: window.remaining },
      {
        used: 1,
        limit: QUOTA,
        remaining: QUOTA - 1,
      },
    );
    assert.equal(await countInRedis(account.accountId), 1);
    assert.deepEqual(switches(), { toMemory: 0, toRedis: 0 });
  });

  /** The account that used its quota while Redis was stopped. */
  let limitedWhileStopped: Awaited<ReturnType<typeof createKeyedAccount>>;

  it('keeps serving when Redis is stopped, enforcing quotas in memory, and says degraded', async () => {
    const busy = await createKeyedAccount(handle.store, 'enterprise');
    const limited = await createKeyedAccount(handle.store, 'pro');
    limitedWhileStopped = limited;
    await redis.stop();

    await servedConcurrently(busy.key, 10);
    await servedInSequence(limited.key, QUOTA);
    await assertLimitedNext(limited.key);
    // Peeking reads the count being kept now: this process's.
    assert.equal((await server.limiter.peek({ id: limited.accountId, plan: 'pro' })).used, QUOTA);

    assert.deepEqual(await health(), { status: 200, body: DEGRADED });
    assert.deepEqual(switches(), { toMemory: 1, toRedis: 0 });
  });

  it('returns to Redis by itself once it is back, logging the switch once, and gives it what it counted meanwhile', async () => {
    await redis.restart();
    await waitFor('the limiter to return to Redis', async () => (await health()).body.status === 'ok');
    assert.deepEqual(await health(), { status: 200, body: OK });
    // The restarted Redis kept nothing; the requests counted in memory were given to it, and the window goes on.
    assert.equal(await countInRedis(limitedWhileStopped.accountId), QUOTA);
    await assertLimitedNext(limitedWhileStopped.key);

    const account = await createKeyedAccount(handle.store, 'pro');
    await servedInSequence(account.key, 2);
    assert.equal(await countInRedis(account.accountId), 2, 'the counts land in Redis again');
    assert.deepEqual(switches(), { toMemory: 1, toRedis: 1 });
  });

  it('keeps serving when Redis freezes, never holding a request much past the timeout', async () => {
    const busy = await createKeyedAccount(handle.store, 'enterprise');
    const limited = await createKeyedAccount(handle.store, 'pro');
    redis.freeze();

    // In flight together when the freeze is found: each waits one timeout at most.
    await servedConcurrently(busy.key, 10, FROZEN_REQUEST_BOUND_MS);
    assert.deepEqual(await health(), { status: 200, body: DEGRADED });
    // Now counted in memory without asking the frozen Redis.
    await servedInSequence(limited.key, QUOTA, FROZEN_REQUEST_BOUND_MS);
    await assertLimitedNext(limited.key);
    assert.deepEqual(await health(), { status: 200, body: DEGRADED });
    assert.deepEqual(switches(), { toMemory: 2, toRedis: 1 });

    redis.thaw();
    await waitFor('the limiter to return to Redis', async () => (await health()).body.status === 'ok');
    assert.deepEqual(switches(), { toMemory: 2, toRedis: 2 });
    // What was counted in memory was given back to Redis, each request once, and the window goes on there.
    assert.equal(await countInRedis(limited.accountId), QUOTA, 'each request counted in memory, once');
    await assertLimitedNext(limited.key);

    const next = await createKeyedAccount(handle.store, 'pro');
    await servedInSequence(next.key, 1);
    assert.equal(await countInRedis(next.accountId), 1, 'the counts land in Redis again');
    assert.deepEqual(await health(), { status: 200, body: OK });
  });

  it('stays in memory, without flapping, while Redis answers but refuses writes', async () => {
    const busy = await createKeyedAccount(handle.store, 'enterprise');
    // Out of memory with nothing to evict: PING still answers, every write is refused.
    await redisCommand(['CONFIG', 'SET', 'maxmemory', '1']);
    try {
      await servedConcurrently(busy.key, 5);
      assert.deepEqual(await health(), { status: 200, body: DEGRADED });
      // Several probes' worth of time: each finds Redis still refusing, and none switches back.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await servedConcurrently(busy.key, 5);
      assert.deepEqual(switches(), { toMemory: 3, toRedis: 2 });
    } finally {
      await redisCommand(['CONFIG', 'SET', 'maxmemory', '0']);
    }
    await waitFor('the limiter to return to Redis', async () => (await health()).body.status === 'ok');
    assert.deepEqual(switches(), { toMemory: 3, toRedis: 3 });
  });
});
