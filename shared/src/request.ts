import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGE_IDS, resolveLanguage } from './languages.js';
import { AUDIENCES, DEFAULT_AUDIENCE, DEFAULT_MODE, FOCUS_AREAS, MODES } from './options.js';

export const MAX_CODE_CHARACTERS = 100_000;

/** Characters as a reader counts them: code points, so an emoji is one. */
export function countCharacters(text: string): number {
  let surrogatePairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return text.length - surrogatePairs;
}

export const codeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'code is required' : 'code must be a string') })
  .refine((code) => code.trim().length > 0, {
    message: 'code must not be empty or only white space',
    // Stop here: the length check below is meaningless for empty code.
    abort: true,
  })
  .refine((code) => code.length <= MAX_CODE_CHARACTERS || countCharacters(code) <= MAX_CODE_CHARACTERS, {
    message: `code must be at most ${MAX_CODE_CHARACTERS.toLocaleString('en-US')} characters`,
  });

export const modeSchema = z.enum(MODES, {
  error: () => `mode must be one of: ${MODES.join(', ')}`,
});

export const audienceSchema = z.enum(AUDIENCES, {
  error: () => `audience must be one of: ${AUDIENCES.join(', ')}`,
});

export const focusAreaSchema = z.enum(FOCUS_AREAS, {
  error: () => `focus areas must be among: ${FOCUS_AREAS.join(', ')}`,
});

/** Longer than any language's id or alias: a longer name is refused before it is looked up. */
export const MAX_LANGUAGE_NAME = 40;

/** Accepts an id or alias in any case; yields the canonical id. */
export const languageSchema = z
  .string({ error: 'language must be a string' })
  .max(MAX_LANGUAGE_NAME, `language must be at most ${MAX_LANGUAGE_NAME} characters`)
  .transform((name, ctx) => {
    const id = resolveLanguage(name);
    if (id === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `unsupported language "${name}"; supported: ${LANGUAGE_IDS.join(', ')}`,
        input: name,
      });
      return z.NEVER;
    }
    return id;
  });

/**
 * At most one entry per focus area. Checked before the entries are (zod
 * checks an array's length first), so a body of half a million entries costs
 * one comparison, not half a million failed ones.
 */
export const MAX_FOCUS_AREAS = FOCUS_AREAS.length;

/** A list of focus areas; repeated areas collapse, first mention keeps its place. */
export const focusSchema = z
  .array(focusAreaSchema, { error: 'focus must be an array of focus areas' })
  .check(
    new z.core.$ZodCheckMaxLength({
      check: 'max_length',
      maximum: MAX_FOCUS_AREAS,
      error: () => `focus must list at most ${MAX_FOCUS_AREAS} areas`,
      // zod measures any input that has a length (its default `when`): a string is only "not an array".
      // `.max()` takes no `when`, hence the check made by hand.
      when: (payload) => Array.isArray(payload.value),
    }),
  )
  .transform((areas) => [...new Set(areas)]);

export const explainRequestSchema = z.strictObject(
  {
    code: codeSchema,
    mode: modeSchema.default(DEFAULT_MODE),
    language: languageSchema.default(DEFAULT_LANGUAGE),
    audience: audienceSchema.default(DEFAULT_AUDIENCE),
    focus: focusSchema.default([]),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'request body must be a JSON object' : undefined) },
);

/** What a client sends. */
export type ExplainRequestInput = z.input<typeof explainRequestSchema>;
/** The request after validation: defaults applied, language canonical, focus unique. */
export type ExplainRequest = z.output<typeof explainRequestSchema>;
