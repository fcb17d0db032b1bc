/**
 * One iterative walk that splits a tree into regions — the top level plus one
 * region per unit (function, method, lambda, class, …; a language may fold
 * lambdas into the function around them, see `UnitStart.folded`) — and
 * counts, for each region's own code (nested units excluded): decision points
 * (cyclomatic), cognitive increments, lexical tokens, Halstead
 * operators/operands and calls.
 * A language supplies `LanguageRules`; nothing here knows node types.
 *
 * Input can nest thousands of levels deep, so nothing here recurses: the walk
 * and the logical-operator sequences use explicit stacks.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { MetricIncrement, UnitKind } from '../model.js';
import { HalsteadTally } from './halstead.js';
import {
  cyclomaticIncrement,
  flatIncrement,
  incrementLineOf,
  lineOf,
  nestedIncrement,
  nodeLabel,
} from './increments.js';

/** A node on the walk's stack, with what the walk knows about where it sits. */
export interface Frame {
  readonly node: Node;
  readonly type: string;
  readonly parent: Frame | null;
  /** The node's field name in its parent ("condition", "body", …), if any. */
  readonly field: string | null;
  /** The region (unit or top level) the node belongs to. */
  readonly region: number;
  /** Cognitive nesting level inside that region. */
  readonly nesting: number;
}

/** What a language says about a node that starts a unit. */
export interface UnitStart {
  readonly kind: UnitKind;
  /** The declared simple name; null for anonymous units, which are named by `label`. */
  readonly name: string | null;
  /** For anonymous units: the readable stand-in ("<lambda in sorted()>"). */
  readonly label?: string;
  /** The name a method's body uses for its own object (`self`, Go's receiver), for recursion. */
  readonly receiver?: string | null;
  /** How many arguments a call must pass to reach this unit (Java overloads). */
  readonly arity?: { readonly min: number; readonly max: number };
  /**
   * The language's own tools count this unit's code in the function around
   * it (C# lambdas, Rust closures). Inside a function-like unit it then has
   * no region of its own and its code sits one cognitive nesting level
   * deeper, as the whitepaper nests lambdas; with no function around it (a field
   * initializer, a `static`, a top-level statement) there is nothing to fold
   * into, so it stays a unit.
   */
  readonly folded?: boolean;
}

/** A call whose target may be a unit of the same snippet. */
export interface CallRef {
  readonly name: string;
  /** The object the call goes through (`self`, `this`, a receiver), or null for a plain call. */
  readonly receiver: string | null;
  readonly args: number;
}

export interface Region {
  readonly index: number;
  readonly node: Node;
  /** Enclosing region, -1 for the top level. */
  readonly parent: number;
  /** Null for the top level. */
  readonly unit: UnitStart | null;
  /** Qualified name ("Stack.push") or stand-in; "" for the top level. */
  readonly name: string;
  /** Qualified name of the nearest named unit at or above this region ("" if none). */
  readonly scopeName: string;
  decisions: number;
  cognitive: number;
  /** What makes up `decisions` and `cognitive`, one entry per contribution. */
  readonly increments: MetricIncrement[];
  tokens: number;
  readonly halstead: HalsteadTally;
  readonly calls: CallRef[];
}

export type Increment = 'nesting' | 'flat' | null;

export interface LanguageRules {
  /** Node types of comments: no tokens, no operands. */
  readonly comments: ReadonlySet<string>;
  /** Named nodes counted as one token and one operand, children unread (strings, primitive types). */
  readonly literals: ReadonlySet<string>;
  /** Named leaves that are not tokens at all (e.g. Python's line continuation). */
  readonly ignoredLeaves?: ReadonlySet<string>;
  /** Whether the node starts a unit; `scope` is the qualified name of the nearest named unit ("" if none). */
  unitStart(frame: Frame, scope: string): UnitStart | null;
  /** Decision points (cyclomatic) this node adds. */
  decisions(frame: Frame): number;
  /** Cognitive increment of this node, apart from logical-operator sequences. */
  increment(frame: Frame): Increment;
  /** Whether the child of `frame` with this type and field sits one cognitive nesting level deeper. */
  nestsChild(frame: Frame, childType: string, field: string | null): boolean;
  /** The operator of a logical binary node (`&&`, `or`, …), or null. */
  logicalOperator(node: Node, type: string): string | null;
  /**
   * How a sequence of logical operators continues through a node: `binary`
   * reads its left and right fields, `group` its inner expression (parentheses).
   */
  sequenceLink(node: Node, type: string): 'binary' | 'group' | null;
  /** Code inside a literal (Python f-string interpolations), walked as code. */
  interpolations?(node: Node): Node[];
  /** Halstead operator key for an anonymous leaf, or null when it is punctuation that does not act. */
  operatorKey(frame: Frame, text: string): string | null;
  /** A call this node makes, for recursion. */
  call(frame: Frame): CallRef | null;
}

export interface ScanOptions {
  /**
   * Fold nested units into the enclosing code, one nesting level deeper,
   * instead of giving them regions of their own (gocognit's view of closures).
   */
  readonly inline?: boolean;
}

const MAX_NAME = 120;

/** Keeps the end of long qualified names ("…Inner.method"), so deep nesting stays cheap. */
function clipQualified(name: string): string {
  return name.length > MAX_NAME ? `…${name.slice(name.length - MAX_NAME + 1)}` : name;
}

function newRegion(index: number, node: Node, parent: Region | null, unit: UnitStart | null): Region {
  let name = '';
  let scopeName = parent?.scopeName ?? '';
  if (unit && parent) {
    if (unit.name === null) {
      name = unit.label ?? '<anonymous>';
    } else {
      name = clipQualified(parent.unit ? `${parent.name}.${unit.name}` : unit.name);
      scopeName = name;
    }
  }
  return {
    index,
    node,
    parent: parent?.index ?? -1,
    unit,
    name,
    scopeName,
    decisions: 0,
    cognitive: 0,
    increments: [],
    tokens: 0,
    halstead: new HalsteadTally(),
    calls: [],
  };
}

/**
 * Walks `root` once. Region 0 is the top level (or, when `root` is itself a
 * unit's node, that unit's whole code); regions come in document order, outer
 * before inner.
 */
export function scan(rules: LanguageRules, root: Node, options: ScanOptions = {}): Region[] {
  const regions: Region[] = [newRegion(0, root, null, null)];
  const consumed = new Set<number>();
  const stack: Frame[] = [{ node: root, type: root.type, parent: null, field: null, region: 0, nesting: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    let frame = next;
    if (rules.comments.has(frame.type)) continue;
    if (frame.parent !== null && frame.node.isNamed) {
      const enclosing = regionAt(regions, frame.region);
      const start = rules.unitStart(frame, enclosing.scopeName);
      if (start && (options.inline || (start.folded && isFunctionLike(enclosing)))) {
        frame = { ...frame, nesting: frame.nesting + 1 };
      } else if (start) {
        const index = regions.length;
        regions.push(newRegion(index, frame.node, enclosing, start));
        frame = { ...frame, region: index, nesting: 0 };
      }
    }
    const region = regionAt(regions, frame.region);
    const node = frame.node;
    const decisions = rules.decisions(frame);
    if (decisions !== 0) {
      region.decisions += decisions;
      region.increments.push(cyclomaticIncrement(node, decisions));
    }
    const increment = rules.increment(frame);
    if (increment === 'nesting') {
      region.cognitive += 1 + frame.nesting;
      region.increments.push(nestedIncrement(node, frame.nesting));
    } else if (increment === 'flat') {
      region.cognitive += 1;
      region.increments.push(flatIncrement(incrementLineOf(node), nodeLabel(node)));
    }
    if (rules.logicalOperator(node, frame.type) !== null && !consumed.has(node.id)) {
      for (const run of logicalSequences(rules, node, consumed)) {
        region.cognitive += 1;
        region.increments.push(flatIncrement(run.line, `a sequence of \`${run.operator}\``));
      }
    }
    const call = rules.call(frame);
    if (call) region.calls.push(call);

    if (rules.literals.has(frame.type)) {
      region.tokens++;
      region.halstead.addOperand(node.text);
      const inner = rules.interpolations?.(node) ?? [];
      for (const child of inner.reverse()) {
        stack.push({ ...frame, node: child, type: child.type, parent: frame, field: null });
      }
      continue;
    }
    const count = node.childCount;
    if (count === 0) {
      countLeaf(rules, frame, region);
      continue;
    }
    const children = node.children;
    for (let i = count - 1; i >= 0; i--) {
      const child = children[i];
      if (!child) continue;
      const type = child.type;
      const field = node.fieldNameForChild(i);
      const nested = rules.nestsChild(frame, type, field);
      stack.push({
        node: child,
        type,
        parent: frame,
        field,
        region: frame.region,
        nesting: frame.nesting + (nested ? 1 : 0),
      });
    }
  }
  return regions;
}

function isFunctionLike(region: Region): boolean {
  return region.unit !== null && region.unit.kind !== 'class';
}

export function regionAt(regions: readonly Region[], index: number): Region {
  const region = regions[index];
  if (!region) throw new Error(`no region ${index}`);
  return region;
}

function countLeaf(rules: LanguageRules, frame: Frame, region: Region): void {
  const node = frame.node;
  // MISSING nodes (error recovery) and other zero-width leaves are not in the text.
  if (node.startIndex === node.endIndex || rules.ignoredLeaves?.has(frame.type)) return;
  region.tokens++;
  const text = node.text;
  if (node.isNamed) {
    region.halstead.addOperand(text);
  } else {
    const key = rules.operatorKey(frame, text);
    if (key !== null) region.halstead.addOperator(key);
  }
}

/** One run of like logical operators: where it starts and what it is. */
interface OperatorRun {
  readonly operator: string;
  readonly line: number;
}

/**
 * Cognitive increments of the logical-operator sequence rooted at `start`:
 * operators are read left to right through the links the language allows, and
 * each run of like operators adds one (`a && b && c || d` adds 2). Every
 * logical node reached is marked so it is not counted again.
 */
function logicalSequences(rules: LanguageRules, start: Node, consumed: Set<number>): OperatorRun[] {
  const runs: OperatorRun[] = [];
  let previous: string | null = null;
  // Nodes to expand, and operators to emit, in in-order sequence.
  const stack: (Node | OperatorRun)[] = [start];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (!('type' in item)) {
      if (item.operator !== previous) runs.push(item);
      previous = item.operator;
      continue;
    }
    const type = item.type;
    const link = rules.sequenceLink(item, type);
    if (link === 'group') {
      const inner = firstCode(item, rules);
      if (inner) stack.push(inner);
    } else if (link === 'binary') {
      const operator = rules.logicalOperator(item, type);
      if (operator !== null) consumed.add(item.id);
      const left = item.childForFieldName('left');
      const right = item.childForFieldName('right');
      if (right) stack.push(right);
      if (operator !== null) stack.push({ operator, line: operatorLine(item, left, right) });
      if (left) stack.push(left);
    }
  }
  return runs;
}

/** The line of a binary node's operator: its first token between the two operands. */
function operatorLine(node: Node, left: Node | null, right: Node | null): number {
  const from = left?.endIndex ?? node.startIndex;
  const to = right?.startIndex ?? node.endIndex;
  for (const child of node.children) {
    if (child && !child.isNamed && child.startIndex >= from && child.endIndex <= to) return lineOf(child);
  }
  return lineOf(right ?? node);
}

function firstCode(node: Node, rules: LanguageRules): Node | null {
  for (const child of node.namedChildren) {
    if (child && !rules.comments.has(child.type)) return child;
  }
  return null;
}
