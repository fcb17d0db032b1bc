import { z } from 'zod';
import { languageSchema, modeSchema } from './request.js';
import { explanationSummarySchema } from './response.js';

export const DEFAULT_PAGE = 1;
export const MAX_PAGE = 1_000_000;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

// Query values arrive as strings. A repeated parameter (?page=1&page=2) or an
// object-shaped one (?mode[$ne]=x, as qs-style parsers build it) arrives as an
// array or object and is refused here, so it can never reach a database query.
const single = (name: string) => z.string({ error: `${name} must be given once, as a plain value` });

const wholeNumber = (name: string, min: number, max: number) =>
  single(name)
    .regex(/^[0-9]{1,9}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${name} must be a whole number from ${min} to ${max}`)
        .max(max, `${name} must be a whole number from ${min} to ${max}`),
    );

export const listQuerySchema = z.strictObject(
  {
    page: wholeNumber('page', 1, MAX_PAGE).default(DEFAULT_PAGE),
    limit: wholeNumber('limit', 1, MAX_LIMIT).default(DEFAULT_LIMIT),
    language: single('language').pipe(languageSchema).optional(),
    mode: single('mode').pipe(modeSchema).optional(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'query must be a set of parameters' : undefined) },
);

export type ListQueryInput = z.input<typeof listQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;

export const listResponseSchema = z.looseObject({
  items: z.array(explanationSummarySchema),
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(MAX_LIMIT),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});

export type ListResponse = z.infer<typeof listResponseSchema>;
