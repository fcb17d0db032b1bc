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
  // Too many analyses are waiting (503, with Retry-After); retry later.
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

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** One detail per offending path; an unknown field gets its own entry. */
export function errorDetailsFromZod(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        details.push({ path: formatPath([...issue.path, key]), message: 'unknown field' });
      }
    } else {
      details.push({ path: formatPath(issue.path), message: issue.message });
    }
  }
  return details;
}

/** A short summary of details for the error's `message`. */
export function summarizeDetails(details: readonly ErrorDetail[]): string {
  const shown = details.slice(0, 3).map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
  const more = details.length > 3 ? ` (and ${details.length - 3} more)` : '';
  return shown.join('; ') + more;
}
