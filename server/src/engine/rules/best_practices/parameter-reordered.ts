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
              message: `\`${m.text}\` on line ${m.line} reorders \`${m.target}\`, which the caller passed in, in place: the caller's own collection changes order. If the caller should not see that, work on ${copy}.`,
            });
          }
        }
      },
    };
  },
};
