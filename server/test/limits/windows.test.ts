/**
 * The quota window as this process reckons it (limits/windows.ts) against the
 * rate limiter's own Lua script in the suite's real Redis: the same calls get
 * the same answers, so counting moves between Redis and this process without
 * changing the rule. Then what it learns from Redis's answers: others'
 * requests count until a whole window after Redis last said so.
 */
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import RedisWindow from 'koa-ratelimit/limiter/redis.js';
import { LocalWindows, type WindowAnswer } from '../../src/limits/windows.js';
import { serviceUrls, testNamespace } from '../http/support/environment.js';

interface ScriptClient extends Redis {
  ratelimiter(key: string, now: number, duration: number, max: number, peek: string): Promise<WindowAnswer>;
}

describe('LocalWindows', () => {
  let redis: ScriptClient;
  const { keyPrefix } = testNamespace('windows');

  before(async () => {
    const client = new Redis(serviceUrls().redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    client.defineCommand('ratelimiter', RedisWindow.defineCommand.ratelimiter);
    redis = client as ScriptClient;
  });

  after(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('answers every call as the driver’s script does in Redis: 2,000 calls, with peeks, over several windows', async () => {
    // A fixed sequence (a linear congruential generator) so a failure replays.
    let state = 20261128;
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const local = new LocalWindows();
    const key = `${keyPrefix}agree`;
    const duration = 1000;
    const max = 5;
    let now = Date.now() + 0.123;
    for (let i = 0; i < 2000; i++) {
      now += random() * 120;
      const peek = random() < 0.2 ? '1' : '0';
      const inRedis = await redis.ratelimiter(key, now, duration, max, peek);
      const here = local.take(key, now, duration, max, peek === '1');
      assert.deepEqual(here, inRedis, `call ${i} at +${(now % 100000).toFixed(3)} (peek ${peek})`);
    }
  });

  it('goes on from what Redis last said: its other requests count until a window after it said so', () => {
    const local = new LocalWindows();
    const duration = 60_000;
    // Redis counted this process's request at 1000: 4 were counted before it, none of them its own.
    local.learn('k', 1000, [6, 1, 10], duration, false);
    // And its request at 2000: the same 4 others, and its own two.
    local.learn('k', 2000, [5, 1, 10], duration, false);
    // This process now counts alone: 6 counted, 4 more fit.
    for (let i = 1; i <= 4; i++) assert.equal(local.take('k', 3000 + i, duration, 10, false)[0], 10 - 5 - i);
    assert.equal(local.take('k', 3010, duration, 10, false)[0], 0, 'the quota is used up');
    // Its own request of 1000 leaves a window after it was made; the others only a window after Redis's last answer.
    assert.equal(local.take('k', 61_000.5, duration, 10, true)[0], 1);
    assert.equal(local.take('k', 62_000.5, duration, 10, true)[0], 6);
    assert.equal(local.take('k', 63_004.5, duration, 10, true)[0], 10);
  });

  it('learns a refusal as a full window, and a peek adds nothing of its own', () => {
    const local = new LocalWindows();
    local.learn('k', 1000, [0, 61, 3], 60_000, false);
    assert.equal(local.take('k', 1001, 60_000, 3, true)[0], 0);
    local.learn('p', 1000, [2, 61, 3], 60_000, true);
    assert.equal(local.take('p', 1001, 60_000, 3, true)[0], 2);
    assert.deepEqual(local.ownTimes(1001, 60_000), new Map());
  });

  it('keeps the times it counted, charged ones too, for giving back to Redis; forgets idle accounts', () => {
    const local = new LocalWindows();
    local.take('a', 1000, 1000, 10, false);
    local.learn('b', 1200, [9, 2, 10], 1000, false);
    local.record('a', [1300, 1300.001], 1300, 1000);
    assert.deepEqual(
      local.ownTimes(1500, 1000),
      new Map([
        ['a', [1000, 1300, 1300.001]],
        ['b', [1200]],
      ]),
    );
    assert.deepEqual(local.ownTimes(2250, 1000), new Map([['a', [1300, 1300.001]]]));
    local.sweep(5000, 1000);
    assert.equal(local.size, 0);
  });
});
