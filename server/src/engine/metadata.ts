/**
 * The response's metadata: the snippet's metrics in full, and per-unit
 * metrics for at most MAX_UNITS units in source order.
 */
import type { LanguageId } from '@code-explain/shared';
import { MAX_UNITS, MAX_UNIT_NAME_CHARS } from './budget.js';
import { clip } from './clip.js';
import type { Complexity, HalsteadMeasures, SnippetMetrics, UnitMetrics } from './metrics/model.js';

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

// Per unit only the four counts: vocabulary, length, difficulty and effort
// follow from them and the volume is `complexity.halstead`, so repeating them
// for hundreds of units would more than double the units' size.
function unitOf(u: UnitMetrics) {
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

export function metadataOf(
  metrics: SnippetMetrics,
  facts: { readonly lines: number },
  language: LanguageId,
  parseErrors: number,
) {
  const omitted = Math.max(0, metrics.units.length - MAX_UNITS);
  return {
    tokens: metrics.tokens,
    complexity: complexityOf(metrics),
    halstead: halsteadDetails(metrics.halstead),
    units: metrics.units.slice(0, MAX_UNITS).map(unitOf),
    ...(omitted > 0 ? { unitsOmitted: omitted } : {}),
    language,
    lines: facts.lines,
    parseErrors,
  };
}
