/**
 * The response's metadata: the snippet's metrics in full, and per-unit
 * metrics for at most MAX_UNITS units in source order.
 */
import type { LanguageId } from '@code-explain/shared';
import {
  MAX_INCREMENTS_PER_UNIT,
  MAX_UNITS,
  MAX_UNITS_WITH_INCREMENTS,
  MAX_UNIT_NAME_CHARS,
} from './budget.js';
import { clip } from './clip.js';
import type {
  Complexity,
  HalsteadCounts,
  HalsteadMeasures,
  MetricIncrement,
  SnippetMetrics,
  UnitKind,
  UnitMetrics,
} from './metrics/model.js';

const round = (n: number) => Math.round(n * 100) / 100;

/** All nine Halstead numbers, once, for the whole snippet. */
function halsteadDetails(h: HalsteadMeasures) {
  return {
    n1: h.n1,
    n2: h.n2,
    N1: h.N1,
    N2: h.N2,
    vocabulary: h.vocabulary,
    length: h.length,
    volume: round(h.volume),
    difficulty: round(h.difficulty),
    effort: round(h.effort),
  };
}

function complexityOf(c: Complexity) {
  return { cognitive: c.cognitive, cyclomatic: c.cyclomatic, halstead: round(c.halstead.volume) };
}

/** A unit's metrics as `metadata.units` lists them, increments aside. */
// A type rather than an interface: the contract's loose objects take it as it is.
export type UnitSummary = {
  readonly name: string;
  readonly kind: UnitKind;
  readonly startLine: number;
  readonly endLine: number;
  readonly complexity: { readonly cognitive: number; readonly cyclomatic: number; readonly halstead: number };
  readonly halstead: HalsteadCounts;
};

// Per unit only the four counts: vocabulary, length, difficulty and effort
// follow from them and the volume is `complexity.halstead`, so repeating them
// for hundreds of units would more than double the units' size.
function summaryOf(u: UnitMetrics): UnitSummary {
  const { n1, n2, N1, N2 } = u.halstead;
  return {
    name: clip(u.name, MAX_UNIT_NAME_CHARS),
    kind: u.kind,
    startLine: u.startLine,
    endLine: u.endLine,
    complexity: complexityOf(u),
    halstead: { n1, n2, N1, N2 },
  };
}

function unitOf(u: UnitMetrics, withIncrements: boolean) {
  const summary = summaryOf(u);
  return withIncrements ? { ...summary, increments: boundedIncrements(u.increments) } : summary;
}

/** Every unit, unbounded and without increments: for callers that see all of a file (the command line). */
export function unitsOf(units: readonly UnitMetrics[]): UnitSummary[] {
  return units.map(summaryOf);
}

/**
 * At most MAX_INCREMENTS_PER_UNIT increments in source order; what is left of
 * each metric becomes one entry that says how many places it sums, so a
 * unit's increments of a metric still add up to it.
 */
export function boundedIncrements(increments: readonly MetricIncrement[]): MetricIncrement[] {
  if (increments.length <= MAX_INCREMENTS_PER_UNIT) return [...increments];
  const kept = increments.slice(0, MAX_INCREMENTS_PER_UNIT - 2);
  const rest = increments.slice(MAX_INCREMENTS_PER_UNIT - 2);
  const summaries = (['cyclomatic', 'cognitive'] as const).flatMap((metric): MetricIncrement[] => {
    const own = rest.filter((i) => i.metric === metric);
    if (own.length === 0) return [];
    const first = own[0]!.line;
    const last = own[own.length - 1]!.line;
    return [
      {
        metric,
        line: first,
        points: own.reduce((sum, i) => sum + i.points, 0),
        reason: `${own.length} more places (${first === last ? `line ${first}` : `lines ${first}–${last}`})`,
      },
    ];
  });
  return [...kept, ...summaries];
}

/** The units, of those listed, whose increments the response carries: the most complex, with any decisions. */
function withIncrements(units: readonly UnitMetrics[]): ReadonlySet<UnitMetrics> {
  return new Set(
    units
      .filter((u) => u.cognitive > 0 || u.cyclomatic > 1)
      .sort((a, b) => b.cognitive - a.cognitive || b.cyclomatic - a.cyclomatic || a.startLine - b.startLine)
      .slice(0, MAX_UNITS_WITH_INCREMENTS),
  );
}

export function metadataOf(
  metrics: SnippetMetrics,
  facts: { readonly lines: number },
  language: LanguageId,
  parseErrors: number,
) {
  const omitted = Math.max(0, metrics.units.length - MAX_UNITS);
  const listed = metrics.units.slice(0, MAX_UNITS);
  const explained = withIncrements(listed);
  return {
    tokens: metrics.tokens,
    complexity: complexityOf(metrics),
    halstead: halsteadDetails(metrics.halstead),
    units: listed.map((u) => unitOf(u, explained.has(u))),
    ...(omitted > 0 ? { unitsOmitted: omitted } : {}),
    language,
    lines: facts.lines,
    parseErrors,
  };
}
