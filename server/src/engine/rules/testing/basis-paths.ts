import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const PATH_THRESHOLD = 10;

/** Cyclomatic complexity as the minimum number of tests that exercise every basis path. */
export const basisPaths: Rule = {
  meta: {
    id: 'testing/basis-paths',
    type: 'testing',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description: `Functions with cyclomatic complexity above ${PATH_THRESHOLD}, each needing that many tests.`,
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const n = unit.metrics.cyclomatic;
          if (unit.metrics.kind === 'class' || n <= PATH_THRESHOLD) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` has cyclomatic complexity ${n}: ${n} linearly independent paths run through it, so exercising each of them (basis-path testing) takes at least ${n} test cases. Split it into smaller functions that can be tested separately, or write a table-driven test with one row per path.`,
          });
        }
      },
    };
  },
};
