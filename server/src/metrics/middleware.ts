/**
 * Where the app feeds its metrics: every request's route, status and latency,
 * and the rate limiter's refusals.
 */
import { performance } from 'node:perf_hooks';
import type { AppContext, AppMiddleware } from '../http/context.js';
import { toApiError } from '../http/error-middleware.js';
import type { Metrics } from './metrics.js';

/**
 * The route pattern @koa/router ran for this request, with the method, or
 * `other`. The router records the pattern of the route whose path and method
 * matched; a request no route took (unknown path, a method the path does not
 * take, or refused before its route ran) has none, so clients cannot add
 * label values.
 */
export function matchedRoute(ctx: AppContext): string {
  const pattern = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof pattern === 'string' ? `${ctx.method} ${pattern}` : 'other';
}

/**
 * Counts and times every request under `routeOf(ctx)`, a label from a fixed
 * set (usage/middleware.ts's routeLabeller, or matchedRoute). It runs outside
 * the error middleware, so the status it records is the one sent; anything
 * that still escapes is the 500 Koa will send.
 */
export function httpMetrics(
  metrics: Metrics,
  routeOf: (ctx: AppContext) => string = matchedRoute,
): AppMiddleware {
  return async (ctx, next) => {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      status = toApiError(error).status;
      throw error;
    } finally {
      metrics.observeRequest(routeOf(ctx), status, (performance.now() - started) / 1000);
    }
  };
}

/**
 * The limiter's middleware, counting the requests it refuses: a rate_limited
 * error thrown before the limiter let the request through (one thrown further
 * down the chain is not the limiter's).
 */
export function countRateLimitRejections(limiter: AppMiddleware, metrics: Metrics): AppMiddleware {
  return async (ctx, next) => {
    let passed = false;
    try {
      await limiter(ctx, () => {
        passed = true;
        return next();
      });
    } catch (error) {
      if (!passed && toApiError(error).code === 'rate_limited') {
        metrics.rateLimited(ctx.state.account?.plan ?? 'none');
      }
      throw error;
    }
  };
}
