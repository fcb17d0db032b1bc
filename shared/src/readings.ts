/**
 * Plain-language readings of the complexity numbers, shared so the service's
 * text and the extension's cards always agree.
 */

export type Reading = 'low' | 'moderate' | 'high';

/**
 * Per-function thresholds. Cyclomatic: McCabe's 10 (NIST SP 500-235) and 20.
 * Cognitive: SonarSource's default limit of 15, and half of it. Halstead
 * volume: roughly a short helper (< 400) versus a function that spans pages
 * (> 1,500), in the spirit of the volume bands maintainability-index tools use.
 */
export const READING_THRESHOLDS = {
  cyclomatic: { moderate: 11, high: 21 },
  cognitive: { moderate: 8, high: 16 },
  halstead: { moderate: 400, high: 1500 },
} as const;

export type Metric = keyof typeof READING_THRESHOLDS;

export function readingOf(metric: Metric, value: number): Reading {
  const t = READING_THRESHOLDS[metric];
  if (value >= t.high) return 'high';
  if (value >= t.moderate) return 'moderate';
  return 'low';
}
