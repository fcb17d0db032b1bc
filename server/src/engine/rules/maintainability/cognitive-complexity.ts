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
    docs: {
      description: `Functions with cognitive complexity above ${MAX_COGNITIVE} (SonarSource's default limit).`,
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const c = unit.metrics.cognitive;
          if (unit.metrics.kind === 'class' || c <= MAX_COGNITIVE) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` has cognitive complexity ${c}, above the limit of ${MAX_COGNITIVE} that SonarSource's analyzers apply by default: its branches, loops and nesting add up to more than a reader can follow at once. Flatten nested conditions with early returns, and move the deepest blocks into functions named after what they do.`,
          });
        }
      },
    };
  },
};
