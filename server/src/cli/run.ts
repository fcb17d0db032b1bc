/**
 * `code-explain analyze`: collect the files, analyse them on worker threads,
 * print the chosen format in the arguments' order, judge the gates, and say
 * what happened on stderr. Returns the exit code (exit-codes.ts).
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { ExplainResponse, LanguageId, Severity } from '@code-explain/shared';
import type { AnalysisSettings } from './analysis.js';
import { EXIT } from './exit-codes.js';
import { collectFiles, type Target } from './files.js';
import { toMarkdownReport } from './format/markdown.js';
import { toSarif } from './format/sarif.js';
import { failed as gatesFailed, judge, verdictLines, type GateVerdict } from './gates.js';
import type { Source, TaskOutcome } from './messages.js';
import { createAnalysisPool } from './pool.js';
import { createProgress, shouldShowProgress } from './progress.js';
import { plural, severityPhrase, totalsOf, type FileResult } from './report.js';
import { UsageError } from './usage.js';

export type Format = 'json' | 'markdown' | 'sarif';

export interface AnalyzeOptions {
  readonly format: Format;
  readonly output: string | undefined;
  readonly exclude: readonly string[];
  readonly ignore: boolean;
  readonly maxFileSize: number;
  readonly jobs: number | undefined;
  readonly language: LanguageId | undefined;
  readonly settings: AnalysisSettings;
  readonly failOn: Severity | undefined;
  readonly maxCognitive: number | undefined;
  readonly maxCyclomatic: number | undefined;
}

export interface Io {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WriteStream;
}

/** Offenders each failed gate names on stderr; the Markdown and SARIF reports carry the same list. */
export const MAX_OFFENDERS_ON_STDERR = 20;

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function stderrSummary(files: readonly FileResult[], verdicts: readonly GateVerdict[]): string[] {
  const t = totalsOf(files);
  const lines = [
    `code-explain: ${plural(t.analysed, 'file')} analysed${t.skipped > 0 ? `, ${t.skipped} skipped` : ''}${t.failed > 0 ? `, ${t.failed} not analysed` : ''}; ${plural(t.units, 'unit')}; findings: ${severityPhrase(t.findings)}`,
  ];
  lines.push(...verdictLines(verdicts, MAX_OFFENDERS_ON_STDERR));
  return lines;
}

/** What of each response a format keeps: its JSON text to print (JSON Lines), the object it reads, or nothing. */
type Keep = 'json' | 'object' | 'nothing';

/** The result for a target, from what its worker answered. */
function resultOf(target: Target, outcome: TaskOutcome, keep: Keep): FileResult {
  if (!outcome.ok) {
    return { kind: 'failed', file: target.file, language: target.language, message: outcome.message };
  }
  const { responseJson, metadata, units, findings } = outcome.analysis;
  return {
    kind: 'analysed',
    file: target.file,
    language: target.language,
    lines: metadata.lines,
    complexity: metadata.complexity,
    units,
    findings,
    // The worker's own JSON of its own response: parsed, not validated again.
    response: keep === 'object' ? (JSON.parse(responseJson) as ExplainResponse) : undefined,
    responseJson: keep === 'json' ? responseJson : undefined,
    notes: metadata.notes,
  };
}

/** Problems with one file, for stderr: a failure, or checks that failed on it. */
function problemsOf(target: Target, outcome: TaskOutcome): string[] {
  if (!outcome.ok) return [`code-explain: error: ${target.file} was not analysed: ${outcome.message}`];
  return outcome.analysis.ruleFailures.map(
    (failure) =>
      `code-explain: warning: ${target.file}: the check ${failure.rule} failed (${failure.message}); its findings are left out`,
  );
}

interface AnalyseAll {
  readonly targets: readonly Target[];
  readonly options: AnalyzeOptions;
  readonly io: Io;
  readonly keep: Keep;
  /** Called in the targets' order, each result as soon as it and every earlier one are in; returns what to keep of it. */
  readonly inOrder: (result: FileResult) => FileResult;
}

/** Every target analysed on worker threads; the results in the targets' order. */
async function analyseAll({ targets, options, io, keep, inOrder }: AnalyseAll): Promise<FileResult[]> {
  const results: (FileResult | undefined)[] = new Array(targets.length);
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), targets.length));
  const pool = createAnalysisPool({ jobs });
  const progress = createProgress(targets.length, io.stderr, shouldShowProgress(io.stderr, io.env));
  let done = 0;
  let delivered = 0;
  /** The file a worker took last: what the bar calls current. */
  let current: string | undefined;
  try {
    const stdinText = targets.some((t) => t.path === undefined) ? await readStdin(io.stdin) : '';
    await Promise.all(
      targets.map(async (target, index) => {
        const source: Source = target.path === undefined ? { text: stdinText } : { path: target.path };
        const task = { source, language: target.language, settings: options.settings };
        const outcome = await pool.run(task, () => {
          current = target.file;
          progress.update(done, current);
        });
        results[index] = resultOf(target, outcome, keep);
        const problems = problemsOf(target, outcome);
        if (problems.length > 0) progress.end();
        for (const line of problems) io.stderr.write(`${line}\n`);
        done++;
        progress.update(done, done < targets.length ? current : undefined);
        while (delivered < targets.length && results[delivered] !== undefined) {
          results[delivered] = inOrder(results[delivered]!);
          delivered++;
        }
      }),
    );
  } finally {
    progress.end();
    await pool.close();
  }
  return results as FileResult[];
}

/** `JSON.stringify({ file, ...response })`, from the response's JSON text. */
function jsonLine(file: string, responseJson: string): string {
  const members = responseJson.slice(1, -1);
  return `{"file":${JSON.stringify(file)}${members === '' ? '' : `,${members}`}}`;
}

/** A failed run outranks a failed gate: the gate's verdict is then incomplete. */
function exitCodeOf(files: readonly FileResult[], verdicts: readonly GateVerdict[]): number {
  if (files.some((f) => f.kind === 'failed')) return EXIT.incomplete;
  return gatesFailed(verdicts) ? EXIT.gateFailed : EXIT.ok;
}

/** The files named by the arguments, warnings said; a usage error if there is nothing at all. */
async function collect(paths: readonly string[], options: AnalyzeOptions, io: Io) {
  if (paths.length === 0) throw new UsageError('no files given');
  const collection = await collectFiles(paths, {
    cwd: io.cwd,
    exclude: options.exclude,
    ignore: options.ignore,
    maxFileSize: options.maxFileSize,
    language: options.language,
  });
  for (const arg of collection.empty)
    io.stderr.write(`code-explain: warning: ${arg} matched no file to analyse\n`);
  if (collection.targets.length + collection.skipped.length === 0)
    throw new UsageError('no files to analyse');
  for (const s of collection.skipped)
    io.stderr.write(`code-explain: warning: skipped ${s.file}: ${s.reason}\n`);
  return collection;
}

export async function runAnalyze(paths: readonly string[], options: AnalyzeOptions, io: Io): Promise<number> {
  const collection = await collect(paths, options, io);
  const out: string[] = [];
  const emit = (text: string) => {
    if (options.output === undefined) io.stdout.write(text);
    else out.push(text);
  };

  // JSON Lines go out as soon as every earlier file is done: order holds, and memory stays flat.
  const jsonLines = options.format === 'json' && !collection.single;
  const analysed = await analyseAll({
    targets: collection.targets,
    options,
    io,
    keep: options.format === 'sarif' ? 'nothing' : jsonLines ? 'json' : 'object',
    inOrder(result) {
      if (!jsonLines || result.kind === 'skipped') return result;
      if (result.kind === 'failed') {
        emit(`${JSON.stringify({ file: result.file, error: { message: result.message } })}\n`);
        return result;
      }
      emit(`${jsonLine(result.file, result.responseJson ?? '{}')}\n`);
      return { ...result, responseJson: undefined };
    },
  });
  // Skipped files come after the analysed ones in the reports.
  const files: FileResult[] = [
    ...analysed,
    ...collection.skipped.map((s): FileResult => ({ kind: 'skipped', file: s.file, reason: s.reason })),
  ];
  const verdicts = judge(files, {
    failOn: options.failOn,
    maxCognitive: options.maxCognitive,
    maxCyclomatic: options.maxCyclomatic,
  });
  const exitCode = exitCodeOf(files, verdicts);

  if (options.format === 'json' && collection.single) {
    const only = files[0];
    if (only?.kind === 'analysed') emit(`${JSON.stringify(only.response, null, 2)}\n`);
  } else if (options.format === 'markdown') {
    emit(toMarkdownReport(files, verdicts));
  } else if (options.format === 'sarif') {
    emit(`${JSON.stringify(toSarif({ files, verdicts, exitCode, cwd: io.cwd }), null, 2)}\n`);
  }
  if (options.output !== undefined) await writeFile(resolve(io.cwd, options.output), out.join(''));
  for (const line of stderrSummary(files, verdicts)) io.stderr.write(`${line}\n`);
  return exitCode;
}
