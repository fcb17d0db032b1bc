/**
 * Learning mode: the concepts the code uses, each with where it appears and a
 * tiny example, and questions built from the code's own conditions and loops.
 */
import type { Section } from '@code-explain/shared';
import type { CaseArm, Step, UnitFacts } from '../facts/model.js';
import { LANGUAGES } from '../languages/index.js';
import type { ExampleFamily as Family, ExceptionKnowledge } from '../languages/model.js';
import { TERMS, type Term, type Voice } from './audience.js';
import type { ComposeInput } from './input.js';
import { callables, classes } from './overview.js';
import { capitalize, code, endsIteration, listOf, listUpTo } from './text.js';
import { escapeRegExp } from '../regex.js';
import { callArguments } from '../nodes.js';
import { signature } from './walkthrough.js';
import { compiledOnlyNote } from './compile-time.js';

// Tiny illustrations of each concept, per language family. They teach the
// idea; what the snippet itself does is quoted from its own lines.
const EXAMPLES: Partial<Record<Term, Partial<Record<Family, string>>>> = {
  function: {
    js: 'function double(x) { return x * 2; }',
    python: 'def double(x):\n    return x * 2',
    java: 'static int twice(int x) { return x * 2; }',
    go: 'func double(x int) int { return x * 2 }',
  },
  loop: {
    js: 'for (const n of [1, 2, 3]) console.log(n);',
    python: 'for n in [1, 2, 3]:\n    print(n)',
    java: 'for (int n : List.of(1, 2, 3)) System.out.println(n);',
    go: 'for _, n := range []int{1, 2, 3} { fmt.Println(n) }',
  },
  condition: {
    js: 'if (age >= 18) { vote(); } else { wait(); }',
    python: 'if age >= 18:\n    vote()\nelse:\n    wait()',
    java: 'if (age >= 18) { vote(); } else { waitYears(); }',
    go: 'if age >= 18 { vote() } else { wait() }',
  },
  return: {
    js: 'function area(w, h) { return w * h; }',
    python: 'def area(w, h):\n    return w * h',
    java: 'int area(int w, int h) { return w * h; }',
    go: 'func area(w, h int) int { return w * h }',
  },
  exception: {
    js: 'try { JSON.parse(text); } catch (err) { console.error(err.message); }',
    python: 'try:\n    int(text)\nexcept ValueError as err:\n    print(err)',
    java: 'try { Integer.parseInt(s); } catch (NumberFormatException e) { log(e); }',
  },
  await: {
    js: 'const res = await fetch(url);',
    python: 'data = await client.get(url)',
  },
  recursion: {
    js: 'function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }',
    python: 'def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)',
    java: 'int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }',
    go: 'func fact(n int) int { if n <= 1 { return 1 }; return n * fact(n-1) }',
  },
  class: {
    js: 'class Counter { count = 0; increment() { this.count++; } }',
    python: 'class Counter:\n    def __init__(self):\n        self.count = 0',
    java: 'class Counter { int count; void increment() { count++; } }',
  },
  comprehension: { python: 'squares = [n * n for n in range(5)]' },
  'generator expression': { python: 'total = sum(n * n for n in range(5))' },
  generator: {
    js: 'function* ids() { let i = 0; while (true) yield i++; }',
    python: 'def ids():\n    i = 0\n    while True:\n        yield i\n        i += 1',
  },
  goroutine: { go: 'go worker(jobs)' },
  defer: { go: 'f, _ := os.Open(name)\ndefer f.Close()' },
  switch: {
    js: "switch (day) { case 'sat': case 'sun': rest(); break; default: work(); }",
    java: 'switch (day) { case SATURDAY, SUNDAY -> rest(); default -> work(); }',
    go: 'switch day { case "sat", "sun": rest(); default: work() }',
    python: 'match command:\n    case "stop":\n        halt()\n    case _:\n        go()',
  },
};

interface Use {
  readonly term: Term;
  readonly line: number;
}

function firstStep(
  units: readonly UnitFacts[],
  topLevel: readonly Step[],
  pick: (s: Step) => boolean,
): Step | undefined {
  const all = [...units.flatMap((u) => u.steps), ...topLevel].filter(pick);
  return all.sort((a, b) => a.line - b.line)[0];
}

/**
 * The line a unit is declared on: where its name or parameters are written, below any annotations,
 * decorators or attributes its first line may hold.
 */
function declarationLine(u: UnitFacts): number {
  const node = u.metrics.node;
  const named = node.childForFieldName('name') ?? node.childForFieldName('parameters');
  if (named) return named.startPosition.row + 1;
  // C keeps the name inside its declarator (`static int` on one line, `count(…)` on the next): the line
  // of the name itself, before the body.
  const short = u.metrics.name.split(/[.#:]/).pop();
  const body = node.childForFieldName('body');
  const nodes = node.doc.nodes;
  for (let id = node.id + 1; id <= node.lastId && (!body || id < body.id); id++) {
    const n = nodes[id]!;
    if (/identifier$/.test(n.type) && n.text === short) return n.startPosition.row + 1;
  }
  return u.metrics.startLine;
}

function conceptsUsed(input: ComposeInput): Use[] {
  const units = callables(input);
  const top = input.facts.topLevel;
  const uses: Use[] = [];
  const add = (term: Term, line: number | undefined) => {
    if (line !== undefined) uses.push({ term, line });
  };
  add('function', units[0] && declarationLine(units[0]));
  // A Rust `impl` block or trait is no class: it is not shown as one.
  add(
    'class',
    classes(input).find((c) => !/^(impl_item|trait_item)$/.test(c.metrics.node.type))?.metrics.startLine,
  );
  const compact = (s: Step) => s.detail === 'comprehension' || s.detail === 'generator';
  add('loop', firstStep(units, top, (s) => s.kind === 'loop' && !compact(s))?.line);
  add('comprehension', firstStep(units, top, (s) => s.detail === 'comprehension')?.line);
  add('generator expression', firstStep(units, top, (s) => s.detail === 'generator')?.line);
  add('condition', firstStep(units, top, (s) => s.kind === 'branch')?.line);
  add('switch', firstStep(units, top, (s) => s.kind === 'switch')?.line);
  add('return', firstStep(units, top, (s) => s.kind === 'return')?.line);
  add(
    'exception',
    firstStep(units, top, (s) => s.kind === 'throw' || (s.kind === 'catch' && !endsIteration(s)))?.line,
  );
  add('await', firstStep(units, top, (s) => s.kind === 'await')?.line);
  const generator = units.find((u) => u.isGenerator);
  add('generator', generator && declarationLine(generator));
  const recursive = units.find((u) => u.recursive);
  add('recursion', recursive && declarationLine(recursive));
  add('goroutine', firstStep(units, top, (s) => s.kind === 'spawn')?.line);
  add('defer', firstStep(units, top, (s) => s.kind === 'defer')?.line);
  return uses;
}

/** A line of the code quoted as an example, cut at a token boundary when long. */
function quoteLine(text: string): string {
  const max = 70;
  if (text.length <= max) return code(text);
  const cut = text.slice(0, max);
  const at = Math.max(cut.lastIndexOf(' '), cut.search(/[(,;{][^(,;{]*$/) + 1);
  return code(`${cut.slice(0, at > 20 ? at : max).trimEnd()}…`);
}

/** For the glossary: where each term occurs in this code, quoted with its line. */
export function examplesOf(input: ComposeInput): (term: Term) => string | undefined {
  const lines = input.request.code.split(/\r\n|\r|\n/);
  const found = new Map<Term, number>();
  for (const use of conceptsUsed(input)) if (!found.has(use.term)) found.set(use.term, use.line);
  const units = callables(input);
  const withParams = units.find((u) => u.params.length > 0);
  if (withParams) found.set('parameter', declarationLine(withParams));
  const method = units.find((u) => u.metrics.kind === 'method');
  if (method) found.set('method', declarationLine(method));
  return (term) => {
    const line = found.get(term);
    const text = line === undefined ? undefined : lines[line - 1]?.trim();
    return text ? `${quoteLine(text)} (line ${line})` : undefined;
  };
}

export function concepts(input: ComposeInput, voice: Voice): Section {
  const lines = input.request.code.split(/\r\n|\r|\n/);
  const family = LANGUAGES[input.request.language].wording.examples;
  const blocks = conceptsUsed(input).map(({ term, line }) => {
    const own = (lines[line - 1] ?? '').trim();
    const example = family ? EXAMPLES[term]?.[family] : undefined;
    const parts = [
      `**${capitalize(term)}** — ${TERMS[term]}.`,
      own ? `In this code, line ${line}: ${code(own)}` : undefined,
      example && !voice.expert ? `A tiny example:\n\`\`\`\n${example}\n\`\`\`` : undefined,
    ];
    return parts.filter(Boolean).join('\n');
  });
  return {
    title: 'Concepts used',
    content: blocks.length
      ? blocks.join('\n\n')
      : input.facts.errorRegions > 0
        ? 'The parser read no control flow in the parts of the code it could read.'
        : 'The code is a single expression or declaration with no control flow to learn from.',
  };
}

/** A question about this code, and the answer the code itself gives (with lines), shown under it. */
interface Question {
  readonly ask: string;
  readonly answer: string;
}

/** What a unit does when its loop's collection is empty, from its own facts. */
/** A plain variable or field (`items`, `self.rows`, `this.queue`), not a constant named in capitals. */
const PLAIN_NAME = /^(?![A-Z][A-Z0-9_]*$)[A-Za-z_$][\w$]*(\s*(\.|->)\s*[A-Za-z_$][\w$]*)*$/;
/** Views of a collection that are empty just when it is (`d.items()`, `enumerate(xs)`, `range(len(xs))`). */
const VIEWS = [
  /^(.+)\.(items|keys|values|entries|iter|iterator|chars|bytes)\(\)$/,
  /^(?:enumerate|reversed|sorted|iter|list|tuple|Object\.(?:keys|values|entries))\(([^(),]+)\)$/,
  /^range\(len\(([^(),]+)\)\)$/,
];

/**
 * Whether what a loop goes over could be empty as far as the code shows: a plain variable, field or
 * parameter, or a view of one. A computed one (`b + b'u' * 4`, `range(4)`, a literal list) may never be.
 */
function couldBeEmpty(u: UnitFacts, subject: string): boolean {
  const text = subject.trim();
  const named = PLAIN_NAME.test(text)
    ? text
    : VIEWS.map((view) => view.exec(text)?.[1]?.trim()).find((inner) => inner && PLAIN_NAME.test(inner));
  return named !== undefined && fromOutside(u, named);
}

/**
 * Whether a name is a parameter, or a field of the object itself (`self.rows`, `this.queue`): what a caller
 * decides, so it may be empty. A local the body fills (`curr`, built up to five items) may never be, where
 * the loop runs.
 */
function fromOutside(u: UnitFacts, name: string): boolean {
  const [root, ...rest] = name.split(/\s*(?:\.|->)\s*/);
  if (root === undefined) return false;
  if (/^(self|this)$/.test(root)) return rest.length > 0;
  return u.paramsKnown && u.params.includes(root);
}

/**
 * Whether a name the condition reads is set in the unit before `line` (`key = strdup(key)` above
 * `if (key == NULL)`): then the condition is about what the code made, not about the inputs.
 */
function setBefore(u: UnitFacts, condition: string, line: number): boolean {
  const names = [...new Set(condition.match(/[A-Za-z_$][\w$]*/g) ?? [])];
  const before = u.metrics.node.text.split('\n').slice(1, Math.max(1, line - u.metrics.startLine));
  return names.some((n) =>
    before.some((l) => new RegExp(`(?<![\\w$.])${escapeRegExp(n)}\\s*(?:[-+*/%|&^]?=(?!=)|:=)`).test(l)),
  );
}

/** Calls that stop the program when their condition fails: an assertion before a loop can rule out emptiness. */
const ASSERTS =
  /\b(?:assert|assert!|debug_assert!|assert_eq!|assert_ne!|Debug\.Assert|Trace\.Assert|precondition|require|invariant|Preconditions\.checkArgument|Validate\.notEmpty|Objects\.requireNonNull)\s*\(?/;

/**
 * Whether the code checks `subject` before the loop on `line`: an assertion or a branch that reads it
 * (`assert!(patterns.len() >= 1)`, `if not xs: return`). Then an empty one may never reach the loop, and
 * "the loop does not run" is not what happens: the question is not asked.
 */
export function checkedBefore(u: UnitFacts, subject: string, line: number): boolean {
  const name = VIEWS.map((view) => view.exec(subject.trim())?.[1]?.trim()).find(Boolean) ?? subject.trim();
  const root = escapeRegExp(name);
  const mentions = new RegExp(`(^|[^\\w.])${root}(?![\\w])`);
  if (u.steps.some((s) => s.line < line && s.kind === 'branch' && s.subject && mentions.test(s.subject)))
    return true;
  const start = u.metrics.startLine;
  const before = u.metrics.node.text.split('\n').slice(0, Math.max(0, line - start));
  return before.some((l) => ASSERTS.test(l) && mentions.test(l));
}

function emptyAnswer(u: UnitFacts, loop: Step): string {
  const after = u.steps.find((s) => s.kind === 'return' && s.line > loop.line && s.depth === 0 && s.subject);
  return `The loop on line ${loop.line} does not run${after?.subject ? `, and the code goes on to return ${code(after.subject)} (line ${after.line})` : ''}.`;
}

/** " when `x < 0`", " when `kind` is `'a'` or `'b'`": what leads to a return, when the code says it plainly; else ''. */
function returnCondition(u: UnitFacts, r: Step): string {
  // The branch whose arm is only this return: on its line, or the first return after it with the same value.
  const guard = u.steps.find(
    (s) =>
      s.kind === 'branch' &&
      s.then?.kind === 'return' &&
      s.depth === 0 &&
      (s.line === r.line ||
        (s.then.subject === r.subject && u.steps.find((x) => x.kind === 'return' && x.line > s.line) === r)),
  );
  if (guard?.subject) return setBefore(u, guard.subject, guard.line) ? '' : ` when ${code(guard.subject)}`;
  const arm = armOf(u, r);
  return arm
    ? ` when ${code(arm.subject)} is ${arm.isDefault ? 'none of the listed values' : listOf(arm.labels.map(code), 'or')}`
    : '';
}

/** The returns of a unit, each with the condition that leads to it when a branch's arm is only that return. */
function returnsAnswer(u: UnitFacts, returns: readonly Step[]): string {
  const parts = returns
    .slice(0, 6)
    .map(
      (r) =>
        `line ${r.line}${r.subject ? ` returns ${code(r.subject)}` : ''}${returnCondition(u, r)}${compiledOnlyNote(u.compileGroups, r.line)}`,
    );
  return `${capitalize(listOf(parts))}${returns.length > 6 ? `, and ${returns.length - 6} more` : ''}.`;
}

/** The switch arm a step is in: the last arm starting at or before it, of a switch it is nested in. */
function armOf(
  u: UnitFacts,
  step: Step,
): { subject: string; labels: readonly string[]; isDefault: boolean } | undefined {
  const index = u.steps.indexOf(step);
  for (let i = index - 1; i >= 0; i--) {
    const s = u.steps[i]!;
    // A step at the switch's depth or shallower between them means the switch ended before it.
    if (s.kind !== 'switch') {
      if (s.depth < step.depth - 1) return undefined;
      continue;
    }
    // A switch that ended before the step (one nested in the arm above it) holds none of its arms.
    const nodes = u.metrics.node.doc.nodes;
    const sw = nodes[s.node];
    const here = nodes[step.node];
    if (sw && here && (here.startIndex < sw.startIndex || here.endIndex > sw.endIndex)) continue;
    // Only a return directly in an arm: one inside an `if` in the arm needs that condition too.
    if (s.depth !== step.depth - 1 || !s.subject || !s.cases) return undefined;
    const at = s.cases.findLastIndex((c) => c.line <= step.line);
    const arm = s.cases[at];
    // An arm the one above falls into is reached by that arm's labels too: say nothing rather than half.
    return arm && !arm.fallsThrough && !s.cases[at - 1]?.fallsThrough
      ? { subject: s.subject, labels: arm.labels, isDefault: arm.isDefault }
      : undefined;
  }
  return undefined;
}

/** The calls a catch clause guards: those inside its `try` block (or, unread, between a `try` and it). */
function guardedCalls(u: UnitFacts, handler: Step): Step[] {
  const { guards } = handler;
  return u.steps.filter((s) =>
    s.kind !== 'call'
      ? false
      : guards
        ? s.node >= guards.first && s.node <= guards.last
        : s.line < handler.line && u.steps.some((t) => t.kind === 'try' && t.line <= s.line),
  );
}

/** Whether `thrown` is `type` or, by the catalogue's parents, a kind of it. */
function isKindOf(knowledge: ExceptionKnowledge, thrown: string, type: string): boolean {
  const seen = new Set<string>();
  for (let t: string | undefined = thrown; t !== undefined && !seen.has(t); t = knowledge.parents[t]) {
    if (t === type) return true;
    seen.add(t);
  }
  return false;
}

/** What the catalogue says a call throws that a handler of `caught` takes, each with the type it is caught as. */
function caughtThrows(
  knowledge: ExceptionKnowledge,
  callee: string,
  caught: readonly string[],
): { thrown: string; as: string }[] {
  const thrown = knowledge.throws.find(([pattern]) => pattern.test(callee))?.[1] ?? [];
  return thrown.flatMap((t) => {
    const as = caught.find((c) => isKindOf(knowledge, t, c));
    return as ? [{ thrown: t, as }] : [];
  });
}

/** A call named with what it throws that the handler takes: "`Integer.parseInt`, which throws `X`". */
function throwerText(
  verb: string,
  callee: string,
  throws: readonly { thrown: string; as: string }[],
): string {
  const types = throws.map(({ thrown, as }) =>
    thrown === as ? code(thrown) : `${code(thrown)} (a kind of ${code(as)})`,
  );
  return `${code(callee)}, which ${verb} ${listOf(types, 'or')}`;
}

/**
 * Which guarded calls can end up in a handler. Every call, for a handler that takes anything; otherwise
 * only calls the language's catalogue shows throw a caught type, and the rest are said to be unknown.
 */
function catchAnswer(input: ComposeInput, u: UnitFacts, handler: Step): string {
  const callees = [...new Set(guardedCalls(u, handler).map((t) => t.subject ?? ''))].filter(Boolean);
  if (callees.length === 0) return `Whatever the block before line ${handler.line} runs.`;
  const language = LANGUAGES[input.request.language];
  const knowledge = language.exceptions;
  const caught = handler.caught;
  const verb = language.wording.raises ? 'raise' : 'throw';
  const all = listUpTo(callees.map(code), 6);
  if (!knowledge || !caught)
    return `The block it guards calls ${all}; which of them can ${verb} what the handler catches is not visible here.`;
  if (caught.length === 0 || caught.some((t) => knowledge.catchAll.has(t)))
    return `The calls in the block it guards: ${all}.`;
  const takes = `The handler catches ${listOf(caught.map(code), 'or')} (and kinds of ${caught.length > 1 ? 'them' : 'it'}), not every error`;
  const throwers = callees.flatMap((callee) => {
    const throws = caughtThrows(knowledge, callee, caught);
    return throws.length ? [throwerText(`${verb}s`, callee, throws)] : [];
  });
  const unknown = callees.filter((callee) => caughtThrows(knowledge, callee, caught).length === 0);
  // A callee written in the snippet is visible: its own `raise`/`throw` statements say what it can end with.
  const local = unknown.flatMap((callee) => {
    const short = callee.split('.').pop();
    const unit = input.facts.units.find(
      (x) => x.metrics.kind !== 'class' && x.metrics.name.split(/[.#:]/).pop() === short,
    );
    const lines = unit?.steps.filter((st) => st.kind === 'throw').map((st) => String(st.line)) ?? [];
    return lines.length
      ? [
          `${code(callee)}, written in this snippet, can ${verb} (line${lines.length > 1 ? 's' : ''} ${listOf(lines, 'and')})`,
        ]
      : [];
  });
  if (throwers.length === 0 && local.length > 0)
    return `${takes}. ${capitalize(listOf(local))}; whether that is what the handler takes depends on what it ${verb}s there.`;
  if (throwers.length === 0)
    return `${takes}; which of the calls it guards (${all}) can ${verb} it is not visible here.`;
  const rest = unknown.length
    ? ` Nothing here shows that ${listUpTo(unknown.map(code), 6, 'or')} ${verb}s it.`
    : '';
  return `${capitalize(listOf(throwers))}. ${takes}.${rest}`;
}

/** The arms whose bodies run on into the default arm's: those just before it that fall through, in a row. */
function fallingInto(cases: readonly CaseArm[]): CaseArm[] {
  const at = cases.findIndex((c) => c.isDefault);
  const into: CaseArm[] = [];
  for (let i = at - 1; i >= 0 && cases[i]!.fallsThrough; i--) into.unshift(cases[i]!);
  return into;
}

/**
 * Which values reach the default arm: those no other arm names, and those whose arm falls through into it
 * (a Go `fallthrough`, a C `case` with no `break`), which reach its body too.
 */
function defaultAnswer(cases: readonly CaseArm[]): string {
  const into = fallingInto(cases);
  const others = cases.filter((c) => !c.isDefault && !into.includes(c)).flatMap((c) => c.labels);
  const falling = into.flatMap((c) => c.labels).map(code);
  const by = falling.length === 1 ? 'whose arm falls' : 'whose arms fall';
  const also = falling.length ? `, and ${listUpTo(falling, 8, 'and')} too, ${by} through into it` : '';
  if (!others.length) return `Every value: those no arm names${also}.`;
  return `Any value other than ${listUpTo(others.map(code), 8, 'or')}${also}.`;
}

/**
 * Whether `condition` reads a parameter that every self-call of the unit passes a changed value for: an
 * argument in its place that is not the parameter itself (`n - 1`, `node.left`, `rest`).
 */
function testsChangedArgument(u: UnitFacts, condition: string): boolean {
  const sites = u.recursion?.sites ?? [];
  if (sites.length === 0) return false;
  const nodes = u.metrics.node.doc.nodes;
  const calls = sites.map((id) => nodes[id]).filter((n) => n !== undefined);
  if (calls.length !== sites.length) return false;
  const params = u.params.filter((p) => !/^(self|cls|this)$/.test(p));
  return params.some((p, i) => {
    if (
      !/^[A-Za-z_$][\w$]*$/.test(p) ||
      !new RegExp(`(?<![\\w$.])${escapeRegExp(p)}(?![\\w$])`).test(condition)
    )
      return false;
    return calls.every((call) => {
      const args = callArguments(call);
      if (args.length !== params.length) return false;
      const arg = args[i]!.text.trim();
      // `n - 1`, `node.left`, `obj[j]`, `rest.slice(1)`: not the parameter as it came, nor another bare name.
      return arg !== p && !/^[\w$]+$/.test(arg);
    });
  });
}

/**
 * Whether the code decides anything: a loop, branch, switch, throw or `try`, an assertion (Python's
 * `assert`, `assert!`, `Debug.Assert`), or `&&`, `||` or `?:` choosing what runs.
 */
function decides(input: ComposeInput): boolean {
  const kinds = new Set(['loop', 'branch', 'switch', 'throw', 'try', 'catch']);
  const steps = input.facts.units.flatMap((u) => u.steps);
  return (
    steps.some((s) => kinds.has(s.kind)) ||
    ASSERTS.test(input.request.code) ||
    /&&|\|\||\?[^?.:]*:|\band\b|\bor\b/.test(input.request.code)
  );
}

/**
 * ", to line 46, which returns `n, nil`": where the code goes on past an `if` whose arm is skipped, when the
 * statement right after it, in the same block, is a `return`.
 */
function pastTheIf(u: UnitFacts, branch: Step): string {
  let next = u.metrics.node.doc.nodes[branch.node]?.nextNamedSibling;
  while (next && next.type.includes('comment')) next = next.nextNamedSibling;
  if (!next || !/^return/.test(next.type)) return '';
  const line = next.startPosition.row + 1;
  const ret = u.steps.find((s) => s.kind === 'return' && s.line === line);
  if (!ret) return '';
  return `, to line ${line}, which returns${ret.subject ? ` ${code(ret.subject)}` : ' without a value'}`;
}

export function questions(input: ComposeInput): Section {
  const qs: Question[] = [];
  for (const u of callables(input)) {
    const sig = signature(u);
    // Only an `if` at the top of the body: one nested in another holds only when that one's condition does too.
    const guard = u.steps.find(
      (s) => s.kind === 'branch' && s.subject && s.then?.kind === 'return' && s.depth === 0,
    );
    // Ways out before it (a `return` or `throw` on an earlier line) may end the call first: then the
    // condition alone does not say which inputs get there.
    const leftBefore =
      guard && u.steps.some((s) => (s.kind === 'return' || s.kind === 'throw') && s.line < guard.line);
    if (guard?.then?.subject && !leftBefore && !setBefore(u, guard.subject!, guard.line))
      qs.push({
        ask: `Which inputs make ${sig} return ${code(guard.then.subject)} (the \`if\` on line ${guard.line})?`,
        answer: `Those for which ${code(guard.subject!)} holds: then it returns ${code(guard.then.subject)} at once.`,
      });
    // A branch with an `else` arm it could not put in words is not asked about: "skipped" would be false.
    // Nor one whose arm is more than a jump: "the statements inside are skipped" only restates the `if`.
    const branch = u.steps.find(
      (s) =>
        s.kind === 'branch' &&
        s.subject &&
        s !== guard &&
        (s.otherwise !== undefined || (!s.hasElse && s.then !== undefined)),
    );
    if (branch)
      qs.push({
        ask: `In ${sig}, what happens when ${code(branch.subject!)} is false (line ${branch.line})?`,
        answer: branch.otherwise
          ? `It takes the other arm: it ${branch.otherwise.kind === 'continue' ? 'skips to the next turn of the loop' : `${branch.otherwise.kind}s${branch.otherwise.subject ? ` ${code(branch.otherwise.subject)}` : ''}`}.`
          : `It does not ${branch.then!.kind === 'continue' ? 'skip to the next turn' : branch.then!.kind} there; it skips that arm and goes on past the \`if\`${pastTheIf(u, branch)}.`,
      });
    const arms = u.steps.find((s) => s.kind === 'switch' && s.subject && s.cases?.some((c) => c.isDefault));
    if (arms) {
      qs.push({
        ask: `Which values of ${code(arms.subject!)} reach the default arm in ${sig} (line ${arms.line})?`,
        answer: defaultAnswer(arms.cases ?? []),
      });
    }
    const loop = u.steps.find(
      (s) =>
        s.kind === 'loop' &&
        s.detail === 'for-each' &&
        s.subject &&
        couldBeEmpty(u, s.subject) &&
        !checkedBefore(u, s.subject, s.line) &&
        // A loop inside a branch, or after a way out, may never be reached by an empty input.
        s.depth === 0 &&
        !u.steps.some((r) => (r.kind === 'return' || r.kind === 'throw') && r.line < s.line),
    );
    if (loop)
      qs.push({
        ask: `What does ${sig} do when ${code(loop.subject!)} is empty?`,
        answer: emptyAnswer(u, loop),
      });
    const returns = u.steps.filter((s) => s.kind === 'return');
    // "Line 18 and line 22" answers nothing: asked only when some return's condition or case is known.
    if (returns.length > 1 && returns.some((r) => returnCondition(u, r) !== ''))
      qs.push({
        ask: `${sig} has ${returns.length} ways of returning: which inputs reach each one?`,
        answer: returnsAnswer(u, returns),
      });
    if (u.recursive) {
      const exits = u.steps.filter(
        (s) => s.kind === 'branch' && s.then && (s.then.kind === 'return' || s.then.kind === 'throw'),
      );
      // A base case returns, and tests something each self-call passes a changed value for (`n - 1`, a
      // child, the rest): a check on what every call passes on unchanged, or a throw on bad input, stops
      // nothing. Without one that is seen to be so, the question is not asked.
      const base = exits.find(
        (s) => s.then!.kind === 'return' && s.subject && testsChangedArgument(u, s.subject),
      );
      if (base)
        qs.push({
          ask: `What stops ${sig} from calling itself forever?`,
          answer: `The check on line ${base.line}: when ${code(base.subject!)} holds, it returns${base.then!.subject ? ` ${code(base.then!.subject)}` : ''} without calling itself.`,
        });
      else if (exits.length === 0 && !u.steps.some((s) => s.kind === 'branch' || s.kind === 'loop'))
        qs.push({
          ask: `What stops ${sig} from calling itself forever?`,
          answer:
            'Nothing in it on its own: a branch that returns without calling itself would be its base case, and none is written as a single return.',
        });
    }
    const iterationEnd = u.steps.find((s) => endsIteration(s));
    if (iterationEnd)
      qs.push({
        ask: `When does the handler on line ${iterationEnd.line} of ${sig} run?`,
        answer: `When ${code(iterationEnd.caught![0]!)} is raised in the block it guards: that signals that an iterator has no next item, the normal end of an iteration, not an error.`,
      });
    const caught = u.steps.find((s) => s.kind === 'catch' && !endsIteration(s));
    if (caught)
      qs.push({
        ask: `Which calls in ${sig} can fail and end up in the error handler on line ${caught.line}?`,
        answer: catchAnswer(input, u, caught),
      });
    const awaited = u.steps.find((s) => s.kind === 'await');
    if (awaited?.subject)
      qs.push({
        ask: `What does ${sig} wait for on line ${awaited.line}?`,
        answer: `For ${code(awaited.subject)} to settle; the function is suspended until then, and other work can run meanwhile.`,
      });
    if (qs.length >= 6) break;
  }
  if (qs.length === 0) {
    // A question the code itself answers: what comes out, from which inputs.
    const first = callables(input).find(
      (u) => u.params.length > 0 && u.steps.some((s) => s.kind === 'return' && s.subject),
    );
    // Every value it can return, not only the first: a special case returned early is not the answer.
    const rets = (first?.steps ?? []).filter((s) => s.kind === 'return' && s.subject);
    const distinct = rets.filter((r, i) => rets.findIndex((o) => o.subject === r.subject) === i);
    if (first && distinct.length > 0 && distinct.length <= 3) {
      // A returned name the body changes (`idx++` in a loop) carries more than the parameter it started as:
      // what the result depends on is then not read off the return alone.
      const body = first.metrics.node.text;
      const changed = distinct.some((r) =>
        (r.subject!.match(/[A-Za-z_$][\w$]*/g) ?? []).some((name) =>
          new RegExp(
            `(?<![\\w.$])${escapeRegExp(name)}\\s*([-+*/%|&^]|<<|>>)?=(?!=)|(\\+\\+|--)${escapeRegExp(name)}\\b|\\b${escapeRegExp(name)}(\\+\\+|--)`,
          ).test(body),
        ),
      );
      const uses = changed
        ? []
        : first.params.filter((p) =>
            distinct.some((r) => new RegExp(`\\b${escapeRegExp(p)}\\b`).test(r.subject!)),
          );
      qs.push({
        ask: changed
          ? `What does ${signature(first)} return?`
          : `What does ${signature(first)} return, and which of its parameters does the result depend on?`,
        answer: `It returns ${listOf(
          distinct.map((r) => `${code(r.subject!)} (line ${r.line})`),
          'or',
        )}${uses.length ? `, which ${distinct.length > 1 ? 'use' : 'uses'} ${listOf(uses.map(code))}` : ''}${changed ? ', as the code before it leaves it' : ''}.`,
      });
    }
  }
  return {
    title: 'Check your understanding',
    // Each answer follows its question, indented under it: a reader can cover it and try first.
    content: qs.length
      ? qs
          .slice(0, 6)
          .map((q, i) => `${i + 1}. ${q.ask}\n   Answer: ${q.answer}`)
          .join('\n')
      : input.facts.errorRegions > 0
        ? 'The parser read no branching, looping or error handling to ask about in the parts it could read.'
        : decides(input)
          ? 'No questions are asked about this code.'
          : 'There is no branching, looping or error handling here to ask about.',
  };
}
