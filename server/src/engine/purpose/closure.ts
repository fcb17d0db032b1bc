/**
 * Closures and captured state: the names a nested function uses from the
 * function around it (its parameters and the variables it declares), and
 * which of those it changes, which is state kept between calls.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import { declaredIn } from './own-text.js';
import { escapeRegExp } from '../regex.js';

export interface Captures {
  /** Names of the enclosing function it reads or writes, in order of first use. */
  readonly uses: readonly string[];
  /** Those it assigns: state it shares with the enclosing function and keeps between calls. */
  readonly changes: readonly string[];
}

/** Words that are never captured variables. */
const KEYWORDS = new Set(
  'return if else for while const let var function new this self true false null undefined None True False nil in of and or not await async def lambda'.split(
    ' ',
  ),
);

/**
 * `parentDeclared`: the names the enclosing function's own code declares
 * (its nested functions' declarations are theirs, not shared state).
 */
export function capturesOf(
  unit: Node,
  params: readonly string[],
  parentDeclared: ReadonlySet<string>,
  parentParams: readonly string[],
  assignmentDeclares: boolean,
): Captures | undefined {
  if (parentDeclared.size === 0 && parentParams.length === 0) return undefined;
  const body = unit.childForFieldName('body')?.text ?? unit.text;
  // The enclosing function's names this body mentions, in order of first mention; most bodies
  // mention none, and then the unit's own declarations need not be read.
  const mentioned = new Set<string>();
  for (const m of body.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\b/g)) {
    const name = m[1]!;
    if (mentioned.has(name) || KEYWORDS.has(name)) continue;
    if (parentDeclared.has(name) || parentParams.includes(name)) mentioned.add(name);
  }
  if (mentioned.size === 0) return undefined;
  const own = new Set([...params, ...declaredIn(unit.text, assignmentDeclares)]);
  const uses = [...mentioned].filter((name) => !own.has(name));
  const changes: string[] = [];
  for (const name of uses) {
    if (new RegExp(`(?<![.\\w$])${escapeRegExp(name)}\\s*(?:[-+*/]?=(?!=)|\\+\\+|--)`).test(body))
      changes.push(name);
  }
  return uses.length ? { uses, changes } : undefined;
}
