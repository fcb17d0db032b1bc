import { highFanOut } from '../../../../src/engine/rules/architecture/high-fan-out.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { call, fn, TIER1, type Tier1 } from '../../support/rule-snippets.js';

/** A function that calls `n` different functions. */
const calling = (l: Tier1, name: string, n: number) =>
  fn(
    l,
    name,
    [],
    Array.from({ length: n }, (_, i) => call(l, `step${i}`)),
  );

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => {
  const f = calling(language, 'orchestrate', 11);
  const g = calling(language, 'orchestrate', 8);
  return [
    {
      language,
      code: f.code,
      errors: [
        {
          line: f.line,
          messageId: 'highFanOut',
          data: { count: 11, max: 10 },
          says: /^`(Holder\.)?orchestrate` calls 11 different functions and methods, not counting the language's built-ins \(`step0`, `step1`, `step2`, `step3`, `step4`, `step5` and 5 more\)/,
        },
      ],
    },
    {
      language,
      code: g.code,
      focused: true,
      why: 'eight callees, with architecture in focus (at most 7)',
      errors: [{ line: g.line, messageId: 'highFanOut', data: { count: 8, max: 7 } }],
    },
  ];
});

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({ language, code: calling(language, 'f', 10).code, why: 'ten callees' })),
  ...TIER1.map((language) => ({
    language,
    code: calling(language, 'f', 7).code,
    focused: true,
    why: 'seven callees, with architecture in focus',
  })),
  {
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
];

ruleTester(highFanOut, { valid, invalid });
