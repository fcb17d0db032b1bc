/**
 * Gives every request an id (the caller's X-Request-Id when it is a sane
 * token, else a new UUID), sends it back as X-Request-Id, and logs one line
 * per request with that id once the response is decided.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { maskKeys, type Logger } from '../logging.js';
import type { AppMiddleware } from './context.js';

const requestIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/);

export function requestContext(logger: Logger): AppMiddleware {
  return async (ctx, next) => {
    const given = requestIdSchema.safeParse(ctx.get('X-Request-Id'));
    // A caller's id that looks like a key is not echoed into logs.
    const requestId = given.success && !given.data.startsWith('cex_') ? given.data : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        {
          method: ctx.method,
          path: maskKeys(ctx.path),
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          account: ctx.state.account?.id,
        },
        'request',
      );
    }
  };
}
