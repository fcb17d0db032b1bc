import { codeInjection } from '../../../../src/engine/rules/security/code-injection.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines('function run(input) {', '  return eval(input);', '}'),
    errors: [
      {
        line: 2,
        messageId: 'runsParameter',
        severity: 'medium',
        data: { source: 'a parameter of `run`', sourceLine: 1 },
        says: /^CWE-95: `eval\(input\)` on line 2 runs the text of `input`.*JSON\.parse.*`input` is a parameter of `run` \(line 1\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: "const f = new Function('a', body);",
    errors: [{ line: 1, messageId: 'runs', says: /CWE-95: .* compiles a function from `body`/ }],
  },
  {
    language: 'tsx',
    code: 'setTimeout("tick(" + id + ")", 100);',
    errors: [
      { line: 1, messageId: 'runs', says: /CWE-95: .*evaluates as code the string `"tick\(" \+ id \+ "\)"`/ },
    ],
  },
  {
    language: 'python',
    code: lines('def calc(expr):', '    return eval(expr)', ''),
    errors: [
      {
        line: 2,
        messageId: 'runsParameter',
        severity: 'medium',
        says: /CWE-95: `eval\(expr\)` on line 2 .*ast\.literal_eval/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'from flask import request',
      '',
      '@app.route("/calc")',
      'def calc():',
      '    expr = request.args["expr"]',
      '    return str(eval(expr))',
      '',
    ),
    why: 'request input: the source is named',
    errors: [
      {
        line: 6,
        messageId: 'runsInput',
        data: { value: '`expr`', source: '`request.args`', sourceLine: 5, sink: '`eval(...)`', sinkLine: 6 },
        says: /^CWE-95: `expr` comes from `request\.args` \(line 5\) and reaches `eval\(\.\.\.\)` \(line 6\).*ast\.literal_eval/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines("app.post('/rule', (req, res) => {", '  const fn = new Function("x", req.body.code);', '});'),
    why: 'request input: the source is named',
    errors: [{ line: 2, messageId: 'runsInput', data: { source: '`req.body`', sourceLine: 2 } }],
  },
];

const valid: ValidCase[] = [
  { language: 'javascript', code: "eval('1 + 1');", why: 'a fixed literal' },
  { language: 'javascript', code: 'setTimeout(() => tick(id), 100);', why: 'a function' },
  { language: 'python', code: 'x = evaluate(expr)\nmodel.eval()\n', why: 'other functions' },
  { language: 'python', code: 'eval("1 + 2")\n', why: 'a fixed literal' },
  {
    language: 'typescript',
    code: lines("app.get('/n', (req, res) => {", '  eval(String(parseInt(req.query.n)));', '});'),
    why: 'parseInt leaves a number, no code',
  },
];

ruleTester(codeInjection, { valid, invalid });
