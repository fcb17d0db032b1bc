/**
 * The code as the engine reads it: a selection the grammar cannot read on its
 * own but can inside what usually surrounds it (class members selected alone)
 * is parsed again inside a wrapper the explanation never shows. The wrapper
 * opens on the first line and closes on the last, so every line keeps its
 * number; only first-line columns move.
 */
import type { LanguageId } from '@code-explain/shared';
import type { Grammar } from '../languages/model.js';
import type { SnippetMetrics } from '../metrics/model.js';
import type { ParsedSource, SourceParser } from './parser.js';

export interface ReadSelection {
  /** The code the tree was parsed from (the selection, or the selection in its wrapper). */
  readonly code: string;
  readonly parsed: ParsedSource;
  /** The wrapper's unit name, when the selection was parsed inside one. */
  readonly wrapper?: string;
}

export async function readSelection(
  parser: SourceParser,
  grammar: Grammar,
  selection: string,
  language: LanguageId,
): Promise<ReadSelection> {
  const code = grammar.prepare?.(selection) ?? selection;
  const parsed = await parser.parse(code, language);
  const members = grammar.members;
  if (parsed.errorRegions === 0 || !members?.looksLike(selection)) return { code, parsed };
  for (const { open, close } of members.wrappers) {
    const wrapped = `${open}${closedOnLastLine(code, close)}`;
    const retry = await parser.parse(wrapped, language);
    // Only a wrapper that makes the code readable is kept: anything else explains what was selected.
    if (retry.errorRegions > 0) {
      retry.snapshot.release();
      continue;
    }
    parsed.snapshot.release();
    return { code: wrapped, parsed: retry, wrapper: members.name };
  }
  return { code, parsed };
}

/**
 * `close` at the end of the code's last line, before its trailing newlines, so the code keeps its line
 * count; on a line of its own only after a line comment, which would swallow it.
 */
function closedOnLastLine(code: string, close: string): string {
  const body = code.replace(/\s+$/, '');
  const trailing = code.slice(body.length);
  const last = body.slice(body.lastIndexOf('\n') + 1);
  return `${body}${/\/\/|\/\*/.test(last) ? '\n' : ' '}${close}${trailing}`;
}

/** The metrics without the wrapper's unit, its members named as the selection names them. */
export function withoutWrapper(metrics: SnippetMetrics, wrapper: string | undefined): SnippetMetrics {
  if (wrapper === undefined) return metrics;
  const prefix = `${wrapper}.`;
  return {
    ...metrics,
    units: metrics.units
      .filter((u) => u.name !== wrapper)
      .map((u) => (u.name.startsWith(prefix) ? { ...u, name: u.name.slice(prefix.length) } : u)),
  };
}
