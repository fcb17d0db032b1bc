/** zod at the boundary: a parsed value, or a 400 naming the offending paths (the first of them, and how many more). */
import type { z } from 'zod';
import { ApiError } from './errors.js';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, what);
  return parsed.data;
}
