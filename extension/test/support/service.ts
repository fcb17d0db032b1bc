/**
 * The real Code Explain service for the extension's tests, run as users run
 * it: `server/src/main.ts` (what `pnpm start` runs) in a child process on a
 * free port, with the real MongoDB-wire server and Redis that `pnpm test`
 * provides (REDIS_URL, MONGODB_URI), a database of its own per service, and
 * accounts and keys made by the admin command (`pnpm admin`). Nothing of the
 * server is imported, so these tests see exactly what the extension sees.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Node with tsx on the workspace sources, as the root scripts run it. */
const TSX_ARGS = ['--import', 'tsx', '--conditions=@code-explain/source'];

export interface ServiceOptions {
  /** Part of the database name, for finding a run's data. */
  readonly label: string;
  /** Requests per minute for pro accounts (the 429 tests use a tiny one). */
  readonly proPerMinute?: number;
}

export interface RunningService {
  readonly url: string;
  /** Every log line so far, for failure messages. */
  readonly logs: readonly string[];
  /** A new pro account with one key; returns the key. */
  createKey(): Promise<string>;
  stop(): Promise<void>;
}

function requiredEnv(): { redisUrl: string; mongoUri: string } {
  const redisUrl = process.env.REDIS_URL;
  const mongoUri = process.env.MONGODB_URI;
  if (!redisUrl || !mongoUri) {
    throw new Error(
      'REDIS_URL and MONGODB_URI are not set: run the tests with `pnpm test` (or `pnpm --filter extension test`), which provide the services',
    );
  }
  return { redisUrl, mongoUri };
}

/** The URI with its database path replaced, since the service takes only MONGODB_URI. */
export function uriWithDatabase(uri: string, dbName: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`cannot set the database of ${uri}`);
  return `${match[1]}/${dbName}${match[3] ?? ''}`;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { redisUrl, mongoUri } = requiredEnv();
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dbName = `cex_ext_${options.label.replace(/[^a-z0-9]/gi, '').slice(0, 16)}_${id}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'cex-ext-service-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_URI: uriWithDatabase(mongoUri, dbName),
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    RATE_LIMIT_PRO_PER_MINUTE: String(options.proPerMinute ?? 10_000),
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  };

  const child: ChildProcess = spawn(process.execPath, [...TSX_ARGS, 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the service did not start in 60 s:\n${logs.join('\n')}`)),
      60_000,
    );
    const onLine = (line: string) => {
      logs.push(line);
      try {
        const record = JSON.parse(line) as { url?: unknown };
        if (typeof record.url === 'string') {
          clearTimeout(timer);
          resolveUrl(record.url);
        }
      } catch {
        // Not a JSON log line (a warning from Node, say): kept in logs only.
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited with ${code} before listening:\n${logs.join('\n')}`));
    });
  });

  let accounts = 0;
  const admin = async (...args: string[]): Promise<unknown> => {
    const { stdout } = await run(process.execPath, [...TSX_ARGS, 'server/src/admin/cli.ts', ...args], {
      cwd: REPO_ROOT,
      env,
    });
    return JSON.parse(stdout) as unknown;
  };

  return {
    url,
    logs,
    async createKey() {
      const email = `ext-${id}-${++accounts}@example.test`;
      await admin('accounts:create', '--email', email, '--plan', 'pro');
      const created = (await admin('keys:create', '--email', email, '--name', 'extension tests')) as {
        key?: unknown;
      };
      if (typeof created.key !== 'string') throw new Error('keys:create printed no key');
      return created.key;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
