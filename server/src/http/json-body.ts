/**
 * Reads a JSON request body with bounded work: refuses anything over 1 MB
 * (413, before reading when Content-Length says so; after decoding for a
 * compressed body), anything not declared as JSON (400) and a
 * Content-Encoding it cannot decode (415); then, before parsing, a body with
 * more JSON values than MAX_BODY_VALUES (400): a 1 KB gzip body decoding to
 * half a million array items cost 20 ms of the event loop to parse, and the
 * scan that refuses it stops after a few thousand characters. Reading and
 * parsing are co-body's own steps (raw-body through inflation, then
 * @hapi/bourne, which refuses `__proto__` keys), as koa-bodyparser runs them
 * for the dashboard's forms. Validation comes after, in the handler.
 */
import bourne from '@hapi/bourne';
import inflate from 'inflation';
import getRawBody from 'raw-body';
import type { AppContext, AppMiddleware } from './context.js';
import { ApiError } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The most JSON values a request body may hold, counted before it is parsed
 * (as separators and opening brackets outside strings). An explain request
 * holds about twenty; the rest of the margin lets validation name a
 * mistake's fields rather than refuse the body whole.
 */
export const MAX_BODY_VALUES = 1000;

/** What inflation decodes. */
const CONTENT_CODINGS = ['gzip', 'deflate', 'br'] as const;

/** JSON text that opens an object or an array, after RFC 8259's white space: all a request body may be. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

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
function closeAfterAnswer(ctx: AppContext): void {
  if (ctx.req.httpVersionMajor < 2) ctx.set('Connection', 'close');
}

const hasStatus = (error: unknown): boolean =>
  typeof (error as { status?: unknown } | null)?.status === 'number';

function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

const notJson = (message = 'request body is not valid JSON') =>
  new ApiError('invalid_request', message, [{ path: '', message }]);

/**
 * Whether `text` holds more than `limit` JSON values: counts separators and
 * opening brackets outside strings, skipping each string with indexOf, and
 * stops as soon as the count is past the limit. Malformed text is left to the
 * parser to refuse.
 */
export function holdsMoreValues(text: string, limit: number): boolean {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // To the closing quote: the first one after an even run of backslashes.
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end < 0) return false;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c /* \ */) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (c === 0x2c /* , */ || c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++count > limit) return true;
    }
  }
  return false;
}

async function readText(ctx: AppContext, coding: string): Promise<string> {
  try {
    return await getRawBody(inflate(ctx.req), {
      // The declared length is checked only for an uncompressed body; a compressed one is limited once decoded.
      ...(coding === 'identity' && ctx.request.length !== undefined ? { length: ctx.request.length } : {}),
      limit: MAX_BODY_BYTES,
      encoding: 'utf8',
    });
  } catch (error) {
    if ((error as { status?: unknown }).status === 413) closeAfterAnswer(ctx);
    // zlib's errors (a corrupt or truncated stream) carry no HTTP status.
    if (coding !== 'identity' && !hasStatus(error)) {
      closeAfterAnswer(ctx);
      throw notJson(`request body is not valid ${coding} data`);
    }
    throw error;
  }
}

export function jsonBody(options: { readonly maxValues?: number } = {}): AppMiddleware {
  const maxValues = options.maxValues ?? MAX_BODY_VALUES;
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
    // inflation matches the header exactly: give it the normalized coding.
    if (ctx.req.headers['content-encoding'] !== undefined) ctx.req.headers['content-encoding'] = coding;
    const text = await readText(ctx, coding);
    // As co-body: no body at all is an empty object, whose fields validation then names.
    if (text === '') {
      ctx.request.body = {};
      return next();
    }
    if (holdsMoreValues(text, maxValues)) {
      throw notJson(
        `request body holds more than ${maxValues.toLocaleString('en-US')} JSON values; an explain request holds a few`,
      );
    }
    if (!OBJECT_OR_ARRAY.test(text)) throw notJson();
    try {
      ctx.request.body = bourne.parse(text, { protoAction: 'error' }) as unknown;
    } catch {
      throw notJson();
    }
    await next();
  };
}
