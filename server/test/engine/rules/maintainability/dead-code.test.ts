import { deadCode } from '../../../../src/engine/rules/maintainability/dead-code.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines('def f(x):', '    if 0 and x:', '        print(x)', '    return x', ''),
    errors: [
      {
        line: 2,
        messageId: 'alwaysFalse',
        says: /^`0 and x` on line 2 is always false, so the block on line 3 never runs/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      'function f(x) {',
      '  if (false) {',
      '    debug(x);',
      '    trace(x);',
      '  }',
      '  return x;',
      '}',
    ),
    errors: [{ line: 2, messageId: 'alwaysFalse', says: /the block on lines 2–5 never runs/ }],
  },
  {
    language: 'typescript',
    code: lines('function f(x: number) {', '  if (false && x > 1) {', '    log(x);', '  }', '}'),
    errors: [{ line: 2, messageId: 'alwaysFalse', says: /`false && x > 1` on line 2 is always false/ }],
  },
  {
    language: 'tsx',
    code: lines('while (false) {', '  tick();', '}'),
    errors: [{ line: 1, messageId: 'alwaysFalse', says: /the loop body on lines 1–3 never runs/ }],
  },
  {
    language: 'java',
    code: lines('class A {', '  void f(int x) {', '    if (false) {', '      log(x);', '    }', '  }', '}'),
    errors: [{ line: 3, messageId: 'alwaysFalse', says: /is always false/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'func f(x int) {', '\tif false {', '\t\tlog(x)', '\t}', '}', ''),
    errors: [{ line: 3, messageId: 'alwaysFalse', says: /is always false/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    code: lines('def f(x):', '    if x and 0:', '        print(x)', '    while True:', '        break', ''),
    why: 'a variable first; an endless loop',
  },
];

ruleTester(deadCode, { valid, invalid });
