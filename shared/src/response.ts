import { z } from 'zod';
import { audienceSchema, focusAreaSchema, modeSchema } from './request.js';
import { LANGUAGE_IDS } from './languages.js';
import { FOCUS_AREAS } from './options.js';

// Response objects are "loose": later versions add fields, and a client built
// against this version must keep (not reject, not drop) what it does not know.

const count = z.number().int().nonnegative();

export const complexitySchema = z.looseObject({
  cognitive: count,
  cyclomatic: count,
  /** Halstead volume, N·log2(n). */
  halstead: z.number().nonnegative(),
});

/**
 * One contribution to a unit's cyclomatic or cognitive number: the unit's
 * increments of one metric sum to that metric.
 */
export const incrementSchema = z
  .looseObject({
    metric: z.enum(['cognitive', 'cyclomatic']),
    /** 1-based line of the code that adds it (for a summed entry, the first of its lines). */
    line: z.number().int().positive(),
    /** Usually positive; -1 where a language counts a construct one less than its parts (Kotlin's `when`). */
    points: z.number().int(),
    /** What adds it, in words: "`if`, nested 1 level deep", "a sequence of `&&`", "3 more places (lines 40–52)". */
    reason: z.string(),
    /** For a cognitive increment that grows with nesting: the nesting level included in `points`. */
    nesting: z.number().int().nonnegative().optional(),
  })
  .meta({
    description:
      'One contribution to a unit\'s cyclomatic or cognitive number; a unit\'s increments of one metric sum to that metric. `reason` says what adds it, quoting the code\'s own keyword or operator ("`if`, nested 1 level deep", "a sequence of `&&`").',
  });

export const unitSchema = z.looseObject({
  name: z.string(),
  kind: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  complexity: complexitySchema,
  /**
   * Why the unit's numbers are what they are, in source order; carried for the
   * most complex units (at most 30), at most 30 entries each (the rest of a
   * metric's summed into one entry, so sums still hold).
   */
  increments: z.array(incrementSchema).optional().meta({
    description:
      "What adds up to the unit's numbers, in source order. Carried for the most complex units (at most 30), at most 30 entries each; the rest of a metric's increments are summed into one entry, so sums still hold.",
  }),
});

export const metadataSchema = z.looseObject({
  tokens: count,
  complexity: complexitySchema,
  units: z.array(unitSchema).optional(),
  /** Units the snippet has beyond those in `units` (the engine lists at most 500, in source order). */
  unitsOmitted: count.optional(),
  /**
   * Plain statements about what this analysis left out, one per check that
   * failed on this code ("The check security/x failed on this code, so its
   * findings are left out."). Absent when nothing was left out. Never carries
   * an error message or a stack.
   */
  notes: z.array(z.string()).optional().meta({
    description:
      'What this analysis left out, in plain words: one note per check that failed on this code ("The check security/x failed on this code, so its findings are left out."). Absent when nothing was left out; the suggestions of the other checks are complete.',
  }),
});

export const sectionSchema = z.looseObject({
  title: z.string(),
  content: z.string(),
});

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const suggestionSchema = z.looseObject({
  type: z.enum(FOCUS_AREAS),
  description: z.string(),
  severity: z.enum(SEVERITIES).optional(),
  /** 1-based line in the submitted code. */
  line: z.number().int().positive().optional(),
  /** Id of the engine rule that made the suggestion. */
  rule: z.string().optional(),
});

export const explainResponseSchema = z.looseObject({
  /** The explanation in prose: what the code is and is for, and (in most modes) each unit in turn. */
  explanation: z.string(),
  /** What the mode adds beyond the explanation (metrics, findings, a line-by-line walkthrough…); none repeats it. */
  sections: z.array(sectionSchema),
  suggestions: z.array(suggestionSchema),
  metadata: metadataSchema,
  id: z.string().optional(),
  createdAt: z.iso.datetime().optional(),
});

/** One saved explanation, as the history endpoints return it. */
export const savedExplanationSchema = z.looseObject({
  id: z.string(),
  createdAt: z.iso.datetime(),
  language: z.enum(LANGUAGE_IDS),
  mode: modeSchema,
  audience: audienceSchema,
  focus: z.array(focusAreaSchema),
  code: z.string(),
  explanation: z.string(),
  sections: z.array(sectionSchema),
  suggestions: z.array(suggestionSchema),
  metadata: metadataSchema,
});

/**
 * One saved explanation as a list page carries it: bounded in size whatever
 * was explained. The code, sections, suggestions and per-unit metrics come
 * from `GET /api/explanations/{id}`.
 */
export const explanationSummarySchema = savedExplanationSchema
  .pick({ id: true, createdAt: true, language: true, mode: true, audience: true, focus: true })
  .extend({
    /** The code's first lines: at most 12 lines and 600 characters. */
    codePreview: z.string(),
    /** How many lines the code has. */
    codeLines: count,
    explanation: z.string(),
    /** True when `explanation` is only the start of a very long one (the record has it whole). */
    explanationClipped: z.boolean().optional(),
    suggestionCount: count,
    /** The metadata without `units`. */
    metadata: metadataSchema,
  });

export type Complexity = z.infer<typeof complexitySchema>;
export type Unit = z.infer<typeof unitSchema>;
export type Increment = z.infer<typeof incrementSchema>;
export type Metadata = z.infer<typeof metadataSchema>;
export type Section = z.infer<typeof sectionSchema>;
export type Suggestion = z.infer<typeof suggestionSchema>;
export type ExplainResponse = z.infer<typeof explainResponseSchema>;
export type SavedExplanation = z.infer<typeof savedExplanationSchema>;
export type ExplanationSummary = z.infer<typeof explanationSummarySchema>;

/**
 * The sections a reader has not already read. The engine's sections never repeat its explanation, but
 * explanations saved before that carried their overview and walkthrough both ways: a page shows each text once.
 */
export function sectionsBeyondExplanation(result: {
  readonly explanation: string;
  readonly sections: readonly { readonly title: string; readonly content: string }[];
}): { readonly title: string; readonly content: string }[] {
  return result.sections.filter((s) => !(s.content.trim() && result.explanation.includes(s.content.trim())));
}
