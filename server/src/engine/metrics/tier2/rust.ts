/**
 * Per-function metrics for Rust (tree-sitter-rust).
 *
 * Cyclomatic (lizard's Rust CCN): +1 for `if` (so `else if`, `if let`),
 * `while` (and `while let`), `for`, each `match` (once, whatever its arms),
 * each match-arm guard (`Some(x) if x > 0 =>`), `&&`, `||`, and the `?`
 * operator (an early return). `loop` adds nothing. Inside macro invocations
 * (`assert!(a && b)`), whose arguments are token trees, the tokens `if`,
 * `while`, `for`, `match`, `&&`, `||` and `?` count as lizard counts them.
 * A `where` clause adds 1, as lizard lists `where` among its Rust
 * conditions. Differences from lizard, on purpose (its tokenizer, not its
 * definition): the `?` of a `?Sized` bound, the `||` of a closure without
 * parameters and the `&&` of a reference to a reference (`&&str`) add
 * nothing.
 *
 * Cognitive (whitepaper): +1+nesting for `if`, `match`, `for`, `while` and
 * `loop`; +1 for `else if`, `else`, and `break` / `continue` to a label; +1
 * per run of like `&&` / `||`. `?` adds nothing. Loops and `match` nest
 * everything inside them, an `if` its branches, a closure its body.
 *
 * Units: `impl` blocks (class units named after the type, `Stack`, or
 * `<Stack as fmt::Display>` for a trait implementation) and traits (class
 * units); functions (methods inside an impl or trait, with a body). Closures
 * belong to the function around them, as in lizard: their decisions count in
 * it and their code sits one cognitive nesting level deeper (the
 * whitepaper's and Sonar's view of lambdas). Only a closure with no function
 * around it (in a `static` or `const`) is a unit of its own (`<closure
 * assigned to CLAMP>`). Nested `fn` items stay units, as lizard reports them.
 * Modules, structs and enums are not units. Recursion: `f(…)`, `self.f(…)` and
 * `Self::f(…)` reach the functions named `f` beside the caller or at the top
 * level.
 *
 * Halstead: operands are names, literals (a string or char is one),
 * lifetimes and labels (`'a` is one), `self` and primitive type names;
 * operators are keywords and operator symbols, call parentheses as `()`,
 * indexing as `[]`. Other brackets, `,`, `;`, `:`, generic `<>` and closure
 * bars are punctuation.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { standIn, type AnonymousContext } from '../common/naming.js';
import type { CallRef, Frame, Increment, UnitStart } from '../common/scan.js';
import { RUST_CLOSURES } from './folded.js';
import {
  memberLabel,
  operatorKeys,
  parentIs,
  plainQualified,
  recursionByName,
  wrappedElseIncrement,
  type Tier2Rules,
} from './kit.js';

const LOGICAL = new Set(['&&', '||']);
const SIMPLE_DECISIONS = new Set([
  'if_expression',
  'while_expression',
  'for_expression',
  'match_expression',
  'try_expression',
  'where_clause',
]);
const MACRO_DECISIONS = new Set(['&&', '||', '?', 'if', 'while', 'for', 'match']);
const NESTING_ALL = new Set(['for_expression', 'while_expression', 'loop_expression', 'match_expression']);
const TYPE_BRACKETS = new Set(['type_arguments', 'type_parameters']);

function logicalOperator(node: Node, type: string): string | null {
  if (type !== 'binary_expression') return null;
  const operator = node.childForFieldName('operator')?.type;
  return operator !== undefined && LOGICAL.has(operator) ? operator : null;
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type)) return 1;
  if (type === 'binary_expression') return logicalOperator(frame.node, type) === null ? 0 : 1;
  if (type === 'match_pattern') return frame.node.childForFieldName('condition') ? 1 : 0;
  if (frame.node.isNamed) return 0;
  // `&&` joining the conditions of a let chain, and tokens inside macro arguments.
  if (type === '&&' && parentIs(frame, 'let_chain')) return 1;
  return MACRO_DECISIONS.has(type) && parentIs(frame, 'token_tree') ? 1 : 0;
}

function hasLabel(frame: Frame): boolean {
  return frame.node.namedChildren.some((c) => c?.type === 'label');
}

function increment(frame: Frame): Increment {
  const chain = wrappedElseIncrement(frame, 'if_expression', 'else_clause');
  if (chain !== undefined) return chain;
  const type = frame.type;
  if (NESTING_ALL.has(type)) return 'nesting';
  if (type === 'break_expression' || type === 'continue_expression') return hasLabel(frame) ? 'flat' : null;
  return null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  switch (frame.type) {
    case 'if_expression':
      return field === 'consequence';
    case 'else_clause':
      return childType !== 'if_expression';
    default:
      return NESTING_ALL.has(frame.type);
  }
}

/** `f(…)`, `f::<T>(…)`, `self.f(…)`, `Self::f(…)`. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'call_expression') return null;
  let callee = frame.node.childForFieldName('function');
  const args = frame.node.childForFieldName('arguments')?.namedChildCount ?? 0;
  if (callee?.type === 'generic_function') callee = callee.childForFieldName('function');
  if (!callee) return null;
  if (callee.type === 'identifier') return { name: callee.text, receiver: null, args };
  if (callee.type === 'field_expression') {
    const value = callee.childForFieldName('value');
    const field = callee.childForFieldName('field');
    return value?.type === 'self' && field ? { name: field.text, receiver: 'self', args } : null;
  }
  if (callee.type === 'scoped_identifier') {
    const path = callee.childForFieldName('path');
    const name = callee.childForFieldName('name');
    return path?.text === 'Self' && name ? { name: name.text, receiver: 'Self', args } : null;
  }
  return null;
}

function implName(node: Node): string {
  const type = plainQualified(node.childForFieldName('type')?.text ?? '<impl>');
  const trait = node.childForFieldName('trait');
  return trait ? `<${type} as ${plainQualified(trait.text).replace(/\./g, '::')}>` : type;
}

function closureContext(frame: Frame): AnonymousContext {
  const outer = frame.parent;
  if (outer?.type === 'arguments' && outer.parent?.type === 'call_expression') {
    const callee = outer.parent.node.childForFieldName('function');
    if (callee?.type === 'field_expression') {
      return {
        call: memberLabel(callee.childForFieldName('value'), callee.childForFieldName('field')?.text ?? ''),
      };
    }
    return { call: callee?.text ?? null };
  }
  if (outer?.type === 'let_declaration')
    return { assigned: outer.node.childForFieldName('pattern')?.text ?? null };
  if (outer?.type === 'static_item' || outer?.type === 'const_item')
    return { assigned: outer.node.childForFieldName('name')?.text ?? null };
  if (outer?.type === 'assignment_expression' && frame.field === 'right') {
    return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  }
  return {};
}

function rustUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  if (RUST_CLOSURES.has(frame.type)) {
    return {
      kind: 'closure',
      name: null,
      label: standIn('closure', closureContext(frame), scope),
      folded: true,
    };
  }
  switch (frame.type) {
    case 'function_item': {
      const owner = frame.parent?.parent?.type;
      const inType =
        frame.parent?.type === 'declaration_list' && (owner === 'impl_item' || owner === 'trait_item');
      const name = node.childForFieldName('name')?.text ?? '<fn>';
      // Without a `self` parameter it is an associated function (`Bytes::new`), called on the type, no method.
      const takesSelf =
        node.childForFieldName('parameters')?.namedChildren.some((p) => p.type === 'self_parameter') ?? false;
      return inType && takesSelf ? { kind: 'method', name, receiver: 'self' } : { kind: 'function', name };
    }
    case 'impl_item':
      return node.childForFieldName('body') ? { kind: 'class', name: implName(node) } : null;
    case 'trait_item':
      return { kind: 'class', name: node.childForFieldName('name')?.text ?? '<trait>' };
    default:
      return null;
  }
}

export const rustRules: Tier2Rules = {
  comments: new Set(['line_comment', 'block_comment']),
  literals: new Set(['string_literal', 'raw_string_literal', 'char_literal', 'lifetime', 'label']),
  operatorLeaves: new Set(['mutable_specifier', 'crate', 'super']),
  unitStart: rustUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator,
  sequenceLink: (node, type) =>
    type === 'parenthesized_expression' ? 'group' : logicalOperator(node, type) === null ? null : 'binary',
  operatorKey: operatorKeys({
    callParen: (frame) => parentIs(frame, 'arguments') && frame.parent?.parent?.type === 'call_expression',
    indexBracket: (frame) => parentIs(frame, 'index_expression'),
    special: (frame, text) => {
      if ((text === '<' || text === '>') && parentIs(frame, TYPE_BRACKETS)) return null;
      if (text === '|' && parentIs(frame, 'closure_parameters')) return null;
      return undefined;
    },
  }),
  call,
};

export const rustDefinition: LanguageDefinition = {
  rules: rustRules,
  recursion: recursionByName(new Set(['self', 'Self'])),
};

export const rustMetrics: LanguageMetrics = languageMetrics(rustDefinition);
