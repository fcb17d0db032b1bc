/**
 * Reads a JSON request body: refuses anything over 1 MB (413, before reading
 * when Content-Length says so; after decoding for a compressed body), anything
 * not declared as JSON (400) and a Content-Encoding it cannot decode (415),
 * then parses with koa-bodyparser. A compressed body that does not decode is a
 * 400 like malformed JSON. Validation comes after, in the handler.
 */
import bodyParser from 'koa-bodyparser';
import type { AppMiddleware } from './context.js';
import { ApiError } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** What koa-bodyparser decodes (through `inflation`). */
const CONTENT_CODINGS = ['gzip', 'deflate', 'br'] as const;

/** The request's content coding, lower-cased (codings are case-insensitive); `identity` when none. */
function contentCoding(header: string | undefined): string {
  const coding = (header ?? '').trim().toLowerCase();
  return coding === '' ? 'identity' : coding;
}

/**
 * The unread rest of a refused body must not hold the connection: HTTP/1.1
 * closes it after the answer. HTTP/2 has no Connection header (Node drops it
 * with a process warning); there Node resets the refused request's stream
 * itself once the answer is sent, and the connection goes on serving.
 */
function closeAfterAnswer(ctx: Parameters<AppMiddleware>[0]): void {
  if (ctx.req.httpVersionMajor < 2) ctx.set('Connection', 'close');
}

const hasStatus = (error: unknown): boolean =>
  typeof (error as { status?: unknown } | null)?.status === 'number';

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
      closeAfterAnswer(ctx);
      throw new ApiError('payload_too_large', 'request body must be at most 1 MB');
    }
    if (!isJsonType(ctx.request.type)) {
      const message = 'Content-Type must be application/json';
      throw new ApiError('invalid_request', message, [{ path: '', message }]);
    }
    const coding = contentCoding(ctx.get('Content-Encoding'));
    if (coding !== 'identity' && !(CONTENT_CODINGS as readonly string[]).includes(coding)) {
      closeAfterAnswer(ctx);
      throw new ApiError(
        'unsupported_media_type',
        `Content-Encoding ${coding} is not supported; send the body uncompressed or as ${CONTENT_CODINGS.join(', ')}`,
        [],
        { 'Accept-Encoding': CONTENT_CODINGS.join(', ') },
      );
    }
    // The parser matches the header exactly: give it the normalized coding.
    if (ctx.req.headers['content-encoding'] !== undefined) ctx.req.headers['content-encoding'] = coding;
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      if ((error as { status?: unknown }).status === 413) closeAfterAnswer(ctx);
      // zlib's errors (a corrupt or truncated stream) carry no HTTP status.
      if (coding !== 'identity' && !hasStatus(error)) {
        closeAfterAnswer(ctx);
        const message = `request body is not valid ${coding} data`;
        throw new ApiError('invalid_request', message, [{ path: '', message }]);
      }
      throw error;
    }
    await next();
  };
}
