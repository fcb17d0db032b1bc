import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import { callArguments, calleeText, isPlainString, JS_LIKE, snippet } from '../util.js';

/** eval and its relatives on text that is not a fixed literal. */
export const codeInjection: Rule = {
  meta: {
    id: 'security/code-injection',
    type: 'security',
    severity: 'high',
    languages: [...JS_LIKE, 'python'],
    docs: { description: 'Code evaluated from a string that is not a fixed literal.', cwe: 'CWE-95' },
  },
  create(context) {
    const js = context.language !== 'python';
    const check = (node: Node, arg: Node | undefined) => {
      if (!arg || isPlainString(arg)) return;
      context.report({
        node,
        message: `CWE-95: \`${snippet(node.text)}\` runs \`${snippet(arg.text, 40)}\` as code; if any of it comes from outside, it can run arbitrary code. ${
          js
            ? 'Parse data with JSON.parse, or dispatch to functions chosen from a fixed map instead of evaluating text.'
            : 'Use ast.literal_eval for literals, or dispatch to functions chosen from a fixed dict instead of evaluating text.'
        }`,
      });
    };
    if (js) {
      return {
        call_expression(node) {
          const callee = calleeText(node);
          const args = callArguments(node);
          if (callee === 'eval' || callee === 'window.eval' || callee === 'globalThis.eval')
            check(node, args[0]);
          if (
            (callee === 'setTimeout' || callee === 'setInterval') &&
            args[0] &&
            (args[0].type === 'template_string' || args[0].type === 'binary_expression')
          ) {
            check(node, args[0]);
          }
        },
        new_expression(node) {
          if (node.childForFieldName('constructor')?.text !== 'Function') return;
          const args = callArguments(node);
          check(node, args[args.length - 1]);
        },
      };
    }
    return {
      call(node) {
        const callee = calleeText(node);
        if (callee === 'eval' || callee === 'exec') check(node, callArguments(node)[0]);
      },
    };
  },
};
