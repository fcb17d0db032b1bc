import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const MAX_NESTING = 4;

/** Loops and branches nested deeper than four levels. */
export const deepNesting: Rule = {
  meta: {
    id: 'readability/deep-nesting',
    type: 'readability',
    severity: 'medium',
    languages: TIER1,
    docs: { description: `Control flow nested more than ${MAX_NESTING} levels deep.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          if (unit.maxNesting <= MAX_NESTING) continue;
          const deepest = unit.steps.reduce((a, s) => (s.depth > a.depth ? s : a));
          context.report({
            line: deepest.line,
            message: `\`${unit.metrics.name}\` nests loops and branches ${unit.maxNesting} levels deep (deepest at line ${deepest.line}); return early for the exceptional cases or move the inner blocks into well-named functions.`,
          });
        }
      },
    };
  },
};
