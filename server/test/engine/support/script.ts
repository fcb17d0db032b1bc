/**
 * Runs a TypeScript script of the tests in a node process of its own, with
 * this process's loader and conditions (mocha's node options), and returns
 * what it printed once it ends.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ScriptRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runScript(url: URL, args: readonly string[] = []): Promise<ScriptRun> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(url), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
