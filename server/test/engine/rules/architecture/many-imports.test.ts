import { manyImports } from '../../../../src/engine/rules/architecture/many-imports.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { imports, TIER1 } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => [
  {
    language,
    code: imports(language, 16),
    errors: [
      {
        line: language === 'go' ? 4 : 1,
        messageId: 'tooManyImports',
        data: { count: 16, max: 15 },
        says: /^This code imports 16 different modules \(lines \d+–\d+: .*mod0.*\), more than 15/,
      },
    ],
  },
  {
    language,
    code: imports(language, 11),
    focused: true,
    why: '11 imports, with architecture in focus (at most 10)',
    errors: [{ line: language === 'go' ? 4 : 1, messageId: 'tooManyImports', data: { count: 11, max: 10 } }],
  },
]);

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({ language, code: imports(language, 15), why: '15 imports' })),
  ...TIER1.map((language) => ({
    language,
    code: imports(language, 10),
    focused: true,
    why: '10 imports, with architecture in focus',
  })),
];

ruleTester(manyImports, { valid, invalid });
