/**
 * Per-function metrics for Kotlin (tree-sitter-kotlin of tree-sitter-grammars).
 *
 * Cyclomatic (lizard's Kotlin CCN): +1 for `if` (so `else if`), `for`,
 * `while`, `do … while`, `catch`, `&&`, `||` and the Elvis operator `?:`;
 * a `when` adds one less than its number of branches (`else ->` included:
 * `when (x) { 1 -> a; 2 -> b; else -> c }` adds 2), as lizard counts its
 * arrows minus one.
 *
 * Cognitive (whitepaper): +1+nesting for `if`, `when`, loops and `catch`; +1
 * for `else if`, `else`, and `break@label` / `continue@label`; +1 per run of
 * like `&&` / `||`. `?:` and `?.` add nothing (null-coalescing). Loops and
 * `when` nest everything inside them, an `if` its branches, a `catch` its
 * block. (An `if` written directly as another `if`'s then-branch, without
 * braces, is read as an `else if` for nesting.)
 *
 * Units: classes, interfaces, enums, objects, companion objects, object
 * expressions (`<anonymous Runnable>`) and enum entries with a body (class
 * units); functions (methods inside a class body) with a body; secondary
 * constructors (named after the class); property getters and setters with a
 * body (named after the property); lambdas and anonymous functions. `init`
 * blocks are not units. Recursion: `f(…)` and `this.f(…)` reach the
 * functions named `f` beside the caller or at the top level.
 *
 * Halstead: operands are names and literals (a string is one; `${…}`
 * templates count as code); operators are keywords and operator symbols,
 * call parentheses as `()`, indexing as `[]`. Other brackets, `,`, `;`, `:`
 * and generic `<>` are punctuation.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { standIn, type AnonymousContext } from '../common/naming.js';
import type { CallRef, Frame, Increment, UnitStart } from '../common/scan.js';
import {
  interpolated,
  memberLabel,
  operatorKeys,
  parentIs,
  recursionByName,
  type Tier2Rules,
} from './kit.js';

const LOGICAL = new Set(['&&', '||']);
const SIMPLE_DECISIONS = new Set([
  'if_expression',
  'for_statement',
  'while_statement',
  'do_while_statement',
  'catch_block',
  'when_entry',
]);
const NESTING_ALL = new Set(['for_statement', 'while_statement', 'do_while_statement', 'when_expression']);
const CLASS_BODIES = new Set(['class_body', 'enum_class_body']);
const TYPE_BRACKETS = new Set(['type_arguments', 'type_parameters']);

function operatorOf(node: Node): string | undefined {
  return node.childForFieldName('operator')?.type;
}

function logicalOperator(node: Node, type: string): string | null {
  if (type !== 'binary_expression') return null;
  const operator = operatorOf(node);
  return operator !== undefined && LOGICAL.has(operator) ? operator : null;
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type)) return 1;
  if (type === 'when_expression')
    return frame.node.namedChildren.some((c) => c?.type === 'when_entry') ? -1 : 0;
  if (type !== 'binary_expression') return 0;
  const operator = operatorOf(frame.node);
  return operator !== undefined && (LOGICAL.has(operator) || operator === '?:') ? 1 : 0;
}

/** Whether an `if` is the else branch of the `if` around it. */
function isElseIf(frame: Frame): boolean {
  return frame.parent?.type === 'if_expression' && frame.node.previousSibling?.type === 'else';
}

function increment(frame: Frame): Increment {
  const type = frame.type;
  if (type === 'if_expression') return isElseIf(frame) ? 'flat' : 'nesting';
  if (type === 'else') {
    const branch = frame.node.nextNamedSibling;
    return parentIs(frame, 'if_expression') && branch?.type !== 'if_expression' ? 'flat' : null;
  }
  if (NESTING_ALL.has(type) || type === 'catch_block') return 'nesting';
  if (type === 'labeled_expression' || type === 'jump_expression') {
    const label = frame.node.namedChildren.find((c) => c?.type === 'label')?.text ?? '';
    return /^(break|continue)@/.test(label) ? 'flat' : null;
  }
  return null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  const type = frame.type;
  if (type === 'if_expression') return field !== 'condition' && childType !== 'if_expression';
  if (type === 'catch_block') return childType === 'block';
  return NESTING_ALL.has(type);
}

/** `f(…)` and `this.f(…)`. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'call_expression') return null;
  const callee = frame.node.namedChild(0);
  const args = frame.node.namedChildren.find((c) => c?.type === 'value_arguments')?.namedChildCount ?? 0;
  if (callee?.type === 'identifier') return { name: callee.text, receiver: null, args };
  if (callee?.type === 'navigation_expression') {
    const object = callee.namedChild(0);
    const member = callee.namedChild(callee.namedChildCount - 1);
    if (object?.type === 'this_expression' && member?.type === 'identifier') {
      return { name: member.text, receiver: 'this', args };
    }
  }
  return null;
}

function nameOf(node: Node | null, fallback: string): string {
  const named = node?.childForFieldName('name') ?? node?.namedChildren.find((c) => c?.type === 'identifier');
  return named?.text ?? fallback;
}

/** The class-like declaration whose body directly holds this node, if any. */
function ownerOf(frame: Frame): Frame | null {
  const body = frame.parent;
  return body && CLASS_BODIES.has(body.type) ? body.parent : null;
}

function calleeLabel(callee: Node | null): string | null {
  if (!callee) return null;
  if (callee.type === 'navigation_expression') {
    const member = callee.namedChild(callee.namedChildCount - 1)?.text ?? '';
    return memberLabel(callee.namedChildCount === 2 ? callee.namedChild(0) : null, member);
  }
  return callee.text;
}

function lambdaContext(frame: Frame): AnonymousContext {
  let outer = frame.parent;
  if (outer?.type === 'annotated_lambda') outer = outer.parent;
  else if (outer?.type === 'value_argument') outer = outer.parent?.parent ?? null;
  if (outer?.type === 'call_expression') return { call: calleeLabel(outer.node.namedChild(0)) };
  if (outer?.type === 'property_declaration') {
    const variable = outer.node.namedChildren.find((c) => c?.type === 'variable_declaration');
    return { assigned: variable ? nameOf(variable, '') : null };
  }
  if (outer?.type === 'assignment') return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  return {};
}

function accessorStart(frame: Frame, kind: 'getter' | 'setter'): UnitStart | null {
  if (!frame.node.namedChildren.some((c) => c?.type === 'function_body')) return null;
  const property = frame.parent?.node;
  const variable = property?.namedChildren.find((c) => c?.type === 'variable_declaration') ?? null;
  return { kind, name: nameOf(variable, '<property>'), receiver: 'this' };
}

function kotlinUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  switch (frame.type) {
    case 'class_declaration':
    case 'object_declaration':
      return { kind: 'class', name: nameOf(node, '<class>') };
    case 'companion_object':
      return { kind: 'class', name: node.childForFieldName('name')?.text ?? 'Companion' };
    case 'object_literal': {
      const supertype = node.namedChildren.find((c) => c?.type === 'delegation_specifiers')?.namedChild(0);
      const label = supertype ? supertype.text.replace(/[<(][\s\S]*$/, '') : 'object';
      return { kind: 'class', name: null, label: `<anonymous ${label}>` };
    }
    case 'enum_entry':
      return node.namedChildren.some((c) => c?.type === 'class_body')
        ? { kind: 'class', name: nameOf(node, '<entry>') }
        : null;
    case 'function_declaration': {
      if (!node.namedChildren.some((c) => c?.type === 'function_body')) return null;
      const name = nameOf(node, '<fun>');
      return ownerOf(frame) ? { kind: 'method', name, receiver: 'this' } : { kind: 'function', name };
    }
    case 'secondary_constructor':
      return {
        kind: 'constructor',
        name: nameOf(ownerOf(frame)?.node ?? null, 'constructor'),
        receiver: 'this',
      };
    case 'getter':
      return accessorStart(frame, 'getter');
    case 'setter':
      return accessorStart(frame, 'setter');
    case 'lambda_literal':
    case 'anonymous_function':
      return { kind: 'lambda', name: null, label: standIn('lambda', lambdaContext(frame), scope) };
    default:
      return null;
  }
}

export const kotlinRules: Tier2Rules = {
  comments: new Set(['line_comment', 'block_comment', 'comment', 'multiline_comment']),
  literals: new Set(['string_literal', 'multiline_string_literal', 'character_literal']),
  unitStart: kotlinUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator,
  sequenceLink: (node, type) =>
    type === 'parenthesized_expression' ? 'group' : logicalOperator(node, type) === null ? null : 'binary',
  interpolations: (node) =>
    interpolated(node, (child, parent) => {
      if (child.type === 'interpolation') return 'descend';
      return parent.type === 'interpolation' ? 'code' : 'skip';
    }),
  operatorKey: operatorKeys({
    callParen: (frame) =>
      parentIs(frame, 'value_arguments') && frame.parent?.parent?.type === 'call_expression',
    indexBracket: (frame) => parentIs(frame, 'index_expression'),
    special: (frame, text) =>
      (text === '<' || text === '>') && parentIs(frame, TYPE_BRACKETS) ? null : undefined,
  }),
  call,
};

export const kotlinDefinition: LanguageDefinition = {
  rules: kotlinRules,
  recursion: recursionByName(new Set(['this'])),
};

export const kotlinMetrics: LanguageMetrics = languageMetrics(kotlinDefinition);
