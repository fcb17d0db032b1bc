/**
 * C and C++ function-like macros the snippet defines (`#define MG_CHECKRET(x) do { … return j; } while (0)`):
 * a use of one is no call, it is the macro's text put in place, and a `return` in that text returns from
 * the function that uses it. Read from the source, once per file.
 */
import type { LanguageId } from '@code-explain/shared';
import type { UnitFacts } from '../facts/model.js';

export interface Macro {
  readonly name: string;
  /** Its line in the file. */
  readonly line: number;
  /** What a `return` in its text gives back, as written (`j`), when it has one. */
  readonly returns?: string;
}

/** `#define NAME(params) body`, with the body's continuation lines (`\` at a line's end). */
const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)/gm;

function macrosIn(source: string): ReadonlyMap<string, Macro> {
  const found = new Map<string, Macro>();
  for (const m of source.matchAll(DEFINE)) {
    const line = source.slice(0, m.index).split('\n').length;
    const returned = /\breturn\s+([^;]+);/.exec(m[3]!)?.[1]?.trim();
    found.set(m[1]!, { name: m[1]!, line, ...(returned ? { returns: returned } : {}) });
  }
  return found;
}

const C_LIKE: ReadonlySet<LanguageId> = new Set(['c', 'cpp']);

/** The snippet's function-like macros a unit uses, by the names it calls. */
export function macrosUsedBy(u: UnitFacts, language: LanguageId): Macro[] {
  if (!C_LIKE.has(language)) return [];
  const all = u.metrics.node.doc.derived(macrosIn);
  return u.calls.flatMap((c) => (all.has(c) ? [all.get(c)!] : []));
}
