/** Syntax helpers shared by rules: callees, literals, enclosing loops and functions. */
import type { LanguageId } from '@code-explain/shared';
import type { Node } from 'web-tree-sitter';

export const TIER1: readonly LanguageId[] = ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'];
export const JS_LIKE: readonly LanguageId[] = ['javascript', 'typescript', 'tsx'];

const LOOPS = new Set([
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'enhanced_for_statement',
]);

const FUNCTIONS = new Set([
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
  'lambda_expression',
  'func_literal',
]);

/** The loop whose body (not its iterable, evaluated once) contains node, within the same function. */
export function enclosingLoop(node: Node): Node | undefined {
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (FUNCTIONS.has(p.type)) return undefined;
    if (LOOPS.has(p.type)) {
      const once = p.childForFieldName('right') ?? p.childForFieldName('value');
      if (once && once.id === child.id) continue;
      return p;
    }
  }
  return undefined;
}

/** The text naming what a call calls: `eval`, `db.query`, `exec.Command`. */
export function calleeText(call: Node): string {
  if (call.type === 'method_invocation') {
    const object = call.childForFieldName('object');
    const name = call.childForFieldName('name');
    return object && name ? `${object.text}.${name.text}` : (name?.text ?? '');
  }
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

const PLAIN_STRINGS = new Set([
  'string',
  'string_literal',
  'interpreted_string_literal',
  'raw_string_literal',
  'text_block',
]);

/** A string literal with no interpolation. */
export function isPlainString(node: Node): boolean {
  if (PLAIN_STRINGS.has(node.type)) {
    // Python f-strings are `string` nodes with interpolation children.
    return !node.namedChildren.some((c) => c?.type === 'interpolation');
  }
  if (node.type === 'template_string')
    return !node.namedChildren.some((c) => c?.type === 'template_substitution');
  return false;
}

/**
 * Text built from pieces at run time: concatenation with `+` involving a
 * non-literal, a template or f-string with interpolation, `%` formatting,
 * `.format(…)`, or `fmt.Sprintf(…)`.
 */
export function isBuiltString(node: Node): boolean {
  switch (node.type) {
    case 'template_string':
      return node.namedChildren.some((c) => c?.type === 'template_substitution');
    case 'string':
      return node.namedChildren.some((c) => c?.type === 'interpolation');
    case 'binary_expression':
    case 'binary_operator': {
      const op = node.childForFieldName('operator')?.text;
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (!left || !right) return false;
      if (op === '+')
        return (isStringish(left) || isStringish(right)) && !(isPlainString(left) && isPlainString(right));
      if (op === '%') return isPlainString(left);
      return false;
    }
    case 'call':
    case 'call_expression': {
      const fn = node.childForFieldName('function')?.text ?? '';
      return /(^|\.)format$/.test(fn) || fn === 'fmt.Sprintf';
    }
    default:
      return false;
  }
}

function isStringish(node: Node): boolean {
  return isPlainString(node) || isBuiltString(node);
}

/** 1-based line of a node. */
export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** Source text on one line, shortened. */
export function snippet(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
