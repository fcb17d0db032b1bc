/**
 * Where a server writes a response body that a browser renders as HTML, for
 * the XSS rules: Express's `res.send`, Koa's `ctx.body =`, a Flask route's
 * `return`, a servlet's writer, a Spring response body, Go's
 * `http.ResponseWriter`. Each response names the values it sends; the parts
 * of those values that go inside markup are what the rules follow back to a
 * source.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { enclosingFunction } from '../../nodes.js';
import type { RuleContext } from '../model.js';
import {
  callArguments,
  calleeText,
  isBuiltString,
  isPlainString,
  literalParts,
  methodName,
  stringContent,
  sumOperands,
  unwrap,
} from '../util.js';
import { bindingsOf } from '../../scope/bindings.js';
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

/** HTML in the fixed parts of a built string: a tag. */
export const MARKUP = /<\s*[a-zA-Z!/][^>]*>?/;

/**
 * A content type set that browsers do not render as markup (JSON, plain
 * text, CSV, bytes) in the handler; SVG and XML still run script, so only
 * these count: Servlet `setContentType`, Spring `produces`/`contentType(…)`, a
 * `Content-Type` header, Express's `res.type(…)`, Flask's `mimetype=`.
 */
const NOT_HTML =
  /(setContentType\(\s*|\.contentType\(\s*|\bproduces\s*=\s*\{?\s*|["']Content-Type["']\s*,\s*|\.type\(\s*|\bctx\.type\s*=\s*|\b(mimetype|content_type|media_type)\s*=\s*)(["'][^"']*(json|text\/plain|\bplain\b|\btxt\b|text\/csv|octet-stream)[^"']*["']|MediaType\.(APPLICATION_JSON|TEXT_PLAIN|APPLICATION_OCTET_STREAM|APPLICATION_NDJSON)\w*)/i;

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
    default:
      return ['call_expression', 'assignment_expression'];
  }
}

/** A part of a sent value that goes inside markup, and the built string it is a piece of. */
export interface MarkupPart {
  /** The piece whose text lands in the HTML: `name` in `"<p>" + name + "</p>"`. */
  readonly piece: Node;
  /** The HTML it is built into, as written (after following a name to its value). */
  readonly html: Node;
}

/** printf-style verbs that print a number or a boolean: no markup can come through them. */
const NUMERIC_VERB = /^[dfeEgGxXobtc]$/;

/**
 * The values of a printf-style format (`%s`, `%d`, Python's `%`) that can
 * carry text: a value printed by `%d` or `%.2f` is a number whatever it holds.
 */
function textValues(format: Node | undefined, values: readonly Node[]): Node[] {
  const text = format && isPlainString(unwrap(format)) ? stringContent(unwrap(format)) : undefined;
  if (text === undefined) return [...values];
  const verbs = [...text.matchAll(/%(?:\[\d+\])?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?([a-zA-Z%])/g)]
    .map((m) => m[1]!)
    .filter((v) => v !== '%');
  // Positional or starred verbs (`%[2]s`, `%*d`) do not line up one to one: keep every value.
  if (/%(\[\d+\]|[-+ #0]*\*)/.test(text) || verbs.length !== values.length) return [...values];
  return values.filter((_, i) => !NUMERIC_VERB.test(verbs[i]!));
}

/** The pieces a built string is made of that are not fixed text. */
function varyingPieces(node: Node): Node[] {
  const n = unwrap(node);
  switch (n.type) {
    case 'binary_expression':
    case 'binary_operator': {
      const op = n.childForFieldName('operator')?.text;
      if (op === '%') {
        const right = n.childForFieldName('right');
        if (!right) return [];
        const r = unwrap(right);
        const values = r.type === 'tuple' ? r.namedChildren.filter((c): c is Node => c !== null) : [r];
        return textValues(n.childForFieldName('left') ?? undefined, values);
      }
      return sumOperands(n).filter((p) => !isPlainString(p));
    }
    case 'template_string':
    case 'string':
      // `${title}`, `{c.body}`: the expression inside.
      return n.namedChildren.flatMap((c) =>
        (c?.type === 'template_substitution' || c?.type === 'interpolation') && c.namedChildren[0]
          ? [c.namedChildren[0]]
          : [],
      );
    case 'call':
    case 'call_expression':
    case 'method_invocation': {
      const callee = calleeText(n);
      const args = callArguments(n);
      if (callee === 'fmt.Sprintf' || callee === 'String.format') return textValues(args[0], args.slice(1));
      // `"<p>{}</p>".format(name)`, `"<p>%s</p>".formatted(name)`.
      return args.filter((a) => a.type !== 'comment');
    }
    default:
      return [n];
  }
}

/**
 * The pieces of a response's values that go inside markup: every value of a
 * format with a tag in it; every varying piece of a built string with a tag
 * in its fixed text (a name is followed to the string it was given); the
 * other values of a write whose fixed values hold a tag
 * (`fmt.Fprint(w, "<p>", name, "</p>")`). A value with no markup around it
 * is not known to be rendered as HTML.
 */
export function markupParts(context: RuleContext<object>, response: HtmlResponse): MarkupPart[] {
  const bindings = bindingsOf(context.language, context.root);
  // A number (`var likes int`, `int count`) carries no markup, whatever it was read from.
  const text = (p: MarkupPart) =>
    p.piece.type !== 'identifier' || bindings.holds(p.piece.text, p.piece) !== 'number';
  return candidateParts(context, response).filter(text);
}

/** A string builder's declaration, and the calls that add text to it, per language. */
const BUILDERS: Partial<
  Record<LanguageId, { readonly type: RegExp; readonly adds: RegExp; readonly result: RegExp }>
> = {
  java: { type: /\b(StringBuilder|StringBuffer)\b/, adds: /^(append|insert)$/, result: /^toString$/ },
  go: { type: /\bstrings\.Builder\b|\bbytes\.Buffer\b/, adds: /^WriteString$/, result: /^(String|Bytes)$/ },
};

/**
 * A string builder's text as it reaches a write (`sb.toString()`,
 * `b.String()`, the builder itself): the pieces added to it up to `at` in
 * the same function, when its fixed pieces hold a tag; undefined when the
 * value is no builder.
 */
function builderParts(context: RuleContext<object>, value: Node, at: Node): MarkupPart[] | undefined {
  const builder = BUILDERS[context.language];
  if (!builder) return undefined;
  let v = unwrap(value);
  if (v.type === 'method_invocation' || v.type === 'call_expression') {
    const fn = v.childForFieldName('function');
    const object =
      v.childForFieldName('object') ??
      (fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null);
    if (!object || !builder.result.test(methodName(calleeText(v)))) return undefined;
    v = unwrap(object);
  }
  // `sb.append("</ul>").toString()`: the chain's adds are read with the others below.
  for (
    let guard = 0;
    guard < 100 && (v.type === 'method_invocation' || v.type === 'call_expression');
    guard++
  ) {
    const fn = v.childForFieldName('function');
    const object =
      v.childForFieldName('object') ??
      (fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null);
    if (!object || !builder.adds.test(methodName(calleeText(v)))) return undefined;
    v = unwrap(object);
  }
  if (v.type !== 'identifier') return undefined;
  const name = v.text;
  const bindings = bindingsOf(context.language, context.root).visible(name, at);
  const declared = bindings.length === 1 ? bindings[0] : undefined;
  if (!declared || !builder.type.test(declared.node.text)) return undefined;
  const scope = enclosingFunction(at) ?? context.root;
  const fixed: string[] = (
    declared.value?.descendantsOfType([
      'string_literal',
      'interpreted_string_literal',
      'raw_string_literal',
    ]) ?? []
  ).map((literal) => stringContent(literal) ?? '');
  const pieces: Node[] = [];
  for (const call of scope.descendantsOfType(['method_invocation', 'call_expression'])) {
    // Adds before the write, and those chained inside it.
    if (call.startIndex >= at.endIndex || !builder.adds.test(methodName(calleeText(call)))) continue;
    // The call's receiver, through a chain of adds, is the builder: `sb.append("<li>").append(name)`.
    let receiver: Node | null = call;
    while (receiver && (receiver.type === 'method_invocation' || receiver.type === 'call_expression')) {
      const fn = receiver.childForFieldName('function');
      receiver =
        receiver.childForFieldName('object') ??
        (fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null);
    }
    if (receiver?.type !== 'identifier' || receiver.text !== name) continue;
    const args = callArguments(call);
    for (const arg of context.language === 'java' && methodName(calleeText(call)) === 'insert'
      ? args.slice(1)
      : args) {
      const a = unwrap(arg);
      if (isPlainString(a)) fixed.push(stringContent(a) ?? '');
      else if (isBuiltString(a)) {
        fixed.push(literalParts(a));
        pieces.push(...varyingPieces(a));
      } else pieces.push(a);
    }
  }
  if (!fixed.some((text) => MARKUP.test(text))) return [];
  return pieces.map((piece) => ({ piece, html: value }));
}

function candidateParts(context: RuleContext<object>, response: HtmlResponse): MarkupPart[] {
  const { format, values } = response;
  if (response.markup) return values.map((v) => ({ piece: v, html: response.node }));
  if (format) {
    const text = isPlainString(unwrap(format)) ? (stringContent(unwrap(format)) ?? '') : '';
    return MARKUP.test(text) ? textValues(format, values).map((v) => ({ piece: v, html: format })) : [];
  }
  const out: MarkupPart[] = [];
  for (const value of values) {
    const built = builderParts(context, value, response.node);
    if (built) {
      out.push(...built);
      continue;
    }
    const v = unwrap(value);
    const html = isBuiltString(v) ? v : resolvedValue(context, v);
    if (!isBuiltString(html) || !MARKUP.test(literalParts(html))) continue;
    for (const piece of varyingPieces(html)) out.push({ piece, html });
  }
  if (out.length > 0) return out;
  const fixed = values.filter((v) => isPlainString(unwrap(v)));
  if (fixed.some((v) => MARKUP.test(stringContent(unwrap(v)) ?? '')))
    for (const v of values) if (!isPlainString(unwrap(v))) out.push({ piece: v, html: response.node });
  return out;
}
