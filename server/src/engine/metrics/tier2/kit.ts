/**
 * Helpers the tier-2 languages share on top of common/: Halstead operator
 * keys, if/else chains, logical-operator runs for grammars whose binary nodes
 * have no `left`/`right` fields, string interpolations, and recursion matched
 * by name.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { recursiveRegions } from '../common/recursion.js';
import type { CallRef, Frame, Increment, LanguageRules, Region } from '../common/scan.js';

/**
 * Rules plus named leaves that are keywords or operators (Swift's `else`,
 * Bash's `-eq`): they should count as Halstead operators, not operands.
 * common/scan.ts does not read this field yet (see the tier-2 notes in
 * docs/metrics.md); until it does, such leaves are counted as operands.
 */
export interface Tier2Rules extends LanguageRules {
  readonly operatorLeaves?: ReadonlySet<string>;
}

/** Brackets and separators that only delimit. */
export const PUNCTUATION: ReadonlySet<string> = new Set(['(', ')', '[', ']', '{', '}', ',', ';', ':']);

export interface OperatorSpec {
  /** Whether this `(` opens a call's arguments (counted as `()`). */
  readonly callParen: (frame: Frame) => boolean;
  /** Whether this `[` opens an index (counted as `[]`). */
  readonly indexBracket: (frame: Frame) => boolean;
  /** Language-specific keys, tried first; `undefined` falls through to the defaults. */
  readonly special?: (frame: Frame, text: string) => string | null | undefined;
  readonly punctuation?: ReadonlySet<string>;
}

export function operatorKeys(spec: OperatorSpec): (frame: Frame, text: string) => string | null {
  const punctuation = spec.punctuation ?? PUNCTUATION;
  return (frame, text) => {
    const special = spec.special?.(frame, text);
    if (special !== undefined) return special;
    if (text === '(') return spec.callParen(frame) ? '()' : null;
    if (text === '[') return spec.indexBracket(frame) ? '[]' : null;
    return punctuation.has(text) ? null : text;
  };
}

/** Whether the leaf in `frame` sits directly in a node of one of these types. */
export function parentIs(frame: Frame, types: ReadonlySet<string> | string): boolean {
  const type = frame.parent?.type ?? '';
  return typeof types === 'string' ? type === types : types.has(type);
}

/**
 * if / else chains where `else` wraps its statement (C, C++, Rust, PHP's
 * `else if`): an `if` inside an else clause is an "else if" (+1, no nesting
 * increment), any other else clause is a plain `else` (+1).
 */
export function wrappedElseIncrement(frame: Frame, ifType: string, elseType: string): Increment | undefined {
  if (frame.type === ifType) return frame.parent?.type === elseType ? 'flat' : 'nesting';
  if (frame.type === elseType)
    return frame.node.namedChildren.some((c) => c?.type === ifType) ? null : 'flat';
  return undefined;
}

const DIRECTIVES = new Set(['preproc_if', 'preproc_elif']);

/**
 * Whether an expression is (part of) a `#if` / `#elif` condition: lizard reads
 * a directive as one token, so `&&` there adds nothing.
 */
export function inDirective(node: Node): boolean {
  let current: Node | null = node;
  while (current && (current.type.endsWith('_expression') || current.type === 'preproc_defined')) {
    current = current.parent;
  }
  return current !== null && DIRECTIVES.has(current.type);
}

/** Runs of like logical operators for binary nodes read through a language's own accessors. */
export interface LogicalShape {
  /** The node's logical operator (`&&`, `or`, …), or null when it is not a logical node. */
  operator(node: Node): string | null;
  left(node: Node): Node | null;
  right(node: Node): Node | null;
  /** The expression inside a parenthesised group, or null when `node` is not one. */
  inner?(node: Node): Node | null;
}

function unwrap(shape: LogicalShape, node: Node | null): Node | null {
  let current = node;
  for (let inner = current && shape.inner?.(current); inner; inner = shape.inner?.(inner)) current = inner;
  return current;
}

/**
 * Whether the logical node starts a new run of like operators: its operator
 * differs from the one just before it when the sequence is read left to right
 * (through nested logical nodes and parentheses). Counting +1 for every node
 * that starts a run gives the whitepaper's "+1 per sequence of like boolean
 * operators" without recursion.
 */
export function startsRun(shape: LogicalShape, node: Node): boolean {
  const operator = shape.operator(node);
  if (operator === null) return false;
  return previousOperator(shape, node) !== operator;
}

function previousOperator(shape: LogicalShape, node: Node): string | null {
  // The last operator of the left operand, when it is itself a logical node.
  let last = unwrap(shape, shape.left(node));
  if (last && shape.operator(last) !== null) {
    for (let right = unwrap(shape, shape.right(last)); right && shape.operator(right) !== null;) {
      last = right;
      right = unwrap(shape, shape.right(right));
    }
    return shape.operator(last);
  }
  // Otherwise the operator of the nearest enclosing logical node whose right operand holds this one.
  let child = node;
  for (let parent = child.parent; parent; parent = parent.parent) {
    if (shape.inner?.(parent)) {
      child = parent;
      continue;
    }
    if (shape.operator(parent) === null) return null;
    if (shape.right(parent)?.id === child.id) return shape.operator(parent);
    child = parent;
  }
  return null;
}

export type InterpolationPart = 'code' | 'descend' | 'skip';

/**
 * Code inside a string literal (interpolations), for `LanguageRules.interpolations`.
 * `classify` says what each named child (of the literal or of a part looked
 * into) is: code to walk, a part to look inside (`#{…}`), or text to skip.
 */
export function interpolated(node: Node, classify: (child: Node, parent: Node) => InterpolationPart): Node[] {
  const found: Node[] = [];
  const pending: Node[] = [node];
  for (let current = pending.pop(); current; current = pending.pop()) {
    for (const child of current.namedChildren) {
      if (!child) continue;
      const part = classify(child, current);
      if (part === 'code') found.push(child);
      else if (part === 'descend') pending.push(child);
    }
  }
  return found.sort((a, b) => a.startIndex - b.startIndex);
}

/** Drops template argument lists and turns `::` into `.` (`ns::Stack<T>::size` → `ns.Stack.size`). */
export function plainQualified(text: string): string {
  const operator = /\boperator\b/.exec(text);
  const head = operator ? text.slice(0, operator.index) : text;
  const tail = operator ? text.slice(operator.index).replace(/\s+/g, ' ') : '';
  let depth = 0;
  let out = '';
  for (const ch of head) {
    if (ch === '<') depth++;
    else if (ch === '>' && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return `${out.replace(/\s+/g, '').replace(/^::/, '').replace(/::/g, '.')}${tail}`;
}

/** The last `.`-separated part of a unit name (`Stack.push` → `push`). */
export function simpleName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

function qualifier(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(0, dot);
}

const NOT_CALLABLE = new Set(['class', 'lambda', 'closure', 'arrow']);

/**
 * Recursion matched by name (no type information). A plain call `f(…)`, or
 * one through the object's own name (`this`, `self`, `$this`, …), reaches the
 * named functions and methods called `f` that sit beside the caller (same
 * class, same enclosing function, or the top level) or at the top level, when
 * their written qualifier (`Stack` in C++'s `Stack::push`) is the caller's or
 * none. A call through any other object reaches nothing. Calls made in
 * lambdas and closures belong to the named function around them.
 */
export function recursionByName(selfReceivers: ReadonlySet<string>) {
  return (regions: readonly Region[]): ReadonlySet<number> => {
    const byName = new Map<string, Region[]>();
    for (const region of regions) {
      const unit = region.unit;
      if (!unit || unit.name === null || NOT_CALLABLE.has(unit.kind)) continue;
      const key = simpleName(unit.name);
      const list = byName.get(key);
      if (list) list.push(region);
      else byName.set(key, [region]);
    }
    return recursiveRegions(regions, (caller: Region, call: CallRef) => {
      if (call.receiver !== null && !selfReceivers.has(call.receiver)) return [];
      const callerQualifier = qualifier(caller.unit?.name ?? '');
      const targets: number[] = [];
      for (const candidate of byName.get(call.name) ?? []) {
        const beside = candidate.parent === caller.parent;
        const topLevel = candidate.parent === 0 && call.receiver === null;
        const own = qualifier(candidate.unit?.name ?? '');
        // An overload taking another number of arguments is another method (as Java's resolution reads it).
        const arity = candidate.unit?.arity;
        const fits = arity === undefined || (arity.min <= call.args && call.args <= arity.max);
        if ((beside || topLevel) && (own === '' || own === callerQualifier) && fits)
          targets.push(candidate.index);
      }
      return targets;
    });
  };
}

const SIMPLE = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/** `object.member` when the object is a plain name, else the member (as common/naming's calleeLabel). */
export function memberLabel(object: Node | null, member: string): string {
  return object && SIMPLE.test(object.text) ? `${object.text}.${member}` : member;
}
