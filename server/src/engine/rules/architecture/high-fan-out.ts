import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const MAX_FAN_OUT = 10;

/** A unit that depends on many different functions. */
export const highFanOut: Rule = {
  meta: {
    id: 'architecture/high-fan-out',
    type: 'architecture',
    severity: 'low',
    languages: TIER1,
    docs: { description: `A function calling more than ${MAX_FAN_OUT} distinct functions.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          if (unit.calls.length <= MAX_FAN_OUT) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` calls ${unit.calls.length} different functions (${unit.calls.slice(0, 5).join(', ')}, …), so a change in any of them can break it; split it into steps that each own a few collaborators.`,
          });
        }
      },
    };
  },
};
