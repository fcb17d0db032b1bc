/**
 * The small expiring key-value store that dashboard sessions and sign-in
 * throttling keep their state in: Redis when REDIS_URL is set (shared by every
 * instance, surviving restarts); otherwise, on the embedded defaults, a SQLite
 * file in the data folder (sqlite.ts); otherwise (MongoDB without Redis, or an
 * app built without one, as in tests) a Map owned by one app instance. All
 * expire entries after their time to live; the SQLite and in-process ones read
 * time from the injected clock, so tests move time without sleeping.
 *
 * Unlike rate limits, nothing falls back to memory while Redis is away: a
 * session that lived only in one instance would sign people in and out at
 * random behind a load balancer. Dashboard requests then fail (503) until
 * Redis answers; the API does not use this.
 */
import { connectOrThrow, createRedisClient } from '../redis/connect.js';

export interface Counter {
  readonly count: number;
  /** Milliseconds until the counter's window ends and it is gone. */
  readonly resetInMs: number;
}

export interface ExpiringStore {
  /** Redis; the data folder (sqlite.ts, with the embedded store); or one app instance's memory. */
  readonly kind: 'redis' | 'sqlite' | 'memory';
  get(key: string): Promise<string | null>;
  /** Sets `key`, gone after `ttlMs`. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  /** Adds one to a counter whose window opens at its first count and lasts `windowMs`. */
  increment(key: string, windowMs: number): Promise<Counter>;
  /** A counter as it stands, without counting; null when there is none. */
  counter(key: string): Promise<Counter | null>;
  /** Takes one back from a live counter (not below zero), keeping its window; nothing when there is none. */
  decrement(key: string): Promise<void>;
  /** Adds `member` to a set, which is gone `ttlMs` after the last addition. */
  addMember(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
  removeMember(key: string, member: string): Promise<void>;
  close(): Promise<void>;
}

/** Above this many entries, a write first drops the expired ones. */
const SWEEP_THRESHOLD = 10_000;

/** In this process, owned by one app instance; `now` is its clock. */
export function createMemoryStore(now: () => number = Date.now): ExpiringStore {
  const values = new Map<string, { value: string; expires: number }>();
  const sets = new Map<string, { members: Set<string>; expires: number }>();

  const live = <T extends { expires: number }>(map: Map<string, T>, key: string): T | undefined => {
    const entry = map.get(key);
    if (entry && entry.expires <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (map: Map<string, { expires: number }>): void => {
    if (map.size < SWEEP_THRESHOLD) return;
    const at = now();
    for (const [key, entry] of map) if (entry.expires <= at) map.delete(key);
  };
  const counterOf = (key: string): Counter | null => {
    const entry = live(values, key);
    return entry ? { count: Number(entry.value), resetInMs: entry.expires - now() } : null;
  };

  return {
    kind: 'memory',
    get: async (key) => live(values, key)?.value ?? null,
    async put(key, value, ttlMs) {
      sweep(values);
      values.set(key, { value, expires: now() + ttlMs });
    },
    async remove(keys) {
      for (const key of keys) {
        values.delete(key);
        sets.delete(key);
      }
    },
    async increment(key, windowMs) {
      const current = live(values, key);
      if (current) {
        current.value = String(Number(current.value) + 1);
      } else {
        sweep(values);
        values.set(key, { value: '1', expires: now() + windowMs });
      }
      return counterOf(key)!;
    },
    counter: async (key) => counterOf(key),
    async decrement(key) {
      const current = live(values, key);
      if (current) current.value = String(Math.max(0, Number(current.value) - 1));
    },
    async addMember(key, member, ttlMs) {
      const entry = live(sets, key);
      if (entry) {
        entry.members.add(member);
        entry.expires = now() + ttlMs;
      } else {
        sweep(sets);
        sets.set(key, { members: new Set([member]), expires: now() + ttlMs });
      }
    },
    members: async (key) => [...(live(sets, key)?.members ?? [])],
    async removeMember(key, member) {
      live(sets, key)?.members.delete(member);
    },
    async close() {
      values.clear();
      sets.clear();
    },
  };
}

export interface RedisStoreOptions {
  readonly url: string;
  /** Prefix of every key (tests use one per run). */
  readonly namespace?: string;
  /** How long one command may take (REDIS_TIMEOUT_MS). */
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
}

// One round trip, atomic: the window opens with the first count.
const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

// Only a live counter, never one recreated without an expiry, and never below zero.
const DECREMENT_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Connects before returning, and refuses to start without an answer (as the rate limiter does). */
export async function createRedisStore(options: RedisStoreOptions): Promise<ExpiringStore> {
  const prefix = `${options.namespace ?? 'cex:dashboard'}:`;
  const client = createRedisClient(options.url, {
    connectTimeoutMs: options.connectTimeoutMs,
    commandTimeoutMs: options.timeoutMs,
    socketTimeoutMs: options.timeoutMs,
    // A dashboard request fails at once while Redis is away rather than waiting in a queue.
    retryDelayMs: (attempt) => Math.min(attempt * 100, 1000),
  });
  await connectOrThrow(client);
  const k = (key: string) => prefix + key;
  /** A MULTI's replies, or the first error among them. */
  const replies = (results: [Error | null, unknown][] | null): unknown[] => {
    if (results === null) throw new Error('Redis discarded a transaction');
    for (const [error] of results) if (error) throw error;
    return results.map(([, reply]) => reply);
  };
  const counterFrom = (count: number, pttl: number): Counter | null =>
    count > 0 && pttl > 0 ? { count, resetInMs: pttl } : null;

  return {
    kind: 'redis',
    get: (key) => client.get(k(key)),
    async put(key, value, ttlMs) {
      await client.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async remove(keys) {
      if (keys.length > 0) await client.del(...keys.map(k));
    },
    async increment(key, windowMs) {
      const [count, pttl] = (await client.eval(INCREMENT_SCRIPT, 1, k(key), String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetInMs: pttl > 0 ? pttl : windowMs };
    },
    async counter(key) {
      const [value, pttl] = replies(await client.multi().get(k(key)).pttl(k(key)).exec());
      return counterFrom(Number(value ?? 0), Number(pttl));
    },
    async decrement(key) {
      await client.eval(DECREMENT_SCRIPT, 1, k(key));
    },
    async addMember(key, member, ttlMs) {
      replies(
        await client
          .multi()
          .sadd(k(key), member)
          .pexpire(k(key), Math.max(1, Math.ceil(ttlMs)))
          .exec(),
      );
    },
    members: (key) => client.smembers(k(key)),
    async removeMember(key, member) {
      await client.srem(k(key), member);
    },
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
