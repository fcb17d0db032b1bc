// koa-ratelimit ships no typings; this declares the part of its API we use
// (see its index.js: options, the headers it sets, onLimited and throw).
declare module 'koa-ratelimit' {
  import type { Middleware, ParameterizedContext } from 'koa';

  interface RateLimitOptions<StateT> {
    driver: 'redis' | 'memory';
    /** For 'redis': anything with async-ratelimiter's `ratelimiter` command (an ioredis client); a Map for 'memory'. */
    db: unknown;
    /** Window length in milliseconds. */
    duration: number;
    max: number;
    id: (ctx: ParameterizedContext<StateT>) => string | false;
    namespace?: string;
    headers?: { remaining?: string; reset?: string; total?: string };
    disableHeader?: boolean;
    errorMessage?: string;
    /** Called on the request that exceeded the limit, before the 429 is sent (or thrown). */
    onLimited?: (ctx: ParameterizedContext<StateT>) => void;
    throw?: boolean;
    status?: number;
  }

  function ratelimit<StateT>(options: RateLimitOptions<StateT>): Middleware<StateT>;
  export default ratelimit;
}

// The redis driver koa-ratelimit uses: async-ratelimiter, whose get() can peek
// (count nothing) as well as count. Reached through koa-ratelimit so the
// version is the one its middleware runs (see limiter/redis.js there).
declare module 'koa-ratelimit/limiter/redis.js' {
  interface LimitState {
    /** Requests left in the window before this one; 0 at the limit. */
    remaining: number;
    /** When the oldest counted request leaves the window, epoch seconds (floored). */
    reset: number;
    total: number;
  }
  class Limiter {
    constructor(options: { id: string; db: unknown; max: number; duration: number; namespace?: string });
    get(options?: { peek?: boolean }): Promise<LimitState>;
    /** The script it defines on an ioredis client as the `ratelimiter` command, unless `db` has one. */
    static defineCommand: { ratelimiter: { numberOfKeys: number; lua: string } };
  }
  export = Limiter;
}
