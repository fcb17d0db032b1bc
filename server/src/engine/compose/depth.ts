/**
 * What an expert reader wants beyond the walkthrough: the edge cases the code
 * shows (an empty collection, no match, a division, a fixed-size total),
 * what bounds its recursion, what runs one after another or concurrently,
 * and its estimated cost. Every note rests on something in the unit's facts.
 */
import { checkedBefore } from './learning.js';
import type { LanguageId } from '@code-explain/shared';
import type { Recursion, UnitFacts } from '../facts/model.js';
import { estimateOf } from './cost.js';
import { code, listOf } from './text.js';
import { escapeRegExp } from '../regex.js';
import { stackDepth } from '../claims/index.js';

/** Languages whose integers have a fixed size, so a running total can overflow. */
const FIXED_INTEGERS = new Set<LanguageId>(['java', 'go', 'c', 'cpp', 'csharp', 'rust', 'kotlin', 'swift']);

/** How deep the stack gets, as far as the self-calls' arguments show it. */
function depthNote(r: Recursion): string {
  if (r.shape === 'structural')
    return 'Depth: each level of the structure is one more call on the stack, so a very deep input can overflow it.';
  if (r.shape === 'decrement')
    return `Depth: each call adds a frame and calls itself on ${listOf(r.args.map(code))}, so the stack is as deep as the number of steps down to the base case.`;
  return 'Depth: each self-call adds a frame to the stack until a base case returns.';
}

export function expertNotes(
  unit: UnitFacts,
  language: LanguageId,
  units: readonly UnitFacts[] = [],
): string[] {
  const notes: string[] = [];
  const text = unit.metrics.node.text;
  const first = unit.steps.find((s) => s.kind === 'loop' && s.detail === 'for-each' && s.subject);
  if (
    first?.subject &&
    unit.params.includes(first.subject) &&
    !checkedBefore(unit, first.subject, first.line)
  ) {
    const result = unit.purpose.idioms.find((i) =>
      ['count', 'accumulate', 'filter', 'map', 'dedupe', 'group-by'].includes(i.kind),
    );
    notes.push(
      `Empty input: if ${code(first.subject)} is empty, the loop on line ${first.line} does not run${result?.target ? ` and ${code(result.target)} is returned as it was set before the loop` : ''}.`,
    );
  }
  const find = unit.purpose.idioms.find(
    (i) => i.kind === 'find-first' || i.kind === 'any' || i.kind === 'all',
  );
  if (find) {
    const after = [...unit.steps].reverse().find((s) => s.kind === 'return' && s.depth === 0 && s.subject);
    // An all-check leaves at the first item that fails; one that finds none falls through.
    if (after?.subject)
      notes.push(
        find.kind === 'all'
          ? `Every item passing: when no item fails the test, it falls through to ${code(after.subject)} (line ${after.line}).`
          : `No match: when no item passes the test, it falls through to ${code(after.subject)} (line ${after.line}).`,
      );
  }
  for (const i of unit.purpose.idioms) {
    if ((i.kind === 'accumulate' || i.kind === 'count') && i.target && FIXED_INTEGERS.has(language)) {
      const integer = new RegExp(
        `\\b(int|long|short|Int|Long|int32|int64|i32|i64|u32|u64|usize|isize)\\s+${escapeRegExp(i.target)}\\b|\\b${escapeRegExp(i.target)}\\s*(:=\\s*0\\b|:\\s*(i32|i64|u32|u64|usize|isize|Int|Long)\\b)|\\bvar\\s+${escapeRegExp(i.target)}\\s+int`,
      ).test(text);
      // An index into an array (`dst[dp++]`) is bounded by the array's length: indexing fails long before it overflows.
      const indexes = new RegExp(`\\[[^\\]]*\\b${escapeRegExp(i.target)}\\b[^\\]]*\\]`).test(text);
      if (integer && !indexes)
        notes.push(
          `Overflow: ${code(i.target)} is a fixed-size integer, so a large enough ${i.kind === 'count' ? 'count' : 'total'} overflows it.`,
        );
    }
  }
  for (const claim of unit.divisions)
    notes.push(
      `Division: it divides by ${code(claim.divisor)} (line ${claim.evidence.lines[0]}), and nothing in it rules out zero.`,
    );
  const depth = stackDepth(unit);
  if (depth && unit.recursion) notes.push(depthNote(unit.recursion));
  const awaitInLoop = unit.steps.find((s) => s.kind === 'await' && s.loopDepth > 0);
  if (awaitInLoop)
    notes.push(
      `Sequencing: the ${code('await')} on line ${awaitInLoop.line} is inside a loop, so each iteration waits for the previous one.`,
    );
  const spawnInLoop = unit.steps.find((s) => s.kind === 'spawn' && s.loopDepth > 0);
  if (spawnInLoop)
    notes.push(
      `Concurrency: the goroutine started on line ${spawnInLoop.line} is started once per iteration and they all run at the same time.`,
    );
  const locks = unit.purpose.effects.filter((e) => e.kind === 'lock' || e.kind === 'thread');
  if (locks.length && unit.purpose.dataFlow.fieldWrites.length)
    notes.push(
      `Concurrency: it ${listOf(locks.map((l) => `calls ${code(l.callee)} (line ${l.line})`))} and ${unit.purpose.dataFlow.fieldWrites[0]!.method || unit.purpose.dataFlow.fieldWrites[0]!.element ? 'changes' : unit.purpose.dataFlow.fieldWrites[0]!.via ? 'passes on' : 'sets'} ${code(unit.purpose.dataFlow.fieldWrites[0]!.target)}: the fields it shares are what the locking protects.`,
    );
  const cost = estimateOf(unit, units);
  // "O(1): it has no loops" after every small unit tells an expert nothing.
  const trivial =
    unit.maxLoopDepth === 0 && !unit.recursion && unit.repetitions.length === 0 && !unit.sorts?.length;
  if (cost.estimate !== 'not estimated' && !trivial) notes.push(`Cost: ${cost.estimate} — ${cost.why}.`);
  return notes;
}
