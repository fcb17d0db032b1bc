import { exponentialRecursion } from '../../../../src/engine/rules/scalability/exponential-recursion.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { TIER1, type Tier1 } from '../../support/rule-snippets.js';

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

const invalid: InvalidCase[] = TIER1.map((language) => ({
  language,
  code: FIB[language].code,
  errors: [
    {
      line: FIB[language].line,
      messageId: 'exponential',
      says:
        language === 'tsx'
          ? /^`paths` calls itself twice in one run on line 2 \(`paths\(r - 1, c\)` and `paths\(r, c - 1\)`\), each time on an argument only a constant smaller \(`r - 1`, `c - 1`\)/
          : language === 'typescript'
            ? /^`fib` calls itself twice in one run on lines 3 and 4 \(`fib\(n - 1\)` and `fib\(n - 2\)`\)/
            : /^`(M\.)?fib` calls itself twice in one run on line \d+ \(`fib\(n ?- ?1\)` and `fib\(n ?- ?2\)`\), each time on an argument only a constant smaller \(`n ?- ?1`, `n ?- ?2`\), so the number of calls grows exponentially/,
    },
  ],
}));

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: 'function walk(node) {\n  if (!node) return;\n  walk(node.left);\n  walk(node.right);\n}\nfunction sort(a) {\n  if (a.length < 2) return a;\n  const m = a.length >> 1;\n  return merge(sort(a.slice(0, m)), sort(a.slice(m)));\n}',
    why: 'a tree walk; divide and conquer',
  },
  {
    language: 'typescript',
    code: 'function f(n: number): number {\n  if (n % 2 === 0) return f(n - 1);\n  return n <= 1 ? 1 : f(n - 2);\n}',
    why: 'one self-call per run',
  },
  {
    language: 'python',
    code: 'from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\ndef fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n',
    why: 'memoised; linear recursion',
  },
];

ruleTester(exponentialRecursion, { valid, invalid });
