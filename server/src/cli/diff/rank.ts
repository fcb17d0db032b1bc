/**
 * The order a review reads changed units in, most important first: the
 * worst new finding (by severity), then how many new findings, then how
 * much cognitive and then cyclomatic complexity the change added (a new
 * unit adds all of its own; a removed one takes its own away), then how
 * many lines it touched; ties by file and line.
 */
import { SEVERITIES } from '@code-explain/shared';
import { severityOf } from '../report.js';
import type { Metrics, UnitChange } from './model.js';

export const RANKING =
  'worst new finding, then number of new findings, then added cognitive and cyclomatic complexity, then lines touched';

const ZERO: Metrics = { cognitive: 0, cyclomatic: 0, halstead: 0 };

export const metricsOf = (unit: { readonly complexity: Metrics } | undefined): Metrics =>
  unit?.complexity ?? ZERO;

/** After minus before, per metric. */
export function deltaOf(change: UnitChange): Metrics {
  const a = metricsOf(change.after);
  const b = metricsOf(change.before);
  return {
    cognitive: a.cognitive - b.cognitive,
    cyclomatic: a.cyclomatic - b.cyclomatic,
    halstead: Math.round((a.halstead - b.halstead) * 100) / 100,
  };
}

const worstNew = (change: UnitChange) =>
  Math.max(-1, ...change.findings.new.map((f) => SEVERITIES.indexOf(severityOf(f))));

const linesTouched = (change: UnitChange) =>
  [...change.lines.added, ...change.lines.removed].reduce((n, r) => n + r.last - r.first + 1, 0);

const lineOf = (change: UnitChange) => (change.after ?? change.before)?.startLine ?? 0;

export function rankUnits(units: readonly UnitChange[]): UnitChange[] {
  return [...units].sort((a, b) => {
    const da = deltaOf(a);
    const db = deltaOf(b);
    return (
      worstNew(b) - worstNew(a) ||
      b.findings.new.length - a.findings.new.length ||
      db.cognitive - da.cognitive ||
      db.cyclomatic - da.cyclomatic ||
      linesTouched(b) - linesTouched(a) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      lineOf(a) - lineOf(b)
    );
  });
}
