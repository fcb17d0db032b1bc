/**
 * The steps of one unit (or of the top-level code): loops, branches, calls,
 * returns, throws and the like, in document order, with how deeply loops and
 * branches nest around each. One pass over the unit's ids in the snapshot;
 * nested units are skipped. Only step nodes are looked at through tree-sitter
 * (for their subjects).
 */
import type { LanguageId } from '@code-explain/shared';
import type { LanguageSyntax } from '../languages/model.js';
import type { Snapshot, SnapshotNode } from '../parsing/snapshot.js';
import { exitReader, followedInUnit, type Leaves } from './exits.js';
import type { Jump, Step, StepKind } from './model.js';
import { casesOf } from './cases.js';
import { clip, field, subjectOf } from './subjects.js';
import { exceptionsOf, stepFor, syntaxOf } from './syntax.js';
import { BREAKABLE_SWITCH_TYPES, calleeText, FUNCTION_TYPES, LOOP_TYPES } from '../nodes.js';
import { JUMP_TYPES, jumpKind } from './tier2.js';
import type { Writable } from '../writable.js';
import { skipOf } from './skips.js';

type StepSyntax = ReturnType<typeof stepFor>;

/**
 * A loop whose node type does not say which kind it is (Go's one `for`, every
 * tier-2 loop) is told apart by its shape, as are tier-2 jumps (tier2.ts).
 */
function refine(syntax: LanguageSyntax, node: SnapshotNode, step: StepSyntax): StepSyntax {
  if (syntax.kind === 'conventions' && JUMP_TYPES.has(node.type)) {
    const kind = jumpKind(node);
    return kind ? { kind } : undefined;
  }
  if (step?.kind === 'loop' && syntax.loopShape)
    return { kind: 'loop', detail: syntax.loopShape(node).detail };
  // `for (;;)` has no condition: it runs until something breaks out or returns.
  if (step?.kind === 'loop' && step.detail === 'for' && !conditionOf(node))
    return { kind: 'loop', detail: 'loop' };
  return step;
}

/** A C-style `for`'s condition; none when it is left out (`for (;;)`). */
function conditionOf(node: SnapshotNode): SnapshotNode | undefined {
  const condition = node.childForFieldName('condition');
  return condition && condition.text.replace(/;/g, '').trim() !== '' ? condition : undefined;
}

/** Functions whose body may be a bare expression, which is then their return value. */
const EXPRESSION_BODIED = new Set(['arrow_function', 'lambda', 'lambda_expression']);
/** A value-producing tail that is control flow: what it returns is not one expression to quote. */
const CONTROL_TAIL =
  /^(if|unless|while|until|for|case|match|loop|begin|switch|when|try)(_expression|_statement|_modifier)?$/;

/**
 * The expression a unit returns without a `return` keyword: an
 * expression-bodied arrow function or lambda, or what its language reads as
 * one (Kotlin's `fun f() = expr`, the tail expression of a Rust block, the
 * last expression of a Ruby method).
 */
function implicitReturn(syntax: LanguageSyntax, unit: SnapshotNode): SnapshotNode | undefined {
  if (EXPRESSION_BODIED.has(unit.type)) {
    const body = unit.childForFieldName('body');
    if (!body || body.type === 'statement_block' || body.type === 'block') return undefined;
    // A Java lambda whose body is a call may be a `void` one (`x -> log(x)`): nothing is returned then.
    if (unit.type === 'lambda_expression' && body.type === 'method_invocation') return undefined;
    return body;
  }
  const tail = syntax.implicitReturn?.(unit);
  return tail && !CONTROL_TAIL.test(tail.type) ? tail : undefined;
}

/** The last expression of a Rust block, which is its value: none when it ends with a statement. */
function blockTail(block: SnapshotNode): SnapshotNode | undefined {
  const last = block.namedChildren.filter((c) => !c.type.includes('comment')).at(-1);
  if (!last || last.text.trimEnd().endsWith(';')) return undefined;
  // An `if` or `match` at the end of a block is written as a statement, and is its value all the same.
  const inner = last.type === 'expression_statement' ? last.namedChildren[0] : last;
  return inner && !/statement|declaration|_item$/.test(inner.type) ? inner : undefined;
}

/** A Rust function's or closure's last `if` or `match`, when it is its value (no `;` after it). */
function controlTail(unit: SnapshotNode): SnapshotNode | undefined {
  if (unit.type !== 'function_item' && unit.type !== 'closure_expression') return undefined;
  const body = unit.childForFieldName('body');
  const last =
    body?.type === 'block' ? body.namedChildren.filter((c) => !c.type.includes('comment')).at(-1) : undefined;
  if (!last || last.text.trimEnd().endsWith(';')) return undefined;
  const inner = last.type === 'expression_statement' ? last.namedChildren[0] : last;
  return inner && /^(if_expression|match_expression)$/.test(inner.type) ? inner : undefined;
}

/**
 * The values the arms of a tail `if` or `match` expression give (Rust), each arm's own tail, through
 * nested ones, at most a few levels down.
 */
function armTails(tail: SnapshotNode | undefined, depth: number): SnapshotNode[] {
  if (!tail || depth > 3) return [];
  const valueOf = (arm: SnapshotNode | null | undefined): SnapshotNode[] => {
    if (!arm) return [];
    const v = arm.type === 'block' ? blockTail(arm) : arm;
    if (!v) return [];
    return /^(if_expression|match_expression)$/.test(v.type) ? armTails(v, depth + 1) : [v];
  };
  if (tail.type === 'if_expression') {
    const alternative = tail.childForFieldName('alternative');
    const elseArm =
      alternative?.type === 'else_clause'
        ? alternative.namedChildren.find((c) => !c.type.includes('comment'))
        : alternative;
    return [...valueOf(tail.childForFieldName('consequence')), ...valueOf(elseArm)];
  }
  if (tail.type === 'match_expression') {
    const body = tail.childForFieldName('body');
    return (body?.namedChildren ?? [])
      .filter((a) => a.type === 'match_arm')
      .flatMap((a) => valueOf(a.childForFieldName('value')));
  }
  return [];
}

/** An `else if` / `elif`: the next arm of a chain at the depth of its first `if`, not a nested branch. */
function continuesChain(node: SnapshotNode): boolean {
  if (node.type === 'elif_clause') return true;
  // Rust's and Kotlin's `if` is an expression: its `else if` is an `if_expression` in an `else_clause`.
  if (node.type !== 'if_statement' && node.type !== 'if_expression') return false;
  const parent = node.parent;
  return parent?.type === 'else_clause' || (parent?.type === 'if_statement' && node.field === 'alternative');
}

const JUMPS: Readonly<Record<string, Jump['kind']>> = {
  return_statement: 'return',
  return_expression: 'return',
  return: 'return',
  throw_statement: 'throw',
  throw_expression: 'throw',
  raise_statement: 'throw',
  break_statement: 'break',
  break_expression: 'break',
  continue_statement: 'continue',
  continue_expression: 'continue',
};

/** Kotlin's `jump_expression` and Swift's `control_transfer_statement` say which jump by their keyword. */
function jumpType(node: SnapshotNode): Jump['kind'] | undefined {
  const direct = JUMPS[node.type];
  if (direct) return direct;
  if (!JUMP_TYPES.has(node.type)) return undefined;
  const keyword = node.children.find((c) => !c.named)?.type.replace(/@$/, '');
  return keyword === 'return' || keyword === 'throw' || keyword === 'break' || keyword === 'continue'
    ? keyword
    : undefined;
}

/** The single jump statement an arm consists of, if that is all it is. */
function soleJump(arm: SnapshotNode | null | undefined): SnapshotNode | undefined {
  if (!arm) return undefined;
  let node: SnapshotNode | undefined = arm;
  // Unwrap `else` clauses, blocks and expression statements holding exactly one thing.
  for (let i = 0; i < 4 && node && !jumpType(node); i++) {
    const inner: SnapshotNode[] = node.namedChildren.filter((c) => !c.type.includes('comment'));
    if (inner.length !== 1) return undefined;
    if (
      !/^(else_clause|else|block|statement_block|statement_list|compound_statement|expression_statement|body|control_structure_body|statements)$/.test(
        node.type,
      ) &&
      node !== arm
    )
      return undefined;
    node = inner[0];
  }
  return node && jumpType(node) ? node : undefined;
}

/**
 * Kotlin and Swift leave an `if`'s arm without a field name: it is the named
 * child after the condition, when there is no `else`.
 */
function unlabelledArm(node: SnapshotNode): SnapshotNode | undefined {
  if (node.children.some((c) => !c.named && c.type === 'else')) return undefined;
  const condition = node.childForFieldName('condition');
  if (!condition) return undefined;
  return node.namedChildren.find((c) => c.startIndex >= condition.endIndex && !c.type.includes('comment'));
}

/** For an `if`: the jumps its arms consist of, when they are single jumps. */
function guardArms(
  node: SnapshotNode,
): { then: SnapshotNode; otherwise: SnapshotNode | undefined } | undefined {
  const consequence =
    node.childForFieldName('consequence') ?? node.childForFieldName('body') ?? unlabelledArm(node);
  const then = soleJump(consequence);
  if (!then) return undefined;
  const alternative = node.childForFieldName('alternative');
  if (!alternative) return { then, otherwise: undefined };
  // An `else if` continues a chain; only a plain `else` that jumps is its other arm.
  if (
    /elif|else_if|if_statement/.test(alternative.type) ||
    alternative.namedChildren.some((c) => c.type === 'if_statement')
  )
    return undefined;
  const otherwise = soleJump(alternative);
  return otherwise ? { then, otherwise } : undefined;
}

/** Whether an `if` (or Python's `elif`, whose `else` is its next sibling) has an arm for when it is false. */
function hasElseArm(node: SnapshotNode): boolean {
  if (node.type === 'elif_clause')
    return /^(elif_clause|else_clause)$/.test(node.nextNamedSibling?.type ?? '');
  return (
    node.childForFieldName('alternative') !== null ||
    node.namedChildren.some((c) => /^(else_clause|elif_clause)$/.test(c.type))
  );
}

/** Whether a plain `break` ends a `switch` (C, Java, C#, JavaScript, Go) rather than the loop around it. */
function breaksSwitch(node: SnapshotNode): boolean {
  if (node.namedChildren.some((c) => /label|identifier/.test(c.type))) return false;
  for (let p = node.parent; p && !FUNCTION_TYPES.has(p.type); p = p.parent) {
    if (LOOP_TYPES.has(p.type)) return false;
    if (BREAKABLE_SWITCH_TYPES.has(p.type)) return true;
  }
  return false;
}

function jumpOf(language: LanguageId, node: SnapshotNode): Jump {
  const kind = jumpType(node) ?? 'return';
  return {
    kind,
    subject: kind === 'return' || kind === 'throw' ? subjectOf(language, kind, node) : undefined,
    ...(kind === 'break' && breaksSwitch(node) ? { endsSwitch: true as const } : {}),
  };
}

/**
 * What a lambda folded into its function does for itself: its `return` ends
 * the lambda, not the function, and its throws, awaits and yields happen when
 * (and if) something calls it. Its branches, loops and calls are read as the
 * function's code, as its metrics count them.
 */
const LAMBDA_ONLY: ReadonlySet<StepKind> = new Set(['return', 'throw', 'await', 'yield']);

/** How a repeated call on a way out of its loop leaves it (exits.ts). */
function leavesOf(
  leavesLoop: (node: SnapshotNode) => Leaves | undefined,
  kind: Step['kind'],
  loopDepth: number,
  node: SnapshotNode,
): Leaves | undefined {
  return kind === 'call' && loopDepth > 0 ? leavesLoop(node) : undefined;
}

/** Python's `for … else` and `while … else`: the `else` runs when the loop ends without `break`. */
/** Node types that leave a loop or the function (a `yield break` is read from its text). */
const LEAVES = /^(return|throw|raise|break|goto)_(statement|expression)$/;

/**
 * A loop with no condition (`while True:`, `for (;;)`, `loop {}`) that yields and has no way out: no
 * `break`, `return`, `throw`, `goto` or `yield break` in it, outside the functions written in it. It makes
 * values until its caller stops taking them. The line of its first yield; undefined for any other loop.
 */
function endlessYield(step: Pick<Step, 'detail' | 'subject'>, loop: SnapshotNode): number | undefined {
  const free =
    step.detail === 'loop' ||
    (step.detail === 'while' && /^\(?\s*(true|True|1)\s*\)?$/.test(step.subject ?? ''));
  if (!free) return undefined;
  let yielded: number | undefined;
  const walk = (n: SnapshotNode): boolean => {
    for (const c of n.namedChildren) {
      if (FUNCTION_TYPES.has(c.type)) continue;
      if (LEAVES.test(c.type) || /^yield\s+break\b/.test(c.type === 'yield_statement' ? c.text : ''))
        return false;
      if (
        (c.type === 'jump_expression' || c.type === 'control_transfer_statement') &&
        !/^(continue|yield)\b/.test(c.text)
      )
        return false;
      if (yielded === undefined && /^(yield|yield_statement|yield_expression)$/.test(c.type))
        yielded = c.startPosition.row + 1;
      if (!walk(c)) return false;
    }
    return true;
  };
  return walk(loop) ? yielded : undefined;
}

function loopElseLine(node: SnapshotNode): number | undefined {
  const alternative = node.childForFieldName('alternative');
  return alternative?.type === 'else_clause' ? alternative.startPosition.row + 1 : undefined;
}

/**
 * The code a catch clause guards: what its `try` holds before the first handler (a try-with-resources'
 * resources included; Python's `else` and every `finally` come after the handlers, and are left out).
 */
function guardedBy(language: LanguageId, clause: SnapshotNode): Step['guards'] {
  const tryNode = clause.parent;
  const firstHandler = tryNode?.children.find((c) => stepFor(language, c.type)?.kind === 'catch');
  if (!tryNode || !firstHandler || firstHandler.id <= tryNode.id + 1) return undefined;
  return { first: tryNode.id + 1, last: firstHandler.id - 1 };
}

/** What a catch clause catches and guards, as far as its language's grammar is read. */
function describeCatch(language: LanguageId, clause: SnapshotNode, made: Writable<Step>): void {
  const caught = exceptionsOf(language)?.caught(clause);
  if (caught) made.caught = caught;
  const guards = guardedBy(language, clause);
  if (guards) made.guards = guards;
}

export interface StepsOf {
  readonly steps: Step[];
  readonly maxNesting: number;
  readonly maxLoopDepth: number;
}

/**
 * Steps inside `container`, leaving out the subtrees of other units
 * (`isUnit[id]`) and what only a folded lambda inside it does.
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
  // 1 for nodes inside a lambda that is folded into the container (not a unit of its own).
  const inLambda = new Uint8Array(container.lastId - first + 1);
  const syntax = syntaxOf(language);
  const folded = syntax.foldedLambdas;
  const nodes = snapshot.nodes;
  const leavesLoop = exitReader();
  // Jumps told as part of the branch that guards them ("returns `x` if `c`").
  const absorbed = new Set<number>();
  for (let id = first; id <= container.lastId; id++) {
    const node = nodes[id];
    if (!node) continue;
    if (id !== first && isUnit[id] === 1) {
      id = node.lastId;
      continue;
    }
    const depth = nesting[id - first] ?? 0;
    const loopDepth = loops[id - first] ?? 0;
    const lambda = inLambda[id - first] === 1 || (id !== first && folded?.has(node.type) === true);
    // Unnamed nodes are tokens: Python names both the `await` expression and its keyword `await`.
    let step = node.named ? refine(syntax, node, stepFor(language, node.type)) : undefined;
    if (step && lambda && LAMBDA_ONLY.has(step.kind)) step = undefined;
    let childNesting = depth;
    let childLoops = loopDepth;
    // A for-each loop evaluates its iterable once, before repeating anything; a loop's `else` (Python)
    // runs once, after it.
    let once: SnapshotNode | undefined;
    let after: SnapshotNode | undefined;
    // A folded lambda's return ends the lambda: its branch is not the function's guard.
    const arms = step?.kind === 'branch' && !lambda && !continuesChain(node) ? guardArms(node) : undefined;
    if (arms) {
      absorbed.add(arms.then.id);
      if (arms.otherwise) absorbed.add(arms.otherwise.id);
    }
    if (step) {
      // Optional fields set one by one: a spread of `{}` or a one-field object per field made
      // and copied temporary objects for every step of every unit.
      const made: Writable<Step> = {
        kind: step.kind,
        line: snapshot.startRow(node) + 1,
        node: node.id,
        depth,
        loopDepth,
        subject: subjectOf(language, step.kind, node),
      };
      if (step.detail) made.detail = step.detail;
      // `yield from it`, `yield* it`: every item of `it` is yielded in turn, not `it` itself.
      else if (step.kind === 'yield' && /^yield\s*(\*|from\b)/.test(node.text)) made.detail = 'from';
      if (arms) made.then = jumpOf(language, arms.then);
      if (arms?.otherwise) {
        const jump = jumpOf(language, arms.otherwise);
        const at = arms.otherwise.startPosition.row + 1;
        made.otherwise = at === node.startPosition.row + 1 ? jump : { ...jump, line: at };
      }
      // An `else` or `else if` arm: what happens when the condition is false is that arm, not "nothing".
      if (step.kind === 'branch' && hasElseArm(node)) made.hasElse = true;
      if (step.kind === 'switch' && step.detail !== 'select') {
        const cases = casesOf(node);
        if (cases.length > 0) made.cases = cases;
      }
      if (step.kind === 'catch') describeCatch(language, node, made);
      if (step.kind === 'loop') {
        const loopElse = loopElseLine(node);
        if (loopElse !== undefined) made.loopElse = loopElse;
        const shape = syntax.loopShape?.(node);
        if (shape?.consumer) made.feeds = clip(calleeText(shape.consumer), 40);
        if (shape?.deferred) made.deferred = true;
        const endless = endlessYield(made, node);
        if (endless !== undefined) made.endless = endless;
        const skips = made.detail === 'while' ? skipOf(node) : undefined;
        if (skips) made.skips = skips;
      }
      const leaves = leavesOf(leavesLoop, step.kind, loopDepth, node);
      if (leaves) made.leaves = leaves;
      if (absorbed.has(id)) made.guarded = true;
      if (step.kind === 'return' && (loopDepth > 0 || (depth > 0 && followedInUnit(node, container))))
        made.early = true;
      steps.push(made);
      if (step.kind === 'loop' || step.kind === 'switch' || (step.kind === 'branch' && !continuesChain(node)))
        childNesting++;
      if (step.kind === 'loop' && !made.deferred) childLoops++;
      maxNesting = Math.max(maxNesting, childNesting);
      maxLoopDepth = Math.max(maxLoopDepth, childLoops);
      if (step.kind === 'loop') {
        const iterable = field(node, 'right', 'value');
        once = iterable?.parent === node ? iterable : undefined;
        after = node.childForFieldName('alternative') ?? undefined;
      }
    }
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      nesting[child.id - first] = childNesting;
      loops[child.id - first] = child === once || child === after ? loopDepth : childLoops;
      if (lambda) inLambda[child.id - first] = 1;
    }
  }
  const implicit = implicitReturn(syntax, container);
  // A tail that is an `if` or `match` expression gives the value of the arm taken: each arm's tail is returned.
  const tails = implicit
    ? [implicit]
    : armTails(controlTail(container), 0).filter((t) => !CONTROL_TAIL.test(t.type));
  for (const t of tails)
    steps.push({
      kind: 'return',
      line: snapshot.startRow(t) + 1,
      node: t.id,
      depth: t === implicit ? 0 : 1,
      loopDepth: 0,
      subject: clip(t.text),
    });
  // Pre-order visits a node's step before its children's, so steps are in
  // document order already; the sort by line keeps that order within a line
  // (an implicit return, pushed last, stays after the calls it is made of).
  steps.sort((a, b) => a.line - b.line);
  return { steps, maxNesting, maxLoopDepth };
}
