/**
 * Python's counting rules for tree-sitter-python trees.
 *
 * Cyclomatic (lizard's Python CCN): +1 for `if`, `elif`, `for` (statements and
 * comprehension clauses), `while`, `except`, `finally`, `and`, `or`,
 * conditional expressions, comprehension `if` filters, `case` clauses
 * (including `case _`) and their `if` guards. `else` adds nothing.
 *
 * Cognitive (whitepaper, as Sonar's Python analyzer applies it): +1+nesting for
 * `if`, `for`, `while`, `except`, conditional expressions and `match`; +1 for
 * `elif` and every `else` (of if, for, while, try); +1 per run of like boolean
 * operators (parentheses do not break a run, `not` does). Bodies of those
 * constructs nest; `try`, `finally` and `with` bodies do not. Comprehensions
 * add nothing.
 *
 * Halstead: operands are names and literals (a string, f-strings included, is
 * one operand; the code inside an f-string's braces is counted as code);
 * operators are keywords and operator symbols, with a call's parentheses as
 * `()` and subscription as `[]`. Other brackets, `,`, `:` and `->` are
 * punctuation.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { CallRef, Frame, Increment, LanguageRules } from '../common/scan.js';
import { pythonUnitStart } from './units.js';

const DECISIONS = new Set([
  'if_statement',
  'elif_clause',
  'for_statement',
  'while_statement',
  'except_clause',
  'except_group_clause',
  'finally_clause',
  'conditional_expression',
  'for_in_clause',
  'if_clause',
  'case_clause',
  'boolean_operator',
]);

const NESTING_INCREMENTS = new Set([
  'if_statement',
  'for_statement',
  'while_statement',
  'except_clause',
  'except_group_clause',
  'conditional_expression',
  'match_statement',
]);

const PUNCTUATION = new Set([')', ']', '{', '}', ',', ':', ';', '->']);

function increment(frame: Frame): Increment {
  if (NESTING_INCREMENTS.has(frame.type)) return 'nesting';
  if (frame.type === 'elif_clause' || frame.type === 'else_clause') return 'flat';
  return null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  switch (frame.type) {
    case 'if_statement':
    case 'elif_clause':
      return field === 'consequence';
    case 'else_clause':
    case 'for_statement':
    case 'while_statement':
    case 'match_statement':
      return field === 'body';
    case 'except_clause':
    case 'except_group_clause':
      return childType === 'block';
    case 'conditional_expression':
      return true;
    default:
      return false;
  }
}

function operatorKey(frame: Frame, text: string): string | null {
  const parent = frame.parent;
  if (text === '(') {
    const isCall = parent?.field === 'arguments' && parent.parent?.type === 'call';
    return isCall ? '()' : null;
  }
  if (text === '[') return parent?.type === 'subscript' ? '[]' : null;
  return PUNCTUATION.has(text) ? null : text;
}

/** Expressions inside an f-string's replacement fields, including nested format specs. */
function interpolations(node: Node): Node[] {
  const found: Node[] = [];
  const pending: Node[] = [node];
  for (let current = pending.pop(); current; current = pending.pop()) {
    for (const child of current.namedChildren) {
      if (!child) continue;
      const type = child.type;
      if (type === 'interpolation' || type === 'format_specifier' || type === 'format_expression') {
        pending.push(child);
      } else if (
        (current.type === 'interpolation' || current.type === 'format_expression') &&
        type !== 'type_conversion'
      ) {
        found.push(child);
      }
    }
  }
  return found;
}

function call(frame: Frame): CallRef | null {
  if (frame.type !== 'call') return null;
  const callee = frame.node.childForFieldName('function');
  const args = frame.node.childForFieldName('arguments')?.namedChildCount ?? 0;
  if (callee?.type === 'identifier') return { name: callee.text, receiver: null, args };
  if (callee?.type === 'attribute') {
    const object = callee.childForFieldName('object');
    const member = callee.childForFieldName('attribute');
    if (object?.type === 'identifier' && member) return { name: member.text, receiver: object.text, args };
  }
  return null;
}

export const pythonRules: LanguageRules = {
  comments: new Set(['comment']),
  literals: new Set(['string']),
  ignoredLeaves: new Set(['line_continuation']),
  unitStart: pythonUnitStart,
  decisions: (frame) => (DECISIONS.has(frame.type) ? 1 : 0),
  increment,
  nestsChild,
  logicalOperator: (node, type) =>
    type === 'boolean_operator' ? (node.childForFieldName('operator')?.type ?? null) : null,
  sequenceLink: (_node, type) =>
    type === 'boolean_operator' ? 'binary' : type === 'parenthesized_expression' ? 'group' : null,
  interpolations,
  operatorKey,
  call,
};
