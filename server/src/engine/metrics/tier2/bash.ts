/**
 * Per-function metrics for Bash (tree-sitter-bash). lizard has no shell
 * reader, so the counts follow its rules for other languages.
 *
 * Cyclomatic: +1 for `if`, `elif`, `for` (also `for ((…))` and `select`),
 * `while`, `until`, each `case` item but a lone `*)`, each `&&` / `||`
 * between commands, `&&`, `||`, `-a` and `-o` inside tests (`[[ a && b ]]`,
 * `[ a -o b ]`), and `?:` in arithmetic.
 *
 * Cognitive (whitepaper): +1+nesting for `if`, loops, `case` and `?:`; +1
 * for `elif`, `else` and `break N` / `continue N` (leaving an outer loop);
 * +1 per run of like logical operators, in command
 * lists (`a && b || c` is 2) and in tests (`-a` is `&&`, `-o` is `||`).
 * Loops, `case` and `?:` nest everything inside them, an `if` its branches.
 *
 * Units: function definitions (`f() { … }`, `function f { … }`). Recursion:
 * a command named like a function of the snippet reaches it.
 *
 * Halstead: operands are words, variable names, numbers and literals (a
 * quoted string is one, with `$x`, `${…}`, `$(…)` and `$((…))` inside it
 * counted as code; `$x` is one token); operators are keywords, operators,
 * redirections, test operators (`-eq`, `-z`) and `[ ]` / `[[`; `;`, `;;`,
 * `)`, `]`, `]]`, `))` and braces are punctuation.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import type { CallRef, Frame, Increment, UnitStart } from '../common/scan.js';
import {
  interpolated,
  operatorKeys,
  parentIs,
  recursionByName,
  startsRun,
  type LogicalShape,
  type Tier2Rules,
} from './kit.js';

const TEST_LOGICAL: Readonly<Record<string, string>> = { '&&': '&&', '||': '||', '-a': '&&', '-o': '||' };
const SIMPLE_DECISIONS = new Set([
  'if_statement',
  'elif_clause',
  'for_statement',
  'c_style_for_statement',
  'while_statement',
  'ternary_expression',
]);
const NESTING_ALL = new Set([
  'for_statement',
  'c_style_for_statement',
  'while_statement',
  'case_statement',
  'ternary_expression',
  'elif_clause',
  'else_clause',
]);
const INCREMENTS = new Set([
  'for_statement',
  'c_style_for_statement',
  'while_statement',
  'case_statement',
  'ternary_expression',
]);
const STRINGS = new Set(['string', 'heredoc_body', 'translated_string']);
const CODE_IN_STRINGS = new Set([
  'expansion',
  'command_substitution',
  'arithmetic_expansion',
  'simple_expansion',
]);
const PUNCTUATION = new Set(['(', ')', '{', '}', ';', ';;', ']', ']]', '))', ',', ':']);

/** The `&&` / `||` joining a command list, or null. */
function listOperator(node: Node): string | null {
  if (node.type !== 'list') return null;
  for (const child of node.children) {
    if (child && !child.isNamed && (child.type === '&&' || child.type === '||')) return child.type;
  }
  return null;
}

function lastCode(node: Node): Node | null {
  for (let i = node.namedChildCount - 1; i >= 0; i--) {
    const child = node.namedChild(i);
    if (child && child.type !== 'comment') return child;
  }
  return null;
}

const LIST_SHAPE: LogicalShape = {
  operator: listOperator,
  left: (node) => node.namedChild(0),
  right: lastCode,
};

/** `&&`, `||`, `-a`, `-o` joining two tests (inside `[ ]`, `[[ ]]`, `(( ))`). */
function testOperator(node: Node, type: string): string | null {
  if (type !== 'binary_expression') return null;
  const operator = node.childForFieldName('operator');
  return operator ? (TEST_LOGICAL[operator.text] ?? null) : null;
}

/** A case item that only matches everything (`*)`), Bash's `default`. */
function isDefaultItem(node: Node): boolean {
  const patterns = node.childrenForFieldName('value');
  return patterns.length === 1 && patterns[0]?.text === '*';
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type)) return 1;
  if (type === 'case_item') return isDefaultItem(frame.node) ? 0 : 1;
  if (type === 'list') return listOperator(frame.node) === null ? 0 : 1;
  return testOperator(frame.node, type) === null ? 0 : 1;
}

function increment(frame: Frame): Increment {
  const type = frame.type;
  if (type === 'if_statement') return 'nesting';
  if (type === 'elif_clause' || type === 'else_clause') return 'flat';
  if (INCREMENTS.has(type)) return 'nesting';
  if (type === 'list') return startsRun(LIST_SHAPE, frame.node) ? 'flat' : null;
  if (type === 'command') {
    // `break 2` / `continue 2` leave an outer loop, like a jump to a label.
    const name = frame.node.childForFieldName('name')?.text;
    const jumps = name === 'break' || name === 'continue';
    return jumps && frame.node.childrenForFieldName('argument').length > 0 ? 'flat' : null;
  }
  return null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  if (frame.type === 'if_statement') {
    return field !== 'condition' && childType !== 'elif_clause' && childType !== 'else_clause';
  }
  return NESTING_ALL.has(frame.type);
}

/** A command whose name may be a function of the snippet. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'command') return null;
  const name = frame.node.childForFieldName('name');
  if (!name) return null;
  return { name: name.text, receiver: null, args: frame.node.childrenForFieldName('argument').length };
}

function bashUnitStart(frame: Frame): UnitStart | null {
  if (frame.type !== 'function_definition') return null;
  return { kind: 'function', name: frame.node.childForFieldName('name')?.text ?? '<function>' };
}

export const bashRules: Tier2Rules = {
  comments: new Set(['comment']),
  literals: new Set([...STRINGS, 'raw_string', 'ansi_c_string', 'simple_expansion']),
  ignoredLeaves: new Set(['heredoc_content', 'heredoc_end']),
  operatorLeaves: new Set(['test_operator']),
  unitStart: bashUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator: testOperator,
  sequenceLink: (node, type) => {
    if (type === 'parenthesized_expression') return 'group';
    return testOperator(node, type) === null ? null : 'binary';
  },
  interpolations: (node) =>
    STRINGS.has(node.type)
      ? interpolated(node, (child) => (CODE_IN_STRINGS.has(child.type) ? 'code' : 'skip'))
      : [],
  operatorKey: operatorKeys({
    callParen: () => false,
    indexBracket: (frame) => parentIs(frame, 'subscript'),
    punctuation: PUNCTUATION,
    special: (frame, text) => (text === '[' && parentIs(frame, 'test_command') ? '[ ]' : undefined),
  }),
  call,
};

export const bashDefinition: LanguageDefinition = { rules: bashRules, recursion: recursionByName(new Set()) };

export const bashMetrics: LanguageMetrics = languageMetrics(bashDefinition);
