import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { callArguments, calleeText, code, isPlainString, JS_LIKE, lineOf, unwrap } from '../util.js';
import { INPUT_LEAD, lazyAnalysis, PARAMETER_TAIL, reportSourced } from './taint-flows.js';

const RUNS =
  'CWE-95: {{call}} on line {{line}} {{how}} {{text}}; if any part of it comes from input, whoever controls that input can run arbitrary code. Instead, {{fix}}.';

const JS_EVAL = new Set(['eval', 'window.eval', 'globalThis.eval', 'self.eval']);
const JS_TIMERS = new Set(['setTimeout', 'setInterval', 'window.setTimeout', 'window.setInterval']);

/** eval and its relatives on text that is not a fixed literal. */
export const codeInjection: Rule = {
  meta: {
    id: 'security/code-injection',
    type: 'security',
    severity: 'high',
    languages: [...JS_LIKE, 'python', 'java'],
    docs: {
      description: 'Code evaluated from a string that is not a fixed literal (eval, new Function, exec).',
      cwe: 'CWE-95',
      examples: [
        {
          language: 'python',
          bad: 'from flask import request\n\n@app.route("/calc")\ndef calc():\n    return str(eval(request.args["expr"]))\n',
          good: 'import ast\nfrom flask import request\n\n@app.route("/calc")\ndef calc():\n    return str(ast.literal_eval(request.args["expr"]))\n',
        },
      ],
    },
    messages: {
      runs: RUNS,
      runsParameter: RUNS + PARAMETER_TAIL,
      runsInput: `CWE-95: ${INPUT_LEAD}, which runs it as code, so whoever sends that input can run arbitrary code in this process. Instead, {{fix}}.`,
    },
  },
  create(context) {
    const js = context.language !== 'python' && context.language !== 'java';
    const fix = js
      ? 'parse data with JSON.parse, or choose the function to run from a fixed object of functions instead of evaluating text'
      : context.language === 'java'
        ? 'do not evaluate text as code or as an expression: parse the data it holds, or choose what to run from a fixed map of named operations'
        : 'use ast.literal_eval for literal data, or choose the function to run from a fixed dict of functions instead of evaluating text';
    const analysis = lazyAnalysis(context);
    const report = (node: Node, source: Node, how: string) =>
      reportSourced(context, analysis, {
        node,
        value: source,
        kind: 'eval',
        messageId: 'runs',
        data: { call: code(node.text), line: lineOf(node), how, text: code(source.text, 40), fix },
      });
    if (js) {
      return {
        call_expression(node) {
          const callee = calleeText(node);
          const args = callArguments(node);
          const first = args[0];
          if (!first) return;
          if (JS_EVAL.has(callee) && !isPlainString(first)) report(node, first, 'runs the text of');
          // A timer given a string evaluates it; only strings built at run time are risky.
          const built = unwrap(first);
          if (
            JS_TIMERS.has(callee) &&
            !isPlainString(built) &&
            (built.type === 'template_string' ||
              (built.type === 'binary_expression' &&
                built.childForFieldName('operator')?.text === '+' &&
                [built.childForFieldName('left'), built.childForFieldName('right')].some(
                  (s) => s !== null && (isPlainString(s) || s.type === 'template_string'),
                )))
          ) {
            report(node, first, 'evaluates as code the string');
          }
          // Function('a', body) without `new` builds a function the same way.
          if (callee === 'Function') {
            const body = args[args.length - 1];
            if (body && !isPlainString(body)) report(node, body, 'compiles a function from');
          }
        },
        new_expression(node) {
          if (node.childForFieldName('constructor')?.text !== 'Function') return;
          const args = callArguments(node);
          const body = args[args.length - 1];
          if (body && !isPlainString(body)) report(node, body, 'compiles a function from');
        },
      };
    }
    if (context.language === 'java') {
      const imports = context.facts.dependencies.map((d) => d.source);
      const uses = (library: RegExp) => imports.some((i) => library.test(i));
      // Each evaluator counts only with its library imported: `eval` and `parseExpression` are common method names.
      const evaluators: { method: RegExp; library: RegExp; how: string }[] = [
        { method: /^eval$/, library: /^javax\.script(\.|$)/, how: 'runs as script the text of' },
        {
          method: /^parseExpression$/,
          library: /^org\.springframework\.expression(\.|$)/,
          how: 'parses as a Spring expression (SpEL, which can call any class) the text of',
        },
        {
          method: /^(evaluate|parse)$/,
          library: /^groovy\.lang(\.|$)/,
          how: 'runs as Groovy code the text of',
        },
        {
          method: /^(me|x|xy|xyz)$/,
          library: /^groovy\.util\.Eval$|^groovy\.util(\.\*)?$/,
          how: 'runs as Groovy code the text of',
        },
      ];
      return {
        method_invocation(node) {
          const name = node.childForFieldName('name')?.text ?? '';
          const evaluator = evaluators.find((e) => e.method.test(name) && uses(e.library));
          if (!evaluator) return;
          const args = callArguments(node);
          // Groovy's Eval.x(value, script) takes the script last.
          const source = /^(x|xy|xyz)$/.test(name) ? args[args.length - 1] : args[0];
          if (source && !isPlainString(source)) report(node, source, evaluator.how);
        },
      };
    }
    return {
      call(node) {
        const callee = calleeText(node);
        if (
          callee !== 'eval' &&
          callee !== 'exec' &&
          callee !== 'builtins.eval' &&
          callee !== 'builtins.exec'
        )
          return;
        const first = callArguments(node)[0];
        if (first && !isPlainString(first)) report(node, first, 'runs the text of');
      },
    };
  },
};
