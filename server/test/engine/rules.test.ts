/**
 * Suggestion rules: for every rule, a true positive in each language it
 * claims (line, id, type, severity and what the message names) and near
 * misses it must stay quiet on. Inputs go through the real parser, the real
 * metrics and the real facts extraction.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { FOCUS_AREAS, type LanguageId } from '@code-explain/shared';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { unparsedProposals } from './support/proposed-code.js';
import { runRulesWithNotes, type RuleRun } from '../../src/engine/rules/run.js';

import {
  call,
  classWith,
  elseIfChain,
  fn,
  imports,
  lines,
  nestedIfs,
  TIER1,
  type Tier1,
} from './support/rule-snippets.js';

interface Case {
  readonly rule: string;
  readonly language: LanguageId;
  readonly code: string;
  /** Positive cases: the line of the (first) finding. */
  readonly line?: number;
  /** Positive cases: what the message must say about this code. */
  readonly says?: RegExp;
  /** Positive cases: what the message must not say (a fix that would be wrong here). */
  readonly saysNot?: RegExp;
  /** Positive cases: how many findings; 1 unless told. */
  readonly count?: number;
  /** Near misses: what makes it one, for the test's title. */
  readonly why?: string;
}

function perLanguage(languages: readonly Tier1[], make: (l: Tier1) => Omit<Case, 'language'>): Case[] {
  return languages.map((language) => ({ ...make(language), language }));
}

// ---------------------------------------------------------------------------------------------
// Security

const SECURITY: Case[] = [];

const SECURITY_MISSES: Case[] = [];

// ---------------------------------------------------------------------------------------------
// Performance

const PERFORMANCE: Case[] = [];

const PERFORMANCE_MISSES: Case[] = [];

// ---------------------------------------------------------------------------------------------
// Readability

const READABILITY: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(
      l,
      'work',
      ['a'],
      Array.from({ length: 61 }, (_, i) => call(l, `step${i % 5}`)),
    );
    // Last line of the function: Python's last body line, Java's method brace, the closing brace elsewhere.
    const all = f.code.trimEnd().split('\n');
    const end = l === 'python' ? all.length : all.lastIndexOf('}') + (l === 'java' ? 0 : 1);
    const span = end - f.line + 1;
    return {
      rule: 'readability/long-function',
      code: f.code,
      line: f.line,
      says: new RegExp(
        `^\`(Holder\\.)?work\` spans ${span} lines \\(${f.line}–${f.line + span - 1}\\), more than the 60`,
      ),
    };
  }),
  ...perLanguage(TIER1, (l) => {
    const f = fn(l, 'many', ['a', 'b', 'c', 'd', 'e', 'f'], [call(l, 'g')]);
    return {
      rule: 'readability/too-many-parameters',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?many` takes 6 parameters \(a, b, c, d, e, f\)/,
    };
  }),
  {
    rule: 'readability/nested-ternary',
    language: 'javascript',
    code: 'const size = n > 100 ? "big" : n > 10 ? "medium" : "small";',
    line: 1,
    says: /^`n > 100 \? "big" : n > 10 \? "medium" : "small"` on line 1 puts a conditional expression inside another \(2 levels\)/,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'typescript',
    code: 'export const h = (a: boolean, c: boolean) =>\n  a ? 1 : (c ? 2 : (d ? 3 : 4));',
    line: 2,
    says: /\(3 levels\)/,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'tsx',
    code: 'const Badge = ({ n }) => <b>{n === 0 ? "none" : n === 1 ? "one" : "many"}</b>;',
    line: 1,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'python',
    code: 'size = "big" if n > 100 else ("medium" if n > 10 else "small")\n',
    line: 1,
    says: /if\/elif\/else/,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'java',
    code: 'class A {\n  int f(int a, boolean b) {\n    return a > 5 ? 1 : b ? 2 : 3;\n  }\n}',
    line: 3,
  },
];

const READABILITY_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'readability/long-function',
    code: fn(
      l,
      'work',
      ['a'],
      Array.from({ length: 55 }, () => call(l, 'step')),
    ).code,
    why: 'under 60 lines',
  })),
  {
    rule: 'readability/long-function',
    language: 'javascript',
    code: lines(
      "describe('suite', () => {",
      ...Array.from({ length: 70 }, (_, i) => `  it('case ${i}', check);`),
      '});',
    ),
    why: 'an anonymous callback',
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'python',
    code: 'class A:\n    def f(self, a, b, c, d, e, *rest, **options):\n        pass\n',
    why: 'self and variadic parameters',
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'javascript',
    code: 'function f(a, b, c, d, e, ...rest) {}',
    why: 'a rest parameter',
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'go',
    code: 'package m\nfunc F(a, b, c, d, e int, rest ...int) {}\n',
    why: 'a variadic parameter',
  },
  {
    rule: 'readability/nested-ternary',
    language: 'javascript',
    code: 'const a = x ? 1 : 2;\nconst b = x ? f(y ? 1 : 2) : 3;',
    why: 'one level; a ternary inside a call',
  },
  { rule: 'readability/nested-ternary', language: 'python', code: 'a = 1 if x else 2\n', why: 'one level' },
];

// ---------------------------------------------------------------------------------------------
// Best practices

const BEST_PRACTICES: Case[] = [];

const BEST_PRACTICES_MISSES: Case[] = [];

// ---------------------------------------------------------------------------------------------
// Architecture

const ARCHITECTURE: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(
      l,
      'orchestrate',
      [],
      Array.from({ length: 11 }, (_, i) => call(l, `step${i}`)),
    );
    return {
      rule: 'architecture/high-fan-out',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?orchestrate` calls 11 different functions and methods, not counting the language's built-ins \(`step0`, `step1`, `step2`, `step3`, `step4`, `step5` and 5 more\)/,
    };
  }),
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/large-class',
    code: classWith(l, 21),
    line: l === 'go' ? 3 : 1,
    says: new RegExp(
      `^${l === 'go' ? 'Type' : 'Class'} \`Big\` has 21 methods \\(\`m0\`, \`m1\`, \`m2\`, \`m3\`, \`m4\`, \`m5\`, …\\), more than 20`,
    ),
  })),
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/many-imports',
    code: imports(l, 16),
    line: l === 'go' ? 4 : 1,
    says: /^This code imports 16 different modules \(lines \d+–\d+: .*mod0.*\), more than 15/,
  })),
];

const ARCHITECTURE_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/high-fan-out',
    code: fn(
      l,
      'f',
      [],
      Array.from({ length: 10 }, (_, i) => call(l, `step${i}`)),
    ).code,
    why: 'ten callees',
  })),
  {
    rule: 'architecture/high-fan-out',
    language: 'javascript',
    code: fn(
      'javascript',
      'f',
      [],
      [
        ...Array.from({ length: 6 }, (_, i) => `list${i}.push(x);`),
        ...Array.from({ length: 6 }, (_, i) => `step${i}();`),
      ],
    ).code,
    why: 'built-in methods are not counted',
  },
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/large-class',
    code: classWith(l, 20),
    why: '20 methods',
  })),
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/many-imports',
    code: imports(l, 15),
    why: '15 imports',
  })),
];

// ---------------------------------------------------------------------------------------------
// Testing

const TESTING: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(l, 'classify', ['a'], elseIfChain(l, 11));
    return {
      rule: 'testing/basis-paths',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?classify` has cyclomatic complexity 12: 12 linearly independent paths .* at least 12 test cases/,
    };
  }),
  {
    rule: 'testing/global-state',
    language: 'javascript',
    code: lines('let count = 0;', 'function increment() {', '  count += 1;', '}'),
    line: 3,
    says: /^`increment` returns no value and changes `count`, a module-level variable declared on line 1, on line 3 \(`count \+= 1`\)/,
  },
  {
    rule: 'testing/global-state',
    language: 'typescript',
    code: lines('const state = { hits: 0 };', 'export function hit(): void {', '  state.hits++;', '}'),
    line: 3,
    says: /`hit` returns no value and changes `state`/,
  },
  {
    rule: 'testing/global-state',
    language: 'tsx',
    code: lines('let current = null;', 'function select(id) {', '  current = id;', '}'),
    line: 3,
    says: /changes `current`/,
  },
  {
    rule: 'testing/global-state',
    language: 'python',
    code: lines('count = 0', 'def inc():', '    global count', '    count += 1', ''),
    line: 4,
    says: /^`inc` returns no value and changes `count`, a global variable \(the function declares `global count`\), on line 4/,
  },
  {
    rule: 'testing/global-state',
    language: 'java',
    code: lines(
      'class C {',
      '  static int total;',
      '  static void add(int n) {',
      '    total += n;',
      '  }',
      '}',
    ),
    line: 4,
    says: /`C\.add` returns no value and changes `total`, a static field declared on line 2/,
  },
  {
    rule: 'testing/global-state',
    language: 'go',
    code: lines('package m', 'var hits int', 'func Hit() {', '\thits++', '}', ''),
    line: 4,
    says: /`Hit` returns no value and changes `hits`, a package-level variable declared on line 2/,
  },
];

const TESTING_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'testing/basis-paths',
    code: fn(l, 'small', ['a'], elseIfChain(l, 9)).code,
    why: 'cyclomatic complexity 10',
  })),
  {
    rule: 'testing/global-state',
    language: 'javascript',
    code: lines(
      'let count = 0;',
      'function next() { count += 1; return count; }',
      'function testCounter() { count = 5; }',
      'function local() { let count = 0; count++; }',
      'before(() => { count = 0; });',
    ),
    why: 'returns the value; a test; a local; a test hook',
  },
  {
    rule: 'testing/global-state',
    language: 'python',
    code: 'count = 0\ndef f():\n    count = 1\n    print(count)\n',
    why: 'a local without `global`',
  },
  {
    rule: 'testing/global-state',
    language: 'java',
    code: 'class C { int total; static final int MAX = 3; void add(int n) { total += n; } }',
    why: 'an instance field',
  },
  {
    rule: 'testing/global-state',
    language: 'go',
    code: 'package m\nvar hits int\nfunc init() {\n\thits = 1\n}\nfunc Hit() int {\n\thits++\n\treturn hits\n}\nfunc L() {\n\thits := 0\n\thits++\n}\n',
    why: 'init; has a result; shadowed',
  },
];

// ---------------------------------------------------------------------------------------------
// Documentation

const DOCUMENTATION: Case[] = [
  {
    rule: 'documentation/missing-doc',
    language: 'javascript',
    code: 'export function area(w, h) {\n  return w * h;\n}',
    line: 1,
    says: /^`area` is exported but has no JSDoc comment \(`\/\*\* … \*\/`\) directly above it/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'typescript',
    code: '// computes the area\nexport const area = (w: number, h: number) => w * h;',
    line: 2,
    says: /`area` is exported but has no JSDoc comment .*\(the comment there is not a doc comment\)/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'tsx',
    code: 'export class Panel {}',
    line: 1,
    says: /`Panel` is exported .*what the class represents/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'python',
    code: 'def area(w, h):\n    return w * h\n',
    line: 1,
    says: /^`area` is a public module-level function without a docstring/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\nfunc Area(w, h int) int { return w * h }\n',
    line: 3,
    says: /^`Area` is exported but has no doc comment; .*`\/\/ Area …`/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\n// returns the area\nfunc Area(w, h int) int { return w * h }\n',
    line: 4,
    says: /`Area` is exported, but its comment begins `returns the area` rather than with its name/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: 'public class Shapes {\n  /** Area. */\n  public int area(int w, int h) { return w * h; }\n}',
    line: 1,
    says: /^`Shapes` is public but has no Javadoc comment/,
  },
];

const DOCUMENTATION_MISSES: Case[] = [
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\ntype server struct{}\n\nfunc (s *server) Handle() {}\n',
    why: 'an exported method of an unexported type',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: 'class Helper {\n  public int area(int w, int h) { return w * h; }\n}',
    why: 'a public method of a class that is not public',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'javascript',
    code: '/** Area of a rectangle. */\nexport function area(w, h) {\n  return w * h;\n}\nfunction helper() {}',
    why: 'documented; not exported',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'python',
    code: 'def area(w, h):\n    """Area of a rectangle."""\n    return w * h\n\ndef _helper():\n    pass\n',
    why: 'a docstring; private',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\n// Area returns w times h,\n// both in metres.\nfunc Area(w, h int) int { return w * h }\n\nfunc helper() {}\n',
    why: 'a two-line comment that starts with the name; unexported',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: '/** Shapes. */\npublic class Shapes {\n  @Override\n  public String toString() { return "s"; }\n  int area() { return 1; }\n}',
    why: 'documented; an override; not public',
  },
];

// ---------------------------------------------------------------------------------------------
// Scalability

const FIB: Record<Tier1, { code: string; line: number }> = {
  javascript: { code: 'function fib(n) {\n  return n < 2 ? n : fib(n - 1) + fib(n - 2);\n}', line: 2 },
  typescript: {
    code: 'function fib(n: number): number {\n  if (n < 2) return n;\n  const a = fib(n - 1);\n  const b = fib(n - 2);\n  return a + b;\n}',
    line: 3,
  },
  tsx: {
    code: 'const paths = (r: number, c: number): number =>\n  r === 0 || c === 0 ? 1 : paths(r - 1, c) + paths(r, c - 1);',
    line: 2,
  },
  python: {
    code: 'def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n',
    line: 4,
  },
  java: {
    code: 'class M {\n  static int fib(int n) {\n    if (n < 2) return n;\n    return fib(n - 1) + fib(n - 2);\n  }\n}',
    line: 4,
  },
  go: {
    code: 'package m\nfunc fib(n int) int {\n\tif n < 2 {\n\t\treturn n\n\t}\n\treturn fib(n-1) + fib(n-2)\n}\n',
    line: 6,
  },
};

/** Three nested loops over data. */
function tripleLoop(l: Tier1): { code: string; line: number } {
  switch (l) {
    case 'python':
      return {
        code: lines(
          'def triples(xs, ys, zs):',
          '    for x in xs:',
          '        for y in ys:',
          '            for z in zs:',
          '                use(x, y, z)',
          '',
        ),
        line: 2,
      };
    case 'java':
      return {
        code: lines(
          'class T {',
          '  void triples(int[] xs, int[] ys, int[] zs) {',
          '    for (int x : xs) {',
          '      for (int i = 0; i < ys.length; i++) {',
          '        for (int z : zs) { use(x, ys[i], z); }',
          '      }',
          '    }',
          '  }',
          '}',
        ),
        line: 3,
      };
    case 'go':
      return {
        code: lines(
          'package m',
          'func Triples(xs, ys, zs []int) {',
          '\tfor _, x := range xs {',
          '\t\tfor _, y := range ys {',
          '\t\t\tfor _, z := range zs {',
          '\t\t\t\tuse(x, y, z)',
          '\t\t\t}',
          '\t\t}',
          '\t}',
          '}',
          '',
        ),
        line: 3,
      };
    default:
      return {
        code: lines(
          'function triples(xs, ys, zs) {',
          '  for (const x of xs) {',
          '    for (const y of ys) {',
          '      for (let k = 0; k < zs.length; k++) use(x, y, zs[k]);',
          '    }',
          '  }',
          '}',
        ),
        line: 2,
      };
  }
}

const SCALABILITY: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'scalability/exponential-recursion',
    code: FIB[l].code,
    line: FIB[l].line,
    says:
      l === 'tsx'
        ? /^`paths` calls itself twice in one run on line 2 \(`paths\(r - 1, c\)` and `paths\(r, c - 1\)`\), each time on an argument only a constant smaller \(`r - 1`, `c - 1`\)/
        : l === 'typescript'
          ? /^`fib` calls itself twice in one run on lines 3 and 4 \(`fib\(n - 1\)` and `fib\(n - 2\)`\)/
          : /^`(M\.)?fib` calls itself twice in one run on line \d+ \(`fib\(n ?- ?1\)` and `fib\(n ?- ?2\)`\), each time on an argument only a constant smaller \(`n ?- ?1`, `n ?- ?2`\), so the number of calls grows exponentially/,
  })),
  {
    rule: 'scalability/sync-io',
    language: 'javascript',
    code: "const fs = require('fs');\nfunction handler(req, res) {\n  res.end(fs.readFileSync(req.path));\n}",
    line: 3,
    says: /^`fs\.readFileSync\(req\.path\)` on line 3 in `handler` blocks Node's event loop.*`await fs\.promises\.readFile\(…\)`/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'typescript',
    code: "import { execSync } from 'node:child_process';\nexport const version = () => execSync('git describe').toString();",
    line: 2,
    says: /in `version` blocks Node's event loop.*`child_process` without `Sync`/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'tsx',
    code: 'function Page() {\n  const data = fs.readdirSync(dir);\n  return <ul>{data}</ul>;\n}',
    line: 2,
  },
  {
    rule: 'scalability/sync-io',
    language: 'python',
    code: 'import time\nasync def poll():\n    time.sleep(1)\n',
    line: 3,
    says: /^`time\.sleep\(1\)` on line 3 blocks inside the coroutine `poll`.*await asyncio\.sleep/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'python',
    code: 'import requests\nasync def fetch(url):\n    return requests.get(url).json()\n',
    line: 3,
    says: /httpx\.AsyncClient/,
  },
  ...perLanguage(TIER1, (l) => {
    const t = tripleLoop(l);
    return {
      rule: 'scalability/nested-loops',
      code: t.code,
      line: t.line,
      says: /nests 3 loops whose lengths depend on data: over `xs` \(line \d+\), then `ys(\.length)?` \(line \d+\), then `zs(\.length)?` \(line \d+\)/,
    };
  }),
];

const SCALABILITY_MISSES: Case[] = [
  {
    rule: 'scalability/exponential-recursion',
    language: 'javascript',
    code: 'function walk(node) {\n  if (!node) return;\n  walk(node.left);\n  walk(node.right);\n}\nfunction sort(a) {\n  if (a.length < 2) return a;\n  const m = a.length >> 1;\n  return merge(sort(a.slice(0, m)), sort(a.slice(m)));\n}',
    why: 'a tree walk; divide and conquer',
  },
  {
    rule: 'scalability/exponential-recursion',
    language: 'typescript',
    code: 'function f(n: number): number {\n  if (n % 2 === 0) return f(n - 1);\n  return n <= 1 ? 1 : f(n - 2);\n}',
    why: 'one self-call per run',
  },
  {
    rule: 'scalability/exponential-recursion',
    language: 'python',
    code: 'from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\ndef fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n',
    why: 'memoised; linear recursion',
  },
  {
    rule: 'scalability/sync-io',
    language: 'javascript',
    code: "const config = require('fs').readFileSync('config.json', 'utf8');",
    why: 'module level, at start-up',
  },
  {
    rule: 'scalability/sync-io',
    language: 'python',
    code: 'import time, asyncio\ndef wait():\n    time.sleep(1)\nasync def pause():\n    await asyncio.sleep(1)\n',
    why: 'not a coroutine; the async sleep',
  },
  ...perLanguage(TIER1, (l) => ({
    rule: 'scalability/nested-loops',
    code:
      l === 'python'
        ? 'def f(grid, xs):\n    for x in xs:\n        for i in range(3):\n            for j in range(3):\n                grid[i][j] += x\n'
        : l === 'go'
          ? 'package m\nfunc F(g [][]int, xs []int) {\n\tfor _, x := range xs {\n\t\tfor i := 0; i < 3; i++ {\n\t\t\tfor j := range 3 {\n\t\t\t\tg[i][j] += x\n\t\t\t}\n\t\t}\n\t}\n}\n'
          : l === 'java'
            ? 'class T { void f(int[][] g, int[] xs) { for (int x : xs) { for (int i = 0; i < 3; i++) { for (int j = 0; j < 3; j++) { g[i][j] += x; } } } } }'
            : 'function f(g, xs) {\n  for (const x of xs) {\n    const dirs = [[0, 1], [1, 0]];\n    for (const d of dirs) {\n      for (let i = 0; i < 3; i++) g[i] += x + d[0];\n    }\n  }\n}',
    why: 'inner loops of fixed length',
  })),
];

// ---------------------------------------------------------------------------------------------
// Maintainability

const MAGIC: Record<Tier1, { code: string; line: number; other: string }> = {
  javascript: {
    code: 'function retry(attempts) {\n  if (attempts > 5) throw new Error("give up");\n}',
    line: 2,
    other: 'attempts',
  },
  typescript: { code: 'const tooOld = (age: number) => {\n  return age >= 65;\n};', line: 2, other: 'age' },
  tsx: { code: 'function Label({ n }) {\n  return n < 0.5 ? <i /> : <b />;\n}', line: 2, other: 'n' },
  python: {
    code: 'def check(password):\n    return len(password) < 12\n',
    line: 2,
    other: 'len\\(password\\)',
  },
  java: {
    code: 'class A {\n  boolean f(int level) {\n    return level >= 7;\n  }\n}',
    line: 3,
    other: 'level',
  },
  go: { code: 'package m\nfunc F(size int) bool {\n\treturn size > 4096\n}\n', line: 3, other: 'size' },
};

const DUPLICATE: Record<Tier1, { code: string; line: number; lines: string }> = {
  javascript: {
    code: 'log("invalid input");\nfail("invalid input");\nthrow new Error("invalid input");',
    line: 1,
    lines: '1, 2 and 3',
  },
  typescript: {
    code: "const a = 'connection lost';\nconst b = 'connection lost';\nconst c = `connection lost`;",
    line: 1,
    lines: '1, 2 and 3',
  },
  tsx: {
    code: 'const A = () => <p title="Loading data…">{"Loading data…"}</p>;\nalert("Loading data…");',
    line: 1,
    lines: '1 and 2',
  },
  python: {
    code: 'a = "user not found"\nb = "user not found"\nraise KeyError("user not found")\n',
    line: 1,
    lines: '1, 2 and 3',
  },
  java: {
    code: 'class A {\n  String a = "user not found";\n  String b = "user not found";\n  String c = "user not found";\n}',
    line: 2,
    lines: '2, 3 and 4',
  },
  go: {
    code: 'package m\nvar a = "user not found"\nvar b = "user not found"\nvar c = `user not found`\n',
    line: 2,
    lines: '2, 3 and 4',
  },
};

const MAINTAINABILITY: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(l, 'tangled', ['a'], nestedIfs(l, 6, call(l, 'work')));
    return {
      rule: 'maintainability/cognitive-complexity',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?tangled` has cognitive complexity 21, above the limit of 15/,
    };
  }),
  ...perLanguage(TIER1, (l) => ({
    rule: 'maintainability/magic-number',
    code: MAGIC[l].code,
    line: MAGIC[l].line,
    says: new RegExp(
      `^\`${MAGIC[l].other}\` is compared with the bare number [\\d.]+ on line ${MAGIC[l].line}; give it a name`,
    ),
  })),
  {
    rule: 'maintainability/magic-number',
    language: 'javascript',
    code: 'if (retries > 5) stop();\nif (retries >= 5) wait();',
    line: 1,
    says: /^`retries` is compared with the bare number 5 on lines 1 and 2/,
  },
  {
    rule: 'maintainability/magic-number',
    language: 'go',
    code: 'package m\nfunc F(code int) {\n\tif code == 3 {\n\t\ta()\n\t} else if code == 4 {\n\t\tb()\n\t} else if code == 9 {\n\t\tc()\n\t}\n}\n',
    line: 3,
    says: /^`code` is compared with 3 different bare numbers \(3, 4 and 9\) on lines 3, 5 and 7/,
  },
  ...perLanguage(TIER1, (l) => ({
    rule: 'maintainability/duplicated-string',
    code: DUPLICATE[l].code,
    line: DUPLICATE[l].line,
    says: new RegExp(`^The string \`"[^"]+"\` is written 3 times \\(lines ${DUPLICATE[l].lines}\\)`),
  })),
];

const MAINTAINABILITY_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'maintainability/cognitive-complexity',
    code: fn(l, 'plain', ['a'], nestedIfs(l, 3, call(l, 'work'))).code,
    why: 'cognitive complexity 6',
  })),
  {
    rule: 'maintainability/magic-number',
    language: 'javascript',
    code: 'if (i < 0 || n === 1 || k >= 2 || j > -1) go();\nconst LIMIT = n > 500;\nif (res.status === 404) notFound();\nif (3 > 2) x();',
    why: 'plain numbers, a constant, a status code, two literals',
  },
  {
    rule: 'maintainability/magic-number',
    language: 'python',
    code: 'MAX_SIZE = 10\nTOO_BIG = size > 4096\nif response.status_code == 500:\n    retry()\n',
    why: 'constants; a status code',
  },
  {
    rule: 'maintainability/magic-number',
    language: 'java',
    code: 'class A { static final boolean BIG = SIZE > 4096; boolean f(int n) { return n > 0; } }',
    why: 'a final field; zero',
  },
  {
    rule: 'maintainability/magic-number',
    language: 'go',
    code: 'package m\nconst big = size > 4096\nfunc F(n int) bool { return n != 0 }\n',
    why: 'a const; zero',
  },
  {
    rule: 'maintainability/duplicated-string',
    language: 'javascript',
    code: "import a from './some/long/module.js';\nimport b from './some/long/module.js';\nexport { c } from './some/long/module.js';\nlog('short');\nlog('short');\nlog('short');\nwarn('seen only twice here');\nwarn('seen only twice here');",
    why: 'import paths, short strings, two copies',
  },
  {
    rule: 'maintainability/duplicated-string',
    language: 'python',
    code: 'def a():\n    """Does the thing."""\ndef b():\n    """Does the thing."""\ndef c():\n    """Does the thing."""\nx = {"created_at": 1}\ny = {"created_at": 2}\nz = {"created_at": 3}\n',
    why: 'docstrings and dictionary keys',
  },
  {
    rule: 'maintainability/duplicated-string',
    language: 'go',
    code: 'package m\nimport "example.com/some/module"\nfunc a() { module.A() }\n',
    why: 'an import path',
  },
];

// ---------------------------------------------------------------------------------------------
// Rules people expect (issue 12, first part): TLS, weak hashes, dead code, lossy conversions, unsafe

const EXPECTED: Case[] = [
  {
    rule: 'maintainability/dead-code',
    language: 'python',
    code: lines('def f(x):', '    if 0 and x:', '        print(x)', '    return x', ''),
    line: 2,
    says: /^`0 and x` on line 2 is always false, so the block on line 3 never runs/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'javascript',
    code: lines(
      'function f(x) {',
      '  if (false) {',
      '    debug(x);',
      '    trace(x);',
      '  }',
      '  return x;',
      '}',
    ),
    line: 2,
    says: /the block on lines 2–5 never runs/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'typescript',
    code: lines('function f(x: number) {', '  if (false && x > 1) {', '    log(x);', '  }', '}'),
    line: 2,
    says: /`false && x > 1` on line 2 is always false/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'tsx',
    code: lines('while (false) {', '  tick();', '}'),
    line: 1,
    says: /the loop body on lines 1–3 never runs/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'java',
    code: lines('class A {', '  void f(int x) {', '    if (false) {', '      log(x);', '    }', '  }', '}'),
    line: 3,
    says: /is always false/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'go',
    code: lines('package m', 'func f(x int) {', '\tif false {', '\t\tlog(x)', '\t}', '}', ''),
    line: 3,
    says: /is always false/,
  },
];

const EXPECTED_MISSES: Case[] = [
  {
    rule: 'maintainability/dead-code',
    language: 'python',
    code: lines('def f(x):', '    if x and 0:', '        print(x)', '    while True:', '        break', ''),
    why: 'a variable first; an endless loop',
  },
];

const POSITIVE: Case[] = [
  ...EXPECTED,
  ...SECURITY,
  ...PERFORMANCE,
  ...READABILITY,
  ...BEST_PRACTICES,
  ...ARCHITECTURE,
  ...TESTING,
  ...DOCUMENTATION,
  ...SCALABILITY,
  ...MAINTAINABILITY,
];
const NEGATIVE: Case[] = [
  ...EXPECTED_MISSES,
  ...SECURITY_MISSES,
  ...PERFORMANCE_MISSES,
  ...READABILITY_MISSES,
  ...BEST_PRACTICES_MISSES,
  ...ARCHITECTURE_MISSES,
  ...TESTING_MISSES,
  ...DOCUMENTATION_MISSES,
  ...SCALABILITY_MISSES,
  ...MAINTAINABILITY_MISSES,
];

describe('suggestion rules', () => {
  let parser: SourceParser;
  before(() => {
    parser = new SourceParser();
  });
  after(() => parser.dispose());

  async function analyse(language: LanguageId, code: string): Promise<RuleRun> {
    const parsed = await parser.parse(code, language);
    const metrics = metricsFor(language).measure(parsed.snapshot);
    const facts = extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics);
    return runRulesWithNotes(ALL_RULES, { language, code, root: parsed.snapshot.root, facts });
  }

  it('cover every focus area, each rule in its own area, with a unique id and a CWE for security rules', () => {
    assert.deepEqual([...new Set(ALL_RULES.map((r) => r.meta.type))].sort(), [...FOCUS_AREAS].sort());
    assert.equal(new Set(ALL_RULES.map((r) => r.meta.id)).size, ALL_RULES.length);
    for (const rule of ALL_RULES) assert.ok(rule.meta.id.startsWith(`${rule.meta.type}/`), rule.meta.id);
    for (const rule of ALL_RULES.filter((r) => r.meta.type === 'security'))
      assert.match(rule.meta.docs.cwe ?? '', /^CWE-\d+$/, rule.meta.id);
  });

  it('cover every tier-1 language in most focus areas', () => {
    for (const area of FOCUS_AREAS) {
      const covered = new Set(ALL_RULES.filter((r) => r.meta.type === area).flatMap((r) => r.meta.languages));
      const missing = TIER1.filter((l) => !covered.has(l));
      assert.deepEqual(missing, [], `${area} misses ${missing.join(', ')}`);
    }
  });

  it('have a true positive in every language each rule claims, and a near miss for every rule', () => {
    // A rule with a test file of its own (rules/<id>.test.ts, through the rule tester) is checked there.
    const here = ALL_RULES.filter(
      (r) => !existsSync(new URL(`./rules/${r.meta.id}.test.ts`, import.meta.url)),
    );
    for (const rule of here) {
      const tested = new Set(POSITIVE.filter((c) => c.rule === rule.meta.id).map((c) => c.language));
      const untested = rule.meta.languages.filter((l) => !tested.has(l));
      assert.deepEqual(untested, [], `${rule.meta.id} has no positive case in ${untested.join(', ')}`);
      assert.ok(
        NEGATIVE.some((c) => c.rule === rule.meta.id),
        `${rule.meta.id} has no near miss`,
      );
    }
    for (const c of [...POSITIVE, ...NEGATIVE]) {
      const rule = ALL_RULES.find((r) => r.meta.id === c.rule);
      assert.ok(rule, `unknown rule ${c.rule}`);
      assert.ok(rule.meta.languages.includes(c.language), `${c.rule} does not claim ${c.language}`);
    }
  });

  for (const c of POSITIVE) {
    it(`${c.rule} finds it in ${c.language} (line ${c.line})${c.says ? '' : ' [line only]'}`, async () => {
      const run = await analyse(c.language, c.code);
      assert.deepEqual(run.failures, []);
      const found = run.suggestions.filter((s) => s.rule === c.rule);
      assert.equal(found.length, c.count ?? 1, JSON.stringify(found, null, 2));
      const rule = ALL_RULES.find((r) => r.meta.id === c.rule)!;
      const [s] = found;
      assert.equal(s!.rule, rule.meta.id);
      assert.equal(s!.type, rule.meta.type);
      assert.equal(s!.severity, rule.meta.severity);
      assert.equal(s!.line, c.line);
      if (c.says) assert.match(s!.description, c.says);
      if (c.saysNot) assert.doesNotMatch(s!.description, c.saysNot);
      assert.deepEqual(
        await unparsedProposals(parser, c.language, s!.description, c.code),
        [],
        'proposed code parses',
      );
      if (rule.meta.docs.cwe) assert.ok(s!.description.startsWith(`${rule.meta.docs.cwe}: `), s!.description);
    });
  }

  for (const c of NEGATIVE) {
    it(`${c.rule} stays quiet in ${c.language}: ${c.why}`, async () => {
      const run = await analyse(c.language, c.code);
      assert.deepEqual(run.failures, []);
      assert.deepEqual(
        run.suggestions.filter((s) => s.rule === c.rule),
        [],
      );
    });
  }
});
