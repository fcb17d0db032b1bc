/**
 * Per-function metrics for Swift (alex-pinkus tree-sitter-swift).
 *
 * Cyclomatic (lizard's Swift CCN): +1 for `if` (so `else if`), `guard`,
 * `for`, `while`, `repeat … while`, `catch`, every `case` (each case of a
 * `switch`, also `if case` / `for case`; `default` adds nothing), `?:`,
 * `&&` and `||`. `??` adds nothing, as in lizard. Difference from lizard, on
 * purpose: optional chaining adds nothing (lizard counts the `?` of `f()?.x`
 * and `a[i]?.x` but not of `a?.x`, an artefact of its tokenizer).
 *
 * Cognitive (whitepaper): +1+nesting for `if`, `guard`, `switch`, loops,
 * `catch` and `?:`; +1 for `else if`, `else`, and `break` / `continue` to a
 * label; +1 per run of like `&&` / `||` (parentheses do not end a run).
 * `??` and `?.` add nothing. Loops, `switch` and `?:` nest everything inside
 * them, `if` and `guard` their blocks, `catch` its block.
 *
 * Units: classes, structs, enums, actors, extensions and protocols (class
 * units; an extension is named after the type it extends); functions
 * (methods inside a type body) with a body; `init` (constructor), `deinit`
 * and `subscript`; property accessors with a body, named after the
 * property: `get` and a computed property's implicit getter (getter), `set`,
 * `willSet` and `didSet` (setter); closures. Recursion: `f(…)` and
 * `self.f(…)` reach the functions named `f` beside the caller or at the top
 * level.
 *
 * Halstead: operands are names and literals (a string is one; `\(…)`
 * interpolations count as code); operators are keywords and operator
 * symbols, call parentheses as `()`, subscripts as `[]`, `?:` as one. Other
 * brackets, `,`, `;`, `:`, generic `<>` and an optional type's `?` are
 * punctuation.
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
  startsRun,
  type LogicalShape,
  type Tier2Rules,
} from './kit.js';

const LOGICAL: Readonly<Record<string, string>> = {
  conjunction_expression: '&&',
  disjunction_expression: '||',
};
const SIMPLE_DECISIONS = new Set([
  'if_statement',
  'guard_statement',
  'for_statement',
  'while_statement',
  'repeat_while_statement',
  'catch_block',
  'ternary_expression',
  'conjunction_expression',
  'disjunction_expression',
]);
const NESTING_ALL = new Set([
  'for_statement',
  'while_statement',
  'repeat_while_statement',
  'switch_statement',
  'ternary_expression',
]);
const TYPE_BODIES = new Set(['class_body', 'enum_class_body', 'protocol_body']);
const TYPE_BRACKETS = new Set(['type_arguments', 'type_parameters']);
const STRINGS = new Set(['line_string_literal', 'multi_line_string_literal', 'raw_string_literal']);

const SHAPE: LogicalShape = {
  operator: (node) => LOGICAL[node.type] ?? null,
  left: (node) => node.childForFieldName('lhs'),
  right: (node) => node.childForFieldName('rhs'),
  inner: (node) =>
    node.type === 'tuple_expression' && node.namedChildCount === 1 && !node.childForFieldName('name')
      ? node.namedChild(0)
      : null,
};

function decisions(frame: Frame): number {
  if (SIMPLE_DECISIONS.has(frame.type)) return 1;
  return frame.type === 'case' && !frame.node.isNamed && !parentIs(frame, 'enum_entry') ? 1 : 0;
}

function isElseIf(frame: Frame): boolean {
  return frame.parent?.type === 'if_statement' && frame.node.previousNamedSibling?.type === 'else';
}

function increment(frame: Frame): Increment {
  const type = frame.type;
  if (type === 'if_statement') return isElseIf(frame) ? 'flat' : 'nesting';
  if (type === 'else') {
    return parentIs(frame, 'if_statement') && frame.node.nextNamedSibling?.type !== 'if_statement'
      ? 'flat'
      : null;
  }
  if (NESTING_ALL.has(type) || type === 'guard_statement' || type === 'catch_block') return 'nesting';
  if (LOGICAL[type]) return startsRun(SHAPE, frame.node) ? 'flat' : null;
  if (type === 'control_transfer_statement') {
    const keyword = frame.node.child(0)?.type;
    const jumps = keyword === 'break' || keyword === 'continue';
    return jumps && frame.node.childForFieldName('result') ? 'flat' : null;
  }
  return null;
}

function nestsChild(frame: Frame, childType: string): boolean {
  switch (frame.type) {
    case 'if_statement':
    case 'guard_statement':
    case 'catch_block':
      return childType === 'statements';
    default:
      return NESTING_ALL.has(frame.type);
  }
}

/** `f(…)` and `self.f(…)`. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'call_expression') return null;
  const callee = frame.node.namedChild(0);
  if (callee?.type === 'simple_identifier') return { name: callee.text, receiver: null, args: 0 };
  if (callee?.type === 'navigation_expression') {
    const target = callee.childForFieldName('target');
    const member = callee.childForFieldName('suffix')?.childForFieldName('suffix');
    if (target?.type === 'self_expression' && member) return { name: member.text, receiver: 'self', args: 0 };
  }
  return null;
}

function calleeLabel(callee: Node | null): string | null {
  if (callee?.type === 'navigation_expression') {
    const member = callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text ?? '';
    return memberLabel(callee.childForFieldName('target'), member);
  }
  return callee?.text ?? null;
}

function closureContext(frame: Frame): AnonymousContext {
  let outer = frame.parent;
  if (outer?.type === 'value_argument') outer = outer.parent?.parent ?? null;
  if (outer?.type === 'call_suffix' && outer.parent?.type === 'call_expression') {
    return { call: calleeLabel(outer.parent.node.namedChild(0)) };
  }
  if (outer?.type === 'property_declaration')
    return { assigned: outer.node.childForFieldName('name')?.text ?? null };
  if (outer?.type === 'assignment') return { assigned: outer.node.childForFieldName('target')?.text ?? null };
  return {};
}

/** The property (or subscript) an accessor belongs to, through `computed_property` / `willset_didset_block`. */
function propertyName(frame: Frame): string {
  let outer = frame.parent;
  while (outer && outer.type !== 'property_declaration' && outer.type !== 'subscript_declaration') {
    outer = outer.parent;
  }
  if (outer?.type === 'subscript_declaration') return 'subscript';
  return outer?.node.childForFieldName('name')?.text ?? '<property>';
}

function hasAccessors(computed: Node | null): boolean {
  return (
    computed?.namedChildren.some((c) => c?.type === 'computed_getter' || c?.type === 'computed_setter') ??
    false
  );
}

function swiftUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  switch (frame.type) {
    case 'class_declaration':
    case 'protocol_declaration':
      return {
        kind: 'class',
        name: node.childForFieldName('name')?.text.replace(/<[\s\S]*$/, '') ?? '<type>',
      };
    case 'function_declaration': {
      if (!node.childForFieldName('body')) return null;
      const name = node.childForFieldName('name')?.text ?? '<func>';
      const inType = TYPE_BODIES.has(frame.parent?.type ?? '');
      return inType ? { kind: 'method', name, receiver: 'self' } : { kind: 'function', name };
    }
    case 'init_declaration':
      return node.childForFieldName('body') ? { kind: 'constructor', name: 'init', receiver: 'self' } : null;
    case 'deinit_declaration':
      return { kind: 'method', name: 'deinit', receiver: 'self' };
    case 'subscript_declaration': {
      const computed = node.namedChildren.find((c) => c?.type === 'computed_property') ?? null;
      return computed && !hasAccessors(computed)
        ? { kind: 'method', name: 'subscript', receiver: 'self' }
        : null;
    }
    case 'computed_property':
      return frame.parent?.type === 'property_declaration' && !hasAccessors(node)
        ? { kind: 'getter', name: propertyName(frame), receiver: 'self' }
        : null;
    case 'computed_getter':
      return { kind: 'getter', name: propertyName(frame), receiver: 'self' };
    case 'computed_setter':
    case 'willset_clause':
    case 'didset_clause':
      return { kind: 'setter', name: propertyName(frame), receiver: 'self' };
    case 'lambda_literal':
      return { kind: 'closure', name: null, label: standIn('closure', closureContext(frame), scope) };
    default:
      return null;
  }
}

export const swiftRules: Tier2Rules = {
  comments: new Set(['comment', 'multiline_comment']),
  literals: STRINGS,
  operatorLeaves: new Set([
    'else',
    'bang',
    'custom_operator',
    'where_keyword',
    'default_keyword',
    'catch_keyword',
    'throws',
    'rethrows',
  ]),
  unitStart: swiftUnitStart,
  decisions,
  increment,
  nestsChild,
  // Swift's binary nodes name their operands lhs / rhs, which common/scan's
  // sequence reader does not follow; runs are counted in `increment` instead.
  logicalOperator: () => null,
  sequenceLink: () => null,
  interpolations: (node) =>
    interpolated(node, (child, parent) => {
      if (child.type === 'interpolated_expression') return 'descend';
      return parent.type === 'interpolated_expression' ? 'code' : 'skip';
    }),
  operatorKey: operatorKeys({
    callParen: (frame) => parentIs(frame, 'value_arguments') && frame.parent?.parent?.type === 'call_suffix',
    indexBracket: (frame) =>
      parentIs(frame, 'value_arguments') && frame.parent?.parent?.type === 'call_suffix',
    special: (frame, text) => {
      if (text === '?') {
        if (parentIs(frame, 'ternary_expression')) return '?:';
        return frame.parent?.parent?.type === 'optional_type' ? null : '?';
      }
      if ((text === '<' || text === '>') && parentIs(frame, TYPE_BRACKETS)) return null;
      return undefined;
    },
  }),
  call,
};

export const swiftDefinition: LanguageDefinition = {
  rules: swiftRules,
  recursion: recursionByName(new Set(['self'])),
};

export const swiftMetrics: LanguageMetrics = languageMetrics(swiftDefinition);
