/**
 * The typed errors a request can end in, and the contract's error body they
 * become. Handlers throw these; one error middleware renders them.
 */
import {
  boundDetails,
  collectZodDetails,
  summarizeDetails,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
} from '@code-explain/shared';
import type { ZodError } from 'zod';

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  method_not_allowed: 405,
  unsupported_media_type: 415,
  analysis_timeout: 422,
  analysis_failed: 422,
  overloaded: 503,
  engine_unavailable: 503,
  store_unavailable: 503,
};

export class ApiError extends Error {
  readonly status: number;

  /** At most MAX_ERROR_DETAILS of them, each clipped, then `and N more`: an error's size is bounded whatever its cause. */
  readonly details: readonly ErrorDetail[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    details: readonly ErrorDetail[] = [],
    /** Headers the response must carry: `WWW-Authenticate`, `Allow`, `Retry-After`, `Accept-Encoding`. */
    readonly headers: Readonly<Record<string, string>> = {},
    /** How many details there were in all, when the caller passed only the first ones. */
    totalDetails = details.length,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = STATUS[code];
    this.details = boundDetails(details, totalDetails);
  }

  /** A 400 naming the offending paths of a failed validation (the first of them, and how many more). */
  static fromZod(error: ZodError, what: string): ApiError {
    const { details, total } = collectZodDetails(error);
    return new ApiError(
      'invalid_request',
      `invalid ${what}: ${summarizeDetails(details, total)}`,
      details,
      {},
      total,
    );
  }

  toBody(requestId: string): ErrorBody {
    return { error: { code: this.code, message: this.message, details: [...this.details], requestId } };
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
