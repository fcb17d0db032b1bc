import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const MAX_LINES = 60;

/** Functions too long to see at once. */
export const longFunction: Rule = {
  meta: {
    id: 'readability/long-function',
    type: 'readability',
    severity: 'low',
    languages: TIER1,
    docs: { description: `Named functions and methods longer than ${MAX_LINES} lines.` },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const { kind, name, startLine, endLine } = unit.metrics;
          // Anonymous callbacks (test suites, route tables) are containers more than functions.
          if (kind === 'class' || name.startsWith('<')) continue;
          const lines = endLine - startLine + 1;
          if (lines <= MAX_LINES) continue;
          const loops = unit.steps.filter((s) => s.kind === 'loop').length;
          const branches = unit.steps.filter((s) => s.kind === 'branch' || s.kind === 'switch').length;
          const parts = [
            loops > 0 ? `${loops} loop${loops === 1 ? '' : 's'}` : '',
            branches > 0 ? `${branches} condition${branches === 1 ? '' : 's'}` : '',
            unit.calls.length > 0 ? `calls to ${unit.calls.length} different functions` : '',
          ].filter((p) => p !== '');
          context.report({
            line: startLine,
            message: `\`${name}\` spans ${lines} lines (${startLine}–${endLine}), more than the ${MAX_LINES} that fit on one screen${parts.length > 0 ? `, with ${parts.join(', ')}` : ''}; find the separate steps it performs and move each into a function named after it, so this one reads as a short list of those steps.`,
          });
        }
      },
    };
  },
};
