/** The quota the server reports on every /api response, for the status bar. */

export interface RateLimitInfo {
  readonly limit: number;
  readonly remaining: number;
  /** When the window resets, in epoch milliseconds. */
  readonly resetAt: number;
}

export interface HeadersLike {
  get(name: string): string | null;
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Undefined unless all three X-RateLimit headers are present and numeric. */
export function parseRateLimit(headers: HeadersLike): RateLimitInfo | undefined {
  const limit = wholeNumber(headers.get('x-ratelimit-limit'));
  const remaining = wholeNumber(headers.get('x-ratelimit-remaining'));
  const reset = wholeNumber(headers.get('x-ratelimit-reset'));
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, resetAt: Math.round(reset * 1000) };
}

/** Retry-After as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
