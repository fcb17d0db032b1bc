/**
 * How much a response may carry, whatever the input. Responses are saved with
 * their code and listed a page at a time, so their size must not grow with
 * the number of functions or findings in the code. server/README.md states
 * these numbers; server/test/engine/bounds.test.ts holds the engine to them.
 */

/** The response as JSON, in UTF-8 bytes: the promise. `fit.ts` enforces it last. */
export const MAX_RESPONSE_BYTES = 256 * 1024;

/** Findings of one rule listed one by one; the rest of that rule's become one summary. */
export const MAX_PER_RULE = 5;

/** Suggestions in a response; above it, lower-priority rules are summarised more tightly. */
export const MAX_SUGGESTIONS = 50;

/** Line numbers a summary names before "and N more". */
export const MAX_SUMMARY_LINES = 20;

/** Characters of one suggestion's text. */
export const MAX_DESCRIPTION_CHARS = 1_500;

/** Characters of code quoted inline in any text (the facts clip subjects to the same length). */
export const MAX_QUOTE_CHARS = 80;

/** Characters of the explanation. */
export const MAX_EXPLANATION_CHARS = 6_000;

/** Characters of one section's content. */
export const MAX_SECTION_CHARS = 8_000;

/** Items of a list in a section (functions, imports, exits, …) before "and N more". */
export const MAX_LIST_ITEMS = 12;

/** Suggestions a section other than the suggestions list quotes in full; the rest it counts. */
export const MAX_QUOTED_SUGGESTIONS = 5;

/** Units in `metadata.units`, in source order; `metadata.unitsOmitted` counts the rest. */
export const MAX_UNITS = 500;

/** Units whose `increments` the response carries: the most complex ones. */
export const MAX_UNITS_WITH_INCREMENTS = 30;

/** Increments listed per unit; the rest of each metric's are summed into one entry, so sums still hold. */
export const MAX_INCREMENTS_PER_UNIT = 30;

/** Characters of a unit's name in `metadata.units`. */
export const MAX_UNIT_NAME_CHARS = 80;
