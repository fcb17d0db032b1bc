/** Small helpers for writing English sentences about code. */
import { MAX_QUOTE_CHARS } from '../budget.js';
import { clip } from '../clip.js';

/** `a`, `a and b`, `a, b and c`. */
export function listOf(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** "1 function", "3 functions". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/**
 * Inline code, safe against backticks inside. Longer than MAX_QUOTE_CHARS, it
 * is shown on one line, cut with "…": a name or string can be any length.
 */
export function code(text: string): string {
  const shown = text.length > MAX_QUOTE_CHARS ? clip(text.replace(/\s+/g, ' '), MAX_QUOTE_CHARS) : text;
  return shown.includes('`') ? `\`\` ${shown} \`\`` : `\`${shown}\``;
}

export function lineRange(start: number, end: number): string {
  return start === end ? `line ${start}` : `lines ${start}–${end}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Joins sentences, skipping empty ones. */
export function sentences(...parts: ReadonlyArray<string | undefined | false>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' ');
}

export function bulletList(items: readonly string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

/** The first `max` items and how many were left out. */
export function firstOf<T>(items: readonly T[], max: number): { shown: T[]; rest: number } {
  return { shown: items.slice(0, max), rest: Math.max(0, items.length - max) };
}

/** `a, b and c`, or `a, b, c and 7 more` past `max` items. */
export function listUpTo(items: readonly string[], max: number, conjunction = 'and'): string {
  const { shown, rest } = firstOf(items, max);
  return listOf(rest > 0 ? [...shown, `${rest} more`] : shown, conjunction);
}

/** A bullet list of at most `max` items; past that, a last line "…and N more <things>." */
export function bulletListUpTo(items: readonly string[], max: number, things: string): string {
  const { shown, rest } = firstOf(items, max);
  return bulletList(rest > 0 ? [...shown, `…and ${rest} more ${things}.`] : shown);
}

/** "One more function is" / "The other 3 functions are" (or without "other" when none came before). */
export function moreFunctions(n: number, other = true): string {
  if (n === 1) return other ? 'One more function is' : 'One function is';
  return `${other ? 'The other ' : ''}${n} functions are`;
}

/**
 * Whether a catch clause takes only the signal that an iterator has no next item (Python's and Ruby's
 * `StopIteration`, Python's `StopAsyncIteration`): the normal end of an iteration, not an error.
 */
export function endsIteration(step: { readonly kind: string; readonly caught?: readonly string[] }): boolean {
  return (
    step.kind === 'catch' &&
    !!step.caught?.length &&
    step.caught.every((t) => t === 'StopIteration' || t === 'StopAsyncIteration')
  );
}
