import { deepNesting } from '../../../../src/engine/rules/readability/deep-nesting.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { call, elseIfChain, fn, nestedIfs, TIER1 } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = TIER1.flatMap((language) => {
  const five = fn(language, 'deep', ['a'], nestedIfs(language, 5, call(language, 'work')));
  const four = fn(language, 'deep', ['a'], nestedIfs(language, 4, call(language, 'work')));
  const { line } = five;
  return [
    {
      language,
      code: five.code,
      errors: [
        {
          line: line + 5,
          messageId: 'tooDeep',
          data: { depth: 5, max: 4 },
          says: new RegExp(
            `^\`(Holder\\.)?deep\` nests loops and conditions 5 levels deep: the one on line ${line + 5} is inside those on lines ${line + 1}, ${line + 2}, ${line + 3} and ${line + 4}`,
          ),
        },
      ],
    },
    {
      language,
      code: four.code,
      focused: true,
      why: 'four levels, with readability in focus (at most 3)',
      errors: [{ line: line + 4, messageId: 'tooDeep', data: { depth: 4, max: 3 } }],
    },
  ];
});

// Levels reached through an `elif` or `else if` arm are cited at that arm's line, not the chain's first `if`.
invalid.push(
  {
    language: 'python',
    code: "def f(rows, mode):\n    for row in rows:\n        if mode is None:\n            break\n        elif mode == 'a':\n            for cell in row:\n                if cell:\n                    if cell > 1:\n                        print(cell)\n",
    errors: [
      {
        line: 8,
        messageId: 'tooDeep',
        data: { depth: 5, max: 4 },
        says: /the one on line 8 is inside those on lines 2, 5, 6 and 7\./,
      },
    ],
  },
  {
    language: 'javascript',
    code: 'function f(rows, mode) {\n  for (const row of rows) {\n    if (mode === null) {\n      break;\n    } else if (mode === 1) {\n      for (const cell of row) {\n        if (cell) {\n          if (cell > 1) console.log(cell);\n        }\n      }\n    }\n  }\n}\n',
    errors: [
      {
        line: 8,
        messageId: 'tooDeep',
        data: { depth: 5, max: 4 },
        says: /the one on line 8 is inside those on lines 2, 5, 6 and 7\./,
      },
    ],
  },
);

const valid: ValidCase[] = TIER1.flatMap((language) => [
  {
    language,
    code: fn(language, 'flat', ['a'], nestedIfs(language, 4, call(language, 'work'))).code,
    why: 'four levels',
  },
  {
    language,
    code: fn(language, 'chain', ['a'], elseIfChain(language, 7)).code,
    why: 'an else-if chain is one level',
  },
  {
    language,
    code: fn(language, 'shallow', ['a'], nestedIfs(language, 3, call(language, 'work'))).code,
    focused: true,
    why: 'three levels, with readability in focus',
  },
]);

ruleTester(deepNesting, { valid, invalid });
