import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  AUDIENCES,
  MODES,
  explainRequestSchema,
  explainResponseSchema,
  type ExplainRequestInput,
  type LanguageId,
} from '@code-explain/shared';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { ungrounded } from './support/grounded.js';

const require = createRequire(import.meta.url);

const ORDERS = `import { db } from './db.js';

export async function totalFor(orders, customerId, currency = 'EUR') {
  let total = 0;
  for (const order of orders) {
    if (order.customerId !== customerId) continue;
    const rate = await db.rate(order.currency, currency);
    total += order.amount * rate;
  }
  if (total < 0) {
    throw new Error('negative total');
  }
  return total;
}

function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
`;

describe('engine: explain()', () => {
  let engine: Engine;
  const run = (input: ExplainRequestInput) => engine.explain(explainRequestSchema.parse(input));
  /** Everything a reader of the response reads: the explanation, then its sections. */
  const allText = (r: { explanation: string; sections: readonly { content: string }[] }) =>
    [r.explanation, ...r.sections.map((s) => s.content)].join('\n\n');

  before(() => {
    engine = createEngine();
  });
  after(() => engine.dispose());

  it('returns a response that satisfies the contract, with per-unit metrics', async () => {
    const response = await run({ code: ORDERS });
    assert.ok(explainResponseSchema.safeParse(response).success);
    const units = response.metadata.units ?? [];
    assert.deepEqual(
      units.map((u) => [u.name, u.startLine, u.endLine]),
      [
        ['totalFor', 3, 14],
        ['fib', 16, 18],
      ],
    );
  });

  it('walks through what each function does, in order, quoting the code', async () => {
    const { explanation } = await run({ code: ORDERS });
    assert.match(explanation, /`totalFor\(orders, customerId, currency\)`/);
    assert.match(explanation, /async function/);
    assert.match(explanation, /loops over `orders`/);
    // Told in the loop's own paragraph, with its line.
    assert.match(explanation, /skips to the next turn when `order\.customerId !== customerId` \(line 6\)/);
    assert.match(explanation, /waits for `db\.rate\(order\.currency, currency\)`/);
    assert.match(explanation, /throws `new Error\('negative total'\)`/);
    assert.match(explanation, /returns `total`/);
    assert.match(explanation, /imports `\.\/db\.js`/);
    assert.match(explanation, /`fib\(n\)` calls itself at 2 places/);
    assert.ok(
      explanation.indexOf('loops over') < explanation.indexOf('throws'),
      'steps are described in source order',
    );
  });

  for (const mode of MODES) {
    it(`${mode} mode: every quoted piece of code is in the snippet`, async () => {
      const response = await run({ code: ORDERS, mode, focus: ['security', 'performance'] });
      assert.deepEqual(ungrounded(response, ORDERS), []);
    });
  }

  const SAMPLES: Record<string, string> = {
    python: readFileSync(new URL('./fixtures/inventory.py', import.meta.url), 'utf8'),
    go: readFileSync(new URL('./fixtures/workers.go', import.meta.url), 'utf8'),
    java: readFileSync(new URL('./fixtures/Accounts.java', import.meta.url), 'utf8'),
    typescript: readFileSync(new URL('./fixtures/cache.ts', import.meta.url), 'utf8'),
  };
  for (const [language, code] of Object.entries(SAMPLES)) {
    it(`${language}: every mode and audience quotes only the snippet's own code`, async () => {
      for (const mode of MODES) {
        for (const audience of AUDIENCES) {
          const response = await run({ code, language, mode, audience, focus: ['maintainability'] });
          assert.deepEqual(ungrounded(response, code), [], `${mode}/${audience}`);
          assert.ok(response.explanation.length > 0);
        }
      }
    });
  }

  // One small function per supported language: every language explains, with units and grounded text.
  const EVERY_LANGUAGE: Record<LanguageId, [code: string, unit: string]> = {
    javascript: ['function add(a, b) {\n  if (a > b) return a;\n  return a + b;\n}\n', 'add'],
    typescript: ['function add(a: number, b: number): number {\n  return a > b ? a : a + b;\n}\n', 'add'],
    tsx: [
      'export function Hello({ name }: { name?: string }) {\n  return name ? <p>{name}</p> : null;\n}\n',
      'Hello',
    ],
    python: ['def add(a, b):\n    if a > b:\n        return a\n    return a + b\n', 'add'],
    java: [
      'class M {\n  int add(int a, int b) {\n    if (a > b) return a;\n    return a + b;\n  }\n}\n',
      'M.add',
    ],
    go: [
      'package m\n\nfunc Add(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn a + b\n}\n',
      'Add',
    ],
    c: ['int add(int a, int b) {\n  if (a > b) return a;\n  return a + b;\n}\n', 'add'],
    cpp: ['int add(int a, int b) {\n  for (int i = 0; i < b; i++) a++;\n  return a;\n}\n', 'add'],
    csharp: [
      'class M {\n  int Add(int a, int b) {\n    if (a > b) return a;\n    return a + b;\n  }\n}\n',
      'M.Add',
    ],
    rust: ['fn add(a: i32, b: i32) -> i32 {\n    if a > b { return a; }\n    a + b\n}\n', 'add'],
    php: ['function add($a, $b) {\n    if ($a > $b) { return $a; }\n    return $a + $b;\n}\n', 'add'],
    ruby: ['def add(a, b)\n  return a if a > b\n  a + b\nend\n', 'add'],
    kotlin: ['fun add(a: Int, b: Int): Int {\n    if (a > b) return a\n    return a + b\n}\n', 'add'],
    swift: ['func add(a: Int, b: Int) -> Int {\n    if a > b { return a }\n    return a + b\n}\n', 'add'],
    bash: ['add() {\n  if [ "$1" -gt "$2" ]; then\n    echo "$1"\n  fi\n}\n', 'add'],
  };
  for (const [language, [code, unit]] of Object.entries(EVERY_LANGUAGE)) {
    it(`explains ${language}`, async () => {
      const response = await run({ code, language, mode: 'detailed' });
      assert.ok(explainResponseSchema.safeParse(response).success);
      assert.equal(response.metadata.parseErrors, 0, `${language} parses cleanly`);
      assert.ok(
        (response.metadata.units ?? []).some((u) => u.name === unit),
        JSON.stringify(response.metadata.units),
      );
      assert.ok(response.metadata.complexity.cyclomatic >= 2);
      assert.deepEqual(ungrounded(response, code), []);
    });
  }

  it('gives each mode its own sections, none repeating the explanation', async () => {
    const titles = async (mode: (typeof MODES)[number]) =>
      (await run({ code: ORDERS, mode })).sections.map((s) => s.title);
    // The explanation is the overview and (where no section walks through with lines) the walkthrough:
    // the sections hold only what it does not say.
    assert.deepEqual(await titles('quick'), []);
    assert.deepEqual(await titles('standard'), ['Complexity', 'Why these numbers', 'Suggestions']);
    assert.deepEqual(await titles('detailed'), [
      'Inputs and outputs',
      'Side effects',
      'Dependencies',
      'Error paths and early exits',
      'Block-by-block walkthrough',
      'Complexity',
      'Why these numbers',
      'Suggestions',
    ]);
    assert.deepEqual(await titles('learning'), [
      'Concepts used',
      'Block-by-block walkthrough',
      'Check your understanding',
    ]);
    assert.deepEqual(await titles('performance'), [
      'Estimated time complexity',
      'Hot spots',
      'Complexity',
      'Why these numbers',
      'Suggestions',
    ]);
    assert.deepEqual(await titles('security'), ['Security findings', 'Other suggestions']);
    assert.deepEqual(await titles('comparative'), ['Approach and alternatives', 'Suggestions']);
  });

  it('never says a sentence twice across the explanation and its sections', async () => {
    const code = [
      'def merge(a, b):',
      '    i = j = 0',
      '    out = []',
      '    while i < len(a) and j < len(b):',
      '        if a[i] <= b[j]:',
      '            out.append(a[i]); i += 1',
      '        else:',
      '            out.append(b[j]); j += 1',
      '    out.extend(a[i:])',
      '    return out',
      '',
      'def first_price(xs):',
      '    """Gives the price of the first item in `xs`."""',
      '    return xs[0].price',
    ].join('\n');
    for (const mode of MODES)
      for (const audience of AUDIENCES) {
        const response = await run({ code, language: 'python', mode, audience });
        // Sentences of some length: short ones ("It returns `out`.") may fairly recur in different roles.
        const said = [response.explanation, ...response.sections.map((s) => s.content)]
          .join('\n')
          .split(/(?<=\.)\s+|\n+/)
          .map((x) => x.trim().replace(/\s*\(lines? [^)]*\)/g, ''))
          .filter((x) => x.length > 40 && !x.startsWith('-'));
        const twice = said.filter((x, i) => said.indexOf(x) !== i);
        assert.deepEqual(twice, [], `${mode}/${audience}`);
      }
  });

  it('detailed mode gives line numbers, inputs/outputs and error paths', async () => {
    const { sections } = await run({ code: ORDERS, mode: 'detailed' });
    const byTitle = new Map(sections.map((s) => [s.title, s.content]));
    assert.match(
      byTitle.get('Inputs and outputs')!,
      /`totalFor\(orders, customerId, currency\)`: inputs `orders`, `customerId` and `currency`; returns `total`/,
    );
    assert.match(
      byTitle.get('Error paths and early exits')!,
      /throws `new Error\('negative total'\)` on line 11/,
    );
    assert.match(byTitle.get('Block-by-block walkthrough')!, /loops over `orders` \(line 5\)/);
  });

  it('detailed mode tells early exits from errors', async () => {
    const guard = await run({
      code: 'function first(xs) {\n  if (xs.length === 0) {\n    return undefined;\n  }\n  return xs[0];\n}\n',
      mode: 'detailed',
    });
    const paths = guard.sections.find((s) => s.title === 'Error paths and early exits')!.content;
    assert.match(
      paths,
      /`first\(xs\)` leaves early on line 3, returning `undefined` \(the code after it runs only when it does not\)/,
    );
    assert.doesNotMatch(paths, /throws|error path/);
    const plain = await run({ code: 'function id(x) {\n  return x;\n}\n', mode: 'detailed' });
    assert.match(
      plain.sections.find((s) => s.title === 'Error paths and early exits')!.content,
      /^No throw, catch, error return or early return appears in this code/,
    );
  });

  it('performance mode estimates time complexity from loops and recursion', async () => {
    const { sections } = await run({ code: ORDERS, mode: 'performance' });
    const text = sections.find((s) => s.title === 'Estimated time complexity')!.content;
    assert.match(text, /`totalFor\(orders, customerId, currency\)`: O\(n\)/);
    assert.match(text, /`fib\(n\)`: O\(2\^n\) or worse/);
    assert.match(sections.find((s) => s.title === 'Hot spots')!.content, /calls `db\.rate` inside a loop/);
  });

  it('learning mode explains concepts with examples and asks questions about this code', async () => {
    const { sections } = await run({ code: ORDERS, mode: 'learning', audience: 'beginner' });
    const concepts = sections.find((s) => s.title === 'Concepts used')!.content;
    for (const concept of ['Loop', 'Condition', 'Recursion', 'Await', 'Exception']) {
      assert.match(concepts, new RegExp(`\\*\\*${concept}\\*\\*`));
    }
    assert.match(concepts, /In this code, line 5: `for \(const order of orders\) \{`/);
    assert.match(concepts, /```/);
    const questions = sections.find((s) => s.title === 'Check your understanding')!.content;
    assert.match(questions, /what happens when `order\.customerId !== customerId` is false \(line 6\)/);
    assert.match(questions, /when `orders` is empty/);
    assert.match(questions, /What stops `fib\(n\)` from calling itself forever/);
  });

  it('comparative mode sets the approach against alternatives for patterns it contains', async () => {
    const { sections } = await run({ code: ORDERS, mode: 'comparative' });
    const text = sections.find((s) => s.title === 'Approach and alternatives')!.content;
    assert.match(text, /organised as 2 functions/);
    assert.match(text, /`fib\(n\)` calls itself 2 times in one run, on inputs only a constant smaller/);
    assert.match(text, /Memoise/);
  });

  it('offers map/comprehension alternatives only for loops that fill one local collection', async () => {
    const approach = async (code: string) =>
      (await run({ code, language: 'python', mode: 'comparative' })).sections.find(
        (s) => s.title === 'Approach and alternatives',
      )!.content;
    const filling = await approach(
      'def evens(xs):\n    out = []\n    for x in xs:\n        out.append(x * 2)\n    return out\n',
    );
    assert.match(filling, /builds `out` by calling `out\.append` inside a loop \(line 4\)/);
    assert.match(filling, /list comprehension/);
    // Grouping into a dictionary of lists is not a list comprehension.
    const grouping = await approach(
      'def group(xs):\n    groups = {}\n    for x in xs:\n        groups[x.kind].append(x)\n    return groups\n',
    );
    assert.doesNotMatch(grouping, /list comprehension/);
  });

  it('writes for the audience: beginners get steps and definitions from this code, experts get depth', async () => {
    const beginner = await run({ code: ORDERS, audience: 'beginner' });
    const expert = await run({ code: ORDERS, audience: 'expert' });
    assert.match(
      beginner.explanation,
      /Step by step:\n1\. It loops over `orders`\.\n2\. It skips to the next iteration if `order\.customerId !== customerId`\./,
    );
    const terms = beginner.sections.find((s) => s.title === 'Terms used')?.content ?? '';
    // Each definition comes with where the concept occurs in this code.
    assert.match(
      terms,
      /- \*\*condition\*\*: a yes\/no test that decides which code runs next\. In this code: `if \(order\.customerId !== customerId\) continue;` \(line 6\)\./,
    );
    // The glossary is printed once, in its section.
    assert.doesNotMatch(beginner.explanation, /Terms used here|a yes\/no test/);
    assert.doesNotMatch(expert.explanation, /a yes\/no test|Step by step/);
    assert.ok(!expert.sections.some((s) => s.title === 'Terms used'));
    // Experts read the non-obvious first, and more of it.
    assert.match(expert.explanation, /^`fib\(n\)` calls itself at 2 places/);
    assert.match(expert.explanation, /Empty input: if `orders` is empty, the loop on line 5 does not run/);
    assert.match(expert.explanation, /Sequencing: the `await` on line 7 is inside a loop/);
    assert.match(expert.explanation, /Cost: O\(2\^n\) or worse/);
  });

  it('gives experts more than intermediate readers in every mode', async () => {
    for (const mode of MODES) {
      const intermediate = await run({ code: ORDERS, mode, audience: 'intermediate' });
      const expert = await run({ code: ORDERS, mode, audience: 'expert' });
      assert.ok(
        allText(expert).length > allText(intermediate).length,
        `${mode}: expert ${allText(expert).length} ≤ intermediate ${allText(intermediate).length}`,
      );
      assert.match(allText(expert), /O\(2\^n\) or worse/, `${mode}: the cost of the hardest part`);
      assert.doesNotMatch(
        allText(expert),
        /more steps? follow|…and \d+ more step/,
        `${mode}: never truncated`,
      );
    }
  });

  it('defines for beginners only the concepts that occur in the code', async () => {
    const samples: Array<[LanguageId, string]> = [
      ['python', 'def area(w, h):\n    return w * h\n'],
      ['javascript', 'function first(xs) {\n  for (const x of xs) {\n    if (x) return x;\n  }\n}\n'],
      ['go', 'package p\n\nfunc run(jobs []int) {\n\tfor _, j := range jobs {\n\t\tgo work(j)\n\t}\n}\n'],
    ];
    // Metric names are defined with the metrics the response reports, whatever the code.
    const metricTerms = new Set(['cyclomatic complexity', 'cognitive complexity', 'Halstead volume']);
    for (const [language, code] of samples) {
      for (const mode of MODES) {
        const response = await run({ code, language, mode, audience: 'beginner' });
        const terms = response.sections.find((s) => s.title === 'Terms used')?.content ?? '';
        for (const line of terms.split('\n').slice(1)) {
          const term = /^- \*\*(.+?)\*\*/.exec(line)?.[1] ?? '';
          if (metricTerms.has(term) || term === 'function') continue;
          assert.match(line, /In this code: `/, `${language} ${mode}: ${term} is defined without occurring`);
        }
      }
    }
    const area = await run({
      code: 'def area(w, h):\n    return w * h\n',
      language: 'python',
      audience: 'beginner',
    });
    assert.doesNotMatch(area.sections.map((s) => s.content).join('\n'), /\*\*(loop|condition|recursion)\*\*/);
  });

  it('answers quick questions differently by audience', async () => {
    const beginner = await run({ code: ORDERS, mode: 'quick', audience: 'beginner' });
    const intermediate = await run({ code: ORDERS, mode: 'quick', audience: 'intermediate' });
    const expert = await run({ code: ORDERS, mode: 'quick', audience: 'expert' });
    assert.match(
      beginner.explanation,
      /In short:\n- `totalFor\(orders, customerId, currency\)`: it loops over `orders`/,
    );
    assert.match(expert.explanation, /`fib\(n\)`: O\(2\^n\) or worse/);
    assert.notEqual(beginner.explanation, intermediate.explanation);
    assert.notEqual(expert.explanation, intermediate.explanation);
  });

  it('puts requested focus areas in their own sections, first after the explanation', async () => {
    const response = await run({ code: ORDERS, focus: ['documentation', 'testing'] });
    assert.deepEqual(
      response.sections.slice(0, 2).map((s) => s.title),
      ['Focus: Documentation', 'Focus: Testing'],
    );
  });

  it('says, for a requested focus area, which rules ran, the stricter settings they used, and what no check can see', async () => {
    const clean = await run({
      code: 'def add(a, b):\n    return a + b\n',
      language: 'python',
      focus: ['security'],
    });
    const security = clean.sections.find((s) => s.title === 'Focus: Security')!.content;
    assert.match(
      security,
      /^Checked: \d+ security rules for Python \(security\/[a-z-]+(, security\/[a-z-]+)* and security\/[a-z-]+\)\./,
    );
    assert.match(security, /security\/command-injection/);
    assert.match(security, /None of them found a problem in this code\./);
    assert.match(
      security,
      /Not covered by any check here: values that arrive from or leave to code outside this snippet/,
    );
    assert.doesNotMatch(security, /no security issues/i);

    const found = await run({
      code: 'import os\ndef ping(host):\n    os.system("ping " + host)\n',
      language: 'python',
      focus: ['security'],
    });
    const withFinding = found.sections.find((s) => s.title === 'Focus: Security')!.content;
    assert.match(withFinding, /^- \[medium\] CWE-78: /);
    assert.match(withFinding, /\n\nChecked: \d+ security rules for Python/);
    assert.doesNotMatch(withFinding, /None of them found a problem/);
  });

  it("runs a requested area's rules with their stricter options", async () => {
    const nested = [
      'function walk(a) {',
      '  if (a > 0) {',
      '    if (a > 1) {',
      '      if (a > 2) {',
      '        if (a > 3) {',
      '          work();',
      '        }',
      '      }',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    const plain = await run({ code: nested });
    assert.equal(plain.suggestions.filter((s) => s.rule === 'readability/deep-nesting').length, 0);
    const focused = await run({ code: nested, focus: ['readability'] });
    assert.equal(focused.suggestions.filter((s) => s.rule === 'readability/deep-nesting').length, 1);
    const section = focused.sections.find((s) => s.title === 'Focus: Readability')!.content;
    assert.match(section, /they ran stricter: readability\/deep-nesting maxDepth 3 \(4 otherwise\)/);
  });

  it('is deterministic', async () => {
    const a = await run({ code: ORDERS, mode: 'detailed', focus: ['security'] });
    const b = await run({ code: ORDERS, mode: 'detailed', focus: ['security'] });
    assert.deepEqual(a, b);
  });

  it('answers the same whatever it analysed before (each parse reuses the nodes of the last)', async () => {
    const inputs: ExplainRequestInput[] = [
      { code: readFileSync(require.resolve('lodash/debounce.js'), 'utf8'), mode: 'detailed' },
      { code: ORDERS, focus: ['security'] },
      {
        code: 'def area(r):\n    """The area of a circle."""\n    return 3.14159 * r * r\n',
        language: 'python',
      },
      {
        code: readFileSync(require.resolve('lodash/chunk.js'), 'utf8'),
        mode: 'learning',
        audience: 'beginner',
      },
    ];
    // The same engine, one request after another, and each request alone on a fresh engine.
    const inTurn = [];
    for (const input of inputs) inTurn.push(await run(input));
    for (const [i, input] of inputs.entries()) {
      const alone = createEngine();
      try {
        assert.deepEqual(inTurn[i], await alone.explain(explainRequestSchema.parse(input)), `request ${i}`);
      } finally {
        alone.dispose();
      }
    }
  });

  it('analyses code with syntax errors and says so', async () => {
    const response = await run({ code: 'function broken(a {\n  if (a) { return 1\n}\n' });
    assert.ok((response.metadata.parseErrors as number) > 0);
    assert.match(response.explanation, /could not make sense of \d+ regions?/);
  });

  it('says what an expression-bodied arrow function or lambda returns, naming it by where it is', async () => {
    const js = await run({ code: 'const ids = users.map((u) => u.id * 2);\n' });
    assert.match(
      js.explanation,
      /The arrow function passed to `users\.map` on line 1 takes 1 parameter \(`u`\)\. It returns `u\.id \* 2`\./,
    );
    const py = await run({ code: 'double = lambda x: x * 2\n', language: 'python' });
    assert.match(
      py.explanation,
      /The lambda assigned to `double` on line 1 takes 1 parameter \(`x`\)\. It returns `x \* 2`\./,
    );
    // A Java lambda whose body is a call may be void: only the call is mentioned.
    const java = await run({
      code: 'class A {\n  void m() {\n    items.forEach(x -> log(x));\n  }\n}\n',
      language: 'java',
    });
    assert.doesNotMatch(java.explanation, /returns `log\(x\)`/);
    // A one-line lambda is told inside its method's paragraph, named in words.
    assert.match(java.explanation, /The lambda passed to `items\.forEach` on line 3 calls `log`\./);
  });

  it('counts an else-if / elif chain as one level of nesting, not one per arm', async () => {
    const arms = (n: number, python: boolean) =>
      Array.from({ length: n }, (_, i) =>
        python
          ? `    ${i === 0 ? 'if' : 'elif'} x == ${i}:\n        return ${i}`
          : `  ${i === 0 ? 'if' : '} else if'} (x === ${i}) {\n    return ${i};`,
      ).join('\n');
    const js = await run({ code: `function f(x) {\n${arms(6, false)}\n  }\n}\n`, mode: 'detailed' });
    const py = await run({ code: `def f(x):\n${arms(6, true)}\n`, language: 'python', mode: 'detailed' });
    for (const response of [js, py]) {
      const text = [response.explanation, ...response.sections.map((s) => s.content)].join('\n');
      assert.doesNotMatch(text, /levels deep/);
    }
    // Real nesting is still reported.
    const deep = await run({
      code: 'function g(a) {\n  for (const b of a) {\n    if (b) {\n      while (b.c) {\n        if (b.d) {\n          b.e();\n        }\n      }\n    }\n  }\n}\n',
      mode: 'detailed',
    });
    assert.match(
      [deep.explanation, ...deep.sections.map((s) => s.content)].join('\n'),
      /`g\(a\)` nests loops and branches 4 levels deep/,
    );
  });

  describe('tier-2 walkthroughs name parameters and loops as the code has them', () => {
    const SAMPLES: readonly [LanguageId, string, string][] = [
      [
        'c',
        'int add(int a, int *b) {\n  for (int i = 0; i < a; i++) { if (b[i] > a) return b[i]; }\n  return a;\n}\n',
        '`i < a`',
      ],
      [
        'cpp',
        'int add(int a, const std::vector<int>& b) {\n  for (auto x : b) { if (x > a) return x; }\n  return a;\n}\n',
        'over `b`',
      ],
      [
        'csharp',
        'class A {\n  int Add(int a, int[] b) {\n    foreach (var x in b) { if (x > a) return x; }\n    return a;\n  }\n}\n',
        'over `b`',
      ],
      [
        'rust',
        'fn add(a: i32, b: &[i32]) -> i32 {\n    for x in b { if *x > a { return *x; } }\n    a + 1\n}\n',
        'over `b`',
      ],
      [
        'php',
        '<?php\nfunction add($a, $b) {\n  foreach ($b as $x) { if ($x > $a) return $x; }\n  return $a;\n}\n',
        'over `$b`',
      ],
      ['ruby', 'def add(a, b)\n  for x in b\n    return x if x > a\n  end\n  a + 1\nend\n', 'over `b`'],
      [
        'kotlin',
        'fun add(a: Int, b: List<Int>): Int {\n    for (x in b) { if (x > a) return x }\n    return a\n}\n',
        'over `b`',
      ],
      [
        'swift',
        'func add(a: Int, b: [Int]) -> Int {\n    for x in b { if x > a { return x } }\n    return a\n}\n',
        'over `b`',
      ],
    ];
    for (const [language, code, loop] of SAMPLES) {
      it(language, async () => {
        const { explanation } = await run({ code, language });
        const params = language === 'php' ? '(`$a` and `$b`)' : '(`a` and `b`)';
        assert.ok(explanation.includes(`takes 2 parameters ${params}`), explanation);
        assert.ok(explanation.includes(loop), explanation);
        assert.doesNotMatch(explanation, /takes no parameters|ends only by breaking out/);
        // The condition stays with what it guards.
        // In the loop's own paragraph where the loop gets one, or in the step list.
        assert.match(explanation, /returns `\*?\$?[xb][^`]*` (when|if) `\*?\$?[xb][^`]*> \$?a`/);
        assert.match(explanation, /returns `\$?a( \+ 1)?`/);
      });
    }

    it('says nothing about parameters it cannot read (Bash functions take positional arguments)', async () => {
      const { explanation } = await run({
        code: 'greet() {\n  for name in "$@"; do\n    echo "hi $name"\n  done\n}\n',
        language: 'bash',
      });
      // What it is for is said once, in the opening; its paragraph goes on from there.
      assert.match(
        explanation,
        /`greet` prints output \(`echo`, line 3\)\.\n\n`greet` is a function on lines 1–5\. It loops over `"\$@"`/,
      );
      assert.doesNotMatch(explanation, /parameters/);
    });

    it('reports the implicit return of Rust tail expressions, Kotlin expression bodies and Ruby methods', async () => {
      const rust = await run({ code: 'fn twice(x: i32) -> i32 {\n    x * 2\n}\n', language: 'rust' });
      assert.match(rust.explanation, /It returns `x \* 2`/);
      const kotlin = await run({ code: 'fun twice(x: Int) = x * 2\n', language: 'kotlin' });
      assert.match(kotlin.explanation, /It returns `x \* 2`/);
      const ruby = await run({ code: 'def twice(x)\n  x * 2\nend\n', language: 'ruby' });
      assert.match(ruby.explanation, /It returns `x \* 2`/);
      // A statement with a semicolon returns nothing.
      const unit = await run({ code: 'fn log(x: i32) {\n    println!("{}", x);\n}\n', language: 'rust' });
      assert.doesNotMatch(unit.explanation, /returns `/);
      assert.match(unit.explanation, /It calls `println`/);
    });
  });

  describe('C# lambdas and Rust closures, read as part of their function', () => {
    const SAMPLES: readonly [LanguageId, string, string][] = [
      [
        'csharp',
        'class Orders {\n  int Paid(List<Order> orders) {\n    return orders.Count(o =>\n    {\n      if (o.Paid)\n        return true;\n      throw new InvalidOperationException();\n    });\n  }\n}\n',
        '`o.Paid`',
      ],
      [
        'rust',
        'fn paid(orders: &[Order]) -> usize {\n    orders.iter().filter(|o| {\n        if o.paid {\n            return true;\n        }\n        false\n    }).count()\n}\n',
        '`o.paid`',
      ],
    ];
    for (const [language, code, condition] of SAMPLES) {
      it(`${language}: the lambda's checks are the function's, its returns and throws are not`, async () => {
        const response = await run({ code, language, mode: 'detailed' });
        assert.deepEqual(
          (response.metadata.units ?? []).filter((u) => u.kind !== 'class').map((u) => u.name),
          [language === 'csharp' ? 'Orders.Paid' : 'paid'],
        );
        assert.ok(allText(response).includes(`branches on whether ${condition}`), allText(response));
        assert.doesNotMatch(allText(response), /leaves early|returns `true`|throws/);
        assert.deepEqual(ungrounded(response, code), []);
      });
    }
  });

  it("states a class's docstring once, in the class's own paragraph", async () => {
    const code = [
      'class Stack:',
      '    """A last-in, first-out collection of items."""',
      '',
      '    def __init__(self):',
      '        self.items = []',
      '',
      '    def push(self, item):',
      '        self.items.append(item)',
      '',
    ].join('\n');
    for (const mode of ['standard', 'detailed'] as const) {
      const response = await run({ code, language: 'python', mode });
      for (const text of [response.explanation]) {
        assert.equal(text.split('A last-in, first-out collection of items.').length - 1, 1, text);
        assert.match(
          text,
          /Class `Stack` \(lines 1–8\) has 2 methods: `__init__` and `push`\. Its docstring/,
        );
      }
    }
    // A quick answer has no class paragraph: its opening says what the class is for.
    const quick = await run({ code, language: 'python', mode: 'quick' });
    assert.match(quick.explanation, /A last-in, first-out collection of items\./);
  });

  it('counts as recursion only the calls that reach the unit itself', async () => {
    // An arrow function inside a method calls the method through `this`: another unit.
    const js = await run({
      code: 'class App {\n  callback() {\n    const handleRequest = (req, res) => {\n      return this.handleRequest(req, res);\n    };\n    return handleRequest;\n  }\n  handleRequest(req, res) {\n    return res;\n  }\n}\n',
      language: 'javascript',
    });
    assert.doesNotMatch(js.explanation, /recursi|calls itself/);
    // In a Python method a bare `walk()` is the module's function; only `self.walk` is the method.
    const py = await run({
      code: 'def walk(node):\n    return 1\n\nclass T:\n    def walk(self, node):\n        for c in node.children:\n            walk(c)\n        return self.walk(node.left)\n',
      language: 'python',
    });
    assert.match(py.explanation, /It uses recursion: it calls itself at 1 place\./);
    // In Java a bare `fib()` inside `fib` is the method itself.
    const java = await run({
      code: 'class T {\n  int fib(int n) {\n    if (n < 2) return n;\n    return fib(n - 1) + fib(n - 2);\n  }\n}\n',
      language: 'java',
    });
    assert.match(java.explanation, /It uses recursion: it calls itself at 2 places\./);
  });

  it('writes each note as a sentence, with agreement', async () => {
    const response = await run({
      code: "function use(fn) {\n  if (typeof fn !== 'function') throw new TypeError('fn');\n  debug('use %s', fn.name);\n  middleware.push(fn);\n  return this;\n}\napp.use(async (ctx) => {\n  await ctx.load();\n});\n",
      language: 'javascript',
    });
    assert.match(response.explanation, /It checks first: 1 condition throws an error/);
    assert.match(
      response.explanation,
      /What stands out: The arrow function passed to `app\.use` on line 7 is asynchronous\./,
    );
  });

  it('reads a Java constructor handing over to another (`this(…)`, `super(…)`) as a call', async () => {
    const response = await run({
      code: 'class J {\n    J(String d) {\n        this(d, "", "");\n    }\n    J(String d, String p, String s) {\n        super();\n    }\n}\n',
      language: 'java',
    });
    assert.match(
      response.explanation,
      /`J\.J\(d\)` is a constructor on lines 2–4 that takes 1 parameter \(`d`\)\. It calls `this`\./,
    );
    assert.match(response.explanation, /It calls `super`\./);
    assert.doesNotMatch(response.explanation, /no loops, branches, calls or returns/);
  });

  it('reads `for (;;)` as a loop that ends only by breaking out, and `new Date(value)` as no clock', async () => {
    const response = await run({
      code: 'async function close(flush, at) {\n  const when = new Date(at);\n  for (;;) {\n    try {\n      await flush(when);\n      return;\n    } catch {\n      await new Promise((r) => setTimeout(r, 250));\n    }\n  }\n}\n',
      language: 'javascript',
    });
    assert.match(response.explanation, /runs a loop that ends only by breaking out or returning/);
    assert.doesNotMatch(response.explanation, /while `;`|reads the clock/);
    const now = await run({ code: 'function stamp() {\n  return new Date();\n}\n', language: 'javascript' });
    assert.match(now.explanation, /reads the clock \(`new Date`, line 2\)/);
  });

  it("does not count a Python property's `self` as a parameter, as for any method", async () => {
    const response = await run({
      code: 'class Reader:\n    @property\n    def fieldnames(self):\n        if self._names is None:\n            self._names = self.load()\n        return self._names\n\n    @fieldnames.setter\n    def fieldnames(self, value):\n        self._names = value\n',
      language: 'python',
      mode: 'detailed',
    });
    assert.match(
      allText(response),
      /`Reader\.fieldnames\(self\)` is a getter on lines 3–6 that takes no parameters besides `self`\./,
    );
    assert.doesNotMatch(allText(response), /takes 1 parameter \(`self`\)/);
  });

  it('names a call in a chain split over lines by its last step', async () => {
    const response = await run({
      code: 'function load(orgId) {\n  return fetch(`/api/orgs/${orgId}/users`)\n    .then((r) => r.json())\n    .catch(() => []);\n}\n',
      language: 'javascript',
    });
    assert.match(response.explanation, /calls `\.catch`, `\.then` and `fetch`/);
    assert.doesNotMatch(response.explanation, /calls `` fetch/);
  });

  it("reads tier-2 closures' parameters and values, trailing lambdas and Ruby's rescue as the code has them", async () => {
    const kotlin = await run({
      code: 'suspend fun retry(times: Int, block: suspend () -> Unit) {\n    repeat(times) { attempt ->\n        try {\n            block()\n            return\n        } catch (e: Exception) {\n            delay(100L * (attempt + 1))\n        }\n    }\n}\n',
      language: 'kotlin',
    });
    assert.match(
      kotlin.explanation,
      /The lambda on line 2 \(lines 2–9\), defined inside `retry`, takes 1 parameter \(`attempt`\)/,
    );
    assert.match(
      kotlin.explanation,
      /`retry\(times, block\)` is a function on lines 1–10 that takes 2 parameters \(`times` and `block`\)\. It calls `repeat`\./,
    );
    const swift = await run({
      code: 'func total(_ items: [Int]) -> Int {\n    items.forEach { item in\n        print(item)\n    }\n    return items.reduce(0) { $0 + $1 }\n}\n',
      language: 'swift',
    });
    assert.match(
      swift.explanation,
      /The function literal on line 2 \(lines 2–4\), defined inside `total`, takes 1 parameter \(`item`\)/,
    );
    assert.match(swift.explanation, /The function literal on line 5 returns `\$0 \+ \$1`\./);
    assert.doesNotMatch(swift.explanation, /does nothing but return/);
    const ruby = await run({
      code: 'require \'json\'\n\ndef latest_tag(body)\n  JSON.parse(body)["tag_name"]\nrescue JSON::ParserError\n  nil\nend\n',
      language: 'ruby',
    });
    assert.match(ruby.explanation, /It returns `JSON\.parse\(body\)\["tag_name"\]`/);
    assert.doesNotMatch(ruby.explanation, /returns `rescue/);
  });

  it('describes top-level code without functions', async () => {
    const response = await run({ code: 'for (const x of items) {\n  console.log(x);\n}\n' });
    assert.match(
      response.explanation,
      /defines no functions or classes; it is top-level code that loops over `items`/,
    );
  });

  // Speed on such inputs is measured by `pnpm bench:engine`, not asserted here: a loaded machine must not
  // turn this red. The server bounds each request's time with the engine pool's deadline.
  describe('robustness: no crash, a response that fits the contract', () => {
    const within = async (label: string, code: string, language = 'javascript') => {
      const response = await run({ code, language });
      assert.ok(explainResponseSchema.safeParse(response).success, `${label}: response fits the contract`);
      return response;
    };

    it('100,000 characters', async () => {
      const fn = 'function f(a) {\n  if (a > 1 && a < 9) { return a * 2; }\n  return 0;\n}\n';
      await within('100k chars', fn.repeat(Math.floor(100_000 / fn.length)));
    });

    it('5,000 levels of nesting', async () => {
      await within('nested blocks', 'function f() {' + '{'.repeat(5000) + '}'.repeat(5000) + '}');
      await within('nested parens', 'x = ' + '('.repeat(5000) + '1' + ')'.repeat(5000) + ';');
      await within('nested arrays', 'x = ' + '['.repeat(5000) + ']'.repeat(5000) + ';');
      await within('nested ifs', 'function f(a) {' + 'if (a) {'.repeat(2500) + '}'.repeat(2500) + '}');
    });

    it('a one-line minified bundle', async () => {
      const min = readFileSync(require.resolve('lodash/lodash.min.js'), 'utf8').slice(0, 99_000);
      const response = await within('minified', min);
      assert.ok((response.metadata.units ?? []).length > 100);
    });

    it('binary garbage and invalid UTF-8', async () => {
      const bytes = Buffer.alloc(20_000);
      let seed = 42;
      for (let i = 0; i < bytes.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        bytes[i] = seed & 0xff;
      }
      await within('garbage as latin1', bytes.toString('latin1'));
      await within('invalid UTF-8', bytes.toString('utf8'), 'python');
      await within('NUL bytes', '\u0000'.repeat(10_000), 'go');
    });
  });
});
