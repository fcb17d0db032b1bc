/**
 * Java's counting rules for tree-sitter-java trees.
 *
 * Cyclomatic (lizard's Java CCN): +1 for `if`, `for`, enhanced `for`,
 * `while`, `do … while`, `catch`, each `case` label (`case A, B ->` is one;
 * `default` adds nothing), `&&`, `||` and the conditional operator `?:`.
 *
 * Cognitive (whitepaper, as Sonar's Java analyzer applies it): +1+nesting for
 * `if`, `switch` (statement or expression), `for`, enhanced `for`, `while`,
 * `do`, `catch` and `?:`; +1 for `else if` and `else`; +1 for labelled
 * `break` / `continue`; +1 per run of like `&&` / `||` operators (parentheses
 * do not break a run, `!` does). Loops, switches and `?:` nest everything
 * inside them; an `if` nests its branches, a `catch` its block; `try` and
 * `finally` blocks do not nest.
 *
 * Halstead: operands are names, literals (a string or text block is one) and
 * primitive type names; operators are keywords and operator symbols, with a
 * call's parentheses as `()`, array access as `[]` and the conditional
 * operator as `?:`. Other brackets, `,`, `;`, `:`, and the `<>` / `?` of
 * generic types are punctuation.
 */
import type { CallRef, Frame, Increment, LanguageRules } from '../common/scan.js';
import { javaUnitStart } from './units.js';

const SIMPLE_DECISIONS = new Set([
  'if_statement',
  'for_statement',
  'enhanced_for_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
  'ternary_expression',
]);

const LOOPS_AND_SWITCHES = new Set([
  'for_statement',
  'enhanced_for_statement',
  'while_statement',
  'do_statement',
  'switch_expression',
  'switch_statement',
  'ternary_expression',
]);

const PUNCTUATION = new Set([')', ']', '{', '}', ',', ';', ':']);
const CALLS = new Set(['method_invocation', 'object_creation_expression', 'explicit_constructor_invocation']);
const TYPE_BRACKETS = new Set(['type_arguments', 'type_parameters', 'wildcard']);

function isLogical(operator: string | undefined): boolean {
  return operator === '&&' || operator === '||';
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type)) return 1;
  if (type === 'binary_expression') return isLogical(frame.node.childForFieldName('operator')?.type) ? 1 : 0;
  if (type === 'switch_label') return frame.node.child(0)?.type === 'case' ? 1 : 0;
  return 0;
}

function isElse(frame: Frame): boolean {
  return frame.field === 'alternative' && frame.parent?.type === 'if_statement';
}

function increment(frame: Frame): Increment {
  const type = frame.type;
  if (type === 'if_statement') return isElse(frame) ? 'flat' : 'nesting';
  if (isElse(frame)) return 'flat';
  if (LOOPS_AND_SWITCHES.has(type) || type === 'catch_clause') return 'nesting';
  if (type === 'break_statement' || type === 'continue_statement') {
    return frame.node.namedChildren.some((c) => c?.type === 'identifier') ? 'flat' : null;
  }
  return null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  const type = frame.type;
  if (type === 'if_statement') {
    return field === 'consequence' || (field === 'alternative' && childType !== 'if_statement');
  }
  if (type === 'catch_clause') return field === 'body';
  return LOOPS_AND_SWITCHES.has(type);
}

function operatorKey(frame: Frame, text: string): string | null {
  const parent = frame.parent;
  const parentType = parent?.type ?? '';
  switch (text) {
    case '(':
      return parentType === 'argument_list' && CALLS.has(parent?.parent?.type ?? '') ? '()' : null;
    case '[':
      return parentType === 'array_access' ? '[]' : null;
    case '?':
      return parentType === 'ternary_expression' ? '?:' : null;
    case '<':
    case '>':
      return TYPE_BRACKETS.has(parentType) ? null : text;
    default:
      return PUNCTUATION.has(text) ? null : text;
  }
}

/** `m(…)` and `this.m(…)`: calls that may reach a method of the same class. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'method_invocation') return null;
  const node = frame.node;
  const name = node.childForFieldName('name');
  const object = node.childForFieldName('object');
  if (!name || (object && object.type !== 'this')) return null;
  const args = node
    .childForFieldName('arguments')
    ?.namedChildren.filter((c) => c && !c.type.endsWith('comment'));
  return { name: name.text, receiver: object ? 'this' : null, args: args?.length ?? 0 };
}

export const javaRules: LanguageRules = {
  comments: new Set(['line_comment', 'block_comment']),
  literals: new Set([
    'string_literal',
    'character_literal',
    'integral_type',
    'floating_point_type',
    'boolean_type',
    'void_type',
  ]),
  unitStart: javaUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator: (node, type) => {
    if (type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator !== undefined && isLogical(operator) ? operator : null;
  },
  sequenceLink: (node, type) => {
    if (type === 'parenthesized_expression') return 'group';
    if (type !== 'binary_expression') return null;
    return isLogical(node.childForFieldName('operator')?.type) ? 'binary' : null;
  },
  operatorKey,
  call,
};
