import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

/** A function that calls itself more than once per call. */
export const exponentialRecursion: Rule = {
  meta: {
    id: 'scalability/exponential-recursion',
    type: 'scalability',
    severity: 'medium',
    languages: TIER1,
    docs: { description: 'Self-recursion with two or more call sites, whose cost can double per level.' },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          if (unit.selfCallSites < 2) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` calls itself at ${unit.selfCallSites} places, so the number of calls can grow exponentially with the input; cache results by argument (memoisation) or compute bottom-up with a loop.`,
          });
        }
      },
    };
  },
};
