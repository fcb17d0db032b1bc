/**
 * Counting rules shared by C and C++ (tree-sitter-c and tree-sitter-cpp
 * trees have the same statement and expression nodes).
 *
 * Cyclomatic (lizard's C/C++ CCN): +1 for `if` (so `else if` too), `for`,
 * range `for`, `while`, `do … while`, `catch`, each `case` label (`default`
 * adds nothing), `?:`, `&&` and `||` (C++'s `and` / `or` too), and the
 * preprocessor conditionals `#if`, `#ifdef` and `#elif` (lizard counts
 * neither `#ifndef` nor `#else`).
 *
 * Cognitive (whitepaper): +1+nesting for `if`, loops, `switch`, `catch` and
 * `?:`; +1 for `else if`, `else` and `goto`; +1 per run of like `&&` / `||`
 * operators (parentheses do not end a run, `!` does). Loops, switches and
 * `?:` nest everything inside them, an `if` its branches, a `catch` its body.
 *
 * Halstead: operands are names, literals (a string or character literal is
 * one) and primitive type names; operators are keywords and operator symbols,
 * a call's parentheses as `()` and subscripts as `[]`. Other brackets, `,`,
 * `;` and `:` are punctuation; a preprocessor line's end is not a token.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { CallRef, Frame, Increment } from '../common/scan.js';
import { inDirective, operatorKeys, parentIs, wrappedElseIncrement, type Tier2Rules } from './kit.js';

const LOGICAL = new Set(['&&', '||', 'and', 'or']);
const LOGICAL_KEY: Readonly<Record<string, string>> = { and: '&&', or: '||' };

const DECISIONS = new Set([
  'if_statement',
  'for_statement',
  'for_range_loop',
  'while_statement',
  'do_statement',
  'catch_clause',
  'conditional_expression',
  'preproc_if',
  'preproc_elif',
]);

const NESTING_ALL = new Set([
  'for_statement',
  'for_range_loop',
  'while_statement',
  'do_statement',
  'switch_statement',
  'conditional_expression',
]);

const CALLS = new Set(['call_expression']);

function logicalOperator(node: Node, type: string): string | null {
  if (type !== 'binary_expression') return null;
  const operator = node.childForFieldName('operator')?.type;
  if (operator === undefined || !LOGICAL.has(operator) || inDirective(node)) return null;
  return LOGICAL_KEY[operator] ?? operator;
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (DECISIONS.has(type)) return 1;
  switch (type) {
    case 'case_statement':
      return frame.node.child(0)?.type === 'case' ? 1 : 0;
    case 'preproc_ifdef':
      return frame.node.child(0)?.type === '#ifdef' ? 1 : 0;
    case 'binary_expression':
      return logicalOperator(frame.node, type) === null ? 0 : 1;
    default:
      return 0;
  }
}

function increment(frame: Frame): Increment {
  const chain = wrappedElseIncrement(frame, 'if_statement', 'else_clause');
  if (chain !== undefined) return chain;
  const type = frame.type;
  if (NESTING_ALL.has(type) || type === 'catch_clause') return 'nesting';
  return type === 'goto_statement' ? 'flat' : null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  switch (frame.type) {
    case 'if_statement':
      return field === 'consequence';
    case 'else_clause':
      return childType !== 'if_statement';
    case 'catch_clause':
      return field === 'body';
    default:
      return NESTING_ALL.has(frame.type);
  }
}

/** `f(…)`, `this->f(…)`, `ns::f(…)` (as `f`). */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'call_expression') return null;
  const callee = frame.node.childForFieldName('function');
  const args = frame.node.childForFieldName('arguments')?.namedChildCount ?? 0;
  if (!callee) return null;
  switch (callee.type) {
    case 'identifier':
      return { name: callee.text, receiver: null, args };
    case 'qualified_identifier': {
      const name = callee.childForFieldName('name');
      return name?.type === 'identifier' ? { name: name.text, receiver: null, args } : null;
    }
    case 'field_expression': {
      const object = callee.childForFieldName('argument');
      const field = callee.childForFieldName('field');
      return object?.type === 'this' && field ? { name: field.text, receiver: 'this', args } : null;
    }
    default:
      return null;
  }
}

export const cFamilyRules: Omit<Tier2Rules, 'unitStart'> = {
  comments: new Set(['comment']),
  literals: new Set(['string_literal', 'char_literal', 'raw_string_literal', 'system_lib_string']),
  ignoredLeaves: new Set(['\n']),
  decisions,
  increment,
  nestsChild,
  logicalOperator,
  sequenceLink: (node, type) => {
    if (type === 'parenthesized_expression') return 'group';
    return logicalOperator(node, type) === null ? null : 'binary';
  },
  operatorKey: operatorKeys({
    callParen: (frame) => parentIs(frame, 'argument_list') && CALLS.has(frame.parent?.parent?.type ?? ''),
    indexBracket: (frame) => parentIs(frame, 'subscript_expression'),
    special: (frame, text) => {
      if (text === '?' && parentIs(frame, 'conditional_expression')) return '?:';
      return LOGICAL_KEY[text];
    },
  }),
  call,
};
