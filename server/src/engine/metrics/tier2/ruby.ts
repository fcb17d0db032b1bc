/**
 * Per-function metrics for Ruby (tree-sitter-ruby).
 *
 * Cyclomatic (lizard's Ruby CCN): +1 for `if`, `elsif`, `while`, `until`,
 * `for` (modifier forms too: `x if y`), each `when` and pattern-matching
 * `in` clause, `rescue` (modifier too) and `ensure`, `and`, `or`, `&&`,
 * `||`, `||=`, `&&=` and `?:`. `unless` adds nothing, as in lizard.
 * `case` itself and `else` add nothing.
 *
 * Cognitive (whitepaper): +1+nesting for `if`, `unless`, loops, `case`,
 * `rescue` and `?:` (modifier forms too); +1 for `elsif` and an `if` /
 * `unless` `else`; +1 per run of like logical operators (`and` is `&&`, `or`
 * is `||`). Blocks (`do … end`, `{ … }`) and lambdas are not units (lizard
 * does not split them out) and nest their body one level deeper, as the
 * whitepaper nests lambdas.
 *
 * Units: classes and modules (class units); methods (`initialize` is the
 * constructor; singleton methods are named `self.name`, also when defined in
 * `class << self`); a `def` outside any class or module is a function.
 * Recursion: `name(…)` and `self.name(…)` reach the methods called `name`
 * beside the caller or at the top level.
 *
 * Halstead: operands are names, symbols and literals (a string, regex or
 * `%w[]` array is one; code interpolated with `#{}` counts as code) and
 * `nil` / `true` / `false` / `self`; operators are keywords and operator
 * symbols, call parentheses as `()`, element reference as `[]`, `?:` as
 * one. Other brackets, `,`, `;`, block bars and `:` are punctuation.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import type { CallRef, Frame, Increment, UnitStart } from '../common/scan.js';
import { interpolated, operatorKeys, parentIs, recursionByName, type Tier2Rules } from './kit.js';

const LOGICAL: Readonly<Record<string, string>> = { '&&': '&&', '||': '||', and: '&&', or: '||' };
const SIMPLE_DECISIONS = new Set([
  'if',
  'if_modifier',
  'elsif',
  'while',
  'while_modifier',
  'until',
  'until_modifier',
  'for',
  'when',
  'in_clause',
  'rescue',
  'rescue_modifier',
  'ensure',
  'conditional',
]);
const NESTING = new Set([
  'if',
  'unless',
  'if_modifier',
  'unless_modifier',
  'while',
  'while_modifier',
  'until',
  'until_modifier',
  'for',
  'case',
  'case_match',
  'rescue',
  'rescue_modifier',
  'conditional',
]);
const NEST_ALL = new Set([
  'while',
  'until',
  'for',
  'case',
  'case_match',
  'conditional',
  'if_modifier',
  'unless_modifier',
  'while_modifier',
  'until_modifier',
  'rescue_modifier',
  'do_block',
  'block',
  'lambda',
]);
const IFS = new Set(['if', 'unless', 'elsif']);
const STRINGS = new Set([
  'string',
  'heredoc_body',
  'regex',
  'subshell',
  'delimited_symbol',
  'string_array',
  'symbol_array',
  'bare_string',
  'bare_symbol',
]);

function logicalOperator(node: Node, type: string): string | null {
  if (type !== 'binary') return null;
  return LOGICAL[node.childForFieldName('operator')?.type ?? ''] ?? null;
}

// Keywords share their node's type name (`if` the statement, `if` the token): only named nodes count.
function decisions(frame: Frame): number {
  if (!frame.node.isNamed) return 0;
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type)) return 1;
  if (type === 'operator_assignment') {
    const operator = frame.node.childForFieldName('operator')?.type;
    return operator === '||=' || operator === '&&=' ? 1 : 0;
  }
  return logicalOperator(frame.node, type) === null ? 0 : 1;
}

function increment(frame: Frame): Increment {
  if (!frame.node.isNamed) return null;
  const type = frame.type;
  if (type === 'elsif') return 'flat';
  if (type === 'else') return IFS.has(frame.parent?.type ?? '') ? 'flat' : null;
  return NESTING.has(type) ? 'nesting' : null;
}

function nestsChild(frame: Frame, _childType: string, field: string | null): boolean {
  if (!frame.node.isNamed) return false;
  const type = frame.type;
  if (IFS.has(type)) return field === 'consequence';
  if (type === 'else') return IFS.has(frame.parent?.type ?? '');
  if (type === 'rescue') return field === 'body';
  return NEST_ALL.has(type);
}

/** `name(…)`, `name arg` and `self.name(…)`. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'call') return null;
  const receiver = frame.node.childForFieldName('receiver');
  const method = frame.node.childForFieldName('method');
  const args = frame.node.childForFieldName('arguments')?.namedChildCount ?? 0;
  if (method?.type !== 'identifier') return null;
  if (!receiver) return { name: method.text, receiver: null, args };
  return receiver.type === 'self' ? { name: method.text, receiver: 'self', args } : null;
}

/** The class, module or `class << self` whose body holds this definition, if any. */
function owner(frame: Frame): Frame | null {
  const body = frame.parent;
  if (body?.type !== 'body_statement') return null;
  const outer = body.parent;
  return outer && (outer.type === 'class' || outer.type === 'module' || outer.type === 'singleton_class')
    ? outer
    : null;
}

function rubyUnitStart(frame: Frame): UnitStart | null {
  const node = frame.node;
  switch (frame.type) {
    case 'class':
    case 'module':
      return { kind: 'class', name: node.childForFieldName('name')?.text ?? '<class>' };
    case 'method': {
      const name = node.childForFieldName('name')?.text ?? '<method>';
      const outer = owner(frame);
      if (!outer) return { kind: 'function', name, receiver: 'self' };
      if (outer.type === 'singleton_class') return { kind: 'method', name: `self.${name}`, receiver: 'self' };
      return { kind: name === 'initialize' ? 'constructor' : 'method', name, receiver: 'self' };
    }
    case 'singleton_method': {
      const object = node.childForFieldName('object')?.text ?? 'self';
      return {
        kind: 'method',
        name: `${object}.${node.childForFieldName('name')?.text ?? ''}`,
        receiver: 'self',
      };
    }
    default:
      return null;
  }
}

export const rubyRules: Tier2Rules = {
  comments: new Set(['comment']),
  literals: new Set([...STRINGS, 'character', 'nil', 'true', 'false', 'simple_symbol', 'hash_key_symbol']),
  ignoredLeaves: new Set(['heredoc_end', 'heredoc_content']),
  unitStart: rubyUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator,
  sequenceLink: (node, type) => {
    if (type === 'parenthesized_statements') return node.namedChildCount === 1 ? 'group' : null;
    return logicalOperator(node, type) === null ? null : 'binary';
  },
  interpolations: (node) =>
    STRINGS.has(node.type)
      ? interpolated(node, (child, parent) => {
          if (child.type === 'interpolation') return 'descend';
          return parent.type === 'interpolation' ? 'code' : 'skip';
        })
      : [],
  operatorKey: operatorKeys({
    callParen: (frame) => parentIs(frame, 'argument_list') && frame.parent?.parent?.type === 'call',
    indexBracket: (frame) => parentIs(frame, 'element_reference'),
    special: (frame, text) => {
      if (text === '?' && parentIs(frame, 'conditional')) return '?:';
      if (text === '|' && parentIs(frame, 'block_parameters')) return null;
      return undefined;
    },
  }),
  call,
};

export const rubyDefinition: LanguageDefinition = {
  rules: rubyRules,
  recursion: recursionByName(new Set(['self'])),
};

export const rubyMetrics: LanguageMetrics = languageMetrics(rubyDefinition);
