/**
 * The one place errors become responses: an ApiError as the contract's error
 * body; the http-errors that Koa and the body parser throw mapped onto the
 * contract's codes; anything else a 500 whose body says nothing about the
 * cause (the log has it, keyed by the request id).
 */
import type { ErrorCode } from '@code-explain/shared';
import { EngineError } from '../engine/pool/errors.js';
import type { AppMiddleware } from './context.js';
import { StoreBusyError, StoreUnavailableError } from '../store/types.js';
import { ApiError } from './errors.js';

interface HttpErrorLike {
  status: number;
  expose?: boolean;
  type?: string;
  headers?: Record<string, unknown>;
}

function isHttpError(error: unknown): error is HttpErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    Number.isInteger((error as { status: number }).status)
  );
}

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'request body is not valid JSON',
  'entity.verify.failed': 'request body is not valid JSON',
  'encoding.unsupported': 'request body has an unsupported content encoding',
  'charset.unsupported': 'request body has an unsupported charset',
  'request.aborted': 'request body was not received in full',
  'request.size.invalid': 'request body length does not match Content-Length',
};

/** The engine pool's errors carry their contract code; waiting helps where they say when to retry. */
function fromEngineError(error: EngineError): ApiError {
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return new ApiError(error.code, error.message, [], headers);
}

/** Maps anything thrown to the ApiError it is rendered as. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreBusyError) {
    return new ApiError('overloaded', 'the database is busy with other requests; retry in a moment', [], {
      'Retry-After': '1',
    });
  }
  if (error instanceof StoreUnavailableError) {
    return new ApiError(
      'store_unavailable',
      'the database is not answering; nothing was saved, retry in a moment',
      [],
      { 'Retry-After': '1' },
    );
  }
  if (error instanceof EngineError) return fromEngineError(error);
  if (isHttpError(error) && error.status >= 400 && error.status < 500) {
    const code = CODE_FOR_STATUS[error.status] ?? 'invalid_request';
    if (code === 'payload_too_large') return new ApiError(code, 'request body must be at most 1 MB');
    const known = error.type !== undefined ? BODY_ERRORS[error.type] : undefined;
    // co-body marks JSON syntax errors with status 400 and no type.
    const message = known ?? (code === 'invalid_request' ? 'request body is not valid JSON' : code);
    return new ApiError(code, message, code === 'invalid_request' ? [{ path: '', message }] : []);
  }
  return new ApiError('internal_error', 'internal error');
}

export function errorHandler(): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === 'internal_error') {
        ctx.state.log.error({ err: thrown }, 'request failed');
      }
      ctx.status = error.status;
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      ctx.body = error.toBody(ctx.state.requestId);
    }
  };
}
