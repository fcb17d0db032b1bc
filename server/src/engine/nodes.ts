/**
 * Syntax helpers over snapshot nodes that facts, scope and rules share:
 * loops and what they repeat, functions, containment, callees and arguments.
 */
import type { SnapshotNode as Node } from './parsing/node.js';

export const LOOP_TYPES: ReadonlySet<string> = new Set([
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'enhanced_for_statement',
]);

/** Statements a `break` leaves: C-family and Go switches (and Go's `select`). */
export const BREAKABLE_SWITCH_TYPES: ReadonlySet<string> = new Set([
  'switch_statement',
  'switch_expression',
  'expression_switch_statement',
  'type_switch_statement',
  'select_statement',
]);

export const FUNCTION_TYPES: ReadonlySet<string> = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'generator_function_declaration',
  'generator_function',
  'arrow_function',
  'method_definition',
  'function_definition',
  'lambda',
  'method_declaration',
  'constructor_declaration',
  'compact_constructor_declaration',
  'lambda_expression',
  'func_literal',
  // C#: a function declared inside a method, or a top-level program's `static void Main`.
  'local_function_statement',
]);

/**
 * Whether `part`, a direct child of `loop`, is evaluated once before the loop
 * repeats (a for-each iterable, a for-loop initializer) rather than on every
 * iteration. `inner` is the child of `part` on the path, for Go's range clause.
 */
export function evaluatedOnce(loop: Node, part: Node, inner: Node | undefined): boolean {
  const same = (a: Node | null, b: Node | undefined) => a !== null && b !== undefined && a.id === b.id;
  if (
    same(loop.childForFieldName('right'), part) ||
    same(loop.childForFieldName('value'), part) ||
    same(loop.childForFieldName('initializer'), part) ||
    same(loop.childForFieldName('init'), part)
  ) {
    return true;
  }
  // Go: `for k, v := range expr` and `for i := 0; …` keep their parts in a clause.
  if (part.type === 'range_clause') return same(part.childForFieldName('right'), inner);
  if (part.type === 'for_clause') return same(part.childForFieldName('initializer'), inner);
  return false;
}

/**
 * The innermost loop that repeats `node` (it is in the body, condition or
 * update, not in a part evaluated once), within the same function.
 */
export function enclosingLoop(node: Node): Node | undefined {
  let inner: Node | undefined;
  let child = node;
  for (let p = node.parent; p; inner = child, child = p, p = p.parent) {
    if (FUNCTION_TYPES.has(p.type)) return undefined;
    if (LOOP_TYPES.has(p.type) && !evaluatedOnce(p, child, inner)) return p;
  }
  return undefined;
}

/**
 * The innermost loop around `node` inside its function, whatever part of the loop it is in (the header's
 * iterable included, unlike enclosingLoop).
 */
export function loopAroundInFunction(node: Node): Node | undefined {
  const fn = enclosingFunction(node);
  for (let p = node.parent; p && p.id !== fn?.id; p = p.parent) if (LOOP_TYPES.has(p.type)) return p;
  return undefined;
}

/** The innermost function, method or lambda around `node`. */
export function enclosingFunction(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (FUNCTION_TYPES.has(p.type)) return p;
  return undefined;
}

/** Whether `inner` lies inside `outer` (or is it). */
export function contains(outer: Node, inner: Node): boolean {
  return inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex;
}

/** The text naming what a call calls: `eval`, `db.query`, `exec.Command`. */
export function calleeText(call: Node): string {
  if (call.type === 'method_invocation') {
    const object = call.childForFieldName('object');
    const name = call.childForFieldName('name');
    return object && name ? `${object.text}.${name.text}` : (name?.text ?? '');
  }
  if (call.type === 'object_creation_expression') return call.childForFieldName('type')?.text ?? '';
  return (call.childForFieldName('function') ?? call.childForFieldName('constructor'))?.text ?? '';
}

/** Last segment of a callee: `query` for `db.pool.query`. */
export function methodName(callee: string): string {
  const i = Math.max(callee.lastIndexOf('.'), callee.lastIndexOf('?.'));
  return i >= 0 ? callee.slice(i + 1).replace(/^\./, '') : callee;
}

const isPlainArgument = (a: Node) =>
  a.type !== 'argument' && a.type !== 'keyword_argument' && !a.type.includes('comment');

/** Positional arguments of a call, comments and keyword arguments excluded. */
export function callArguments(call: Node): readonly Node[] {
  const args = call.childForFieldName('arguments');
  if (!args) return [];
  const named = args.namedChildren;
  // Most calls have only plain positional arguments: their list is the answer as it is.
  if (named.every(isPlainArgument)) return named;
  return named
    .filter(
      (a): a is Node =>
        a !== null &&
        !a.type.includes('comment') &&
        a.type !== 'keyword_argument' &&
        !(a.type === 'argument' && a.childForFieldName('name') !== null),
    )
    .map((a) => (a.type === 'argument' ? (a.namedChildren[a.namedChildren.length - 1] ?? a) : a));
}

export function keywordArgument(call: Node, name: string): Node | undefined {
  const args = call.childForFieldName('arguments');
  for (const a of args?.namedChildren ?? []) {
    if (a?.type === 'keyword_argument' && a.childForFieldName('name')?.text === name) {
      return a.childForFieldName('value') ?? undefined;
    }
  }
  return undefined;
}

/**
 * A node's code with the comments written inside it left out: a condition
 * split over lines with a comment between its parts is quoted as the
 * condition, not cut off inside the comment.
 */
export function codeWithoutComments(node: Node): string {
  const text = node.text;
  const cuts: [number, number][] = [];
  const visit = (n: Node) => {
    for (const child of n.children) {
      if (!child) continue;
      if (child.type.includes('comment')) cuts.push([child.startIndex, child.endIndex]);
      else if (child.childCount > 0) visit(child);
    }
  };
  visit(node);
  if (cuts.length === 0) return text;
  // `false /* strict */, nil` reads `false, nil`; `f(/* cast */ x)` reads `f(x)`: the spaces that set the
  // comment apart go with it (the same rule as `uncommented` in the audit and the grounding tests).
  let out = '';
  let at = node.startIndex;
  for (const [from, to] of cuts) {
    let piece = text.slice(at - node.startIndex, from - node.startIndex);
    if (/[([{]$/.test(out)) piece = piece.replace(/^[ \t]+/, '');
    out = (out + piece).replace(/[ \t]+$/, '');
    at = to;
  }
  const rest = text.slice(at - node.startIndex);
  return out + (/[([{]$/.test(out) ? rest.replace(/^[ \t]+/, '') : rest);
}

/** Statements that end the function where they stand. */
const LEAVES_UNIT = /^(return_statement|throw_statement|raise_statement|return_expression|throw_expression)$/;
/** Nodes that only hold statements: what follows in one runs after what comes before. */
const STATEMENT_BLOCKS =
  /^(block|statement_block|statement_list|compound_statement|expression_statement|else_clause|declaration_list)$/;

/** `break` statements, which leave the loop they are in. */
const LEAVES_LOOP = /^(break_statement|break_expression)$/;

/**
 * Whether `node` is on a way out of the function: some block around it, inside `within` (a loop), goes
 * on to a `return` or `throw` of its own after it (`s = s[i:]; …; return "", EscapeError(s)`). What it
 * changes there leaves with the call: the code after `within` never sees it. With `breaks`, a `break`
 * after it counts too: then it runs at most once per run of the loop.
 */
export function onWayOut(node: Node, within: Node, options: { readonly breaks?: boolean } = {}): boolean {
  const leaves = (type: string) =>
    LEAVES_UNIT.test(type) || (options.breaks === true && LEAVES_LOOP.test(type));
  let child = node;
  for (let p = node.parent; p && p.id !== within.id; child = p, p = p.parent) {
    if (!STATEMENT_BLOCKS.test(p.type)) continue;
    for (const c of p.namedChildren) {
      if (!c || c.startIndex < child.endIndex || c.type.includes('comment')) continue;
      if (leaves(c.type) || leaves(c.namedChildren[0]?.type ?? '')) return true;
    }
  }
  return false;
}

/** codeWithoutComments of a node that may be missing. */
export function codeOf(node: Node | null | undefined): string | undefined {
  return node ? codeWithoutComments(node) : undefined;
}

/** The expression inside any number of parentheses. */
export function unwrap(node: Node): Node {
  let n = node;
  while (n.type === 'parenthesized_expression') {
    const inner = n.namedChildren.find((c) => c !== null && !c.type.includes('comment'));
    if (!inner) break;
    n = inner;
  }
  return n;
}

export const COMPREHENSIONS: ReadonlySet<string> = new Set([
  'list_comprehension',
  'set_comprehension',
  'dictionary_comprehension',
  'generator_expression',
]);

/**
 * The innermost loop or (Python) comprehension that repeats `node`: a
 * comprehension repeats its element and its `if` clauses, not its first
 * iterable, which is evaluated once.
 */
export function repeaterOf(node: Node): Node | undefined {
  const loop = enclosingLoop(node);
  let child = node;
  for (let p = node.parent; p && (!loop || contains(loop, p)); child = p, p = p.parent) {
    if ((loop && p.id === loop.id) || FUNCTION_TYPES.has(p.type)) break;
    if (COMPREHENSIONS.has(p.type)) {
      // Inside the comprehension's element or its `if` clauses, not the first iterable.
      const first = p.namedChildren.find((c) => c.type === 'for_in_clause');
      const once = first?.childForFieldName('right');
      if (once && contains(once, node)) continue;
      if (
        child.type === 'for_in_clause' ||
        child.type === 'if_clause' ||
        child.id === p.childForFieldName('body')?.id
      )
        return p;
    }
  }
  return loop;
}

/** Node types of number literals across the grammars. */
export const NUMBER_TYPES: ReadonlySet<string> = new Set([
  'number',
  'integer',
  'float',
  'int_literal',
  'float_literal',
  'decimal_integer_literal',
  'decimal_floating_point_literal',
  'hex_integer_literal',
  'octal_integer_literal',
  'binary_integer_literal',
  'hex_floating_point_literal',
]);

/** A numeric literal, optionally negated: returns its text (`-5`), or undefined. */
export function numberLiteral(node: Node): string | undefined {
  const n = unwrap(node);
  if (NUMBER_TYPES.has(n.type)) return n.text;
  if (n.type === 'unary_expression' || n.type === 'unary_operator') {
    const operand = n.childForFieldName('argument') ?? n.childForFieldName('operand');
    const op = n.childForFieldName('operator')?.text;
    if (operand && (op === '-' || op === '+') && NUMBER_TYPES.has(unwrap(operand).type))
      return `${op === '-' ? '-' : ''}${unwrap(operand).text}`;
  }
  return undefined;
}
