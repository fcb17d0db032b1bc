/**
 * The whole review: the revisions compared, the headline numbers, every
 * changed file, the changed units in rank order and the gates' verdicts.
 */
import type { GateVerdict } from '../gates.js';
import { countBySeverity, isCallable, type SeverityCounts } from '../report.js';
import type { FileDiff, UnitChange } from './model.js';
import { metricsOf } from './rank.js';

export interface Revisions {
  /** As given (or "merge base of A and B"), and the commit it resolved to. */
  readonly base: { readonly revision: string; readonly commit: string };
  /** A revision as given, or "working tree" or "index" (then no commit). */
  readonly head: { readonly revision: string; readonly commit: string | undefined };
}

export interface BeforeAfter {
  readonly before: number;
  readonly after: number;
}

export interface DiffSummary {
  readonly files: {
    readonly total: number;
    readonly added: number;
    readonly modified: number;
    readonly renamed: number;
    readonly deleted: number;
    readonly notAnalysed: number;
  };
  readonly lines: { readonly added: number; readonly removed: number };
  readonly units: { readonly added: number; readonly changed: number; readonly removed: number };
  readonly findings: {
    readonly new: number;
    readonly resolved: number;
    readonly newBySeverity: SeverityCounts;
  };
  /** Summed over the function-like units that were added, changed or removed (classes add up their methods). */
  readonly complexity: { readonly cognitive: BeforeAfter; readonly cyclomatic: BeforeAfter };
}

export interface DiffReport {
  readonly revisions: Revisions;
  readonly summary: DiffSummary;
  readonly files: readonly FileDiff[];
  /** Ranked (rank.ts). */
  readonly units: readonly UnitChange[];
  readonly verdicts: readonly GateVerdict[];
}

export function summaryOf(files: readonly FileDiff[], units: readonly UnitChange[]): DiffSummary {
  const status = (s: FileDiff['status']) => files.filter((f) => f.status === s).length;
  const callable = units.filter((u) => isCallable(u.after ?? u.before!));
  const sum = (metric: 'cognitive' | 'cyclomatic'): BeforeAfter => ({
    before: callable.reduce((n, u) => n + metricsOf(u.before)[metric], 0),
    after: callable.reduce((n, u) => n + metricsOf(u.after)[metric], 0),
  });
  const newFindings = files.flatMap((f) => f.newFindings);
  return {
    files: {
      total: files.length,
      added: status('added'),
      modified: status('modified') + status('type-changed'),
      renamed: status('renamed'),
      deleted: status('deleted'),
      notAnalysed: files.filter((f) => f.notAnalysed !== undefined).length,
    },
    lines: {
      added: files.reduce((n, f) => n + f.lines.added, 0),
      removed: files.reduce((n, f) => n + f.lines.removed, 0),
    },
    units: {
      added: units.filter((u) => u.change === 'added').length,
      changed: units.filter((u) => u.change === 'changed').length,
      removed: units.filter((u) => u.change === 'removed').length,
    },
    findings: {
      new: newFindings.length,
      resolved: files.reduce((n, f) => n + f.resolvedFindings, 0),
      newBySeverity: countBySeverity(newFindings),
    },
    complexity: { cognitive: sum('cognitive'), cyclomatic: sum('cyclomatic') },
  };
}

/** What each file was not analysed for, in words. */
export function reasonText(file: Pick<FileDiff, 'notAnalysed'>): string {
  const r = file.notAnalysed;
  if (!r) return '';
  if (r.why === 'binary') return 'a binary file';
  if (r.why === 'unsupported') return 'no language code-explain reads';
  if (r.why === 'failed') return `could not be analysed: ${r.detail}`;
  return r.detail;
}
