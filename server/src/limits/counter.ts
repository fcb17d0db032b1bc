/**
 * Where quota windows are counted: in Redis, shared by every instance, and in
 * this process while Redis does not answer. koa-ratelimit's redis driver
 * (async-ratelimiter) counts through its `db`'s `ratelimiter` command; this
 * counter is that `db`. With Redis up it runs the driver's own Lua script
 * there; when a command fails or times out it answers from LocalWindows
 * (windows.ts), which starts from what Redis last said and keeps each window
 * its whole length across switches.
 *
 * Back to Redis only once Redis holds what was counted here: a probe every
 * second gives every request this process counted in the last window back to
 * Redis (the same times as members, so one Redis already holds is not added
 * twice, and one a frozen Redis took late is not counted again), and switches
 * only after a round in which nothing new was counted here. A Redis that came
 * back empty (restarted without persistence) gets this process's requests of
 * the last minute back too.
 *
 * So a process never admits more than `max` of its own requests in any window
 * (whichever counted them), and N instances never more than N × `max` between
 * them, however often Redis comes and goes; with Redis up they share `max`.
 */
import RedisWindow from 'koa-ratelimit/limiter/redis.js';
import type { Logger } from '../logging.js';
import { connectOrThrow, createRedisClient, type RedisClient } from '../redis/connect.js';
import { LocalWindows, type WindowAnswer } from './windows.js';

export type CountingIn = 'redis' | 'memory';

/** The command async-ratelimiter sends its `db`: key, now (ms), duration (ms), max, peek ('1' or '0'). */
export interface QuotaCounter {
  ratelimiter(key: string, now: number, duration: number, max: number, peek: string): Promise<WindowAnswer>;
  /** Adds `count` requests at the current time to the window of `key` (engine time charged). Never fails. */
  charge(key: string, count: number): Promise<void>;
  /** Where requests are counted now, and whether the configured Redis answers. */
  state(): { readonly counting: CountingIn; readonly redis: 'up' | 'down' | 'unused' };
  close(): Promise<void>;
}

/** async-ratelimiter's clock: milliseconds with a fraction, from hrtime, as its own requests carry. */
function clock(): () => number {
  const origin = Date.now();
  const start = process.hrtime.bigint();
  return () => origin + Number(process.hrtime.bigint() - start) / 1e6;
}

/** Distinct times for a charge of `count` requests at `now`: a microsecond apart, as members must differ. */
const chargeTimes = (now: number, count: number) => Array.from({ length: count }, (_, i) => now + i / 1000);

/** Sweeps idle accounts' windows out of memory once a window. */
function sweepEvery(windows: LocalWindows, durationMs: number, now: () => number): NodeJS.Timeout {
  const timer = setInterval(() => windows.sweep(now(), durationMs), durationMs);
  timer.unref();
  return timer;
}

/** Counts in this process alone: one server on one machine. */
export function createMemoryCounter(durationMs: number): QuotaCounter {
  const windows = new LocalWindows();
  const now = clock();
  const sweep = sweepEvery(windows, durationMs, now);
  return {
    async ratelimiter(key, at, duration, max, peek) {
      return windows.take(key, at, duration, max, peek === '1');
    },
    async charge(key, count) {
      const at = now();
      windows.record(key, chargeTimes(at, count), at, durationMs);
    },
    state: () => ({ counting: 'memory', redis: 'unused' }),
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

export interface RedisCounterOptions {
  readonly url: string;
  readonly durationMs: number;
  /** Prefix of the counters' keys (koa-ratelimit's namespace), for the probe's own key. */
  readonly namespace: string;
  readonly logger: Logger;
  /** How long a command may take before Redis counts as away (REDIS_TIMEOUT_MS). */
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  /** How often Redis is probed (and reconnection attempted at most). */
  readonly probeIntervalMs: number;
}

/** The commands this counter defines on its client. */
interface CounterCommands {
  ratelimiter(key: string, now: number, duration: number, max: number, peek: string): Promise<WindowAnswer>;
  /** Adds each time as a member (scored by itself) and renews the key's expiry. */
  cexAddTimes(key: string, duration: number, ...times: number[]): Promise<number>;
}

/**
 * ZADD of each time as both score and member, converted by Lua's tonumber as
 * the driver's script converts its `now`: the member Redis stores for a
 * request counted here is the very one it stored had it counted it itself.
 */
const ADD_TIMES = {
  numberOfKeys: 1,
  lua: `
    local key = KEYS[1]
    for i = 2, #ARGV do
      local t = tonumber(ARGV[i])
      redis.call('ZADD', key, t, t)
    end
    redis.call('PEXPIRE', key, tonumber(ARGV[1]))
    return redis.call('ZCARD', key)
  `,
};

/** Times sent in one script call, so no call grows with a large quota. */
const ADD_BATCH = 1000;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Counts in Redis, and here while it is away (see the top of this file).
 * Connects before returning and refuses to start without an answer: at
 * start-up an unreachable Redis looks the same as a wrong REDIS_URL.
 */
export async function createRedisCounter(options: RedisCounterOptions): Promise<QuotaCounter> {
  const { logger, durationMs, timeoutMs, probeIntervalMs } = options;
  const client = createRedisClient(options.url, {
    connectTimeoutMs: options.connectTimeoutMs,
    commandTimeoutMs: timeoutMs,
    // A connection that stops answering (a frozen Redis) is dropped and
    // reopened, so unanswered commands do not pile up behind it.
    socketTimeoutMs: timeoutMs,
    // Never resend a command after a reconnect: its request has been counted
    // here and answered already (nothing is queued while disconnected).
    resendAfterReconnect: false,
    // Reconnect soon after Redis returns, so the next probe finds it.
    retryDelayMs: (attempt) => Math.min(attempt * 100, probeIntervalMs),
  });
  await connectOrThrow(client);
  // The driver's own script, so counting here and there follows one rule.
  client.defineCommand('ratelimiter', RedisWindow.defineCommand.ratelimiter);
  client.defineCommand('cexAddTimes', ADD_TIMES);
  const commands = client as RedisClient & CounterCommands;

  const windows = new LocalWindows();
  const now = clock();
  let counting: CountingIn = 'redis';
  let closed = false;
  /** Requests counted here so far; a probe switches back only after a round that saw none. */
  let countedHere = 0;

  const toMemory = (cause: unknown): void => {
    if (counting === 'memory' || closed) return;
    counting = 'memory';
    logger.warn(
      { rateLimits: 'memory', reason: messageOf(cause) },
      'rate limits: Redis is not answering; counting requests in this process until it does',
    );
  };
  const toRedis = (): void => {
    if (counting === 'redis' || closed) return;
    counting = 'redis';
    logger.info({ rateLimits: 'redis' }, 'rate limits: Redis answers again; counting requests in Redis');
  };

  // A lost connection is known at once; a frozen Redis only by a command or probe timing out.
  client.on('close', () => toMemory(new Error('connection to Redis closed')));

  /** Every time counted by this process within the window, given to Redis. */
  const giveBack = async (): Promise<void> => {
    const pending: Promise<unknown>[] = [];
    for (const [key, times] of windows.ownTimes(now(), durationMs)) {
      for (let i = 0; i < times.length; i += ADD_BATCH) {
        pending.push(commands.cexAddTimes(key, durationMs, ...times.slice(i, i + ADD_BATCH)));
      }
    }
    await Promise.all(pending);
  };

  // A write, not a PING: a Redis that answers but refuses writes (out of memory,
  // a read-only replica after a failover) cannot count either.
  const probeKey = `${options.namespace}:~probe`;
  let probing = false;
  const probe = async (): Promise<void> => {
    if (probing || closed) return;
    probing = true;
    try {
      await client.set(probeKey, '1', 'PX', 10_000);
      // Rounds until one saw no new request counted here: those counted during a round are in the next.
      for (let round = 0; counting === 'memory' && round < 3; round++) {
        const before = countedHere;
        await giveBack();
        if (countedHere === before) toRedis();
      }
    } catch (error) {
      toMemory(error);
    } finally {
      probing = false;
    }
  };
  // Also while counting in Redis: an idle instance notices an outage (and /healthz says so) within a second.
  const probes = setInterval(() => void probe(), probeIntervalMs);
  probes.unref();
  const sweep = sweepEvery(windows, durationMs, now);

  return {
    async ratelimiter(key, at, duration, max, peek) {
      if (counting === 'redis') {
        try {
          const answer = await commands.ratelimiter(key, at, duration, max, peek);
          windows.learn(key, at, answer, duration, peek === '1');
          return answer;
        } catch (error) {
          // From here on requests are counted here, this one too, at the same time: should a frozen
          // Redis take its command late, giving it back later adds nothing.
          toMemory(error);
        }
      }
      const answer = windows.take(key, at, duration, max, peek === '1');
      if (peek !== '1' && answer[0] > 0) countedHere++;
      return answer;
    },
    async charge(key, count) {
      if (count <= 0) return;
      const at = now();
      const times = chargeTimes(at, count);
      windows.record(key, times, at, durationMs);
      if (counting === 'redis') {
        try {
          await commands.cexAddTimes(key, durationMs, ...times);
          return;
        } catch (error) {
          toMemory(error);
        }
      }
      countedHere++;
    },
    state: () => ({ counting, redis: counting === 'redis' ? 'up' : 'down' }),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(probes);
      clearInterval(sweep);
      // Closed means Redis is no longer used; a straggling request is counted here.
      counting = 'memory';
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
