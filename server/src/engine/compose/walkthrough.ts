/**
 * Sentences about units and their steps. Everything said comes from facts:
 * the subjects quoted are the code's own text.
 */
import type { LanguageId } from '@code-explain/shared';
import type { UnitKind } from '../metrics/model.js';
import { expertNotes } from './depth.js';
import { commentsSentence, unitLoops } from './loops.js';
import { accessorsOf, declaresMethods, methodsOf } from '../claims/index.js';
import { declaredInParts } from '../claims/members.js';
import type { SnapshotNode } from '../parsing/node.js';
import type { CaseArm, CompileGroup, Jump, SnippetFacts, Step, UnitFacts } from '../facts/model.js';
import { inverseSentence } from './inverse.js';
import { armAt } from '../facts/compile-time.js';
import { armOpening, compiledOnlySentence, groupHead, hasElse } from './compile-time.js';
import type { Voice } from './audience.js';
import { MAX_LIST_ITEMS, MAX_QUOTE_CHARS } from '../budget.js';
import { clip } from '../clip.js';
import { capitalize, code, count, endsIteration, lineRange, listOf, listUpTo } from './text.js';
import { callbackName, dataFlowSentences, purposeSentences, stepHeadings } from './purpose.js';
import { loopsToTell, TOLD, type InnerComment } from '../facts/loops.js';
import { isStandIn } from '../metrics/common/naming.js';
import { codeWithoutComments } from '../nodes.js';
import { macrosUsedBy } from './macros.js';

const KIND_NAMES: Record<UnitKind, string> = {
  function: 'function',
  method: 'method',
  constructor: 'constructor',
  getter: 'getter',
  setter: 'setter',
  arrow: 'arrow function',
  lambda: 'lambda',
  closure: 'function literal',
  class: 'class',
};

export function kindName(kind: UnitKind): string {
  return KIND_NAMES[kind];
}

/** Parameters a signature names before `…`. */
const SIGNATURE_PARAMS = 8;

/**
 * `name(a, b)` for callables, `Name` for classes (and callables whose
 * parameters could not be read). A long list ends in `…` after the parameters
 * that fit, so the quote stays a readable signature.
 */
/** The parameters as written before their names: `*args`, `**kwargs`, `...rest`, or the plain name. */
export function paramLabels(unit: UnitFacts): readonly string[] {
  const marks = unit.paramMarks;
  return marks ? unit.params.map((p, i) => `${marks[i] ?? ''}${p}`) : unit.params;
}

export function signature(unit: UnitFacts): string {
  const { name, kind } = unit.metrics;
  // A unit without a name in the source is described in words, never shown as if it were code.
  if (isStandIn(name))
    return (
      callbackName(unit) ??
      `the ${kindName(kind)} on ${lineRange(unit.metrics.startLine, unit.metrics.startLine)}`
    );
  if (kind === 'class' || !unit.paramsKnown) return code(name);
  const head = clip(name, MAX_QUOTE_CHARS / 2);
  const shown: string[] = [];
  let length = head.length + 2;
  for (const p of paramLabels(unit)) {
    // Room is kept for a closing `, …)`.
    if (shown.length === SIGNATURE_PARAMS || length + p.length + 2 > MAX_QUOTE_CHARS - 3) break;
    shown.push(p);
    length += p.length + 2;
  }
  const params = shown.length < unit.params.length ? [...shown, '…'] : shown;
  return code(`${head}(${params.join(', ')})`);
}

/** Arms listed before "and N more". */
const MAX_ARMS = 6;

/** "`'a'` or `'b'` (line 3), `'c'` (line 6, falls through into the next) and the default (line 8)". */
function casesPhrase(cases: readonly CaseArm[]): string {
  const arm = (c: CaseArm): string => {
    const labels = c.labels.filter((l) => l !== 'default');
    const what =
      labels.length === 0
        ? 'the default'
        : `${listOf(labels.slice(0, 4).map(code), 'or')}${labels.length > 4 ? ` or ${count(labels.length - 4, 'more label')}` : ''}`;
    const catchAll = c.isDefault && labels.some((l) => /^(_|else)$/.test(l)) ? ', matches anything' : '';
    return `${what} (line ${c.line}${catchAll}${c.fallsThrough ? ', falls through into the next' : ''})`;
  };
  const shown = cases.slice(0, MAX_ARMS).map(arm);
  const rest = cases.length - shown.length;
  return `${count(cases.length, 'arm')}, ${listOf(rest > 0 ? [...shown, `${rest} more`] : shown)}`;
}

/** What a branch's single-jump arm does: "returns `x`", "raises `ValueError(...)`", "stops the loop". */
function jumpPhrase(jump: Jump, voice: Voice, raises: boolean): string {
  const s = jump.subject;
  switch (jump.kind) {
    case 'return':
      return s ? `${voice.term('return', 'returns')} ${code(s)}` : `${voice.term('return', 'returns')}`;
    case 'throw': {
      const verb = raises ? 'raises' : 'throws';
      return s ? `${voice.term('exception', verb)} ${code(s)}` : `${voice.term('exception', verb)} an error`;
    }
    case 'break':
      return jump.endsSwitch ? `leaves the ${code('switch')}` : 'leaves the loop';
    case 'continue':
      return 'skips to the next iteration';
  }
}

/** A generator expression yields its values one at a time to what consumes it: it builds no collection. */
function generatorPhrase(step: Step, voice: Voice): string {
  const over = step.subject ? ` ${code(step.subject)}` : '';
  const term = voice.term('generator expression');
  return step.feeds
    ? `goes through${over || ' its items'} lazily with a ${term}, feeding ${code(step.feeds)}`
    : `makes a ${term}${over ? ` over${over}` : ''} (lazy: it yields its values one at a time and builds no collection)`;
}

/** "its named results `r`, `nchunk` and `err`": what Go's bare `return` returns. */
export function namedResultsPhrase(results: readonly string[]): string {
  return results.length === 1
    ? `its named result ${code(results[0]!)}`
    : `its named results ${listOf(results.map(code))}`;
}

/**
 * Which of a unit's parameters hand a value back to its caller: "`value` is an `out` parameter: an
 * output the caller reads back, not an input"; none where there is nothing of the kind.
 */
export function passingPhrases(unit: UnitFacts): string[] {
  const phrases: string[] = [];
  const outs = [...unit.passedBack].filter(([, how]) => how === 'out').map(([p]) => p);
  const refs = [...unit.passedBack].filter(([, how]) => how !== 'out');
  if (outs.length)
    phrases.push(
      outs.length === 1
        ? `${code(outs[0]!)} is an ${code('out')} parameter: an output the caller reads back, not an input`
        : `${listOf(outs.map(code))} are ${code('out')} parameters: outputs the caller reads back, not inputs`,
    );
  for (const [p, how] of refs)
    phrases.push(
      `${code(p)} is ${how === 'inout' ? 'an' : 'a'} ${code(how)} parameter: the caller passes a value in and sees what it is set to`,
    );
  return phrases;
}

/** The arguments a JavaScript function takes through `arguments`, besides the parameters it names. */
export function argumentsPhrase(unit: UnitFacts): string | undefined {
  if (!unit.readsArguments) return undefined;
  return unit.params.length === 0
    ? `takes its arguments through ${code('arguments')} (any number of them)`
    : `takes any further arguments through ${code('arguments')}`;
}

function stepPhrase(step: Step, voice: Voice, raises: boolean): string | undefined {
  const s = step.subject;
  switch (step.kind) {
    case 'loop':
      switch (step.detail) {
        case 'for-each': {
          const otherwise = step.loopElse
            ? ` (its ${code('else')} on line ${step.loopElse} runs only when the loop ends without ${code('break')})`
            : '';
          return s
            ? `${voice.term('loop', 'loops')} over ${code(s)}${otherwise}`
            : `${voice.term('loop', 'loops over a collection')}${otherwise}`;
        }
        case 'generator':
          return generatorPhrase(step, voice);
        case 'comprehension':
          return s
            ? `builds a collection with a ${voice.term('comprehension')} over ${code(s)}`
            : `builds a collection with a ${voice.term('comprehension')}`;
        case 'while':
          // `while (i < n && s[i] == ' ') i++`: it only moves the index past a run of items.
          if (step.skips)
            return `skips ${code(step.skips.index)} ${step.skips.way} over every item where ${code(step.skips.test)} holds, staying within ${code(step.skips.bound)}`;
          // `while 1:`, `while (true)`: no condition, it runs until something in it leaves.
          return s && /^\(?\s*(true|True|1)\s*\)?$/.test(s)
            ? `repeats a ${voice.term('loop')} until something inside it leaves it`
            : s
              ? `repeats a ${voice.term('loop')} while ${code(s)} holds`
              : `repeats a ${voice.term('loop')}`;
        case 'do-while':
          return s
            ? `runs a do-while ${voice.term('loop')} (body first) that repeats while ${code(s)} holds`
            : `runs a do-while ${voice.term('loop')}`;
        case 'loop':
          // No condition and no way out, yielding: it ends only when its caller stops taking values.
          return step.endless !== undefined
            ? `runs a ${voice.term('loop')} with no end that yields values until the caller stops taking them`
            : `runs a ${voice.term('loop')} that ends only by breaking out or returning`;
        default:
          return s ? `runs a ${voice.term('loop')} while ${code(s)}` : `runs a ${voice.term('loop')}`;
      }
    case 'branch':
      if (step.then) {
        const when = s ? ` if ${code(s)}${voice.term('condition', '')}` : ' under a condition';
        const otherwise = step.otherwise
          ? `, and otherwise ${jumpPhrase(step.otherwise, voice, raises)}`
          : '';
        return `${jumpPhrase(step.then, voice, raises)}${when}${otherwise}`;
      }
      if (!s) return `branches on a ${voice.term('condition')}`;
      return step.detail === 'elif'
        ? `otherwise branches on ${code(s)}`
        : `branches on whether ${code(s)}${voice.term('condition', '')}`;
    case 'switch': {
      if (step.detail === 'select') return 'waits on several channel operations at once (`select`)';
      const arms = step.cases ? `: ${casesPhrase(step.cases)}` : '';
      if (step.detail === 'match')
        return s
          ? `matches ${code(s)} against its patterns${arms}`
          : `matches a value against patterns${arms}`;
      if (step.detail === 'type')
        return s ? `branches on the type of ${code(s)}${arms}` : `branches on a type${arms}`;
      return s
        ? `picks a branch by the value of ${code(s)} (a ${voice.term('switch')})${arms}`
        : `uses a ${voice.term('switch')}${arms}`;
    }
    case 'return':
      if (s) return `${voice.term('return', 'returns')} ${code(s)}`;
      // Go's bare `return` in a function with named results returns those results.
      return step.results
        ? `${voice.term('return', 'returns')} ${namedResultsPhrase(step.results)}`
        : `${voice.term('return', 'returns')} without a value`;
    case 'throw': {
      const verb = raises ? 'raises' : 'throws';
      return s ? `${voice.term('exception', verb)} ${code(s)}` : `${voice.term('exception', verb)} an error`;
    }
    case 'await':
      return s ? `${voice.term('await', 'waits for')} ${code(s)}` : voice.term('await', 'waits for a result');
    case 'yield':
      if (s && step.detail === 'from') return `yields every item of ${code(s)} in turn`;
      return s ? `yields ${code(s)}` : 'yields control';
    case 'spawn':
      return `starts a ${voice.term('goroutine')} running ${s ? code(s) : 'an inline function'}`;
    case 'defer':
      return `${voice.term('defer', 'defers')} ${s ? code(s) : 'an inline function'} until it returns`;
    case 'try':
      return 'runs a block that may fail under `try`';
    case 'catch':
      if (endsIteration(step))
        return `handles the end of the iteration, signalled by ${code(step.caught![0]!)}`;
      return s ? `handles errors (caught as ${code(s)})` : 'handles errors';
    case 'call':
      return undefined;
  }
}

export interface WalkthroughOptions {
  /** Mention the line of every step. */
  readonly withLines: boolean;
  /** At most this many steps are spelled out. */
  readonly maxSteps: number;
  /** At most this many sentences about what the unit is for (default 3). */
  readonly maxPurpose?: number;
  /** The snippet's language: experts read edge cases that depend on it. */
  readonly language?: LanguageId;
  /** The unit's compile-time conditionals: the steps of their arms are told as alternatives. */
  readonly compileGroups?: readonly CompileGroup[];
  /** The snippet's units: a unit's cost counts the ones it calls. */
  readonly units?: readonly UnitFacts[];
  /** Purpose sentences the text has already stated, by unit: its paragraph does not repeat them. */
  readonly purposeSaid?: ReadonlyMap<UnitFacts, readonly string[]>;
  /** The snapshot's nodes, by id, where the steps' nodes are read (an `elif`'s place in its chain). */
  readonly nodes?: readonly SnapshotNode[];
}

/** A step's phrase, with its line when lines are told. */
function linedPhrase(
  step: Step,
  voice: Voice,
  options: WalkthroughOptions,
  raises: boolean,
): string | undefined {
  // A branch whose `else` way out is on a line of its own: each half with its own line.
  const elseLine = step.kind === 'branch' && step.then ? step.otherwise?.line : undefined;
  if (elseLine !== undefined && options.withLines) {
    const then = stepPhrase({ ...step, otherwise: undefined }, voice, raises);
    const otherwise = jumpPhrase(step.otherwise!, voice, raises);
    return then ? `${then} (line ${step.line}), and otherwise ${otherwise} (line ${elseLine})` : undefined;
  }
  const phrase = stepPhrase(step, voice, raises);
  // A step in a loop's `else` (Python) runs only when that loop ends without a `break`.
  const inElse =
    phrase && inLoopElse(step, options.nodes) ? `${phrase} when the loop ends without a \`break\`` : phrase;
  return inElse && options.withLines ? `${inElse} (line ${step.line})` : inElse;
}

/** Whether a step stands, outside any loop of its own, in the `else` of a loop (`for … else`, `while … else`). */
function inLoopElse(step: Step, nodes: readonly SnapshotNode[] | undefined): boolean {
  if (step.kind === 'loop') return false;
  for (let n = nodes?.[step.node]?.parent; n; n = n.parent) {
    if (/^(for|while)_statement$/.test(n.type)) return false;
    if (n.type === 'else_clause' && /^(for|while)_statement$/.test(n.parent?.type ?? '')) return true;
    if (/function|lambda|class/.test(n.type)) return false;
  }
  return false;
}

/**
 * The steps of one compile-time conditional as alternatives: "follows one of 2 paths chosen when the
 * code is compiled (lines 5–11): when `_WIN32` is defined, it …; otherwise, it …". An arm's calls are
 * named in it, since they are made only when that arm is compiled.
 */
function groupPhrase(
  group: CompileGroup,
  steps: readonly Step[],
  voice: Voice,
  options: WalkthroughOptions,
  raises: boolean,
): string {
  const arms = group.arms.map((_, i) => {
    const inArm = steps.filter((st) => !st.guarded && armAt([group], st.line)?.arm === i);
    const phrases = inArm.flatMap((st) => linedPhrase(st, voice, options, raises) ?? []);
    const calls = [
      ...new Set(inArm.filter((st) => st.kind === 'call' && st.subject).map((st) => st.subject!)),
    ];
    if (calls.length) phrases.push(`calls ${listUpTo(calls.map(code), MAX_LIST_ITEMS)}`);
    return `${armOpening(group, i)}, ${phrases.length ? `it ${listOf(phrases)}` : 'it runs none of these steps'}`;
  });
  if (!hasElse(group)) arms.push('otherwise, none of it is compiled');
  return `${groupHead(group)} — ${arms.join('; ')}`;
}

/** "It loops over `items`, checks whether `x > 0` and returns `total`." */
/** The arm an `elif` / `else if` follows in its chain: the `if` or `elif` before it, with its condition and line. */
function armBefore(
  step: Step,
  nodes: readonly SnapshotNode[] | undefined,
): { condition: string; line: number } | undefined {
  const node = nodes?.[step.node];
  if (!node) return undefined;
  let before: SnapshotNode | null | undefined;
  if (node.type === 'elif_clause') {
    before = node.previousNamedSibling;
    while (before && before.type.includes('comment')) before = before.previousNamedSibling;
    if (before?.type !== 'elif_clause') before = node.parent;
  } else {
    before = node.parent?.type === 'else_clause' ? node.parent.parent : node.parent;
  }
  const condition = before && /if/.test(before.type) ? before.childForFieldName('condition') : null;
  if (!before || !condition) return undefined;
  return {
    condition: codeWithoutComments(condition)
      .replace(/^\((.*)\)$/s, '$1')
      .trim(),
    line: before.startPosition.row + 1,
  };
}

function stepPhrases(
  steps: readonly Step[],
  voice: Voice,
  options: WalkthroughOptions,
  raises: boolean,
): { phrases: string[]; skipped: number; grouped: ReadonlySet<number> } {
  const phrases: string[] = [];
  // Indexes of the phrases that tell a compile-time conditional's arms.
  const grouped = new Set<number>();
  let skipped = 0;
  const groups = options.compileGroups ?? [];
  const told = new Set<CompileGroup>();
  let last: Step | undefined;
  for (const step of steps) {
    if (step.guarded) continue;
    // Only one arm of a compile-time conditional is compiled: its steps are one phrase of alternatives.
    const group = groups.length ? armAt(groups, step.line)?.group : undefined;
    if (group && told.has(group)) continue;
    if (group) told.add(group);
    // "otherwise branches on …" reads as the arm after the phrase before it: where that is not the arm
    // before it in its chain (that one was not told), the arm it follows is named.
    const arm =
      !group && step.kind === 'branch' && step.detail === 'elif' && step.subject
        ? armBefore(step, options.nodes)
        : undefined;
    const phrase = group
      ? groupPhrase(group, steps, voice, options, raises)
      : arm && last?.line !== arm.line
        ? `branches on whether ${code(step.subject!)} when ${code(arm.condition)} (line ${arm.line}) does not hold${options.withLines ? ` (line ${step.line})` : ''}`
        : linedPhrase(step, voice, options, raises);
    if (!phrase) continue;
    if (phrases.length >= options.maxSteps) {
      skipped++;
      continue;
    }
    if (group) grouped.add(phrases.length);
    phrases.push(phrase);
    last = step;
  }
  return { phrases, skipped, grouped };
}

export function describeSteps(
  steps: readonly Step[],
  voice: Voice,
  options: WalkthroughOptions,
  raises = false,
): string | undefined {
  const { phrases: all, skipped, grouped: groupedAll } = stepPhrases(steps, voice, options, raises);
  if (all.length === 0) return undefined;
  // The same step again right after itself (`if err != nil { return }` after each call) is told once,
  // with how many times; the phrases carry no lines then, or they would differ.
  const told: string[] = [];
  const grouped = new Set<number>();
  for (let i = 0; i < all.length; i++) {
    let n = 1;
    while (!groupedAll.has(i) && all[i + n] === all[i] && !groupedAll.has(i + n)) n++;
    if (groupedAll.has(i)) grouped.add(told.length);
    told.push(n > 1 ? `${all[i]} (at ${n} points)` : all[i]!);
    i += n - 1;
  }
  // A conditional's arms, told between dashes, end before the steps after it: they are not its last arm's.
  const phrases = told.map((p, i) => (grouped.has(i) && i < told.length - 1 ? `${p} —` : p));
  const more = skipped > 0 ? `, and ${count(skipped, 'more step')} follow` : '';
  return `${listOf(phrases)}${more}`;
}

/**
 * Callees made only when some arm of a compile-time conditional is compiled: every call of them is inside
 * an arm, and not in every arm of a group with an `#else` (which is compiled whichever way).
 */
function armOnlyCallees(unit: UnitFacts): ReadonlySet<string> {
  const groups = unit.compileGroups;
  if (groups.length === 0) return new Set();
  const always = new Set<string | undefined>();
  const armsOf = new Map<string, Map<CompileGroup, Set<number>>>();
  for (const st of unit.steps) {
    if (st.kind !== 'call' || !st.subject) continue;
    const place = armAt(groups, st.line);
    if (!place) {
      always.add(st.subject);
      continue;
    }
    const byGroup = armsOf.get(st.subject) ?? new Map<CompileGroup, Set<number>>();
    byGroup.set(place.group, (byGroup.get(place.group) ?? new Set()).add(place.arm));
    armsOf.set(st.subject, byGroup);
  }
  for (const [callee, byGroup] of armsOf)
    for (const [group, arms] of byGroup)
      if (hasElse(group) && arms.size === group.arms.length) always.add(callee);
  return new Set(unit.calls.filter((c) => !always.has(c)));
}

/**
 * "calls `a` and `b`": the calls made wherever it is compiled. Those inside a compile-time conditional's
 * arm are told with that arm (groupPhrase), and said to depend on how it is compiled.
 */
export function describeCalls(unit: UnitFacts, max = 8, language?: LanguageId): string | undefined {
  // A macro the snippet defines is expanded where it is used, not called.
  const macros = language ? macrosUsedBy(unit, language) : [];
  const expanded = new Set(macros.map((m) => m.name));
  const armOnly = [...armOnlyCallees(unit)].filter((c) => !expanded.has(c));
  const calls = unit.calls.filter((c) => !armOnly.includes(c) && !expanded.has(c));
  const uses = macros.length
    ? `expands ${macros.length === 1 ? 'the macro' : 'the macros'} ${listUpTo(
        macros.map(
          (m) =>
            `${code(m.name)} (defined on line ${m.line})${m.returns ? `, which can return ${code(m.returns)} from it` : ''}`,
        ),
        max,
      )}`
    : undefined;
  const always = calls.length ? `calls ${listUpTo(calls.map(code), max)}` : undefined;
  const told = [always, uses].filter(Boolean).join(', and ') || undefined;
  if (armOnly.length === 0) return told;
  const some = `${armOnly.length > 1 ? 'some of ' : ''}${listUpTo(armOnly.map(code), max)}, depending on how it is compiled`;
  return told ? `${told}, and ${some}` : `calls ${some}`;
}

/**
 * The sentence a unit's paragraph opens with: what it is, where, and what it
 * takes. Cheap next to the rest, and never longer than the paragraph, so a
 * caller with little room left can tell a paragraph will not fit without
 * writing it.
 */
/** A declared method's name: its `name` field, or what a decorated definition defines. */
function memberName(node: SnapshotNode): string {
  const named =
    node.childForFieldName('name') ?? node.childForFieldName('definition')?.childForFieldName('name');
  return named?.text ?? node.text.split('(')[0]!.trim().split(/\s+/).pop() ?? node.type;
}

/** Units that belong to a class, whose Python `self` or `cls` comes first: properties are methods too. */
const MEMBER_KINDS: ReadonlySet<UnitFacts['metrics']['kind']> = new Set([
  'method',
  'constructor',
  'getter',
  'setter',
]);

export function unitOpening(unit: UnitFacts, voice: Voice): string {
  const m = unit.metrics;
  const traits = [unit.isAsync ? 'async' : '', unit.isGenerator ? voice.term('generator') : '']
    .filter(Boolean)
    .join(' ');
  const kind = voice.term(m.kind === 'method' ? 'method' : 'function', kindName(m.kind));
  const where = lineRange(m.startLine, m.endLine);
  // A Python method's `self` or `cls` is the object it is called on, not an argument the caller passes.
  const receiver =
    MEMBER_KINDS.has(m.kind) && /^(self|cls)$/.test(unit.params[0] ?? '') ? unit.params[0] : undefined;
  const passed = receiver ? paramLabels(unit).slice(1) : paramLabels(unit);
  const besides = receiver ? ` besides ${code(receiver)}` : '';
  const viaArguments = argumentsPhrase(unit);
  const params = !unit.paramsKnown
    ? ''
    : passed.length === 0
      ? viaArguments
        ? ` that names no parameters and ${viaArguments}`
        : ` that takes no parameters${besides}`
      : ` that takes ${count(passed.length, voice.term('parameter'))}${besides} (${listUpTo(passed.map(code), MAX_LIST_ITEMS)})${
          viaArguments ? `, and ${viaArguments}` : ''
        }`;
  // Qualified names (`Stack.push`) already say where the unit lives.
  // A parent without a name in the source is told by where it starts.
  const parentName =
    unit.parent !== undefined && isStandIn(unit.parent)
      ? `the function on line ${unit.parentLine ?? m.startLine}`
      : unit.parent && code(unit.parent);
  const inside =
    unit.parent && !m.name.startsWith(`${unit.parent}.`) ? `, defined inside ${parentName},` : '';
  const described = traits ? `${traits} ${kind}` : kind;
  // An anonymous unit's name already says what it is; its head says where it spans.
  const opening = isStandIn(m.name)
    ? `${signature(unit)}${m.startLine === m.endLine ? '' : ` (${where})`}${inside}${params ? params.replace(/^ that/, '') : ' is written inline'}.`
    : `${signature(unit)}${inside} is ${/^[aeiou]/i.test(described) ? 'an' : 'a'} ${described} on ${where}${params}.`;
  const passing = unit.paramsKnown ? passingPhrases(unit).map((p) => ` ${capitalize(p)}.`) : [];
  return capitalize(opening) + passing.join('');
}

/**
 * "Its body has no loops, branches or returns", unless it decides inside an expression (`a ? b : c`,
 * `x ??= y`, `a && b`), which its cyclomatic number counts.
 */
function emptyBody(unit: UnitFacts, what: string): string {
  const decisions = unit.metrics.cyclomatic - 1;
  return decisions > 0
    ? `Its body has no loop, branch or return statement; it decides inside expressions (${count(decisions, 'decision')}: a conditional, \`??\`, \`?.\` or \`&&\`/\`||\` operator).`
    : `Its body has no ${what}.`;
}

/** The steps a loop's own paragraph tells for the statements inside it. */
const LOOP_TELLS: ReadonlySet<Step['kind']> = new Set(['branch', 'return', 'throw', 'loop']);

/** One paragraph about one callable unit; `opening` is its unitOpening, when the caller has it already. */
export function describeUnit(
  unit: UnitFacts,
  voice: Voice,
  options: WalkthroughOptions,
  raises = false,
  opening: string = unitOpening(unit, voice),
): string {
  const purpose = purposeSentences(unit, 'it', { max: options.maxPurpose ?? 3, raises });
  const said = options.purposeSaid?.get(unit) ?? [];
  // Step headings quoted as its outline are not quoted again as notes on its steps.
  const outlined = [...purpose, ...said].some((s) => /^Its (comments outline|author heads a step)/.test(s));
  const headings = outlined ? new Set(stepHeadings(unit).slice(0, 4)) : new Set<InnerComment>();
  const notes = unit.comments.slice(0, TOLD.comments).filter((c) => !headings.has(c));
  const compiledOnly = compiledOnlySentence(unit);
  const head = [
    opening,
    ...(compiledOnly ? [compiledOnly] : []),
    ...purpose.filter((p) => !said.includes(p)),
    ...dataFlowSentences(unit),
  ].join(' ');
  // Its compile-time conditionals' arms are told as alternatives.
  const stepOptions = {
    ...options,
    nodes: unit.metrics.node.doc.nodes,
    ...(unit.compileGroups.length ? { compileGroups: unit.compileGroups } : {}),
  };
  // The returns and the conditions that lead to them, once told as cases, are not told again as steps.
  const result = unit.purpose.result;
  const casesTold =
    (result?.inTurn !== undefined || result?.byCases !== undefined) &&
    purpose.some((p) =>
      /^It (checks in turn and )?returns .* otherwise \(lines? |^It answers yes or no: it returns `/.test(p),
    );
  const loops = unitLoops(unit, raises);
  // A loop told in a paragraph of its own tells its branches, ways out and the loops inside it that matter:
  // the step list leaves those to it, and keeps what the paragraph does not tell (awaits, yields, calls).
  const told = loopsToTell(unit.loops);
  const toldInLoop = (st: Step) =>
    st.loopDepth > 0 &&
    LOOP_TELLS.has(st.kind) &&
    told.some((l) => st.line >= l.line && st.line <= l.endLine && st.node !== l.node) &&
    (st.kind !== 'loop' || told.some((l) => l.node === st.node) || st.loopDepth > 1 || !st.subject);
  const outsideLoops = told.length ? unit.steps.filter((st) => !toldInLoop(st)) : unit.steps;
  const stepsToTell = casesTold
    ? outsideLoops.filter(
        (st) => st.kind !== 'return' && !(st.then?.kind === 'return' && st.otherwise === undefined),
      )
    : outsideLoops;
  const calls = describeCalls(unit, 8, options.language);
  if (voice.beginner) {
    // Beginners read one step per line, in order.
    const { phrases, skipped } = stepPhrases(unit.steps, voice, stepOptions, raises);
    const list = phrases.map((p, i) => `${i + 1}. It ${p}.`);
    if (skipped > 0) list.push(`${phrases.length + 1}. …and ${count(skipped, 'more step')}.`);
    const recursionText = unit.recursive
      ? `It uses ${voice.term('recursion')}: it calls itself at ${count(unit.selfCallSites, 'place')}.`
      : undefined;
    return [
      head,
      list.length ? `Step by step:\n${list.join('\n')}` : emptyBody(unit, 'loops, branches or returns'),
      calls ? `Along the way it ${calls}.` : undefined,
      commentsSentence(notes),
      recursionText,
      ...unitLoops(unit, raises),
    ]
      .filter(Boolean)
      .join('\n');
  }
  const steps = describeSteps(stepsToTell, voice, stepOptions, raises);
  const body = [
    steps ? `It ${steps}.` : undefined,
    calls ? `${steps ? 'Along the way it' : 'It'} ${calls}.` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const recursion = unit.recursive
    ? voice.expert
      ? `Recursive (${count(unit.selfCallSites, 'self-call site')}).`
      : `It uses ${voice.term('recursion')}: it calls itself at ${count(unit.selfCallSites, 'place')}.`
    : undefined;
  // Experts read more, not less: the edge cases, limits and cost the code shows.
  const depth =
    voice.expert && options.language
      ? expertNotes(unit, options.language, options.units).join(' ')
      : undefined;
  const paragraph = [
    head,
    body || (casesTold ? undefined : emptyBody(unit, 'loops, branches, calls or returns')),
    // The author's own notes on the steps outside loops: often the why of the hardest line.
    commentsSentence(notes),
    recursion,
    depth,
  ]
    .filter(Boolean)
    .join(' ');
  // Each loop that matters gets a paragraph of its own: it is what the reader came for.
  return [paragraph, ...loops].join('\n\n');
}

/** "Class `Stack` (lines 1–20) has 3 methods: …"; "Interface `Shape` (lines 1–7) declares 4 methods: …". */
export function describeClass(cls: UnitFacts, facts: SnippetFacts, voice: Voice): string {
  const members = methodsOf(cls, facts);
  const claim = declaresMethods(cls, members);
  const accessors = accessorsOf(cls, facts);
  const nodes = cls.metrics.node.doc.nodes;
  // Without member units (an interface's methods have no body), the methods are the declarations in its body.
  const names = members.length
    ? members.map((u) =>
        isStandIn(u.metrics.name) ? signature(u) : code(u.metrics.name.split('.').pop() ?? u.metrics.name),
      )
    : claim.evidence.nodes.slice(1).map((id) => code(memberName(nodes[id]!)));
  const verb = members.length ? 'has' : 'declares';
  const properties = accessors.length
    ? `${claim.count ? ',' : ''} and ${count(accessors.length, 'property', 'properties')} with code of ${accessors.length === 1 ? 'its' : 'their'} own: ${listUpTo(
        accessors.map((u) => code(u.metrics.name.split('.').pop() ?? u.metrics.name)),
        MAX_LIST_ITEMS,
      )}`
    : '';
  // Rust's `impl` holds associated functions: those with `self` are methods, `new` is not.
  const word = members.some((u) => u.metrics.kind === 'function') ? 'function' : voice.term('method');
  const what = claim.count
    ? `${verb} ${count(claim.count, word)}: ${listUpTo(names, MAX_LIST_ITEMS)}${properties}`
    : `has no methods${properties}`;
  const keyword = claim.keyword === 'class' ? voice.term('class') : claim.keyword;
  const where = lineRange(cls.metrics.startLine, cls.metrics.endLine);
  // One part of a type declared in parts holds only some of its methods.
  const inParts = (u: UnitFacts) =>
    u.metrics.kind === 'class' && u.metrics.name === cls.metrics.name && declaredInParts(u.metrics.node);
  const head = !(inParts(cls) && facts.units.some((u) => u !== cls && inParts(u)))
    ? `${capitalize(keyword)} ${code(cls.metrics.name)} (${where}) ${what}.`
    : cls.metrics.node.type === 'impl_item'
      ? `The ${code('impl')} block for ${code(cls.metrics.name)} on ${where} ${what}.`
      : `The part of ${keyword} ${code(cls.metrics.name)} on ${where} ${what}.`;
  const purpose = purposeSentences(cls, 'it', { max: 3, raises: false });
  return [head, ...purpose, inverseSentence(members)].filter(Boolean).join(' ');
}
