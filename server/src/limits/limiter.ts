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
 */
import { API_PLANS, type ApiPlan } from '@code-explain/shared';
import { Redis } from 'ioredis';
import ratelimit from 'koa-ratelimit';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { Logger } from '../logging.js';

export type LimiterKind = 'redis' | 'memory';

export interface LimiterState {
  /** Where requests are counted now: `memory` also while a configured Redis is away. */
  readonly counting: LimiterKind;
  /** Whether the configured Redis answers; `unused` without one. */
  readonly redis: 'up' | 'down' | 'unused';
}

export interface RateLimiter {
  /** What was configured: Redis (falling back to memory while it is away) or memory alone. */
  readonly kind: LimiterKind;
  /** Counts the request against its account's quota; runs after authentication. */
  readonly middleware: AppMiddleware;
  /** The state now, from the last count or probe: never waits on Redis. */
  state(): LimiterState;
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
  db: Redis | Map<string, unknown>,
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

/** Counts in this process: for one server on one machine. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  // The memory driver needs one Map for all requests, or it counts nothing.
  const db = new Map<string, unknown>();
  return {
    kind: 'memory',
    middleware: limiterMiddleware('memory', db, options),
    state: () => ({ counting: 'memory', redis: 'unused' }),
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
  const client = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: timeoutMs,
    // A connection that stops answering (a frozen Redis) is dropped and
    // reopened, so unanswered commands do not pile up behind it.
    socketTimeout: timeoutMs,
    // Never queue a command while disconnected, nor resend one after a
    // reconnect: its request has been counted in memory and answered already.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Reconnect soon after Redis returns, so the next probe finds it.
    retryStrategy: (attempt) => Math.min(attempt * 100, probeIntervalMs),
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
