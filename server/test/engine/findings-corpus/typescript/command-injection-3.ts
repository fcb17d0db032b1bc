// expect: security/command-injection@8
import { exec } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(exec);

export async function diskFree(mount: string): Promise<string> {
  const { stdout } = await run('df -h ' + mount);
  return stdout;
}
