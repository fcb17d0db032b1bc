import { basisPaths } from '../../../../src/engine/rules/testing/basis-paths.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { elseIfChain, fn, TIER1 } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => {
  const f = fn(language, 'classify', ['a'], elseIfChain(language, 11));
  const g = fn(language, 'classify', ['a'], elseIfChain(language, 7));
  return [
    {
      language,
      code: f.code,
      errors: [
        {
          line: f.line,
          messageId: 'manyPaths',
          data: { paths: 12, max: 10 },
          says: /^`(Holder\.)?classify` has cyclomatic complexity 12: 12 linearly independent paths .* at least 12 test cases/,
        },
      ],
    },
    {
      language,
      code: g.code,
      focused: true,
      why: 'cyclomatic complexity 8, with testing in focus (at most 7)',
      errors: [{ line: g.line, messageId: 'manyPaths', data: { paths: 8, max: 7 } }],
    },
  ];
});

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'small', ['a'], elseIfChain(language, 9)).code,
    why: 'cyclomatic complexity 10',
  })),
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'small', ['a'], elseIfChain(language, 6)).code,
    focused: true,
    why: 'cyclomatic complexity 7, with testing in focus',
  })),
];

ruleTester(basisPaths, { valid, invalid });
