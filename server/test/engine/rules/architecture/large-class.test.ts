import { largeClass } from '../../../../src/engine/rules/architecture/large-class.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { classWith, TIER1 } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => [
  {
    language,
    code: classWith(language, 21),
    errors: [
      {
        line: language === 'go' ? 3 : 1,
        messageId: 'tooManyMethods',
        data: { count: 21, max: 20 },
        says: new RegExp(
          `^${language === 'go' ? 'Type' : 'Class'} \`Big\` has 21 methods \\(\`m0\`, \`m1\`, \`m2\`, \`m3\`, \`m4\`, \`m5\`, …\\), more than 20`,
        ),
      },
    ],
  },
  {
    language,
    code: classWith(language, 16),
    focused: true,
    why: '16 methods, with architecture in focus (at most 15)',
    errors: [{ line: language === 'go' ? 3 : 1, messageId: 'tooManyMethods', data: { count: 16, max: 15 } }],
  },
]);

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({ language, code: classWith(language, 20), why: '20 methods' })),
  ...TIER1.map((language) => ({
    language,
    code: classWith(language, 15),
    focused: true,
    why: '15 methods, with architecture in focus',
  })),
];

ruleTester(largeClass, { valid, invalid });
