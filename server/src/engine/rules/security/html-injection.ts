import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  isBuiltString,
  isPlainString,
  JS_LIKE,
  lineOf,
  literalParts,
  methodName,
  sumOperands,
  unwrap,
} from '../util.js';
import { bindingsOf, type Bindings } from '../../scope/bindings.js';
import { INPUT_LEAD, lazyAnalysis, PARAMETER_TAIL, reportSourced } from './taint-flows.js';

const FIX =
  'Set `textContent` (or build elements with createElement) for text, or sanitize the HTML first, e.g. with DOMPurify.sanitize.';
const PARSED = `CWE-79: line {{line}} passes {{text}} to {{sink}}, which the browser parses as HTML, so any markup or script inside it (for example from user input) runs in the page. ${FIX}`;

const HTML_PROPERTIES = new Set(['innerHTML', 'outerHTML']);
/** jQuery methods that parse a string argument as HTML. */
const JQUERY_HTML = /^(\$|jQuery)\(.*\)\.(html|append|prepend|after|before|replaceWith)$/s;

/** Calls whose result is a number: it prints as digits, never as markup. */
const NUMERIC_CALLS =
  /^(Number|parseInt|parseFloat|Math\.\w+|Date\.now)$|\.(toFixed|toPrecision|getTime|indexOf)$/;
/** How far a name's binding is followed when deciding it holds a number. */
const NUMERIC_DEPTH = 3;

/**
 * Whether `value` is certainly a number: a numeric literal, a `.length` or
 * `.size`, a numeric call, arithmetic on such, or a name whose every binding
 * holds one (`const count = items.length`).
 */
function isNumeric(value: Node, bindings: Bindings, depth = NUMERIC_DEPTH): boolean {
  const v = unwrap(value);
  switch (v.type) {
    case 'number':
      return true;
    case 'member_expression':
      return /^(length|size)$/.test(v.childForFieldName('property')?.text ?? '');
    case 'call_expression':
      return NUMERIC_CALLS.test(calleeText(v));
    case 'binary_expression': {
      const op = v.childForFieldName('operator')?.text ?? '';
      if (!/^([-*/%]|\*\*|\+)$/.test(op)) return false;
      return v.namedChildren.every((c) => c !== null && isNumeric(c, bindings, depth));
    }
    case 'unary_expression':
      return (
        v.childForFieldName('operator')?.text === '-' && isNumeric(v.namedChild(0) ?? v, bindings, depth)
      );
    case 'identifier': {
      if (depth === 0) return false;
      const seen = bindings.visible(v.text, v);
      return (
        seen.length > 0 &&
        seen.every(
          (b) => b.kind !== 'parameter' && b.value !== undefined && isNumeric(b.value, bindings, depth - 1),
        )
      );
    }
    default:
      return false;
  }
}

/** Values that are fixed text, numbers put into fixed markup, or that went through a sanitizer or escaper by name. */
function isSafeIn(value: Node, bindings: Bindings): boolean {
  const v = unwrap(value);
  if (isPlainString(v)) return true;
  if (v.type === 'call_expression') return /sanitize|escape|purify/i.test(calleeText(v));
  if (v.type === 'template_string')
    return v.namedChildren.every(
      (c) =>
        c?.type !== 'template_substitution' ||
        (c.namedChild(0) !== null && isNumeric(c.namedChild(0)!, bindings)),
    );
  if (v.type === 'binary_expression' && v.childForFieldName('operator')?.text === '+')
    return sumOperands(v).every((part) => isPlainString(part) || isNumeric(part, bindings));
  return false;
}

/** HTML written into the page from values that are not fixed strings. */
export const htmlInjection: Rule = {
  meta: {
    id: 'security/html-injection',
    type: 'security',
    severity: 'high',
    languages: JS_LIKE,
    docs: {
      description:
        'innerHTML, outerHTML, insertAdjacentHTML, document.write or dangerouslySetInnerHTML given a non-literal.',
      cwe: 'CWE-79',
      examples: [
        {
          language: 'javascript',
          bad: "const name = new URLSearchParams(location.search).get('name');\ndocument.getElementById('greeting').innerHTML = 'Hello ' + name;\n",
          good: "const name = new URLSearchParams(location.search).get('name');\ndocument.getElementById('greeting').textContent = 'Hello ' + name;\n",
        },
      ],
    },
    messages: {
      parsed: PARSED,
      parsedParameter: PARSED + PARAMETER_TAIL,
      parsedInput: `CWE-79: ${INPUT_LEAD}, which the browser parses as HTML, so markup or script in that input runs in the page. ${FIX}`,
    },
  },
  create(context) {
    const analysis = lazyAnalysis(context);
    const bindings = bindingsOf(context.language, context.root);
    const isSafe = (value: Node) => isSafeIn(value, bindings);
    const report = (node: Node, sink: string, value: Node) =>
      reportSourced(context, analysis, {
        node,
        value,
        kind: 'html',
        messageId: 'parsed',
        sink,
        data: { line: lineOf(node), text: code(value.text, 40), sink },
      });
    const assignment = (node: Node) => {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (left?.type !== 'member_expression' || !right) return;
      const property = left.childForFieldName('property')?.text ?? '';
      if (HTML_PROPERTIES.has(property) && !isSafe(right)) report(node, code(left.text, 40), right);
    };
    return {
      assignment_expression: assignment,
      augmented_assignment_expression: assignment,
      call_expression(node) {
        const callee = calleeText(node);
        const args = callArguments(node);
        // jQuery parses markup it is given: `$('#x').html('<em>' + q + '</em>')`.
        const jquery = JQUERY_HTML.test(callee) ? args[0] : undefined;
        if (
          jquery &&
          isBuiltString(unwrap(jquery)) &&
          /<\s*[a-zA-Z!/]/.test(literalParts(unwrap(jquery))) &&
          !isSafe(jquery)
        ) {
          report(node, code(callee, 40), jquery);
        } else if (/^(\w+\.)*document\.write(ln)?$/.test(callee)) {
          const value = args.find((a) => !isSafe(a));
          if (value) report(node, `\`${callee}\``, value);
        } else if (methodName(callee) === 'insertAdjacentHTML' && args[1] && !isSafe(args[1])) {
          report(node, code(callee, 40), args[1]);
        }
      },
      jsx_attribute(node) {
        if (node.namedChild(0)?.text !== 'dangerouslySetInnerHTML') return;
        const object = node.namedChildren.find((c) => c?.type === 'jsx_expression')?.namedChild(0);
        if (object?.type !== 'object') return;
        for (const pair of object.namedChildren) {
          if (pair?.type !== 'pair' || pair.childForFieldName('key')?.text !== '__html') continue;
          const value = pair.childForFieldName('value');
          if (value && !isSafe(value)) report(node, '`dangerouslySetInnerHTML`', value);
        }
      },
    };
  },
};
