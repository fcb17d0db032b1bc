/**
 * What a unit hands its caller besides a `return` with a value, and what it
 * takes besides its declared parameters: Go's named results (a bare
 * `return` returns them), C#'s `out`/`ref` and Swift's `inout` parameters,
 * JavaScript's `arguments` object, and C's `goto` to a label whose code
 * returns. Each is read from the tree with the language's own vocabulary
 * (languages/<lang>.ts, `passing`); a language without one has none.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { PassedBack } from '../languages/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { GotoExit } from './model.js';

/** Go's named results, in order; empty where the results have no names (or the language has none). */
export function namedResultsOf(language: LanguageId, unit: Node): readonly string[] {
  return LANGUAGES[language].passing?.namedResults?.(unit) ?? [];
}

/** Its parameters that hand a value back to the caller, by name. */
export function passedBackOf(language: LanguageId, unit: Node): ReadonlyMap<string, PassedBack> {
  return LANGUAGES[language].passing?.passedBack?.(unit) ?? new Map();
}

/**
 * Whether the unit reads its own `arguments` object: a use of the name whose
 * nearest enclosing function with an `arguments` of its own is this unit (an
 * arrow function inside it reads the unit's). A unit that declares the name
 * itself (a parameter or local called `arguments`) is not counted.
 */
export function readsArgumentsObject(language: LanguageId, unit: Node): boolean {
  const object = LANGUAGES[language].passing?.argumentsObject;
  if (!object || !object.ownedBy.has(unit.type)) return false;
  if (!unit.text.includes(object.name)) return false;
  for (const use of unit.descendantsOfType('identifier')) {
    if (use.text !== object.name) continue;
    if (use.parent?.childForFieldName('name')?.id === use.id) return false;
    if (owningFunction(use, object.ownedBy)?.id === unit.id) return true;
  }
  return false;
}

function owningFunction(node: Node, ownedBy: ReadonlySet<string>): Node | undefined {
  for (let at = node.parent; at; at = at.parent) if (ownedBy.has(at.type)) return at;
  return undefined;
}

/** A jump's or a label's name: its `label` field, or (C#, Go) its first named child. */
function labelOf(node: Node): string | undefined {
  return (node.childForFieldName('label') ?? node.namedChildren[0])?.text;
}

/**
 * Where the code at a label ends up: the first `return` met running on from
 * it (into the label's own statement, then the statements after it in its
 * block), with its value as written. Unknown (undefined) when a statement on
 * the way could branch, loop or jump elsewhere first, or none returns.
 */
function returnAfterLabel(
  labeled: Node,
  labeledType: string,
): { readonly line: number; readonly value?: string } | undefined {
  const run = [...labeled.namedChildren.slice(1)];
  for (let next = labeled.nextNamedSibling; next; next = next.nextNamedSibling) run.push(next);
  for (let i = 0; i < run.length; i++) {
    const statement = run[i]!;
    if (statement.type === 'comment') continue;
    if (statement.type === 'return_statement') {
      const value = statement.namedChildren[0]?.text;
      return { line: statement.startPosition.row + 1, ...(value ? { value } : {}) };
    }
    if (statement.type === labeledType) {
      run.splice(i + 1, 0, ...statement.namedChildren.slice(1));
      continue;
    }
    // An expression or declaration runs on to the next statement; anything else may not.
    if (
      !/^(expression_statement|declaration|local_declaration_statement|short_var_declaration)$/.test(
        statement.type,
      )
    )
      return undefined;
  }
  return undefined;
}

/** Its forward `goto` jumps, each with the label it goes to and, where the code there returns, that return. */
export function gotoExitsOf(language: LanguageId, unit: Node, nested: readonly Node[]): readonly GotoExit[] {
  const jumps = LANGUAGES[language].passing?.jumps;
  if (!jumps) return [];
  const inside = (n: Node) => !nested.some((u) => u.id !== unit.id && n.id > u.id && n.id <= u.lastId);
  const gotos = unit.descendantsOfType(jumps.goto).filter(inside);
  if (gotos.length === 0) return [];
  const labels = new Map<string, Node>();
  for (const l of unit.descendantsOfType(jumps.labeled).filter(inside)) {
    const name = labelOf(l);
    if (name !== undefined && !labels.has(name)) labels.set(name, l);
  }
  return gotos.flatMap((g) => {
    const label = labelOf(g);
    const target = label === undefined ? undefined : labels.get(label);
    // A jump back to an earlier label repeats code (a retry): it is a loop, not a way out.
    if (label === undefined || !target || target.startIndex < g.startIndex) return [];
    const returns = returnAfterLabel(target, jumps.labeled);
    return [
      {
        line: g.startPosition.row + 1,
        label,
        labelLine: target.startPosition.row + 1,
        ...(returns ? { returns } : {}),
      },
    ];
  });
}
