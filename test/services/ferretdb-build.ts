import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const here = dirname(fileURLToPath(import.meta.url));
export const FERRETDB_SOURCE = join(here, 'ferretdb');
const CACHE_DIR = resolve(here, '..', '..', '.cache', 'ferretdb');
const BINARY = join(CACHE_DIR, 'ferretdb-embedded');
const STAMP = `${BINARY}.stamp`;

/** What the binary depends on: its sources and the Go toolchain that built it. */
async function sourceStamp(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum', 'main.go']) {
    hash.update(file).update(readFileSync(join(FERRETDB_SOURCE, file)));
  }
  const { stdout } = await run('go', ['version']).catch((err: unknown) => {
    throw new Error(
      'Go is needed to build FerretDB for the tests (or set MONGODB_URI to a running MongoDB): ' +
        (err instanceof Error ? err.message : String(err)),
    );
  });
  return hash.update(stdout).digest('hex');
}

/** Builds the embedded FerretDB into .cache/ferretdb unless it is up to date; returns its path. */
export async function buildFerretDb(): Promise<string> {
  const stamp = await sourceStamp();
  if (existsSync(BINARY) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp) return BINARY;

  mkdirSync(CACHE_DIR, { recursive: true });
  console.error('with-services: building FerretDB (first run only; takes a minute or two)…');
  const partial = `${BINARY}.partial`;
  try {
    await run('go', ['build', '-trimpath', '-o', partial, '.'], {
      cwd: FERRETDB_SOURCE,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, GOFLAGS: '-mod=readonly' },
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? '';
    throw new Error(`go build of FerretDB failed in ${FERRETDB_SOURCE}:\n${stderr}`, { cause: err });
  }
  renameSync(partial, BINARY);
  writeFileSync(STAMP, stamp);
  return BINARY;
}
