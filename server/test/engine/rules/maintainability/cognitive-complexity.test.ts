import { cognitiveComplexity } from '../../../../src/engine/rules/maintainability/cognitive-complexity.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { call, fn, nestedIfs, TIER1 } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => {
  const six = fn(language, 'tangled', ['a'], nestedIfs(language, 6, call(language, 'work')));
  const five = fn(language, 'tangled', ['a'], nestedIfs(language, 5, call(language, 'work')));
  return [
    {
      language,
      code: six.code,
      errors: [
        {
          line: six.line,
          messageId: 'tooComplex',
          data: { complexity: 21, max: 15 },
          says: /^`(Holder\.)?tangled` has cognitive complexity 21, above the limit of 15/,
        },
      ],
    },
    {
      language,
      code: five.code,
      focused: true,
      why: 'cognitive complexity 15, with maintainability in focus (at most 10)',
      errors: [
        {
          line: five.line,
          messageId: 'tooComplex',
          data: { complexity: 15, max: 10 },
          says: /has cognitive complexity 15, above 10, the stricter limit used when maintainability is requested/,
          saysNot: /SonarSource/,
        },
      ],
    },
  ];
});

/** Six `if`s nested in a function of a language beyond tier 1: cognitive 1 + 2 + … + 6 = 21. */
function tangledIn(language: 'c' | 'cpp' | 'csharp' | 'rust'): { code: string; line: number } {
  const ifs = Array.from({ length: 6 }, (_, i) =>
    language === 'rust' ? `if a > ${i} {` : `if (a > ${i}) {`,
  );
  const body = [...ifs, language === 'rust' ? 'work();' : 'work();', ...ifs.map(() => '}')];
  switch (language) {
    case 'csharp':
      return {
        code: ['class Holder {', '  int tangled(int a) {', ...body, '    return 0;', '  }', '}', ''].join(
          '\n',
        ),
        line: 2,
      };
    case 'rust':
      return { code: ['fn tangled(a: i32) -> i32 {', ...body, '    0', '}', ''].join('\n'), line: 1 };
    default:
      return { code: ['int tangled(int a) {', ...body, '  return 0;', '}', ''].join('\n'), line: 1 };
  }
}

for (const language of ['c', 'cpp', 'csharp', 'rust'] as const) {
  const { code, line } = tangledIn(language);
  invalid.push({
    language,
    code,
    errors: [
      {
        line,
        messageId: 'tooComplex',
        data: { complexity: 21, max: 15 },
        says: /^`(Holder\.)?tangled` has cognitive complexity 21, above the limit of 15/,
      },
    ],
  });
}

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'plain', ['a'], nestedIfs(language, 3, call(language, 'work'))).code,
    why: 'cognitive complexity 6',
  })),
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'tangled', ['a'], nestedIfs(language, 5, call(language, 'work'))).code,
    why: 'cognitive complexity 15',
  })),
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'plain', ['a'], nestedIfs(language, 4, call(language, 'work'))).code,
    focused: true,
    why: 'cognitive complexity 10, with maintainability in focus',
  })),
];

ruleTester(cognitiveComplexity, { valid, invalid });
