/**
 * A FerretDB process a test owns, so it can stop, freeze (SIGSTOP), thaw
 * (SIGCONT) and restart it without touching the one every other suite uses.
 * It keeps its port and data folder across restarts, as a database server
 * that comes back would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFerretDb, FERRETDB_SOURCE } from './ferretdb-build.js';
import { freeLoopbackPort, mongoPing, stopProcess, waitFor } from './probes.js';

export interface OwnFerretDb {
  readonly uri: string;
  /** SIGKILL: the server is gone, connections are refused. */
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers. */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
  /** Starts it again on the same port and data after kill(); resolves once it answers. */
  restart(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

export async function startOwnFerretDb(): Promise<OwnFerretDb> {
  const binary = await buildFerretDb();
  const dataDir = mkdtempSync(join(tmpdir(), 'cex-own-ferretdb-'));
  const port = await freeLoopbackPort();
  const uri = `mongodb://127.0.0.1:${port}/`;
  let child: ChildProcess;
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(binary, ['-port', String(port), '-data', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: FERRETDB_SOURCE,
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitFor(
      `own FerretDB on 127.0.0.1:${port}`,
      child,
      () => output,
      () => mongoPing(uri),
    );
  };
  await start();

  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    uri,
    async kill() {
      if (exited()) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await gone;
    },
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
    restart: start,
    async dispose() {
      if (!exited()) {
        child.kill('SIGCONT');
        await stopProcess(child);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
