import { lossyConversion } from '../../../../src/engine/rules/best_practices/lossy-conversion.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'java',
    code: lines('class A {', '  int f(String s) {', '    return (int) Long.parseLong(s);', '  }', '}'),
    errors: [
      {
        line: 3,
        messageId: 'narrowingCast',
        says: /^CWE-681: `\(int\) Long\.parseLong\(s\)` on line 3 narrows a 64-bit value to `int`.*Math\.toIntExact/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines('class A {', '  int F(string s) {', '    return (int)long.Parse(s);', '  }', '}'),
    errors: [{ line: 3, messageId: 'narrowingCast', says: /narrows a 64-bit value to `int`.*checked/ }],
  },
  {
    language: 'java',
    code: lines('class A {', '  short f() {', '    return (short) System.currentTimeMillis();', '  }', '}'),
    focused: true,
    why: 'a clock value to short, with best practices in focus',
    errors: [{ line: 3, messageId: 'narrowingCast', data: { type: 'short' } }],
  },
];

invalid.push({
  language: 'java',
  why: "a File's length is a long",
  code: lines(
    'class Upload {',
    '  byte[] buffer(File file) {',
    '    return new byte[(int) file.length()];',
    '  }',
    '}',
  ),
  errors: [{ line: 3, messageId: 'narrowingCast' }],
});

const valid: ValidCase[] = [
  {
    language: 'java',
    why: "a String's length is already an int",
    code: lines('class T {', '  char last(String name) {', '    return (char) name.length();', '  }', '}'),
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  int f(String s, double d) {',
      '    return (int) d + Integer.parseInt(s);',
      '  }',
      '}',
    ),
    why: 'a double cast and an int parsed',
  },
  {
    language: 'csharp',
    code: lines('class A {', '  int F(string s) {', '    return checked((int)int.Parse(s));', '  }', '}'),
    why: 'an int parsed as an int',
  },
];

ruleTester(lossyConversion, { valid, invalid });
