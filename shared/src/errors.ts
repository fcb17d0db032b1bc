import { z } from 'zod';

export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'not_found',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  // A known path asked with a method it does not serve (405, with an Allow header).
  'method_not_allowed',
  // The body's Content-Encoding is not one the service reads (415).
  'unsupported_media_type',
  // The analysis of this input did not finish within the engine's deadline (422); retrying will not help.
  'analysis_timeout',
  // The parser crashed on this input (422); its worker was replaced, other requests are unaffected.
  'analysis_failed',
  // The service is at capacity: too many analyses are waiting, or the database has as much work as it
  // answers in time (503, with Retry-After); retry then.
  'overloaded',
  // No engine worker can run analyses right now (503, with Retry-After).
  'engine_unavailable',
  // The database does not answer in time (503, with Retry-After); nothing was saved.
  'store_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({
  /** Where the problem is: `code`, `focus[2]`, `metadata.units`; empty for the whole input. */
  path: z.string(),
  message: z.string(),
});

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetailSchema),
    requestId: z.string(),
  }),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The most details an error lists; past it, one more says how many were left
 * out. A request of any size gets an answer of bounded size: a 1 MB body
 * could otherwise name half a million offending items.
 */
export const MAX_ERROR_DETAILS = 20;
/** The longest `path` or `message` a detail carries (an unknown field's name is the client's text). */
export const MAX_DETAIL_TEXT = 200;

/** `text` cut to `max` UTF-16 units at most, marked with an ellipsis where cut (never mid surrogate pair). */
function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

const clipDetail = (detail: ErrorDetail): ErrorDetail => ({
  path: clipText(detail.path, MAX_DETAIL_TEXT),
  message: clipText(detail.message, MAX_DETAIL_TEXT),
});

/** The detail that stands for `count` left out. */
const moreDetail = (count: number): ErrorDetail => ({
  path: '',
  message: `and ${count.toLocaleString('en-US')} more`,
});

/**
 * At most MAX_ERROR_DETAILS details, each clipped, then `and N more` when
 * some were left out. `total` is how many there were in all, when the caller
 * stopped collecting early.
 */
export function boundDetails(details: readonly ErrorDetail[], total = details.length): ErrorDetail[] {
  const bounded = details.slice(0, MAX_ERROR_DETAILS).map(clipDetail);
  const omitted = Math.max(total, details.length) - bounded.length;
  return omitted > 0 ? [...bounded, moreDetail(omitted)] : bounded;
}

/** The first MAX_ERROR_DETAILS details of a failed validation, and how many there were in all. */
export interface CollectedDetails {
  readonly details: readonly ErrorDetail[];
  readonly total: number;
}

/** One detail per offending path, an unknown field its own entry; past the first few they are counted, never built. */
export function collectZodDetails(error: z.ZodError): CollectedDetails {
  const details: ErrorDetail[] = [];
  let total = 0;
  const add = (path: readonly PropertyKey[], message: string) => {
    total++;
    if (details.length < MAX_ERROR_DETAILS) details.push({ path: formatPath(path), message });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Counted whole: there may be hundreds of thousands.
      const shown = issue.keys.slice(0, Math.max(0, MAX_ERROR_DETAILS - details.length));
      for (const key of shown) add([...issue.path, key], 'unknown field');
      total += issue.keys.length - shown.length;
    } else {
      add(issue.path, issue.message);
    }
  }
  return { details, total };
}

/** A failed validation's details as an error body carries them (boundDetails). */
export function errorDetailsFromZod(error: z.ZodError): ErrorDetail[] {
  const { details, total } = collectZodDetails(error);
  return boundDetails(details, total);
}

/** A short summary of details for the error's `message`; `total` counts those not passed too. */
export function summarizeDetails(details: readonly ErrorDetail[], total = details.length): string {
  const shown = details.slice(0, 3).map((d) => {
    const { path, message } = clipDetail(d);
    return path ? `${path}: ${message}` : message;
  });
  const more = Math.max(total, details.length) - shown.length;
  return shown.join('; ') + (more > 0 ? ` (and ${more.toLocaleString('en-US')} more)` : '');
}
