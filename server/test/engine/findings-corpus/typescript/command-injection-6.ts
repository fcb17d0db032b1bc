// silent: security/command-injection
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function diskUsage(mount: string): Promise<string> {
  const { stdout } = await run('du', ['-sh', mount]);
  return stdout;
}
