import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { code, JS_LIKE, lineOf, linesText, reportEachOrSummary, unwrap } from '../util.js';

/** `typeof x == 'string'` compares two strings, so == cannot convert anything. */
function isTypeof(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'unary_expression' && n.childForFieldName('operator')?.text === 'typeof';
}

/** == and != with their type coercion, except `x == null` and typeof comparisons. */
export const looseEquality: Rule = {
  meta: {
    id: 'best_practices/loose-equality',
    type: 'best_practices',
    severity: 'low',
    languages: JS_LIKE,
    docs: {
      description: 'Comparisons with == or != that convert types (`== null` and typeof checks excepted).',
    },
  },
  create(context) {
    const found: { node: Node; message: string }[] = [];
    return {
      binary_expression(node) {
        const op = node.childForFieldName('operator')?.text;
        if (op !== '==' && op !== '!=') return;
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (!left || !right) return;
        // `x == null` deliberately matches null and undefined.
        if ([left, right].some((s) => s.text === 'null' || s.text === 'undefined')) return;
        if (isTypeof(left) || isTypeof(right)) return;
        found.push({
          node,
          message: `${code(node.text)} on line ${lineOf(node)} uses \`${op}\`, which converts the operands to a common type before comparing (so \`0 == ''\` and \`'1' == 1\` are both true); use \`${op}=\` so values of different types never compare equal.`,
        });
      },
      'Program:exit'() {
        reportEachOrSummary(
          context,
          found,
          (lines) =>
            `\`==\` or \`!=\` is used in ${lines.length} comparisons here (${linesText(lines)}), starting with ${code(found[0]!.node.text)}; they convert the operands to a common type before comparing (so \`0 == ''\` and \`'1' == 1\` are both true). Use \`===\` and \`!==\` instead, keeping \`x == null\` only where it is meant to match both null and undefined.`,
        );
      },
    };
  },
};
