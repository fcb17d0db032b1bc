/**
 * Per-account, per-minute quotas with koa-ratelimit and its redis driver
 * (async-ratelimiter: a sliding log of request times, counted by a Lua
 * script). Its `db` is a QuotaCounter (counter.ts): Redis, shared by every
 * instance, with REDIS_URL, falling back to this process while Redis does not
 * answer and giving back what it counted once Redis does; this process alone
 * without REDIS_URL. The same window either way. Keyed by account id, so all
 * of an account's keys share the plan's quota.
 *
 * What koa-ratelimit does that we adjust (see its index.js):
 * - X-RateLimit-Reset is the reset time in epoch seconds, floored; we send
 *   the whole second after it, so a client that waits until then is let in.
 * - On the request over the quota it sets a text body, 429 and a Retry-After
 *   that truncates to 0 in the last second; onLimited throws our ApiError
 *   instead, with a Retry-After of at least 1 that ends at the reset.
 * - It sets the X-RateLimit-* headers before calling the rest of the chain and
 *   our error middleware keeps them, so 400s and 404s under /api carry them too.
 *
 * Engine time is charged to the account that used it: an explain whose
 * analysis kept a worker busy past a second counts as one request per started
 * second (engineCost), the first counted on arrival, the rest once the
 * analysis is over, whatever its outcome (a deadline-long one included);
 * X-RateLimit-Cost says so and X-RateLimit-Remaining is what is left after it.
 *
 * `peek` reads an account's current window without counting anything (the
 * dashboard's "N of M requests this minute") through the same script in its
 * read-only mode: the numbers the next request's X-RateLimit-* headers are
 * made from.
 */
import { API_PLANS, type ApiPlan } from '@code-explain/shared';
import ratelimit from 'koa-ratelimit';
import RedisWindow from 'koa-ratelimit/limiter/redis.js';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { Logger } from '../logging.js';
import { createMemoryCounter, createRedisCounter, type CountingIn, type QuotaCounter } from './counter.js';

export type LimiterKind = CountingIn;

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
const REMAINING = 'X-RateLimit-Remaining';
const DEFAULT_NAMESPACE = 'cex:ratelimit';
const DEFAULT_WINDOW_MS = 60_000;

/** Engine time that counts as one request. */
export const ENGINE_SECOND_MS = 1000;

/**
 * The requests an explain counts as, for the engine time its analysis took:
 * one per started second, at least one (a cached answer or a quick analysis).
 */
export function engineCost(engineMs: number | undefined): number {
  if (engineMs === undefined || !(engineMs > 0)) return 1;
  return Math.max(1, Math.ceil(engineMs / ENGINE_SECOND_MS));
}

function limiterMiddleware(counter: QuotaCounter, options: RateLimiterOptions): AppMiddleware {
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;

  // The whole second after the (floored) reset the driver wrote.
  const normalizeReset = (ctx: AppContext): number => {
    const reset = Math.floor(Number(ctx.response.get(RESET))) + 1;
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

  /** After the request: the engine time it used beyond its first second, counted against its account. */
  const chargeEngineTime = async (ctx: AppContext, accountId: string): Promise<void> => {
    const cost = engineCost(ctx.state.engineMs);
    if (cost <= 1) return;
    await counter.charge(`${namespace}:${accountId}`, cost - 1);
    ctx.set('X-RateLimit-Cost', String(cost));
    ctx.set(REMAINING, String(Math.max(0, Number(ctx.response.get(REMAINING)) - (cost - 1))));
  };

  const perPlan = new Map<ApiPlan, AppMiddleware>(
    API_PLANS.map((plan) => [
      plan,
      ratelimit<AppState>({
        // async-ratelimiter's sliding window, counted by `db`: Redis, or this process (counter.ts).
        driver: 'redis',
        db: counter,
        duration: windowMs,
        max: options.quotas[plan],
        // One counter per account whatever its plan, so a plan change keeps the count.
        namespace,
        id: (ctx) => ctx.state.account?.id ?? false,
        onLimited,
      }),
    ]),
  );

  return async (ctx, next) => {
    const account = ctx.state.account;
    const limit = account && perPlan.get(account.plan);
    // Authentication runs first; reaching here without an account is a wiring bug.
    if (!account || !limit) throw new Error('rate limiting needs an authenticated account');
    await limit(ctx, async () => {
      normalizeReset(ctx);
      try {
        await next();
      } finally {
        await chargeEngineTime(ctx, account.id);
      }
    });
  };
}

function windowOf(used: number, limit: number, resetAt: number | null, windowMs: number): QuotaWindow {
  const counted = Math.min(Math.max(used, 0), limit);
  const at = counted === 0 ? null : resetAt;
  // By the clock the driver counts with. resetAt is rounded up to a whole
  // second, which can put it a second past the window's length: never said as 61 s.
  const seconds = at === null ? null : Math.ceil((at - Date.now()) / 1000);
  return {
    used: counted,
    limit,
    remaining: limit - counted,
    resetAt: at,
    resetsInSeconds: seconds === null ? null : Math.min(Math.max(1, seconds), Math.ceil(windowMs / 1000)),
  };
}

/** The account's window, read by the driver's script (in Redis or here) without adding to it. */
async function peekWindow(
  counter: QuotaCounter,
  options: RateLimiterOptions,
  account: { readonly id: string; readonly plan: ApiPlan },
): Promise<QuotaWindow> {
  const limit = options.quotas[account.plan];
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const state = await new RedisWindow({
    id: account.id,
    db: counter,
    max: limit,
    duration: windowMs,
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
  }).get({ peek: true });
  // As normalizeReset does for the header: the whole second after the floored reset.
  return windowOf(limit - state.remaining, limit, (state.reset + 1) * 1000, windowMs);
}

function rateLimiter(kind: LimiterKind, counter: QuotaCounter, options: RateLimiterOptions): RateLimiter {
  return {
    kind,
    middleware: limiterMiddleware(counter, options),
    state: () => counter.state(),
    peek: (account) => peekWindow(counter, options, account),
    close: () => counter.close(),
  };
}

/** Counts in this process: for one server on one machine. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  return rateLimiter('memory', createMemoryCounter(options.windowMs ?? DEFAULT_WINDOW_MS), options);
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

/**
 * Counts in Redis, shared by every instance, and in this process while Redis
 * is away (counter.ts). Connects before returning and refuses to start
 * without an answer: at start-up an unreachable Redis looks the same as a
 * wrong REDIS_URL, which should fail the deployment loudly.
 */
export async function createRedisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const counter = await createRedisCounter({
    url: options.url,
    durationMs: options.windowMs ?? DEFAULT_WINDOW_MS,
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
    logger: options.logger,
    timeoutMs: options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    probeIntervalMs: options.probeIntervalMs ?? 1000,
  });
  return rateLimiter('redis', counter, options);
}
