import { longFunction } from '../../../../src/engine/rules/readability/long-function.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { call, fn, lines, TIER1, type Tier1 } from '../../support/rule-snippets.js';

/** A function of `steps` call statements, and how many lines it spans. */
function long(l: Tier1, steps: number) {
  const f = fn(
    l,
    'work',
    ['a'],
    Array.from({ length: steps }, (_, i) => call(l, `step${i % 5}`)),
  );
  // Last line of the function: Python's last body line, Java's method brace, the closing brace elsewhere.
  const all = f.code.trimEnd().split('\n');
  const end = l === 'python' ? all.length : all.lastIndexOf('}') + (l === 'java' ? 0 : 1);
  return { ...f, span: end - f.line + 1 };
}

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => {
  const f = long(language, 61);
  const g = long(language, 41);
  return [
    {
      language,
      code: f.code,
      errors: [
        {
          line: f.line,
          messageId: 'tooLong',
          data: { lines: f.span, max: 60 },
          says: new RegExp(
            `^\`(Holder\\.)?work\` spans ${f.span} lines \\(${f.line}–${f.line + f.span - 1}\\), more than the 60`,
          ),
        },
      ],
    },
    {
      language,
      code: g.code,
      focused: true,
      why: `${g.span} lines, with readability in focus (at most 40)`,
      errors: [
        {
          line: g.line,
          messageId: 'tooLong',
          data: { lines: g.span, max: 40 },
          says: /more than 40, the stricter limit used when readability is requested/,
          saysNot: /one screen/,
        },
      ],
    },
  ];
});

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({ language, code: long(language, 55).code, why: 'under 60 lines' })),
  ...TIER1.map((language) => ({
    language,
    code: long(language, 37).code,
    focused: true,
    why: 'at most 40 lines, with readability in focus',
  })),
  {
    language: 'javascript',
    code: lines(
      "describe('suite', () => {",
      ...Array.from({ length: 70 }, (_, i) => `  it('case ${i}', check);`),
      '});',
    ),
    why: 'an anonymous callback',
  },
];

ruleTester(longFunction, { valid, invalid });
