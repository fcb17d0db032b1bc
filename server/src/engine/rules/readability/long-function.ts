import { z } from 'zod';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';
import { isStandIn } from '../../metrics/common/naming.js';

interface Options {
  readonly maxLines: number;
}

/** Functions too long to see at once. */
export const longFunction: Rule<Options> = {
  meta: {
    id: 'readability/long-function',
    type: 'readability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description:
        'Named functions and methods longer than `maxLines` lines (anonymous callbacks not counted).',
      examples: [
        {
          language: 'python',
          bad: `def report(rows):\n${Array.from({ length: 61 }, (_, i) => `    step${i % 5}(rows)\n`).join('')}`,
          good: 'def report(rows):\n    totals = summarise(rows)\n    write_table(totals)\n',
        },
      ],
    },
    messages: {
      tooLong:
        '`{{name}}` spans {{lines}} lines ({{start}}–{{end}}), more than {{limit}}{{parts}}; find the separate steps it performs and move each into a function named after it, so this one reads as a short list of those steps.',
    },
    options: {
      schema: z.object({ maxLines: z.number().int().min(1) }),
      defaults: { maxLines: 60 },
      focused: { maxLines: 40 },
      docs: {
        maxLines: 'Most lines one named function or method may span, its first and last line included.',
      },
    },
  },
  create(context) {
    const max = context.options.maxLines;
    // One screen is the reason for the default; the stricter limit is the requested focus's.
    const limit = context.focused
      ? `${max}, the stricter limit used when readability is requested`
      : `the ${max} that fit on one screen`;
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const { kind, name, startLine, endLine } = unit.metrics;
          // Anonymous callbacks (test suites, route tables) are containers more than functions.
          if (kind === 'class' || isStandIn(name)) continue;
          const lines = endLine - startLine + 1;
          if (lines <= max) continue;
          const loops = unit.steps.filter((s) => s.kind === 'loop').length;
          const branches = unit.steps.filter((s) => s.kind === 'branch' || s.kind === 'switch').length;
          const parts = [
            loops > 0 ? `${loops} loop${loops === 1 ? '' : 's'}` : '',
            branches > 0 ? `${branches} condition${branches === 1 ? '' : 's'}` : '',
            unit.calls.length > 0 ? `calls to ${unit.calls.length} different functions` : '',
          ].filter((p) => p !== '');
          context.report({
            line: startLine,
            messageId: 'tooLong',
            data: {
              name,
              lines,
              start: startLine,
              end: endLine,
              limit,
              max,
              parts: parts.length > 0 ? `, with ${parts.join(', ')}` : '',
            },
          });
        }
      },
    };
  },
};
