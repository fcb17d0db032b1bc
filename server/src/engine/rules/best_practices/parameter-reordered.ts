import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

/** Calls that reorder a collection in place. */
const REORDERS =
  /^(?:random\.shuffle|Collections\.(?:sort|shuffle|reverse)|Arrays\.sort|sort\.(?:Slice|SliceStable|Strings|Ints|Float64s|Sort)|slices\.(?:Sort|SortFunc|Reverse))\(\s*(\w+)|^(\w+)\.(?:sort|reverse)\(/;
/** Names that say reordering the argument is the function's job. */
const SAYS_SO = /^(sort|shuffle|reverse|order|rank|arrange)/i;

/**
 * A function that sorts, reverses or shuffles a collection its caller passed
 * in: the caller's own list changes order, often without knowing. Functions
 * named for it (`sortUsers`) do it on purpose.
 */
export const parameterReordered: Rule = {
  meta: {
    id: 'best_practices/parameter-reordered',
    type: 'best_practices',
    severity: 'low',
    languages: TIER1,
    docs: {
      description: 'A parameter sorted, reversed or shuffled in place by a function not named for it.',
      examples: [
        {
          language: 'python',
          bad: 'def median(values):\n    values.sort()\n    return values[len(values) // 2]\n',
          good: 'def median(values):\n    ordered = sorted(values)\n    return ordered[len(ordered) // 2]\n',
        },
        {
          language: 'javascript',
          bad: 'function newest(posts) {\n  posts.sort((a, b) => b.date - a.date);\n  return posts[0];\n}\n',
          good: 'function newest(posts) {\n  return posts.toSorted((a, b) => b.date - a.date)[0];\n}\n',
        },
      ],
    },
    messages: {
      reorderedParameter:
        "`{{call}}` on line {{line}} reorders `{{name}}`, which the caller passed in, in place: the caller's own collection changes order. If the caller should not see that, work on {{copy}}.",
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const name = unit.metrics.name.split(/[.#:]/).pop() ?? '';
          if (SAYS_SO.test(name)) continue;
          for (const m of unit.purpose.dataFlow.mutatedParams) {
            const text = unit.metrics.node.text.split('\n')[m.line - unit.metrics.startLine] ?? '';
            const call = REORDERS.exec(text.trim().replace(/^(return|const \w+ =|let \w+ =|\w+ =)\s*/, ''));
            if (!call || (call[1] ?? call[2]) !== m.target) continue;
            const copy =
              context.language === 'python'
                ? `\`sorted(${m.target})\` (or \`${m.target}[::-1]\`)`
                : context.language === 'java'
                  ? `a copy (\`new ArrayList<>(${m.target})\`)`
                  : context.language === 'go'
                    ? `a copy (\`slices.Clone(${m.target})\`)`
                    : `a copy (\`[...${m.target}].sort(…)\` or \`${m.target}.toSorted(…)\`)`;
            context.report({
              line: m.line,
              messageId: 'reorderedParameter',
              data: { call: m.text, line: m.line, name: m.target, copy },
            });
          }
        }
      },
    };
  },
};
