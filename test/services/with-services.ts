/**
 * Makes a real Redis and a real MongoDB-compatible server available and
 * exports REDIS_URL and MONGODB_URI to a command:
 *
 *   tsx test/services/with-services.ts -- mocha        run a command with them
 *   tsx test/services/with-services.ts                 print `export` lines, keep them up until Ctrl-C
 *
 * Already-set REDIS_URL / MONGODB_URI are used as they are (a real MongoDB,
 * say). Otherwise Redis is the one at 127.0.0.1:6379 or, if none answers, a
 * `redis-server` started on a free loopback port; MongoDB is FerretDB v1 built
 * from test/services/ferretdb and started on a free loopback port, on its
 * PostgreSQL backend with a PostgreSQL server started in a temporary folder
 * (FERRETDB_BACKEND=sqlite, or no PostgreSQL installed: its SQLite backend in
 * a temporary folder). PostgreSQL is the default because it filters in the
 * database as MongoDB does; the SQLite backend reads and decodes the whole
 * collection for every query (server/README.md, Storage). Whatever this script
 * started is stopped when the command ends. It also makes sure the Debian
 * reference tools the metric comparisons use, the browser, HAProxy (the
 * many-instances test's load balancer) and sqlite3 (the backup test's shell) are installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_PACKAGES, ensureDebianPackages, OPERATIONS_PACKAGES } from './debian-tools.js';
import { buildFerretDb, FERRETDB_SOURCE } from './ferretdb-build.js';
import { postgresBinDir, startPostgres } from './postgres.js';
import { freeLoopbackPort, mongoPing, redisPing, stopProcess, waitFor } from './probes.js';

interface Started {
  readonly name: string;
  readonly process: ChildProcess;
  /** PostgreSQL's fast shutdown is SIGINT (SIGTERM waits for every client). */
  readonly stopSignal?: NodeJS.Signals;
  readonly cleanup?: () => void;
  readonly log: () => string;
}

const started: Started[] = [];

function captureOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

async function provideRedis(): Promise<string> {
  const given = process.env.REDIS_URL;
  if (given) return given;
  if (await redisPing('127.0.0.1', 6379)) return 'redis://127.0.0.1:6379';

  const port = await freeLoopbackPort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = captureOutput(child);
  started.push({ name: 'redis-server', process: child, log });
  await waitFor(`redis-server on 127.0.0.1:${port}`, child, log, () => redisPing('127.0.0.1', port));
  return `redis://127.0.0.1:${port}`;
}

async function provideMongo(): Promise<string> {
  const given = process.env.MONGODB_URI;
  if (given) return given;

  const binary = await buildFerretDb();
  const backend = process.env.FERRETDB_BACKEND ?? 'postgresql';
  if (backend !== 'postgresql' && backend !== 'sqlite')
    throw new Error(`FERRETDB_BACKEND must be postgresql or sqlite, not ${backend}`);
  const pgBin = backend === 'postgresql' ? postgresBinDir() : null;
  let backendArgs: string[];
  let cleanup: (() => void) | undefined;
  if (pgBin) {
    const postgres = await startPostgres(pgBin);
    started.push({
      name: 'postgres',
      process: postgres.process,
      log: postgres.log,
      cleanup: postgres.cleanup,
      stopSignal: 'SIGINT',
    });
    backendArgs = ['-postgresql-url', postgres.url];
  } else {
    if (backend === 'postgresql')
      console.error('with-services: no PostgreSQL found; FerretDB runs on its SQLite backend.');
    const dataDir = mkdtempSync(join(tmpdir(), 'code-explain-ferretdb-'));
    backendArgs = ['-data', dataDir];
    cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  }
  const port = await freeLoopbackPort();
  const child = spawn(binary, ['-port', String(port), ...backendArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: FERRETDB_SOURCE,
  });
  const log = captureOutput(child);
  started.push({ name: 'ferretdb', process: child, log, ...(cleanup ? { cleanup } : {}) });
  const uri = `mongodb://127.0.0.1:${port}/`;
  await waitFor(`FerretDB on 127.0.0.1:${port}`, child, log, () => mongoPing(uri));
  return uri;
}

async function stopAll(): Promise<void> {
  for (const s of started.splice(0).reverse()) {
    await stopProcess(s.process, 5000, s.stopSignal);
    s.cleanup?.();
  }
}

function runCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined) return Promise.resolve(0);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (err) => {
      console.error(`with-services: could not run ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

async function main(): Promise<number> {
  const dash = process.argv.indexOf('--');
  const command = dash >= 0 ? process.argv.slice(dash + 1) : [];
  try {
    const [redisUrl, mongoUri] = await Promise.all([
      provideRedis(),
      provideMongo(),
      // One apt-get at a time: the second waits for the first's lock.
      ensureDebianPackages()
        .then(() => ensureDebianPackages(BROWSER_PACKAGES, { recommends: false }))
        .then(() => ensureDebianPackages(OPERATIONS_PACKAGES, { recommends: false })),
    ]);
    const env = { ...process.env, REDIS_URL: redisUrl, MONGODB_URI: mongoUri };
    if (command.length === 0) {
      console.log(`export REDIS_URL=${redisUrl}`);
      console.log(`export MONGODB_URI=${mongoUri}`);
      console.error('with-services: services are up; press Ctrl-C to stop them.');
      await waitForSignal();
      return 0;
    }
    console.error(`with-services: REDIS_URL=${redisUrl} MONGODB_URI=${mongoUri}`);
    return await runCommand(command, env);
  } catch (err) {
    console.error(`with-services: ${err instanceof Error ? err.message : String(err)}`);
    for (const s of started) {
      const log = s.log().trim();
      if (log) console.error(`--- ${s.name} output ---\n${log}`);
    }
    return 1;
  } finally {
    await stopAll();
  }
}

process.exitCode = await main();
