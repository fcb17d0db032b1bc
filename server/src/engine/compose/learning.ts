/**
 * Learning mode: the concepts the code uses, each with where it appears and a
 * tiny example, and questions built from the code's own conditions and loops.
 */
import type { Section } from '@code-explain/shared';
import type { Step, UnitFacts } from '../facts/model.js';
import { LANGUAGES } from '../languages/index.js';
import type { ExampleFamily as Family } from '../languages/model.js';
import { TERMS, type Term, type Voice } from './audience.js';
import type { ComposeInput } from './input.js';
import { callables, classes } from './overview.js';
import { bulletList, capitalize, code } from './text.js';
import { signature } from './walkthrough.js';

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

function conceptsUsed(input: ComposeInput): Use[] {
  const units = callables(input);
  const top = input.facts.topLevel;
  const uses: Use[] = [];
  const add = (term: Term, line: number | undefined) => {
    if (line !== undefined) uses.push({ term, line });
  };
  add('function', units[0]?.metrics.startLine);
  add('class', classes(input)[0]?.metrics.startLine);
  add('loop', firstStep(units, top, (s) => s.kind === 'loop' && s.detail !== 'comprehension')?.line);
  add('comprehension', firstStep(units, top, (s) => s.detail === 'comprehension')?.line);
  add('condition', firstStep(units, top, (s) => s.kind === 'branch')?.line);
  add('switch', firstStep(units, top, (s) => s.kind === 'switch')?.line);
  add('return', firstStep(units, top, (s) => s.kind === 'return')?.line);
  add('exception', firstStep(units, top, (s) => s.kind === 'throw' || s.kind === 'catch')?.line);
  add('await', firstStep(units, top, (s) => s.kind === 'await')?.line);
  add('generator', units.find((u) => u.isGenerator)?.metrics.startLine);
  add('recursion', units.find((u) => u.recursive)?.metrics.startLine);
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
  if (withParams) found.set('parameter', withParams.metrics.startLine);
  const method = units.find((u) => u.metrics.kind === 'method');
  if (method) found.set('method', method.metrics.startLine);
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
      : 'The code is a single expression or declaration with no control flow to learn from.',
  };
}

export function questions(input: ComposeInput): Section {
  const qs: string[] = [];
  for (const u of callables(input)) {
    const sig = signature(u);
    const guard = u.steps.find((s) => s.kind === 'branch' && s.subject && s.then?.kind === 'return');
    if (guard?.then?.subject)
      qs.push(`Which inputs make ${sig} return ${code(guard.then.subject)} on line ${guard.line}?`);
    const branch = u.steps.find((s) => s.kind === 'branch' && s.subject && s !== guard);
    if (branch)
      qs.push(`In ${sig}, what happens when ${code(branch.subject!)} is false (line ${branch.line})?`);
    const arms = u.steps.find((s) => s.kind === 'switch' && s.subject && s.cases?.some((c) => c.isDefault));
    if (arms)
      qs.push(`Which values of ${code(arms.subject!)} reach the default arm in ${sig} (line ${arms.line})?`);
    const loop = u.steps.find((s) => s.kind === 'loop' && s.detail === 'for-each' && s.subject);
    if (loop) qs.push(`What does ${sig} do when ${code(loop.subject!)} is empty?`);
    const returns = u.steps.filter((s) => s.kind === 'return');
    if (returns.length > 1)
      qs.push(
        `${sig} has ${returns.length} return statements (lines ${returns
          .slice(0, 8)
          .map((r) => r.line)
          .join(
            ', ',
          )}${returns.length > 8 ? ` and ${returns.length - 8} more` : ''}): which inputs reach each one?`,
      );
    if (u.recursive) qs.push(`What stops ${sig} from calling itself forever?`);
    const caught = u.steps.find((s) => s.kind === 'catch');
    if (caught)
      qs.push(`Which calls in ${sig} can fail and end up in the error handler on line ${caught.line}?`);
    const awaited = u.steps.find((s) => s.kind === 'await');
    if (awaited?.subject)
      qs.push(`What does ${sig} wait for on line ${awaited.line}, and what does it do with the result?`);
    if (qs.length >= 6) break;
  }
  if (qs.length === 0) {
    // A question the code itself answers: what comes out, from which inputs.
    const first = callables(input).find(
      (u) => u.params.length > 0 && u.steps.some((s) => s.kind === 'return'),
    );
    if (first)
      qs.push(`What does ${signature(first)} return, and which of its parameters does the result depend on?`);
  }
  return {
    title: 'Check your understanding',
    content: qs.length
      ? bulletList(qs.slice(0, 6))
      : 'There is no branching, looping or error handling here to ask about.',
  };
}
