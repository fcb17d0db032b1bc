/**
 * The typed errors a request can end in, and the contract's error body they
 * become. Handlers throw these; one error middleware renders them.
 */
import {
  errorDetailsFromZod,
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

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    /** Headers the response must carry: `WWW-Authenticate`, `Allow`, `Retry-After`, `Accept-Encoding`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = STATUS[code];
  }

  /** A 400 naming every offending path of a failed validation. */
  static fromZod(error: ZodError, what: string): ApiError {
    const details = errorDetailsFromZod(error);
    return new ApiError('invalid_request', `invalid ${what}: ${summarizeDetails(details)}`, details);
  }

  toBody(requestId: string): ErrorBody {
    return { error: { code: this.code, message: this.message, details: [...this.details], requestId } };
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
