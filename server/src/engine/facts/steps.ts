/**
 * The steps of one unit (or of the top-level code): loops, branches, calls,
 * returns, throws and the like, in document order, with how deeply loops and
 * branches nest around each. One pass over the unit's ids in the snapshot;
 * nested units are skipped. Only step nodes are looked at through tree-sitter
 * (for their subjects).
 */
import type { LanguageId } from '@code-explain/shared';
import type { Snapshot, SnapshotNode } from '../parsing/snapshot.js';
import { leavesLoop } from './exits.js';
import type { Step } from './model.js';
import { clip, field, subjectOf } from './subjects.js';
import { stepFor, syntaxTableFor } from './syntax.js';
import { JUMP_TYPES, jumpKind, tier2Loop } from './tier2.js';

type StepSyntax = ReturnType<typeof stepFor>;

/**
 * Go's one `for` keyword covers counting, while-style and range loops; tier-2
 * loops and jumps are told apart by their shape (tier2.ts).
 */
function refine(language: LanguageId, node: SnapshotNode, step: StepSyntax): StepSyntax {
  if (!syntaxTableFor(language)) {
    if (JUMP_TYPES.has(node.type)) {
      const kind = jumpKind(node);
      return kind ? { kind } : undefined;
    }
    if (step?.kind === 'loop') return { kind: 'loop', detail: tier2Loop(node).detail };
    return step;
  }
  if (!step || language !== 'go' || node.type !== 'for_statement') return step;
  const clause = node.children.find((c) => c.named && (c.type === 'range_clause' || c.type === 'for_clause'));
  if (clause?.type === 'range_clause') return { kind: 'loop', detail: 'for-each' };
  if (clause) return step;
  // `for cond {…}` is a while loop; a bare `for {…}` runs until something breaks out.
  const condition = node.children.find((c) => c.named && c.type !== 'block' && !c.type.includes('comment'));
  return { kind: 'loop', detail: condition ? 'while' : 'loop' };
}

/** Functions whose body may be a bare expression, which is then their return value. */
const EXPRESSION_BODIED = new Set(['arrow_function', 'lambda', 'lambda_expression']);
/** A value-producing tail that is control flow: what it returns is not one expression to quote. */
const CONTROL_TAIL =
  /^(if|unless|while|until|for|case|match|loop|begin|switch|when|try)(_expression|_statement|_modifier)?$/;

function lastStatement(block: SnapshotNode | null | undefined): SnapshotNode | undefined {
  const statements = block?.namedChildren.filter((c) => !c.type.includes('comment')) ?? [];
  return statements[statements.length - 1];
}

/**
 * The expression a unit returns without a `return` keyword: an
 * expression-bodied arrow function or lambda, Kotlin's `fun f() = expr`, the
 * tail expression of a Rust block (no semicolon), the last expression of a
 * Ruby method.
 */
function implicitReturn(language: LanguageId, unit: SnapshotNode): SnapshotNode | undefined {
  if (EXPRESSION_BODIED.has(unit.type)) {
    const body = unit.childForFieldName('body');
    if (!body || body.type === 'statement_block' || body.type === 'block') return undefined;
    // A Java lambda whose body is a call may be a `void` one (`x -> log(x)`): nothing is returned then.
    if (unit.type === 'lambda_expression' && body.type === 'method_invocation') return undefined;
    return body;
  }
  let tail: SnapshotNode | undefined;
  if (language === 'kotlin') {
    const body = unit.children.find((c) => c.type === 'function_body');
    if (body?.firstChild?.type === '=') tail = lastStatement(body);
  } else if (language === 'rust' && (unit.type === 'function_item' || unit.type === 'closure_expression')) {
    const body = unit.childForFieldName('body');
    tail = body?.type === 'block' ? lastStatement(body) : (body ?? undefined);
    if (tail && (/_statement$|_declaration$|_item$/.test(tail.type) || tail.type === 'block'))
      tail = undefined;
  } else if (language === 'ruby' && (unit.type === 'method' || unit.type === 'singleton_method')) {
    tail = lastStatement(unit.childForFieldName('body'));
    if (tail && /^(return|assignment|operator_assignment)$/.test(tail.type)) tail = undefined;
  }
  return tail && !CONTROL_TAIL.test(tail.type) ? tail : undefined;
}

/** An `else if` / `elif`: the next arm of a chain at the depth of its first `if`, not a nested branch. */
function continuesChain(node: SnapshotNode): boolean {
  if (node.type === 'elif_clause') return true;
  if (node.type !== 'if_statement') return false;
  const parent = node.parent;
  return parent?.type === 'else_clause' || (parent?.type === 'if_statement' && node.field === 'alternative');
}

/** A repeated call on a way out of its loop (exits.ts); tier-2 grammars are not read for it. */
function leaves(language: LanguageId, kind: Step['kind'], loopDepth: number, node: SnapshotNode) {
  const how = kind === 'call' && loopDepth > 0 && syntaxTableFor(language) ? leavesLoop(node) : undefined;
  return how ? { leaves: how } : {};
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
        ...leaves(language, step.kind, loopDepth, node),
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
  const implicit = implicitReturn(language, container);
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
