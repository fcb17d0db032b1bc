/**
 * A finished run, as every format and the gates read it: the files in the
 * order the arguments gave them, each analysed, failed or skipped.
 */
import {
  SEVERITIES,
  type ExplainResponse,
  type LanguageId,
  type Severity,
  type Suggestion,
} from '@code-explain/shared';
import type { UnitSummary } from '../engine/metadata.js';

export interface AnalysedFile {
  readonly kind: 'analysed';
  readonly file: string;
  readonly language: LanguageId;
  readonly lines: number;
  readonly complexity: { readonly cognitive: number; readonly cyclomatic: number; readonly halstead: number };
  readonly units: readonly UnitSummary[];
  readonly findings: readonly Suggestion[];
  /** The API's response for the file; kept only for formats that read it. */
  readonly response: ExplainResponse | undefined;
  /** The same response as JSON text; kept only while JSON Lines wait to print it. */
  readonly responseJson?: string | undefined;
  /** Checks that failed on this file, whose findings are missing. */
  readonly notes: readonly string[];
}

export interface FailedFile {
  readonly kind: 'failed';
  readonly file: string;
  readonly language: LanguageId;
  readonly message: string;
}

export interface SkippedFile {
  readonly kind: 'skipped';
  readonly file: string;
  readonly reason: string;
}

export type FileResult = AnalysedFile | FailedFile | SkippedFile;

/** Finding counts by severity, every severity present (a finding without one counts as info). */
export type SeverityCounts = Record<Severity, number>;

export function severityOf(finding: Suggestion): Severity {
  return finding.severity ?? 'info';
}

export function countBySeverity(findings: Iterable<Suggestion>): SeverityCounts {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;
  for (const finding of findings) counts[severityOf(finding)]++;
  return counts;
}

/** Severities from the most to the least serious. */
export const SEVERITIES_DOWN: readonly Severity[] = [...SEVERITIES].reverse();

export interface LocatedUnit {
  readonly file: string;
  readonly unit: UnitSummary;
}

/** Units a gate on complexity judges: functions and their kin. A class's numbers add up its methods'. */
export const isCallable = (unit: UnitSummary) => unit.kind !== 'class';

/** The most complex callable units of the run: by cognitive, then cyclomatic complexity, then place. */
export function mostComplex(files: readonly FileResult[], count: number): LocatedUnit[] {
  const all: LocatedUnit[] = [];
  for (const f of files) {
    if (f.kind !== 'analysed') continue;
    for (const unit of f.units) if (isCallable(unit)) all.push({ file: f.file, unit });
  }
  return all
    .sort(
      (a, b) =>
        b.unit.complexity.cognitive - a.unit.complexity.cognitive ||
        b.unit.complexity.cyclomatic - a.unit.complexity.cyclomatic ||
        (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
        a.unit.startLine - b.unit.startLine,
    )
    .slice(0, count);
}

export interface RunTotals {
  readonly files: number;
  readonly analysed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly units: number;
  readonly lines: number;
  readonly findings: SeverityCounts;
}

export function totalsOf(files: readonly FileResult[]): RunTotals {
  const analysed = files.filter((f): f is AnalysedFile => f.kind === 'analysed');
  return {
    files: files.length,
    analysed: analysed.length,
    failed: files.filter((f) => f.kind === 'failed').length,
    skipped: files.filter((f) => f.kind === 'skipped').length,
    units: analysed.reduce((n, f) => n + f.units.length, 0),
    lines: analysed.reduce((n, f) => n + f.lines, 0),
    findings: countBySeverity(analysed.flatMap((f) => f.findings)),
  };
}

/** "3 high, 1 low" or "none". */
export function severityPhrase(counts: SeverityCounts): string {
  const parts = SEVERITIES_DOWN.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
