/**
 * Closures and captured state: the names a nested function uses from the
 * function around it (its parameters and the variables it declares), and
 * which of those it changes, which is state kept between calls.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';

export interface Captures {
  /** Names of the enclosing function it reads or writes, in order of first use. */
  readonly uses: readonly string[];
  /** Those it assigns: state it shares with the enclosing function and keeps between calls. */
  readonly changes: readonly string[];
}

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that are never captured variables. */
const KEYWORDS = new Set(
  'return if else for while const let var function new this self true false null undefined None True False nil in of and or not await async def lambda'.split(
    ' ',
  ),
);

/**
 * Names a function body declares: `let x`, `const x`, `var x`, `x :=`, and
 * where assignment declares (Python, Ruby) `x =`.
 */
function declaredIn(text: string, assignmentDeclares: boolean): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\b(?:let|const|var)\s+(\w+)|(?:^|[\s,(])(\w+)\s*:=|^\s*(\w+)\s*=(?!=)/gm)) {
    if (m[3] !== undefined && !assignmentDeclares) continue;
    names.add((m[1] ?? m[2] ?? m[3])!);
  }
  return names;
}

export function capturesOf(
  unit: Node,
  params: readonly string[],
  parent: Node,
  parentParams: readonly string[],
  assignmentDeclares: boolean,
): Captures | undefined {
  // The parent's own code: its text without this unit's.
  const parentText =
    parent.text.slice(0, unit.startIndex - parent.startIndex) +
    parent.text.slice(unit.endIndex - parent.startIndex);
  const candidates = new Set([...parentParams, ...declaredIn(parentText, true)]);
  const own = new Set([...params, ...declaredIn(unit.text, assignmentDeclares)]);
  const body = unit.childForFieldName('body')?.text ?? unit.text;
  const uses: string[] = [];
  const changes: string[] = [];
  for (const m of body.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\b/g)) {
    const name = m[1]!;
    if (KEYWORDS.has(name) || own.has(name) || !candidates.has(name) || uses.includes(name)) continue;
    uses.push(name);
  }
  for (const name of uses) {
    if (new RegExp(`(?<![.\\w$])${escape(name)}\\s*(?:[-+*/]?=(?!=)|\\+\\+|--)`).test(body))
      changes.push(name);
  }
  return uses.length ? { uses, changes } : undefined;
}
