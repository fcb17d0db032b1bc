/**
 * What the JavaScript, TypeScript and TSX tree-sitter grammars call things.
 * The TypeScript grammars extend the JavaScript one, so one table serves all
 * three; the differences (parameters, field definitions, type-only syntax) are
 * listed side by side.
 */
import { fieldChild, type SyntaxNode } from './tree.js';

const FUNCTION_TYPES = new Set([
  'function_declaration',
  'function_expression',
  // Older JavaScript grammars call a function expression `function` (named).
  'function',
  'generator_function_declaration',
  'generator_function',
  'arrow_function',
  'method_definition',
]);

const CLASS_TYPES = new Set(['class_declaration', 'abstract_class_declaration', 'class']);

const FIELD_TYPES = new Set(['field_definition', 'public_field_definition']);

/** A function, arrow, generator or method with a body (signatures are not functions). */
export function isFunction(node: SyntaxNode): boolean {
  return node.named && FUNCTION_TYPES.has(node.type);
}

export function isClass(node: SyntaxNode): boolean {
  return node.named && CLASS_TYPES.has(node.type);
}

/** A class field (`x = 1`, `#y`, `static z = f()`), JavaScript or TypeScript flavour. */
export function isField(node: SyntaxNode): boolean {
  return FIELD_TYPES.has(node.type);
}

export function isStaticBlock(node: SyntaxNode): boolean {
  return node.type === 'class_static_block';
}

/**
 * Subtrees that are types only and hold no code that runs: annotations, type
 * parameters and arguments, interfaces, aliases, ambient (`declare`)
 * declarations and signatures without a body. Every metric skips them.
 */
const TYPE_ONLY = new Set([
  'type_annotation',
  'type_arguments',
  'type_parameters',
  'type_predicate_annotation',
  'asserts_annotation',
  'omitting_type_annotation',
  'adding_type_annotation',
  'opting_type_annotation',
  'interface_declaration',
  'type_alias_declaration',
  'ambient_declaration',
  'abstract_method_signature',
  'method_signature',
  'function_signature',
  'index_signature',
  'property_signature',
  'construct_signature',
  'call_signature',
  'implements_clause',
  'accessibility_modifier',
  'override_modifier',
]);

/** TypeScript expressions `expr as T`, `expr satisfies T`: only the first named child is code. */
const TYPE_WRAPPERS = new Set(['as_expression', 'satisfies_expression']);

export function isTypeOnly(node: SyntaxNode): boolean {
  if (TYPE_ONLY.has(node.type)) return true;
  const parent = node.parent;
  if (parent && TYPE_WRAPPERS.has(parent.type)) {
    const first = parent.children.find((c) => c.named);
    return node.named && node !== first;
  }
  return false;
}

export function isComment(node: SyntaxNode): boolean {
  return node.type === 'comment' || node.type === 'html_comment' || node.type === 'hash_bang_line';
}

/** Nodes to leave out of every metric: comments, types, and tokens tree-sitter made up. */
export function isIgnored(node: SyntaxNode): boolean {
  return node.missing || isComment(node) || isTypeOnly(node);
}

/**
 * The parameter children of a function: its `formal_parameters`, or the lone
 * identifier of `x => …`.
 */
export function parametersOf(fn: SyntaxNode): SyntaxNode | undefined {
  return fieldChild(fn, 'parameters') ?? fieldChild(fn, 'parameter');
}

/** Fields of a function node that belong to the function itself (the rest is evaluated outside it). */
export const FUNCTION_OWN_FIELDS = new Set([
  'parameters',
  'parameter',
  'body',
  'return_type',
  'type_parameters',
]);

/** The logical operators, whose binary_expression ESTree calls a LogicalExpression. */
export const LOGICAL_OPERATORS = new Set(['&&', '||', '??']);

/** The operator token of a binary/assignment expression, if present. */
export function operatorOf(node: SyntaxNode): string | undefined {
  return fieldChild(node, 'operator')?.type;
}

/** The line of a binary expression's operator token: in a condition split over lines, not its first operand's. */
export function operatorLine(node: SyntaxNode): number {
  const token = node.children.find((c) => !c.named && c.type === operatorOf(node));
  return (token ?? node).startPosition.row + 1;
}

/** A `binary_expression` with `&&`, `||` or `??`. */
export function isLogical(node: SyntaxNode): boolean {
  if (node.type !== 'binary_expression') return false;
  const op = operatorOf(node);
  return op !== undefined && LOGICAL_OPERATORS.has(op);
}

/**
 * One `?.` step. The JavaScript grammar wraps it in an `optional_chain` node;
 * the TypeScript grammars leave the `?.` of an optional call as a bare token.
 */
export function isOptionalChainStep(node: SyntaxNode): boolean {
  return (
    node.type === 'optional_chain' ||
    (node.type === '?.' && !node.named && node.parent?.type !== 'optional_chain')
  );
}

/** `a?.b`, `a?.[i]`, `f?.()`: a member, subscript or call with its own `?.`. */
export function hasOptionalChain(node: SyntaxNode): boolean {
  return node.children.some(isOptionalChainStep);
}

/**
 * A parameter with a default value: ESTree's AssignmentPattern. JavaScript has
 * `assignment_pattern` (also in destructuring) and `object_assignment_pattern`
 * (`{a = 1}`); TypeScript puts a parameter's default on `required_parameter` /
 * `optional_parameter` as its `value`.
 */
export function isDefaultValue(node: SyntaxNode): boolean {
  switch (node.type) {
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      return true;
    case 'required_parameter':
    case 'optional_parameter':
      return fieldChild(node, 'value') !== undefined;
    default:
      return false;
  }
}
