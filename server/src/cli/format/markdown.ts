/**
 * The run as one Markdown document (a CI job summary, a PR comment): the
 * summary table first, then the gates, the most complex units, what was
 * skipped or failed, and one collapsible <details> per file (its findings,
 * its most complex units, its explanation in the run's mode and audience). Each heading appears once; a file's
 * own parts are bold lines inside its <details>.
 */
import { languageInfo, sectionsBeyondExplanation } from '@code-explain/shared';
import { gateFlag, offenderText, verdictPhrase, type GateVerdict } from '../gates.js';
import {
  SEVERITIES_DOWN,
  countBySeverity,
  isCallable,
  mostComplex,
  plural,
  severityOf,
  severityPhrase,
  totalsOf,
  type AnalysedFile,
  type FileResult,
} from '../report.js';

/** Units the summary lists as the most complex. */
export const MOST_COMPLEX_UNITS = 10;
/** Findings a file's <details> lists; the JSON and SARIF formats carry them all. */
export const MAX_FINDINGS_PER_FILE = 50;
/** Units a file's <details> lists, the most complex first. */
export const UNITS_PER_FILE = 5;
/** Offenders a failed gate names here; the stderr summary and SARIF have the rest. */
const MAX_OFFENDERS = 20;

/** Text for a table cell or a <summary>: no pipes, no line breaks, no markup. */
const cell = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
/** A path or name as inline code, whatever backticks it holds. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function summaryTable(files: readonly FileResult[]): string[] {
  const t = totalsOf(files);
  const severities = SEVERITIES_DOWN.map((s) => t.findings[s]);
  return [
    `| files | analysed | skipped | failed | lines | units | ${SEVERITIES_DOWN.join(' | ')} |`,
    `| ${Array(6 + SEVERITIES_DOWN.length)
      .fill('---:')
      .join(' | ')} |`,
    `| ${[t.files, t.analysed, t.skipped, t.failed, t.lines, t.units, ...severities].join(' | ')} |`,
  ];
}

function gatesSection(verdicts: readonly GateVerdict[]): string[] {
  if (verdicts.length === 0) return [];
  const out = ['## Gates', ''];
  for (const v of verdicts) {
    out.push(`- ${v.offenders.length > 0 ? '❌' : '✅'} \`${gateFlag(v)}\` ${verdictPhrase(v)}`);
    const shown = Math.min(v.offenders.length, MAX_OFFENDERS);
    for (let i = 0; i < shown; i++) out.push(`  - ${cell(offenderText(v, i))}`);
    if (v.offenders.length > shown) out.push(`  - … and ${v.offenders.length - shown} more`);
  }
  out.push('');
  return out;
}

function mostComplexSection(files: readonly FileResult[]): string[] {
  // With one file analysed, its own table (in its <details>) is the same list.
  if (files.filter((f) => f.kind === 'analysed').length < 2) return [];
  const units = mostComplex(files, MOST_COMPLEX_UNITS);
  if (units.length === 0) return [];
  return [
    '## Most complex units',
    '',
    '| unit | kind | file | lines | cognitive | cyclomatic | Halstead volume |',
    '| --- | --- | --- | --- | ---: | ---: | ---: |',
    ...units.map(
      ({ file, unit }) =>
        `| ${cell(code(unit.name))} | ${unit.kind} | ${cell(code(file))} | ${unit.startLine}–${unit.endLine} | ${unit.complexity.cognitive} | ${unit.complexity.cyclomatic} | ${unit.complexity.halstead} |`,
    ),
    '',
  ];
}

function notAnalysedSection(files: readonly FileResult[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (f.kind === 'skipped') out.push(`- ${code(f.file)} skipped: ${f.reason}`);
    if (f.kind === 'failed') out.push(`- ${code(f.file)} **not analysed**: ${f.message}`);
  }
  return out.length > 0 ? ['## Not analysed', '', ...out, ''] : [];
}

function fileDetails(f: AnalysedFile, budget: number): string[] {
  const counts = countBySeverity(f.findings);
  // Functions and their kin, as the tables and --max-cognitive judge them: a class's numbers add up its methods'.
  const callables = f.units.filter(isCallable);
  const top = Math.max(0, ...callables.map((u) => u.complexity.cognitive));
  const summary = [
    languageInfo(f.language).name,
    plural(f.lines, 'line'),
    // Said as what they are, so the table below, which lists functions and methods only, adds up.
    f.units.length > callables.length
      ? `${plural(f.units.length, 'unit')} (${plural(callables.length, 'function or method', 'functions and methods')}, ${plural(f.units.length - callables.length, 'class', 'classes')})`
      : plural(f.units.length, 'unit'),
    f.findings.length === 0 ? 'no findings' : `findings: ${severityPhrase(counts)}`,
    `highest cognitive ${top}`,
  ].join(', ');
  const out = [
    '<details>',
    `<summary><code>${escapeHtml(f.file)}</code>: ${escapeHtml(summary)}</summary>`,
    '',
    `Whole file: cognitive ${f.complexity.cognitive}, cyclomatic ${f.complexity.cyclomatic}, Halstead volume ${f.complexity.halstead}.`,
    '',
  ];
  if (f.findings.length > 0) {
    out.push('**Findings**', '');
    for (const finding of f.findings.slice(0, MAX_FINDINGS_PER_FILE)) {
      const where = finding.line !== undefined ? `line ${finding.line}` : 'whole file';
      const rule = finding.rule !== undefined ? ` ${code(finding.rule)}` : '';
      out.push(
        `- **${severityOf(finding)}** (${where})${rule}: ${finding.description.replace(/\s*\n\s*/g, ' ')}`,
      );
    }
    const rest = f.findings.length - MAX_FINDINGS_PER_FILE;
    if (rest > 0) out.push(`- … and ${rest} more (\`--format sarif\` lists every finding)`);
    out.push('');
  }
  for (const note of f.notes) out.push(`> ${note}`, '');
  const units = [...callables]
    .sort(
      (a, b) =>
        b.complexity.cognitive - a.complexity.cognitive || b.complexity.cyclomatic - a.complexity.cyclomatic,
    )
    .slice(0, UNITS_PER_FILE);
  if (units.length > 0) {
    out.push(
      // Of the functions and methods: the file's unit count above counts its classes too.
      `**Most complex units** (${units.length} of its ${plural(callables.length, 'function or method', 'functions and methods')})`,
      '',
      '| unit | kind | lines | cognitive | cyclomatic | Halstead volume |',
      '| --- | --- | --- | ---: | ---: | ---: |',
      ...units.map(
        (u) =>
          `| ${cell(code(u.name))} | ${u.kind} | ${u.startLine}–${u.endLine} | ${u.complexity.cognitive} | ${u.complexity.cyclomatic} | ${u.complexity.halstead} |`,
      ),
      '',
    );
  }
  out.push(...explanationOf(f, budget), '</details>', '');
  return out;
}

/** Sections the report already shows in its own form: the metrics and the findings. */
const SHOWN_ELSEWHERE = new Set(['Complexity', 'Why these numbers', 'Suggestions', 'Other suggestions']);
/**
 * Characters of explanation and sections the whole report holds, shared among
 * its files (well under GitHub's 1 MiB step-summary limit): one file or a
 * handful get their whole explanation; a very large run is cut per file, never
 * below MIN_EXPLANATION_CHARS_PER_FILE. The JSON output has all of it.
 */
export const MAX_EXPLANATION_CHARS_PER_RUN = 400_000;
export const MIN_EXPLANATION_CHARS_PER_FILE = 6_000;

/** What each file's <details> may hold when `files` files are analysed. */
export function explanationBudget(files: number): number {
  return Math.max(
    MIN_EXPLANATION_CHARS_PER_FILE,
    Math.floor(MAX_EXPLANATION_CHARS_PER_RUN / Math.max(1, files)),
  );
}

/**
 * The explanation itself, in the run's mode and for its audience, then the
 * sections that mode adds (a walkthrough, concepts and questions, time
 * complexity, security findings, alternatives), cut at a paragraph to stay
 * within a CI summary's size.
 */
function explanationOf(f: AnalysedFile, budget: number): string[] {
  const response = f.response;
  if (!response) return [];
  const parts = [
    `**Explanation**\n\n${response.explanation}`,
    ...sectionsBeyondExplanation(response)
      .filter((s) => !SHOWN_ELSEWHERE.has(s.title) && s.content.trim() !== '')
      .map((s) => `**${s.title}**\n\n${s.content}`),
  ];
  const out: string[] = [];
  let used = 0;
  for (const part of parts.join('\n\n').split('\n\n')) {
    if (used + part.length > budget) {
      out.push('… (`--format json` has the whole explanation)', '');
      break;
    }
    used += part.length + 2;
    out.push(part, '');
  }
  return out;
}

export function toMarkdownReport(files: readonly FileResult[], verdicts: readonly GateVerdict[]): string {
  const analysed = files.filter((f): f is AnalysedFile => f.kind === 'analysed');
  const out = [
    '# Code Explain report',
    '',
    ...summaryTable(files),
    '',
    ...gatesSection(verdicts),
    ...mostComplexSection(files),
    ...notAnalysedSection(files),
  ];
  const budget = explanationBudget(analysed.length);
  if (analysed.length > 0) out.push('## Files', '', ...analysed.flatMap((f) => fileDetails(f, budget)));
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
