/**
 * The command line's grammar (commander): `code-explain [analyze] <paths...>`
 * (the default command) and `code-explain diff [range]`, with their options.
 * Every mistake in it is a UsageError: exit 2.
 */
import { availableParallelism } from 'node:os';
import {
  AUDIENCES,
  DEFAULT_AUDIENCE,
  DEFAULT_MODE,
  FOCUS_AREAS,
  LANGUAGE_IDS,
  MODES,
  SEVERITIES,
  resolveLanguage,
  type Audience,
  type FocusArea,
  type Mode,
  type Severity,
} from '@code-explain/shared';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EXIT } from './exit-codes.js';
import { runDiff, type DiffFormat, type DiffOptions } from './diff/run.js';
import { runAnalyze, type AnalyzeOptions, type Format, type Io } from './run.js';
import { UsageError } from './usage.js';
import { packageVersion } from './version.js';

export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};

/** "2MB", "500kB", "1.5m", "1048576": binary units (1 MB = 1024 × 1024 bytes), as file managers mostly count. */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined)
    throw new InvalidArgumentError('expected a size such as 2MB, 500kB or 1048576');
  return Math.floor(Number(match[1]) * unit);
}

function count(min: number) {
  return (text: string): number => {
    if (!/^\d+$/.test(text.trim()) || Number(text) < min) {
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    }
    return Number(text);
  };
}

const collect = (value: string, previous: string[]) => [...previous, value];

function focusList(text: string): FocusArea[] {
  const areas = text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const area of areas) {
    if (!(FOCUS_AREAS as readonly string[]).includes(area)) {
      throw new InvalidArgumentError(`"${area}" is not a focus area; choose among ${FOCUS_AREAS.join(', ')}`);
    }
  }
  return [...new Set(areas as FocusArea[])];
}

function language(text: string) {
  const id = resolveLanguage(text);
  if (id === undefined)
    throw new InvalidArgumentError(`unsupported language; supported: ${LANGUAGE_IDS.join(', ')}`);
  return id;
}

interface RawSettingsAndGates {
  mode: Mode;
  audience: Audience;
  focus: FocusArea[];
  failOn?: Severity;
  maxCognitive?: number;
  maxCyclomatic?: number;
}

interface RawDiffOptions extends RawSettingsAndGates {
  format: DiffFormat;
  output?: string;
  staged?: boolean;
  exclude: string[];
  maxFileSize: number;
  jobs?: number;
}

interface RawAnalyzeOptions {
  format: Format;
  output?: string;
  exclude: string[];
  ignore: boolean;
  maxFileSize: number;
  jobs?: number;
  language?: ReturnType<typeof language>;
  mode: Mode;
  audience: Audience;
  focus: FocusArea[];
  failOn?: Severity;
  maxCognitive?: number;
  maxCyclomatic?: number;
}

export function buildProgram(io: Io, done: (code: number) => void): Command {
  const program = new Command('code-explain')
    .description('Explains code and checks it in CI: metrics, findings and plain-language explanations.')
    .version(packageVersion(), '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(code-explain analyze --help lists the options)')
    .addHelpText(
      'after',
      '\n`code-explain <paths...>` runs `analyze`; `code-explain analyze --help` lists its options and exit codes.',
    );

  const analyze = program
    .command('analyze', { isDefault: true })
    .description('analyse files, folders (walked respecting .gitignore) and globs')
    .argument('<paths...>', 'files, folders or globs to analyse; - reads standard input')
    .addOption(
      new Option('-f, --format <format>', 'output format')
        .choices(['json', 'markdown', 'sarif'])
        .default('json'),
    )
    .option('-o, --output <file>', 'write the output to a file instead of standard output')
    .addOption(
      new Option(
        '--exclude <glob>',
        'skip paths matching the glob (relative to the working directory); repeatable',
      )
        .argParser(collect)
        .default([], 'none'),
    )
    .option('--no-ignore', 'walk what .gitignore files ignore, and node_modules folders, too')
    .addOption(
      new Option('--max-file-size <size>', 'skip larger files with a warning')
        .argParser(parseSize)
        .default(DEFAULT_MAX_FILE_SIZE, '2MB'),
    )
    .option(
      '-j, --jobs <n>',
      `worker threads (default: the number of cores, ${availableParallelism()} here)`,
      count(1),
    )
    .option(
      '--language <id>',
      'read every file as this language (default: from each file extension)',
      language,
    );
  withSettingsAndGates(analyze, 'a finding', 'a function-like unit')
    .addHelpText(
      'after',
      `
Exit codes:
  0  every file analysed, no gate failed
  1  a gate failed (--fail-on, --max-cognitive, --max-cyclomatic)
  2  usage error: bad option or value, no such path, nothing to analyse
  3  some file could not be analysed (the others are reported)`,
    )
    .action(async (paths: string[], raw: RawAnalyzeOptions) => {
      const options: AnalyzeOptions = {
        format: raw.format,
        output: raw.output,
        exclude: raw.exclude,
        ignore: raw.ignore,
        maxFileSize: raw.maxFileSize,
        jobs: raw.jobs,
        language: raw.language,
        settings: { mode: raw.mode, audience: raw.audience, focus: raw.focus },
        failOn: raw.failOn,
        maxCognitive: raw.maxCognitive,
        maxCyclomatic: raw.maxCyclomatic,
      };
      done(await runAnalyze(paths, options, io));
    });

  const diff = program
    .command('diff')
    .showHelpAfterError('(code-explain diff --help lists the options)')
    .description(
      'review a change in a git repository: units added, changed and removed, their metrics and findings before and after',
    )
    .argument(
      '[range]',
      'A (against the working tree), A..B or A...B (B against the merge base); default HEAD; with --staged, the base of the index',
    )
    .option('--staged', 'compare the index (what is staged) with the base')
    .addOption(
      new Option('-f, --format <format>', 'output format')
        .choices(['markdown', 'json', 'sarif'])
        .default('markdown'),
    )
    .option('-o, --output <file>', 'write the output to a file instead of standard output')
    .addOption(
      new Option(
        '--exclude <glob>',
        'leave out changed paths matching the glob (relative to the repository root); repeatable',
      )
        .argParser(collect)
        .default([], 'none'),
    )
    .addOption(
      new Option('--max-file-size <size>', 'do not compare larger files (said in the report)')
        .argParser(parseSize)
        .default(DEFAULT_MAX_FILE_SIZE, '2MB'),
    )
    .option(
      '-j, --jobs <n>',
      `worker threads (default: the number of cores, ${availableParallelism()} here)`,
      count(1),
    );
  withSettingsAndGates(diff, 'a new finding', 'an added or changed function-like unit')
    .addHelpText(
      'after',
      `
Untracked files are not part of a comparison with the working tree (as with git diff); \`git add -N\` them.

Exit codes:
  0  every changed file compared, no gate failed
  1  a gate failed (--fail-on on new findings; --max-* on added and changed units)
  2  usage error: bad option or value, not a git repository, unknown revision
  3  some file could not be analysed (the others are reported)`,
    )
    .action(async (range: string | undefined, raw: RawDiffOptions) => {
      const options: DiffOptions = {
        format: raw.format,
        output: raw.output,
        staged: raw.staged === true,
        exclude: raw.exclude,
        maxFileSize: raw.maxFileSize,
        jobs: raw.jobs,
        settings: { mode: raw.mode, audience: raw.audience, focus: raw.focus },
        failOn: raw.failOn,
        maxCognitive: raw.maxCognitive,
        maxCyclomatic: raw.maxCyclomatic,
      };
      done(await runDiff(range, options, io));
    });
  return program;
}

/** The explanation's settings and the gates, which `analyze` and `diff` share; `finding` and `unit` say what the gates judge. */
function withSettingsAndGates(command: Command, finding: string, unit: string): Command {
  return command
    .addOption(new Option('--mode <mode>', 'explanation mode').choices(MODES).default(DEFAULT_MODE))
    .addOption(
      new Option('--audience <level>', 'explanation audience').choices(AUDIENCES).default(DEFAULT_AUDIENCE),
    )
    .addOption(
      new Option('--focus <areas>', `comma-separated focus areas: ${FOCUS_AREAS.join(', ')}`)
        .argParser(focusList)
        .default([], 'none'),
    )
    .addOption(
      new Option('--fail-on <severity>', `exit 1 if ${finding} is at or above this severity`).choices(
        SEVERITIES,
      ),
    )
    .option('--max-cognitive <n>', `exit 1 if ${unit} has a higher cognitive complexity`, count(0))
    .option('--max-cyclomatic <n>', `exit 1 if ${unit} has a higher cyclomatic complexity`, count(0));
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here too, successfully.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof UsageError) {
      const command = argv[0] === 'diff' ? 'diff' : 'analyze';
      io.stderr.write(`code-explain: ${error.message}\n(code-explain ${command} --help lists the options)\n`);
      return EXIT.usage;
    }
    io.stderr.write(
      `code-explain: error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.incomplete;
  }
}
