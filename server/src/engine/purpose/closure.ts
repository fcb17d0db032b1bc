/**
 * Closures and captured state: the names a nested function uses from the
 * function around it (its parameters and the variables it declares), and
 * which of those it changes, which is state kept between calls.
 *
 * A name is used only where a reference to it stands in the nested
 * function's tree (its language says which name nodes refer to variables):
 * `obj.x`, `{ x: 1 }`, `f(x=1)`, a word in a string or a comment are no use
 * of `x`. And it is the enclosing function's only when no binding inside the
 * nested function (a parameter of its own, a declaration) takes it first.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { bindingsOf, type Binding } from '../scope/bindings.js';
import { contains, FUNCTION_TYPES } from '../nodes.js';
import { declaredIn } from './own-text.js';

export interface Captures {
  /** Names of the enclosing function it reads or writes, in order of first use. */
  readonly uses: readonly string[];
  /** Those it assigns: state it shares with the enclosing function and keeps between calls. */
  readonly changes: readonly string[];
  /** Some of them belong to a function further out than the nearest one around it. */
  readonly fromFurtherOut: boolean;
  /** Those whose contents it changes in place (`delete tokens[i]`, `items.push(x)`, `seen[k] = v`). */
  readonly fills?: readonly string[];
}

/** Words that are never captured variables. */
const KEYWORDS = new Set(
  'return if else for while const let var function new this self true false null undefined None True False nil in of and or not await async def lambda'.split(
    ' ',
  ),
);

/** An assignment, compound assignment or `++`/`--` right after a reference, or `++`/`--` right before it. */
const ASSIGNED_AFTER = /^\s*(?:(?:[-+*/%&|^]|<<|>>|\?\?|\*\*|\/\/)?=(?!=)|\+\+|--)/;
const ASSIGNED_BEFORE = /(?:\+\+|--)\s*$/;
/** After a name: an element written, or a call that changes the collection in place. */
const FILLED_AFTER =
  /^\s*(?:\[[^\]\n]*\]\s*(?:[-+*/%&|^]|<<|>>|\?\?)?=(?!=)|\.\s*(?:push|pop|shift|unshift|splice|append|extend|insert|remove|clear|add|delete|set|sort|reverse|popleft|appendleft|discard|update)\s*\()/;
/** Before a name: JavaScript's `delete x[…]`, Python's `del x[…]`. */
const FILLED_BEFORE = /\b(?:delete|del)\s+$/;

export interface Enclosing {
  readonly node: Node;
  readonly params: readonly string[];
  /** The names the enclosing function's own code declares (its nested functions' are theirs). */
  readonly declared: ReadonlySet<string>;
  /** The nearest function around the unit, when `node` is one further out. */
  readonly nearest?: Node;
}

/**
 * The references inside `unit`, in document order, each marked when it stands in a function written inside
 * `unit`: such a use is `unit`'s too (it closes over the name to make that function), but a change made
 * there is that function's, not state `unit` itself keeps.
 */
function referencesIn(unit: Node, isReference: (node: Node) => boolean): { node: Node; nested: boolean }[] {
  const nodes = unit.doc.nodes;
  const found: { node: Node; nested: boolean }[] = [];
  let nestedUntil = -1;
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const node = nodes[id];
    if (!node) continue;
    if (id > nestedUntil && FUNCTION_TYPES.has(node.type)) nestedUntil = node.lastId;
    if (isReference(node) && !KEYWORDS.has(node.text)) found.push({ node, nested: id <= nestedUntil });
  }
  return found;
}

/** Names listed in statements that make them the enclosing function's (Python's `nonlocal x`). */
function outerNamesIn(unit: Node, statements: ReadonlySet<string> | undefined): Set<string> {
  const names = new Set<string>();
  if (!statements) return names;
  const nodes = unit.doc.nodes;
  for (let id = unit.id; id <= unit.lastId; id++) {
    const node = nodes[id];
    if (node && statements.has(node.type)) for (const c of node.namedChildren) names.add(c.text);
  }
  return names;
}

/**
 * Whether `name`, referred to in `unit`, is the enclosing function's: by the bindings table where the
 * language has one (a binding inside `unit` that declares it makes it the unit's own; a plain assignment
 * declares only where assignment declares), else by the names each declares as written.
 */
function isCaptured(
  name: string,
  bound: readonly Binding[],
  unit: Node,
  enclosing: Enclosing,
  own: () => ReadonlySet<string>,
  assignmentDeclares: boolean,
  outer: ReadonlySet<string>,
): boolean {
  if (bound.length === 0)
    return (enclosing.declared.has(name) || enclosing.params.includes(name)) && !own().has(name);
  const declaresInside = bound.some(
    (b) => contains(unit, b.scope) && (b.kind !== 'assignment' || (assignmentDeclares && !outer.has(name))),
  );
  if (declaresInside) return false;
  return bound.some(
    (b) => b.scope.id !== unit.id && contains(b.scope, unit) && contains(enclosing.node, b.scope),
  );
}

/** Whether a reference is assigned to (`x = …`, `x += …`, `x++`, `--x`). */
function isAssigned(ref: Node): boolean {
  const text = ref.doc.source;
  return (
    ASSIGNED_AFTER.test(text.slice(ref.endIndex, ref.endIndex + 4)) ||
    ASSIGNED_BEFORE.test(text.slice(Math.max(0, ref.startIndex - 3), ref.startIndex))
  );
}

function isFilled(ref: Node): boolean {
  const text = ref.doc.source;
  return (
    FILLED_AFTER.test(text.slice(ref.endIndex, ref.endIndex + 80)) ||
    FILLED_BEFORE.test(text.slice(Math.max(0, ref.startIndex - 8), ref.startIndex))
  );
}

export function capturesOf(
  language: LanguageId,
  unit: Node,
  params: readonly string[],
  enclosing: Enclosing,
  assignmentDeclares: boolean,
): Captures | undefined {
  const syntax = LANGUAGES[language].syntax;
  if (!syntax.isReference || (enclosing.declared.size === 0 && enclosing.params.length === 0))
    return undefined;
  const references = referencesIn(unit, syntax.isReference);
  if (references.length === 0) return undefined;
  const bindings = bindingsOf(language, unit);
  const outer = outerNamesIn(unit, syntax.outerNames);
  let ownNames: ReadonlySet<string> | undefined;
  const own = () => (ownNames ??= new Set([...params, ...declaredIn(unit.text, assignmentDeclares)]));
  const verdicts = new Map<string, boolean>();
  const uses: string[] = [];
  const changes: string[] = [];
  const fills: string[] = [];
  for (const { node: ref, nested } of references) {
    const name = ref.text;
    let captured = verdicts.get(name);
    if (captured === undefined) {
      captured = isCaptured(name, bindings.all(name), unit, enclosing, own, assignmentDeclares, outer);
      verdicts.set(name, captured);
      if (captured) uses.push(name);
    }
    if (captured && !nested && !changes.includes(name) && isAssigned(ref)) changes.push(name);
    if (captured && !nested && !fills.includes(name) && isFilled(ref)) fills.push(name);
  }
  if (uses.length === 0) return undefined;
  // Bound outside the nearest function around it: the name is a function's further out.
  const nearest = enclosing.nearest;
  const fromFurtherOut =
    nearest !== undefined &&
    uses.some((name) => {
      const found = bindings.all(name);
      if (found.length === 0) return !declaredIn(nearest.text, assignmentDeclares).has(name);
      return !found.some((b) => contains(nearest, b.scope));
    });
  const filled = uses.filter((n) => fills.includes(n) && !changes.includes(n));
  return {
    uses,
    changes: uses.filter((n) => changes.includes(n)),
    fromFurtherOut,
    ...(filled.length ? { fills: filled } : {}),
  };
}
