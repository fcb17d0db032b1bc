/**
 * Per-function metrics for PHP (tree-sitter-php). The grammar reads code
 * only after `<?php`; text before it is inline HTML and has no units.
 *
 * Cyclomatic (lizard's PHP CCN): +1 for `if`, `elseif` / `else if`, `for`,
 * `foreach`, `while`, `do … while`, `catch`, each `case` label (`default`
 * adds nothing), the full conditional `?:`, `&&` and `||`. Differences from
 * lizard, on purpose: `and` / `or` count like `&&` / `||` (lizard skips the
 * word forms); a `match` adds 1 per arm but `default` (lizard adds 1 per
 * match inside functions, per arm only at the top level); the `?` of a
 * nullable type (`?int`) adds nothing (lizard counts it). `??`, `?:` without
 * a middle operand and `?->` add nothing, as in lizard.
 *
 * Cognitive (whitepaper): +1+nesting for `if`, loops, `switch`, `match`,
 * `catch` and the full `?:`; +1 for `elseif`, `else`, `goto` and
 * `break N` / `continue N` (jumps out of outer loops); +1 per run of like
 * logical operators (`and` is `&&`, `or` is `||`). Loops, switches, `match`
 * and `?:` nest everything inside them, an `if` its branches, a `catch` its
 * body.
 *
 * Units: classes, interfaces, traits, enums and anonymous classes (class
 * units); functions; methods with a body (`__construct` is the constructor);
 * closures (`function () use (…) {}`) and arrow functions (`fn ($x) => …`).
 * Recursion: `f(…)`, `$this->f(…)`, `self::f(…)` and `static::f(…)` reach
 * the functions and methods named `f` beside the caller or at the top level.
 *
 * Halstead: operands are names, variables (`$x` is one), and literals (a
 * string is one; variables and expressions interpolated into double-quoted
 * strings and heredocs count as code); operators are keywords and operator
 * symbols, call parentheses as `()`, subscripts as `[]`, `?:` as one. Other
 * brackets, `,`, `;`, `:` and a nullable type's `?` are punctuation; the
 * `<?php` / `?>` tags and inline HTML are not code.
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
  wrappedElseIncrement,
  type Tier2Rules,
} from './kit.js';

const LOGICAL: Readonly<Record<string, string>> = { '&&': '&&', '||': '||', and: '&&', or: '||' };
const SIMPLE_DECISIONS = new Set([
  'if_statement',
  'else_if_clause',
  'for_statement',
  'foreach_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
  'match_conditional_expression',
]);
const NESTING_ALL = new Set([
  'for_statement',
  'foreach_statement',
  'while_statement',
  'do_statement',
  'switch_statement',
  'match_expression',
]);
const TYPES = new Set([
  'class_declaration',
  'interface_declaration',
  'trait_declaration',
  'enum_declaration',
]);
const CALLS = new Set([
  'function_call_expression',
  'member_call_expression',
  'nullsafe_member_call_expression',
  'scoped_call_expression',
  'object_creation_expression',
]);
const STRING_TEXT = new Set([
  'string_content',
  'string_value',
  'escape_sequence',
  'heredoc_start',
  'heredoc_end',
]);

function logicalOperator(node: Node, type: string): string | null {
  if (type !== 'binary_expression') return null;
  return LOGICAL[node.childForFieldName('operator')?.type ?? ''] ?? null;
}

/** A full conditional `a ? b : c` (not the short `a ?: c`). */
function isFullConditional(frame: Frame): boolean {
  return frame.type === 'conditional_expression' && frame.node.childForFieldName('body') !== null;
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type) || isFullConditional(frame)) return 1;
  if (type === 'case_statement') return 1;
  return logicalOperator(frame.node, type) === null ? 0 : 1;
}

function increment(frame: Frame): Increment {
  const chain = wrappedElseIncrement(frame, 'if_statement', 'else_clause');
  if (chain !== undefined) return chain;
  const type = frame.type;
  if (type === 'else_if_clause' || type === 'goto_statement') return 'flat';
  if (type === 'break_statement' || type === 'continue_statement') {
    return frame.node.namedChildren.some((c) => c !== null && c.type !== 'comment') ? 'flat' : null;
  }
  if (NESTING_ALL.has(type) || type === 'catch_clause' || isFullConditional(frame)) return 'nesting';
  return null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  switch (frame.type) {
    case 'if_statement':
    case 'else_if_clause':
      return field === 'body';
    case 'else_clause':
      return childType !== 'if_statement';
    case 'catch_clause':
      return field === 'body';
    default:
      return NESTING_ALL.has(frame.type) || isFullConditional(frame);
  }
}

/** `f(…)`, `$this->f(…)`, `self::f(…)`, `static::f(…)`. */
function call(frame: Frame): CallRef | null {
  const node = frame.node;
  const args = node.childForFieldName('arguments')?.namedChildCount ?? 0;
  switch (frame.type) {
    case 'function_call_expression': {
      const callee = node.childForFieldName('function');
      return callee?.type === 'name' ? { name: callee.text, receiver: null, args } : null;
    }
    case 'member_call_expression': {
      const object = node.childForFieldName('object');
      const name = node.childForFieldName('name');
      return object?.text === '$this' && name?.type === 'name'
        ? { name: name.text, receiver: '$this', args }
        : null;
    }
    case 'scoped_call_expression': {
      const scope = node.childForFieldName('scope')?.text;
      const name = node.childForFieldName('name');
      return (scope === 'self' || scope === 'static') && name?.type === 'name'
        ? { name: name.text, receiver: scope, args }
        : null;
    }
    default:
      return null;
  }
}

function closureContext(frame: Frame): AnonymousContext {
  let outer = frame.parent;
  if (outer?.type === 'argument') outer = outer.parent;
  if (outer?.type === 'arguments') {
    const invocation = outer.parent?.node;
    if (invocation?.type === 'function_call_expression') {
      return { call: invocation.childForFieldName('function')?.text ?? null };
    }
    if (invocation && CALLS.has(invocation.type)) {
      const object = invocation.childForFieldName('object') ?? invocation.childForFieldName('scope');
      return { call: memberLabel(object, invocation.childForFieldName('name')?.text ?? '') };
    }
  }
  if (outer?.type === 'assignment_expression' && frame.field === 'right') {
    return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  }
  return {};
}

function phpUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  const type = frame.type;
  if (TYPES.has(type)) return { kind: 'class', name: node.childForFieldName('name')?.text ?? '<class>' };
  switch (type) {
    case 'anonymous_class':
      return { kind: 'class', name: null, label: '<anonymous class>' };
    case 'function_definition':
      return { kind: 'function', name: node.childForFieldName('name')?.text ?? '<function>' };
    case 'method_declaration': {
      if (!node.childForFieldName('body')) return null;
      const name = node.childForFieldName('name')?.text ?? '<method>';
      return {
        kind: name.toLowerCase() === '__construct' ? 'constructor' : 'method',
        name,
        receiver: '$this',
      };
    }
    case 'anonymous_function':
      return { kind: 'closure', name: null, label: standIn('closure', closureContext(frame), scope) };
    case 'arrow_function':
      return { kind: 'arrow', name: null, label: standIn('arrow fn', closureContext(frame), scope) };
    default:
      return null;
  }
}

export const phpRules: Tier2Rules = {
  comments: new Set(['comment']),
  literals: new Set([
    'string',
    'encapsed_string',
    'heredoc',
    'nowdoc',
    'variable_name',
    'shell_command_expression',
  ]),
  ignoredLeaves: new Set(['php_tag', 'php_end_tag', '?>', 'text']),
  unitStart: phpUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator,
  sequenceLink: (node, type) =>
    type === 'parenthesized_expression' ? 'group' : logicalOperator(node, type) === null ? null : 'binary',
  interpolations: (node) =>
    node.type === 'encapsed_string' || node.type === 'heredoc' || node.type === 'shell_command_expression'
      ? interpolated(node, (child) =>
          child.type === 'heredoc_body' ? 'descend' : STRING_TEXT.has(child.type) ? 'skip' : 'code',
        )
      : [],
  operatorKey: operatorKeys({
    callParen: (frame) => parentIs(frame, 'arguments') && CALLS.has(frame.parent?.parent?.type ?? ''),
    indexBracket: (frame) => parentIs(frame, 'subscript_expression'),
    special: (frame, text) => {
      if (text === '?') {
        if (parentIs(frame, 'conditional_expression')) return '?:';
        return parentIs(frame, 'optional_type') ? null : '?';
      }
      return undefined;
    },
  }),
  call,
};

export const phpDefinition: LanguageDefinition = {
  rules: phpRules,
  recursion: recursionByName(new Set(['$this', 'self', 'static'])),
};

export const phpMetrics: LanguageMetrics = languageMetrics(phpDefinition);
