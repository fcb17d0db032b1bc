/**
 * Purpose sentences: what a unit is for, told from the evidence its code
 * gives (purpose/), strongest first, each citing the line it comes from.
 * Where the evidence is thin, they say less; a reading of the name comes
 * last and is said as such.
 */
import type { SnapshotNode } from '../parsing/node.js';
import type { Declaration, DocComment, Idiom, UnitPurpose } from '../purpose/model.js';
import type { ConstantFamily, KnownConstant } from '../purpose/constants.js';
import { EFFECT_PHRASES } from '../purpose/apis.js';
import type { UnitFacts } from '../facts/model.js';
import { TOLD, type InnerComment } from '../facts/loops.js';
import type { Voice } from './audience.js';
import { code, count, listOf } from './text.js';
import { isStandIn } from '../metrics/common/naming.js';
import { wordsOf } from '../purpose/words.js';

/** Verbs a doc comment or a name may start with, in their base form. */
const VERBS = new Set(
  `accept acquire add adjust allow append advance allocate apply assert assign attach block build calculate call cancel check clamp clean clear clone close collect combine compare compile compute configure connect construct consume convert copy count create decode define delete deserialize deserialise describe detect determine dispatch do download dump emit encode ensure enqueue escape evaluate execute expand extract fetch filter find finish flatten flush format generate get group handle hash increase increment indicate initialize initialise insert install invoke iterate join load lock log look make map mark match measure merge move normalize normalise notify open parse perform pop prepare print process produce provide publish push permute put query quote read receive record raise reduce refresh register reject release reload represent remove render replace report request reset resolve restore retrieve retry return reverse run save scan schedule search select send serialize serialise set setup show shuffle sort split start stop strip store submit subscribe swap take tear test throw tokenize tokenise transform translate traverse trim truncate try unlock unpack unregister update upload use validate verify visit wait walk wrap write yield give keep skip fill drop pick choose ignore shift grow shrink free pad align round limit cap reuse cache rotate fold unwrap fix repair prepend peek eat accumulate gather allocate reserve discard consume`.split(
    ' ',
  ),
);

/** `return` → `returns`, `apply` → `applies`, `push` → `pushes`; other words unchanged. */
function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Words that follow a verb at the start of a doc sentence: "Put *an* item", "Reports *whether* …". */
const OBJECT_START =
  /^(a|an|the|this|that|these|those|all|any|each|every|whether|if|true|false|its|their|one|two|multiple|several|some|no|it|given|specified|new|and|or)$/i;

/** The base form of a verb as a doc comment's first word spells it: `returns` → `return`, `applies` → `apply`. */
function baseOf(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (VERBS.has(lower)) return lower;
  for (const base of [lower.slice(0, -1), lower.slice(0, -2), `${lower.slice(0, -3)}y`])
    if (lower.endsWith('s') && VERBS.has(base)) return base;
  return undefined;
}

/**
 * A doc sentence as a predicate about the unit: "Return a shell-escaped
 * version" → "returns a shell-escaped version"; "Quote returns …" (Go's
 * convention of starting with the name) → "returns …". Undefined when the
 * sentence does not start with a verb, to be quoted instead.
 */
function predicateOf(sentence: string, name: string | undefined): string | undefined {
  let text = sentence.trim().replace(/^(This (function|method|class|helper|routine)|It)\s+/i, '');
  const words = (t: string) => t.split(/\s+/);
  // Go and Javadoc often start with the name: "Quote returns …". Drop it only when a verb follows.
  if (name) {
    const [first, second] = words(text);
    if (first?.replace(/\(\)$/, '').toLowerCase() === name.toLowerCase() && second && /s$/.test(second))
      text = text.slice(first.length).trim();
  }
  const all = words(text);
  let index = 0;
  // "Randomly permutes …", "Synchronously generate …": an adverb before the verb.
  if (/^[A-Z]?[a-z]+ly$/.test(all[0] ?? '') && all[1]) index = 1;
  const verb = all[index] ?? '';
  if (!/^[A-Za-z]+$/.test(verb)) return undefined;
  const next = all[index + 1] ?? '';
  const base = baseOf(verb);
  const thirdPersonAlready = /s$/i.test(verb) && (base !== undefined || OBJECT_START.test(next));
  const imperative = !thirdPersonAlready && (base !== undefined || OBJECT_START.test(next));
  if (!thirdPersonAlready && !imperative) return undefined;
  const lead = all.slice(0, index).map((w) => w.toLowerCase());
  const head = thirdPersonAlready ? verb.toLowerCase() : thirdPerson(verb.toLowerCase());
  let rest = all.slice(index + 1).join(' ');
  // An imperative sentence keeps its mood through "and"/"or": "Remove and return an item".
  if (imperative)
    rest = rest.replace(/\b(and|or|then)\s+([a-z]+)\b/g, (m, conj: string, w: string) =>
      VERBS.has(w) ? `${conj} ${thirdPerson(w)}` : m,
    );
  const predicate = [...lead, head, rest].filter(Boolean).join(' ');
  return predicate;
}

function docName(doc: DocComment, snippet: boolean): string {
  if (snippet) return doc.style === 'docstring' ? 'module docstring' : `opening ${doc.style}`;
  return doc.style === 'comment' ? 'comment above it' : doc.style;
}

/** "According to its docstring (line 2), `quote(s)` returns a shell-escaped version of the string s." */
export function docSentence(
  doc: DocComment,
  subject: string,
  name: string | undefined,
  snippet = false,
): string {
  const where = `its ${docName(doc, snippet)} (line ${doc.line})`;
  // A doc comment that is only a link: the page, and the words of its anchor, which name the section.
  if (/^https?:\/\/\S+$/.test(doc.sentence)) {
    const anchor = /#([\w-]+)$/.exec(doc.sentence)?.[1]?.replace(/[-_]+/g, ' ');
    return `${capital(where)} is only a link: ${doc.sentence}${anchor ? ` (“${anchor}”)` : ''}.`;
  }
  const predicate = predicateOf(doc.sentence, name);
  if (predicate) return `According to ${where}, ${subject} ${predicate.replace(/[.:;,]+$/, '')}.`;
  return `${capital(where)} says: “${doc.sentence.replace(/[.:;,]+$/, '')}.”`;
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function routeText(d: Extract<Declaration, { kind: 'route' }>): string {
  const methods = d.methods.length ? `${listOf(d.methods, 'and')} ` : '';
  const path = d.path !== undefined ? ` to ${code(d.path)}` : '';
  return `It handles ${methods}requests${path} (${code(d.via)}, line ${d.line}).`;
}

function declarationSentence(d: Declaration): string | undefined {
  switch (d.kind) {
    case 'route':
      return routeText(d);
    case 'test':
      return d.title !== undefined
        ? `It is a ${d.suite ? 'test suite' : 'test case'}, ${code(d.title)} (${code(d.via)}, line ${d.line}).`
        : d.via === 'name'
          ? `It is a test: its name marks it as one for the test runner (line ${d.line}).`
          : `It is a test (${code(d.via)}, line ${d.line}).`;
    case 'entry-point':
      return `It is the program's entry point (${code(d.via)}, line ${d.line}).`;
    case 'command':
      return `It runs the ${code(d.name)} command${d.summary ? ` (“${d.summary}”)` : ''} (line ${d.line}).`;
    case 'component':
      return `It is a React component: it returns JSX (line ${d.line}).`;
    case 'hook':
      return `Its name starts with ${code('use')}, React's convention for a hook (line ${d.line}).`;
    case 'event-handler':
      return `It handles ${code(d.event)} events on ${code(d.target)} (line ${d.line}).`;
    case 'extends':
      return d.relation === 'implements'
        ? `It implements ${listOf(d.types.map(code))} (line ${d.line}).`
        : `It is a kind of ${listOf(d.types.map(code))}: it extends ${d.types.length === 1 ? 'it' : 'them'} (line ${d.line}).`;
    case 'override':
      return `It overrides a method it inherits (line ${d.line}).`;
    case 'memoised':
      return `Its results are cached (${code(d.via)}, line ${d.line}).`;
    case 'property':
      return `It is read like an attribute, as a property (line ${d.line}).`;
    case 'fixture':
      return `It is a test fixture (${code(d.via)}, line ${d.line}).`;
    case 'protocol':
      if (d.caller && 'interface' in d.caller)
        return `It ${d.meaning} (${code(d.name)} is the method of the ${d.caller.interface} interface: callers can reach it through that interface, line ${d.line}).`;
      return `It ${d.meaning} (the ${d.caller ? 'standard library' : 'language'} calls ${code(d.name)} by that name, line ${d.line}).`;
    case 'callback':
    case 'assigned':
    case 'returned':
      return undefined;
  }
}

const from = (subject: string | undefined): string => (subject ? ` ${code(subject)}` : '');

function idiomSentence(i: Idiom, raises: boolean): string {
  const said = idiomSaid(i, raises);
  // A loop in an `if`'s arm builds what that arm returns: only when its condition holds.
  return i.when ? `When ${code(i.when.text)} (line ${i.when.line}), i${said.slice(1)}` : said;
}

function idiomSaid(i: Idiom, raises: boolean): string {
  const of = i.subject ? ` of ${code(i.subject)}` : '';
  const target = i.target ? code(i.target) : 'a result';
  switch (i.kind) {
    case 'guard-clauses':
      return `It starts with ${count(i.count ?? 1, 'guard clause')} that return${i.count === 1 ? 's' : ''} early (from line ${i.line}).`;
    case 'validation':
      return `It checks first: ${count(i.count ?? 1, 'condition')} ${raises ? 'raise' : 'throw'}${i.count === 1 || i.count === undefined ? 's' : ''} an error (${i.target ? `${code(i.target)}, ` : ''}from line ${i.line})${i.subject ? `, ${(i.count ?? 1) > 1 ? 'each testing' : 'testing'} ${code(i.subject)}` : ''}.`;
    case 'count':
      return `It counts items${of} in ${target} and returns the count (loop on line ${i.line}).`;
    case 'accumulate':
      return `It adds up values${of ? ` from${from(i.subject)}` : ''} into ${target} and returns the total (loop on line ${i.line}).`;
    case 'filter':
      return `It collects the items${of} that pass a test into ${target} and returns it (loop on line ${i.line}).`;
    case 'map':
      return `It builds ${target} from each item${of} and returns it (loop on line ${i.line}).`;
    case 'two-pointers':
      return `It moves two indexes towards each other while ${code(i.subject ?? '')} (line ${i.line}): a two-pointer walk.`;
    case 'sliding-window':
      return `It keeps a sliding window over ${code(i.subject ?? '')}: ${target} gains the item entering the window and loses the one leaving it (line ${i.line}).`;
    case 'producer-consumer':
      return `It coordinates threads: it waits on ${code(i.subject ?? '')} and wakes those waiting on ${code(i.target ?? '')} (line ${i.line}).`;
    case 'visitor':
      return `It is the accepting half of a visitor: it hands itself to ${code(i.subject ?? '')} (line ${i.line}).`;
    case 'concat':
      return `It builds the string ${target} piece by piece${i.subject ? ` from ${code(i.subject)}` : ''} and returns it (loop on line ${i.line}).`;
    case 'collect':
      return `It collects values into ${target} in the loop on line ${i.line} and returns it.`;
    case 'dedupe':
      return `It removes duplicates${of}, keeping what it has not seen yet in ${target} (loop on line ${i.line}).`;
    case 'group-by':
      return `It groups the items${of} by key into ${target} (loop on line ${i.line}).`;
    case 'find-first':
      return `It searches${from(i.subject) || ' a collection'} and returns the first match, ${code(i.target ?? '')} (loop on line ${i.line}).`;
    case 'any':
      return `It checks whether any item${of} passes a test (loop on line ${i.line}).`;
    case 'all':
      return `It checks whether every item${of} passes a test (loop on line ${i.line}).`;
    case 'memoise':
      return `It caches results in ${target}, so a repeated call is answered without recomputing (line ${i.line}).`;
    case 'binary-search':
      return `It runs a binary search, halving the range while ${code(i.subject ?? '')} (line ${i.line}).`;
    case 'tree-recursion':
      return `It walks a tree recursively (line ${i.line}).`;
    case 'retry':
      return `It retries: a loop that catches failures and waits between attempts (line ${i.line}).`;
    case 'debounce':
      if (i.target === 'returned')
        return `It builds a debounced function: the function it creates cancels the pending timer (${code(`clearTimeout(${i.subject ?? ''})`)}, line ${i.line}) and starts a new one in ${code(i.subject ?? '')} on each call, so only the last call in a burst runs.`;
      return `It debounces: each call cancels the pending timer (${code(`clearTimeout(${i.subject ?? ''})`)}, line ${i.line}) and starts a new one in ${code(i.subject ?? '')}, so only the last call in a burst runs.`;
    case 'dispatch': {
      const by = i.by;
      const walks = `It walks through ${code(i.subject ?? '')} in the loop on line ${i.line} and acts on each character by its value`;
      if (!by) return `${walks}.`;
      const rest = by.count - by.labels.length;
      const labels = listOf([...by.labels.map(code), ...(rest > 0 ? [`${rest} more`] : [])]);
      return `${walks}: a ${code('switch')} on ${code(by.on)} (line ${by.line}) with arms for ${labels}.`;
    }
    case 'state-machine':
      if (i.target === 'if-chain')
        return `It is a state machine: inside a loop, a chain of ${i.count ?? 'several'} ${code('if')} tests on ${code(i.subject ?? '')} (from line ${i.line}) picks what to do in the current state, and the arms set ${code(i.subject ?? '')} to choose the next turn's.`;
      return `It is a state machine: a ${code('switch')} on ${code(i.subject ?? '')} inside a loop, whose cases change ${code(i.subject ?? '')} (line ${i.line}).`;
    case 'lazy-init':
      return `It creates ${target} on first use and reuses it afterwards (line ${i.line}).`;
    case 'builder':
      return `It returns the object itself, so calls can be chained (line ${i.line}).`;
    case 'traversal': {
      const skips = i.seen ? `, skipping what ${code(i.seen)} already holds` : '';
      return i.target === 'depth-first'
        ? `It goes through items depth-first, with ${code(i.subject ?? '')} as a stack: the loop on line ${i.line} takes the item added last and adds new ones on top${skips}.`
        : `It goes through items breadth-first, with ${code(i.subject ?? '')} as a queue: the loop on line ${i.line} takes the item that has waited longest and adds new ones behind it${skips}.`;
    }
  }
}

function effectsSentence(p: UnitPurpose): string | undefined {
  if (p.effects.length === 0) return undefined;
  const parts = p.effects
    .slice(0, 6)
    .map((e) => `${e.does ?? EFFECT_PHRASES[e.kind]} (${code(e.callee)}, line ${e.line})`);
  return `It ${listOf(parts)}.`;
}

/** `0xd800`, or `surr1` = `0xd800` for a constant read by its name. */
const constantText = (c: KnownConstant): string =>
  c.via ? `${code(c.via)} = ${code(c.text)}` : code(c.text);

/**
 * "It uses the constants of CRC-32: `0xEDB88320` (line 5) is the CRC-32 polynomial, bit-reversed." One
 * sentence for every family, each family's first constant told before a second of any.
 */
export function constantsSentence(families: readonly ConstantFamily[]): string {
  const count = families.reduce((sum, f) => sum + f.constants.length, 0);
  // A set told as one part; distinctive values one part each, the first of every family before a second.
  const parts = families.flatMap((f, i) =>
    f.together
      ? [
          {
            rank: i,
            // Each with its own line, in the order of the lines: a list of values beside a list of lines
            // would pair them wrongly.
            text: `${listOf([...f.constants].sort((a, b) => a.line - b.line).map((c) => `${constantText(c)} (line ${c.line})`))} are the ${f.together}`,
          },
        ]
      : f.constants.map((c, j) => ({
          rank: j === 0 ? i : families.length + j,
          text: `${constantText(c)} (line ${c.line}) is ${c.is}`,
        })),
  );
  const told = [...parts].sort((a, b) => a.rank - b.rank).slice(0, Math.max(3, families.length));
  const kept = parts.filter((p) => told.includes(p));
  const rest = parts.length - kept.length;
  const named = families.filter((f) => /^[A-Z]/.test(f.of)).map((f) => f.of);
  const lead = named.length
    ? `It uses the constants of ${listOf(named, 'and')}`
    : `It uses ${count === 1 ? 'a well-known constant' : 'well-known constants'}`;
  return `${lead}: ${listOf([...kept.map((p) => p.text), ...(rest > 0 ? [`${rest} more`] : [])], 'and')}.`;
}

/** Horner's rule told: a number read digit by digit, or bits packed a few at a time. */
function digitsSentence(d: NonNullable<UnitPurpose['shape']['digits']>): string {
  const [loop, scaling, adding] = d.lines;
  const at = (l: number) => (scaling === adding ? '' : ` (line ${l})`);
  const put =
    d.op === '-'
      ? `subtracts ${d.shift ? '' : 'the next digit, '}${code(d.added)}`
      : d.op === '|'
        ? `ORs in ${code(d.added)}`
        : `adds ${d.shift ? '' : 'the next digit, '}${code(d.added)}`;
  const same = scaling === adding ? ` (line ${scaling})` : '';
  return d.shift
    ? `It packs bits into ${code(d.target)}: each turn of the loop on line ${loop} shifts ${code(d.target)} left by ${d.by === '1' ? '1 bit' : `${d.by} bits`}${at(scaling)} and ${put}${at(adding)}${same}.`
    : `It reads a number digit by digit: each turn of the loop on line ${loop} multiplies ${code(d.target)} by ${code(d.by)}${at(scaling)} and ${put}${at(adding)}${same}.`;
}

/** `line 4`, `lines 4 and 6`. */
const linesText = (lines: readonly number[]): string =>
  lines.length === 1 ? `line ${lines[0]}` : `lines ${listOf(lines.map(String), 'and')}`;

/** A `switch` whose every arm returns a fixed value (purpose/shape.ts), with its first pairs. */
function mappingSentence(p: UnitPurpose, declared: string | undefined): string | undefined {
  const maps = p.shape.maps;
  if (!maps) return undefined;
  const to = declared && !/[,()]/.test(declared) ? `a ${code(declared)}` : 'a fixed value';
  const pairs = maps.pairs.map((x) => `${code(x.label)} gives ${code(x.value)}`);
  return `It maps ${code(maps.subject)} to ${to}, one per case (${count(maps.arms, 'case')}, ${code('switch')} on line ${maps.line})${pairs.length ? `: ${pairs.join(', ')}, and so on` : ''}.`;
}

/** Writes to one stream or builder: told after the well-known calls (a hash's `h.Write` is an HMAC's input). */
function writesSentence(p: UnitPurpose): string | undefined {
  const writes = p.shape.writes;
  if (!writes) return undefined;
  const loop = writes.loop
    ? `, in the loop on line ${writes.loop.line}${writes.loop.over ? ` over ${code(writes.loop.over)}` : ''}`
    : '';
  const pieces = writes.pieces.length ? `, including ${listOf(writes.pieces.map(code))}` : '';
  const fails = p.shape.failsAtEnd;
  return writes.returned
    ? `It builds a string in ${code(writes.target)}${loop} (${linesText(writes.lines)})${pieces}, and returns it (line ${writes.returned}).`
    : `It writes its output to ${code(writes.target)}${loop} (${linesText(writes.lines)})${pieces}${fails ? `, and then ${failsText(fails)}` : ''}.`;
}

/** "panics when `err != nil` (line 8)", "throws `E` when `x < 0` (line 5)". */
function failsText(fails: NonNullable<UnitPurpose['shape']['failsAtEnd']>): string {
  return `${fails.verb}${fails.what ? ` ${code(fails.what)}` : ''} when ${code(fails.condition)} (line ${fails.line})`;
}

/** Fields set on a returned parameter, and a hand-over to one call (unless a yes-or-no answer told it). */
function handOverSentences(p: UnitPurpose, delegationTold: boolean): string[] {
  const out: string[] = [];
  const { fills, delegates, appends, changesCase } = p.shape;
  if (fills)
    out.push(
      `It sets ${listOf(fills.fields.slice(0, 5).map(code))}${fills.fields.length > 5 ? ' and more' : ''} on ${fills.named ? 'its result ' : ''}${code(fills.target)} and returns it (${linesText(fills.lines.slice(0, 5))}).`,
    );
  if (appends) {
    const from = appends.from
      ? `, with values made from ${code(appends.from.name)}${appends.from.uses < appends.from.of ? ` in ${appends.from.uses} of them` : ''}`
      : '';
    out.push(
      appends.how === 'returns'
        ? `It appends to ${code(appends.target)} and returns the result: every return (${linesText(appends.lines.slice(0, 5))}) gives what ${code('append')} makes of ${code(appends.target)}${from}.`
        : `It appends to ${code(appends.target)} with ${code('append')} and returns it (${linesText(appends.lines.slice(0, 5))})${from}.`,
    );
  }
  if (changesCase)
    out.push(
      `It turns ASCII ${changesCase.to === 'upper' ? 'lower' : 'upper'}-case letters in ${code(changesCase.variable)} to ${changesCase.to} case (${code(changesCase.change)} when ${code(changesCase.test)}, line ${changesCase.line}).`,
    );
  if (delegates && !delegationTold)
    out.push(
      `It hands the work to ${code(delegates.callee)} and returns what that gives (${linesText(delegates.lines)}).`,
    );
  return out;
}

/** What the code says a unit is for: at most `max` sentences, strongest evidence first. */
export function purposeSentences(
  unit: UnitFacts,
  subject: string,
  options: { readonly max: number; readonly raises: boolean; readonly voice?: Voice },
): string[] {
  const p = unit.purpose;
  const short = isStandIn(unit.metrics.name) ? undefined : unit.metrics.name.split(/[.#:]/).pop();
  const out: string[] = [];
  // Strongest evidence first; once `max` sentences are written the weaker kinds are not read (each is
  // worked out on first read, and the idioms cost the most).
  const full = () => out.length >= options.max;
  if (p.doc) {
    out.push(docSentence(p.doc, subject, short));
    // The rest of the comment is evidence too: its contracts and caveats, for readers given room for them.
    if (options.max >= 3 && p.doc.caveats.length > 0)
      out.push(`The same ${docName(p.doc, false)} adds: ${p.doc.caveats.map((c) => `“${c}.”`).join(' ')}`);
  }
  if (full()) return out.slice(0, options.max);
  // "Read like an attribute" says how it is called, not what it is for: told after what the body does.
  const isProperty = (d: Declaration) => d.kind === 'property';
  for (const d of p.declarations.filter((x) => !isProperty(x))) {
    const s = declarationSentence(d);
    if (s) out.push(s);
  }
  const deprecated = p.shape.deprecated;
  const delegates = p.shape.delegates;
  // A deprecated wrapper is told as one: what warns, and where the work went.
  if (deprecated)
    out.push(
      `It is marked deprecated (${code(deprecated.via)}, line ${deprecated.line})${delegates ? ` and hands the work to ${code(delegates.callee)}, returning what that gives (${linesText(delegates.lines)})` : ''}.`,
    );
  if (full()) return out.slice(0, options.max);
  // Constants name the algorithm they belong to: CRC-32's polynomial says what the loop around it computes.
  if (p.constants.length > 0) out.push(constantsSentence(p.constants));
  if (full()) return out.slice(0, options.max);
  // A term of art the name is made of, unless the doc comment already says it: what the code is for, in the
  // field's words.
  const term = p.term;
  const docWords = p.doc ? ` ${wordsOf(p.doc.sentence).join(' ')} ` : '';
  // Constants that name the algorithm already say what the name would.
  if (term && p.constants.length === 0 && !docWords.includes(` ${term.words} `))
    out.push(`Its name refers to ${term.term} (${term.meaning}).`);
  if (full()) return out.slice(0, options.max);
  const r = unit.recursion;
  if (r?.shape === 'structural' && r.args.length > 0)
    out.push(
      `It walks a recursive structure: each call goes down to ${listOf(r.args.slice(0, 3).map(code), 'or')}${r.over.length ? `, reached through ${listOf(r.over.slice(0, 2).map(code))}` : ''}.`,
    );
  if (full()) return out.slice(0, options.max);
  // What the body computes says more about its purpose than how it starts.
  const checks = (i: Idiom) => i.kind === 'guard-clauses' || i.kind === 'validation';
  for (const i of p.idioms.filter((x) => !checks(x))) out.push(idiomSentence(i, options.raises));
  if (full()) return out.slice(0, options.max);
  const digits = p.shape.digits;
  if (digits) out.push(digitsSentence(digits));
  const first = p.shape.firstIndex;
  if (first)
    out.push(
      `It returns the first ${code(first.index)} at which ${code(first.condition)} holds, counting up by one (line ${first.line}), or ${code(first.otherwise)} when the loop ends without one (line ${first.otherwiseLine}).`,
    );
  const searches = p.shape.searches;
  if (searches)
    out.push(
      `${searches.when ? `When ${code(searches.when.text)} (line ${searches.when.line}), it` : 'It'} searches ${searches.over ? `${code(searches.over)} ` : ''}for the first ${code(searches.index)} at which the test on line ${searches.test} holds (${code(searches.step)} each turn, loop on line ${searches.line}), and stops there.`,
    );
  const cut = p.shape.truncates;
  if (cut)
    out.push(
      `It cuts ${code(cut.target)} down to its first ${code(cut.length)} ${cut.characters ? 'characters' : 'items'} (line ${cut.line})${cut.when ? `, when ${code(cut.when.text)} (line ${cut.when.line})` : ''}.`,
    );
  const climbs = p.shape.climbs;
  if (climbs)
    out.push(
      `It climbs towards the root of a binary tree kept in an array: the loop moves ${code(climbs.index)} up to its parent index, ${code(climbs.parent)} (${linesText(climbs.lines)}).`,
    );
  if (full()) return out.slice(0, options.max);
  const made = p.result;
  // A yes-or-no answer says more than "hands the work to `dst.startswith`".
  const mapping = mappingSentence(p, made?.type);
  if (mapping) out.push(mapping);
  const outcomes = p.shape.outcomes;
  if (outcomes)
    out.push(
      `It answers with one of ${outcomes.values.length} outcomes of ${code(outcomes.type)}: ${listOf(outcomes.values.map(code), 'or')} (${outcomes.lines.length <= 3 ? linesText(outcomes.lines) : `${count(outcomes.lines.length, 'return')}, from line ${outcomes.lines[0]}`}).`,
    );
  out.push(...handOverSentences(p, !!(made?.answers || made?.byCases || made?.early || p.shape.deprecated)));
  if (full()) return out.slice(0, options.max);
  for (const d of p.declarations.filter(isProperty)) out.push(declarationSentence(d)!);
  if (full()) return out.slice(0, options.max);
  // The checks it makes in turn and what each returns tell more than "starts with 2 guard clauses".
  const turns = made?.inTurn;
  if (turns) {
    const arms = turns.arms.map(
      (a) => `${a.said ?? code(a.value)} when ${listOf(a.when, a.all ? 'and' : 'or')} (line ${a.line})`,
    );
    const otherwise = `${turns.otherwise.said ?? code(turns.otherwise.value)} otherwise (line ${turns.otherwise.line})`;
    out.push(
      `${turns.arms.length === 1 ? 'It returns' : 'It checks in turn and returns'} ${listOf([...arms, otherwise], 'and')}.`,
    );
  } else for (const i of p.idioms.filter(checks)) out.push(idiomSentence(i, options.raises));
  if (full()) return out.slice(0, options.max);
  const effects = effectsSentence(p);
  if (effects) out.push(effects);
  if (full()) return out.slice(0, options.max);
  const writes = writesSentence(p);
  if (writes) out.push(writes);
  const removes = p.shape.removes;
  if (removes)
    out.push(
      `It ${removes.conditional ? 'can remove' : 'removes'} from its parameter ${code(removes.target)}, a ${code(removes.type)} (${listOf(removes.calls.map(code))}, ${linesText(removes.lines)}).`,
    );
  if (full()) return out.slice(0, options.max);
  // Told with the writes it follows, or on its own: what makes it fail once its work is done.
  else if (p.shape.failsAtEnd) out.push(`It ends by checking: it ${failsText(p.shape.failsAtEnd)}.`);
  if (full()) return out.slice(0, options.max);
  // The author's step headings say what it does where the shape alone does not.
  const outline = made?.answers || made?.early || made?.byCases ? undefined : outlineSentence(unit);
  if (outline) out.push(outline);
  if (full()) return out.slice(0, options.max);
  // What comes out of it: the object it creates, or the result type its signature declares.
  if (made?.answers)
    out.push(`It answers yes or no: it returns whether ${made.answers.text} (line ${made.answers.line}).`);
  else if (made?.early) {
    const exits = made.early.exits.map(
      (e) => `${code(e.value)} ${e.inLoop ? 'as soon as' : 'when'} ${listOf(e.when, 'and')} (line ${e.line})`,
    );
    out.push(
      `It answers yes or no: it returns ${listOf(exits, 'and')}, and otherwise whether ${made.early.asks} (line ${made.early.line}).`,
    );
  } else if (made?.byCases)
    out.push(
      `It answers yes or no: it returns ${code(made.byCases.value)} when ${listOf(made.byCases.when, 'or')}, and ${code(made.byCases.otherwise)} otherwise (lines ${listOf(made.byCases.lines.map(String))}).`,
    );
  else if (made?.creates) out.push(`It creates and returns a new ${code(made.creates)} (line ${made.line}).`);
  else if (made?.converts)
    out.push(
      `It converts ${code(made.converts.value)} to ${made.converts.to} and returns it (line ${made.line}).`,
    );
  // The declared type only echoes the signature the reader sees: said when nothing else was.
  else if (made?.type && out.length === 0)
    out.push(`Its signature declares that it returns ${code(made.type)} (line ${made.line}).`);
  // A name is not evidence of what the code does: "`readObject` suggests it reads object" was said of a
  // method that refuses to read one. Names only ever echo themselves, so nothing is said from them.
  return out.slice(0, options.max);
}

/** Longest step heading quoted, in characters. */
const MAX_HEADING = 90;

/** The first sentence of a comment, without its full stop. */
const headingOf = (text: string): string =>
  text
    .split(/(?<=[.!?])\s+/)[0]!
    .replace(/[.:;]+$/, '')
    .trim();

/**
 * The comments in a unit's body that head a step in the imperative ("Build bad character table."), among
 * those its paragraph tells (and the audit re-checks as `comment-explains`).
 */
export function stepHeadings(unit: UnitFacts): InnerComment[] {
  return unit.comments.slice(0, TOLD.comments).filter((c) => {
    const heading = headingOf(c.text);
    const first = /^[A-Za-z]+/.exec(heading)?.[0] ?? '';
    return (
      heading.length <= MAX_HEADING &&
      !heading.endsWith('?') &&
      VERBS.has(first.toLowerCase()) &&
      /^[A-Z]/.test(first)
    );
  });
}

/** "Its comments outline its steps: “Build bad character table” (line 47), then “Build good suffix table” (line 59)." */
function outlineSentence(unit: UnitFacts): string | undefined {
  const steps = stepHeadings(unit).slice(0, 4);
  if (steps.length === 0) return undefined;
  const quoted = steps.map((c) => `“${headingOf(c.text)}” (line ${c.line})`);
  return steps.length === 1
    ? `Its author heads a step on line ${steps[0]!.line}: “${headingOf(steps[0]!.text)}”.`
    : `Its comments outline its steps: ${quoted.slice(0, -1).join(', ')}, then ${quoted[quoted.length - 1]}.`;
}

/** The anonymous function passed to a call, in words: "the function passed to `rows.map` on line 7". */
export function callbackName(unit: UnitFacts): string | undefined {
  const d = unit.purpose.declarations.find(
    (x) =>
      x.kind === 'callback' ||
      x.kind === 'assigned' ||
      x.kind === 'returned' ||
      x.kind === 'route' ||
      x.kind === 'test' ||
      x.kind === 'event-handler',
  );
  if (!d) return undefined;
  const what =
    unit.metrics.kind === 'arrow' ? 'arrow function' : unit.metrics.kind === 'lambda' ? 'lambda' : 'function';
  if (d.kind === 'callback') return `the ${what} passed to ${code(d.callee)} on line ${d.line}`;
  if (d.kind === 'assigned') return `the ${what} assigned to ${code(d.target)} on line ${d.line}`;
  if (d.kind === 'returned') return `the ${what} returned on line ${d.line}`;
  if (d.kind === 'route')
    return `the ${what} that handles ${d.methods.join('/') || 'requests to'} ${code(d.path ?? '')}`.replace(
      / ``$/,
      '',
    );
  return `the ${what} on line ${unit.metrics.startLine}`;
}

/**
 * A function written and called in one place: `defer func() { … }()` (Go, run once as the function around
 * it returns) or `(() => { … })()` (run once, there). Undefined for one handed on to be called later.
 */
function calledOnce(fn: SnapshotNode): 'deferred' | 'now' | undefined {
  let at = fn;
  while (at.parent?.type === 'parenthesized_expression') at = at.parent;
  const call = at.parent;
  if (!call || !/call/.test(call.type) || call.childForFieldName('function')?.id !== at.id) return undefined;
  return call.parent && /defer/.test(call.parent.type) ? 'deferred' : 'now';
}

/** `*p = …`, `(*p)++`, `++(*p)`: a write through a pointer, to memory the caller owns, not to the parameter. */
export const throughPointer = (text: string): boolean => /^(?:\(?\*|(?:\+\+|--)\s*\(\*)/.test(text.trim());

/** Where a unit's inputs come from, what it changes in place and which fields it sets. */
export function dataFlowSentences(unit: UnitFacts, max = 4): string[] {
  const flow = unit.purpose.dataFlow;
  const out: string[] = [];
  const captured = unit.purpose.captures;
  if (captured) {
    const around = captured.fromFurtherOut
      ? 'the functions around it'
      : `the function around it${unit.parent && !isStandIn(unit.parent) ? ` (${code(unit.parent)})` : ''}`;
    const once = calledOnce(unit.metrics.node);
    const kept =
      once === 'deferred'
        ? `, and changes ${listOf(captured.changes.map(code))} of that function as it returns (it is deferred, so it runs once, then)`
        : once === 'now'
          ? `, and changes ${listOf(captured.changes.map(code))} of that function (it is called where it is written, once)`
          : `, and changes ${listOf(captured.changes.map(code))}, state kept between its calls`;
    out.push(
      `It is a closure: it uses ${listOf(captured.uses.slice(0, 5).map(code))} from ${around}${
        captured.changes.length ? kept : ''
      }${
        captured.fills?.length
          ? `, and changes the contents of ${listOf(captured.fills.map(code))}, which that function holds`
          : ''
      }.`,
    );
  }
  for (const chain of unit.purpose.chains.slice(0, 2))
    out.push(
      `On line ${chain.line} it chains ${listOf(chain.methods.map(code))}: each step works on what the one before it produced.`,
    );
  const kinds = [...new Set(flow.inputs.map((i) => i.kind))];
  if (kinds.length > 0) {
    const parts = kinds.map((kind) => {
      const reads = flow.inputs.filter((i) => i.kind === kind).slice(0, 3);
      return `the ${kind} (${listOf(reads.map((r) => `${code(r.text)}, line ${r.line}`))})`;
    });
    out.push(`It takes input from ${listOf(parts)}.`);
  }
  // `*dest = 0`: the parameter is a pointer, and what changes is the memory it points to, not it.
  const through = flow.mutatedParams.filter((m) => !m.passing && throughPointer(m.text));
  if (through.length > 0)
    out.push(
      `It writes through ${through.length === 1 ? 'its pointer parameter' : 'its pointer parameters'} ${listOf(
        through.map((m) => `${code(m.target)} (${code(m.text)}, line ${m.line})`),
      )}, into memory its caller owns.`,
    );
  // An item put in and taken out again: a path or a stack of what is being worked on, not a change to hand back.
  for (const m of flow.mutatedParams.filter((w) => w.restored && !w.passing))
    out.push(
      `It puts ${code(m.restored!.item)} into its parameter ${code(m.target)} (${code(m.text)}, line ${m.line}) and takes it out again on line ${m.restored!.line}: in between, and in the calls made there, ${code(m.target)} holds it, and a return after line ${m.restored!.line} leaves ${code(m.target)} as the caller passed it.`,
    );
  const inPlace = flow.mutatedParams.filter((m) => !m.passing && !m.restored && !throughPointer(m.text));
  if (inPlace.length > 0)
    out.push(
      `It changes ${inPlace.length === 1 ? 'its parameter' : 'its parameters'} ${listOf(
        inPlace.map((m) => `${code(m.target)} (${code(m.text)}, line ${m.line})`),
      )} in place, so the caller sees the change.`,
    );
  const handedBack = flow.mutatedParams.filter((m) => m.passing);
  if (handedBack.length > 0)
    out.push(
      `It sets ${listOf(
        handedBack.map(
          (m) => `its ${code(m.passing!)} parameter ${code(m.target)} (${code(m.text)}, line ${m.line})`,
        ),
      )}, which the caller's variable receives.`,
    );
  const assigned = flow.fieldWrites.filter((w) => !w.method && !w.element && !w.via);
  const into = flow.fieldWrites.filter((w) => w.element);
  const passed = flow.fieldWrites.filter((w) => w.via);
  if (into.length > 0)
    out.push(`It writes into ${listOf(into.slice(0, 4).map((w) => `${code(w.target)} (line ${w.line})`))}.`);
  if (passed.length > 0)
    out.push(
      `It passes ${listOf(passed.slice(0, 4).map((w) => `${code(w.target)} by ${code(w.via!.passing)} to ${code(w.via!.callee)} (line ${w.line})`))}, which can set ${passed.length === 1 ? 'it' : 'them'}.`,
    );
  if (assigned.length > 0)
    out.push(
      `It sets ${listOf(assigned.slice(0, 4).map((w) => `${code(w.target)} (line ${w.line})`))}${assigned.length > 4 ? ` and ${count(assigned.length - 4, 'more field')}` : ''}.`,
    );
  const changed = flow.fieldWrites.filter((w) => w.method);
  if (changed.length > 0)
    out.push(
      `It changes ${listOf(changed.slice(0, 4).map((w) => `${code(w.target)} in place (${code(w.method!)}, line ${w.line})`))}${changed.length > 4 ? ` and ${count(changed.length - 4, 'more field')}` : ''}.`,
    );
  return out.slice(0, max);
}

/** What a unit's calls to well-known APIs do, one line each: for the side-effects section. */
export function effectLines(unit: UnitFacts): string[] {
  // Turning a value into text or text into a value changes nothing outside the call: no side effect.
  return unit.purpose.effects
    .filter((e) => e.kind !== 'serialise' && e.kind !== 'parse-data')
    .map((e) => `${EFFECT_PHRASES[e.kind]} (${code(e.callee)}, line ${e.line})`);
}
