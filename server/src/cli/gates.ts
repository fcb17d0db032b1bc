/**
 * The run's gates: `--fail-on` a finding at or above a severity,
 * `--max-cognitive` / `--max-cyclomatic` a unit above a number. Each failed
 * gate names its offenders; the command exits 1 if any failed.
 */
import { SEVERITIES, type Severity, type Suggestion } from '@code-explain/shared';
import type { UnitSummary } from '../engine/metadata.js';
import { isCallable, plural, severityOf, type FileResult } from './report.js';

export interface Gates {
  readonly failOn: Severity | undefined;
  readonly maxCognitive: number | undefined;
  readonly maxCyclomatic: number | undefined;
}

export interface FindingOffender {
  readonly file: string;
  readonly finding: Suggestion;
}

export interface UnitOffender {
  readonly file: string;
  readonly unit: UnitSummary;
  readonly value: number;
}

export type GateVerdict =
  | {
      readonly gate: 'fail-on';
      readonly threshold: Severity;
      readonly offenders: readonly FindingOffender[];
    }
  | {
      readonly gate: 'max-cognitive' | 'max-cyclomatic';
      readonly threshold: number;
      readonly offenders: readonly UnitOffender[];
    };

export const atOrAbove = (severity: Severity, threshold: Severity) =>
  SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(threshold);

/** One verdict per gate asked for, in the order --fail-on, --max-cognitive, --max-cyclomatic. */
export function judge(files: readonly FileResult[], gates: Gates): GateVerdict[] {
  const verdicts: GateVerdict[] = [];
  const analysed = files.filter((f) => f.kind === 'analysed');
  if (gates.failOn !== undefined) {
    const threshold = gates.failOn;
    const offenders = analysed.flatMap((f) =>
      f.findings
        .filter((finding) => atOrAbove(severityOf(finding), threshold))
        .map((finding) => ({ file: f.file, finding })),
    );
    verdicts.push({ gate: 'fail-on', threshold, offenders });
  }
  for (const [gate, threshold, metric] of [
    ['max-cognitive', gates.maxCognitive, 'cognitive'],
    ['max-cyclomatic', gates.maxCyclomatic, 'cyclomatic'],
  ] as const) {
    if (threshold === undefined) continue;
    const offenders = analysed.flatMap((f) =>
      f.units
        .filter((unit) => isCallable(unit) && unit.complexity[metric] > threshold)
        .map((unit) => ({ file: f.file, unit, value: unit.complexity[metric] })),
    );
    verdicts.push({ gate, threshold, offenders });
  }
  return verdicts;
}

export const failed = (verdicts: readonly GateVerdict[]) => verdicts.some((v) => v.offenders.length > 0);

/** The gate as the user wrote it: "--fail-on high", "--max-cognitive 15". */
export const gateFlag = (v: GateVerdict) => `--${v.gate} ${v.threshold}`;

/** What a gate found, in a sentence: "2 findings at high or above", "1 unit over 15 cognitive". */
export function verdictPhrase(v: GateVerdict): string {
  if (v.gate === 'fail-on') {
    return v.offenders.length === 0
      ? `passed: no finding at ${v.threshold} or above`
      : `failed: ${plural(v.offenders.length, 'finding')} at ${v.threshold} or above`;
  }
  const metric = v.gate === 'max-cognitive' ? 'cognitive' : 'cyclomatic';
  return v.offenders.length === 0
    ? `passed: no unit over ${v.threshold} ${metric} complexity`
    : `failed: ${plural(v.offenders.length, 'unit')} over ${v.threshold} ${metric} complexity`;
}

/** One offender in plain text: "src/a.py:12 security/sql-injection (high): CWE-89 …" or "src/a.js:10–80 `parse` (function): 31". */
export function offenderText(v: GateVerdict, index: number): string {
  if (v.gate === 'fail-on') {
    const { file, finding } = v.offenders[index]!;
    const where = finding.line !== undefined ? `${file}:${finding.line}` : file;
    return `${where} ${finding.rule ?? finding.type} (${severityOf(finding)})`;
  }
  const { file, unit, value } = v.offenders[index]!;
  return `${file}:${unit.startLine}–${unit.endLine} ${unit.name} (${unit.kind}): ${value}`;
}

/** The gates for stderr: each verdict, then up to `max` of its offenders, indented. */
export function verdictLines(verdicts: readonly GateVerdict[], max: number): string[] {
  const lines: string[] = [];
  for (const v of verdicts) {
    lines.push(`code-explain: ${gateFlag(v)} ${verdictPhrase(v)}`);
    const shown = Math.min(v.offenders.length, max);
    for (let i = 0; i < shown; i++) lines.push(`  ${offenderText(v, i)}`);
    if (v.offenders.length > shown) lines.push(`  … and ${v.offenders.length - shown} more`);
  }
  return lines;
}
