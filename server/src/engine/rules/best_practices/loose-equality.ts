import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  maxIndividualOptions,
  code,
  JS_LIKE,
  lineOf,
  linesText,
  reportEachOrSummary,
  unwrap,
  type PendingReport,
} from '../util.js';

/** `typeof x == 'string'` compares two strings, so == cannot convert anything. */
function isTypeof(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'unary_expression' && n.childForFieldName('operator')?.text === 'typeof';
}

interface Options {
  readonly maxIndividual: number;
}

/** == and != with their type coercion, except `x == null` and typeof comparisons. */
export const looseEquality: Rule<Options> = {
  meta: {
    id: 'best_practices/loose-equality',
    type: 'best_practices',
    severity: 'low',
    languages: JS_LIKE,
    docs: {
      description: 'Comparisons with == or != that convert types (`== null` and typeof checks excepted).',
      examples: [
        {
          language: 'javascript',
          bad: "function isAdmin(user) {\n  return user.role == 'admin' && user.level != 0;\n}\n",
          good: "function isAdmin(user) {\n  return user.role === 'admin' && user.level !== 0;\n}\n",
        },
      ],
    },
    messages: {
      looseEquality:
        "{{comparison}} on line {{line}} uses `{{operator}}`, which converts the operands to a common type before comparing (so `0 == ''` and `'1' == 1` are both true); use `{{operator}}=` so values of different types never compare equal.",
      looseEqualityThroughout:
        "`==` or `!=` is used in {{count}} comparisons here ({{lines}}), starting with {{first}}; they convert the operands to a common type before comparing (so `0 == ''` and `'1' == 1` are both true). Use `===` and `!==` instead, keeping `x == null` only where it is meant to match both null and undefined.",
    },
    options: maxIndividualOptions('comparisons'),
  },
  create(context) {
    const found: PendingReport[] = [];
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
          messageId: 'looseEquality',
          data: { comparison: code(node.text), line: lineOf(node), operator: op },
        });
      },
      'Program:exit'() {
        reportEachOrSummary(
          context,
          found,
          (lines) => ({
            messageId: 'looseEqualityThroughout',
            data: { count: lines.length, lines: linesText(lines), first: code(found[0]!.node.text) },
          }),
          context.options.maxIndividual,
        );
      },
    };
  },
};
