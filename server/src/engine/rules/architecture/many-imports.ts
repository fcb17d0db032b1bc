import type { Rule } from '../model.js';
import { listOf, TIER1 } from '../util.js';

export const MAX_IMPORTS = 15;

/** A file that depends on many modules. */
export const manyImports: Rule = {
  meta: {
    id: 'architecture/many-imports',
    type: 'architecture',
    severity: 'low',
    languages: TIER1,
    docs: { description: `A snippet importing more than ${MAX_IMPORTS} distinct modules.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        const seen = new Map<string, number>();
        for (const d of context.facts.dependencies) if (!seen.has(d.source)) seen.set(d.source, d.line);
        if (seen.size <= MAX_IMPORTS) return;
        const lines = [...seen.values()];
        const first = Math.min(...lines);
        const last = Math.max(...lines);
        context.report({
          line: first,
          message: `This code imports ${seen.size} different modules (lines ${first}–${last}: ${listOf(
            [...seen.keys()].map((s) => `\`${s}\``),
            5,
          )}), more than ${MAX_IMPORTS}; a file that needs this many usually does several jobs. Split it by responsibility so each part imports only what it uses.`,
        });
      },
    };
  },
};
