import { z } from 'zod';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

interface Options {
  readonly maxCognitive: number;
}

/** Functions whose control flow is hard to follow. */
export const cognitiveComplexity: Rule<Options> = {
  meta: {
    id: 'maintainability/cognitive-complexity',
    type: 'maintainability',
    severity: 'medium',
    // The C family and Rust too: a number called high with no finding beside it reads as a pass.
    languages: [...TIER1, 'c', 'cpp', 'csharp', 'rust'],
    docs: {
      description:
        "Functions with cognitive complexity above `maxCognitive` (by default 15, SonarSource's default limit).",
      examples: [
        {
          language: 'javascript',
          bad: 'function sync(items, remote) {\n  for (const item of items) {\n    if (item.active) {\n      if (remote.has(item.id)) {\n        for (const field of item.fields) {\n          if (field.dirty && !field.locked) {\n            if (field.value !== remote.get(item.id)[field.name]) {\n              push(item, field);\n            }\n          }\n        }\n      }\n    }\n  }\n}\n',
          good: 'function sync(items, remote) {\n  for (const item of items) {\n    if (!item.active || !remote.has(item.id)) continue;\n    pushChanges(item, remote.get(item.id));\n  }\n}\n\nfunction pushChanges(item, theirs) {\n  for (const field of item.fields) {\n    if (isChanged(field, theirs)) push(item, field);\n  }\n}\n\nfunction isChanged(field, theirs) {\n  return field.dirty && !field.locked && field.value !== theirs[field.name];\n}\n',
        },
      ],
    },
    messages: {
      tooComplex:
        '`{{name}}` has cognitive complexity {{complexity}}, above {{limit}}: its branches, loops and nesting add up to more than a reader can follow at once. Flatten nested conditions with early returns, and move the deepest blocks into functions named after what they do.',
    },
    options: {
      schema: z.object({ maxCognitive: z.number().int().min(1) }),
      defaults: { maxCognitive: 15 },
      focused: { maxCognitive: 10 },
      docs: { maxCognitive: 'Highest cognitive complexity (SonarSource’s measure) one function may have.' },
    },
  },
  create(context) {
    const max = context.options.maxCognitive;
    const limit = context.focused
      ? `${max}, the stricter limit used when maintainability is requested`
      : `the limit of ${max} that SonarSource's analyzers apply by default`;
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const c = unit.metrics.cognitive;
          if (unit.metrics.kind === 'class' || c <= max) continue;
          context.report({
            line: unit.metrics.startLine,
            messageId: 'tooComplex',
            data: { name: unit.metrics.name, complexity: c, limit, max },
          });
        }
      },
    };
  },
};
