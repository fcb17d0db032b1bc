import { magicNumber } from '../../../../src/engine/rules/maintainability/magic-number.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { TIER1, type Tier1 } from '../../support/rule-snippets.js';

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

const invalid: InvalidCase[] = [
  ...TIER1.map((language) => ({
    language,
    code: MAGIC[language].code,
    errors: [
      {
        line: MAGIC[language].line,
        messageId: 'bareNumber',
        says: new RegExp(
          `^\`${MAGIC[language].other}\` is compared with the bare number [\\d.]+ on line ${MAGIC[language].line}; give it a name`,
        ),
      },
    ],
  })),
  {
    language: 'javascript',
    code: 'if (retries > 5) stop();\nif (retries >= 5) wait();',
    errors: [
      {
        line: 1,
        messageId: 'bareNumber',
        data: { number: '5' },
        says: /^`retries` is compared with the bare number 5 on lines 1 and 2/,
      },
    ],
  },
  {
    language: 'go',
    code: 'package m\nfunc F(code int) {\n\tif code == 3 {\n\t\ta()\n\t} else if code == 4 {\n\t\tb()\n\t} else if code == 9 {\n\t\tc()\n\t}\n}\n',
    errors: [
      {
        line: 3,
        messageId: 'bareNumbers',
        data: { count: 3 },
        says: /^`code` is compared with 3 different bare numbers, 3, 4 and 9, on lines 3, 5 and 7/,
      },
    ],
  },
  {
    language: 'python',
    // In hex, `f` and `d` are digits, not a float's suffix: `0x0f` is 15, not 0.
    code: 'def kind(tag):\n    if tag == 0x0f:\n        return 1\n    if tag == 0xdd:\n        return 2\n    return 0\n',
    errors: [
      {
        line: 2,
        messageId: 'bareNumbers',
        data: { count: 2 },
        says: /^`tag` is compared with 2 different bare numbers, 0x0f and 0xdd,/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: 'if (i < 0 || n === 1 || k >= 2 || j > -1) go();\nconst LIMIT = n > 500;\nif (res.status === 404) notFound();\nif (3 > 2) x();',
    why: 'plain numbers, a constant, a status code, two literals',
  },
  {
    language: 'python',
    code: 'MAX_SIZE = 10\nTOO_BIG = size > 4096\nif response.status_code == 500:\n    retry()\n',
    why: 'constants; a status code',
  },
  {
    language: 'java',
    code: 'class A { static final boolean BIG = SIZE > 4096; boolean f(int n) { return n > 0; } }',
    why: 'a final field; zero',
  },
  {
    language: 'go',
    code: 'package m\nconst big = size > 4096\nfunc F(n int) bool { return n != 0 }\n',
    why: 'a const; zero',
  },
];

ruleTester(magicNumber, { valid, invalid });
