/**
 * Which tainted values an expression carries: its sources, the names it reads
 * that hold taint, and what sanitisers and normalisers they pass through on
 * the way. Iterative (an explicit stack), and every node visited is charged
 * to the analysis's budget.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import { calleeText } from '../nodes.js';
import { SINK_KINDS, type Origin, type SinkKind, type TaintCatalogue } from './model.js';

/** The work allowance shared by one analysis: nodes visited, and the most it may visit. */
export interface Budget {
  visited: number;
  readonly limit: number;
}

export const spend = (budget: Budget, nodes = 1): boolean => {
  budget.visited += nodes;
  return budget.visited <= budget.limit;
};

/** Looks up what a name holds at a node: the origins of its taint, none when clean. */
export type Lookup = (name: string, at: Node) => readonly Origin[];

const CALLS = new Set([
  'call',
  'call_expression',
  'method_invocation',
  'object_creation_expression',
  'new_expression',
  'invocation_expression',
]);
/** Node types a source pattern may match: member chains, calls, subscripts. */
const SOURCE_SHAPES = new Set([
  ...CALLS,
  'member_expression',
  'subscript_expression',
  'attribute',
  'subscript',
  'selector_expression',
  'index_expression',
  'field_access',
  'member_access_expression',
  'element_access_expression',
  'identifier',
]);
export const NAME_TYPES = new Set(['identifier', 'shorthand_property_identifier']);
const FUNCTIONS = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'lambda',
  'lambda_expression',
  'func_literal',
]);
/** Operators whose result is a boolean: it says something about the value but carries none of its text. */
const COMPARISONS = new Set(['==', '===', '!=', '!==', '<', '>', '<=', '>=', 'instanceof', 'in']);
const LITERALS =
  /^(number|integer|float|true|false|null|none|nil|undefined|int_literal|decimal_integer_literal|character_literal|rune_literal|regex)$/;

/** The children of `node` whose values flow into its value. */
function valueChildren(node: Node): readonly (Node | null)[] {
  switch (node.type) {
    case 'member_expression':
      // `rows.length`, `s.length`: a count, none of the text.
      return node.childForFieldName('property')?.text === 'length' ? [] : [node.childForFieldName('object')];
    case 'attribute':
    case 'field_access':
      return [node.childForFieldName('object')];
    case 'selector_expression':
      return [node.childForFieldName('operand')];
    // C#: `a.B` and `a[k]` carry what `a` holds; a named argument `name: value` its value.
    case 'member_access_expression':
    case 'element_access_expression':
      return [node.childForFieldName('expression')];
    case 'argument':
      return [node.namedChildren.find((c) => c.id !== node.childForFieldName('name')?.id) ?? null];
    case 'cast_expression':
      return node.childForFieldName('value') ? [node.childForFieldName('value')] : node.namedChildren;
    case 'conditional_expression':
      // C#'s `c ? a : b` yields a or b; Python's has no fields and reads as a whole.
      return node.childForFieldName('consequence')
        ? [node.childForFieldName('consequence'), node.childForFieldName('alternative')]
        : node.namedChildren;
    case 'interpolation':
      return node.namedChildren.filter((c) => c.type !== 'interpolation_brace');
    case 'method_invocation':
      return [node.childForFieldName('object'), node.childForFieldName('arguments')];
    case 'object_creation_expression':
    case 'new_expression':
      return [node.childForFieldName('arguments')];
    case 'call':
    case 'call_expression':
    case 'invocation_expression': {
      const fn = node.childForFieldName('function');
      // A bare callee is a function's name, not a value: `open(x)` carries x, not `open`.
      return fn && NAME_TYPES.has(fn.type)
        ? [node.childForFieldName('arguments')]
        : [fn, node.childForFieldName('arguments')];
    }
    case 'keyword_argument':
    case 'pair':
      return [node.childForFieldName('value')];
    case 'comparison_operator':
    case 'not_operator':
      return [];
    case 'unary_expression':
      return /^(!|typeof|void)$/.test(node.childForFieldName('operator')?.text ?? '')
        ? []
        : node.namedChildren;
    case 'binary_expression':
      return COMPARISONS.has(node.childForFieldName('operator')?.text ?? '') ? [] : node.namedChildren;
    default:
      return node.namedChildren;
  }
}

interface Frame {
  readonly node: Node;
  readonly sanitised: ReadonlySet<SinkKind>;
  readonly normalised: boolean;
}

/**
 * Each source pattern's sticky twin, tried at the start of the text only: a
 * plain `exec` searched the whole text of every expression the walk visits
 * (and of each expression inside it) for a match it then rejected unless it
 * was at the start. A memo of constants: patterns never change.
 */
const stickyPatterns = new WeakMap<RegExp, RegExp>();

function matchAtStart(pattern: RegExp, text: string): RegExpExecArray | null {
  let sticky = stickyPatterns.get(pattern);
  if (sticky === undefined) {
    sticky = new RegExp(pattern.source, `${pattern.flags.replace(/[gy]/g, '')}y`);
    stickyPatterns.set(pattern, sticky);
  }
  sticky.lastIndex = 0;
  return sticky.exec(text);
}

/** The source an expression's text opens with, as named in messages (`request.args`). */
export function sourceText(
  catalogue: TaintCatalogue,
  node: Node,
): { readonly text: string; readonly remote: boolean; readonly stored: boolean } | undefined {
  if (!SOURCE_SHAPES.has(node.type)) return undefined;
  const text = node.text;
  for (const { pattern, remote, stored } of catalogue.sources) {
    const match = matchAtStart(pattern, text);
    if (match)
      return { text: match[0].replace(/[.(\s]+$/, ''), remote: remote === true, stored: stored === true };
  }
  return undefined;
}

/**
 * The origins of the taint `expr` carries; `lookup` answers for names and
 * `sourceAt` turns a source expression into an origin.
 */
export function originsOf(
  catalogue: TaintCatalogue,
  expr: Node,
  lookup: Lookup,
  sourceAt: (node: Node, text: string, remote: boolean, stored: boolean) => Origin,
  budget: Budget,
): Origin[] {
  const out: Origin[] = [];
  const stack: Frame[] = [{ node: expr, sanitised: new Set(), normalised: false }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node } = frame;
    if (!spend(budget)) break;
    if (FUNCTIONS.has(node.type) || LITERALS.test(node.type) || node.type.includes('comment')) continue;
    let sanitised = frame.sanitised;
    let normalised = frame.normalised;
    let cleaned = false;
    if (CALLS.has(node.type)) {
      const callee = calleeText(node);
      for (const s of catalogue.sanitisers) {
        if (!s.callee.test(callee)) continue;
        sanitised = new Set([...sanitised, ...(s.clears === 'all' ? SINK_KINDS : s.clears)]);
        cleaned = true;
      }
      if (catalogue.normalisers.test(callee)) {
        normalised = true;
        cleaned = true;
      }
    }
    // `request.form["user"].replace("\n", "")` reads as a source by its text; the sanitiser around it comes first.
    const source = cleaned ? undefined : sourceText(catalogue, node);
    if (source !== undefined) {
      out.push(mark(sourceAt(node, source.text, source.remote, source.stored), frame));
      continue;
    }
    if (NAME_TYPES.has(node.type)) {
      for (const origin of lookup(node.text, node)) out.push(mark(origin, frame));
      continue;
    }
    const children = valueChildren(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ node: child, sanitised, normalised });
    }
  }
  return out;
}

function mark(origin: Origin, frame: Frame): Origin {
  if (frame.sanitised.size === 0 && (!frame.normalised || origin.normalised)) return origin;
  return {
    ...origin,
    sanitised: new Set([...origin.sanitised, ...frame.sanitised]),
    normalised: origin.normalised || frame.normalised,
  };
}
