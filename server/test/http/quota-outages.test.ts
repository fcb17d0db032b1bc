/**
 * Quotas that survive Redis outages: a burst of requests from one account
 * while a `redis-server` of the test's own is frozen (SIGSTOP) three times for
 * 1.5 s, as the fairness issue's attack did (it got 120 requests through a
 * 30-per-minute quota in 13 s). Within the minute, one instance admits at
 * most the quota and N instances at most N × the quota (server/README.md,
 * "Redis stopped, unreachable or frozen"); once Redis answers again it holds
 * every request admitted, and the window goes on there.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
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

const QUOTA = 30;
const FREEZES = 3;
const FREEZE_MS = 1500;
/** Requests in flight at once, as the attack's client kept them. */
const CONCURRENCY = 8;

describe('quotas through Redis outages', function () {
  this.timeout(120_000);
  let redis: RedisProcess;
  let handle: StoreHandle;

  before(async () => {
    redis = await RedisProcess.start();
    handle = await openTestStore('embedded', 'quota-outages');
  });

  after(async () => {
    redis?.thaw();
    await handle?.dispose();
    await redis?.stop();
  });

  /** `count` app instances sharing one Redis namespace, as instances behind a balancer do. */
  async function instances(count: number, namespace: string): Promise<TestServer[]> {
    return Promise.all(
      Array.from({ length: count }, async () =>
        startServer({
          store: handle.store,
          limiter: await openTestLimiter('redis', {
            redisUrl: redis.url,
            namespace,
            quotas: { pro: QUOTA, enterprise: GENEROUS_QUOTAS.enterprise },
            timeoutMs: 250,
          }),
        }),
      ),
    );
  }

  const zcard = async (key: string): Promise<number> => {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return await client.zcard(key);
    } finally {
      client.disconnect();
    }
  };

  /**
   * Requests from `key` spread over `servers` until the freezes are over, with
   * Redis frozen three times meanwhile; how many each server admitted (200).
   */
  async function burstThroughFreezes(servers: readonly TestServer[], key: string): Promise<number[]> {
    const admitted = servers.map(() => 0);
    let running = true;
    let sent = 0;
    const client = async () => {
      while (running) {
        const index = sent++ % servers.length;
        const response = await call(`${servers[index]!.url}/api/explanations`, key);
        await response.arrayBuffer();
        if (response.status === 200) admitted[index]!++;
        else assert.equal(response.status, 429);
      }
    };
    const clients = Array.from({ length: CONCURRENCY }, client);
    for (let i = 0; i < FREEZES; i++) {
      await sleep(700);
      redis.freeze();
      await sleep(FREEZE_MS);
      redis.thaw();
    }
    await sleep(1500);
    running = false;
    await Promise.all(clients);
    assert.ok(sent > QUOTA * servers.length * 3, `the burst sent only ${sent} requests`);
    return admitted;
  }

  for (const count of [1, 2]) {
    it(`${count} instance${count > 1 ? 's' : ''}: admits at most ${count} × the quota in the minute, and Redis holds each request admitted once`, async () => {
      const namespace = `cex-quota-outages-${process.pid}-${count}:ratelimit`;
      const servers = await instances(count, namespace);
      try {
        const account = await createKeyedAccount(handle.store, 'pro');
        const admitted = await burstThroughFreezes(servers, account.key);
        const total = admitted.reduce((a, b) => a + b, 0);
        assert.ok(
          total <= QUOTA * count,
          `admitted ${total} (${admitted.join(' + ')}) on a quota of ${QUOTA}`,
        );
        // No instance admits more than the quota of its own requests, whoever counted them.
        for (const each of admitted) assert.ok(each <= QUOTA, `one instance admitted ${each}`);
        // Every instance is back in Redis, which holds what they admitted: each request once.
        for (const server of servers) {
          await waitFor('Redis again', async () => server.limiter.state().counting === 'redis');
        }
        // Requests counted here are given back under the times Redis would have given them, so none
        // twice; the only extras are refused requests whose commands the frozen Redis ran on waking.
        const held = await zcard(`${namespace}:${account.accountId}`);
        assert.ok(held >= total, `Redis holds ${held} of ${total} admitted`);
        assert.ok(held <= total + CONCURRENCY * FREEZES, `Redis holds ${held} for ${total} admitted`);
        // The window goes on in Redis: a quota used up during the outages stays used.
        if (total >= QUOTA) {
          const response = await call(`${servers[0]!.url}/api/explanations`, account.key);
          assert.equal(response.status, 429);
        }
      } finally {
        for (const server of servers) {
          await server.close();
          await server.limiter.close();
        }
      }
    });
  }
});
