import { discardedError } from '../../../../src/engine/rules/best_practices/discarded-error.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'go',
    code: 'package m\nimport "strconv"\nfunc F(s string) int {\n\tn, _ := strconv.Atoi(s)\n\treturn n\n}\n',
    errors: [
      {
        line: 4,
        messageId: 'discardedError',
        says: /^`n, _ := strconv\.Atoi\(s\)` on line 4 assigns the second result of `strconv\.Atoi`, its error, to `_`.*carries on using `n`/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'func load(p string) (string, int, error) { return "", 0, nil }',
      'func F() {',
      '\tname, size, _ = load("x")',
      '\tuse(name, size)',
      '}',
      '',
    ),
    errors: [{ line: 4, messageId: 'discardedError', says: /the third result of `load`/ }],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "os"',
      'func F(p string) {',
      '\t_, _ = os.ReadFile(p)',
      '\tf, _ := os.Open(p)',
      '\tuse(f)',
      '}',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'discardedError',
        data: { callee: 'os.ReadFile', position: 'second', consequence: 'carries on' },
        says: /so when the call fails the code carries on without knowing it failed.*`fmt\.Errorf\("os\.ReadFile: %w", err\)`/,
      },
      {
        line: 5,
        messageId: 'discardedError',
        data: { callee: 'os.Open', consequence: 'carries on using `f`' },
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'go',
    code: lines(
      'package m',
      'import "strconv"',
      'func F(m map[string]int, x any) {',
      '\tv, _ := m["a"]',
      '\t_, ok := x.(string)',
      '\tw, _ := lookup("a")',
      '\tn, err := strconv.Atoi("1")',
      '\tuse(v, ok, w, n, err)',
      '}',
      '',
    ),
    why: 'a map read, a type assertion, an unknown callee, a kept error',
  },
  {
    language: 'go',
    code: 'package m\nimport "strconv"\nfunc F(s string) (int, error) {\n\tn, err := strconv.Atoi(s)\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn n, nil\n}\n',
    focused: true,
    why: 'the error checked, with best practices in focus',
  },
];

ruleTester(discardedError, { valid, invalid });
