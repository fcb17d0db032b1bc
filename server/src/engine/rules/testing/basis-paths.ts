import { z } from 'zod';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

interface Options {
  readonly maxPaths: number;
}

/** Cyclomatic complexity as the minimum number of tests that exercise every basis path. */
export const basisPaths: Rule<Options> = {
  meta: {
    id: 'testing/basis-paths',
    type: 'testing',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description: 'Functions with cyclomatic complexity above `maxPaths`, each needing that many tests.',
      examples: [
        {
          language: 'javascript',
          bad: `function grade(score) {\n${Array.from({ length: 11 }, (_, i) => `  ${i === 0 ? 'if' : '} else if'} (score > ${100 - i * 5}) {\n    return ${i};\n`).join('')}  }\n  return 11;\n}\n`,
          good: 'const BANDS = [100, 95, 90, 85, 80, 75, 70, 65, 60, 55, 50];\n\nfunction grade(score) {\n  const band = BANDS.findIndex((limit) => score > limit);\n  return band === -1 ? BANDS.length : band;\n}\n',
        },
      ],
    },
    messages: {
      manyPaths:
        '`{{name}}` has cyclomatic complexity {{paths}}: {{paths}} linearly independent paths run through it, so exercising each of them (basis-path testing) takes at least {{paths}} test cases. Split it into smaller functions that can be tested separately, or write a table-driven test with one row per path.',
    },
    options: {
      schema: z.object({ maxPaths: z.number().int().min(1) }),
      defaults: { maxPaths: 10 },
      focused: { maxPaths: 7 },
      docs: {
        maxPaths:
          'Highest cyclomatic complexity (the number of linearly independent paths, hence of basis-path tests) one function may have.',
      },
    },
  },
  create(context) {
    const max = context.options.maxPaths;
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const n = unit.metrics.cyclomatic;
          if (unit.metrics.kind === 'class' || n <= max) continue;
          context.report({
            line: unit.metrics.startLine,
            messageId: 'manyPaths',
            data: { name: unit.metrics.name, paths: n, max },
          });
        }
      },
    };
  },
};
