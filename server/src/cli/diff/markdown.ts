/**
 * The review as one Markdown document for a pull-request comment: a
 * headline summary, the gates, a table of the changed units (most important
 * first), a section per unit (purpose, metrics before → after, findings new,
 * resolved and unchanged, lines touched), the new and resolved findings
 * outside changed units, and every changed file with what happened to it.
 */
import { languageInfo, type Suggestion } from '@code-explain/shared';
import { gateFlag, offenderText, verdictPhrase } from '../gates.js';
import { plural, severityOf, severityPhrase } from '../report.js';
import type { FileDiff, LineRange, UnitChange } from './model.js';
import { RANKING, deltaOf, metricsOf } from './rank.js';
import { reasonText, type DiffReport } from './report.js';

/** Units in the table; the JSON lists all. */
export const MAX_UNITS_IN_TABLE = 100;
/** Units with a section of their own, at most. */
export const MAX_UNIT_SECTIONS = 25;
/** A GitHub comment holds 65,536 characters: the unit sections that do not fit are left out. */
export const MAX_COMMENT_CHARS = 60_000;
/** Findings of one kind listed per unit. */
const MAX_FINDINGS_LISTED = 20;
/** Offenders a failed gate names here. */
const MAX_OFFENDERS = 20;

const cell = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** "+3", "-2", "0". */
export const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** "3 → 13 (+10)", "— → 5" for a new unit, "5 → —" for a removed one. */
function beforeAfter(before: number | undefined, after: number | undefined): string {
  if (before === undefined) return `— → ${after ?? '—'}`;
  if (after === undefined) return `${before} → —`;
  const d = Math.round((after - before) * 100) / 100;
  return `${before} → ${after} (${signed(d)})`;
}

export const rangesText = (ranges: readonly LineRange[]) =>
  ranges.map((r) => (r.first === r.last ? `${r.first}` : `${r.first}–${r.last}`)).join(', ');

function headline(report: DiffReport): string[] {
  const { summary: s, revisions } = report;
  const f = s.files;
  const fileParts = [
    `${f.added} added`,
    `${f.modified} modified`,
    `${f.renamed} renamed`,
    `${f.deleted} deleted`,
  ].join(', ');
  const newText =
    s.findings.new === 0
      ? 'no new findings'
      : `${s.findings.new} new (${severityPhrase(s.findings.newBySeverity)})`;
  const c = s.complexity;
  const head =
    revisions.head.commit === undefined
      ? `the ${revisions.head.revision}`
      : `${code(revisions.head.revision)} (${revisions.head.commit.slice(0, 12)})`;
  return [
    `# Code Explain review`,
    '',
    `${code(revisions.base.revision)} (${revisions.base.commit.slice(0, 12)}) → ${head}`,
    '',
    `- **Files:** ${plural(f.total, 'file')} changed (${fileParts})${f.notAnalysed > 0 ? `, ${f.notAnalysed} not analysed` : ''}; +${s.lines.added} −${s.lines.removed} lines`,
    `- **Units:** ${s.units.added} added, ${s.units.changed} changed, ${s.units.removed} removed`,
    `- **Findings:** ${newText}, ${s.findings.resolved} resolved`,
    `- **Complexity** of the changed function-like units: cognitive ${beforeAfter(c.cognitive.before, c.cognitive.after)}, cyclomatic ${beforeAfter(c.cyclomatic.before, c.cyclomatic.after)}`,
    '',
  ];
}

function gatesSection(report: DiffReport): string[] {
  if (report.verdicts.length === 0) return [];
  const out = ['## Gates', '', 'On new findings and on the head version of added and changed units.', ''];
  for (const v of report.verdicts) {
    out.push(`- ${v.offenders.length > 0 ? '❌' : '✅'} \`${gateFlag(v)}\` ${verdictPhrase(v)}`);
    const shown = Math.min(v.offenders.length, MAX_OFFENDERS);
    for (let i = 0; i < shown; i++) out.push(`  - ${cell(offenderText(v, i))}`);
    if (v.offenders.length > shown) out.push(`  - … and ${v.offenders.length - shown} more`);
  }
  out.push('');
  return out;
}

const where = (u: UnitChange) => {
  const unit = u.after ?? u.before!;
  return `${unit.startLine}–${unit.endLine}`;
};

function unitTable(units: readonly UnitChange[]): string[] {
  if (units.length === 0) return ['## Changed units', '', 'No unit was added, changed or removed.', ''];
  const shown = units.slice(0, MAX_UNITS_IN_TABLE);
  const out = [
    '## Changed units',
    '',
    `Most important first: ${RANKING}.`,
    '',
    '| # | unit | kind | file | lines | change | cognitive | cyclomatic | new findings | resolved |',
    '| ---: | --- | --- | --- | --- | --- | --- | --- | ---: | ---: |',
    ...shown.map(
      (u, i) =>
        `| ${i + 1} | ${cell(code(u.name))} | ${u.kind} | ${cell(code(u.file))} | ${where(u)} | ${u.change} | ${beforeAfter(u.before?.complexity.cognitive, u.after?.complexity.cognitive)} | ${beforeAfter(u.before?.complexity.cyclomatic, u.after?.complexity.cyclomatic)} | ${u.findings.new.length} | ${u.findings.resolved.length} |`,
    ),
  ];
  if (units.length > shown.length)
    out.push('', `… and ${units.length - shown.length} more units (\`--format json\` lists all).`);
  out.push('');
  return out;
}

function findingLine(f: Suggestion, file?: string): string {
  const at = f.line !== undefined ? `line ${f.line}` : 'whole file';
  const rule = f.rule !== undefined ? ` ${code(f.rule)}` : '';
  const place = file !== undefined ? `${code(file)} ${at}` : at;
  return `- **${severityOf(f)}** (${place})${rule}: ${f.description.replace(/\s*\n\s*/g, ' ')}`;
}

function findingList(title: string, findings: readonly Suggestion[]): string[] {
  if (findings.length === 0) return [];
  const out = [
    `**${title}** (${findings.length})`,
    '',
    ...findings.slice(0, MAX_FINDINGS_LISTED).map((f) => findingLine(f)),
  ];
  if (findings.length > MAX_FINDINGS_LISTED)
    out.push(`- … and ${findings.length - MAX_FINDINGS_LISTED} more`);
  out.push('');
  return out;
}

function unitSection(u: UnitChange, rank: number): string[] {
  const before = u.before ? metricsOf(u.before) : undefined;
  const after = u.after ? metricsOf(u.after) : undefined;
  const d = deltaOf(u);
  const row = (name: string, metric: 'cognitive' | 'cyclomatic' | 'halstead') =>
    `| ${name} | ${before?.[metric] ?? '—'} | ${after?.[metric] ?? '—'} | ${before && after ? signed(d[metric]) : '—'} |`;
  const lines: string[] = [];
  if (u.lines.added.length > 0) lines.push(`${rangesText(u.lines.added)} in the head`);
  if (u.lines.removed.length > 0) lines.push(`${rangesText(u.lines.removed)} of the base`);
  const out = [
    `### ${rank}. ${code(u.name)} (${u.kind}) in ${code(u.file)}: ${u.change}`,
    '',
    u.purpose ?? '_Its code does not say what it is for._',
    '',
    '| metric | before | after | change |',
    '| --- | ---: | ---: | ---: |',
    row('cognitive', 'cognitive'),
    row('cyclomatic', 'cyclomatic'),
    row('Halstead volume', 'halstead'),
    '',
    `Lines changed: ${lines.length > 0 ? lines.join('; ') : 'none (only its place in the file moved)'}.`,
    '',
    ...findingList('New findings', u.findings.new),
    ...findingList('Resolved findings', u.findings.resolved),
  ];
  if (u.findings.unchanged.length > 0) {
    out.push(
      '<details>',
      `<summary>${plural(u.findings.unchanged.length, 'unchanged finding')}</summary>`,
      '',
      ...u.findings.unchanged.slice(0, MAX_FINDINGS_LISTED).map((f) => findingLine(f)),
      '',
      '</details>',
      '',
    );
  }
  return out;
}

function outsideSection(files: readonly FileDiff[]): string[] {
  const fresh = files.flatMap((f) => f.outside.new.map((s) => findingLine(s, f.file)));
  const gone = files.flatMap((f) => f.outside.resolved.map((s) => findingLine(s, f.file)));
  if (fresh.length + gone.length === 0) return [];
  const out = ['## Findings outside the changed units', ''];
  if (fresh.length > 0) out.push(`**New** (${fresh.length})`, '', ...fresh, '');
  if (gone.length > 0) out.push(`**Resolved** (${gone.length})`, '', ...gone, '');
  return out;
}

function statusText(f: FileDiff): string {
  if (f.status === 'renamed') return `renamed from ${code(f.from ?? '')} (${f.similarity ?? 0}% similar)`;
  if (f.status === 'type-changed') return 'type changed';
  return f.status;
}

function filesSection(files: readonly FileDiff[]): string[] {
  if (files.length === 0) return ['## Files', '', 'No file changed.', ''];
  return [
    '## Files',
    '',
    '| file | change | language | lines | units added / changed / removed / unchanged | note |',
    '| --- | --- | --- | --- | --- | --- |',
    ...files.map((f) => {
      const units = f.notAnalysed
        ? '—'
        : `${f.units.added} / ${f.units.changed} / ${f.units.removed} / ${f.units.unchanged}`;
      const note = f.notAnalysed ? `not analysed: ${reasonText(f)}` : f.notes.join(' ');
      return `| ${cell(code(f.file))} | ${cell(statusText(f))} | ${f.language ? languageInfo(f.language).name : '—'} | +${f.lines.added} −${f.lines.removed} | ${units} | ${cell(note)} |`;
    }),
    '',
  ];
}

export function toDiffMarkdown(report: DiffReport): string {
  const before = [...headline(report), ...gatesSection(report), ...unitTable(report.units)];
  const after = [...outsideSection(report.files), ...filesSection(report.files)];
  const length = (lines: readonly string[]) => lines.reduce((n, l) => n + l.length + 1, 0);
  // Unit sections, most important first, while the comment stays within GitHub's limit.
  let budget = MAX_COMMENT_CHARS - length(before) - length(after) - 200;
  const sections: string[] = [];
  let shown = 0;
  for (const u of report.units.slice(0, MAX_UNIT_SECTIONS)) {
    const section = unitSection(u, shown + 1);
    budget -= length(section);
    if (budget < 0) break;
    sections.push(...section);
    shown++;
  }
  if (report.units.length > shown) {
    const why =
      shown < Math.min(MAX_UNIT_SECTIONS, report.units.length)
        ? 'to keep this comment within 65,536 characters'
        : `at most ${MAX_UNIT_SECTIONS} units have one`;
    sections.push(
      `Sections above for ${shown} of the ${report.units.length} changed units (${why}); \`--format json\` has every unit.`,
      '',
    );
  }
  return `${[...before, ...sections, ...after].join('\n').replace(/\n+$/, '')}\n`;
}
