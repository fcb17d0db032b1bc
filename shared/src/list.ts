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

/**
 * Where a walk through the list stands: the last record of the page before
 * (the next page is what is strictly older in list order) and the number the
 * next page has. Clients treat the encoded cursor as opaque.
 */
export interface ListCursor {
  readonly createdAt: Date;
  readonly id: string;
  readonly page: number;
}

const MAX_CURSOR_LENGTH = 200;
const BAD_CURSOR = 'cursor must be a nextCursor from an earlier page of this list';

const cursorBodySchema = z.strictObject({
  t: z.number().int().min(0).max(8.64e15),
  id: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  p: z.number().int().min(2).max(MAX_PAGE),
});

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The cursor a page hands out for the page after it. */
export function encodeListCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify({ t: cursor.createdAt.getTime(), id: cursor.id, p: cursor.page }));
}

/** A cursor as sent back: its own shape checked, never trusted further than that. */
export const listCursorSchema = single('cursor')
  .max(MAX_CURSOR_LENGTH, BAD_CURSOR)
  .regex(/^[A-Za-z0-9_-]+$/, BAD_CURSOR)
  .transform((text, ctx): ListCursor => {
    try {
      const body = cursorBodySchema.parse(JSON.parse(fromBase64Url(text)));
      return { createdAt: new Date(body.t), id: body.id, page: body.p };
    } catch {
      ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
      return z.NEVER;
    }
  });

export const listQuerySchema = z
  .strictObject(
    {
      page: wholeNumber('page', 1, MAX_PAGE).optional(),
      limit: wholeNumber('limit', 1, MAX_LIMIT).default(DEFAULT_LIMIT),
      language: single('language').pipe(languageSchema).optional(),
      mode: single('mode').pipe(modeSchema).optional(),
      cursor: listCursorSchema.optional().meta({
        description:
          "The previous page's `nextCursor`: the page after it, found from where that page ended (as fast at any depth), instead of by number (`page`, whose cost grows with its depth). Not together with `page`.",
      }),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'query must be a set of parameters' : undefined) },
  )
  .refine((query) => query.page === undefined || query.cursor === undefined, {
    message: 'give page or cursor, not both',
    path: ['cursor'],
  })
  .transform(({ page, ...rest }) => ({ ...rest, page: page ?? rest.cursor?.page ?? DEFAULT_PAGE }));

export type ListQueryInput = z.input<typeof listQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;

export const listResponseSchema = z.looseObject({
  items: z.array(explanationSummarySchema),
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(MAX_LIMIT),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  /**
   * The next page's cursor, null on the last page. Optional so that answers
   * of servers from before cursors (API 0.4) still parse.
   */
  nextCursor: z.string().nullable().optional(),
});

export type ListResponse = z.infer<typeof listResponseSchema>;
