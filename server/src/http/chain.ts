/** Middleware run in order as one, as Koa runs app.use() middleware. */
import type { Next } from 'koa';
import type { AppContext, AppMiddleware } from './context.js';

export function chain(...middleware: AppMiddleware[]): AppMiddleware {
  return (ctx: AppContext, next: Next) => {
    const run = async (i: number): Promise<void> => {
      const current = middleware[i];
      if (current === undefined) {
        await next();
        return;
      }
      await current(ctx, () => run(i + 1));
    };
    return run(0);
  };
}
