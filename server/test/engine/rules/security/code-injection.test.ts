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

invalid.push(
  {
    language: 'java',
    why: 'a request parameter run by a JavaScript engine',
    code: lines(
      'import javax.script.ScriptEngine;',
      'import javax.script.ScriptEngineManager;',
      'import javax.servlet.http.HttpServletRequest;',
      'class Calc {',
      '  Object calc(HttpServletRequest request) throws Exception {',
      '    ScriptEngine engine = new ScriptEngineManager().getEngineByName("js");',
      '    String expr = request.getParameter("expr");',
      '    return engine.eval(expr);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 8,
        messageId: 'runsInput',
        data: { value: '`expr`', source: '`request.getParameter`', sourceLine: 7 },
        says: /^CWE-95: `expr` comes from `request\.getParameter` \(line 7\)/,
      },
    ],
  },
  {
    language: 'java',
    why: 'SpEL parsing text it is given',
    code: lines(
      'import org.springframework.expression.ExpressionParser;',
      'import org.springframework.expression.spel.standard.SpelExpressionParser;',
      'class Rules {',
      '  private final ExpressionParser parser = new SpelExpressionParser();',
      '  Object apply(String rule, Object order) {',
      '    return parser.parseExpression(rule).getValue(order);',
      '  }',
      '}',
    ),
    errors: [{ line: 6, messageId: 'runsParameter', severity: 'medium', says: /Spring expression/ }],
  },
);

const valid: ValidCase[] = [
  {
    language: 'java',
    why: 'a fixed script, a fixed expression, and an eval method of a class of our own',
    code: lines(
      'import javax.script.ScriptEngine;',
      'import org.springframework.expression.spel.standard.SpelExpressionParser;',
      'class Calc {',
      '  Object run(ScriptEngine engine, SpelExpressionParser parser, Calculator calculator, String input) throws Exception {',
      '    engine.eval("1 + 2");',
      '    parser.parseExpression("total * 2");',
      '    return calculator.evaluate(input);',
      '  }',
      '}',
    ),
  },
  {
    language: 'java',
    why: 'eval on something other than javax.script: nothing imported says what it runs',
    code: lines(
      'class Repl {',
      '  Object step(Interpreter interp, String line) {',
      '    return interp.eval(line);',
      '  }',
      '}',
    ),
  },
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
