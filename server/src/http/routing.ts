/**
 * Runs a router and turns what it leaves unanswered into contract errors: a
 * known path asked with another method is a 405 with `Allow`, anything else a
 * 404. Both carry the contract's error body.
 */
import type Router from '@koa/router';
import { chain } from './chain.js';
import type { AppMiddleware, AppState } from './context.js';
import { ApiError } from './errors.js';

export function serve(router: Router<AppState>): AppMiddleware {
  const answered: AppMiddleware = async (ctx, next) => {
    await next();
    // allowedMethods answers 405 (or 501 for a method it does not know) with Allow, but no body.
    if (ctx.status === 405 || ctx.status === 501) {
      const allow = ctx.response.get('Allow');
      throw new ApiError('method_not_allowed', `${ctx.method} is not allowed here; allowed: ${allow}`, [], {
        Allow: allow,
      });
    }
    if (ctx.status === 404 && ctx.body === undefined) {
      throw new ApiError('not_found', `no route for ${ctx.method} ${ctx.path.slice(0, 200)}`);
    }
  };
  return chain(answered, router.routes() as AppMiddleware, router.allowedMethods() as AppMiddleware);
}
