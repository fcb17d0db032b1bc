import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const PATH_THRESHOLD = 10;

/** Cyclomatic complexity as the minimum number of tests for full branch coverage. */
export const basisPaths: Rule = {
  meta: {
    id: 'testing/basis-paths',
    type: 'testing',
    severity: 'medium',
    languages: TIER1,
    docs: { description: `Functions with more than ${PATH_THRESHOLD} independent paths.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const n = unit.metrics.cyclomatic;
          if (unit.metrics.kind === 'class' || n <= PATH_THRESHOLD) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` has ${n} independent paths (cyclomatic complexity ${n}), so covering each one takes at least ${n} test cases; split it, or write table-driven tests that list one case per path.`,
          });
        }
      },
    };
  },
};
