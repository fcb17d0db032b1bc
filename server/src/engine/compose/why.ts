/**
 * "Why these numbers": for the most complex functions, what adds up to their
 * cognitive and cyclomatic numbers, line by line (the metrics' increments).
 */
import type { Section } from '@code-explain/shared';
import { MAX_LIST_ITEMS } from '../budget.js';
import type { UnitFacts } from '../facts/model.js';
import type { MetricIncrement } from '../metrics/model.js';
import type { Voice } from './audience.js';
import type { ComposeInput } from './input.js';
import { callables } from './overview.js';
import { bulletList, count, lineRange } from './text.js';
import { signature } from './walkthrough.js';

/** Functions the section takes apart. */
const WHY_UNITS = 5;

/** Most complex first: cognitive, then cyclomatic, then source order. */
export function mostComplex(units: readonly UnitFacts[]): UnitFacts[] {
  return units
    .filter((u) => u.metrics.cognitive > 0 || u.metrics.cyclomatic > 1)
    .sort(
      (a, b) =>
        b.metrics.cognitive - a.metrics.cognitive ||
        b.metrics.cyclomatic - a.metrics.cyclomatic ||
        a.metrics.startLine - b.metrics.startLine,
    );
}

/** "+2 for `if`, nested 1 level deep (line 14)". */
function term(increment: MetricIncrement): string {
  const points = increment.points < 0 ? `−${-increment.points}` : `+${increment.points}`;
  return `${points} for ${increment.reason} (line ${increment.line})`;
}

/** One metric of one unit: its increments (at most MAX_LIST_ITEMS, the rest summed). */
export function breakdown(metric: MetricIncrement['metric'], increments: readonly MetricIncrement[]): string {
  const own = increments.filter((i) => i.metric === metric);
  const shown = own.slice(0, MAX_LIST_ITEMS).map(term);
  const rest = own.slice(MAX_LIST_ITEMS);
  if (rest.length > 0) {
    const points = rest.reduce((sum, i) => sum + i.points, 0);
    shown.push(
      `+${points} from ${count(rest.length, 'more place')} (${lineRange(rest[0]!.line, rest[rest.length - 1]!.line)})`,
    );
  }
  return shown.join(', ');
}

export function whyTheseNumbers(input: ComposeInput, voice: Voice): Section | undefined {
  const ranked = mostComplex(callables(input));
  if (ranked.length === 0) return undefined;
  const intro = voice.beginner
    ? 'Each decision the code can take adds one to the cyclomatic number (one more path through it); the cognitive number adds one for each break in the straight flow of the code, plus one for each level of nesting that break sits in.'
    : 'What adds up to each number, line by line:';
  const items = ranked.slice(0, WHY_UNITS).flatMap((u) => {
    const { metrics } = u;
    const head = `${signature(u)} (${lineRange(metrics.startLine, metrics.endLine)})`;
    return [
      ...(metrics.cognitive > 0
        ? [`${head}, cognitive ${metrics.cognitive}: ${breakdown('cognitive', metrics.increments)}.`]
        : []),
      `${head}, cyclomatic ${metrics.cyclomatic}: ${breakdown('cyclomatic', metrics.increments)}.`,
    ];
  });
  const rest = ranked.length - WHY_UNITS;
  return {
    title: 'Why these numbers',
    content: [
      intro,
      bulletList(items),
      rest > 0
        ? `${count(rest, 'more function')} with decisions ${rest === 1 ? 'is' : 'are'} not taken apart here.`
        : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}
