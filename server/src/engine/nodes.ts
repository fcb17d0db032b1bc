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
]);

/**
 * Whether `part`, a direct child of `loop`, is evaluated once before the loop
 * repeats (a for-each iterable, a for-loop initializer) rather than on every
 * iteration. `inner` is the child of `part` on the path, for Go's range clause.
 */
function evaluatedOnce(loop: Node, part: Node, inner: Node | undefined): boolean {
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

/** Positional arguments of a call, comments and keyword arguments excluded. */
export function callArguments(call: Node): Node[] {
  const args = call.childForFieldName('arguments');
  if (!args) return [];
  return args.namedChildren.filter(
    (a): a is Node => a !== null && !a.type.includes('comment') && a.type !== 'keyword_argument',
  );
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
