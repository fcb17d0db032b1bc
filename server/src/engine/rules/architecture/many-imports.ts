import { z } from 'zod';
import type { Rule } from '../model.js';
import { listOf, TIER1 } from '../util.js';

interface Options {
  readonly maxImports: number;
}

/** A file that depends on many modules. */
export const manyImports: Rule<Options> = {
  meta: {
    id: 'architecture/many-imports',
    type: 'architecture',
    severity: 'low',
    languages: TIER1,
    docs: {
      description: 'A snippet importing more than `maxImports` distinct modules.',
      examples: [
        {
          language: 'python',
          bad: `${Array.from({ length: 16 }, (_, i) => `import mod${i}\n`).join('')}`,
          good: 'import json\nimport pathlib\n',
        },
      ],
    },
    messages: {
      tooManyImports:
        'This code imports {{count}} different modules (lines {{first}}–{{last}}: {{modules}}), more than {{max}}; a file that needs this many usually does several jobs. Split it by responsibility so each part imports only what it uses.',
    },
    options: {
      schema: z.object({ maxImports: z.number().int().min(1) }),
      defaults: { maxImports: 15 },
      focused: { maxImports: 10 },
      docs: {
        maxImports: 'Most distinct modules one snippet may import (a module imported twice counts once).',
      },
    },
  },
  create(context) {
    const max = context.options.maxImports;
    return {
      'Program:exit'() {
        const seen = new Map<string, number>();
        for (const d of context.facts.dependencies) if (!seen.has(d.source)) seen.set(d.source, d.line);
        if (seen.size <= max) return;
        const lines = [...seen.values()];
        const first = Math.min(...lines);
        const last = Math.max(...lines);
        context.report({
          line: first,
          messageId: 'tooManyImports',
          data: {
            count: seen.size,
            first,
            last,
            modules: listOf(
              [...seen.keys()].map((s) => `\`${s}\``),
              5,
            ),
            max,
          },
        });
      },
    };
  },
};
