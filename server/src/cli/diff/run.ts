/**
 * `code-explain diff`: which files changed between two revisions (git), both
 * versions of each analysed on the worker threads, compared unit by unit,
 * the gates judged on what is new, and the review printed as Markdown, JSON
 * or SARIF. Returns the exit code (exit-codes.ts).
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Severity } from '@code-explain/shared';
import type { AnalysisSettings, TextAnalysis } from '../analysis.js';
import { EXIT } from '../exit-codes.js';
import { excludeMatcher } from '../files.js';
import { toSarif } from '../format/sarif.js';
import { failed as gatesFailed, judge, verdictLines } from '../gates.js';
import { createAnalysisPool, type AnalysisPool } from '../pool.js';
import { createProgress, shouldShowProgress } from '../progress.js';
import { plural, type FileResult } from '../report.js';
import { MAX_OFFENDERS_ON_STDERR, type Io } from '../run.js';
import { UsageError } from '../usage.js';
import { prepare, type Prepared, type Side } from './collect.js';
import { EMPTY_VERSION, compareVersions, type Version } from './compare.js';
import {
  diffArgs,
  gitIn,
  hunksOf,
  listChanges,
  mergeBase,
  repositoryRoot,
  resolveCommit,
  type Git,
  type HeadSide,
  type Hunk,
} from './git.js';
import { toDiffMarkdown } from './markdown.js';
import type { FileDiff, UnitChange } from './model.js';
import { rankUnits } from './rank.js';
import { reasonText, summaryOf, type DiffReport, type Revisions } from './report.js';

export type DiffFormat = 'json' | 'markdown' | 'sarif';

export interface DiffOptions {
  readonly format: DiffFormat;
  readonly output: string | undefined;
  readonly staged: boolean;
  readonly exclude: readonly string[];
  readonly maxFileSize: number;
  readonly jobs: number | undefined;
  readonly settings: AnalysisSettings;
  readonly failOn: Severity | undefined;
  readonly maxCognitive: number | undefined;
  readonly maxCyclomatic: number | undefined;
}

/**
 * The revisions a range names, as `git diff` reads them: `A` is A against the
 * working tree, `A..B` and `A B`… two commits (an empty side is HEAD),
 * `A...B` B against the merge base, `--staged [A]` the index against A
 * (default HEAD). No range at all: HEAD against the working tree.
 */
export async function resolveRange(git: Git, range: string | undefined, staged: boolean): Promise<Revisions> {
  if (staged) {
    if (range?.includes('..'))
      throw new UsageError('--staged compares the index with one revision; give one, not a range');
    const base = range ?? 'HEAD';
    const commit = await resolveCommit(git, base);
    return { base: { revision: base, commit }, head: { revision: 'index', commit: undefined } };
  }
  if (range === undefined || !range.includes('..')) {
    const base = range ?? 'HEAD';
    const commit = await resolveCommit(git, base);
    return {
      base: { revision: base, commit },
      head: { revision: 'working tree', commit: undefined },
    };
  }
  const symmetric = range.includes('...');
  const sides = range.split(symmetric ? '...' : '..');
  if (sides.length !== 2 || sides.some((side) => side.includes('..')))
    throw new UsageError(`not a revision range: ${range} (expected A..B or A...B)`);
  const [left, right] = sides as [string, string];
  const baseName = left === '' ? 'HEAD' : left;
  const headName = right === '' ? 'HEAD' : right;
  const headCommit = await resolveCommit(git, headName);
  const leftCommit = await resolveCommit(git, baseName);
  const baseCommit = symmetric ? await mergeBase(git, leftCommit, headCommit) : leftCommit;
  return {
    base: {
      revision: symmetric ? `merge base of ${baseName} and ${headName}` : baseName,
      commit: baseCommit,
    },
    head: { revision: headName, commit: headCommit },
  };
}

function headSideOf(revisions: Revisions, staged: boolean): HeadSide {
  if (staged) return { kind: 'index' };
  if (revisions.head.commit === undefined) return { kind: 'worktree' };
  return { kind: 'commit', commit: revisions.head.commit };
}

/** Runs `count` jobs at most `limit` at a time, results in order. */
async function inOrder<T>(count: number, limit: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await job(i);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Git calls that run at once while reading the changed files. */
const GIT_CONCURRENCY = 4;

interface Analysed {
  readonly prepared: Prepared;
  readonly base: TextAnalysis | undefined;
  readonly head: TextAnalysis | undefined;
  readonly hunks: readonly Hunk[];
  /** Why an analysis failed, if one did. */
  readonly failure: string | undefined;
}

async function analyseSide(
  pool: AnalysisPool,
  side: Side | undefined,
  settings: AnalysisSettings,
  started: () => void,
): Promise<{ analysis: TextAnalysis | undefined; failure: string | undefined }> {
  if (!side) return { analysis: undefined, failure: undefined };
  const outcome = await pool.run(
    { source: { text: side.text }, language: side.language, settings, purposes: true },
    started,
  );
  return outcome.ok
    ? { analysis: outcome.analysis, failure: undefined }
    : { analysis: undefined, failure: `${side.path}: ${outcome.message}` };
}

const versionOf = (side: Side | undefined, analysis: TextAnalysis | undefined): Version =>
  side && analysis
    ? {
        text: side.text,
        units: analysis.units,
        findings: analysis.findings,
        purposes: analysis.purposes ?? [],
      }
    : EMPTY_VERSION;

const wholeFile = (analysis: TextAnalysis | undefined) => {
  const c = analysis?.metadata.complexity;
  return c ? { cognitive: c.cognitive, cyclomatic: c.cyclomatic, halstead: c.halstead } : undefined;
};

function fileDiffOf(a: Analysed): { file: FileDiff; units: UnitChange[] } {
  const { change, language } = a.prepared;
  const common = {
    status: change.status,
    file: change.newPath,
    from: change.status === 'renamed' ? change.oldPath : undefined,
    similarity: change.similarity,
    language,
    lines: change.lines,
  };
  const notAnalysed =
    a.prepared.notAnalysed ?? (a.failure ? { why: 'failed' as const, detail: a.failure } : undefined);
  if (notAnalysed) {
    return {
      file: {
        ...common,
        notAnalysed,
        before: undefined,
        after: undefined,
        units: { added: 0, changed: 0, removed: 0, unchanged: 0 },
        outside: { new: [], resolved: [] },
        newFindings: [],
        resolvedFindings: 0,
        headUnits: [],
        headLines: 0,
        notes: [],
      },
      units: [],
    };
  }
  const base = versionOf(a.prepared.base, a.base);
  const head = versionOf(a.prepared.head, a.head);
  const compared = compareVersions(change.newPath, base, head, a.hunks);
  const count = (kind: UnitChange['change']) => compared.units.filter((u) => u.change === kind).length;
  const notes = [...new Set([...(a.base?.metadata.notes ?? []), ...(a.head?.metadata.notes ?? [])])];
  return {
    file: {
      ...common,
      notAnalysed: undefined,
      before: wholeFile(a.base),
      after: wholeFile(a.head),
      units: {
        added: count('added'),
        changed: count('changed'),
        removed: count('removed'),
        unchanged: compared.unchangedUnits,
      },
      outside: compared.outside,
      newFindings: compared.newFindings,
      resolvedFindings: compared.resolvedFindings.length,
      headUnits: head.units,
      headLines: a.head?.metadata.lines ?? 0,
      notes,
    },
    units: compared.units,
  };
}

/** The diff as analysed files, for the gates (changed units and new findings) and for SARIF (every head unit). */
function asFileResults(
  files: readonly FileDiff[],
  units: readonly UnitChange[],
  forSarif: boolean,
): FileResult[] {
  return files.flatMap((f): FileResult[] => {
    if (f.notAnalysed?.why === 'failed')
      return [
        { kind: 'failed', file: f.file, language: f.language ?? 'javascript', message: f.notAnalysed.detail },
      ];
    if (f.notAnalysed) return [{ kind: 'skipped', file: f.file, reason: reasonText(f) }];
    if (f.language === undefined || f.after === undefined) return [];
    const changed = units.flatMap((u) => (u.file === f.file && u.after ? [u.after] : []));
    return [
      {
        kind: 'analysed',
        file: f.file,
        language: f.language,
        lines: f.headLines,
        complexity: f.after,
        units: forSarif ? f.headUnits : changed,
        findings: f.newFindings,
        response: undefined,
        notes: f.notes,
      },
    ];
  });
}

export async function runDiff(range: string | undefined, options: DiffOptions, io: Io): Promise<number> {
  const git = gitIn(io.cwd);
  const root = await repositoryRoot(git);
  const revisions = await resolveRange(git, range, options.staged);
  const args = diffArgs(revisions.base.commit, headSideOf(revisions, options.staged));
  const excluded = excludeMatcher(options.exclude);
  const changes = (await listChanges(git, args)).filter((c) => !excluded(c.newPath) || !excluded(c.oldPath));

  const context = { git, root, maxFileSize: options.maxFileSize };
  // Reading each file's versions and hunks from git, a few files at a time (a large change has hundreds).
  const read = await inOrder(changes.length, GIT_CONCURRENCY, async (i) => {
    const p = await prepare(changes[i]!, context);
    return { p, hunks: p.notAnalysed ? [] : await hunksOf(git, args, p.change) };
  });
  const prepared = read.map((r) => r.p);
  const tasks = prepared.reduce((n, p) => n + (p.base ? 1 : 0) + (p.head ? 1 : 0), 0);
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), tasks));
  const pool = createAnalysisPool({ jobs });
  const toAnalyse = prepared.filter((p) => p.base || p.head).length;
  const progress = createProgress(toAnalyse, io.stderr, shouldShowProgress(io.stderr, io.env));
  let done = 0;
  let current: string | undefined;
  let analysed: Analysed[];
  try {
    analysed = await Promise.all(
      read.map(async ({ p, hunks }): Promise<Analysed> => {
        const started = () => {
          current = p.change.newPath;
          progress.update(done, current);
        };
        const [base, head] = await Promise.all([
          analyseSide(pool, p.base, options.settings, started),
          analyseSide(pool, p.head, options.settings, started),
        ]);
        if (p.base || p.head) {
          done++;
          progress.update(done, done < toAnalyse ? current : undefined);
        }
        const problems: string[] = [];
        for (const failure of [
          ...(base.analysis?.ruleFailures ?? []),
          ...(head.analysis?.ruleFailures ?? []),
        ])
          problems.push(
            `code-explain: warning: ${p.change.newPath}: the check ${failure.rule} failed (${failure.message}); its findings are left out`,
          );
        const failure = base.failure ?? head.failure;
        if (failure) problems.push(`code-explain: error: ${failure}`);
        // The bar's line is cleared first, so a message never lands in the middle of it.
        if (problems.length > 0) progress.end();
        for (const line of problems) io.stderr.write(`${line}\n`);
        return { prepared: p, base: base.analysis, head: head.analysis, hunks, failure };
      }),
    );
  } finally {
    progress.end();
    await pool.close();
  }

  const diffs = analysed.map(fileDiffOf);
  const files = diffs.map((d) => d.file);
  const units = rankUnits(diffs.flatMap((d) => d.units));
  const verdicts = judge(asFileResults(files, units, false), {
    failOn: options.failOn,
    maxCognitive: options.maxCognitive,
    maxCyclomatic: options.maxCyclomatic,
  });
  const incomplete = files.some((f) => f.notAnalysed?.why === 'failed');
  const exitCode = incomplete ? EXIT.incomplete : gatesFailed(verdicts) ? EXIT.gateFailed : EXIT.ok;
  const report: DiffReport = { revisions, summary: summaryOf(files, units), files, units, verdicts };

  let text: string;
  if (options.format === 'markdown') text = toDiffMarkdown(report);
  else if (options.format === 'sarif')
    text = `${JSON.stringify(toSarif({ files: asFileResults(files, units, true), verdicts, exitCode, cwd: root }), null, 2)}\n`;
  else text = `${JSON.stringify(toJson(report), null, 2)}\n`;
  if (options.output === undefined) io.stdout.write(text);
  else await writeFile(resolve(io.cwd, options.output), text);

  const s = report.summary;
  io.stderr.write(
    `code-explain: ${revisions.base.revision} → ${revisions.head.revision}: ${plural(s.files.total, 'file')} changed (${s.files.notAnalysed} not analysed); units: ${s.units.added} added, ${s.units.changed} changed, ${s.units.removed} removed; findings: ${s.findings.new} new, ${s.findings.resolved} resolved\n`,
  );
  for (const line of verdictLines(verdicts, MAX_OFFENDERS_ON_STDERR)) io.stderr.write(`${line}\n`);
  return exitCode;
}

/** The JSON document: everything but what only SARIF needs (each file's every head unit, its line count). */
function toJson(report: DiffReport) {
  const { revisions, summary, files, units, verdicts } = report;
  return {
    base: revisions.base,
    head: revisions.head,
    summary,
    files: files.map(({ headUnits: _headUnits, headLines: _headLines, ...file }) => ({
      ...file,
      ...(file.notAnalysed ? { notAnalysed: { ...file.notAnalysed, reason: reasonText(file) } } : {}),
    })),
    units,
    gates: verdicts,
  };
}
