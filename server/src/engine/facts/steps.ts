/**
 * The steps of one unit (or of the top-level code): loops, branches, calls,
 * returns, throws and the like, in document order, with how deeply loops and
 * branches nest around each. One pass over the unit's ids in the snapshot;
 * nested units are skipped. Only step nodes are looked at through tree-sitter
 * (for their subjects).
 */
import type { LanguageId } from '@code-explain/shared';
import type { Snapshot, SnapshotNode } from '../parsing/snapshot.js';
import type { Step } from './model.js';
import { clip, field, subjectOf } from './subjects.js';
import { stepFor } from './syntax.js';

type StepSyntax = ReturnType<typeof stepFor>;

/** Go's one `for` keyword covers counting, while-style and range loops. */
function refine(language: LanguageId, node: SnapshotNode, step: StepSyntax): StepSyntax {
  if (!step || language !== 'go' || node.type !== 'for_statement') return step;
  const clause = node.children.find((c) => c.named && (c.type === 'range_clause' || c.type === 'for_clause'));
  if (clause?.type === 'range_clause') return { kind: 'loop', detail: 'for-each' };
  if (clause) return step;
  return { kind: 'loop', detail: 'while' };
}

/** Functions whose body may be a bare expression, which is then their return value. */
const EXPRESSION_BODIED = new Set(['arrow_function', 'lambda', 'lambda_expression']);

/** The expression an expression-bodied arrow function or lambda returns, if `unit` is one. */
function implicitReturn(unit: SnapshotNode): SnapshotNode | undefined {
  if (!EXPRESSION_BODIED.has(unit.type)) return undefined;
  const body = unit.childForFieldName('body');
  if (!body || body.type === 'statement_block' || body.type === 'block') return undefined;
  // A Java lambda whose body is a call may be a `void` one (`x -> log(x)`): nothing is returned then.
  if (unit.type === 'lambda_expression' && body.type === 'method_invocation') return undefined;
  return body;
}

/** An `else if` / `elif`: the next arm of a chain at the depth of its first `if`, not a nested branch. */
function continuesChain(node: SnapshotNode): boolean {
  if (node.type === 'elif_clause') return true;
  if (node.type !== 'if_statement') return false;
  const parent = node.parent;
  return parent?.type === 'else_clause' || (parent?.type === 'if_statement' && node.field === 'alternative');
}

export interface StepsOf {
  readonly steps: Step[];
  readonly maxNesting: number;
  readonly maxLoopDepth: number;
}

/**
 * Steps inside `container`, leaving out the subtrees of other units
 * (`isUnit[id]`).
 */
export function collectSteps(
  language: LanguageId,
  snapshot: Snapshot,
  container: SnapshotNode,
  isUnit: Uint8Array,
): StepsOf {
  const steps: Step[] = [];
  let maxNesting = 0;
  let maxLoopDepth = 0;
  const first = container.id;
  // Loop/branch nesting and loop depth of every node in the container, set by its parent.
  const nesting = new Int32Array(container.lastId - first + 1);
  const loops = new Int32Array(container.lastId - first + 1);
  const nodes = snapshot.nodes;
  for (let id = first; id <= container.lastId; id++) {
    const node = nodes[id];
    if (!node) continue;
    if (id !== first && isUnit[id] === 1) {
      id = node.lastId;
      continue;
    }
    const depth = nesting[id - first] ?? 0;
    const loopDepth = loops[id - first] ?? 0;
    // Unnamed nodes are tokens: Python names both the `await` expression and its keyword `await`.
    const step = node.named ? refine(language, node, stepFor(language, node.type)) : undefined;
    let childNesting = depth;
    let childLoops = loopDepth;
    // A for-each loop evaluates its iterable once, before repeating anything.
    let once: SnapshotNode | undefined;
    if (step) {
      steps.push({
        kind: step.kind,
        line: snapshot.startRow(node) + 1,
        depth,
        loopDepth,
        subject: subjectOf(language, step.kind, node),
        ...(step.detail ? { detail: step.detail } : {}),
      });
      if (step.kind === 'loop' || step.kind === 'switch' || (step.kind === 'branch' && !continuesChain(node)))
        childNesting++;
      if (step.kind === 'loop') childLoops++;
      maxNesting = Math.max(maxNesting, childNesting);
      maxLoopDepth = Math.max(maxLoopDepth, childLoops);
      if (step.kind === 'loop') {
        const iterable = field(node, 'right', 'value');
        once = iterable?.parent === node ? iterable : undefined;
      }
    }
    for (const child of node.children) {
      nesting[child.id - first] = childNesting;
      loops[child.id - first] = child === once ? loopDepth : childLoops;
    }
  }
  const implicit = implicitReturn(container);
  if (implicit) {
    steps.push({
      kind: 'return',
      line: snapshot.startRow(implicit) + 1,
      depth: 0,
      loopDepth: 0,
      subject: clip(implicit.text),
    });
  }
  // Pre-order visits a node's step before its children's, so steps are in
  // document order already; the sort by line keeps that order within a line
  // (an implicit return, pushed last, stays after the calls it is made of).
  steps.sort((a, b) => a.line - b.line);
  return { steps, maxNesting, maxLoopDepth };
}
