/**
 * Ned Batchelder's mccabe (Debian's python3-mccabe), run per file as
 * `python3 -m mccabe --min 1 FILE`. Debian installs it for the system
 * interpreter, which may not be the first `python3` on PATH (pyenv), so the
 * system one is tried first.
 */
import { canRun, run } from './commands.js';

const HINT = 'Install Debian package python3-mccabe (apt-get install -y python3-mccabe).';
const CANDIDATES = ['/usr/bin/python3', 'python3'];

/** The first Python that can import mccabe; throws naming the package to install. */
export function mccabePython(): string {
  const found = CANDIDATES.find((python) => canRun(python, ['-c', 'import mccabe']));
  if (!found) throw new Error(`no python3 on this machine can import mccabe. ${HINT}`);
  return found;
}

export interface McCabeStat {
  readonly line: number;
  /** `Class.method` or `function`; nested functions are folded into their outer one. */
  readonly name: string;
  readonly complexity: number;
}

/** Function graphs mccabe reports for one file (module-level `If 12`-style graphs are left out). */
export function runMccabe(python: string, file: string): McCabeStat[] {
  const { stdout } = run(python, ['-m', 'mccabe', '--min', '1', file], HINT);
  const stats: McCabeStat[] = [];
  for (const line of stdout.split('\n')) {
    const [, at, name, complexity] = /^(\d+):\d+: '(.+)' (\d+)$/.exec(line.trim()) ?? [];
    if (name) stats.push({ line: Number(at), name, complexity: Number(complexity) });
  }
  return stats;
}
