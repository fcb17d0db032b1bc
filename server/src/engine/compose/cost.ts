/**
 * Time-complexity claims for one unit, from its facts: loop nesting, how it
 * recurses, which collections it searches inside loops, and which calls sit on
 * a way out of a loop. Each claim names what n (and m) stand for, quoting the
 * code, and claims no more than the shape of the code shows.
 */
import { compiledOnlyNote } from './compile-time.js';
import type { LoopSearch, Recursion, Repeater, Repetition, Step, UnitFacts } from '../facts/model.js';
import type { LoopAnatomy } from '../facts/loops.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { codeWithoutComments, FUNCTION_TYPES } from '../nodes.js';
import { escapeRegExp } from '../regex.js';
import { bodyStatements, type LogLoop } from '../facts/log-loops.js';
import { logTurns } from './loops.js';
import { code, count, listOf, listUpTo } from './text.js';
import { fileFixedCollections, fixedCollections, fixedSize } from './fixed-size.js';

export interface Estimate {
  /** `O(n)`, `O(n·m)`, `O(2^n) or worse`, or `not estimated`. */
  readonly estimate: string;
  /** Why, in this code's words. */
  readonly why: string;
}

const power = (k: number) => (k === 1 ? 'n' : `n^${k}`);

/** How many times a loop-repeated step runs per call of the unit, in loops: 0 when it is on a way out. */
export function repeatedBy(step: Step): number {
  if (step.leaves === 'unit') return 0;
  return step.leaves === 'loop' ? step.loopDepth - 1 : step.loopDepth;
}

function loopsWhy(depth: number): string {
  return depth === 1
    ? 'it has one level of loops, taking n as the size of what a loop runs over'
    : `its loops nest ${depth} deep, taking n as the size of what each loop runs over`;
}

/** "the loop runs over `orders` (n)". */
function loopPhrase(s: LoopSearch): string {
  if (s.loopOver) return `the loop on line ${s.loopLine} runs over ${code(s.loopOver)} (n)`;
  if (s.loopCondition) return `the loop on line ${s.loopLine} runs while ${code(s.loopCondition)} (n times)`;
  return `the loop on line ${s.loopLine} runs n times`;
}

function searchPhrase(s: LoopSearch): string {
  const grows = s.growsOn
    ? `; ${code(s.collection)} also grows inside the loop (line ${s.growsOn}), so m rises as it runs`
    : '';
  return `${code(s.search)} searches ${code(s.collection)} (m) element by element on every iteration${grows}`;
}

function recursive(r: Recursion, u: UnitFacts): Estimate {
  const quoted = listUpTo(r.calls.map(code), 3);
  switch (r.shape) {
    case 'structural': {
      const parts = `${listUpTo(r.args.map(code), 3)}${r.over.length ? ` from ${listOf(r.over.map(code))}` : ''}`;
      const visits = `each self-call (${quoted}) goes down to a part of its input (${parts}), so each node is visited at most once (as long as no node can be reached two ways)`;
      if (r.otherLoopDepth === 0) return { estimate: 'O(n) in the number of nodes', why: visits };
      return {
        estimate: 'at least O(n) in the number of nodes',
        why: `${visits}, and each visit also runs loops ${r.otherLoopDepth} deep of its own, so the total is n times what those loops cost`,
      };
    }
    case 'decrement':
    case 'other':
      return unstructured(r, u, quoted);
  }
}

/** Recursion that does not go down a structure: how many calls it makes depends on how they are made. */
function unstructured(r: Recursion, u: UnitFacts, quoted: string): Estimate {
  const sites = r.calls.length;
  if (r.cached)
    return {
      estimate: 'not estimated',
      why: `it calls itself (${quoted}) but caches results, so each distinct argument is worked out once: the total depends on how many distinct arguments there are`,
    };
  if (r.inLoop)
    return {
      estimate: 'not estimated',
      why: `it calls itself inside a loop (${quoted}), so one call can make many more at every level: the total depends on how many iterations each level runs and how much smaller each call's input is`,
    };
  if (sites >= 2 && !r.together)
    return {
      estimate: 'not estimated',
      why: `it calls itself at ${sites} places (${quoted}), but not all of them on the same path through the code, so how many calls it makes depends on which branches run`,
    };
  if (sites >= 2 && r.shape === 'decrement')
    return {
      estimate: 'O(2^n) or worse',
      why: `it calls itself at ${sites} places per call (${quoted}), each on an argument only a constant smaller (${listUpTo(r.args.map(code), 3)}), so the calls multiply at every level`,
    };
  if (sites >= 2)
    return {
      estimate: 'not estimated',
      why: `it calls itself at ${sites} places per call (${quoted}), and how fast the calls multiply depends on how much smaller each call's input is: exponentially if only a constant smaller, far less if the calls split the input between them`,
    };
  // On an argument that is neither a part of its input nor a constant smaller, how deep the calls go is
  // not in the code (`self.sample(range(total))` under `if counts is not None`, which it does not pass).
  if (r.shape === 'other')
    return {
      estimate: 'not estimated',
      why: `it calls itself (${quoted}) on arguments that are neither a part of its input nor a constant smaller, so how deep the calls go cannot be read from the code`,
    };
  return single(u, ` on ${code(r.args[0] ?? '')}`);
}

/** One self-call per call: as deep as the input is long, times the loops at each level. */
function single(u: UnitFacts, on: string): Estimate {
  const loops = u.maxLoopDepth;
  return {
    estimate: loops > 0 ? `O(n^${loops + 1})` : 'O(n)',
    why: `it calls itself once per call${on}${loops ? ` and loops ${loops} deep at each level` : ''}, so the work grows with the recursion depth`,
  };
}

/** `(idx + 1) % 8 != 0`, `i % 4 != 0`: true until a counter reaches a multiple of a constant. */
const TO_MULTIPLE = /^\(*\s*(\w+)\s*(?:\+\s*\d+\s*)?\)?\s*%\s*[1-9]\d*\s*\)?\s*!==?\s*0\s*\)*$/;

/** A counting loop bounded by a name (`j < size`): fixed when the name only ever holds a number literal. */
const NAMED_BOUND = /^\(?\s*([\w.]+)\s*(<|<=)\s*([A-Za-z_$][\w$]*)\s*\)?$/;

/** A counting loop bounded by a constant (`i < 4`, `n <= 64`): it runs a fixed number of times. */
const CONSTANT_BOUND = /^\(?\s*([\w.]+)\s*(<|<=)\s*([1-9]\d*)\s*\)?$/;

/**
 * A loop that counts up to a constant: its condition is `i < N` (or `<=`) with N a number, and it only
 * ever moves `i` forward. `while (i > 0)` or `remain > 999` bound nothing: they count down from a value.
 */
/** A slice with constant bounds (`s[2:6]`): a for-each loop over it takes a fixed number of turns. */
const CONSTANT_SLICE = /\[\s*\d+\s*:\s*\d+\s*\]$/;

/**
 * Names the unit only ever sets to a number literal (`size := 2` in one arm, `size = 8` in another), and
 * never moves: a bound of one of them is as fixed as the literal.
 */
function constantLocals(u: UnitFacts): ReadonlySet<string> {
  const text = u.metrics.node.text;
  const found = new Set<string>();
  const sets = [
    ...text.matchAll(
      /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>]+\s*)?(:=|=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)\s*([^\n;,)]*)/g,
    ),
  ];
  const bad = new Set<string>();
  for (const [, name, op, value] of sets)
    if ((op === '=' || op === ':=') && /^\d+[uUlL]*\s*$/.test(value!.trim())) found.add(name!);
    else bad.add(name!);
  for (const m of text.matchAll(/(\+\+|--)\s*([A-Za-z_$][\w$]*)/g)) bad.add(m[2]!);
  // Taken by address (`&size`) or handed out by reference, it may be set elsewhere.
  for (const m of text.matchAll(/(?:&|\b(?:ref|out)\s)\s*([A-Za-z_$][\w$]*)/g)) bad.add(m[1]!);
  return new Set([...found].filter((n) => !bad.has(n) && !u.params.includes(n)));
}

/**
 * Names the unit sets only to number literals (`len = 3` in one arm, `len = 1` in another), however it
 * moves them after: a loop counting one down to zero (`while (len) { …; len--; }`) runs at most that many
 * turns.
 */
function literalLocals(u: UnitFacts): ReadonlySet<string> {
  const text = codeWithoutComments(u.metrics.node);
  const found = new Set<string>();
  const bad = new Set<string>();
  for (const [, name, value] of text.matchAll(
    /(?<![\w$.])([A-Za-z_$][\w$]*)[ \t]*(?::[ \t]*[\w<>]+[ \t]*)?(?::=|=(?!=))[ \t]*([^\n;,)]*)/g,
  ))
    (/^\d+[uUlL]*\s*$/.test(value!.trim()) ? found : bad).add(name!);
  // Taken by address (`&len`), it may be set elsewhere.
  for (const m of text.matchAll(/(?:&|\b(?:ref|out)\s)\s*([A-Za-z_$][\w$]*)/g)) bad.add(m[1]!);
  return new Set([...found].filter((n) => !bad.has(n) && !u.params.includes(n)));
}

/** `len`, `len > 0`, `len != 0`, `0 < len`: a count tested for reaching zero. */
const DOWN_TO_ZERO =
  /^\(?\s*(?:([A-Za-z_$][\w$]*)\s*(?:>\s*0|!=\s*0|>=\s*1)?|0\s*<\s*([A-Za-z_$][\w$]*))\s*\)?$/;

/** Names that hold a number literal or a collection of written size: bounds that do not grow with the input. */
function fixedLocals(u: UnitFacts): ReadonlySet<string> {
  const text = u.metrics.node.text;
  // The file's own tables, unless this unit takes or sets a name of its own that hides one.
  const file = [...u.metrics.node.doc.derived(fileFixedCollections)].filter(
    (name) =>
      !u.params.includes(name) &&
      !new RegExp(`(?<![\\w$.])${escapeRegExp(name)}\\s*(?:=(?!=)|:=)`).test(text),
  );
  return new Set([...constantLocals(u), ...fixedCollections(text, u.params), ...file]);
}

/** A loop that counts a name set only to number literals down to zero, and moves it no other way. */
function countsDownLiteral(l: LoopAnatomy, literals: ReadonlySet<string>): string | undefined {
  const m = l.over === undefined && l.condition !== undefined ? DOWN_TO_ZERO.exec(l.condition) : null;
  const name = m?.[1] ?? m?.[2];
  if (!name || !literals.has(name)) return undefined;
  const moved = l.carried.filter((c) => c.name === name);
  return moved.length === 1 && moved[0]!.how === 'back' && !moved[0]!.parts ? name : undefined;
}

function fixedCount(l: LoopAnatomy, constants: ReadonlySet<string> = new Set()): boolean {
  if (l.over !== undefined && (CONSTANT_SLICE.test(l.over.trim()) || fixedSize(l.over, constants)))
    return true;
  // `while ((idx + 1) % 8 != 0) idx++`: a counter moved forward until it reaches a multiple of a constant.
  const multiple = l.over === undefined && l.condition !== undefined ? TO_MULTIPLE.exec(l.condition) : null;
  if (multiple) {
    const moved = l.carried.filter((c) => c.name === multiple[1]);
    if (
      moved.length === 1 &&
      moved[0]!.how === 'forward' &&
      l.carried.every((c) => c.name !== multiple[1] || c.how === 'forward')
    )
      return true;
  }
  // Moved forward by the header (`i++`) and nowhere set back in the body.
  const forwardOnly = (name: string) => {
    const inBody = l.carried.find((c) => c.name === name);
    return (l.counters ?? []).includes(name)
      ? !inBody || inBody.how === 'forward'
      : inBody?.how === 'forward';
  };
  // `if shifted == 5 { return }` on every turn of a loop that moves `shifted` forward: at most 5 turns.
  if (cappedExit(l, forwardOnly)) return true;
  const m = l.over === undefined && l.condition !== undefined ? CONSTANT_BOUND.exec(l.condition) : null;
  if (m !== null) return forwardOnly(m[1]!);
  // `j < size`, where `size` is only ever set to a number.
  const named = l.over === undefined && l.condition !== undefined ? NAMED_BOUND.exec(l.condition) : null;
  return named !== null && constants.has(named[3]!) && forwardOnly(named[1]!);
}

/** The way out a loop takes on every turn once a counter it only moves forward reaches a constant. */
function cappedExit(
  l: LoopAnatomy,
  forwardOnly: (name: string) => boolean,
): LoopAnatomy['exits'][number] | undefined {
  return l.exits.find((e) => {
    if (e.kind === 'continue' || !e.when || e.unless || e.later || e.sometimes) return false;
    const at = CAPPED_AT.exec(e.when);
    return at !== null && forwardOnly(at[1]!);
  });
}

/** Why a loop of a fixed count is one: the way out that caps it, or its condition or range. */
function fixedWhy(l: LoopAnatomy, constants: ReadonlySet<string>): string {
  const cap = l.exits.find(
    (e) =>
      e.when !== undefined &&
      e.kind !== 'continue' &&
      !e.unless &&
      !e.later &&
      !e.sometimes &&
      CAPPED_AT.test(e.when),
  );
  if (cap) return `it leaves at line ${cap.line} once ${code(cap.when!)}`;
  const table = l.over === undefined ? undefined : [...constants].find((c) => mentions(l.over, c));
  if (l.over !== undefined && table !== undefined)
    return table === l.over.trim()
      ? `it runs over ${code(table)}, which is set once to a collection of fixed size and never grown`
      : `it runs over ${code(l.over.trim())}, and ${code(table)} is set once to a collection of fixed size and never grown`;
  if (l.over !== undefined && !CONSTANT_SLICE.test(l.over.trim()))
    return `it runs over ${code(l.over.trim())}, whose size is written in the code`;
  // Fixed only because the name bounding it holds a number literal wherever it is set.
  const named =
    l.condition !== undefined && !CONSTANT_BOUND.test(l.condition) ? NAMED_BOUND.exec(l.condition) : null;
  return named
    ? `${code(l.condition!)}, and ${code(named[3]!)} is only ever set to a number`
    : code(l.condition ?? l.over ?? '');
}

/** A way out taken once a counter reaches a constant: `shifted == 5`, `n >= 64`. */
const CAPPED_AT = /^\(?\s*([\w.]+)\s*(===?|>=|>)\s*([1-9]\d*)\s*\)?$/;

const mentions = (text: string | undefined, name: string) =>
  text !== undefined &&
  new RegExp(`(^|[^\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(text);

/**
 * Why a nested loop does not multiply the work of the loop around it: it moves that loop's own index
 * (a scanner's `while (i < n && isDigit(s[i])) i++` inside `while (i < n)`), and the loop around it
 * never sets that index back, so together they take at most as many steps as the index can move.
 */
function sharedIndex(inner: LoopAnatomy, outer: LoopAnatomy, outerNode?: Node): string | undefined {
  // What the inner loop moves: in its body, or forward in its own header (`for ; this < n; this++`).
  const moved = [
    ...inner.carried,
    ...(inner.counters ?? [])
      .filter((name) => !inner.carried.some((c) => c.name === name))
      .map((name) => ({ name, how: 'forward' as const })),
  ];
  for (const c of moved) {
    if (c.how !== 'forward' && c.how !== 'back') continue;
    // The outer loop's own counter (`for this := a; this < b; this++`), declared in its header and so not
    // state it carries, moves forward too, where nothing else in it sets it.
    const around =
      outer.carried.find((o) => o.name === c.name) ??
      (c.how === 'forward' &&
      outer.counters?.includes(c.name) &&
      outerNode &&
      onlyMovesForward(outerNode, c.name)
        ? { how: 'forward' as const }
        : undefined);
    if (!around || around.how !== c.how) continue;
    if (mentions(inner.condition, c.name) && mentions(outer.condition, c.name)) return c.name;
  }
  return undefined;
}

/**
 * The index a nested loop moves forward and tests in its condition, which the loop around it also moves
 * only forward (by a constant or by a count added): the nested loop's turns, over all the outer loop's
 * turns, are bounded by how far the index can move, whatever bounds the outer loop.
 */
function advancesIndex(
  inner: LoopAnatomy,
  innerNode: Node | undefined,
  outer: LoopAnatomy,
  outerNode: Node,
): string | undefined {
  // Moved forward in its body, or by its header's update (`pos += blockLen`).
  const update = innerNode?.childForFieldName('update') ?? innerNode?.childForFieldName('increment');
  const stepped = update ? /^\s*([A-Za-z_$][\w$]*)\s*(?:\+=|\+\+)/.exec(update.text)?.[1] : undefined;
  const moved = [
    ...inner.carried.filter((c) => c.how === 'forward').map((c) => c.name),
    ...(stepped ? [stepped] : []),
  ];
  for (const name of moved) {
    const c = { name };
    if (!mentions(inner.condition, c.name)) continue;
    const around = outer.carried.find((o) => o.name === c.name);
    // …the loop around it moves it forward too, or tests it in its own condition (its own index).
    if (around ? around.how !== 'forward' && around.how !== 'adds' : !mentions(outer.condition, c.name))
      continue;
    // Every write of it in the loop around, the nested one's header included, moves it forward: none
    // starts it again (`for (int j = 0; …)` inside sets `j` back to 0 on every turn around it).
    if (!onlyMovesForward(outerNode, c.name, 0, true)) continue;
    return c.name;
  }
  return undefined;
}

/** Whether every write of `name` in `loop` (header and body) moves it forward: `name++`, `name += k`. */
function onlyMovesForward(loop: Node, name: string, starts = 1, ownStart = false): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The loop's own header start (`for (let pos = 0; …)`) runs once, before its first turn.
  const init = ownStart ? (loop.childForFieldName('initializer') ?? loop.childForFieldName('init')) : null;
  const text = init ? loop.text.replace(init.text, '') : loop.text;
  const writes = [
    ...text.matchAll(new RegExp(`(?<![\\w.])${esc}\\s*(\\+\\+|--|[-+*/%&|^]?=(?!=)|:=)`, 'g')),
  ].map((m) => m[1]!);
  // The header's own `name := start` (or `name = start`) is the one set it may have.
  return writes.filter((w) => w !== '++' && w !== '+=').length <= starts;
}

/**
 * A counting loop that starts its index at a number and only moves it back, while it stays above a number
 * (`for (let i = 9; i >= 0; i--)`): a fixed count, as one counting up to a constant is.
 */
function countsDown(loop: Node, l: LoopAnatomy): { index: string; from: string } | undefined {
  const condition = l.condition?.replace(/^\((.*)\)$/s, '$1').trim();
  const bound = condition ? /^([A-Za-z_$][\w$]*)\s*(>=|>)\s*-?\d+$/.exec(condition) : null;
  const init = loop.childForFieldName('initializer') ?? loop.childForFieldName('init');
  const update = loop.childForFieldName('update') ?? loop.childForFieldName('increment');
  if (!bound || !init || !update) return undefined;
  const index = bound[1]!;
  const esc = index.replace(/[$]/g, '\\$&');
  const from = new RegExp(`(?<![\\w$.])${esc}\\s*(?::\\s*\\w+\\s*)?=\\s*(\\d+)\\s*;?$`).exec(
    init.text.trim(),
  )?.[1];
  if (!from || !new RegExp(`^(--\\s*${esc}|${esc}\\s*--|${esc}\\s*-=\\s*\\d+)$`).test(update.text.trim()))
    return undefined;
  // Nothing in the body moves it but back.
  if (l.carried.some((c) => c.name === index && c.how !== 'back')) return undefined;
  return { index, from };
}

/**
 * A loop whose body ends in a `break` or `return` of its own, with no `continue` anywhere in it: every turn
 * that gets to the end leaves, so it takes at most one turn (Go's inlining trick `for _, b := range p { …;
 * break }`).
 */
function onceOnly(loop: Node): { keyword: string; line: number } | undefined {
  const body = loop.childForFieldName('body');
  if (!body) return undefined;
  // Go holds a block's statements in a `statement_list`.
  const statements = body.namedChildren
    .flatMap((c) => (c.type === 'statement_list' ? c.namedChildren : [c]))
    .filter((c) => !c.type.includes('comment'));
  const last = statements[statements.length - 1];
  if (!last || !/^(break_statement|return_statement|break_expression|return_expression)$/.test(last.type))
    return undefined;
  // A labelled `break` may leave another loop; a `continue` anywhere starts another turn.
  if (/^break/.test(last.type) && last.namedChildren.length > 0) return undefined;
  if (/(^|[^\w])continue\b/.test(body.text)) return undefined;
  return { keyword: /^break/.test(last.type) ? 'break' : 'return', line: last.startPosition.row + 1 };
}

/**
 * A nested loop that runs `k` times, inside a loop that adds `k` to the total its condition bounds
 * (`for (i = len; i > 0; --i) *dst++ = *p++;` then `dst_size += len`, under `while (dst_size < size)`):
 * its turns over all the outer loop's turns add up to at most that bound. Every write of the total in the
 * outer loop moves it forward, and `k` is not written inside the nested loop.
 */
function budgetOf(
  inner: LoopAnatomy,
  innerNode: Node,
  outer: LoopAnatomy,
  outerNode: Node,
): { count: string; total: string } | undefined {
  const condition = inner.condition?.replace(/^\((.*)\)$/s, '$1').trim();
  if (!condition || !outer.condition) return undefined;
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `i < k` with `i` moved only forward from 0, or `i > 0` with `i` started at `k` and moved only back.
  const up = /^([A-Za-z_$][\w$]*)\s*<\s*([A-Za-z_$][\w$]*)$/.exec(condition);
  const down = /^([A-Za-z_$][\w$]*)\s*>\s*0$/.exec(condition);
  const header = innerNode.text.slice(
    0,
    Math.max(
      0,
      (innerNode.childForFieldName('body')?.startIndex ?? innerNode.endIndex) - innerNode.startIndex,
    ),
  );
  let count: string | undefined;
  if (up && new RegExp(`(?<![\\w$.])${esc(up[1]!)}\\s*:?=\\s*0\\b`).test(header)) {
    const moved = inner.carried.find((c) => c.name === up[1]);
    if ((inner.counters ?? []).includes(up[1]!) && (!moved || moved.how === 'forward')) count = up[2];
  } else if (down) {
    const start = new RegExp(`(?<![\\w$.])${esc(down[1]!)}\\s*:?=\\s*([A-Za-z_$][\\w$]*)\\s*[;,]`).exec(
      header,
    );
    if (start && /(--|-=\s*1\b)/.test(header.slice(header.indexOf(';', header.indexOf(';') + 1))))
      count = start[1];
  }
  if (!count) return undefined;
  // The count is not changed while the nested loop runs.
  if (inner.carried.some((c) => c.name === count)) return undefined;
  // The outer loop adds it to a total its condition bounds from above, and only ever moves that total forward.
  const bound = /^\(?\s*([\w.>-]+)\s*(<|<=)\s*[\w.>()-]+\s*\)?$/.exec(outer.condition.trim());
  const total = bound?.[1];
  if (!total) return undefined;
  const adds = new RegExp(
    `(?<![\\w$.])${esc(total)}\\s*(\\+=\\s*${esc(count)}\\b|=\\s*${esc(total)}\\s*\\+\\s*${esc(count)}\\b)`,
  );
  if (!adds.test(outerNode.text) || !onlyMovesForward(outerNode, total, 0, true)) return undefined;
  return { count, total };
}

/**
 * A nested loop that moves, by one on every turn, the counter its outer loop stops on (`moved++` inside,
 * under `for (…; moved != size; …)`), with nothing setting that counter back: over all of the outer loop's
 * turns, the nested one takes at most as many steps as the counter can move. The counter's name.
 */
function countsOuterBound(
  inner: LoopAnatomy,
  innerNode: Node,
  outer: LoopAnatomy,
  outerNode: Node,
): string | undefined {
  const bound = /^\(?\s*([A-Za-z_$][\w$]*)\s*(?:!=|<|<=)\s*[\w.()]+\s*\)?$/.exec(
    outer.condition?.trim() ?? '',
  );
  const counter = bound?.[1];
  const body = innerNode.childForFieldName('body');
  if (!counter || !body) return undefined;
  const esc = escapeRegExp(counter);
  // On every turn: a statement of the body itself, not one under a branch.
  const step = new RegExp(`^(?:${esc}\\s*\\+\\+|\\+\\+\\s*${esc}|${esc}\\s*\\+=\\s*1)\\s*;?$`);
  const statements = body.namedChildren.filter((c) => !c.type.includes('comment'));
  const everyTurn = statements.some((st) => step.test(codeWithoutComments(st).trim()));
  if (!everyTurn || !inner.carried.some((c) => c.name === counter && c.how === 'forward')) return undefined;
  return onlyMovesForward(outerNode, counter, 0, true) ? counter : undefined;
}

/**
 * A counting loop that starts its index at a cursor the loop around it keeps, and hands the index back to
 * that cursor when it ends (`for (i = next; i < n; i++) …` then `next = i`), the cursor moved nowhere but
 * forward (`next = i`, `next++`, `next += k`) and the loop around it testing it: the nested loop takes up
 * where the last run left off, so together they take at most as many steps as the cursor can move.
 */
function sharedCursor(
  inner: LoopAnatomy,
  innerNode: Node,
  outer: LoopAnatomy,
  outerNode: Node,
): string | undefined {
  const start = /^for\s*\(\s*(?:[\w<>[\]]+\s+)?(\w+)\s*=\s*([\w.]+)\s*;/.exec(innerNode.text);
  if (!start) return undefined;
  const [, index, cursor] = start as unknown as [string, string, string];
  if (
    !(inner.counters ?? []).includes(index) ||
    inner.carried.some((c) => c.name === index && c.how !== 'forward')
  )
    return undefined;
  if (!mentions(inner.condition, index) || !/^\s*\w+\s*<=?/.test(inner.condition ?? '')) return undefined;
  if (!mentions(outer.condition, cursor)) return undefined;
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const after = outerNode.text.slice(innerNode.endIndex - outerNode.startIndex);
  if (!new RegExp(`(?<![\\w.])${esc(cursor)}\\s*=\\s*${esc(index)}\\s*;`).test(after)) return undefined;
  // Every change of the cursor in the loop around it moves it forward.
  const changes = [
    ...outerNode.text.matchAll(
      new RegExp(`(?<![\\w.])${esc(cursor)}\\s*(\\+\\+|--|[-+*/%&|^]?=(?!=)\\s*[^;]*)`, 'g'),
    ),
  ].map((m) => m[1]!.trim());
  const forward = (c: string) =>
    c === '++' || new RegExp(`^=\\s*${esc(index)}$`).test(c) || /^\+=\s*[1-9]\d*$/.test(c);
  if (!changes.every(forward)) return undefined;
  if (new RegExp(`--\\s*${esc(cursor)}(?![\\w])`).test(outerNode.text)) return undefined;
  return cursor;
}

/**
 * A nested loop that scans ahead from the outer loop's index and hands its position back: `j` starts
 * from `i` (`var start = i + 1; var j = start`), only moves forward, and after the nested loop the outer
 * loop carries on from it (`i = j - 1`). Together they take at most as many steps as `i` can move.
 */
function skipsAhead(
  inner: LoopAnatomy,
  innerNode: Node,
  outer: LoopAnatomy,
  outerNode: Node,
): string | undefined {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const forwardOf = (l: LoopAnatomy) => [
    ...(l.counters ?? []),
    ...l.carried.filter((c) => c.how === 'forward').map((c) => c.name),
  ];
  const before = outerNode.text.slice(0, innerNode.startIndex - outerNode.startIndex);
  const after = outerNode.text.slice(innerNode.endIndex - outerNode.startIndex);
  for (const i of forwardOf(outer)) {
    if (!/^\w+$/.test(i) || !mentions(outer.condition, i)) continue;
    for (const j of forwardOf(inner)) {
      if (j === i || !/^\w+$/.test(j) || !mentions(inner.condition, j)) continue;
      // The outer index carries on from where the nested loop stopped.
      if (
        !new RegExp(`(?<![\\w.])${esc(i)}\\s*=\\s*${esc(j)}\\s*(?:[-+]\\s*\\d+\\s*)?(?:;|$)`, 'm').test(after)
      )
        continue;
      // The nested loop starts from the outer index, directly or through one local.
      const start = new RegExp(`(?<![\\w.])${esc(j)}\\s*:?=\\s*([^;\\n]+)`).exec(before)?.[1] ?? '';
      const via = /^\w+$/.test(start.trim())
        ? (new RegExp(`(?<![\\w.])${esc(start.trim())}\\s*:?=\\s*([^;\\n]+)`).exec(before)?.[1] ?? '')
        : start;
      if (!new RegExp(`(?<![\\w.])${esc(i)}(?![\\w])`).test(via)) continue;
      // Nothing else moves the outer index back.
      const writes = [
        ...outerNode.text.matchAll(
          // Up to the end of the statement, or of a `for` header's update.
          new RegExp(`(?<![\\w.])${esc(i)}\\s*(\\+\\+|--|[-+*/%&|^]?=(?!=)\\s*[^;\\n)]*)`, 'g'),
        ),
      ].map((m) => m[1]!.trim());
      const ok = (w: string) =>
        w === '++' || /^\+=\s*\d+$/.test(w) || new RegExp(`^=\\s*${esc(j)}\\s*(?:[-+]\\s*\\d+)?$`).test(w);
      // A `for` header sets its index once, first; any other setting of it could move it back.
      const [first, ...rest] = writes;
      const header = /^for/.test(outerNode.type) && first !== undefined && /^:?=/.test(first);
      if ((header ? rest : writes).every(ok)) return i;
    }
  }
  return undefined;
}

/**
 * A nested loop that consumes the string or slice the loop around it runs down (`chunk = chunk[1:]` in
 * both, the outer one's condition reading it): together they take at most as many steps as it is long.
 */
function sharedConsumption(inner: Node, outer: Node, outerCondition: string | undefined): string | undefined {
  const shrinks = (text: string) =>
    [...text.matchAll(/(?<![\w.])(\w+)\s*:?=\s*\1\[\s*[\w+ ]+:\s*\]/g)].map((m) => m[1]!);
  const consumed = new Set(shrinks(inner.text));
  for (const name of shrinks(outer.text)) {
    if (!consumed.has(name) || !mentions(outerCondition, name)) continue;
    // Grown anywhere (`s = s + t`, `s += t`, `append(s, …)`), it is no longer only run down.
    const grows = new RegExp(`(?<![\\w.])${name}\\s*(\\+=|=\\s*(${name}\\s*\\+|append\\(\\s*${name}\\b))`);
    if (!grows.test(outer.text)) return name;
  }
  return undefined;
}

/** `[]`, `new ArrayList<>()`, `list()`, `nil`, `[]T{}`, `new List<T>()`: a list that starts empty. */
const EMPTY_LIST =
  /^(?:\[\s*\]|list\(\s*\)|nil|\[\][\w.*]+\{\s*\}|new\s+(?:java\.util\.)?(?:ArrayList|LinkedList|ArrayDeque|List)\s*(?:<[^>]*>)?\s*\(\s*\)|Vec::new\(\)|vec!\[\s*\])$/;

/** `name = value`, `const name = value`, `name := value`, `var name = value`, `List<T> name = value`: the name and value. */
function assignmentParts(statement: Node): { name: string; value: string } | undefined {
  const m =
    /^(?:(?:const|let|var|final|auto)\s+|[\w<>[\],. ]+\s+)?([A-Za-z_$][\w$]*)\s*(?::\s*[^=]+)?(?::=|=)(?!=)\s*([\s\S]+?)\s*;?$/.exec(
      codeWithoutComments(statement).trim(),
    );
  return m ? { name: m[1]!, value: m[2]! } : undefined;
}

/**
 * A loop over a work list that the loop around it replaces, turn by turn, with the items it gathered
 * (`for node in frontier: … nxt.append(child)` then `frontier = nxt`): the list gathered, or undefined.
 * The loop around tests the list and writes it only there; the gathered list starts empty each turn.
 */
function workListOf(inner: LoopAnatomy, outer: LoopAnatomy, outerNode: Node): string | undefined {
  const list = inner.over;
  if (!list || !/^[A-Za-z_$][\w$]*$/.test(list) || !mentions(outer.condition, list)) return undefined;
  const statements = bodyStatements(outerNode);
  const handover = statements.map(assignmentParts).find((a) => a?.name === list);
  const gathered = handover?.value;
  if (!gathered || !/^[A-Za-z_$][\w$]*$/.test(gathered)) return undefined;
  const starts = statements.map(assignmentParts).find((a) => a?.name === gathered);
  if (!starts || !EMPTY_LIST.test(starts.value)) return undefined;
  // Written nowhere else in the loop around: one hand-over, one empty start.
  const writes = (name: string) =>
    codeWithoutComments(outerNode).match(
      new RegExp(`(?<![\\w.$])${escapeRegExp(name)}\\s*(?:\\+\\+|--|(?:<<|>>>?|[-+*/%&|^])?:?=(?!=))`, 'g'),
    )?.length ?? 0;
  // Nor grown or changed in place while it is run over (`frontier.append(x)`, `frontier[i] = x`).
  const changed = new RegExp(
    `(?<![\\w.$])${escapeRegExp(list)}\\s*(?:\\.\\s*(?:append|push|add|Add|AddRange|insert|Insert|extend|unshift|splice|push_back|offer|addAll|put)\\s*\\(|\\[[^\\]]*\\]\\s*=(?!=))`,
  ).test(codeWithoutComments(outerNode));
  return !changed && writes(list) === 1 && writes(gathered) === 1 ? gathered : undefined;
}

/** Whether every turn of `loop` adds one item to `list` (`list.append(x)`, `list.push(x)`, `list = append(list, x)`). */
function addsEveryTurn(loop: Node, list: string): boolean {
  const l = escapeRegExp(list);
  const adds = new RegExp(
    `^(?:${l}\\s*\\.\\s*(?:append|push|add|Add|push_back|offer|addLast)\\s*\\([^,]*\\)|${l}\\s*=\\s*append\\(\\s*${l}\\s*,[^,]+\\))\\s*;?$`,
  );
  const statements = bodyStatements(loop);
  return statements.some((s) => adds.test(codeWithoutComments(s).trim())) && !/continue/.test(loop.text);
}

/** Statement lists: a statement in one runs after the one before it, so what follows a loop in one runs after it. */
const STATEMENT_LIST =
  /^(block|statement_block|compound_statement|statements|statement_list|switch_case|switch_default|switch_block_statement_group|switch_section|expression_case|default_case|type_case|communication_case|program|module)$/;
/** Statements that catch what is thrown in them (`try`, Ruby's `begin`). */
const TRY = /^(try|begin)(_statement|_expression|_block)?$|^(catch|except|rescue)/;
/** What holds a `break` that ends it rather than the loop around it. */
const SWITCH = /switch|case|select|match|when/;

type Jump = 'exit' | 'break' | 'other';

/** The jump a statement is, read from its node type or (Kotlin, Swift) its keyword: undefined for any other. */
function jumpOf(statement: Node): Jump | undefined {
  const n =
    statement.type === 'expression_statement' && statement.namedChildCount === 1
      ? statement.namedChildren[0]!
      : statement;
  const keyword =
    n.type === 'jump_expression' || n.type === 'control_transfer_statement'
      ? /^\w+/.exec(n.text)?.[0]
      : /^(return|throw|raise|break|continue|goto)_(statement|expression)$/.exec(n.type)?.[1];
  if (keyword === 'return' || keyword === 'throw' || keyword === 'raise') return 'exit';
  // A labelled `break` may end more than one loop, or a labelled block: no plain end of this one.
  const labelled = n.namedChildren.some((c) => !c.type.includes('comment'));
  if (keyword === 'break') return labelled ? 'other' : 'break';
  return keyword === 'continue' || keyword === 'goto' ? 'other' : undefined;
}

/** Every node in `root` outside the functions written in it, `root` itself left out. */
function* ownDescendants(root: Node): Generator<Node> {
  for (const c of root.namedChildren) {
    if (FUNCTION_TYPES.has(c.type)) continue;
    yield c;
    yield* ownDescendants(c);
  }
}

/**
 * A nested loop after which the rest of the loop around it always leaves: the next statements (in its
 * block, or in the blocks around it up to that loop's body) include a `return` or `throw` ('unit'), or a
 * plain `break` of that loop ('loop'), and nothing after the nested loop starts can start that loop's next
 * turn instead (a `continue`, a labelled jump, a `goto`). However often the loop around it turns, the nested
 * loop then runs to its end at most once per call, or per run of that loop.
 */
function leftAfter(inner: Node, outer: Node, loopIds: ReadonlySet<number>): 'unit' | 'loop' | undefined {
  let found: 'unit' | 'loop' | undefined;
  // Read for every level at once, so none is missed (a `break` in a switch ends the switch; a `throw` inside
  // a `try` may be caught in the loop around it, which then turns again).
  let inSwitch = false;
  let inTry = false;
  for (let p = inner.parent; p && p.id !== outer.id; p = p.parent) {
    if (SWITCH.test(p.type)) inSwitch = true;
    if (TRY.test(p.type)) inTry = true;
  }
  for (let at = inner; at.parent && at.parent.id !== outer.id && !found; at = at.parent) {
    if (!STATEMENT_LIST.test(at.parent.type)) continue;
    for (let next = at.nextNamedSibling; next && !found; next = next.nextNamedSibling) {
      const jump = jumpOf(next);
      if (jump === 'exit' && inTry && !/^return\b/.test(next.text)) return undefined;
      if (jump === 'exit') found = 'unit';
      else if (jump === 'break' && !inSwitch) found = 'loop';
      else if (jump) return undefined;
    }
  }
  if (!found) return undefined;
  // A `continue` of the loop around it, a labelled jump or a `goto` after the nested loop starts (in it, in a
  // handler) may start another turn without the way out.
  for (const n of ownDescendants(outer)) {
    if (n.startIndex < inner.startIndex) continue;
    const jump = jumpOf(n);
    if (jump !== 'other') continue;
    const keyword = /^\w+/.exec(n.text)?.[0];
    if (keyword !== 'continue' || n.namedChildren.some((c) => !c.type.includes('comment'))) return undefined;
    let loop = n.parent;
    while (loop && !loopIds.has(loop.id)) loop = loop.parent;
    if (!loop || loop.id === outer.id) return undefined;
  }
  return found;
}

/** Ways a change moves a name toward an end, or walks or fills something: anything but setting it anew. */
const MOVES: ReadonlySet<string> = new Set([
  'forward',
  'back',
  'both',
  'adds',
  'subtracts',
  'multiplies',
  'divides',
  'updates',
  'appends',
  'removes',
  'stores',
]);

/**
 * A loop with no loop inside whose condition reads only plain names, some of which it changes, and only by
 * setting them to new values (`while r >= n: r = getrandbits(k)`): nothing moves toward an end. A call, a
 * field or an element in the condition may be moved elsewhere, and is left alone.
 */
function stalls(l: LoopAnatomy, node: Node | undefined): boolean {
  const condition = l.condition;
  // With a loop inside, a name it sets may be what that loop gathered (a work list replaced level by level).
  if (
    l.over !== undefined ||
    condition === undefined ||
    l.inner > 0 ||
    l.drains ||
    l.descends?.length ||
    l.logarithmic
  )
    return false;
  if (/[(.[*&]|->/.test(condition) || /^\(?\s*(true|True|1)\s*\)?$/.test(condition)) return false;
  if ((l.counters ?? []).some((c) => mentions(condition, c))) return false;
  const read = l.carried.filter((c) => mentions(condition, c.name));
  // Changing anything else (`name = name.Remove(i, 1)` beside `i = name.IndexOf(…)`), it may be working
  // toward an end through that.
  if (
    read.length === 0 ||
    read.length !== l.carried.length ||
    !read.every((c) => c.how === 'sets' && !(c.parts ?? []).some((p) => MOVES.has(p.how)))
  )
    return false;
  // Set from itself (`carry = (carry / base) | 0`, `n = n // 10`), it moves: only values that do not
  // read it (`r = draw()`, `at = 0`) leave it going nowhere.
  const text = node ? codeWithoutComments(node) : '';
  return read.every((c) =>
    [
      ...text.matchAll(new RegExp(`(?<![\\w$.])${escapeRegExp(c.name)}\\s*(?::=|=(?!=))\\s*([^;\\n]*)`, 'g')),
    ].every((m) => !mentions(m[1], c.name)),
  );
}

/**
 * A loop with no condition (`while True:`, `for {}`, `for (;;)`, `loop {}`): it repeats until something in it
 * breaks out or returns, so how many turns it takes is not the size of anything the code names.
 */
function unbounded(u: UnitFacts, l: LoopAnatomy): boolean {
  const step = u.steps.find((s) => s.kind === 'loop' && s.node === l.node);
  if (!step || l.over !== undefined) return false;
  return (
    step.detail === 'loop' ||
    (step.detail === 'while' && /^\(?\s*(true|True|1)\s*\)?$/.test(step.subject ?? ''))
  );
}

/**
 * A nested loop that takes its items from the same one-shot iterator as a loop around it (`for ch in fiter`
 * in `for ch in fiter`, with `fiter = iter(…)`, a file or a generator): each item is taken once, by one loop
 * or the other, so together they take at most as many steps as it has items. A list run over twice is not.
 */
function sameIterator(
  l: LoopAnatomy,
  node: Node,
  around: readonly LoopAnatomy[],
  unit: Node,
): LoopAnatomy | undefined {
  const over = l.over;
  // Python's `for … in …` (a `for_statement` with a `right` field): its `iter`, `map`, `zip` are iterators.
  if (node.type !== 'for_statement' || !node.childForFieldName('right')) return undefined;
  if (!over || !/^[A-Za-z_]\w*$/.test(over)) return undefined;
  const outer = around.find((a) => a.over === over);
  if (!outer) return undefined;
  const text = unit.text;
  const assigned = [...text.matchAll(new RegExp(`(?<![\\w.])${over}\\s*(=(?!=)|:=)\\s*(.*)`, 'g'))];
  const opened = new RegExp(`\\bwith\\s+open\\(.*\\bas\\s+${over}\\s*:`).test(text);
  const oneShot = (value: string) =>
    /^(iter|open|csv\.reader|map|filter|zip|enumerate|reversed)\(/.test(value) ||
    /^\(.*\bfor\b.*\bin\b.*\)\s*$/.test(value);
  if (opened ? assigned.length > 0 : assigned.length !== 1 || !oneShot(assigned[0]![2]!.trim()))
    return undefined;
  return outer;
}

interface Depth {
  readonly depth: number;
  readonly notes: readonly string[];
  /** The outermost loop of the chain when it has no condition: the estimate is per turn of it. */
  readonly perTurn?: LoopAnatomy;
  /** …and it yields a value on its turns with no way out (the line of the yield): a generator without end. */
  readonly endless?: number;
  /** Nested loops of the chain with no condition: their turns multiply the estimate as t. */
  readonly turns: readonly number[];
  /** Loops of the chain that take about log n turns: each multiplies the estimate by log n, not n. */
  readonly logs: number;
  /** The line of the chain's innermost loop (none for the start of a chain). */
  readonly line?: number;
  /** Loops of the chain whose turns follow no size: they only set what their condition reads to new values. */
  readonly stalled?: readonly LoopAnatomy[];
}

/**
 * The loop nesting that multiplies work: the syntactic depth less the loops that run a fixed number of
 * times or share their index with the loop around them. Undefined when the loops read are not all of
 * the unit's (a comprehension, a grammar loops.ts does not read), so the plain depth stands.
 */
function effectiveDepth(u: UnitFacts): Depth | undefined {
  return depths(u)?.[0];
}

/** The chains of loops, deepest first, each with what its depth leaves out; undefined as for effectiveDepth. */
function depths(u: UnitFacts): (Depth & { plain: number })[] | undefined {
  const loops = u.loops;
  if (loops.length === 0) return undefined;
  const nodes = u.metrics.node.doc.nodes;
  const loopIds = new Set(loops.map((l) => l.node));
  const parentOf = (l: LoopAnatomy) =>
    loops
      .filter((o) => o !== l && o.line <= l.line && o.endLine >= l.endLine && o.node < l.node)
      .sort((a, b) => b.node - a.node)[0];
  const aroundOf = (l: LoopAnatomy): LoopAnatomy[] => {
    const out: LoopAnatomy[] = [];
    for (let p = parentOf(l); p; p = parentOf(p)) out.push(p);
    return out;
  };
  const memo = new Map<LoopAnatomy, Depth & { plain: number }>();
  const constants = fixedLocals(u);
  const literals = literalLocals(u);
  const depthOf = (l: LoopAnatomy): Depth & { plain: number } => {
    const known = memo.get(l);
    if (known) return known;
    const parent = parentOf(l);
    const up: Depth & { plain: number } = parent
      ? depthOf(parent)
      : { depth: 0, notes: [], turns: [], logs: 0, plain: 0 };
    const node = nodes[l.node];
    const parentNode = parent ? nodes[parent.node] : undefined;
    // With no condition, the outermost loop's turns are no size of anything: the estimate is per turn of it.
    const free = unbounded(u, l);
    const endless = !parent && free ? u.steps.find((st) => st.node === l.node)?.endless : undefined;
    if (!parent && free && (l.inner > 0 || endless !== undefined)) {
      const made = {
        depth: 0,
        notes: [],
        perTurn: l,
        ...(endless !== undefined ? { endless } : {}),
        turns: [],
        logs: 0,
        plain: 1,
        line: l.line,
      };
      memo.set(l, made);
      return made;
    }
    const sameIndex = parent ? sharedIndex(l, parent, parentNode) : undefined;
    // The index it moves forward is one the loop around it only moves forward too, though that loop is
    // bounded by something else (`while (count--)` around `while (p < end && …) p++`).
    // A loop that runs a fixed number of times each turn is told by that, the narrower bound.
    const advanced =
      !sameIndex && !fixedCount(l, constants) && parent && parentNode
        ? advancesIndex(l, node, parent, parentNode)
        : undefined;
    const shared = sameIndex ?? advanced;
    const down = node ? countsDown(node, l) : undefined;
    const literal = down ? undefined : countsDownLiteral(l, literals);
    const fixed = fixedCount(l, constants) || down !== undefined || literal !== undefined;
    const single = node && !fixed ? onceOnly(node) : undefined;
    const handed = !shared && node && parentNode ? sharedCursor(l, node, parent!, parentNode) : undefined;
    const ahead =
      !shared && !handed && node && parentNode ? skipsAhead(l, node, parent!, parentNode) : undefined;
    const cursor = handed ?? ahead;
    const consumed =
      !shared && !cursor && node && parentNode
        ? sharedConsumption(node, parentNode, parent!.condition)
        : undefined;
    const iterator =
      !shared && !cursor && !consumed && parent && node
        ? sameIterator(l, node, aroundOf(l), u.metrics.node)
        : undefined;
    const grandparent = parent ? parentOf(parent) : undefined;
    const worked =
      !shared && !cursor && !consumed && !iterator && parent && parentNode
        ? workListOf(l, parent, parentNode)
        : undefined;
    // The loop inside a work list's loop that adds one item to the gathered list on every turn.
    const gathering =
      !shared && !cursor && !consumed && !iterator && !worked && parent && grandparent && node
        ? (() => {
            const gatheredBy = workListOf(parent, grandparent, nodes[grandparent.node]!);
            return gatheredBy && addsEveryTurn(node, gatheredBy) ? gatheredBy : undefined;
          })()
        : undefined;
    // Already shown not to multiply the loop around it by one of the reasons above.
    const sharesTurns = shared || cursor || consumed || iterator || worked || gathering;
    const budget =
      !single && !sharesTurns && parent && node && parentNode
        ? budgetOf(l, node, parent, parentNode)
        : undefined;
    const counted =
      !single && !sharesTurns && !budget && parent && node && parentNode
        ? countsOuterBound(l, node, parent, parentNode)
        : undefined;
    const left =
      !sharesTurns && !budget && !counted && parent && node && parentNode
        ? leftAfter(node, parentNode, loopIds)
        : undefined;
    const note = single
      ? `the loop on line ${l.line} ends its first turn with the \`${single.keyword}\` on line ${single.line}, and nothing in it starts another, so it runs at most once`
      : counted
        ? `the loop on line ${l.line} moves ${code(counted)} forward by one on every turn, and the loop on line ${parent!.line} around it stops once ${code(parent!.condition!)} no longer holds, never setting ${code(counted)} back, so over all of that loop's turns it takes at most as many steps as ${code(counted)} can move`
        : budget
          ? `the loop on line ${l.line} runs ${code(budget.count)} times, and the loop on line ${parent!.line} around it adds ${code(budget.count)} to ${code(budget.total)}, which its condition bounds (${code(parent!.condition!)}), so over all of that loop's turns it takes at most as many steps as that bound`
          : advanced
            ? `the loop on line ${l.line} moves ${code(advanced)} forward, and the loop on line ${parent!.line} around it never sets it back, so over all of that loop's turns it takes at most as many steps as ${code(advanced)} can move`
            : shared
              ? `the loop on line ${l.line} moves the same ${code(shared)} as the loop on line ${parent!.line} around it, which never sets it back, so together they take at most as many steps as ${code(shared)} can move`
              : ahead
                ? `the loop on line ${l.line} scans ahead from ${code(ahead)}, and the loop on line ${parent!.line} around it carries on from where that scan stopped, only ever moving ${code(ahead)} forward, so together they take at most as many steps as ${code(ahead)} can move`
                : cursor
                  ? `the loop on line ${l.line} starts its index at ${code(cursor)}, which is then set to where it stopped, and the loop on line ${parent!.line} around it only moves ${code(cursor)} forward, so together they take at most as many steps as ${code(cursor)} can move`
                  : consumed
                    ? `the loop on line ${l.line} runs down the same ${code(consumed)} as the loop on line ${parent!.line} around it, so together they take at most as many steps as ${code(consumed)} is long`
                    : worked
                      ? `the loop on line ${l.line} runs over ${code(l.over!)}, which the loop on line ${parent!.line} around it replaces on each turn with the items gathered in ${code(worked)}, so together they take one turn per item that ever passes through ${code(l.over!)}`
                      : gathering
                        ? `the loop on line ${l.line} adds an item to ${code(gathering)} on every turn, so its turns are no more than the items that pass through the work list`
                        : iterator
                          ? `the loop on line ${l.line} takes its items from the same iterator ${code(l.over!)} as the loop on line ${iterator.line} around it, which hands out each item once, so together they take at most as many steps as ${code(l.over!)} has items`
                          : left === 'unit'
                            ? `the loop on line ${l.line} is followed by a way out of the function, so it runs at most once per call`
                            : left === 'loop'
                              ? `the loop on line ${l.line} is followed by a ${code('break')} out of the loop on line ${parent!.line}, so it runs at most once each time that loop runs`
                              : fixed
                                ? `the loop on line ${l.line} runs at most a fixed number of times (${down ? `it counts ${code(down.index)} down from ${down.from} while ${code(l.condition!)}` : literal ? `it counts ${code(literal)} down to zero, and ${code(literal)} is only ever set to a number` : fixedWhy(l, constants)})`
                                : undefined;
    const log = note ? undefined : l.logarithmic;
    // A nested loop with no condition runs some number of turns t each time: t multiplies, and is said.
    const turn = !note && parent && free;
    // Its condition reads only names it sets to new values (`while r >= n: r = draw()`): its turns follow
    // those values, not the size of anything.
    const still = !note && !free && !log && stalls(l, node);
    const made = {
      // A loop run at most once per run of the one around it (a way out follows it) adds its own turns to
      // that one's instead of multiplying them: at least one level, whatever the loops around it take.
      depth: left && note ? Math.max(up.depth, 1) : up.depth + (note || turn || log ? 0 : 1),
      notes: note ? [...up.notes, note] : log ? [...up.notes, logNote(l, log)] : up.notes,
      ...(up.perTurn ? { perTurn: up.perTurn } : {}),
      turns: turn ? [...up.turns, l.line] : up.turns,
      logs: up.logs + (log ? 1 : 0),
      plain: up.plain + 1,
      line: l.line,
      ...(still || up.stalled ? { stalled: [...(up.stalled ?? []), ...(still ? [l] : [])] } : {}),
    };
    memo.set(l, made);
    return made;
  };
  const all = loops.map(depthOf);
  if (Math.max(...all.map((d) => d.plain)) !== u.maxLoopDepth) return undefined;
  return all.sort(
    (a, b) =>
      b.depth + b.turns.length - (a.depth + a.turns.length) ||
      b.depth - a.depth ||
      b.logs - a.logs ||
      b.plain - a.plain,
  );
}

/** "O(n^2)", "O(n·t)", "O(1)", "O(n log n)": n to the depth, times t where loops with no condition multiply. */
function bigO(depth: number, turns: boolean, logs = 0): string {
  const n = depth === 0 ? '' : power(depth);
  const t = turns ? 't' : '';
  const product = [n, t].filter(Boolean).join('·');
  if (logs === 0) return `O(${product || '1'})`;
  const log = logs === 1 ? 'log n' : `log^${logs} n`;
  return `O(${product ? `${product} ${log}` : log})`;
}

/** "the loop on line 5 divides `pos` on every turn (`pos = (pos - 1) >> 1`), so it takes about log n turns, …". */
function logNote(l: LoopAnatomy, log: LogLoop): string {
  return `the loop on line ${l.line} ${logTurns(log, l.condition)}`;
}

/** The estimate for loops not all counted in n: some have no condition, or turn only per turn of another. */
function unboundedEstimate(
  u: UnitFacts,
  chains: readonly (Depth & { plain: number })[],
): Estimate | undefined {
  if (!chains.some((c) => c.perTurn || c.turns.length > 0)) return undefined;
  const freeChains = chains.filter((c) => c.perTurn);
  const rest = chains.filter((c) => !c.perTurn);
  const top = freeChains[0];
  const other = rest[0];
  const part = (c: Depth) => ({
    estimate: bigO(c.depth, c.turns.length > 0, c.logs),
    loops: c.depth ? loopsWhy(c.depth) : '',
  });
  const whys: string[] = [];
  const estimates: string[] = [];
  if (other) {
    const p = part(other);
    estimates.push(p.estimate);
    if (p.loops) whys.push(p.loops);
  }
  if (top) {
    const lines = [...new Set(freeChains.map((c) => c.perTurn!.line))];
    const where =
      lines.length === 1 ? `the loop on line ${lines[0]}` : `the loops on lines ${listOf(lines.map(String))}`;
    const p = part(top);
    estimates.push(`${p.estimate} per turn of ${where}`);
    const endless = freeChains.every((c) => c.endless !== undefined) ? top.endless : undefined;
    whys.push(
      endless !== undefined
        ? `${where} has no condition and no way out: it yields values (line ${endless}) until the caller stops taking them, so the estimate is per turn`
        : `${where} has no condition and repeats until something in it breaks out or returns, so how many turns it takes depends on when that happens${p.loops ? `; inside it, ${p.loops}` : ''}`,
    );
  }
  const turns = [...new Set(chains.flatMap((c) => c.turns))];
  if (turns.length)
    whys.push(
      turns.length === 1
        ? `t is the most turns the loop on line ${turns[0]} takes each time it runs: it has no condition and repeats until something in it breaks out or returns`
        : `t is the most turns any of the loops on lines ${listOf(turns.map(String))} takes each time it runs: they have no condition and repeat until something in them breaks out or returns`,
    );
  const notes = [...new Set(chains.flatMap((c) => c.notes))];
  if (notes.length) whys.push(listOf(notes));
  return { estimate: estimates.join(' + '), why: `${whys.join('; ')}` };
}

/** Why no estimate is given where loops with no condition meet searches or pipelines the estimate would have to weigh. */
function freeLoopsWhy(chains: readonly Depth[]): string {
  const lines = [
    ...new Set(chains.flatMap((c) => [...(c.perTurn ? [c.perTurn.line] : []), ...c.turns])),
  ].sort((a, b) => a - b);
  const where =
    lines.length === 1 ? `the loop on line ${lines[0]}` : `the loops on lines ${listOf(lines.map(String))}`;
  return `${where} ${lines.length === 1 ? 'has' : 'have'} no condition and ${lines.length === 1 ? 'repeats' : 'repeat'} until something in ${lines.length === 1 ? 'it' : 'them'} breaks out or returns, so how many turns ${lines.length === 1 ? 'it takes' : 'they take'} depends on when that happens`;
}

function looping(u: UnitFacts): Estimate {
  const chains = depths(u);
  const stalled = [...new Set(chains?.flatMap((c) => c.stalled ?? []) ?? [])];
  if (stalled.length > 0) {
    const l = stalled[0]!;
    const set = l.carried.filter((c) => mentions(l.condition, c.name)).map((c) => code(c.name));
    return {
      estimate: 'not estimated',
      why: `the loop on line ${l.line} runs while ${code(l.condition!)}, and it only sets ${listOf(set)} to new values, moving toward no end, so how many turns it takes depends on those values, not on the size of anything`,
    };
  }
  if (chains?.some((c) => c.perTurn || c.turns.length > 0)) {
    const free = (u.searches ?? []).length === 0 && !u.repetitions.some((r) => r.kind === 'pipeline');
    const estimate = free ? unboundedEstimate(u, chains) : undefined;
    return estimate ?? { estimate: 'not estimated', why: freeLoopsWhy(chains) };
  }
  const top = chains?.[0];
  const effective = (u.searches ?? []).length === 0 ? top : undefined;
  if (effective && effective.depth < u.maxLoopDepth) {
    const k = effective.depth;
    const notes = listOf(effective.notes);
    const estimate = bigO(k, false, effective.logs);
    return k === 0
      ? { estimate, why: `${notes} (not counting the functions it calls)` }
      : { estimate, why: `${loopsWhy(k)}: ${notes}` };
  }
  // Loops that take a fixed number of turns (or share their index…) multiply neither the loops nor the
  // searches inside them.
  const narrower = top !== undefined && top.depth < u.maxLoopDepth;
  const k = narrower ? top.depth : u.maxLoopDepth;
  const but = narrower ? `: ${listOf(top.notes)}` : '';
  const depthAt = (s: LoopSearch) =>
    narrower ? (chains!.find((c) => c.line === s.loopLine)?.depth ?? s.loopDepth) : s.loopDepth;
  const searches = u.searches ?? [];
  const known = searches.filter((s) => s.isList).sort((a, b) => depthAt(b) - depthAt(a));
  const s = known[0];
  // n^d·m, or m alone where only loops of fixed size are around the search.
  const times = (d: number) => (d === 0 ? 'm' : `${power(d)}·m`);
  if (s) {
    const d = depthAt(s);
    const others =
      known.length > 1
        ? ` (and ${count(known.length - 1, 'more search', 'more searches')} of this kind, each its own m)`
        : '';
    const search = `${searchPhrase(s)}${others}`;
    if (d >= k) {
      return {
        estimate: `O(${times(d)})`,
        why:
          d === 1 && !narrower
            ? `${loopPhrase(s)} and ${search}`
            : d === 0
              ? `${search}${but}`
              : `${loopsWhy(d)}, and in the innermost ${search}${but}`,
      };
    }
    return {
      estimate: `O(${power(k)} + ${times(d)})`,
      why: `${loopsWhy(k)}; besides, ${search} of the loop on line ${s.loopLine}${but}`,
    };
  }
  const unsure = searches[0];
  const maybe = unsure
    ? `; if ${code(unsure.collection)} is a list, array or string (not a set or map), ${code(unsure.search)} searches it on every iteration, which makes it O(${times(depthAt(unsure))}) with m its length`
    : '';
  return {
    estimate: k === 0 ? 'O(1)' : k === 1 ? 'O(n)' : `O(n^${k})`,
    why: k === 0 ? `${listOf(top!.notes)}${maybe}` : `${loopsWhy(k)}${but}${maybe}`,
  };
}

/** "the `.map` callback on line 2", "the loop on line 7". */
function named(r: Repeater): string {
  return r.kind === 'pipeline'
    ? `the ${code(r.method ?? '')} callback on line ${r.line}`
    : `the loop on line ${r.line}`;
}

/** What one repeater runs over, as the code says it: "`orders`", or what it is given when the code does not say. */
const overText = (r: Repeater) =>
  r.over ? code(r.over) : r.kind === 'pipeline' ? 'what it is given' : 'its items';

/** "the `.map` callback on line 2 runs once per item of `orders`". */
function runs(r: Repeater): string {
  if (r.kind === 'pipeline' && r.counts && r.over) return `${named(r)} runs ${code(r.over)} times`;
  return r.kind === 'pipeline'
    ? `${named(r)} runs once per item of ${overText(r)}`
    : `${named(r)} runs over ${overText(r)}`;
}

/** "every iteration of the loop on line 7 over `users`", "every call of the `.map` callback on line 2 over `xs`". */
function turnOf(r: Repeater): string {
  const over = r.over ? ` over ${code(r.over)}` : '';
  return r.kind === 'pipeline' ? `every call of ${named(r)}${over}` : `every iteration of ${named(r)}${over}`;
}

/** The deepest chain of loops and pipelines with a pipeline in it, outermost first: what the estimate multiplies. */
function deepestChain(u: UnitFacts): readonly Repeater[] | undefined {
  const all: readonly Repetition[] = u.repetitions;
  // Of equally deep ones the last: in a chain (`xs.filter(…).map(…)`) that is the first step, over `xs` itself.
  // A loop that runs a fixed number of times multiplies nothing.
  const constants = fixedLocals(u);
  const fixed = new Set(u.loops.filter((l) => fixedCount(l, constants)).map((l) => l.line));
  const chainOf = (r: Repetition) =>
    [...r.around, r].filter((x) => x.kind === 'pipeline' || !fixed.has(x.line));
  const deepest = all.reduce<Repetition | undefined>(
    (a, r) => (!a || chainOf(r).length >= chainOf(a).length ? r : a),
    undefined,
  );
  return deepest ? chainOf(deepest) : undefined;
}

/** A pipeline whose callback searches a collection on every call: the search multiplies with it. */
function searchedIn(u: UnitFacts): Estimate {
  const withSearch = u.repetitions.filter((r) => r.search && r.around.length === 0);
  const r = withSearch.find((x) => x.search!.isList) ?? withSearch[0]!;
  const s = r.search!;
  const searches = `${code(s.search)} searches ${code(s.collection)} (m) element by element on every call`;
  return s.isList
    ? { estimate: 'O(n·m)', why: `${runs(r)} (n), and ${searches}` }
    : {
        estimate: 'O(n)',
        why: `${runs(r)} (n); if ${code(s.collection)} is a list, array or string (not a set or map), ${code(s.search)} searches it on every call, which makes it O(n·m) with m its length`,
      };
}

/**
 * The estimate when callback pipelines repeat work deeper than the loop statements do: a pipeline
 * runs its callback once per item of its receiver, so it counts as a loop over that receiver, and
 * one inside a loop (or inside another pipeline's callback) multiplies with it.
 */
function pipelined(u: UnitFacts): Estimate | undefined {
  const chain = deepestChain(u);
  // Loops with no condition: their turns are no size; looping() says what it can.
  if (depths(u)?.some((c) => c.perTurn || c.turns.length > 0)) return undefined;
  // The loops' own depth, less those of a fixed count (a pipeline in `for (i = 0; i < 4; i++)` is still linear).
  const loops =
    (u.searches ?? []).length === 0 ? (effectiveDepth(u)?.depth ?? u.maxLoopDepth) : u.maxLoopDepth;
  if (!chain || chain.length <= loops) return undefined;
  // A search a loop repeats, on a collection known to be a list, that nests as deep: the search tells it.
  if ((u.searches ?? []).some((s) => s.isList && s.loopDepth + 1 >= chain.length)) return undefined;
  const last = chain[chain.length - 1]!;
  if (chain.length === 1 && u.repetitions.some((r) => r.search && r.around.length === 0))
    return searchedIn(u);
  if (chain.length === 1) {
    const others = u.repetitions.filter(
      (r) => r.around.length === 0 && r.line + (r.method ?? '') !== last.line + (last.method ?? ''),
    );
    const besides = others.length
      ? `; the other callback pipelines (${listUpTo(
          others.map((r) => `${code(r.method ?? '')} on line ${r.line}`),
          3,
        )}) each run once per item of what they are given, so n is the largest of those sizes`
      : '';
    return { estimate: 'O(n)', why: `${runs(last)} (n)${besides}` };
  }
  if (chain.length === 2) {
    const outer = chain[0]!;
    const same = outer.over !== undefined && outer.over === last.over;
    return {
      estimate: same ? 'O(n^2)' : 'O(n·m)',
      why: `${runs(last)} (${same ? 'n' : 'm'}) on ${turnOf(outer)} (n)`,
    };
  }
  const levels = chain.slice(0, -1).map(named);
  return {
    estimate: `O(${power(chain.length)})`,
    why: `${runs(last)}, inside ${listOf(levels)}, which nest ${chain.length} deep, taking n as the size of what each runs over`,
  };
}

/** A loop estimate that its pipelines do not go beyond: they count as loops over what they are given, which n covers too. */
function withPipelines(loops: Estimate, u: UnitFacts): Estimate {
  const pipelines = u.repetitions.filter((r) => r.kind === 'pipeline');
  if (pipelines.length === 0) return loops;
  const named = listUpTo(
    pipelines.map((r) => `${code(r.method ?? '')} on line ${r.line}`),
    3,
  );
  return {
    ...loops,
    why: `${loops.why}; its callback pipelines (${named}) count as loops over what they are given, so n covers their sizes too`,
  };
}

/** Why a unit without loops that run is constant time: a generator expression kept for later runs elsewhere. */
function noLoops(u: UnitFacts): string {
  const deferred = u.steps.find((s) => s.kind === 'loop' && s.deferred);
  return deferred
    ? `no loop or recursion runs here: the generator expression on line ${deferred.line} yields its values only as they are asked for, after it is made (not counting the functions it calls)`
    : 'it has no loops or recursion (not counting the functions it calls)';
}

/** The unit's estimated running time and why. */
/** The line of the innermost loop of the chain whose loops multiply deepest: where a hot spot is. */
export function multiplyingLoopLine(u: UnitFacts): number | undefined {
  const all = depths(u) ?? [];
  const top = all[0];
  if (!top) return undefined;
  // Of the chains as deep, the one with the fewest loops: a loop inside it that shares its index adds no turns.
  return all
    .filter((d) => d.depth === top.depth && d.turns.length === top.turns.length && d.line !== undefined)
    .sort((a, b) => a.plain - b.plain)[0]?.line;
}

/** How deep the loops that multiply work nest: the nesting less loops that share a cursor, run once or a fixed count. */
export function multiplyingDepth(u: UnitFacts): number {
  return effectiveDepth(u)?.depth ?? u.maxLoopDepth;
}

/**
 * A unit's cost from its own loops, recursion, sorts and pipelines, and (given the snippet's `units`)
 * from the functions defined in the snippet that it calls: `QueryUnescape` that returns `unescape(s)`
 * costs what `unescape` costs, and a loop that calls an O(m) helper on each turn costs O(n·m).
 */
export function estimateOf(u: UnitFacts, units: readonly UnitFacts[] = []): Estimate {
  const own = withFrontOps(ownEstimate(u), u);
  return units.length > 0 ? withCallees(own, u, units, new Map()) : own;
}

/** Methods that take or add the first item of an array-backed list, and the index argument that says so. */
const FRONT_OPS: ReadonlyMap<string, string | undefined> = new Map([
  ['pop', '0'],
  ['insert', '0'],
  ['shift', undefined],
  ['unshift', undefined],
  ['remove', '0'],
  ['RemoveAt', '0'],
  ['Insert', '0'],
]);

/**
 * `queue.pop(0)`, `items.shift()`, `list.remove(0)` inside a loop: each call moves every other item of the
 * list, so the loop costs its turns times the list's length, not its turns alone.
 */
function withFrontOps(own: Estimate, u: UnitFacts): Estimate {
  const nodes = u.metrics.node.doc.nodes;
  const front = u.steps.find((st) => {
    if (st.kind !== 'call' || !st.subject || repeatedBy(st) !== 1) return false;
    const m = /^[\w.$]+\.(\w+)$/.exec(st.subject);
    if (!m || !FRONT_OPS.has(m[1]!)) return false;
    const index = FRONT_OPS.get(m[1]!);
    const call = nodes[st.node];
    const args =
      call?.childForFieldName('arguments')?.namedChildren.filter((a) => !a.type.includes('comment')) ?? [];
    return index === undefined ? true : args[0]?.text.trim() === index;
  });
  if (!front || !['O(1)', 'O(log n)', 'O(n)', 'O(n log n)'].includes(own.estimate)) return own;
  return {
    estimate: 'O(n·m)',
    why: `a loop calls ${code(`${front.subject!}(…)`)} on each turn (line ${front.line}), which moves every other item of the list, m of them; besides, ${own.why}`,
  };
}

/**
 * A polynomial estimate's degree: 0 for O(1), 1 for O(n), k for O(n^k), and a hundredth more for each
 * log n factor (O(log n) is 0.01, O(n log n) 1.01), so they order as they grow; undefined for any other form.
 */
function degreeOf(estimate: string): number | undefined {
  const m = /^O\((?:(1)|(n)(?:\^(\d+))?)?(?: ?log(?:\^(\d+))? n)?\)$/.exec(estimate);
  if (!m || estimate === 'O()') return undefined;
  const k = m[1] ? 0 : m[2] ? Number(m[3] ?? 1) : 0;
  const logs = /log/.test(estimate) ? Number(m[4] ?? 1) : 0;
  return k + logs / 100;
}

/** The unit a call names, when the snippet defines exactly one of that name: `f(…)`, `this.f(…)`, `self.f(…)`. */
function calleeIn(
  subject: string,
  u: UnitFacts,
  units: readonly UnitFacts[],
  args?: number,
): UnitFacts | undefined {
  // A method called on a value of a type the snippet defines, built where it is called
  // (`Parser { iter, src }.parse()`, `Parser::new(s).parse()`, `new Parser(s).parse()`): that type's method.
  const built = /^(?:new\s+)?([A-Z][\w$]*)\b[\s\S]*[.](\w+)$/.exec(subject.trim());
  if (built) {
    const own = units.filter((x) => x !== u && x.metrics.name === `${built[1]}.${built[2]}`);
    if (own.length === 1) return own[0];
  }
  // Go names its receiver: `p.and()` in a method of `exprParser` whose receiver is `p`.
  const receiver = u.metrics.node
    .childForFieldName('receiver')
    ?.namedChildren.find((c) => c.type === 'parameter_declaration')
    ?.childForFieldName('name')?.text;
  const type = u.metrics.name.includes('.')
    ? u.metrics.name.slice(0, u.metrics.name.lastIndexOf('.'))
    : undefined;
  const viaReceiver =
    receiver && type ? new RegExp(`^${receiver}\\.([A-Za-z_]\\w*)$`).exec(subject.trim()) : null;
  if (viaReceiver) {
    const own = units.filter((x) => x !== u && x.metrics.name === `${type}.${viaReceiver[1]}`);
    return own.length === 1 ? own[0] : undefined;
  }
  const made = madeBy(subject, u, units);
  if (made) return made;
  const m = /^(?:(?:this|self|Self|super)\s*(?:\.|::)\s*)?([A-Za-z_$][\w$]*)$/.exec(subject.trim());
  if (!m) return undefined;
  // A parameter of that name is what a bare call reaches (`trust(addr)` with `trust` passed in), not the
  // snippet's function it shadows.
  if (m[0] === m[1] && u.params.includes(m[1]!)) return undefined;
  const short = (x: UnitFacts) => x.metrics.name.split(/[.#:]/).pop();
  const found = units.filter((x) => x !== u && x.metrics.kind !== 'class' && short(x) === m[1]);
  if (found.length === 1) return found[0];
  // Overloads (`findValue(k)` handing over to `findValue(k, null)`): the one taking as many arguments.
  const taking = args === undefined ? [] : found.filter((x) => x.paramsKnown && x.params.length === args);
  return taking.length === 1 ? taking[0] : undefined;
}

/**
 * A method of an object a function of the snippet builds: `coder.encode(x)` where `coder = makeCoder(…)`
 * (anywhere in the file) and `makeCoder` holds a function named `encode` (an object literal's method, a
 * closure it returns). Undefined unless exactly one such function exists.
 */
function madeBy(subject: string, u: UnitFacts, units: readonly UnitFacts[]): UnitFacts | undefined {
  const call = /^([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)$/.exec(subject.trim());
  if (!call || /^(this|self|super)$/.test(call[1]!)) return undefined;
  const [, object, method] = call as unknown as [string, string, string];
  const source = u.metrics.node.doc.source;
  const factories = [
    ...source.matchAll(new RegExp(`(?<![\\w$.])${object}\\s*=\\s*([A-Za-z_$][\\w$]*)\\s*\\(`, 'g')),
  ].map((f) => f[1]!);
  if (new Set(factories).size !== 1) return undefined;
  const factory = units.find((x) => x.metrics.name === factories[0] && x.metrics.kind !== 'class');
  if (!factory) return undefined;
  const inside = units.filter(
    (x) =>
      x !== u &&
      x.metrics.node.startIndex > factory.metrics.node.startIndex &&
      x.metrics.node.endIndex <= factory.metrics.node.endIndex &&
      x.metrics.name.split(/[.#:]/).pop() === method,
  );
  return inside.length === 1 ? inside[0] : undefined;
}

/** How many arguments a call step passes, read from its node; undefined when it cannot be read. */
function argumentCount(u: UnitFacts, step: Step): number | undefined {
  const call = u.metrics.node.doc.nodes[step.node];
  const list = call?.childForFieldName('arguments');
  return list ? list.namedChildren.filter((a) => !a.type.includes('comment')).length : undefined;
}

/** The snippet's units `u` calls, each once, by its call steps. */
function calleesOf(u: UnitFacts, units: readonly UnitFacts[]): UnitFacts[] {
  const out: UnitFacts[] = [];
  for (const step of u.steps) {
    if (step.kind !== 'call' || !step.subject) continue;
    const callee = calleeIn(step.subject, u, units, argumentCount(u, step));
    if (callee && !out.includes(callee)) out.push(callee);
  }
  return out;
}

/**
 * A way from `u` through other units of the snippet back to `u` (`not` → `atom` → `or` → `and` → `not`),
 * by the shortest path found first; undefined when its calls never come back to it.
 */
function callCycle(u: UnitFacts, units: readonly UnitFacts[]): UnitFacts[] | undefined {
  const before = new Map<UnitFacts, UnitFacts>();
  const queue: UnitFacts[] = [u];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of calleesOf(at, units)) {
      if (next === u) {
        const path = [at];
        for (let p = before.get(at); p; p = before.get(p)) path.unshift(p);
        return path;
      }
      if (before.has(next) || next === u) continue;
      before.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}

/**
 * `u`'s estimate with what the functions of the snippet it calls cost, each callee costed the same way
 * (what it calls counted too), once: `done` holds those costed, and `undefined` for those being costed,
 * whose own estimate stands in (a ring of calls is told by callCycle).
 */
function withCallees(
  own: Estimate,
  u: UnitFacts,
  units: readonly UnitFacts[],
  done: Map<UnitFacts, Estimate | undefined>,
): Estimate {
  done.set(u, undefined);
  const result = calleesCost(own, u, units, done);
  done.set(u, result);
  return result;
}

function calleeEstimate(
  callee: UnitFacts,
  units: readonly UnitFacts[],
  done: Map<UnitFacts, Estimate | undefined>,
): Estimate {
  if (done.has(callee)) return done.get(callee) ?? ownEstimate(callee);
  return withCallees(withFrontOps(ownEstimate(callee), callee), callee, units, done);
}

/** Where "on the other calls it is O(1)" goes, once the other calls are known. */
const ONLY_MARK = '\u0000';

/**
 * Whether a step runs only when some condition holds: an `if`, `switch` arm, `? :`, `&&` or `catch` around it,
 * other than the one whose condition (or Go's initialiser, `if p := f(); p >= 0`) holds it. Loops do not count.
 */
function underCondition(u: UnitFacts, step: Step): boolean {
  const nodes = u.metrics.node.doc.nodes;
  const at = nodes[step.node];
  if (!at) return step.depth > 0;
  for (let child = at, p = at.parent; p && p.id !== u.metrics.node.id; child = p, p = p.parent) {
    if (
      !/^(if|elif|else|switch|case|match|when|conditional|ternary|catch|except)|_clause$|binary_expression|boolean_operator/.test(
        p.type,
      )
    )
      continue;
    const heads = [p.childForFieldName('condition'), p.childForFieldName('initializer')];
    if (heads.some((h) => h && child.id === h.id)) continue;
    if (/binary_expression|boolean_operator/.test(p.type)) {
      const op = p.childForFieldName('operator')?.text ?? p.children.find((c) => !c.named)?.text;
      // The right side of `a && f()` runs only when `a` holds; the left always runs.
      if (!/^(&&|\|\||and|or|\?\?)$/.test(op ?? '') || p.childForFieldName('left')?.id === child.id) continue;
    }
    if (/_clause$/.test(p.type) && !/case|default|communication|else|except|catch/.test(p.type)) continue;
    return true;
  }
  return false;
}

/**
 * How many of the loops around a line multiply the work done there: those of the chain of its innermost
 * loop, less the ones that run a fixed number of times or share their turns (depths). Without chains, the
 * loops around it.
 */
function multiplyingAround(u: UnitFacts, line: number, chains: () => ReturnType<typeof depths>): number {
  const around = u.loops
    .filter((l) => l.line <= line && l.endLine >= line)
    .sort((a, b) => b.node - a.node)[0];
  if (!around) return 0;
  const chain = chains()?.find((c) => c.line === around.line);
  return chain && chain.turns.length === 0 && !chain.perTurn ? chain.depth : Infinity;
}

function calleesCost(
  own: Estimate,
  u: UnitFacts,
  units: readonly UnitFacts[],
  done: Map<UnitFacts, Estimate | undefined>,
): Estimate {
  const ownDegree = degreeOf(own.estimate);
  if (ownDegree === undefined) return own;
  // Functions that call one another in a ring recurse together: how deep depends on the input.
  const cycle = u.recursive ? undefined : callCycle(u, units);
  if (cycle && cycle.length > 1) {
    const names = [...cycle, u].map((x) => code(x.metrics.name.split(/[.#:]/).pop() ?? x.metrics.name));
    return {
      estimate: 'not estimated',
      why: `it is part of a mutual recursion (${names.join(' → ')}): each call can lead back to it, so its cost depends on how deep the calls go`,
    };
  }
  let best: { degree: number; estimate: string; why: string; line?: number } | undefined;
  // Lines of calls to snippet functions that cost more than O(1): "O(1) on the other calls" needs none but one.
  const costly = new Set<number>();
  // The unit's loop chains, read once and only when a call inside a loop asks.
  let read: { chains: ReturnType<typeof depths> } | undefined;
  const chains = () => (read ??= { chains: depths(u) }).chains;
  // A callee of the snippet whose own cost is not estimated (it recurses in ways not counted): nor is this.
  let unknown: { callee: UnitFacts; line: number; estimate: string } | undefined;
  for (const step of u.steps) {
    if (step.kind !== 'call' || !step.subject) continue;
    const callee = calleeIn(step.subject, u, units, argumentCount(u, step));
    if (!callee) continue;
    const theirs = calleeEstimate(callee, units, done);
    if (theirs.estimate === 'not estimated' || theirs.estimate.startsWith('O(2^n)')) {
      unknown ??= { callee, line: step.line, estimate: theirs.estimate };
      continue;
    }
    const k = degreeOf(theirs.estimate);
    if (k === undefined || k === 0) {
      if (theirs.estimate !== 'not estimated' && k === undefined && step.loopDepth === 0 && ownDegree === 0)
        best ??= {
          degree: Infinity,
          estimate: theirs.estimate,
          why: `it calls ${code(callee.metrics.name)} (line ${step.line}), which is ${theirs.estimate}`,
        };
      continue;
    }
    costly.add(step.line);
    const loops = Math.min(repeatedBy(step), multiplyingAround(u, step.line, chains));
    const degree = loops + k;
    if (degree <= ownDegree || (best && degree <= best.degree)) continue;
    const named = `${code(callee.metrics.name)}, defined in this snippet, which is ${theirs.estimate} in what it runs over`;
    // A call under a condition (`if (full) grow()`) costs that much only on the calls that take it.
    const only =
      ownDegree === 0 && underCondition(u, step)
        ? `, but only when the condition around that call holds${ONLY_MARK}`
        : '';
    best =
      loops === 0
        ? { degree, estimate: theirs.estimate, why: `it calls ${named} (line ${step.line})${only}` }
        : loops === 1 && k === 1
          ? {
              degree,
              estimate: 'O(n·m)',
              why: `a loop calls ${named}, on each turn (line ${step.line}); m is the size of what ${code(callee.metrics.name)} runs over`,
            }
          : {
              degree,
              estimate: 'not estimated',
              why: `loops ${loops} deep call ${named} (line ${step.line}), so the costs multiply`,
            };
  }
  if (unknown)
    return unknown.estimate === 'not estimated'
      ? {
          estimate: 'not estimated',
          why: `it calls ${code(unknown.callee.metrics.name)} (line ${unknown.line}), defined in this snippet, whose own cost is not estimated`,
        }
      : {
          estimate: unknown.estimate,
          why: `it calls ${code(unknown.callee.metrics.name)} (line ${unknown.line}), defined in this snippet, which is ${unknown.estimate}`,
        };
  if (!best) return own;
  // Another costly call on the other paths (`rotate2` beside `rotate1`): they are not O(1).
  best = {
    ...best,
    why: best.why.replace(ONLY_MARK, costly.size > 1 ? '' : '; on the other calls it is O(1)'),
  };
  return {
    estimate: best.estimate,
    why: `${best.why}; besides, ${own.why.replace('(not counting the functions it calls)', '(not counting the other functions it calls)')}`,
  };
}

function ownEstimate(u: UnitFacts): Estimate {
  if (u.recursion) return recursive(u.recursion, u);
  if (u.recursive) {
    // Self-calls the recursion facts could not place (a grammar they do not read): the count alone.
    if (u.selfCallSites >= 2)
      return {
        estimate: 'not estimated',
        why: `it calls itself at ${u.selfCallSites} places per call, and how fast the calls multiply depends on how much smaller each call's input is`,
      };
    return single(u, '');
  }
  return withCopies(withSorts(loopEstimate(u), u), u);
}

function loopEstimate(u: UnitFacts): Estimate {
  const pipelines = pipelined(u);
  if (pipelines) return pipelines;
  if (u.maxLoopDepth === 0) return { estimate: 'O(1)', why: noLoops(u) };
  const estimate = withPipelines(looping(u), u);
  return { ...estimate, why: `${estimate.why}${deepestCompiledOnly(u)}` };
}

/**
 * An estimate that a well-known copy raises: `memmove`, `ptr::copy` or `System.arraycopy` of a length that
 * is not a constant takes O(n) in what it moves, so a unit with no loops is O(n), not O(1). Beside loops it
 * is said, not multiplied: how much each copy moves is not read from the code.
 */
function withCopies(e: Estimate, u: UnitFacts): Estimate {
  const copies = u.copies ?? [];
  if (copies.length === 0) return e;
  const first = copies[0]!;
  const others = copies.length > 1 ? ` (and ${count(copies.length - 1, 'more copy', 'more copies')})` : '';
  // `memcmp` and `strlen` read memory without copying it: what they do is said as what it is.
  const verb = /cmp|len$/i.test(first.subject ?? '')
    ? 'reads memory item by item (comparing or measuring)'
    : 'copies, moves or fills memory';
  const copying = `${code(`${first.subject}(…)`)} on line ${first.line}${others} ${verb}, which takes O(n) with n the number of items it goes through`;
  const other = (why: string) =>
    why.replace('(not counting the functions it calls)', '(not counting the other functions it calls)');
  if (e.estimate === 'O(1)') return { estimate: 'O(n)', why: `${copying}; besides, ${other(e.why)}` };
  return { ...e, why: `${e.why}; besides, ${copying}` };
}

/** "O(n log n)", "O(n^2 log n)": a sort repeated by `k` loops. */
const sortPower = (k: number) => (k === 0 ? 'O(n log n)' : `O(${power(k + 1)} log n)`);

/**
 * An estimate that a call of a well-known sort raises: a sort takes O(n log n) in what it sorts, so one
 * repeated by k loops takes n^k times that. Where the loops alone cost more, or the estimate is of
 * another form, the sort is named and its cost said beside it.
 */
function withSorts(e: Estimate, u: UnitFacts): Estimate {
  const sorts = (u.sorts ?? []).map((s) => ({ step: s, k: repeatedBy(s) }));
  if (sorts.length === 0) return e;
  const top = [...sorts].sort((a, b) => b.k - a.k)[0]!;
  const quoted = `${code(`${top.step.subject}(…)`)} on line ${top.step.line}`;
  const others = sorts.length > 1 ? ` (and ${count(sorts.length - 1, 'more sort')})` : '';
  const loops = degreeOf(e.estimate);
  const repeated =
    top.k === 0 ? '' : `, and ${top.k === 1 ? 'a loop repeats it' : `loops ${top.k} deep repeat it`}`;
  const sorting = `${quoted}${others} sorts, which takes O(n log n) with n the length of what it sorts${repeated}`;
  if (loops !== undefined && top.k + 1 >= loops)
    return {
      estimate: sortPower(top.k),
      why: `${sorting}; besides, ${e.why.replace('(not counting the functions it calls)', '(not counting the other functions it calls)')}`,
    };
  return { ...e, why: `${e.why}; besides, ${sorting}` };
}

/**
 * " (compiled only when …)" when every loop as deep as the deepest is inside one arm of a compile-time
 * conditional: the estimate holds for that build, and others may loop less.
 */
function deepestCompiledOnly(u: UnitFacts): string {
  if (u.compileGroups.length === 0) return '';
  const deepest = u.steps.filter((s) => s.kind === 'loop' && s.loopDepth === u.maxLoopDepth - 1);
  const notes = new Set(deepest.map((s) => compiledOnlyNote(u.compileGroups, s.line)));
  const [note] = notes;
  return notes.size === 1 && note ? note : '';
}

/** Hot-spot lines about searches inside loops. */
export function searchHotSpots(u: UnitFacts, sig: string): string[] {
  return (u.searches ?? []).map((s) =>
    s.isList
      ? `${sig}: ${code(s.search)} on line ${s.line} searches ${code(s.collection)} element by element on every iteration of the loop on line ${s.loopLine}.`
      : `${sig}: ${code(s.search)} on line ${s.line} searches ${code(s.collection)} on every iteration of the loop on line ${s.loopLine}; element by element if it is a list, array or string.`,
  );
}

/** Calls inside loops whose cost is multiplied by the iterations, and those on a way out, which run once. */
/**
 * Conversions written like calls (Go's `uint32(v)`, `byte(c)`; Python's `int(x)`) and lengths read in
 * constant time (`len`, `cap`): no work worth a hot spot.
 */
const CONVERSIONS =
  /^(u?int(8|16|32|64)?|uintptr|byte|rune|float(32|64)|complex(64|128)|bool|string|int|float|str|chr|ord|char|usize|isize|u8|u16|u32|u64|i8|i16|i32|i64|f32|f64|len|cap)$/;

/** Calls that never return (they end the program or jump away): a loop cannot repeat them. */
const NO_RETURN =
  /^(longjmp|siglongjmp|exit|_exit|_Exit|abort|quick_exit|panic|os\.Exit|log\.Fatal\w*|log\.Panic\w*|process\.exit|sys\.exit|System\.exit|Environment\.Exit|std::process::exit|process::exit|unreachable!|panic!|todo!|unimplemented!)$/;

export function loopCalls(u: UnitFacts): { repeated: string[]; once: Step[] } {
  // A walk's self-calls in its loop over the parts add up to one per node: the estimate counts them.
  const walk = u.recursion?.shape === 'structural' ? u.recursion.calls : [];
  const inLoop = u.steps.filter(
    (s) =>
      s.kind === 'call' &&
      s.subject &&
      s.loopDepth > 0 &&
      !CONVERSIONS.test(s.subject) &&
      !NO_RETURN.test(s.subject) &&
      !walk.some((c) => c.startsWith(`${s.subject}(`)),
  );
  const repeated = [...new Set(inLoop.filter((s) => repeatedBy(s) > 0).map((s) => s.subject!))];
  const once = inLoop.filter((s) => repeatedBy(s) === 0 && !repeated.includes(s.subject!));
  return { repeated, once };
}
