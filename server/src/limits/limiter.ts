/**
 * Per-account, per-minute quotas with koa-ratelimit: its redis driver (an
 * atomic Lua script in Redis, so every server instance shares one count)
 * when REDIS_URL is set, its memory driver (counted in this process)
 * otherwise. Keyed by account id, so all of an account's keys share the
 * plan's quota.
 *
 * What koa-ratelimit does that we adjust (see its index.js and drivers):
 * - X-RateLimit-Reset is the reset time in epoch seconds, floored by the redis
 *   driver and fractional from the memory driver; we send whole seconds at or
 *   after the real reset, so a client that waits until then is let in.
 * - On the request over the quota it sets a text body, 429 and a Retry-After
 *   that truncates to 0 in the last second; onLimited throws our ApiError
 *   instead, with a Retry-After of at least 1 that ends at the reset.
 * - It sets the X-RateLimit-* headers before calling the rest of the chain and
 *   our error middleware keeps them, so 400s and 404s under /api carry them too.
 *
 * With Redis, the service keeps serving when Redis stops answering (stopped,
 * unreachable or frozen): each command has a deadline (REDIS_TIMEOUT_MS), and
 * a request whose count fails is counted by the memory driver instead, as are
 * all requests after it, without touching Redis, until a background probe
 * (a write, every second) succeeds again. Each switch is logged once. During an
 * outage every instance counts on its own, from zero, so an account can get its
 * quota once per instance (plus what it used in Redis before); a request whose
 * count timed out may still land in Redis when a frozen Redis resumes.
 *
 * `peek` reads an account's current window without counting anything (the
 * dashboard's "N of M requests this minute"): with Redis, the driver's own
 * script in its read-only mode (async-ratelimiter's `peek`); in memory, the
 * driver's entry in the Map. Its numbers are those the next request's
 * X-RateLimit-* headers are made from: the memory driver's window is fixed
 * (it resets whole, a minute after its first request), Redis's slides (the
 * reset is when the oldest counted request leaves it).
 */
import { API_PLANS, type ApiPlan } from '@code-explain/shared';
import ratelimit from 'koa-ratelimit';
import RedisWindow from 'koa-ratelimit/limiter/redis.js';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { Logger } from '../logging.js';
import { createRedisClient, type RedisClient } from '../redis/connect.js';

export type LimiterKind = 'redis' | 'memory';

export interface LimiterState {
  /** Where requests are counted now: `memory` also while a configured Redis is away. */
  readonly counting: LimiterKind;
  /** Whether the configured Redis answers; `unused` without one. */
  readonly redis: 'up' | 'down' | 'unused';
}

/** An account's current window, as the limiter counts it. */
export interface QuotaWindow {
  /** Requests counted in the window, at most the limit (refused ones are not counted). */
  readonly used: number;
  /** The plan's quota per window. */
  readonly limit: number;
  readonly remaining: number;
  /**
   * When the window resets, in epoch milliseconds on a whole second (what
   * X-RateLimit-Reset says); null when nothing is counted, as the window
   * starts with the next request.
   */
  readonly resetAt: number | null;
  /** Whole seconds from now until resetAt (at least 1), by the limiter's clock; null with resetAt. */
  readonly resetsInSeconds: number | null;
}

export interface RateLimiter {
  /** What was configured: Redis (falling back to memory while it is away) or memory alone. */
  readonly kind: LimiterKind;
  /** Counts the request against its account's quota; runs after authentication. */
  readonly middleware: AppMiddleware;
  /** The state now, from the last count or probe: never waits on Redis. */
  state(): LimiterState;
  /** The account's current window, without counting a request. */
  peek(account: { readonly id: string; readonly plan: ApiPlan }): Promise<QuotaWindow>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Requests per window for each plan with API access. */
  readonly quotas: Readonly<Record<ApiPlan, number>>;
  /** The window, one minute unless a test needs a shorter one. */
  readonly windowMs?: number;
  /** Prefix of the counters' keys; tests use one per run. */
  readonly namespace?: string;
}

const RESET = 'X-RateLimit-Reset';
const DEFAULT_NAMESPACE = 'cex:ratelimit';

function limiterMiddleware(
  kind: LimiterKind,
  db: RedisClient | Map<string, unknown>,
  options: RateLimiterOptions,
): AppMiddleware {
  const windowMs = options.windowMs ?? 60_000;

  // The whole second at or after the reset, from what the driver wrote.
  const normalizeReset = (ctx: AppContext): number => {
    const raw = Number(ctx.response.get(RESET));
    const reset = kind === 'redis' ? Math.floor(raw) + 1 : Math.ceil(raw);
    ctx.set(RESET, String(reset));
    return reset;
  };

  const onLimited = (ctx: AppContext): never => {
    const reset = normalizeReset(ctx);
    const retryAfter = Math.max(1, Math.ceil(reset - Date.now() / 1000));
    throw new ApiError(
      'rate_limited',
      `rate limit of ${String(ctx.response.get('X-RateLimit-Limit'))} requests per minute reached; retry in ${retryAfter} s`,
      [],
      { 'Retry-After': String(retryAfter) },
    );
  };

  const perPlan = new Map<ApiPlan, AppMiddleware>(
    API_PLANS.map((plan) => [
      plan,
      ratelimit<AppState>({
        driver: kind,
        db,
        duration: windowMs,
        max: options.quotas[plan],
        // One counter per account whatever its plan, so a plan change keeps the count.
        namespace: options.namespace ?? DEFAULT_NAMESPACE,
        id: (ctx) => ctx.state.account?.id ?? false,
        onLimited,
      }),
    ]),
  );

  return async (ctx, next) => {
    const account = ctx.state.account;
    const limit = account && perPlan.get(account.plan);
    // Authentication runs first; reaching here without an account is a wiring bug.
    if (!limit) throw new Error('rate limiting needs an authenticated account');
    await limit(ctx, async () => {
      normalizeReset(ctx);
      await next();
    });
  };
}

/** The memory driver's entry for an account (koa-ratelimit's limiter/memory.js keeps it in the Map). */
interface MemoryEntry {
  /** Epoch seconds, fractional. */
  readonly reset: number;
  /** The plan's quota minus the requests after the first; 0 once it refuses. */
  readonly remaining: number;
  readonly total: number;
}

const isMemoryEntry = (value: unknown): value is MemoryEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MemoryEntry).reset === 'number' &&
  typeof (value as MemoryEntry).remaining === 'number' &&
  typeof (value as MemoryEntry).total === 'number';

function windowOf(used: number, limit: number, resetAt: number | null, windowMs: number): QuotaWindow {
  const counted = Math.min(Math.max(used, 0), limit);
  const at = counted === 0 ? null : resetAt;
  // By the clock the drivers count with (they read Date.now themselves). resetAt is rounded up to
  // a whole second, which can put it a second past the window's length: never said as 61 s.
  const seconds = at === null ? null : Math.ceil((at - Date.now()) / 1000);
  return {
    used: counted,
    limit,
    remaining: limit - counted,
    resetAt: at,
    resetsInSeconds: seconds === null ? null : Math.min(Math.max(1, seconds), Math.ceil(windowMs / 1000)),
  };
}

/**
 * The memory driver's window for an account: the first request of a window
 * sets `remaining` to the quota and each later one takes one off, so
 * `total - remaining + 1` requests are counted (all of them once it is 0).
 */
function peekMemory(
  db: Map<string, unknown>,
  options: RateLimiterOptions,
  account: { readonly id: string; readonly plan: ApiPlan },
): QuotaWindow {
  const limit = options.quotas[account.plan];
  const windowMs = options.windowMs ?? 60_000;
  const entry = db.get(keyOf(options, account.id));
  if (!isMemoryEntry(entry) || entry.reset * 1000 < Date.now()) return windowOf(0, limit, null, windowMs);
  const used = entry.remaining > 0 ? entry.total - entry.remaining + 1 : entry.total;
  return windowOf(used, limit, Math.ceil(entry.reset) * 1000, windowMs);
}

/** Redis's window for an account, read by the driver's own script without adding to it. */
async function peekRedis(
  client: RedisClient,
  options: RateLimiterOptions,
  account: { readonly id: string; readonly plan: ApiPlan },
): Promise<QuotaWindow> {
  const limit = options.quotas[account.plan];
  const windowMs = options.windowMs ?? 60_000;
  const state = await new RedisWindow({
    id: account.id,
    db: client,
    max: limit,
    duration: windowMs,
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
  }).get({ peek: true });
  // As normalizeReset does for the header: the whole second after the floored reset.
  return windowOf(limit - state.remaining, limit, (state.reset + 1) * 1000, windowMs);
}

const keyOf = (options: RateLimiterOptions, id: string) => `${options.namespace ?? DEFAULT_NAMESPACE}:${id}`;

/** Counts in this process: for one server on one machine. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  // The memory driver needs one Map for all requests, or it counts nothing.
  const db = new Map<string, unknown>();
  return {
    kind: 'memory',
    middleware: limiterMiddleware('memory', db, options),
    state: () => ({ counting: 'memory', redis: 'unused' }),
    peek: async (account) => peekMemory(db, options, account),
    close: async () => db.clear(),
  };
}

export interface RedisRateLimiterOptions extends RateLimiterOptions {
  readonly url: string;
  /** Switches between Redis and memory are logged here. */
  readonly logger: Logger;
  /** How long a command may take before Redis counts as away (REDIS_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** How long opening a connection may take (REDIS_CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs?: number;
  /** How often Redis is probed (and reconnection attempted at most) while away; one second by default. */
  readonly probeIntervalMs?: number;
}

export const DEFAULT_REDIS_TIMEOUT_MS = 250;
export const DEFAULT_REDIS_CONNECT_TIMEOUT_MS = 2000;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Counts in Redis, shared by every instance, and in this process while Redis
 * is away (see the top of this file). Connects before returning and refuses
 * to start without an answer: at start-up an unreachable Redis looks the same
 * as a wrong REDIS_URL, which should fail the deployment loudly.
 */
export async function createRedisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const { logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  const probeIntervalMs = options.probeIntervalMs ?? 1000;
  const client = createRedisClient(options.url, {
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: timeoutMs,
    // A connection that stops answering (a frozen Redis) is dropped and
    // reopened, so unanswered commands do not pile up behind it.
    socketTimeoutMs: timeoutMs,
    // Never resend a command after a reconnect: its request has been counted
    // in memory and answered already (nothing is queued while disconnected).
    resendAfterReconnect: false,
    // Reconnect soon after Redis returns, so the next probe finds it.
    retryDelayMs: (attempt) => Math.min(attempt * 100, probeIntervalMs),
  });
  // ioredis reports connection trouble as events; failing commands and probes carry it to us.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL: ${messageOf(error)}`, { cause: error });
  }

  const fallback = new Map<string, unknown>();
  const inRedis = limiterMiddleware('redis', client, options);
  const inMemory = limiterMiddleware('memory', fallback, options);
  let counting: LimiterKind = 'redis';
  let closed = false;

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
    // A later outage starts its counts afresh rather than from this one's.
    fallback.clear();
    logger.info({ rateLimits: 'redis' }, 'rate limits: Redis answers again; counting requests in Redis');
  };

  // A lost connection is known at once; a frozen Redis only by a command or probe timing out.
  client.on('close', () => toMemory(new Error('connection to Redis closed')));

  // A write, not a PING: a Redis that answers but refuses writes (out of
  // memory, a read-only replica after a failover) cannot count either, and
  // returning to it would only fail the next request and switch back again.
  const probeKey = `${options.namespace ?? DEFAULT_NAMESPACE}:~probe`;
  let probing = false;
  const probe = async (): Promise<void> => {
    if (probing || closed) return;
    probing = true;
    try {
      await client.set(probeKey, '1', 'PX', 10_000);
      toRedis();
    } catch (error) {
      toMemory(error);
    } finally {
      probing = false;
    }
  };
  // Also while counting in Redis: an idle instance notices an outage (and /healthz says so) within a second.
  const probes = setInterval(() => void probe(), probeIntervalMs);
  probes.unref();

  return {
    kind: 'redis',
    async middleware(ctx, next) {
      if (counting === 'memory') return inMemory(ctx, next);
      let counted = false;
      try {
        await inRedis(ctx, () => {
          counted = true;
          return next();
        });
      } catch (error) {
        // Errors from the rest of the chain, and the 429 itself, are not Redis failing.
        if (counted || error instanceof ApiError) throw error;
        toMemory(error);
        await inMemory(ctx, next);
      }
    },
    state: () => ({ counting, redis: counting === 'redis' ? 'up' : 'down' }),
    async peek(account) {
      if (counting === 'memory') return peekMemory(fallback, options, account);
      try {
        return await peekRedis(client, options, account);
      } catch (error) {
        // Counting would fail the same way: from here on requests are counted in memory.
        toMemory(error);
        return peekMemory(fallback, options, account);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(probes);
      // Closed means Redis is no longer used; a straggling request is counted in memory.
      counting = 'memory';
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
