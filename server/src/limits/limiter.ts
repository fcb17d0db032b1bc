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
 */
import { API_PLANS, type ApiPlan } from '@code-explain/shared';
import { Redis } from 'ioredis';
import ratelimit from 'koa-ratelimit';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import { ApiError } from '../http/errors.js';

export type LimiterKind = 'redis' | 'memory';

export interface RateLimiter {
  readonly kind: LimiterKind;
  /** Counts the request against its account's quota; runs after authentication. */
  readonly middleware: AppMiddleware;
  /** Whether the counter's backing service answers. */
  ping(): Promise<boolean>;
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
        namespace: options.namespace ?? 'cex:ratelimit',
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
    ping: async () => true,
    close: async () => db.clear(),
  };
}

export interface RedisRateLimiterOptions extends RateLimiterOptions {
  readonly url: string;
}

/** Counts in Redis, shared by every instance; connects before returning. */
export async function createRedisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const client = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: 5000,
    // A request fails fast (a 500, and /healthz says so) rather than waiting for Redis to return.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // ioredis reports connection trouble as events; the failing commands carry it to callers.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `cannot reach Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    kind: 'redis',
    middleware: limiterMiddleware('redis', client, options),
    async ping() {
      try {
        const answer = await Promise.race([
          client.ping(),
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 2000).unref()),
        ]);
        return answer === 'PONG';
      } catch {
        return false;
      }
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
