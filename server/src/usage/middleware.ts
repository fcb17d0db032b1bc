/**
 * Counts every authenticated /api request: it runs first in the /api chain
 * and records once the rest has finished (thrown errors included, with the
 * status the error middleware will give them), before the response is sent.
 * A request that authentication refused has no account and is not counted; a
 * 429 from the limiter is (authentication came first).
 */
import { performance } from 'node:perf_hooks';
import type Router from '@koa/router';
import type { AppMiddleware, AppState } from '../http/context.js';
import { toApiError } from '../http/error-middleware.js';
import type { UsageRecorder } from './recorder.js';

/**
 * The route a request matches, as "METHOD /api/path/:param"; `other` when
 * none does (unknown paths, or a method the path does not take), so the
 * number of distinct routes stays fixed whatever paths clients send.
 */
export function routeLabeller(router: Router<AppState>): (method: string, path: string) => string {
  return (method, path) => {
    const layer = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
    return layer ? `${method} ${layer.path}` : 'other';
  };
}

export function countUsage(
  recorder: UsageRecorder,
  routeOf: (method: string, path: string) => string,
  /** The clock a request is counted at (the app's, which the dashboard reads usage by). */
  now: () => number = Date.now,
): AppMiddleware {
  return async (ctx, next) => {
    const at = now();
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      status = toApiError(error).status;
      throw error;
    } finally {
      const { account, keyId, explained } = ctx.state;
      if (account && keyId !== undefined) {
        try {
          recorder.record({
            accountId: account.id,
            keyId,
            route: routeOf(ctx.method, ctx.path),
            at,
            status,
            latencyMs: performance.now() - started,
            language: explained?.language,
            mode: explained?.mode,
          });
        } catch (error) {
          // Counting must never change the answer: a failure here is logged, the response stands.
          ctx.state.log.error({ err: error }, 'usage: a request could not be counted');
        }
      }
    }
  };
}
