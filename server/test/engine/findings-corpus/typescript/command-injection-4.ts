// silent: security/command-injection
import { exec } from 'node:child_process';

export function uptime(cb: (out: string) => void): void {
  exec('uptime', (err, stdout) => cb(err ? 'unknown' : stdout.trim()));
}
