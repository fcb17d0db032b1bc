import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { callArguments, calleeText, code, isBuiltString, lineOf, literalParts, unwrap } from '../util.js';
import { describeFlow } from '../../taint/index.js';
import { lazyAnalysis } from './taint-flows.js';

const CONSEQUENCE =
  "without escaping it, so a link with script in its {{where}} runs that script in the visitor's browser. Instead, {{fix}}.";

/** Request input in Express, Koa and Flask handlers. */
const REQUEST_INPUT =
  /\b(req\.(query|params|body|headers|cookies)|ctx\.(query|params|request\.(query|body))|request\.(args|form|values|json|cookies|headers|get_json\(\)))\b/;
/** HTML in the fixed parts of a built string: a tag. */
const HTML = /<\s*[a-zA-Z!/][^>]*>?/;
/** Escapers and sanitisers whose output is safe in HTML. */
const ESCAPED =
  /\b(escape|escapeHtml|encodeHTML|htmlEscape|sanitize\w*|DOMPurify\.sanitize|markupsafe\.escape|html\.escape|bleach\.clean)\s*\(/;

/** Express's response sinks: what it sends to the client as the body. */
function sentBody(node: Node): Node | undefined {
  // `res.send(…)`, and through a status set first: `res.status(400).send(…)`.
  return /^res(\.status\([^()]*\))?\.(send|write|end)$/.test(calleeText(node))
    ? callArguments(node)[0]
    : undefined;
}

/**
 * HTML built from request input and sent back in the response, unescaped:
 * reflected cross-site scripting. Express's `res.send`/`res.write`/`res.end`,
 * Koa's `ctx.body = …`, and a Flask handler returning the built string.
 */
export const reflectedXss: Rule = {
  meta: {
    id: 'security/reflected-xss',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'tsx', 'python'],
    docs: {
      description:
        'HTML built from request input (req.query, ctx.query, request.args) and sent in a response, unescaped.',
      cwe: 'CWE-79',
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/search', (req, res) => {\n  res.send('<h1>Results for ' + req.query.q + '</h1>');\n});\n",
          good: "const escapeHtml = require('escape-html');\napp.get('/search', (req, res) => {\n  res.send('<h1>Results for ' + escapeHtml(req.query.q) + '</h1>');\n});\n",
        },
      ],
    },
    messages: {
      sends: `CWE-79: {{sink}} on line {{line}} sends HTML built from {{input}} (read on line {{sourceLine}}): {{text}}, ${CONSEQUENCE}`,
      sendsThrough: `CWE-79: {{sink}} on line {{line}} sends HTML built from {{value}}, which holds {{input}} (read on line {{sourceLine}}): {{text}}, ${CONSEQUENCE}`,
    },
  },
  create(context) {
    const { language } = context;
    const analysis = lazyAnalysis(context);
    const check = (node: Node, value: Node | undefined, sink: string) => {
      if (!value) return;
      const v = unwrap(value);
      if (!isBuiltString(v) || !HTML.test(literalParts(v)) || ESCAPED.test(v.text)) return;
      const origins = analysis()?.originsOf(v) ?? [];
      const open = origins.filter((o) => !o.sanitised.has('html'));
      // Every source went through an escaper the catalogue knows.
      if (origins.length > 0 && open.length === 0) return;
      const direct = REQUEST_INPUT.exec(v.text);
      const through = open.find((o) => o.source.kind === 'untrusted' && REQUEST_INPUT.test(o.source.text));
      if (!direct && !through) return;
      const input = direct ? direct[0] : through!.source.text;
      const origin = open.find((o) => o.source.text === input) ?? through;
      context.report({
        node,
        messageId: direct ? 'sends' : 'sendsThrough',
        data: {
          sink,
          line: lineOf(node),
          input: code(input),
          sourceLine: origin?.source.line ?? lineOf(node),
          text: code(v.text, 50),
          value: through ? describeFlow(through, v).value : code(v.text, 40),
          where: input.includes('query') || input.includes('args') ? 'query string' : 'request',
          fix:
            language === 'python'
              ? 'render a template (Jinja escapes by default) or escape the value with `markupsafe.escape(…)`'
              : 'escape the value before it goes into the HTML (for example with the `escape-html` package), or render a template that escapes by default',
        },
      });
    };
    if (language === 'python')
      return {
        return_statement(node) {
          check(node, node.namedChildren[0], '`return`');
        },
      };
    return {
      call_expression(node) {
        check(node, sentBody(node), code(calleeText(node)));
      },
      assignment_expression(node) {
        if (/^ctx\.(body|response\.body)$/.test(node.childForFieldName('left')?.text ?? ''))
          check(node, node.childForFieldName('right') ?? undefined, '`ctx.body =`');
      },
    };
  },
};
