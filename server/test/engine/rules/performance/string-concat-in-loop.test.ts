import { stringConcatInLoop } from '../../../../src/engine/rules/performance/string-concat-in-loop.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines(
      'def render(rows):',
      '    out = ""',
      '    for r in rows:',
      '        out += r',
      '    return out',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'appendInLoop',
        says: /^`out \+= r` on line 4 appends to the string `out` \(declared on line 2\) .* loop on line 3.*''\.join\(\)/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'def render(rows):',
      '    out = ""',
      '    for r in rows:',
      '        out = out + r + "\\n"',
      '    return out',
      '',
    ),
    errors: [{ line: 4, messageId: 'appendInLoop', says: /appends to the string `out`/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  String f(List<String> xs) {',
      '    String s = "";',
      '    for (String x : xs) {',
      '      s += x;',
      '    }',
      '    return s;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'appendInLoop',
        says: /appends to the string `s` \(declared on line 3\).*StringBuilder/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'func F(xs []string) string {',
      '\ts := ""',
      '\tfor _, x := range xs {',
      '\t\ts += x',
      '\t}',
      '\treturn s',
      '}',
      '',
    ),
    errors: [{ line: 5, messageId: 'appendInLoop', says: /appends to the string `s`.*strings\.Builder/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  String f(List<String> xs, List<String> ys) {',
      '    String s = "";',
      '    for (String x : xs) {',
      '      s += x;',
      '      s += ",";',
      '    }',
      '    for (String y : ys) {',
      '      s = s + y;',
      '    }',
      '    return s;',
      '  }',
      '}',
    ),
    why: 'one report per variable and loop',
    errors: [
      { line: 5, messageId: 'appendInLoop', data: { name: 's', declared: 3, loop: 4 } },
      {
        line: 9,
        messageId: 'appendInLoop',
        data: { name: 's', declared: 3, loop: 8 },
        says: /^`s = s \+ y` on line 9/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    code: 'def f(xs, s):\n    total = 0\n    for x in xs:\n        total += x\n        s += x\n    return total\n',
    why: 'a number; an untyped parameter',
  },
  {
    language: 'java',
    code: 'class A { void f(List<String> xs) { int n = 0; for (String x : xs) { String s = ""; s += x; n += 1; } } }',
    why: 'an int; a String made inside the loop',
  },
  {
    language: 'go',
    code: 'package m\nfunc F(xs []int) int {\n\tn := 0\n\tfor _, x := range xs {\n\t\tn += x\n\t}\n\treturn n\n}\n',
    why: 'an int',
  },
  {
    language: 'go',
    code: 'package m\nimport "strings"\nfunc F(xs []string) string {\n\tvar b strings.Builder\n\tfor _, x := range xs {\n\t\tb.WriteString(x)\n\t}\n\treturn b.String()\n}\n',
    focused: true,
    why: 'a strings.Builder, with performance in focus',
  },
];

ruleTester(stringConcatInLoop, { valid, invalid });
