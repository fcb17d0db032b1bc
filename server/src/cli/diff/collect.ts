/**
 * From git's list of changed files to what `diff` analyses: per file, the
 * base and head texts to analyse (read from git's objects, or from the
 * working tree for its side), or the plain reason a file is not compared
 * (binary, not a regular file, no language code-explain reads, too large).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { languageForFileName, type LanguageId } from '@code-explain/shared';
import { formatSize } from '../files.js';
import { blobSize, readBlob, type Change, type Git } from './git.js';
import type { NotAnalysedReason } from './model.js';

/** One side of a changed file that will be analysed. */
export interface Side {
  readonly path: string;
  readonly language: LanguageId;
  readonly text: string;
}

export interface Prepared {
  readonly change: Change;
  readonly language: LanguageId | undefined;
  /** Undefined where the file is absent, or of no language code-explain reads. */
  readonly base: Side | undefined;
  readonly head: Side | undefined;
  readonly notAnalysed: NotAnalysedReason | undefined;
}

const ABSENT_MODE = /^0+$/;

/** What a git mode that is not a regular file stands for, or undefined for a regular file or none. */
function notAFile(mode: string): string | undefined {
  if (ABSENT_MODE.test(mode) || mode.startsWith('100')) return undefined;
  if (mode === '120000') return 'a symbolic link';
  if (mode === '160000') return 'a submodule';
  return `git mode ${mode}`;
}

export interface PrepareContext {
  readonly git: Git;
  readonly root: string;
  readonly maxFileSize: number;
}

async function sizeOf(context: PrepareContext, blob: string | undefined, path: string): Promise<number> {
  if (blob !== undefined) return blobSize(context.git, blob);
  return (await stat(join(context.root, path))).size;
}

async function textOf(context: PrepareContext, blob: string | undefined, path: string): Promise<string> {
  const bytes =
    blob !== undefined ? await readBlob(context.git, blob) : await readFile(join(context.root, path));
  return bytes.toString('utf8');
}

export async function prepare(change: Change, context: PrepareContext): Promise<Prepared> {
  const hasBase = !ABSENT_MODE.test(change.oldMode);
  const hasHead = !ABSENT_MODE.test(change.newMode);
  const baseLanguage = hasBase ? languageForFileName(basename(change.oldPath)) : undefined;
  const headLanguage = hasHead ? languageForFileName(basename(change.newPath)) : undefined;
  const language = headLanguage ?? baseLanguage;
  const skip = (notAnalysed: NotAnalysedReason): Prepared => ({
    change,
    language,
    base: undefined,
    head: undefined,
    notAnalysed,
  });

  const special = notAFile(change.newMode) ?? notAFile(change.oldMode);
  if (special !== undefined) return skip({ why: 'not-a-file', detail: special });
  if (change.binary) return skip({ why: 'binary' });
  if (language === undefined) return skip({ why: 'unsupported' });

  const sides = [
    {
      present: baseLanguage !== undefined,
      blob: change.oldBlob,
      path: change.oldPath,
      language: baseLanguage,
    },
    {
      present: headLanguage !== undefined,
      blob: change.newBlob,
      path: change.newPath,
      language: headLanguage,
    },
  ];
  for (const side of sides) {
    if (!side.present) continue;
    const size = await sizeOf(context, side.blob, side.path);
    if (size > context.maxFileSize)
      return skip({
        why: 'too-large',
        detail: `it is ${formatSize(size)}, over --max-file-size ${formatSize(context.maxFileSize)}`,
      });
  }
  const [base, head] = await Promise.all(
    sides.map(async (side): Promise<Side | undefined> =>
      side.present && side.language !== undefined
        ? { path: side.path, language: side.language, text: await textOf(context, side.blob, side.path) }
        : undefined,
    ),
  );
  return { change, language, base, head, notAnalysed: undefined };
}
