/**
 * Reads a JSON request body: refuses anything over 1 MB (413, before reading
 * when Content-Length says so) and anything not declared as JSON (400), then
 * parses with koa-bodyparser. Validation comes after, in the handler.
 */
import bodyParser from 'koa-bodyparser';
import type { AppMiddleware } from './context.js';
import { ApiError } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

export function jsonBody(): AppMiddleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: String(MAX_BODY_BYTES),
    strict: true,
    // The type was checked below, +json types included.
    detectJSON: () => true,
  });
  return async (ctx, next) => {
    const length = ctx.request.length;
    if (length !== undefined && length > MAX_BODY_BYTES) {
      // The unread body would otherwise hold the connection.
      ctx.set('Connection', 'close');
      throw new ApiError('payload_too_large', 'request body must be at most 1 MB');
    }
    if (!isJsonType(ctx.request.type)) {
      const message = 'Content-Type must be application/json';
      throw new ApiError('invalid_request', message, [{ path: '', message }]);
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      if ((error as { status?: unknown }).status === 413) ctx.set('Connection', 'close');
      throw error;
    }
    await next();
  };
}
