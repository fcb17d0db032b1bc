/**
 * The loops of a unit, each explained on its own: the part of the code a
 * reader most often came for, which a list of steps cut short used to skip.
 * Every sentence is one part of a loop's anatomy (facts/loops.ts), with its
 * lines: what it runs over or while, the state it carries from turn to turn,
 * the ways out and the conditions that take them, its author's comments
 * given to the statements they explain, and what the code does with what it
 * leaves behind.
 */
import type { CompileGroup, UnitFacts } from '../facts/model.js';
import { alternativeLines, compiledOnlyNote } from './compile-time.js';
import {
  loopsToTell,
  outsideArms,
  TOLD,
  type Carried,
  type InnerComment,
  type LoopAnatomy,
  type LoopExit,
} from '../facts/loops.js';
import { code, lineRange, listOf, listUpTo } from './text.js';
import type { LogLoop } from '../facts/log-loops.js';
import type { Descent } from '../facts/loops.js';
import type { KeptBest } from '../facts/keeps-best.js';
import type { LoopArm, LoopDispatch } from '../facts/loop-arms.js';

/** The words kept of each comment quoted. */
const MAX_COMMENT_CHARS = 140;

const lines = (at: readonly number[]) =>
  at.length === 1 ? `line ${at[0]}` : `lines ${listUpTo(at.map(String), 4)}`;

/** What an update by a bitwise or shift operator does, in words: `bits |= m` sets the bits of `m` in `bits`. */
const UPDATE_VERBS: Readonly<Record<string, (name: string, operand: string) => string>> = {
  '|=': (name, operand) => `sets the bits of ${operand} in ${name}`,
  '&=': (name, operand) => `keeps only the bits of ${name} that are set in ${operand}`,
  '^=': (name, operand) => `flips the bits of ${name} that are set in ${operand}`,
  '<<=': (name, operand) => `shifts ${name} left by ${operand}`,
  '>>=': (name, operand) => `shifts ${name} right by ${operand}`,
  '>>>=': (name, operand) => `shifts ${name} right by ${operand}`,
  '%=': (name, operand) => `sets ${name} to its remainder by ${operand}`,
};

function carriedPhrase(
  c: Pick<Carried, 'name' | 'how' | 'lines' | 'by' | 'parts' | 'operand'>,
  groups: readonly CompileGroup[],
): string {
  // Changed in more than one way: each way told with its own lines.
  if (c.parts) {
    const name = new RegExp(` ${code(c.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`);
    const [first, ...others] = c.parts.map((p, i) => {
      const phrase = carriedPhrase({ name: c.name, ...p }, groups);
      return i === 0 ? phrase : phrase.replace(name, ' it$1');
    });
    return listOf([first!, ...others]);
  }
  // Lines in different arms of a compile-time conditional: only one of them is compiled.
  const where = alternativeLines(groups, c.lines) ?? lines(c.lines);
  switch (c.how) {
    // "Increments" is by one: `+= 2` on every line adds 2.
    case 'forward':
      return c.by ? `adds ${c.by} to ${code(c.name)} (${where})` : `increments ${code(c.name)} (${where})`;
    case 'back':
      return c.by
        ? `subtracts ${c.by} from ${code(c.name)} (${where})`
        : `decrements ${code(c.name)} (${where})`;
    case 'both':
      return `increments and decrements ${code(c.name)} (${where})`;
    // On one line, by an operand short enough to quote: what it adds, or the update as written.
    case 'adds':
      return c.operand
        ? `adds ${code(c.operand)} to ${code(c.name)} (${where})`
        : `adds to ${code(c.name)} (${where})`;
    case 'subtracts':
      return c.operand
        ? `subtracts ${code(c.operand)} from ${code(c.name)} (${where})`
        : `subtracts from ${code(c.name)} (${where})`;
    case 'multiplies':
      return `multiplies ${code(c.name)}${c.operand ? ` by ${code(c.operand)}` : ''} (${where})`;
    case 'divides':
      return `divides ${code(c.name)}${c.operand ? ` by ${code(c.operand)}` : ''} (${where})`;
    case 'updates': {
      const update = c.operand ? /^(\S+=) ([\s\S]+)$/.exec(c.operand) : null;
      const verb = update ? UPDATE_VERBS[update[1]!] : undefined;
      return verb
        ? `${verb(code(c.name), code(update![2]!))} (${where})`
        : `updates ${code(c.name)} (${where})`;
    }
    case 'appends':
      return `adds items to ${code(c.name)} (${where})`;
    case 'removes':
      return `takes items out of ${code(c.name)} (${where})`;
    case 'stores':
      return `stores into ${code(c.name)} (${where})`;
    case 'sets':
      return `sets ${code(c.name)} (${where})`;
  }
}

/**
 * "sets `a` (line 3) and increments `b` (line 4)"; with semicolons between the variables when one of them is
 * changed in more than one way, whose phrase is a list of its own.
 */
function changesList(carried: readonly Carried[], groups: readonly CompileGroup[]): string {
  const phrases = carried.map((c) => carriedPhrase(c, groups));
  if (!carried.some((c) => c.parts) || phrases.length < 2) return listOf(phrases);
  return `${phrases.slice(0, -1).join('; ')}; and ${phrases[phrases.length - 1]}`;
}

/** "when `x > 0`", "when `x > 0` does not hold", "when none of `a` or `b` holds". */
function whenPhrase(e: LoopExit): string {
  if (!e.when) return '';
  if (Array.isArray(e.unless)) return ` when none of ${listOf(e.unless.map(code), 'or')} holds`;
  if (e.unless) return ` when ${code(e.when)} does not hold`;
  // An `elif`'s condition is only tested when the ones above it did not hold.
  return e.later ? ` when ${code(e.when)} holds and no condition above it did` : ` when ${code(e.when)}`;
}

function exitPhrase(e: LoopExit, raises: boolean, lines: readonly number[] = [e.line]): string {
  const when = whenPhrase(e) || (e.sometimes ? ' in some cases' : '');
  const at = lines.length === 1 ? `line ${lines[0]}` : `lines ${listOf(lines.map(String))}`;
  switch (e.kind) {
    case 'break':
      return `stops${when} (${at})`;
    case 'continue':
      return `skips to the next turn${when} (${at})`;
    case 'return':
      return `returns${e.value ? ` ${code(e.value)}` : ''}${when}, ending the function (${at})`;
    case 'throw':
      return `${raises ? 'raises' : 'throws'}${e.value ? ` ${code(e.value)}` : ''}${when} (${at})`;
  }
}

/**
 * The exits in order, those of one kind and value with no condition told merged into one with all their
 * lines: "returns `0`, ending the function (lines 85, 102 and 106)", not the same phrase three times.
 */
function mergedExits(exits: readonly LoopExit[]): { exit: LoopExit; lines: number[] }[] {
  const out: { exit: LoopExit; lines: number[] }[] = [];
  for (const e of exits) {
    const same = e.when
      ? undefined
      : out.find(
          (o) =>
            !o.exit.when &&
            o.exit.kind === e.kind &&
            o.exit.value === e.value &&
            o.exit.sometimes === e.sometimes,
        );
    if (same) same.lines.push(e.line);
    else out.push({ exit: e, lines: [e.line] });
  }
  return out;
}

function quote(text: string): string {
  const cut =
    text.length > MAX_COMMENT_CHARS ? `${text.slice(0, text.lastIndexOf(' ', MAX_COMMENT_CHARS))}…` : text;
  return `“${cut}”`;
}

/** "Its author's comments explain its steps: “…” (line 3, about line 4)", or undefined with none. */
export function commentsSentence(comments: readonly InnerComment[]): string | undefined {
  if (comments.length === 0) return undefined;
  const notes = comments
    .slice(0, TOLD.comments)
    // A comment trailing its statement is on the line it explains: one line number says both.
    .map(
      (c) =>
        `${quote(c.text)} (line ${c.line}${c.apart || c.explains === c.line ? '' : `, about line ${c.explains}`})`,
    );
  return `Its author's comments explain its steps: ${listOf(notes)}.`;
}

/**
 * "shrinks `pos` geometrically on every turn (`pos >>= 1`), so it takes about log n turns, n being the value `pos` starts
 * with": why a loop takes about log n turns, for the loop's paragraph and its cost alike.
 */
export function logTurns(log: LogLoop, condition: string | undefined): string {
  const steps = listOf(log.steps.map(code));
  const [a, b] = log.names.map(code) as [string, string | undefined];
  switch (log.how) {
    case 'bisects':
      return `halves the range from ${a} to ${b} on every turn (${steps}), so it takes about log n turns, n being the range's starting size`;
    case 'halves':
      return `shrinks ${a} geometrically on every turn (${steps}), so it takes about log n turns, n being the value ${a} starts with`;
    case 'doubles':
      return `grows ${a} geometrically on every turn (${steps}), so it takes about log n turns, n being the bound in ${code(condition ?? '')}`;
  }
}

/** Names of the link to the next or previous item of a chain, and to the level above. */
const ALONG =
  /(?:^|[.>])(next|prev|previous|succ|pred|sibling|nextSibling|previousSibling|link|tail|rest|cdr|Next|Prev)$/;
const UP = /(?:^|[.>])(parent|parentNode|up|outer|owner|enclosing|Parent|super)$/;

/** "Line 107 moves `recipient` down into `recipient[key1]`, one level deeper on each turn." */
function descentSentence(d: Descent): string {
  const into = code(d.into);
  if (ALONG.test(d.into))
    return `Line ${d.line} moves ${code(d.name)} on to ${into}${d.everyTurn ? ', so each turn works on the next one along' : ''}.`;
  if (UP.test(d.into))
    return `Line ${d.line} moves ${code(d.name)} up to ${into}${d.everyTurn ? ', one level up on each turn' : ''}.`;
  return `Line ${d.line} moves ${code(d.name)} down into ${into}${d.everyTurn ? ', one level deeper on each turn' : ''}.`;
}

/**
 * "It keeps the highest `node.priority` seen so far in `bestPriority` (lines 10–11), counting only turns
 * where `ok` holds, and sets `val` and `keylen` with it (lines 12 and 13)."
 */
function bestSentence(b: KeptBest): string {
  const only = b.only.length
    ? `, counting only turns where ${listOf(b.only.map(code), 'and')} also holds`
    : '';
  const along = b.along.length
    ? `, and sets ${listOf(b.along.map((a) => code(a.name)))} with it (${lines(b.along.map((a) => a.line))})`
    : '';
  return `It keeps the ${b.keeps} ${code(b.value)} seen so far in ${code(b.name)} (${lines([b.line, b.setLine])})${only}${along}.`;
}

/** "when `c` is `'a'` or `'b'` (line 12: “…”)": an arm's condition, its line and its comment. */
function armLabel(arm: LoopArm, dispatch: LoopDispatch, comments: readonly InnerComment[]): string {
  const when = arm.when
    ? dispatch.subject
      ? `when ${code(dispatch.subject)} ${dispatch.keyword === 'match' ? 'matches' : 'is'} ${listOf(arm.when.map(code), 'or')}`
      : `when ${listOf(arm.when.map(code), 'or')}`
    : 'otherwise';
  const comment = comments.find((c) => c.line === arm.comment);
  return `${when} (line ${arm.line}${comment ? `: ${quote(comment.text)}` : ''})`;
}

/** "increments `r`": a change without its lines, for a loop told by its line. */
function changeVerb(c: Pick<Carried, 'name' | 'how' | 'lines'>, groups: readonly CompileGroup[]): string {
  // Told as one change: its ways with their lines would each need them.
  return carriedPhrase({ name: c.name, how: c.how, lines: c.lines }, groups).replace(/ \([^()]*\)$/, '');
}

/**
 * The ways out of one arm, each with only what the arm itself tests; the same way out on several lines
 * (`throw new SyntaxError(…)` four times) said once, with all its lines.
 */
function armExits(
  arm: LoopArm,
  exits: readonly LoopExit[],
  raises: boolean,
): { at: number; text: string; sometimes: boolean }[] {
  const merged: { exit: LoopExit; lines: number[]; sometimes: boolean }[] = [];
  for (const x of arm.exits) {
    const e = exits[x.index];
    if (!e) continue;
    const exit: LoopExit = {
      kind: e.kind,
      line: e.line,
      ...(e.value ? { value: e.value } : {}),
      ...(x.when ? { when: x.when } : {}),
      ...(x.unless ? { unless: true as const } : {}),
    };
    // One taken only on some turns goes with the other things done only on some.
    const sometimes = x.sometimes === true;
    const same = merged.find(
      (m) =>
        m.exit.kind === exit.kind &&
        m.exit.value === exit.value &&
        m.exit.when === exit.when &&
        m.exit.unless === exit.unless &&
        m.sometimes === sometimes,
    );
    if (same) same.lines.push(e.line);
    else merged.push({ exit, lines: [e.line], sometimes });
  }
  return merged.map((m) => ({
    at: m.lines[0]!,
    text: exitPhrase(m.exit, raises, m.lines),
    sometimes: m.sometimes,
  }));
}

/**
 * What one arm does, in the order it does it: its changes, calls, inner loops and ways out; what only some
 * turns taking the arm do (under a condition inside it) after "depending on further checks".
 */
function armDoes(
  arm: LoopArm,
  exits: readonly LoopExit[],
  raises: boolean,
  groups: readonly CompileGroup[],
): string {
  const parts: { at: number; text: string; sometimes: boolean }[] = [
    ...arm.changes.slice(0, TOLD.armChanges).map((c) => ({
      at: c.lines[0]!,
      // A state machine's move: "sets `state` to `S_VALUE` (line 14)".
      text: c.to
        ? carriedPhrase(c, groups).replace(
            /^sets (`[^`]+`|`` .+? ``)/,
            `sets $1 to ${listOf(c.to.slice(0, 3).map(code), 'or')}`,
          )
        : carriedPhrase(c, groups),
      sometimes: c.sometimes === true,
    })),
    ...arm.calls.map((c) => ({
      at: c.line,
      text: `calls ${code(c.callee)} (line ${c.line})`,
      sometimes: c.sometimes === true,
    })),
    ...arm.loops.map((l) => ({
      at: l.line,
      text: `runs the loop on line ${l.line}${
        l.changes.length
          ? ` (which ${listOf(l.changes.slice(0, TOLD.armChanges).map((c) => changeVerb(c, groups)))})`
          : ''
      }`,
      sometimes: l.sometimes === true,
    })),
    ...arm.runs.map((r) => ({ at: r.line, text: `runs ${code(r.text)} (line ${r.line})`, sometimes: false })),
    // A way out says its own condition.
    ...armExits(arm, exits, raises),
  ].sort((a, b) => a.at - b.at);
  if (parts.length === 0) return 'it does nothing';
  const always = parts.filter((p) => !p.sometimes).map((p) => p.text);
  const maybe = parts.filter((p) => p.sometimes).map((p) => p.text);
  if (maybe.length === 0) return `it ${listOf(always)}`;
  // Each of these may happen or not, on its own conditions: "or", never "and", joins them.
  return always.length
    ? `it ${listOf(always)}, and depending on further checks, ${listOf(maybe, 'or')}`
    : `depending on further checks, it ${listOf(maybe, 'or')}`;
}

/**
 * "Each turn, the `switch` on line 92 takes one of its 4 arms: when … (line 93: “empty path element”), it
 * increments `r` (line 95); …": a dispatching loop told arm by arm.
 */
function armsSentence(
  loop: LoopAnatomy,
  dispatch: LoopDispatch,
  raises: boolean,
  groups: readonly CompileGroup[],
): string {
  const told = dispatch.arms.slice(0, TOLD.arms);
  const rest = dispatch.arms.length - told.length;
  const isSwitch = dispatch.keyword !== 'if';
  const ways = isSwitch
    ? `the ${code(dispatch.keyword)} on line ${dispatch.line} takes one of its ${dispatch.arms.length} arms`
    : `the ${code('if')} chain on line ${dispatch.line} takes one of ${dispatch.arms.length} ways`;
  const none = dispatch.total
    ? ''
    : isSwitch
      ? ' (or none, when no arm matches)'
      : ' (or none, when no condition holds)';
  const arms = told.map(
    (a) => `${armLabel(a, dispatch, loop.comments)}, ${armDoes(a, loop.exits, raises, groups)}`,
  );
  const more = rest > 0 ? [`${rest} more ${rest === 1 ? 'arm follows' : 'arms follow'}`] : [];
  return `Each turn, ${ways}${none}: ${[...arms, ...more].join('; ')}.`;
}

export function loopSentences(
  loop: LoopAnatomy,
  raises: boolean,
  groups: readonly CompileGroup[] = [],
): string {
  // A loop in an arm of a compile-time conditional runs only in the builds that compile that arm.
  const where = `${lineRange(loop.line, loop.endLine)}${compiledOnlyNote(groups, loop.line)}`;
  const drains = loop.drains;
  const head = drains
    ? drains.puts
      ? `The loop on ${where} works through ${code(drains.name)} while it still holds items: it takes items out of it (${lines(drains.takes)}) and puts new ones in (${lines(drains.puts)}).`
      : `The loop on ${where} runs while ${code(drains.name)} still holds items, taking items out of it (${lines(drains.takes)}).`
    : loop.over
      ? `The loop on ${where} goes through ${loop.item ? `each ${code(loop.item)} of ` : ''}${code(loop.over)}.`
      : loop.condition && !/^\(?\s*(true|True|1)\s*\)?$/.test(loop.condition)
        ? `The loop on ${where} runs while ${code(loop.condition)} holds.`
        : `The loop on ${where} runs until something inside it leaves it.`;
  const out = [head];
  // A dispatching loop tells each arm's changes, exits and head comment with the arm; the rest is told here.
  const outside = outsideArms(loop);
  if (loop.dispatch) out.push(armsSentence(loop, loop.dispatch, raises, groups));
  if (outside.carried.length > 0)
    // Not "each turn": a change inside a branch happens only on the turns that take it.
    out.push(
      `${loop.dispatch ? `Outside that ${code(loop.dispatch.keyword)}${loop.dispatch.keyword === 'if' ? ' chain' : ''}` : 'Inside'}, it ${changesList(outside.carried.slice(0, TOLD.carried), groups)}.`,
    );
  for (const b of loop.best ?? []) out.push(bestSentence(b));
  for (const d of loop.descends ?? []) out.push(descentSentence(d));
  if (outside.exits.length > 0) {
    const merged = mergedExits(outside.exits);
    const told = merged.slice(0, TOLD.exits);
    const exits = told.map((m) => exitPhrase(m.exit, raises, m.lines));
    const rest = merged.slice(told.length).reduce((n, m) => n + m.lines.length, 0);
    out.push(
      `It ${listOf(rest > 0 ? [...exits, `leaves in ${rest} more ${rest === 1 ? 'place' : 'places'}`] : exits, 'and')}.`,
    );
  }

  if (loop.logarithmic) out.push(`It ${logTurns(loop.logarithmic, loop.condition)}.`);
  if (loop.capsTurns)
    out.push(
      `Its counter ${code(loop.capsTurns.counter)} is not read inside: it only caps the loop at ${code(loop.capsTurns.bound)} turns.`,
    );
  for (const w of loop.wraps ?? []) {
    // `j = (j + 1) % n` steps `j` on; `ix = (start + i) % n` counts on from `start`.
    const what = new RegExp(`^${w.name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\s*\\+`).test(w.sum)
      ? `steps ${code(w.name)} on`
      : `sets ${code(w.name)} to ${code(w.sum)}`;
    const how =
      w.by === 'remainder'
        ? `taking the remainder by ${code(w.size)}`
        : `masking with ${code(`${w.size} - 1`)}, which does the same when ${code(w.size)} is a power of two`;
    out.push(
      `Line ${w.line} ${what} round a ring of ${code(w.size)} places: past the last it starts again from 0, by ${how}.`,
    );
  }
  const comments = commentsSentence(outside.comments);
  if (comments) out.push(comments);
  if (loop.orElse !== undefined)
    out.push(`Its \`else\` (line ${loop.orElse}) runs only when the loop ends without a \`break\`.`);
  if (loop.leaves)
    out.push(
      loop.leaves.names.length === 1 && loop.leaves.names[0] === loop.leaves.value
        ? `After it, line ${loop.leaves.line} returns ${code(loop.leaves.value)} as the loop left it.`
        : `After it, line ${loop.leaves.line} returns ${code(loop.leaves.value)}, made from ${listOf(loop.leaves.names.map(code))}, which the loop changed.`,
    );
  return out.join(' ');
}

/** Sentences about each loop of the unit that matters, at most MAX_LOOPS, in document order. */
export function unitLoops(unit: UnitFacts, raises: boolean): string[] {
  const told = loopsToTell(unit.loops);
  return told.map((l) => {
    // A comment inside a loop that is told on its own is given there, not again with the loop around it.
    const inner = told.filter((o) => o !== l && o.line > l.line && o.endLine <= l.endLine);
    const comments = l.comments.filter((c) => !inner.some((o) => c.line >= o.line && c.line <= o.endLine));
    return loopSentences(
      comments.length === l.comments.length ? l : { ...l, comments },
      raises,
      unit.compileGroups,
    );
  });
}

/**
 * "The core of `Clean(path)` is the loop on lines 91–129: each turn, its `switch` (line 92) takes one of 4
 * arms.": where the work of a unit whose loop dispatches is, for an answer too short to walk through it.
 */
export function coreSentence(unit: UnitFacts, name: string): string | undefined {
  const loop = loopsToTell(unit.loops)
    .filter((l) => l.dispatch)
    .sort((a, b) => b.endLine - b.line - (a.endLine - a.line))[0];
  const d = loop?.dispatch;
  if (!loop || !d) return undefined;
  const by = d.subject ? ` by the value of ${code(d.subject)}` : '';
  const ways =
    d.keyword === 'if'
      ? `its \`if\` chain (line ${d.line}) takes one of ${d.arms.length} ways`
      : `its ${code(d.keyword)} (line ${d.line}) takes one of ${d.arms.length} arms${by}`;
  return `The core of ${name} is the loop on ${lineRange(loop.line, loop.endLine)}: each turn, ${ways}.`;
}
