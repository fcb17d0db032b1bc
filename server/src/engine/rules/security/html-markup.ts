/**
 * Which parts of an HTML response's values land inside markup the code
 * builds: the pieces of a concatenation, template or format string whose
 * fixed text holds a tag, and the pieces added to a string builder that
 * holds one. These are what the XSS rules follow back to a source.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { enclosingFunction } from '../../nodes.js';
import { bindingsOf } from '../../scope/bindings.js';
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
import type { HtmlResponse } from './html-responses.js';
import { resolvedValue } from './taint-flows.js';

/** HTML in the fixed parts of a built string: a tag. */
export const MARKUP = /<\s*[a-zA-Z!/][^>]*>?/;

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
    case 'interpolated_string_expression':
      // C#'s `$"<p>{name}</p>"`: the expression inside each `{…}`.
      return n.namedChildren.flatMap((c) => {
        if (c?.type !== 'interpolation') return [];
        const expression = c.namedChildren.find(
          (e) => e !== null && e.type !== 'interpolation_brace' && !e.type.startsWith('interpolation_'),
        );
        return expression ? [expression] : [];
      });
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
