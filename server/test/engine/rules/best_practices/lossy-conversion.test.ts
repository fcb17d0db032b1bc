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

invalid.push(
  {
    language: 'go',
    why: "Atoi's int narrowed to int32",
    code: lines(
      'package limits',
      'import "strconv"',
      'func Port(v string) int32 {',
      '\tn, _ := strconv.Atoi(v)',
      '\treturn int32(n)',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'narrowingCast',
        says: /^CWE-681: `int32\(n\)` on line 5 narrows a 64-bit value to `int32`.*`strconv\.ParseInt\(s, 10, 32\)`.*`n >= math\.MinInt32 && n <= math\.MaxInt32`/,
      },
    ],
  },
  {
    language: 'go',
    why: 'a declared int64 and a Unix time narrowed to 16 and 32 bits',
    code: lines(
      'package m',
      'import "time"',
      'func Pack(size int64) (uint16, uint32) {',
      '\treturn uint16(size), uint32(time.Now().Unix())',
      '}',
    ),
    errors: [
      { line: 4, messageId: 'narrowingCast', says: /`uint16\(size\)`.*`n >= 0 && n <= math\.MaxUint16`/ },
      { line: 4, messageId: 'narrowingCast', says: /`uint32\(time\.Now\(\)\.Unix\(\)\)`/ },
    ],
  },
);

const valid: ValidCase[] = [
  {
    language: 'go',
    why: 'parsed at 32 bits, widened, or a value of unknown size',
    code: lines(
      'package m',
      'import "strconv"',
      'func F(v string, small int16, x Count) (int32, int64, int32) {',
      '\tn, _ := strconv.ParseInt(v, 10, 32)',
      '\treturn int32(n), int64(small), int32(x)',
      '}',
    ),
  },
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
