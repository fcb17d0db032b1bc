import type { Rule } from '../model.js';
import { JS_LIKE } from '../util.js';

/** == and != with their type coercion, except the `x == null` idiom. */
export const looseEquality: Rule = {
  meta: {
    id: 'best_practices/loose-equality',
    type: 'best_practices',
    severity: 'low',
    languages: JS_LIKE,
    docs: { description: 'Comparisons with == or != that coerce types.' },
  },
  create(context) {
    return {
      binary_expression(node) {
        const op = node.childForFieldName('operator')?.text;
        if (op !== '==' && op !== '!=') return;
        const left = node.childForFieldName('left')?.text;
        const right = node.childForFieldName('right')?.text;
        if (left === 'null' || right === 'null') return;
        context.report({
          node,
          message: `\`${node.text.length > 60 ? `${node.text.slice(0, 59)}…` : node.text}\` uses \`${op}\`, which converts types before comparing (\`0 == ''\` is true); use \`${op}=\` instead.`,
        });
      },
    };
  },
};
