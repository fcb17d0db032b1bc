/**
 * The run as SARIF 2.1.0, as GitHub code scanning and other SARIF readers
 * take it: every engine rule with its help text, CWE tags and (for security
 * rules) `security-severity`; one result per finding with its file and line;
 * each file as an artifact and each unit as a logical location whose
 * property bag holds its metrics; results for units over a --max-* gate.
 */
import { pathToFileURL } from 'node:url';
import type { Severity } from '@code-explain/shared';
import type { Location, Log, LogicalLocation, Notification, ReportingDescriptor, Result } from 'sarif';
import type { UnitSummary } from '../../engine/metadata.js';
import { ALL_RULES } from '../../engine/rules/index.js';
import type { RuleMeta } from '../../engine/rules/model.js';
import type { GateVerdict } from '../gates.js';
import { severityOf, type AnalysedFile, type FileResult } from '../report.js';
import { packageVersion } from '../version.js';

export const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const SRCROOT = '%SRCROOT%';

type Level = 'error' | 'warning' | 'note';

/** critical and high fail a code-scanning check by default; medium warns; the rest inform. */
export const levelOf = (severity: Severity): Level =>
  severity === 'critical' || severity === 'high' ? 'error' : severity === 'medium' ? 'warning' : 'note';

/** GitHub's bands: 9.0+ critical, 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low. */
const SECURITY_SEVERITY: Partial<Record<Severity, string>> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '2.0',
};

/** A relative path as a URI reference: each segment percent-encoded. */
const uriOf = (file: string) => file.split('/').map(encodeURIComponent).join('/');

function ruleDescriptor(meta: RuleMeta): ReportingDescriptor {
  const cwe = meta.docs.cwe;
  const tags = [meta.type, ...(cwe ? ['security', `external/cwe/${cwe.toLowerCase()}`] : [])];
  const securitySeverity = meta.type === 'security' || cwe ? SECURITY_SEVERITY[meta.severity] : undefined;
  const facts = [
    `Area: ${meta.type.replace('_', ' ')}.`,
    `Default severity: ${meta.severity}.`,
    ...(cwe ? [`${cwe}.`] : []),
    `Languages: ${meta.languages.join(', ')}.`,
  ].join(' ');
  const example = meta.docs.examples[0];
  const markdown = [
    meta.docs.description,
    '',
    facts,
    ...(example
      ? [
          '',
          `Reported (${example.language}):`,
          '',
          '```',
          example.bad.trimEnd(),
          '```',
          '',
          'Not reported:',
          '',
          '```',
          example.good.trimEnd(),
          '```',
        ]
      : []),
  ].join('\n');
  return {
    id: meta.id,
    name: meta.id,
    shortDescription: { text: meta.docs.description },
    fullDescription: { text: meta.docs.description },
    help: { text: `${meta.docs.description} ${facts}`, markdown },
    defaultConfiguration: { level: levelOf(meta.severity) },
    properties: {
      tags: [...new Set(tags)],
      severity: meta.severity,
      ...(securitySeverity ? { 'security-severity': securitySeverity } : {}),
    },
  };
}

const GATE_RULES = {
  'max-cognitive': 'A unit whose cognitive complexity is over the --max-cognitive limit set for the run.',
  'max-cyclomatic': 'A unit whose cyclomatic complexity is over the --max-cyclomatic limit set for the run.',
} as const;

function gateDescriptor(gate: keyof typeof GATE_RULES): ReportingDescriptor {
  const text = GATE_RULES[gate];
  return {
    id: `code-explain/${gate}`,
    name: `code-explain/${gate}`,
    shortDescription: { text },
    fullDescription: { text },
    help: { text: `${text} Split the unit or simplify its branching to bring it under the limit.` },
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['maintainability'] },
  };
}

const logicalKind = (unit: UnitSummary) =>
  unit.kind === 'class'
    ? 'type'
    : unit.kind === 'function'
      ? 'function'
      : unit.kind === 'method'
        ? 'member'
        : 'function';

/** The innermost unit around a line: the finding's logical location. */
function enclosing(units: readonly UnitSummary[], line: number): number | undefined {
  let best: number | undefined;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u.startLine > line || u.endLine < line) continue;
    const b = best === undefined ? undefined : units[best]!;
    if (!b || u.endLine - u.startLine <= b.endLine - b.startLine) best = i;
  }
  return best;
}

export interface SarifRun {
  readonly files: readonly FileResult[];
  readonly verdicts: readonly GateVerdict[];
  readonly exitCode: number;
  /** The working directory the paths are relative to. */
  readonly cwd: string;
}

export function toSarif({ files, verdicts, exitCode, cwd }: SarifRun): Log {
  const rules: ReportingDescriptor[] = ALL_RULES.map((r) => ruleDescriptor(r.meta));
  const unitGates = verdicts.filter(
    (v): v is Extract<GateVerdict, { gate: 'max-cognitive' | 'max-cyclomatic' }> => v.gate !== 'fail-on',
  );
  for (const v of unitGates) rules.push(gateDescriptor(v.gate));
  rules.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));

  const analysed = files.filter((f): f is AnalysedFile => f.kind === 'analysed');
  const artifacts = analysed.map((f) => ({
    location: { uri: uriOf(f.file), uriBaseId: SRCROOT },
    sourceLanguage: f.language,
    properties: {
      lines: f.lines,
      units: f.units.length,
      cognitive: f.complexity.cognitive,
      cyclomatic: f.complexity.cyclomatic,
      halsteadVolume: f.complexity.halstead,
    },
  }));

  const logicalLocations: LogicalLocation[] = [];
  /** Per file, the index of its first unit in logicalLocations. */
  const firstUnit = new Map<string, number>();
  for (const f of analysed) {
    firstUnit.set(f.file, logicalLocations.length);
    for (const unit of f.units) {
      logicalLocations.push({
        name: unit.name,
        fullyQualifiedName: `${f.file}:${unit.startLine}:${unit.name}`,
        kind: logicalKind(unit),
        properties: {
          file: f.file,
          unitKind: unit.kind,
          startLine: unit.startLine,
          endLine: unit.endLine,
          cognitive: unit.complexity.cognitive,
          cyclomatic: unit.complexity.cyclomatic,
          halsteadVolume: unit.complexity.halstead,
          halstead: unit.halstead,
        },
      });
    }
  }

  const location = (
    fileIndex: number,
    f: AnalysedFile,
    line: number | undefined,
    unitIndex: number | undefined,
  ): Location => {
    const base = firstUnit.get(f.file) ?? 0;
    const logical =
      unitIndex === undefined
        ? []
        : [
            {
              index: base + unitIndex,
              fullyQualifiedName: `${f.file}:${f.units[unitIndex]!.startLine}:${f.units[unitIndex]!.name}`,
            },
          ];
    return {
      physicalLocation: {
        artifactLocation: { uri: uriOf(f.file), uriBaseId: SRCROOT, index: fileIndex },
        ...(line !== undefined ? { region: { startLine: line } } : {}),
      },
      ...(logical.length > 0 ? { logicalLocations: logical } : {}),
    };
  };

  const results: Result[] = [];
  analysed.forEach((f, fileIndex) => {
    for (const finding of f.findings) {
      const id = finding.rule ?? `${finding.type}/other`;
      const severity = severityOf(finding);
      results.push({
        ruleId: id,
        ...(ruleIndex.has(id) ? { ruleIndex: ruleIndex.get(id) } : {}),
        level: levelOf(severity),
        message: { text: finding.description },
        locations: [
          location(
            fileIndex,
            f,
            finding.line,
            finding.line === undefined ? undefined : enclosing(f.units, finding.line),
          ),
        ],
        properties: { severity },
      });
    }
  });
  const fileIndexOf = new Map(analysed.map((f, i) => [f.file, i]));
  for (const v of unitGates) {
    const id = `code-explain/${v.gate}`;
    const metric = v.gate === 'max-cognitive' ? 'cognitive' : 'cyclomatic';
    for (const o of v.offenders) {
      const fileIndex = fileIndexOf.get(o.file)!;
      const f = analysed[fileIndex]!;
      results.push({
        ruleId: id,
        ruleIndex: ruleIndex.get(id),
        level: 'error',
        message: {
          text: `${o.unit.name} (${o.unit.kind}, lines ${o.unit.startLine}–${o.unit.endLine}) has ${metric} complexity ${o.value}, over the limit of ${v.threshold} (--${v.gate}).`,
        },
        locations: [location(fileIndex, f, o.unit.startLine, f.units.indexOf(o.unit))],
      });
    }
  }

  const notifications = files.flatMap((f): Notification[] =>
    f.kind === 'analysed'
      ? []
      : [
          {
            level: f.kind === 'failed' ? 'error' : 'warning',
            message: {
              text:
                f.kind === 'failed'
                  ? `${f.file} was not analysed: ${f.message}`
                  : `${f.file} was skipped: ${f.reason}`,
            },
            locations: [
              { physicalLocation: { artifactLocation: { uri: uriOf(f.file), uriBaseId: SRCROOT } } },
            ],
          },
        ],
  );

  // A base URI must end in a slash, or the last segment would be replaced when resolving.
  const root = pathToFileURL(cwd).href.replace(/\/?$/, '/');
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'code-explain',
            version: packageVersion(),
            semanticVersion: packageVersion(),
            rules,
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: root } },
        invocations: [
          {
            executionSuccessful: !files.some((f) => f.kind === 'failed'),
            exitCode,
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        artifacts,
        logicalLocations,
        results,
        columnKind: 'unicodeCodePoints',
      },
    ],
  };
}
