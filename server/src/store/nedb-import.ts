/**
 * The one-time import of a data folder written by an older version (NeDB
 * files: `accounts.db`, `api-keys.db`, `explanations.db`) into the SQLite
 * database, on the first open of that folder.
 *
 * NeDB's own loader splits its files on U+2028, U+2029 and U+0085 as well as
 * on newlines, while its writer leaves those characters raw inside JSON
 * strings; that is how records were lost. Here a file is split on "\n" only
 * (the one character JSON.stringify never leaves raw inside a line), so such
 * records come back whole. Later lines replace earlier ones with the same id
 * and `$$deleted` lines remove them, as NeDB's append-only format means.
 *
 * The import runs in one write transaction that also records it, so two
 * processes opening the folder at once import it once. The NeDB files are then
 * moved, untouched, into a backup folder beside the database.
 */
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGE_IDS, modeSchema, PLANS } from '@code-explain/shared';
import type Database from 'libsql';
import { z } from 'zod';
import type { Logger } from '../logging.js';
import { encodeExplanation, legacyContentSchema } from './records.js';

type Db = InstanceType<typeof Database>;

export const NEDB_FILES = ['accounts.db', 'api-keys.db', 'explanations.db'] as const;

const date = z.instanceof(Date);

const accountDocSchema = z.object({
  _id: z.string().min(1),
  email: z.string(),
  plan: z.enum(PLANS),
  createdAt: date,
});

const apiKeyDocSchema = z.object({
  _id: z.string().min(1),
  accountId: z.string(),
  name: z.string(),
  prefix: z.string(),
  hash: z.string(),
  createdAt: date,
  revokedAt: date.nullable().optional(),
});

const explanationDocSchema = legacyContentSchema.extend({
  _id: z.string().min(1),
  accountId: z.string(),
  createdAt: date,
  language: z.enum(LANGUAGE_IDS),
  mode: modeSchema,
});

/** NeDB's serialisation: dates are `{"$$date": milliseconds}`. */
function deserialize(line: string): unknown {
  return JSON.parse(line, (key, value: unknown) => {
    if (key === '$$date' && typeof value === 'number') return new Date(value);
    if (value !== null && typeof value === 'object' && '$$date' in value) {
      return (value as { $$date: unknown }).$$date;
    }
    return value;
  });
}

export interface NedbFile {
  /** The documents alive at the end of the file, in first-seen order. */
  readonly docs: unknown[];
  /** Lines that were not JSON at all. */
  readonly unreadable: number;
}

/** Reads one NeDB file as NeDB meant it: last write per id wins, deletions remove. */
export function parseNedbFile(text: string): NedbFile {
  const docs = new Map<string, unknown>();
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let doc: unknown;
    try {
      doc = deserialize(line);
    } catch {
      unreadable++;
      continue;
    }
    if (doc === null || typeof doc !== 'object') {
      unreadable++;
      continue;
    }
    const id = (doc as { _id?: unknown })._id;
    if (typeof id === 'string') {
      if ((doc as { $$deleted?: unknown }).$$deleted === true) docs.delete(id);
      else docs.set(id, doc);
    }
    // Lines without an id are index definitions ($$indexCreated/$$indexRemoved): the schema has its own.
  }
  return { docs: [...docs.values()], unreadable };
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface ImportReport {
  readonly accounts: number;
  readonly keys: number;
  readonly explanations: number;
  /** Unparseable lines plus documents that did not have a record's shape (kept in the backup). */
  readonly skipped: number;
  /** Where the NeDB files were moved. */
  readonly backup: string;
}

/** Imports the NeDB files in `dir`, if any, into `db`; a no-op for a folder without them. */
export async function importNedbFolder(
  dir: string,
  db: Db,
  logger?: Logger,
): Promise<ImportReport | undefined> {
  const texts = await Promise.all(NEDB_FILES.map((name) => readIfPresent(join(dir, name))));
  if (texts.every((t) => t === undefined)) return undefined;
  const [accounts, keys, explanations] = texts.map((t) => parseNedbFile(t ?? ''));
  let skipped = accounts!.unreadable + keys!.unreadable + explanations!.unreadable;
  const valid = <T extends z.ZodType>(schema: T, docs: unknown[]): z.output<T>[] =>
    docs.flatMap((doc) => {
      const parsed = schema.safeParse(doc);
      if (!parsed.success) skipped++;
      return parsed.success ? [parsed.data] : [];
    });
  const accountDocs = valid(accountDocSchema, accounts!.docs);
  const keyDocs = valid(apiKeyDocSchema, keys!.docs);
  const explanationDocs = valid(explanationDocSchema, explanations!.docs);

  const imported = db
    .transaction(() => {
      if (db.prepare("SELECT 1 FROM meta WHERE key = 'nedb_import'").get() !== undefined) return false;
      const account = db.prepare('INSERT INTO accounts (id, email, plan, created_at) VALUES (?, ?, ?, ?)');
      for (const a of accountDocs) account.run(a._id, a.email, a.plan, a.createdAt.getTime());
      const key = db.prepare(
        'INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      for (const k of keyDocs) {
        key.run(
          k._id,
          k.accountId,
          k.name,
          k.prefix,
          k.hash,
          k.createdAt.getTime(),
          k.revokedAt?.getTime() ?? null,
        );
      }
      const explanation = db.prepare(
        'INSERT INTO explanations (id, account_id, created_at, language, mode, summary, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      const count = db.prepare(
        'INSERT INTO explanation_counts (account_id, language, mode, n) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1',
      );
      for (const e of explanationDocs) {
        const { summary, detail } = encodeExplanation(e);
        explanation.run(e._id, e.accountId, e.createdAt.getTime(), e.language, e.mode, summary, detail);
        count.run(e.accountId, e.language, e.mode);
      }
      db.prepare("INSERT INTO meta (key, value) VALUES ('nedb_import', ?)").run(new Date().toISOString());
      return true;
    })
    .immediate();

  const backup = join(dir, `nedb-backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(backup, { recursive: true });
  for (const name of NEDB_FILES) {
    await rename(join(dir, name), join(backup, name)).catch((error: NodeJS.ErrnoException) => {
      // Another process opening the folder at the same moment may have moved it first.
      if (error.code !== 'ENOENT') throw error;
    });
  }
  const report: ImportReport = {
    accounts: imported ? accountDocs.length : 0,
    keys: imported ? keyDocs.length : 0,
    explanations: imported ? explanationDocs.length : 0,
    skipped: imported ? skipped : 0,
    backup,
  };
  if (imported) {
    logger?.info(
      report,
      `imported an older data folder (NeDB files): ${report.accounts} accounts, ${report.keys} keys, ${report.explanations} explanations; the original files are in ${backup}`,
    );
    if (skipped > 0)
      logger?.warn({ skipped, backup }, `${skipped} NeDB lines or documents could not be imported`);
  } else {
    logger?.info({ backup }, `NeDB files left beside an already imported database were moved to ${backup}`);
  }
  return report;
}
