/**
 * Running the reference tools the agreement tests compare against. A missing
 * tool fails the test with what to install; nothing is skipped silently.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command and returns its output; throws with `hint` if it cannot start or fails. */
export function run(
  command: string,
  args: readonly string[],
  hint: string,
  options: { cwd?: string; env?: NodeJS.ProcessEnv; okStatuses?: readonly number[] } = {},
): CommandResult {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw new Error(`cannot run ${command}: ${result.error.message}. ${hint}`);
  const ok = options.okStatuses ?? [0];
  if (result.status === null || !ok.includes(result.status)) {
    throw new Error(
      `${command} ${args.slice(0, 3).join(' ')} … exited with ${result.status ?? result.signal}: ${result.stderr.slice(0, 2000)}\n${hint}`,
    );
  }
  return { stdout: result.stdout, stderr: result.stderr };
}

/** Whether a command can be found and started at all. */
export function canRun(command: string, args: readonly string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
