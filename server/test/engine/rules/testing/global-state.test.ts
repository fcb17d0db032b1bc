import { globalState } from '../../../../src/engine/rules/testing/global-state.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines('let count = 0;', 'function increment() {', '  count += 1;', '}'),
    errors: [
      {
        line: 3,
        messageId: 'changesShared',
        data: { name: 'increment', variable: 'count' },
        says: /^`increment` returns no value and changes `count`, a module-level variable declared on line 1, on line 3 \(`count \+= 1`\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines('const state = { hits: 0 };', 'export function hit(): void {', '  state.hits++;', '}'),
    errors: [{ line: 3, messageId: 'changesShared', says: /`hit` returns no value and changes `state`/ }],
  },
  {
    language: 'tsx',
    code: lines('let current = null;', 'function select(id) {', '  current = id;', '}'),
    errors: [{ line: 3, messageId: 'changesShared', says: /changes `current`/ }],
  },
  {
    language: 'python',
    code: lines('count = 0', 'def inc():', '    global count', '    count += 1', ''),
    errors: [
      {
        line: 4,
        messageId: 'changesShared',
        says: /^`inc` returns no value and changes `count`, a global variable \(the function declares `global count`\), on line 4/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class C {',
      '  static int total;',
      '  static void add(int n) {',
      '    total += n;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'changesShared',
        says: /`C\.add` returns no value and changes `total`, a static field declared on line 2/,
      },
    ],
  },
  {
    language: 'go',
    code: lines('package m', 'var hits int', 'func Hit() {', '\thits++', '}', ''),
    errors: [
      {
        line: 4,
        messageId: 'changesShared',
        says: /`Hit` returns no value and changes `hits`, a package-level variable declared on line 2/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: lines(
      'let count = 0;',
      'function next() { count += 1; return count; }',
      'function testCounter() { count = 5; }',
      'function local() { let count = 0; count++; }',
      'before(() => { count = 0; });',
    ),
    why: 'returns the value; a test; a local; a test hook',
  },
  {
    language: 'python',
    code: 'count = 0\ndef f():\n    count = 1\n    print(count)\n',
    why: 'a local without `global`',
  },
  {
    language: 'java',
    code: 'class C { int total; static final int MAX = 3; void add(int n) { total += n; } }',
    why: 'an instance field',
  },
  {
    language: 'go',
    code: 'package m\nvar hits int\nfunc init() {\n\thits = 1\n}\nfunc Hit() int {\n\thits++\n\treturn hits\n}\nfunc L() {\n\thits := 0\n\thits++\n}\n',
    why: 'init; has a result; shadowed',
  },
];

ruleTester(globalState, { valid, invalid });
