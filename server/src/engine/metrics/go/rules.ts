/**
 * Go's counting rules for tree-sitter-go trees.
 *
 * Cyclomatic (lizard's Go CCN; gocyclo counts the same constructs): +1 for
 * `if`, `for` (all forms), each `case` clause of expression, type and select
 * switches (`default` adds nothing; `case a, b:` is one), `&&` and `||`.
 *
 * Cognitive (gocognit v1.3.0 exactly): +1+nesting for `if`, `switch`, type
 * switch, `select` and `for`; +1 for `else if` and `else`; +1 for `goto` and
 * labelled `break` / `continue`; +1 per run of like `&&` / `||` operators,
 * read left to right through parentheses and through any other binary
 * operator (`a && b == (c && d)` is one run). Bodies nest; an `if`'s init and
 * condition and a loop's header do not.
 *
 * Halstead: operands are names and literals (a string or rune is one);
 * operators are keywords and operator symbols, with a call's (or
 * conversion's) parentheses as `()` and indexing / slicing as `[]`. Other
 * brackets, `,`, `;` and `:` are punctuation.
 */
import type { CallRef, Frame, Increment, LanguageRules } from '../common/scan.js';
import { goUnitStart } from './units.js';

const CASES = new Set(['expression_case', 'type_case', 'communication_case']);
const SWITCHES = new Set(['expression_switch_statement', 'type_switch_statement', 'select_statement']);
const PUNCTUATION = new Set([')', ']', '{', '}', ',', ';', ':']);

function isLogical(operator: string | undefined): boolean {
  return operator === '&&' || operator === '||';
}

function decisions(frame: Frame): number {
  switch (frame.type) {
    case 'if_statement':
    case 'for_statement':
      return 1;
    case 'binary_expression':
      return isLogical(frame.node.childForFieldName('operator')?.type) ? 1 : 0;
    default:
      return CASES.has(frame.type) ? 1 : 0;
  }
}

function isElse(frame: Frame): boolean {
  return frame.field === 'alternative' && frame.parent?.type === 'if_statement';
}

function hasLabel(frame: Frame): boolean {
  return frame.node.namedChildren.some((c) => c?.type === 'label_name');
}

function increment(frame: Frame): Increment {
  switch (frame.type) {
    case 'if_statement':
      return isElse(frame) ? 'flat' : 'nesting';
    case 'block':
      return isElse(frame) ? 'flat' : null;
    case 'for_statement':
      return 'nesting';
    case 'break_statement':
    case 'continue_statement':
      return hasLabel(frame) ? 'flat' : null;
    case 'goto_statement':
      return 'flat';
    default:
      return SWITCHES.has(frame.type) ? 'nesting' : null;
  }
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  switch (frame.type) {
    case 'if_statement':
      return field === 'consequence' || (field === 'alternative' && childType === 'block');
    case 'for_statement':
      return field === 'body';
    default:
      return SWITCHES.has(frame.type) && (CASES.has(childType) || childType === 'default_case');
  }
}

function operatorKey(frame: Frame, text: string): string | null {
  const parentType = frame.parent?.type;
  if (text === '(') {
    const isCall =
      (parentType === 'argument_list' && frame.parent?.parent?.type === 'call_expression') ||
      parentType === 'type_conversion_expression';
    return isCall ? '()' : null;
  }
  if (text === '[')
    return parentType === 'index_expression' || parentType === 'slice_expression' ? '[]' : null;
  return PUNCTUATION.has(text) ? null : text;
}

/** Calls that may reach a function of the snippet: `f(…)`, `(f)(…)`, `f[T](…)`, `recv.M(…)`. */
function call(frame: Frame): CallRef | null {
  let callee =
    frame.type === 'call_expression'
      ? frame.node.childForFieldName('function')
      : frame.type === 'type_conversion_expression'
        ? frame.node.childForFieldName('type')
        : null;
  for (let guard = 0; callee && guard < 16; guard++) {
    switch (callee.type) {
      case 'identifier':
      case 'type_identifier':
        return { name: callee.text, receiver: null, args: 0 };
      case 'selector_expression': {
        const operand = callee.childForFieldName('operand');
        const field = callee.childForFieldName('field');
        return operand?.type === 'identifier' && field
          ? { name: field.text, receiver: operand.text, args: 0 }
          : null;
      }
      case 'parenthesized_expression':
        callee = callee.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
        break;
      case 'index_expression':
        callee = callee.childForFieldName('operand');
        break;
      case 'generic_type':
        callee = callee.childForFieldName('type');
        break;
      default:
        return null;
    }
  }
  return null;
}

export const goRules: LanguageRules = {
  comments: new Set(['comment']),
  literals: new Set(['interpreted_string_literal', 'raw_string_literal', 'rune_literal']),
  unitStart: goUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator: (node, type) => {
    if (type !== 'binary_expression') return null;
    const operator = node.childForFieldName('operator')?.type;
    return operator !== undefined && isLogical(operator) ? operator : null;
  },
  sequenceLink: (_node, type) =>
    type === 'binary_expression' ? 'binary' : type === 'parenthesized_expression' ? 'group' : null,
  operatorKey,
  call,
};
