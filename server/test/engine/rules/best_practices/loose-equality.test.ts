import { looseEquality } from '../../../../src/engine/rules/best_practices/loose-equality.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { JS, lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  ...JS.map((language) => ({
    language,
    code: 'if (count == "0") {\n  reset();\n}',
    errors: [
      {
        line: 1,
        messageId: 'looseEquality',
        data: { operator: '==' },
        says: /^`count == "0"` on line 1 uses `==`, .*use `===`/,
      },
    ],
  })),
  {
    language: 'javascript',
    code: lines(...Array.from({ length: 6 }, (_, i) => `if (v${i} == w) f();`)),
    errors: [
      {
        line: 1,
        messageId: 'looseEqualityThroughout',
        says: /^`==` or `!=` is used in 6 comparisons here \(lines 1, 2, 3, 4, 5 and 6\), starting with `v0 == w`/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(...Array.from({ length: 5 }, (_, i) => `if (v${i} != w) f();`)),
    why: 'five comparisons, each reported',
    errors: Array.from({ length: 5 }, (_, i) => ({
      line: i + 1,
      messageId: 'looseEquality',
      data: { operator: '!=' },
      says: new RegExp(`^\`v${i} != w\` on line ${i + 1} uses \`!=\`.*use \`!==\``),
    })),
  },
  {
    language: 'tsx',
    code: lines(...Array.from({ length: 6 }, (_, i) => `if (v${i} == w) f();`)),
    focused: true,
    why: 'six comparisons, with best practices in focus',
    errors: [{ line: 1, messageId: 'looseEqualityThroughout', data: { count: 6 } }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: "if (a == null || a === 1 || typeof a == 'string' || a != undefined) {}",
    why: '== null, ===, typeof',
  },
  {
    language: 'typescript',
    code: "if (a == null || typeof a != 'number') {}",
    focused: true,
    why: '== null and typeof, with best practices in focus',
  },
];

ruleTester(looseEquality, { valid, invalid });
