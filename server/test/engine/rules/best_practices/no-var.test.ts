import { noVar } from '../../../../src/engine/rules/best_practices/no-var.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines(...Array.from({ length: 7 }, (_, i) => `var n${i} = ${i};`)),
    errors: [
      {
        line: 1,
        messageId: 'varThroughout',
        says: /^This code declares variables with `var` 7 times \(lines 1, 2, 3, 4, 5, 6 and 7\), starting with `n0`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines('var total = 0;', 'for (const x of xs) total += x;'),
    errors: [
      {
        line: 1,
        messageId: 'varDeclaration',
        says: /^`var total` on line 1 is visible throughout the whole file .*it is reassigned, so declare it with `let`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines('function f() {', '  var seen = [];', '  return seen;', '}'),
    errors: [
      {
        line: 2,
        messageId: 'varDeclaration',
        says: /^`var seen` on line 2 is visible throughout the enclosing function \(not just its block\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: "var name = 'x', count = 0;\ncount++;",
    errors: [
      {
        line: 1,
        messageId: 'varDeclaration',
        says: /use `let` for `count`, which is reassigned, and `const` for the rest/,
      },
    ],
  },
  {
    language: 'tsx',
    code: 'for (var k in obj) {\n  keys.push(k);\n}',
    errors: [{ line: 1, messageId: 'varInLoop', says: /`var k` in the loop on line 1 .*`const`/ }],
  },
  {
    language: 'typescript',
    code: lines(
      'for (var i = 0; i < 3; i++) {',
      '  setTimeout(() => log(i));',
      '}',
      'for (var x of xs) use(x);',
    ),
    errors: [
      {
        line: 1,
        messageId: 'varDeclaration',
        data: { names: 'i' },
        says: /^`var i` on line 1 is visible throughout the whole file.*it is reassigned, so declare it with `let`/,
      },
      {
        line: 4,
        messageId: 'varInLoop',
        data: { name: 'x' },
        says: /declare it with `const`, which gives each iteration its own binding/,
      },
    ],
  },
  {
    language: 'tsx',
    code: lines(...Array.from({ length: 6 }, (_, i) => `var n${i} = ${i};`)),
    focused: true,
    why: 'six declarations, with best practices in focus',
    errors: [{ line: 1, messageId: 'varThroughout', data: { count: 6 } }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: 'let a = 1;\nconst b = 2;',
    why: 'let and const',
  },
  {
    language: 'typescript',
    code: 'for (const k in obj) keys.push(k);\nlet total = 0;\n// var old = 1;',
    focused: true,
    why: 'let and const; var in a comment; with best practices in focus',
  },
];

ruleTester(noVar, { valid, invalid });
