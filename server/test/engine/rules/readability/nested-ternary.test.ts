import { nestedTernary } from '../../../../src/engine/rules/readability/nested-ternary.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: 'const size = n > 100 ? "big" : n > 10 ? "medium" : "small";',
    errors: [
      {
        line: 1,
        messageId: 'nested',
        data: { depth: 2 },
        says: /^`n > 100 \? "big" : n > 10 \? "medium" : "small"` on line 1 puts a conditional expression inside another \(2 levels\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: 'export const h = (a: boolean, c: boolean) =>\n  a ? 1 : (c ? 2 : (d ? 3 : 4));',
    errors: [{ line: 2, messageId: 'nested', data: { depth: 3 }, says: /\(3 levels\)/ }],
  },
  {
    language: 'tsx',
    code: 'const Badge = ({ n }) => <b>{n === 0 ? "none" : n === 1 ? "one" : "many"}</b>;',
    errors: [{ line: 1, messageId: 'nested' }],
  },
  {
    language: 'python',
    code: 'size = "big" if n > 100 else ("medium" if n > 10 else "small")\n',
    errors: [{ line: 1, messageId: 'nested', says: /if\/elif\/else/ }],
  },
  {
    language: 'java',
    code: 'class A {\n  int f(int a, boolean b) {\n    return a > 5 ? 1 : b ? 2 : 3;\n  }\n}',
    errors: [{ line: 3, messageId: 'nested' }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: 'const a = x ? 1 : 2;\nconst b = x ? f(y ? 1 : 2) : 3;',
    why: 'one level; a ternary inside a call',
  },
  { language: 'python', code: 'a = 1 if x else 2\n', why: 'one level' },
];

ruleTester(nestedTernary, { valid, invalid });
