// Small helpers shared by the shared/ test files (not a test file itself).
import assert from 'node:assert/strict';
import type { z } from 'zod';

/** An issue reduced to what the tests compare: where it is and what it says. */
export interface IssueSummary {
  path: PropertyKey[];
  message: string;
}

/** Parses `input`, failing the test (with the issues) if the schema refuses it. */
export function parseOk<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    assert.fail(`expected ${JSON.stringify(input)?.slice(0, 200)} to parse, got ${result.error.message}`);
  }
  return result.data;
}

/** Parses `input`, failing the test if the schema accepts it; returns the issues. */
export function parseFails(schema: z.ZodType, input: unknown): IssueSummary[] {
  const result = schema.safeParse(input);
  if (result.success) {
    assert.fail(
      `expected ${JSON.stringify(input)?.slice(0, 200)} to be refused, got ${JSON.stringify(result.data)?.slice(0, 200)}`,
    );
  }
  return result.error.issues.map((issue) => ({ path: [...issue.path], message: issue.message }));
}

/** The ZodError for a refused input. */
export function zodErrorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) assert.fail(`expected ${JSON.stringify(input)?.slice(0, 200)} to be refused`);
  return result.error;
}

/** A readable label for a table row's input. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** A copy of `value` without `key`. */
export function without(value: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
}
