import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const MAX_PARAMETERS = 5;

/** Functions that take more than five parameters. */
export const tooManyParameters: Rule = {
  meta: {
    id: 'readability/too-many-parameters',
    type: 'readability',
    severity: 'low',
    languages: TIER1,
    docs: { description: `Functions with more than ${MAX_PARAMETERS} parameters.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          // Python methods list self/cls, which callers never pass.
          const params = unit.params.filter((p) => p !== 'self' && p !== 'cls');
          if (params.length <= MAX_PARAMETERS) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` takes ${params.length} parameters (${params.join(', ')}); callers must remember their order. Group related ones into an options object or a small type.`,
          });
        }
      },
    };
  },
};
