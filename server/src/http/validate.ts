/** zod at the boundary: a parsed value, or a 400 naming the offending paths. */
import { MAX_ERROR_DETAILS, type ErrorDetail } from '@code-explain/shared';
import { z } from 'zod';
import { ApiError } from './errors.js';

/**
 * The fields of an object schema, or undefined for any other schema (a
 * pipe, a transform), whose input is not walked field by field here.
 */
function knownFields(schema: z.ZodType): ReadonlySet<string> | undefined {
  return schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A strict object schema walks every field of its input to name the unknown
 * ones: a 1 MB body of 90,000 fields held the event loop 200 ms. Past
 * MAX_ERROR_DETAILS unknown fields the answer is known without zod, which
 * then never sees the body: the first of them are named, the rest counted.
 */
function refuseManyUnknownFields(known: ReadonlySet<string>, input: Record<string, unknown>, what: string) {
  const named: ErrorDetail[] = [];
  let unknown = 0;
  for (const key in input) {
    if (known.has(key)) continue;
    unknown++;
    if (named.length < MAX_ERROR_DETAILS) named.push({ path: key, message: 'unknown field' });
  }
  if (unknown <= MAX_ERROR_DETAILS) return;
  throw new ApiError(
    'invalid_request',
    `invalid ${what}: ${unknown.toLocaleString('en-US')} unknown fields (${named
      .slice(0, 3)
      .map((d) => d.path.slice(0, 40))
      .join(', ')}, …)`,
    named,
    {},
    unknown,
  );
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const known = knownFields(schema);
  if (known && isPlainObject(input)) refuseManyUnknownFields(known, input, what);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, what);
  return parsed.data;
}
