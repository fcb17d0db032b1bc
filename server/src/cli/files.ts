/**
 * From the command line's arguments to the files to analyse: files as named,
 * folders walked and globs expanded by globby (git's rules for .gitignore
 * files, nested ones and those above up to the repository's root, with
 * ignored folders never entered), languages from extensions, `--exclude`
 * globs matched (picomatch) against paths relative to the working directory.
 */
import { statSync, type Stats } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { languageForFileName, type LanguageId } from '@code-explain/shared';
import { globby } from 'globby';
import picomatch from 'picomatch';
import { UsageError } from './usage.js';

export interface Target {
  /** Absolute path; undefined for standard input. */
  readonly path: string | undefined;
  /** As printed: relative to the working directory, with forward slashes. */
  readonly file: string;
  readonly language: LanguageId;
}

export interface Skipped {
  readonly file: string;
  readonly reason: string;
}

export interface Collection {
  readonly targets: Target[];
  /** Found but not analysed (too large, no language): warned about, not a failure. */
  readonly skipped: Skipped[];
  /** Globs and folders that matched no file. */
  readonly empty: string[];
  /** Whether the arguments name exactly one file (or standard input), so the JSON is one document. */
  readonly single: boolean;
}

export interface CollectOptions {
  readonly cwd: string;
  readonly exclude: readonly string[];
  /** Read .gitignore files and skip node_modules folders while walking. */
  readonly ignore: boolean;
  readonly maxFileSize: number;
  /** Applies to every file; otherwise each file's extension decides. */
  readonly language: LanguageId | undefined;
}

/** Folders a walk never enters, whatever the ignore files say (unless --no-ignore, for node_modules). */
const ALWAYS_SKIPPED = ['**/.git/**'];
const SKIPPED_BY_DEFAULT = ['**/node_modules/**'];

export const STDIN = '-';

const toPosix = (path: string) => (sep === '/' ? path : path.split(sep).join('/'));

export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return toPosix(rel === '' ? '.' : rel);
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} kB`;
  return `${bytes} bytes`;
}

/**
 * Synchronous: a run names thousands of files, and one stat each through
 * libuv's thread pool, awaited in turn, kept the command idle for a third of
 * a second before the first analysis (nothing else runs meanwhile).
 */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Whether a path (relative, with forward slashes) is excluded: a glob with a
 * slash matches the path or one of its folders (`vendor/**`, `src/gen`); one
 * without matches any single name in it (`*.min.js`, `fixtures`), as in
 * .gitignore.
 */
export function excludeMatcher(globs: readonly string[]): (file: string) => boolean {
  const cleaned = globs.map((glob) => glob.replace(/^\.\//, '').replace(/\/+$/, '')).filter(Boolean);
  const withSlash = cleaned.filter((glob) => glob.includes('/'));
  const names = cleaned.filter((glob) => !glob.includes('/'));
  const matchPath = withSlash.length > 0 ? picomatch(withSlash, { dot: true }) : () => false;
  const matchName = names.length > 0 ? picomatch(names, { dot: true }) : () => false;
  return (file) => {
    const parts = file.split('/');
    for (let i = 0; i < parts.length; i++) {
      if (matchName(parts[i]!) || matchPath(parts.slice(0, i + 1).join('/'))) return true;
    }
    return false;
  };
}

/** The files one folder or glob stands for, sorted by path. */
async function walk(base: string, pattern: string, options: CollectOptions): Promise<string[]> {
  const found = await globby(pattern, {
    cwd: base,
    gitignore: options.ignore,
    ignore: options.ignore ? [...ALWAYS_SKIPPED, ...SKIPPED_BY_DEFAULT] : ALWAYS_SKIPPED,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  return found.map((path) => resolve(base, path)).sort();
}

export async function collectFiles(args: readonly string[], options: CollectOptions): Promise<Collection> {
  const { cwd } = options;
  const excluded = excludeMatcher(options.exclude);
  const targets: Target[] = [];
  const skipped: Skipped[] = [];
  const empty: string[] = [];
  const seen = new Set<string>();
  let single = args.length === 1;

  /** `info`: the file's stat when the caller has it already. */
  const consider = (path: string, named: boolean, info: Stats | undefined = undefined) => {
    if (seen.has(path)) return;
    seen.add(path);
    const file = displayPath(cwd, path);
    if (excluded(file)) return;
    const language = options.language ?? languageForFileName(basename(path));
    if (language === undefined) {
      // A walk passes over files of other languages; a file named on the command line is said.
      if (named)
        skipped.push({
          file,
          reason: 'its extension names no language code-explain reads (pass --language)',
        });
      return;
    }
    const size = (info ?? statOf(path))?.size;
    if (size !== undefined && size > options.maxFileSize) {
      skipped.push({
        file,
        reason: `it is ${formatSize(size)}, over --max-file-size ${formatSize(options.maxFileSize)}`,
      });
      return;
    }
    targets.push({ path, file, language });
  };

  for (const arg of args) {
    if (arg === STDIN) {
      if (seen.has(STDIN)) continue;
      seen.add(STDIN);
      targets.push({ path: undefined, file: STDIN, language: options.language ?? 'javascript' });
      continue;
    }
    const path = resolve(cwd, arg);
    const info = statOf(path);
    if (info?.isFile()) {
      consider(path, true, info);
      continue;
    }
    single = false;
    let files: string[];
    if (info?.isDirectory()) {
      files = await walk(path, '**', options);
    } else {
      const scan = picomatch.scan(toPosix(arg));
      if (!scan.isGlob) throw new UsageError(`no such file or folder: ${arg}`);
      const base = scan.base === '' ? cwd : resolve(cwd, scan.base);
      files = statOf(base)?.isDirectory() ? await walk(base, scan.glob, options) : [];
    }
    const before = targets.length + skipped.length;
    for (const file of files) consider(file, false);
    if (targets.length + skipped.length === before) empty.push(arg);
  }
  return { targets, skipped, empty, single };
}
