import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Origin } from '../../taint/index.js';
import type { Rule, RuleContext, Visitors } from '../model.js';
import { code, isBuiltString, lineOf, literalParts, unwrap } from '../util.js';
import { describeFlow } from '../../taint/index.js';
import { markupParts } from './html-markup.js';
import { htmlResponse, responseNodeTypes, type HtmlResponse } from './html-responses.js';
import { lazyAnalysis } from './taint-flows.js';

const CONSEQUENCE =
  "without escaping it, so {{carrier}} runs that script in the visitor's browser. Instead, {{fix}}.";

/** Request input in Express, Koa, Flask and Django handlers. */
const REQUEST_INPUT =
  /\b(req\.(query|params|body|headers|cookies)|ctx\.(query|params|request\.(query|body))|request\.(args|form|values|json|cookies|headers|get_json\(\)|GET|POST|COOKIES))\b/;
/** HTML in the fixed parts of a built string: a tag. */
const HTML = /<\s*[a-zA-Z!/][^>]*>?/;
/** Escapers and sanitisers whose output is safe in HTML. */
const ESCAPED =
  /\b(escape|escapeHtml|encodeHTML|htmlEscape|sanitize\w*|DOMPurify\.sanitize|markupsafe\.escape|html\.escape|bleach\.clean)\s*\(/;

/** Fix text per language: what escapes here, or renders with escaping. */
export function xssFix(context: RuleContext<object>, name: string): string {
  const n = code(name, 30);
  switch (context.language) {
    case 'python':
      return context.facts.dependencies.some((d) => /^django\b/.test(d.source))
        ? "render a template (Django's escape by default) or escape the value with `django.utils.html.escape(…)`"
        : 'render a template (Jinja escapes by default) or escape the value with `markupsafe.escape(…)`';
    case 'java':
      return `escape ${n} where it goes into the HTML, with \`HtmlUtils.htmlEscape(…)\` in Spring or OWASP Encoder's \`Encode.forHtml(…)\`, or render the page with a template engine that escapes by default, such as Thymeleaf`;
    case 'go':
      return `render the page with \`html/template\`, which escapes each value for where it lands, or escape ${n} with \`html.EscapeString(…)\``;
    case 'csharp':
      return `encode ${n} where it goes into the HTML with \`HtmlEncoder.Default.Encode(…)\` (or \`WebUtility.HtmlEncode(…)\`), or render a Razor view, which encodes by default`;
    default:
      return 'escape the value before it goes into the HTML (for example with the `escape-html` package), or render a template that escapes by default';
  }
}

/**
 * What carries the script to a victim, by the input read: a link sets the
 * query string and path, a link or a form the parameters; headers, cookies
 * and bodies take a request someone else shapes.
 */
function carrierOf(input: string): string {
  if (/query|args|getQueryString/i.test(input) || /\bGET\b/.test(input))
    return 'a link with script in its query string';
  if (/PathVariable|PathValue|mux\.Vars|URLParam|params/.test(input)) return 'a link with script in its path';
  if (
    /getParameter|FormValue|RequestParam|form|action parameter|route parameter|\bhandler parameter/i.test(
      input,
    )
  )
    return 'a link or form with script in its parameters';
  return 'a request carrying script';
}

/**
 * HTML built from request input and sent back in the response, unescaped:
 * reflected cross-site scripting. Express's `res.send`/`res.write`/`res.end`,
 * Koa's `ctx.body = …`, a Flask handler returning the built string, a
 * servlet's writer or a Spring response body (`@ResponseBody`,
 * `ResponseEntity`), and Go's `http.ResponseWriter` (`fmt.Fprintf(w, …)`,
 * `w.Write`, `io.WriteString`, a `text/template` of HTML executed into it).
 */
export const reflectedXss: Rule = {
  meta: {
    id: 'security/reflected-xss',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java', 'go', 'csharp'],
    docs: {
      description:
        'HTML built from request input (req.query, request.args, request.getParameter, r.FormValue, Request.Query) and sent in a response, unescaped.',
      cwe: 'CWE-79',
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/search', (req, res) => {\n  res.send('<h1>Results for ' + req.query.q + '</h1>');\n});\n",
          good: "const escapeHtml = require('escape-html');\napp.get('/search', (req, res) => {\n  res.send('<h1>Results for ' + escapeHtml(req.query.q) + '</h1>');\n});\n",
        },
        {
          language: 'go',
          bad: 'func search(w http.ResponseWriter, r *http.Request) {\n\tq := r.URL.Query().Get("q")\n\tfmt.Fprintf(w, "<h1>Results for %s</h1>", q)\n}\n',
          good: 'func search(w http.ResponseWriter, r *http.Request) {\n\tq := r.URL.Query().Get("q")\n\tfmt.Fprintf(w, "<h1>Results for %s</h1>", html.EscapeString(q))\n}\n',
        },
      ],
    },
    messages: {
      sends: `CWE-79: {{sink}} on line {{line}} sends HTML built from {{input}} (read on line {{sourceLine}}): {{text}}, ${CONSEQUENCE}`,
      sendsThrough: `CWE-79: {{sink}} on line {{line}} sends HTML built from {{value}}, which holds {{input}} (read on line {{sourceLine}}): {{text}}, ${CONSEQUENCE}`,
    },
  },
  create(context) {
    return context.language === 'java' || context.language === 'go' || context.language === 'csharp'
      ? typedCreate(context)
      : scriptCreate(context);
  },
};

/** Java and Go: the pieces inside markup, followed back to request input by the taint analysis. */
function typedCreate(context: RuleContext<object>): Visitors {
  const analysis = lazyAnalysis(context);
  const visit = (node: Node) => {
    const response = htmlResponse(context, node);
    if (!response) return;
    for (const { piece, html } of markupParts(context, response)) {
      const origin = analysis()
        ?.originsOf(piece)
        .find((o) => o.source.remote && !o.sanitised.has('html'));
      if (!origin) continue;
      report(context, response, piece, html, origin);
      return;
    }
  };
  return Object.fromEntries(responseNodeTypes(context.language).map((t) => [t, visit]));
}

function report(
  context: RuleContext<object>,
  response: HtmlResponse,
  piece: Node,
  html: Node,
  origin: Origin,
): void {
  // A handler's parameter is its own source: `who`, not "`who`, which holds the parameter `who`".
  const direct =
    origin.chain.length === 0 || (origin.chain.length === 1 && origin.chain[0] === origin.source.text);
  const words = describeFlow(origin, piece);
  const named = piece.text.length <= 30 ? piece.text : (origin.chain[origin.chain.length - 1] ?? 'the value');
  context.report({
    node: response.node,
    messageId: direct ? 'sends' : 'sendsThrough',
    data: {
      sink: response.sink,
      line: lineOf(response.node),
      input: origin.source.description,
      sourceLine: origin.source.line,
      text: code(response.format ? response.node.text : html.text, 50),
      value: words.value,
      carrier: carrierOf(origin.source.description),
      fix: xssFix(context, named),
    },
  });
}

/** JavaScript, TypeScript and Python: Express, Koa and Flask request objects. */
function scriptCreate(context: RuleContext<object>): Visitors {
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
        carrier: carrierOf(input),
        fix: xssFix(context, ''),
      },
    });
  };
  const visit = (node: Node) => {
    const response = htmlResponse(context, node, { routesOnly: false });
    if (response) check(node, response.values[0], response.sink);
  };
  return Object.fromEntries(responseNodeTypes(language).map((t) => [t, visit]));
}
