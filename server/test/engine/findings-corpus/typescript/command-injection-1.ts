// expect: security/command-injection@5
import { execSync } from 'node:child_process';

export function compress(dir: string, level: number): Buffer {
  return execSync(`tar -czf - --level=${level} ${dir}`);
}
