/**
 * What `diff` asks git: the repository's root, the revisions, the files that
 * changed (with git's rename detection and its idea of binary), each file's
 * hunks, and file contents read from git's objects (`git cat-file`) or the
 * working tree. Every call is execFile with an argument list: no shell.
 */
import { execFile } from 'node:child_process';
import { UsageError } from '../usage.js';

/** An object id of zeros: the working tree's side of a change, which git has not hashed. */
const NO_BLOB = /^0+$/;

/** Enough for any file under --max-file-size and any diff listing. */
const MAX_OUTPUT = 1024 * 1024 * 1024;

export class GitError extends Error {
  override readonly name = 'GitError';
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(`git ${args.join(' ')} failed: ${stderr.trim() || `exit ${exitCode}`}`);
  }
}

export interface Git {
  /** Runs git in the repository; resolves to its standard output (bytes, as a file's content may not be text). */
  (args: readonly string[]): Promise<Buffer>;
}

/** A git runner for a folder. Paths are literal (no pathspec magic) and never quoted in output. */
export function gitIn(cwd: string): Git {
  return (args) =>
    new Promise((resolve, reject) => {
      const full = ['--literal-pathspecs', '-c', 'core.quotePath=false', ...args];
      execFile(
        'git',
        full,
        { cwd, encoding: 'buffer', maxBuffer: MAX_OUTPUT, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } },
        (error, stdout, stderr) => {
          if (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'ENOENT') reject(new UsageError('git is not installed (or not on PATH)'));
            else reject(new GitError(args, stderr.toString('utf8'), error.code as number | null));
            return;
          }
          resolve(stdout);
        },
      );
    });
}

/** The repository's top folder, or a usage error when cwd is not in one. */
export async function repositoryRoot(git: Git): Promise<string> {
  try {
    return (await git(['rev-parse', '--show-toplevel'])).toString('utf8').trim();
  } catch (error) {
    if (error instanceof GitError)
      throw new UsageError('not a git repository (run `code-explain diff` inside one)');
    throw error;
  }
}

/** The commit a revision names, or a usage error that quotes it. */
export async function resolveCommit(git: Git, revision: string): Promise<string> {
  if (revision.startsWith('-')) throw new UsageError(`not a revision: ${revision}`);
  try {
    return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]))
      .toString('utf8')
      .trim();
  } catch (error) {
    if (error instanceof GitError)
      throw new UsageError(`unknown revision: ${revision} (no commit of that name in this repository)`);
    throw error;
  }
}

/** The common ancestor `A...B` compares B with, as `git diff A...B` does. */
export async function mergeBase(git: Git, a: string, b: string): Promise<string> {
  try {
    return (await git(['merge-base', a, b])).toString('utf8').trim();
  } catch (error) {
    if (error instanceof GitError) throw new UsageError(`${a} and ${b} have no common ancestor`);
    throw error;
  }
}

/** What the head side of the comparison is. */
export type HeadSide =
  | { readonly kind: 'commit'; readonly commit: string }
  | { readonly kind: 'index' }
  | { readonly kind: 'worktree' };

/** git diff's arguments for base against head. */
export function diffArgs(base: string, head: HeadSide): string[] {
  if (head.kind === 'commit') return [base, head.commit];
  if (head.kind === 'index') return ['--cached', base];
  return [base];
}

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'type-changed';

export interface Change {
  readonly status: ChangeStatus;
  /** Path in the base (for an added file, the head path). */
  readonly oldPath: string;
  /** Path in the head (for a deleted file, the base path). */
  readonly newPath: string;
  readonly oldMode: string;
  readonly newMode: string;
  /** Object ids; the head's is undefined when it is the working tree's file (read from disk). */
  readonly oldBlob: string | undefined;
  readonly newBlob: string | undefined;
  /** Rename similarity (percent), for renamed files. */
  readonly similarity: number | undefined;
  /** Git's verdict (its attributes and its NUL-byte test): no line diff for it. */
  readonly binary: boolean;
  /** Lines added and removed (0 for a binary file). */
  readonly lines: { readonly added: number; readonly removed: number };
}

const STATUS: Record<string, ChangeStatus> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  T: 'type-changed',
};

/** Common options: renames found (git's default 50% similarity), no external diff tools, no colour. */
const DIFF_OPTIONS = ['--no-ext-diff', '--no-color', '--no-textconv', '-M'];

/**
 * The changed files, in git's order (by path): `--raw` gives statuses, modes
 * and object ids, `--numstat` says which are binary ("-" counts).
 */
export async function listChanges(git: Git, args: readonly string[]): Promise<Change[]> {
  const raw = (await git(['diff', ...DIFF_OPTIONS, '--raw', '--no-abbrev', '-z', ...args, '--'])).toString(
    'utf8',
  );
  const numstat = (await git(['diff', ...DIFF_OPTIONS, '--numstat', '-z', ...args, '--'])).toString('utf8');
  const counts = new Map<string, { added: number; removed: number } | 'binary'>();
  // numstat -z: "added\tdeleted\tpath\0", or for a rename "added\tdeleted\t\0old\0new\0".
  const fields = numstat.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field === '') continue;
    const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(field);
    if (!match) continue;
    let path = match[3]!;
    if (path === '') {
      i += 2;
      path = fields[i] ?? '';
    }
    counts.set(path, match[1] === '-' ? 'binary' : { added: Number(match[1]), removed: Number(match[2]) });
  }

  const changes: Change[] = [];
  const parts = raw.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const header = parts[i]!;
    if (!header.startsWith(':')) continue;
    // ":oldmode newmode oldsha newsha status"
    const [oldMode, newMode, oldSha, newSha, code] = header.slice(1).split(' ') as [
      string,
      string,
      string,
      string,
      string,
    ];
    const letter = code.charAt(0);
    const first = parts[++i]!;
    const second = letter === 'R' || letter === 'C' ? parts[++i]! : first;
    const status = STATUS[letter] ?? (letter === 'C' ? 'added' : 'modified');
    changes.push({
      status,
      oldPath: first,
      newPath: second,
      oldMode,
      newMode,
      oldBlob: NO_BLOB.test(oldSha) ? undefined : oldSha,
      newBlob: NO_BLOB.test(newSha) ? undefined : newSha,
      similarity: letter === 'R' ? Number(code.slice(1)) : undefined,
      binary: counts.get(second) === 'binary',
      lines:
        typeof counts.get(second) === 'object'
          ? (counts.get(second) as { added: number; removed: number })
          : { added: 0, removed: 0 },
    });
  }
  return changes;
}

/** A hunk of `git diff -U0`: lines start..start+count-1 on each side (count 0: between lines). */
export interface Hunk {
  readonly oldStart: number;
  readonly oldCount: number;
  readonly newStart: number;
  readonly newCount: number;
}

/** The hunks of one file's change (both paths given, so a rename is followed). */
export async function hunksOf(git: Git, args: readonly string[], change: Change): Promise<Hunk[]> {
  const paths = change.oldPath === change.newPath ? [change.newPath] : [change.oldPath, change.newPath];
  const patch = (await git(['diff', ...DIFF_OPTIONS, '-U0', ...args, '--', ...paths])).toString('utf8');
  const hunks: Hunk[] = [];
  for (const match of patch.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)) {
    hunks.push({
      oldStart: Number(match[1]),
      oldCount: match[2] === undefined ? 1 : Number(match[2]),
      newStart: Number(match[3]),
      newCount: match[4] === undefined ? 1 : Number(match[4]),
    });
  }
  return hunks;
}

/** An object's size in bytes, without reading it. */
export async function blobSize(git: Git, blob: string): Promise<number> {
  return Number((await git(['cat-file', '-s', blob])).toString('utf8').trim());
}

export async function readBlob(git: Git, blob: string): Promise<Buffer> {
  return git(['cat-file', 'blob', blob]);
}
