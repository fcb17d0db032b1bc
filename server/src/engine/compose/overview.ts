/**
 * The explanation's opening and its "what stands out" notes: what the snippet
 * defines, imports and does at the top level.
 */
import { declarationKeyword, declaredInParts } from '../claims/members.js';
import { readingOf } from '@code-explain/shared';
import type { UnitFacts } from '../facts/model.js';
import { LANGUAGES } from '../languages/index.js';
import type { Voice } from './audience.js';
import type { ComposeInput } from './input.js';
import { MAX_LIST_ITEMS } from '../budget.js';
import { capitalize, code, count, firstOf, lineRange, listOf, listUpTo } from './text.js';
import { describeSteps, kindName, signature } from './walkthrough.js';
import { docSentence, purposeSentences } from './purpose.js';
import { isStandIn } from '../metrics/common/naming.js';
import { isGeneratedCode } from '../purpose/doc.js';
import { clip } from '../clip.js';

export function callables(input: ComposeInput): UnitFacts[] {
  return input.facts.units.filter((u) => u.metrics.kind !== 'class');
}

export function classes(input: ComposeInput): UnitFacts[] {
  return input.facts.units.filter((u) => u.metrics.kind === 'class');
}

/** Whether a unit is one part of a type declared in parts (`partial class`, an `impl` block). */
export const isPartOfType = (unit: UnitFacts): boolean =>
  unit.metrics.kind === 'class' && declaredInParts(unit.metrics.node);

interface Versions {
  readonly unit: UnitFacts;
  /** Versions in different arms of one compile-time conditional: the compiler keeps only one. */
  versions: number;
  /** Parts of one type (`partial class`, `impl` blocks), after the first. */
  readonly parts: UnitFacts[];
}

/**
 * The units in order, those written in different arms of one compile-time conditional under the same
 * name counted as versions of the first, and the parts of one type declared in parts as one.
 */
function versionsOf(units: readonly UnitFacts[]): Versions[] {
  const out: Versions[] = [];
  for (const unit of units) {
    const where = unit.compiledIn;
    const earlier = where
      ? out.find(
          (o) =>
            o.unit.metrics.name === unit.metrics.name &&
            o.unit.compiledIn?.group.line === where.group.line &&
            o.unit.compiledIn.arm !== where.arm,
        )
      : undefined;
    const whole = isPartOfType(unit)
      ? out.find(
          (o) =>
            isPartOfType(o.unit) &&
            o.unit.metrics.name === unit.metrics.name &&
            o.unit.metrics.node.type === unit.metrics.node.type,
        )
      : undefined;
    if (earlier) earlier.versions++;
    else if (whole) whole.parts.push(unit);
    else out.push({ unit, versions: 1, parts: [] });
  }
  return out;
}

/** "This Python snippet (12 lines) defines class `Stack` and function `main()`." */
export function overviewSentence(input: ComposeInput, voice: Voice): string {
  const { facts, languageName } = input;
  const lines = count(facts.lines, 'line');
  const top = facts.units.filter((u) => u.parent === undefined);
  if (top.length === 0) {
    const stepsText = describeSteps(facts.topLevel, voice, { withLines: false, maxSteps: 4 });
    // Where the parser gave up on part of the code, what it could not read may hold functions.
    if (facts.errorRegions > 0)
      return `This ${languageName} snippet (${lines}) has no function or class the parser could read${
        stepsText ? `; the code it could read ${stepsText}` : ''
      }.`;
    return `This ${languageName} snippet (${lines}) defines no functions or classes; it is top-level code${
      stepsText ? ` that ${stepsText}` : ''
    }.`;
  }
  const shown = versionsOf(top)
    .slice(0, 6)
    .map(({ unit: u, versions, parts }) => {
      const what = isStandIn(u.metrics.name)
        ? signature(u)
        : `${u.metrics.kind === 'class' ? declarationKeyword(u.metrics.node) : kindName(u.metrics.kind)} ${signature(u)}`;
      const group = u.compiledIn?.group;
      // Versions in different arms of one conditional: only one of them is compiled.
      if (parts.length > 0) {
        const where = listOf([u, ...parts].map((p) => lineRange(p.metrics.startLine, p.metrics.endLine)));
        return u.metrics.node.type === 'impl_item'
          ? `${parts.length + 1} ${code('impl')} blocks for ${code(u.metrics.name)} (${where})`
          : `${what} (in ${parts.length + 1} parts: ${where})`;
      }
      return versions > 1 && group
        ? `${what} (${versions} versions, one per arm of the conditional on ${lineRange(group.line, group.endLine)})`
        : what;
    });
  const rest = versionsOf(top).length - shown.length;
  const defs = rest > 0 ? [...shown, `${rest} more`] : shown;
  const nested = facts.units.length - top.length;
  const nestedText =
    nested > 0 ? `, with ${count(nested, 'nested unit')} inside ${defs.length === 1 ? 'it' : 'them'}` : '';
  return `This ${languageName} snippet (${lines}) defines ${listOf(defs)}${nestedText}.`;
}

/** The generated-code marker near the top of the code, with its line, if it has one. */
function generatedMarker(code: string): { line: number; text: string } | undefined {
  if (!isGeneratedCode(code)) return undefined;
  const lines = code.split('\n', 12);
  const at = lines.findIndex((l) => /generated/i.test(l));
  if (at < 0) return undefined;
  const text = lines[at]!.replace(/^\s*(?:\/\/+|#+|\/\*+|\*+)\s*|\s*\*\/\s*$/g, '').trim();
  return { line: at + 1, text: clip(text, 100) };
}

/** Top-level units whose purpose the overview states, most important first. */
const OVERVIEW_PURPOSES = 3;

/**
 * What the snippet is for: its module docstring or opening comment, and the
 * lead purpose of its most important top-level units. Units in
 * `describedAfter` get a paragraph of their own right after, which states
 * their purpose: said here too, it would be said twice. `said` holds each
 * unit's purpose sentences stated here, as the unit's own paragraph would
 * word them, so that paragraph can leave them out.
 */
export function purposeOverview(
  input: ComposeInput,
  describedAfter: readonly UnitFacts[] = [],
): { readonly text?: string; readonly said: ReadonlyMap<UnitFacts, readonly string[]> } {
  const { facts } = input;
  const raises = LANGUAGES[input.request.language].wording.raises;
  const parts: string[] = [];
  const said = new Map<UnitFacts, string[]>();
  if (facts.doc) parts.push(docSentence(facts.doc, 'the code', undefined, true));
  const generated = generatedMarker(input.request.code);
  if (generated)
    parts.push(
      `It says it is generated code (line ${generated.line}: “${generated.text}”): it is changed through its generator, so no advice on its layout, names or comments is given here.`,
    );
  const top = ranked(facts.units.filter((u) => u.parent === undefined && !describedAfter.includes(u)));
  for (const unit of top.slice(0, OVERVIEW_PURPOSES)) {
    let u = unit;
    // "Takes the bytes written to its type as a stream (io.Writer)" says how it is called: what its body
    // does with them is told beside it, or a reader of the overview learns only the protocol.
    const protocolOnly =
      !u.purpose.doc &&
      u.purpose.declarations.length > 0 &&
      u.purpose.declarations.every((d) => d.kind === 'protocol');
    const [first, next] = purposeSentences(u, signature(u), { max: protocolOnly ? 2 : 1, raises });
    const both = first && next && /^It /.test(next);
    let lead = both ? `${first} ${next}` : first;
    // Worded as the unit's own paragraph words them (about "it"), so that paragraph can find them.
    if (first) said.set(u, purposeSentences(u, 'it', { max: both ? 2 : 1, raises }));
    // A class whose own declaration says nothing, or only what it extends, is told by what its most
    // important method is for.
    const kindOnly = lead !== undefined && u.metrics.kind === 'class' && /^It is a kind of /.test(lead);
    if (kindOnly) {
      parts.push(`${capitalize(signature(u))} ${lead!.slice(3)}`);
      lead = undefined;
    }
    if (!lead && u.metrics.kind === 'class')
      for (const m of ranked(facts.units.filter((x) => x.parent === unit.metrics.name))) {
        [lead] = purposeSentences(m, signature(m), { max: 1, raises });
        if (lead) {
          said.set(m, purposeSentences(m, 'it', { max: 1, raises }));
          u = m;
          break;
        }
      }
    if (!lead) continue;
    // Sentences written about "it" name the unit when several are described.
    if (/^It /.test(lead)) parts.push(`${capitalize(signature(u))} ${lead.slice(3)}`);
    else if (/^Its /.test(lead))
      parts.push(`For ${signature(u)}: ${lead.charAt(0).toLowerCase()}${lead.slice(1)}`);
    else parts.push(lead);
  }
  // Stronger evidence than any one function's shape: told right after the file's own doc comment.
  const apis = apisTogether(input, said);
  if (apis) parts.splice(facts.doc ? 1 : 0, 0, apis);
  // "The names in the code are mostly about …" only echoed the names back: it is not said.
  return { text: parts.length ? parts.join(' ') : undefined, said };
}

/** Distinct well-known API meanings a snippet's functions share out before they are summed up together. */
const APIS_TOGETHER = 2;

/**
 * What the well-known APIs the snippet's functions call mean together, where at least two precise ones
 * are called ("computes an HMAC … , signs data with a private key … and checks a signature …"): spread over
 * helpers, they say what the file is for better than any one function does. Those a lead sentence above
 * already said are not said again.
 */
function apisTogether(
  input: ComposeInput,
  said: ReadonlyMap<UnitFacts, readonly string[]>,
): string | undefined {
  const told = [...said.values()].flat().join(' ');
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const u of input.facts.units)
    for (const e of u.purpose.effects) {
      if (!e.does || seen.has(e.does)) continue;
      seen.add(e.does);
      if (!told.includes(e.does)) parts.push(`${e.does} (${code(e.callee)}, line ${e.line})`);
    }
  if (seen.size < APIS_TOGETHER || parts.length === 0) return undefined;
  return `Across its functions, the code ${listOf(parts)}.`;
}

/** A lambda or accessor too small to deserve its own paragraph: its parent's describes it. */
export function isTrivial(u: UnitFacts): boolean {
  if (u.parent === undefined) return false;
  const lines = u.metrics.endLine - u.metrics.startLine + 1;
  // `x ??= y` and `a ? b : c` branch without adding to the cognitive number: they are no trivial body.
  if (u.metrics.cognitive > 0 || u.metrics.cyclomatic > 1 || u.steps.some((s) => s.kind === 'loop'))
    return false;
  // Routes, tests and event handlers are what the code is for, however short.
  if (u.purpose.declarations.some((d) => d.kind !== 'callback')) return false;
  if (u.metrics.kind === 'arrow' || u.metrics.kind === 'lambda' || u.metrics.kind === 'closure')
    return lines <= 2;
  if (u.metrics.kind === 'getter' || u.metrics.kind === 'setter') return lines <= 3;
  const short = u.metrics.name.split(/[.#:]/).pop() ?? '';
  return (
    u.metrics.kind === 'method' && lines <= 3 && !u.purpose.doc && /^(get|set|is|has)([A-Z_]|$)/.test(short)
  );
}

/**
 * Units in order of importance: the hardest first (never dropped), then
 * exported or public ones, then the rest by complexity; document order breaks
 * ties.
 */
export function ranked(units: readonly UnitFacts[]): UnitFacts[] {
  const hardness = (u: UnitFacts) => u.metrics.cognitive * 1000 + u.metrics.cyclomatic;
  const hardest = units.reduce<UnitFacts | undefined>(
    (a, u) => (!a || hardness(u) > hardness(a) ? u : a),
    undefined,
  );
  return [...units].sort((a, b) => {
    if (a === hardest && hardness(a) > hardness(b)) return -1;
    if (b === hardest && hardness(b) > hardness(a)) return 1;
    return (
      Number(b.exported) - Number(a.exported) ||
      hardness(b) - hardness(a) ||
      a.metrics.startLine - b.metrics.startLine
    );
  });
}

export function dependenciesSentence(input: ComposeInput): string | undefined {
  const deps = input.facts.dependencies;
  if (deps.length === 0) return undefined;
  const names = [...new Set(deps.map((d) => d.source))];
  const shown = names.slice(0, 8).map(code);
  const rest = names.length - shown.length;
  const verb = LANGUAGES[input.request.language].wording.imports ?? 'imports';
  return `It ${verb} ${listOf(rest > 0 ? [...shown, `${rest} more`] : shown)}.`;
}

export function parseErrorsSentence(input: ComposeInput): string | undefined {
  const n = input.facts.errorRegions;
  if (n === 0) return undefined;
  return `The parser could not make sense of ${count(n, 'region')} of this code (it may be incomplete or not valid ${input.languageName}), so what follows covers the parts that did parse.`;
}

/** Increments cited where the explanation names the hardest unit. */
const CITED_INCREMENTS = 3;

/** "; most of it from +4 for `if`, nested 3 levels deep (line 14), …": the largest cognitive increments. */
function heaviest(u: UnitFacts): string {
  const top = u.metrics.increments
    .filter((i) => i.metric === 'cognitive' && i.points > 0)
    .sort((a, b) => b.points - a.points || a.line - b.line)
    .slice(0, CITED_INCREMENTS);
  if (top.length === 0) return '';
  const terms = top.map((i) => `+${i.points} for ${i.reason} (line ${i.line})`);
  return `; the largest parts of its cognitive number are ${listOf(terms)}`;
}

/** Notes of one kind (recursion, deep nesting) given one by one before the rest are counted. */
const NOTES_PER_KIND = 3;

/** Notable, verifiable facts, most striking first. */
export function standouts(input: ComposeInput, voice: Voice): string[] {
  const notes: string[] = [];
  const units = callables(input);
  const recursive = firstOf(
    units.filter((u) => u.recursive),
    NOTES_PER_KIND,
  );
  for (const u of recursive.shown) {
    const shape = u.recursion?.shape;
    if (shape === 'structural') {
      // Going down to parts of its input visits each part once: no blow-up to warn about.
      notes.push(
        `${signature(u)} is ${voice.term('recursion', 'recursive')} over the parts of its input (${listUpTo(u.recursion!.args.map(code), 3)}).`,
      );
    } else if (
      u.selfCallSites >= 2 &&
      shape === 'decrement' &&
      u.recursion?.together &&
      !u.recursion.cached
    ) {
      notes.push(
        `${signature(u)} calls itself at ${u.selfCallSites} places, each on an input only a constant smaller, so the number of calls can grow exponentially with the input.`,
      );
    } else if (u.selfCallSites >= 2) {
      notes.push(`${signature(u)} calls itself at ${u.selfCallSites} places.`);
    } else {
      notes.push(`${signature(u)} is ${voice.term('recursion', 'recursive')}.`);
    }
  }
  if (recursive.rest > 0)
    notes.push(
      recursive.rest === 1
        ? '1 more function calls itself.'
        : `${recursive.rest} more functions call themselves.`,
    );
  const ranked = [...units].sort(
    (a, b) => b.metrics.cognitive - a.metrics.cognitive || b.metrics.cyclomatic - a.metrics.cyclomatic,
  );
  const worst = ranked[0];
  if (worst && readingOf('cognitive', worst.metrics.cognitive) !== 'low') {
    notes.push(
      `${signature(worst)} is the hardest part to follow: ${voice.term('cognitive complexity')} ${worst.metrics.cognitive} and ${voice.term('cyclomatic complexity')} ${worst.metrics.cyclomatic}${heaviest(worst)}.`,
    );
  }
  const deep = firstOf(
    units.filter((u) => u.maxNesting >= 4),
    NOTES_PER_KIND,
  );
  for (const u of deep.shown) {
    notes.push(
      `${signature(u)} nests ${u.maxLoopDepth > 0 ? 'loops and branches' : 'branches'} ${u.maxNesting} levels deep (${lineRange(u.metrics.startLine, u.metrics.endLine)}).`,
    );
  }
  if (deep.rest > 0)
    notes.push(
      `${count(deep.rest, 'more function')} ${deep.rest === 1 ? 'nests' : 'nest'} loops or branches 4 or more levels deep.`,
    );
  const asyncUnits = units.filter((u) => u.isAsync);
  if (asyncUnits.length > 0 && !voice.beginner) {
    notes.push(
      `${listUpTo(asyncUnits.map(signature), MAX_LIST_ITEMS)} ${asyncUnits.length === 1 ? 'is' : 'are'} asynchronous.`,
    );
  }
  const spawns = units.filter((u) => u.steps.some((s) => s.kind === 'spawn'));
  if (spawns.length > 0) {
    notes.push(
      `${listUpTo(spawns.map(signature), MAX_LIST_ITEMS)} start${spawns.length === 1 ? 's' : ''} goroutines, so work runs concurrently.`,
    );
  }
  // Each note is a sentence, though a unit's name may start in lower case ("the arrow function passed to …").
  return notes.map(capitalize);
}
