import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

/** SonarSource's default limit. */
export const MAX_COGNITIVE = 15;

/** Functions whose control flow is hard to follow. */
export const cognitiveComplexity: Rule = {
  meta: {
    id: 'maintainability/cognitive-complexity',
    type: 'maintainability',
    severity: 'medium',
    languages: TIER1,
    docs: { description: `Functions with cognitive complexity above ${MAX_COGNITIVE}.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const c = unit.metrics.cognitive;
          if (unit.metrics.kind === 'class' || c <= MAX_COGNITIVE) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` has cognitive complexity ${c} (the usual limit is ${MAX_COGNITIVE}); flatten nested conditions with early returns and extract the deepest blocks into functions with descriptive names.`,
          });
        }
      },
    };
  },
};
