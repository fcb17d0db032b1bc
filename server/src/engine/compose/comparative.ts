/**
 * Comparative mode: the approach the code takes, set against concrete
 * alternatives for the patterns it actually contains, with trade-offs.
 */
import { stackDepth } from '../claims/index.js';
import type { LanguageId, Section } from '@code-explain/shared';
import type { UnitFacts } from '../facts/model.js';
import { LANGUAGES } from '../languages/index.js';
import type { ComposeInput } from './input.js';
import { callables, classes } from './overview.js';
import { MAX_LIST_ITEMS } from '../budget.js';
import { bulletList, code, count, listOf, listUpTo } from './text.js';
import { signature } from './walkthrough.js';
import { equalityJoin, itemOnlyCountingLoop, oneValueAgainstConstants } from './applies.js';

/** Patterns set against alternatives, in source order; each takes a paragraph. */
const MAX_ALTERNATIVES = 10;

interface Alternative {
  readonly found: string;
  readonly alternative: string;
  readonly tradeOffs: string;
}

// `out.push(x)` into a local collection; not `groups[k].append(x)` (grouping) or `this.a.b.add(x)`.
const ACCUMULATORS = /^[A-Za-z_$][\w$]*\.(push|append|add|Add|put)$/;

function alternativesFor(u: UnitFacts, language: LanguageId): Alternative[] {
  const out: Alternative[] = [];
  const sig = signature(u);
  const loops = u.steps.filter((s) => s.kind === 'loop');
  // Only a loop that does nothing but fill a fresh collection it then returns is a map or a filter.
  const building = u.purpose.idioms.find((i) => i.kind === 'map' || i.kind === 'filter');
  const accumulating = u.steps.find(
    (s) => s.kind === 'call' && s.loopDepth > 0 && s.subject && ACCUMULATORS.test(s.subject),
  );
  const wording = LANGUAGES[language].wording;
  const iteration = wording.collectionPipeline;
  if (building && accumulating && iteration) {
    out.push({
      found: `${sig} builds ${code(building.target ?? '')} by calling ${code(accumulating.subject!)} inside a loop (line ${accumulating.line}).`,
      alternative: `Express the same ${building.kind === 'filter' ? 'selection' : 'transformation'} with ${iteration}.`,
      tradeOffs:
        'Shorter and states the intent (transform or select); the explicit loop is easier to step through in a debugger and can stop early or do several things per item.',
    });
  }
  const indexed = loops.find((s) => s.detail === 'for' && itemOnlyCountingLoop(u.metrics.node, s.line));
  if (indexed && wording.forEachLoop) {
    out.push({
      found: `${sig} uses a counting \`for\` loop on line ${indexed.line}.`,
      alternative: wording.forEachLoop,
      tradeOffs: 'No index bookkeeping and no off-by-one risk: the index here only picks the current item.',
    });
  }
  // Repeated sub-calls worth caching only come from calls on a constant-smaller input, made together.
  const repeats =
    u.recursion?.shape === 'decrement' && u.recursion.together && !u.recursion.cached && u.selfCallSites >= 2;
  if (u.recursive && repeats) {
    out.push({
      found: `${sig} calls itself ${count(u.selfCallSites, 'time')} in one run, on inputs only a constant smaller.`,
      alternative: 'Memoise results (cache by argument) or compute bottom-up with a loop.',
      tradeOffs:
        'Caching or bottom-up work turns repeated sub-calls into one each, at the cost of memory for the cache or table.',
    });
  } else if (
    u.recursive &&
    stackDepth(u) &&
    (u.recursion?.shape === 'structural' || u.recursion?.shape === 'decrement')
  ) {
    // Only recursion that holds frames on the stack gains from a loop: not one made again from a callback.
    // And only where the depth grows with the input (one level per item or per part): a divide-and-conquer
    // recursion that splits its range (a quicksort) is already shallow, and its loop form no clearer.
    out.push({
      found: `${sig} is recursive (${count(u.selfCallSites, 'self-call site')})${u.recursion?.shape === 'structural' ? ', going down the parts of its input' : ''}.`,
      alternative:
        u.recursion?.shape === 'structural'
          ? 'Walk the structure with a loop and an explicit stack (or queue).'
          : 'Rewrite as a loop, with an explicit stack if there is more than one pending call.',
      tradeOffs:
        'A loop cannot overflow the call stack on deep input; the recursive form often mirrors the problem’s definition more directly.',
    });
  }
  if (u.maxLoopDepth >= 2 && equalityJoin(u.metrics.node)) {
    out.push({
      found: `${sig} nests loops ${u.maxLoopDepth} deep and compares their items for equality.`,
      alternative:
        'The inner loop looks for items equal to the outer loop’s: index one side first in a hash map or set and look items up in constant time.',
      tradeOffs:
        'Turns O(n·m) comparisons into O(n + m) at the cost of memory for the index; not worth it for a handful of items.',
    });
  }
  const thens = u.calls.filter((c) => /\.then$/.test(c));
  if (thens.length > 0 && wording.asyncAwait) {
    out.push({
      found: `${sig} chains promises with ${code(thens[0]!)}.`,
      alternative: 'Write it as an `async` function with `await`.',
      tradeOffs:
        'Reads top to bottom and lets `try`/`catch` handle errors; promise chains can be easier when composing many independent promises.',
    });
  }
  const branches = u.steps.filter((s) => s.kind === 'branch');
  const compared = branches.length >= 4 ? oneValueAgainstConstants(branches) : undefined;
  // A state machine or decoder changes what it compares as it goes: a table of constants does not fit it.
  const stateful = u.purpose.idioms.some((i) => i.kind === 'state-machine') || u.maxLoopDepth > 0;
  if (compared && !stateful && !u.steps.some((s) => s.kind === 'switch')) {
    out.push({
      found: `${sig} compares ${code(compared)} with ${branches.length} constants, one check after another (lines ${branches
        .slice(0, 5)
        .map((b) => b.line)
        .join(', ')}${branches.length > 5 ? ', …' : ''}).`,
      alternative: 'A lookup table (a map from each value to its result or handler) or a `switch`/`match`.',
      tradeOffs:
        'A table makes the cases data and easy to extend; separate checks are clearer when each condition tests something different.',
    });
  }
  if (u.steps.some((s) => s.kind === 'spawn')) {
    out.push({
      found: `${sig} starts goroutines directly.`,
      alternative: 'A bounded worker pool or `errgroup.Group` with a limit.',
      tradeOffs:
        'Bounds concurrency and collects errors; direct goroutines are simplest when the number of tasks is small and fixed.',
    });
  }
  return out;
}

/**
 * "The code is organised as 5 methods of `exprParser` and 1 function, without classes": Go's methods are
 * declared on a type, outside any class.
 */
function withoutClasses(units: readonly UnitFacts[]): string {
  const methods = units.filter((u) => u.metrics.kind === 'method' && u.metrics.name.includes('.'));
  if (methods.length === 0)
    return `The code is organised as ${count(units.length, 'function')} without classes.`;
  const types = [...new Set(methods.map((u) => u.metrics.name.slice(0, u.metrics.name.lastIndexOf('.'))))];
  const rest = units.length - methods.length;
  return `The code is organised as ${count(methods.length, 'method')} of ${listOf(types.slice(0, 3).map(code))}${
    rest > 0 ? ` and ${count(rest, 'function')}` : ''
  }, without classes.`;
}

export function approach(input: ComposeInput): Section {
  const units = callables(input);
  const cls = classes(input);
  // Rust's `impl` blocks and traits are read as classes, but are neither: each is told by its own name.
  const groups = (
    [
      ['class', 'classes', cls.filter((c) => !/^(impl_item|trait_item)$/.test(c.metrics.node.type))],
      ['impl block', 'impl blocks', cls.filter((c) => c.metrics.node.type === 'impl_item')],
      ['trait', 'traits', cls.filter((c) => c.metrics.node.type === 'trait_item')],
    ] as const
  ).filter(([, , of]) => of.length > 0);
  const named = listOf(
    groups.map(
      ([one, many, of]) =>
        `${count(of.length, one, many)} (${listUpTo(
          of.map((c) => code(c.metrics.name)),
          MAX_LIST_ITEMS,
        )})`,
    ),
  );
  const classNames = new Set(cls.map((c) => c.metrics.name));
  const methods = units.filter((u) => u.parent !== undefined && classNames.has(u.parent)).length;
  const free = units.filter((u) => u.parent === undefined).length;
  // "Whose methods hold the logic" only where they do: every function is a method.
  const structure =
    cls.length > 0
      ? methods > 0 && free === 0
        ? `The code is organised around ${named} whose methods hold the logic.`
        : `The code has ${named}, with ${methods > 0 ? count(methods, 'method') : 'no methods'}${
            free > 0 ? `, and ${count(free, 'function')} outside ${cls.length === 1 ? 'it' : 'them'}` : ''
          }.`
      : units.length > 0
        ? withoutClasses(units)
        : input.facts.errorRegions > 0
          ? 'The parser read no function or class in the parts of the code it could read.'
          : 'The code is a top-level script without functions or classes.';
  const alternatives = units.flatMap((u) => alternativesFor(u, input.request.language));
  const body = alternatives
    .slice(0, MAX_ALTERNATIVES)
    .map((a) => `${a.found}\n  - Alternative: ${a.alternative}\n  - Trade-offs: ${a.tradeOffs}`);
  if (alternatives.length > MAX_ALTERNATIVES)
    body.push(
      `…and ${alternatives.length - MAX_ALTERNATIVES} more of these patterns further on in the code.`,
    );
  return {
    title: 'Approach and alternatives',
    // Without an alternative that truly applies, nothing is offered, and nothing is said about its absence.
    content: [structure, body.length ? bulletList(body) : undefined].filter(Boolean).join('\n\n'),
  };
}
