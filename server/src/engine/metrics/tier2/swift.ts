/**
 * Per-function metrics for Swift (alex-pinkus tree-sitter-swift).
 *
 * Cyclomatic (lizard's Swift CCN, which is the definition): lizard reads
 * Swift as a token stream and adds 1 for every token that is a condition:
 * `if`, `for`, `while`, `catch`, `guard`, `case`, `&&`, `||` and `?`. So
 * this counts tokens, not statements, read the way lizard's tokenizer reads
 * the file:
 *
 * - The words count wherever they are tokens of code: `if` (so `else if`),
 *   `guard`, `for` (`for case` adds 2), `while` (once in `repeat … while`),
 *   `catch`, every `case` of a `switch` (also `if case`, `case … where`),
 *   but also a parameter's external name (`func f(for view: V)`) and a
 *   member (`p.catch(…)`). Not counted: an argument label written right
 *   after `(` or `,` on the same line (`g(for: x)`, lizard renames those),
 *   `default`, `switch`, `where`, and an enum's `case` (it declares; lizard
 *   counts it only in a function's code, where an enum is a unit here).
 * - `?` counts when lizard sees it as a token of its own, i.e. when no
 *   letter, digit or `_` comes right before it (lizard reads `x?` as one
 *   word): the ternary `c ? a : b`, optional chaining on a call or
 *   subscript (`f()?.x`, `a[i]?.x`) and optional types that end in `)`, `]`
 *   or `>` (`[Int]?`, `(() -> Void)?`, `Set<Int>?`, also in signatures).
 *   `a?.b`, `Int?`, `try?`, `as?`, `x?` patterns and a glued ternary
 *   (`c? a : b`) add nothing; `??` adds nothing unless glued to a name
 *   (`o??0`, which lizard reads as `o?` `?0`).
 * - `&&` and `||` count.
 * - Nothing counts in strings (interpolations included: lizard reads a
 *   string as one token), in comments, or after a `#` on the same line
 *   (`#if … && …`, `if #available(…), a && b`, `#"raw"#`: lizard reads
 *   from `#` to the line end as one preprocessor token).
 *
 * Where lizard's function boundaries go wrong (`get`, `set`, `init` used as
 * names inside a body start a function there; a `{` after `,`, `type` or
 * `protocol`, or after a `#` on its line, is lost), units still follow the
 * syntax tree; docs/metrics.md lists these divergences. Closures are units
 * of their own here (lizard folds them into the enclosing function).
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
import type { SnapshotNode as Node, SourceText } from '../../parsing/node.js';
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

/** lizard's Swift condition words; each occurrence as a token adds 1. */
const CONDITION_WORDS = new Set(['if', 'for', 'while', 'catch', 'guard', 'case']);
const WORD_CHAR = /[\p{L}\p{N}\p{Mn}_]/u;
const COMMENTS = new Set(['comment', 'multiline_comment']);

interface Token {
  readonly node: Node;
  readonly text: string;
}

// A memo of a pure function of the document, dropped with it: the leaves are
// found in one pass over the file, then asked about leaf by leaf.
const countedLeaves = new WeakMap<SourceText, ReadonlySet<number>>();

/** Whether only spaces and tabs (no line break, no comment) lie between two offsets. */
function sameLine(source: string, from: number, to: number): boolean {
  return /^[^\S\n]*$/.test(source.slice(from, to));
}

/**
 * The leaves lizard's Swift reader counts as conditions, read as lizard's
 * tokenizer reads the file (see the header): condition words, `&&`, `||` and
 * every `?` that lizard's tokenizer leaves standing alone.
 */
function lizardConditions(doc: SourceText): ReadonlySet<number> {
  const source = doc.source;
  const nodes = doc.nodes;
  const tokens: Token[] = [];
  for (let i = 0; i < nodes.length;) {
    const node = nodes[i]!;
    const whole = COMMENTS.has(node.type) || STRINGS.has(node.type);
    if ((whole || node.childCount === 0) && node.start < node.end) tokens.push({ node, text: node.text });
    i = whole ? node.lastId + 1 : i + 1;
  }
  const counted = new Set<number>();
  let macroRow = -1;
  for (let i = 0; i < tokens.length; i++) {
    const { node, text } = tokens[i]!;
    const row = doc.row(node.start);
    if (row === macroRow) continue;
    if (text.startsWith('#')) {
      macroRow = row;
      continue;
    }
    if (COMMENTS.has(node.type) || STRINGS.has(node.type)) continue;
    const glued = node.start > 0 && WORD_CHAR.test(source[node.start - 1] ?? '');
    let counts = false;
    if (text === '&&' || text === '||') counts = true;
    else if (text === '?') counts = !glued;
    else if (text === '??') counts = glued;
    else if (CONDITION_WORDS.has(text)) {
      counts = node.parent?.type !== 'enum_entry' && !isArgumentLabel(source, tokens, i);
    }
    if (counts) counted.add(node.id);
  }
  return counted;
}

/** `( for :` or `, for :` on one line: lizard renames the word before counting. */
function isArgumentLabel(source: string, tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  const node = tokens[i]!.node;
  return (
    before !== undefined &&
    after !== undefined &&
    (before.text === '(' || before.text === ',') &&
    after.text === ':' &&
    sameLine(source, before.node.end, node.start) &&
    sameLine(source, node.end, after.node.start)
  );
}

function decisions(frame: Frame): number {
  const node = frame.node;
  if (node.childCount !== 0) return 0;
  let counted = countedLeaves.get(node.doc);
  if (!counted) {
    counted = lizardConditions(node.doc);
    countedLeaves.set(node.doc, counted);
  }
  return counted.has(node.id) ? 1 : 0;
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
