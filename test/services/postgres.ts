/**
 * A throwaway PostgreSQL server for FerretDB's PostgreSQL backend: initdb
 * into a temporary folder and `postgres` on a free loopback port, with
 * durability off (test data only). PostgreSQL refuses to run as root, so as
 * root both run as the `postgres` user (setpriv execs, so the process this
 * returns is the server itself and signals reach it).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Socket } from 'node:net';
import { freeLoopbackPort, waitFor } from './probes.js';

const run = promisify(execFile);

export interface StartedPostgres {
  /** postgres://… for FerretDB's -postgresql-url. */
  readonly url: string;
  readonly process: ChildProcess;
  readonly log: () => string;
  /** Removes the data folder (after the process has stopped). */
  readonly cleanup: () => void;
}

/** The folder holding initdb and postgres: PATH's, or the newest Debian install. */
export function postgresBinDir(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian)
    .filter((v) => existsSync(join(debian, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(debian, versions[0], 'bin') : null;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1');
  });
}

export async function startPostgres(binDir: string): Promise<StartedPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'code-explain-postgres-'));
  const data = join(dir, 'data');
  // As root: the folder goes to the postgres user and every command runs as it.
  const asUser = (command: string, args: string[]): [string, string[]] => {
    if (!asRoot) return [command, args];
    return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]];
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  try {
    const [initdb, initArgs] = asUser(join(binDir, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await run(initdb, initArgs, { cwd: dir });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`initdb failed${asRoot ? ' (as the postgres user)' : ''}:\n${stderr}`, { cause: error });
  }

  const port = await freeLoopbackPort();
  const [postgres, args] = asUser(join(binDir, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    // Test data: nothing needs to survive a crash.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const child = spawn(postgres, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const log = () => text;
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    await waitFor(`postgres on 127.0.0.1:${port}`, child, log, () => portAnswers(port));
  } catch (error) {
    child.kill('SIGKILL');
    cleanup();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, process: child, log, cleanup };
}
