/**
 * What can go wrong talking to the service, one class per thing the user can
 * do something about: set a key, wait, fix the input, retry.
 */
import type { ErrorDetail } from '@code-explain/shared';
import type { RateLimitInfo } from './rate-limit.js';

export abstract class CodeExplainError extends Error {
  abstract readonly kind: string;
}

/** No key is stored: nothing was sent. */
export class MissingApiKeyError extends CodeExplainError {
  readonly kind = 'missing_key';
  constructor() {
    super('No Code Explain API key is set.');
    this.name = 'MissingApiKeyError';
  }
}

/** The server answered with an error body (or at least an error status). */
export abstract class HttpError extends CodeExplainError {
  constructor(
    message: string,
    readonly status: number,
    readonly requestId: string | undefined,
  ) {
    super(message);
  }
}

export class UnauthorizedError extends HttpError {
  readonly kind = 'unauthorized';
  constructor(message: string, requestId?: string) {
    super(message, 401, requestId);
    this.name = 'UnauthorizedError';
  }
}

export class RateLimitedError extends HttpError {
  readonly kind = 'rate_limited';
  constructor(
    message: string,
    /** From Retry-After; undefined when the server sent none. */
    readonly retryAfterSeconds: number | undefined,
    readonly rateLimit: RateLimitInfo | undefined,
    requestId?: string,
  ) {
    super(message, 429, requestId);
    this.name = 'RateLimitedError';
  }
}

/** 400 or 413: the input is wrong; details name the offending fields. */
export class InvalidRequestError extends HttpError {
  readonly kind = 'invalid_request';
  constructor(
    message: string,
    status: number,
    readonly details: readonly ErrorDetail[],
    requestId?: string,
  ) {
    super(message, status, requestId);
    this.name = 'InvalidRequestError';
  }
}

export class NotFoundError extends HttpError {
  readonly kind = 'not_found';
  constructor(message: string, requestId?: string) {
    super(message, 404, requestId);
    this.name = 'NotFoundError';
  }
}

/** 5xx, or any status this client does not expect: worth retrying. */
export class ServerError extends HttpError {
  readonly kind = 'server';
  constructor(message: string, status: number, requestId?: string) {
    super(message, status, requestId);
    this.name = 'ServerError';
  }
}

/** The server could not be reached (refused, DNS, reset, timed out). */
export class NetworkError extends CodeExplainError {
  readonly kind = 'network';
  constructor(
    readonly serverUrl: string,
    cause: unknown,
  ) {
    super(
      `Cannot reach the Code Explain server at ${serverUrl}: ${cause instanceof Error ? describeCause(cause) : String(cause)}`,
      { cause },
    );
    this.name = 'NetworkError';
  }
}

/** A 2xx whose body is not what the contract says: an error, never a blank view. */
export class MalformedResponseError extends CodeExplainError {
  readonly kind = 'malformed_response';
  constructor(
    readonly what: string,
    readonly problems: readonly string[],
  ) {
    super(`The server sent a malformed ${what}: ${problems.slice(0, 3).join('; ')}`);
    this.name = 'MalformedResponseError';
  }
}

/** The caller's signal aborted the request (the user cancelled). */
export class CancelledError extends CodeExplainError {
  readonly kind = 'cancelled';
  constructor() {
    super('The request was cancelled.');
    this.name = 'CancelledError';
  }
}

// fetch reports "fetch failed" and keeps the useful part (ECONNREFUSED …) in its cause.
function describeCause(error: Error): string {
  const inner = error.cause;
  if (inner instanceof Error) {
    const code = (inner as NodeJS.ErrnoException).code;
    return code ? `${code} (${inner.message})` : inner.message;
  }
  return error.message;
}
