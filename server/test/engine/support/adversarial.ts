/**
 * Inputs shaped to make a response as large as possible: many units, many
 * identical findings, long names and strings quoted into text, one very long
 * line, deep nesting, many imports, parameters and calls, in several
 * languages. Each stays under the request's size limit.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { MAX_CODE_CHARACTERS, type LanguageId } from '@code-explain/shared';

export interface AdversarialInput {
  readonly name: string;
  readonly language: LanguageId;
  readonly code: string;
}

const LIMIT = MAX_CODE_CHARACTERS - 1_000;

/** `piece(0) + piece(1) + …` for as long as it fits, between `head` and `tail`. */
function fill(piece: (i: number) => string, head = '', tail = ''): string {
  let body = '';
  for (let i = 0; ; i++) {
    const next = piece(i);
    if (head.length + body.length + next.length + tail.length > LIMIT) break;
    body += next;
  }
  return head + body + tail;
}

const long = (c: string, n = 30_000) => c.repeat(n);

const require = createRequire(import.meta.url);

export function adversarialInputs(): AdversarialInput[] {
  return [
    // The shapes measured in the defect report.
    {
      name: 'python: 4,000 one-line functions',
      language: 'python',
      code: 'def f(a):\n    return a\n'.repeat(4000),
    },
    {
      name: 'javascript: 2,800 hard-coded passwords',
      language: 'javascript',
      code: 'const password = "hunter2hunter2";\n'.repeat(2800),
    },
    {
      name: 'javascript: 5,000 arrow functions',
      language: 'javascript',
      code: 'const f = () => 1;\n'.repeat(5000),
    },
    {
      name: 'javascript: lodash, first 99 KB',
      language: 'javascript',
      code: readFileSync(require.resolve('lodash/lodash.js'), 'utf8').slice(0, LIMIT),
    },
    // Many units, each with findings of several rules.
    {
      name: 'javascript: exported functions with findings',
      language: 'javascript',
      code: fill(
        (i) =>
          `export function f${i}(a, b, c, d, e, f) {\n  var t = a == 42 ? b : c;\n  for (const x of a) for (const y of b) for (const z of c) if (d.indexOf(x) >= 0) t += "sep" + y;\n  return eval(t + e);\n}\n`,
      ),
    },
    {
      name: 'javascript: recursive and async functions',
      language: 'javascript',
      code: fill(
        (i) =>
          `async function g${i}(n, xs) {\n  for (const x of xs) { await g${i}(n - 1, x); }\n  return n < 2 ? n : (await g${i}(n - 1)) + (await g${i}(n - 2));\n}\n`,
      ),
    },
    {
      name: 'javascript: classes with many methods',
      language: 'javascript',
      code: fill((i) => `  m${i}(a) { if (a) { return a.b${i}; } return null; }\n`, 'class Big {\n', '}\n'),
    },
    {
      name: 'javascript: many classes',
      language: 'javascript',
      code: fill((i) => `class C${i} { m() { return ${i}; } }\n`),
    },
    // Long text quoted into sentences.
    {
      name: 'javascript: long identifiers',
      language: 'javascript',
      code: `function ${long('a')}(${long('b')}) {\n  if (${long('b')}) { return ${long('b', 9_000)}; }\n}\n`,
    },
    {
      name: 'javascript: long condition, string and call',
      language: 'javascript',
      code: `function f(x) {\n  while (${'x.a && '.repeat(4_000)}x) {\n    eval("${long('s', 20_000)}" + x);\n    ${long('callee', 3_000)}(x);\n  }\n  return "${long('r', 10_000)}";\n}\n`,
    },
    {
      name: 'javascript: many parameters',
      language: 'javascript',
      code: `function f(${Array.from({ length: 12_000 }, (_, i) => `p${i}`).join(', ')}) {\n  return p0;\n}\n`,
    },
    {
      name: 'javascript: many calls in one function',
      language: 'javascript',
      code: fill((i) => `  fn${i}(x${i});\n`, 'function caller(x) {\n', '}\n'),
    },
    {
      name: 'javascript: many returns and throws in one function',
      language: 'javascript',
      code: fill(
        (i) => `  if (x === ${i + 2}) return "v${i}";\n  if (x === -${i + 2}) throw new Error("e${i}");\n`,
        'function pick(x) {\n  try {\n',
        '  } catch (e) {}\n}\n',
      ),
    },
    {
      name: 'javascript: one very long line',
      language: 'javascript',
      code: fill((i) => `if(a==${i + 7}){b${i}(a,"${i}xyz")};`, 'function m(a){', '}'),
    },
    {
      name: 'javascript: deep nesting',
      language: 'javascript',
      code: `function f(a) {${'if (a) {'.repeat(2500)}${'}'.repeat(2500)}}`,
    },
    {
      name: 'javascript: many imports',
      language: 'javascript',
      code: fill((i) => `import m${i} from './module-${i}.js';\n`),
    },
    {
      name: 'typescript: top-level steps',
      language: 'typescript',
      code: fill((i) => `if (items.length > ${i}) { console.log(items[${i}]); }\n`),
    },
    // Other languages.
    {
      name: 'tsx: many components',
      language: 'tsx',
      code: fill(
        (i) =>
          `export function Item${i}({ items }: { items: string[] }) {\n  return <ul>{items.map((x) => <li key={x}>{x}</li>)}</ul>;\n}\n`,
      ),
    },
    {
      name: 'python: duplicated strings and magic numbers',
      language: 'python',
      code: fill(
        (i) =>
          `def h${i}(x):\n    if x == ${i + 100}:\n        return "a long repeated literal"\n    return [y * 3.5 for y in x]\n`,
      ),
    },
    {
      name: 'go: discarded errors and goroutines',
      language: 'go',
      code: fill(
        (i) =>
          `func F${i}(xs []int) int {\n\t_ = os.Remove("f")\n\tgo work(xs)\n\tfor _, x := range xs {\n\t\tif x > ${i} {\n\t\t\treturn x\n\t\t}\n\t}\n\treturn 0\n}\n`,
        'package m\n\nimport "os"\n\n',
      ),
    },
    {
      name: 'java: a class with many public methods',
      language: 'java',
      code: fill(
        (i) =>
          `  public int m${i}(int a) {\n    try { return a / ${i + 3}; } catch (Exception e) { return 0; }\n  }\n`,
        'public class Big {\n',
        '}\n',
      ),
    },
    {
      name: 'c: many functions',
      language: 'c',
      code: fill(
        (i) => `int f${i}(int a) { for (int i = 0; i < a; i++) { if (a > ${i}) return i; } return a; }\n`,
      ),
    },
    {
      name: 'cpp: many functions',
      language: 'cpp',
      code: fill(
        (i) => `int f${i}(std::vector<int>& v) { for (auto x : v) { if (x) return x; } return 0; }\n`,
      ),
    },
    {
      name: 'csharp: many methods',
      language: 'csharp',
      code: fill((i) => `  int M${i}(int a) { if (a > 1) { return a; } return 0; }\n`, 'class C {\n', '}\n'),
    },
    {
      name: 'rust: many functions',
      language: 'rust',
      code: fill((i) => `fn f${i}(a: i32) -> i32 { if a > 1 { return a; } a + 1 }\n`),
    },
    {
      name: 'php: many functions',
      language: 'php',
      code: fill((i) => `function f${i}($a) { if ($a > 1) { return $a; } return 0; }\n`, '<?php\n'),
    },
    {
      name: 'ruby: many methods',
      language: 'ruby',
      code: fill((i) => `def f${i}(a)\n  return a if a > 1\n  0\nend\n`),
    },
    {
      name: 'kotlin: many functions',
      language: 'kotlin',
      code: fill((i) => `fun f${i}(a: Int): Int { if (a > 1) { return a }; return 0 }\n`),
    },
    {
      name: 'swift: many functions',
      language: 'swift',
      code: fill((i) => `func f${i}(a: Int) -> Int { if a > 1 { return a }; return 0 }\n`),
    },
    {
      name: 'bash: many functions',
      language: 'bash',
      code: fill((i) => `f${i}() {\n  if [ "$1" -gt ${i} ]; then\n    echo "$1"\n  fi\n}\n`),
    },
    // Characters that take more than one byte, or an escape, in JSON.
    {
      name: 'javascript: non-ASCII and control characters',
      language: 'javascript',
      code: fill(
        (i) =>
          `function ключ${i}(значение) {\n  if (значение) { return "\u0001\u0002${'€'.repeat(40)}"; }\n}\n`,
      ),
    },
    {
      name: 'javascript: long names in three-byte characters',
      language: 'javascript',
      code: fill((i) => `function ${'名'.repeat(100)}${i}(参数) { return 参数; }\n`),
    },
  ];
}
