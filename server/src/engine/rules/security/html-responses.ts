/**
 * Where a server writes a response body that a browser renders as HTML, for
 * the XSS rules: Express's `res.send`, Koa's `ctx.body =`, a Flask route's
 * `return`, a servlet's writer, a Spring response body, Go's
 * `http.ResponseWriter`. Each response names the values it sends;
 * html-markup.ts picks the parts of them that land inside markup.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { enclosingFunction } from '../../nodes.js';
import type { RuleContext } from '../model.js';
import { callArguments, calleeText, isPlainString, methodName, stringContent, unwrap } from '../util.js';
import { MARKUP } from './html-markup.js';
import { resolvedValue } from './taint-flows.js';

/** A response body written where the browser renders HTML. */
export interface HtmlResponse {
  /** The node reported: the sink call, `return` or assignment. */
  readonly node: Node;
  /** The sink as messages show it: `res.send`, `out.println`, `fmt.Fprintf`. */
  readonly sink: string;
  /** The values written, in order. */
  readonly values: readonly Node[];
  /** A format string the values fill (`fmt.Fprintf(w, "<p>%s</p>", name)`, `out.printf`). */
  readonly format?: Node;
  /** The values land in markup known another way: a `text/template` whose text is HTML. */
  readonly markup?: boolean;
}

/**
 * A content type set that browsers do not render as markup (JSON, plain
 * text, CSV, bytes) in the handler; SVG and XML still run script, so only
 * these count: Servlet `setContentType`, Spring `produces`/`contentType(…)`, a
 * `Content-Type` header, Express's `res.type(…)`, Flask's `mimetype=`.
 */
const NOT_HTML =
  /(\bContentType\s*=\s*|setContentType\(\s*|\.contentType\(\s*|\bproduces\s*=\s*\{?\s*|["']Content-Type["']\s*,\s*|\.type\(\s*|\bctx\.type\s*=\s*|\b(mimetype|content_type|media_type)\s*=\s*)(["'][^"']*(json|text\/plain|\bplain\b|\btxt\b|text\/csv|octet-stream)[^"']*["']|MediaType\.(APPLICATION_JSON|TEXT_PLAIN|APPLICATION_OCTET_STREAM|APPLICATION_NDJSON)\w*)/i;

/** Java's writer methods that write their arguments' text. */
const WRITER_METHODS = /^(write|print|println|printf|format|append)$/;
/** Spring's request mapping annotations: the method handles requests. */
const MAPPING = /@(Get|Post|Put|Delete|Patch|Request)Mapping\b/;
/** A Flask (or FastAPI/Quart-like) route decorator. */
const ROUTE_DECORATOR = /^@\s*\w+\.(route|get|post|put|patch|delete)\(/m;
const GO_FUNCTIONS = new Set(['function_declaration', 'method_declaration', 'func_literal']);

/** Express's response sinks: what it sends to the client as the body. */
function expressBody(node: Node): Node | undefined {
  // `res.send(…)`, and through a status set first: `res.status(400).send(…)`.
  return /^res(\.status\([^()]*\))?\.(send|write|end)$/.test(calleeText(node))
    ? callArguments(node)[0]
    : undefined;
}

/** Whether the handler around `node` declares a content type that is not HTML. */
function declaresOtherType(language: LanguageId, node: Node): boolean {
  const fn = enclosingFunction(node);
  if (fn && NOT_HTML.test(fn.text)) return true;
  if (language !== 'java') return false;
  // Spring's class-level `@RequestMapping(produces = …)`.
  const cls = fn?.parent?.parent;
  const modifiers =
    cls?.type === 'class_declaration' ? cls.namedChildren.find((c) => c?.type === 'modifiers') : undefined;
  return modifiers !== undefined && modifiers !== null && NOT_HTML.test(modifiers.text);
}

/** Whether `name` is a parameter declared `http.ResponseWriter` of a function around `at`. */
function isResponseWriter(name: Node, at: Node): boolean {
  if (name.type !== 'identifier') return false;
  const declared = new RegExp(`\\b${name.text}\\s+http\\.ResponseWriter\\b`);
  for (let p = at.parent; p; p = p.parent) {
    if (!GO_FUNCTIONS.has(p.type)) continue;
    const parameters = p.childForFieldName('parameters');
    if (parameters && declared.test(parameters.text)) return true;
  }
  return false;
}

/** Whether a Java receiver is a servlet response's writer: `response.getWriter()`, or a name holding one. */
function isServletWriter(context: RuleContext<object>, receiver: Node): boolean {
  let r = unwrap(receiver);
  // `writer.append(a).append(b)`: the chain writes to the same writer.
  for (let guard = 0; guard < 50 && r.type === 'method_invocation'; guard++) {
    const name = r.childForFieldName('name')?.text ?? '';
    if (name === 'getWriter') return true;
    if (name !== 'append') return false;
    const object = r.childForFieldName('object');
    if (!object) return false;
    r = unwrap(object);
  }
  if (r.type !== 'identifier') return false;
  const value = resolvedValue(context, r);
  return value.type === 'method_invocation' && value.childForFieldName('name')?.text === 'getWriter';
}

/** A Spring handler whose return value is the response body (`@ResponseBody`, `@RestController`). */
function returnsBody(method: Node): boolean {
  if (method.type !== 'method_declaration') return false;
  const modifiers = method.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '';
  if (!MAPPING.test(modifiers) || method.childForFieldName('type')?.text !== 'String') return false;
  if (/@ResponseBody\b/.test(modifiers)) return true;
  const cls = method.parent?.parent;
  const classModifiers =
    cls?.type === 'class_declaration'
      ? (cls.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '')
      : '';
  return /@RestController\b|@ResponseBody\b/.test(classModifiers);
}

/** The response a Java node writes, if it is one. */
function javaResponse(context: RuleContext<object>, node: Node): HtmlResponse | undefined {
  if (node.type === 'return_statement') {
    const value = node.namedChildren[0];
    const method = enclosingFunction(node);
    return value && method && returnsBody(method) ? { node, sink: '`return`', values: [value] } : undefined;
  }
  if (node.type !== 'method_invocation') return undefined;
  const name = node.childForFieldName('name')?.text ?? '';
  const object = node.childForFieldName('object');
  const args = callArguments(node);
  const callee = calleeText(node);
  // `ResponseEntity.ok(html)`, `ResponseEntity.ok().body(html)`, `ResponseEntity.status(…).body(html)`.
  if (
    (callee === 'ResponseEntity.ok' && args.length === 1) ||
    (name === 'body' && /^ResponseEntity\./.test(object?.text ?? ''))
  ) {
    if (NOT_HTML.test(node.text) || !args[0]) return undefined;
    return { node, sink: `\`${name === 'body' ? 'ResponseEntity…body' : callee}\``, values: [args[0]] };
  }
  if (!WRITER_METHODS.test(name) || !object || !isServletWriter(context, object) || args.length === 0)
    return undefined;
  const sink = `\`${object.text.length <= 30 ? callee : `…${name}`}\``;
  if (name === 'printf' || name === 'format') return { node, sink, format: args[0]!, values: args.slice(1) };
  if (name === 'append') {
    // `writer.append("<p>").append(name).append("</p>")`: one write, read whole at its last call.
    const outer = node.parent;
    if (outer?.type === 'method_invocation' && outer.childForFieldName('object')?.id === node.id)
      return undefined;
    const values: Node[] = [];
    let writer: Node | null = node;
    for (; writer?.type === 'method_invocation'; writer = writer.childForFieldName('object')) {
      if (writer.childForFieldName('name')?.text !== 'append') break;
      values.unshift(...callArguments(writer));
    }
    const shown = writer && writer.text.length <= 30 ? `\`${writer.text}.append\`` : '`append`';
    return { node, sink: shown, values };
  }
  return { node, sink, values: args };
}

/**
 * Whether a Go template value is HTML: parsed from text with a tag in it, or
 * from `.html` files. Only asked where `text/template` (which escapes
 * nothing) is the snippet's template package.
 */
function isHtmlTemplate(context: RuleContext<object>, template: Node): boolean {
  const value = template.type === 'identifier' ? resolvedValue(context, template) : template;
  const calls = [value, ...value.descendantsOfType(['call_expression'])];
  return calls.some((call) => {
    const name = methodName(calleeText(call));
    const first = callArguments(call)[0];
    const text = first && isPlainString(unwrap(first)) ? (stringContent(unwrap(first)) ?? '') : undefined;
    if (text === undefined) return false;
    if (name === 'Parse') return MARKUP.test(text);
    return /^Parse(Files|Glob)$/.test(name) && /\.html?$/.test(text);
  });
}

/** The response a Go call writes to its handler's `http.ResponseWriter`, if it is one. */
function goResponse(context: RuleContext<object>, node: Node): HtmlResponse | undefined {
  if (node.type !== 'call_expression') return undefined;
  const callee = calleeText(node);
  const args = callArguments(node);
  const sink = `\`${callee}\``;
  // text/template's `t.Execute(w, data)` writes data as it is; html/template escapes it.
  const imports = context.facts.dependencies.map((d) => d.source);
  const method = methodName(callee);
  if (
    (method === 'Execute' || method === 'ExecuteTemplate') &&
    imports.includes('text/template') &&
    !imports.includes('html/template')
  ) {
    const fn = node.childForFieldName('function');
    const template = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null;
    const data = args[method === 'Execute' ? 1 : 2];
    if (template && data && args[0] && isResponseWriter(args[0], node) && isHtmlTemplate(context, template))
      return { node, sink, values: [data], markup: true };
    return undefined;
  }
  if (/^fmt\.Fprint(f|ln)?$/.test(callee) && args[0] && isResponseWriter(args[0], node)) {
    if (callee === 'fmt.Fprintf')
      return args[1] ? { node, sink, format: args[1], values: args.slice(2) } : undefined;
    return { node, sink, values: args.slice(1) };
  }
  if (callee === 'io.WriteString' && args[0] && args[1] && isResponseWriter(args[0], node))
    return { node, sink, values: [args[1]] };
  const fn = node.childForFieldName('function');
  const operand = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null;
  if (methodName(callee) === 'Write' && operand && args[0] && isResponseWriter(operand, node)) {
    const arg = unwrap(args[0]);
    // `[]byte(html)`: the conversion passes the text on.
    const text = arg.type === 'type_conversion_expression' ? arg.childForFieldName('operand') : arg;
    return text ? { node, sink, values: [text] } : undefined;
  }
  return undefined;
}

/** ASP.NET's `Content(…)` results: HTML only when the content type says so (it is text/plain otherwise). */
const CSHARP_CONTENT = /^((this|base)\.)?Content$|^(Typed)?Results\.(Content|Text)$/;
/** Writing the body directly: ASP.NET Core sets no content type, so a browser sniffs markup as HTML. */
const CSHARP_WRITE = /(^|\.)Response\.(WriteAsync|Write)$/;

/** The response a C# invocation writes, if it is one. */
function csharpResponse(node: Node): HtmlResponse | undefined {
  if (node.type !== 'invocation_expression') return undefined;
  const callee = calleeText(node).replace(/\s+/g, '');
  const args = callArguments(node);
  if (!args[0]) return undefined;
  if (CSHARP_CONTENT.test(callee)) {
    const type = args[1] && isPlainString(unwrap(args[1])) ? (stringContent(unwrap(args[1])) ?? '') : '';
    return /html/i.test(type) ? { node, sink: `\`${callee}\``, values: [args[0]] } : undefined;
  }
  return CSHARP_WRITE.test(callee) ? { node, sink: `\`${callee}\``, values: [args[0]] } : undefined;
}

/** The response a Python node returns or builds, if it is one. */
function pythonResponse(
  context: RuleContext<object>,
  node: Node,
  routesOnly: boolean,
): HtmlResponse | undefined {
  if (node.type === 'return_statement') {
    const value = node.namedChildren[0];
    if (!value) return undefined;
    const fn = enclosingFunction(node);
    const decorators =
      fn?.parent?.type === 'decorated_definition'
        ? fn.parent.text.slice(0, fn.startIndex - fn.parent.startIndex)
        : '';
    // FastAPI sends a returned string as JSON unless the route declares an HTML response class.
    const fastApi = context.facts.dependencies.some((d) => /^fastapi\b/.test(d.source));
    const html = fastApi ? /response_class\s*=\s*HTMLResponse\b/.test(decorators) : true;
    const routed = ROUTE_DECORATOR.test(decorators) && html;
    return !routesOnly || routed ? { node, sink: '`return`', values: [value] } : undefined;
  }
  if (node.type !== 'call') return undefined;
  const callee = calleeText(node);
  const first = callArguments(node).find((a) => a.type !== 'keyword_argument');
  if (
    !first ||
    !/^((flask|django\.http|fastapi\.responses)\.)?(make_response|HttpResponse|Response|HTMLResponse)$/.test(
      callee,
    )
  )
    return undefined;
  return NOT_HTML.test(node.text) ? undefined : { node, sink: `\`${callee}(...)\``, values: [first] };
}

/**
 * The HTML response `node` writes, or undefined. `routesOnly`: a Python
 * `return` counts only in a function with a route decorator (reflected XSS
 * reads Flask's `request` instead, which places it in a handler).
 */
export function htmlResponse(
  context: RuleContext<object>,
  node: Node,
  { routesOnly = true }: { readonly routesOnly?: boolean } = {},
): HtmlResponse | undefined {
  const { language } = context;
  let response: HtmlResponse | undefined;
  if (language === 'java') response = javaResponse(context, node);
  else if (language === 'go') response = goResponse(context, node);
  else if (language === 'python') response = pythonResponse(context, node, routesOnly);
  else if (language === 'csharp') response = csharpResponse(node);
  else if (node.type === 'call_expression') {
    const body = expressBody(node);
    response = body ? { node, sink: `\`${calleeText(node)}\``, values: [body] } : undefined;
  } else if (node.type === 'assignment_expression') {
    const right = node.childForFieldName('right');
    if (/^ctx\.(body|response\.body)$/.test(node.childForFieldName('left')?.text ?? '') && right)
      response = { node, sink: '`ctx.body =`', values: [right] };
  }
  return response && !declaresOtherType(language, node) ? response : undefined;
}

/** Node types the visitors of `htmlResponse` need, per language. */
export function responseNodeTypes(language: LanguageId): readonly string[] {
  switch (language) {
    case 'java':
      return ['method_invocation', 'return_statement'];
    case 'go':
      return ['call_expression'];
    case 'python':
      return ['return_statement', 'call'];
    case 'csharp':
      return ['invocation_expression'];
    default:
      return ['call_expression', 'assignment_expression'];
  }
}
