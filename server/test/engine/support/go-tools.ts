/**
 * gocyclo and gocognit, run with `go run module@version` (the Go module
 * proxy serves them; the first run builds them into Go's cache).
 */
import { tmpdir } from 'node:os';
import { run } from './commands.js';

export const GOCYCLO = 'github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0';
export const GOCOGNIT = 'github.com/uudashr/gocognit/cmd/gocognit@v1.3.0';

const GO_HINT =
  'These tests need the Go toolchain (`go` on PATH; the README lists it for the test services).';

function goEnv(): NodeJS.ProcessEnv {
  // Never switch toolchains behind our back; the tools build with the local one.
  return { ...process.env, GOTOOLCHAIN: 'local' };
}

export function goroot(): string {
  return run('go', ['env', 'GOROOT'], GO_HINT, { env: goEnv() }).stdout.trim();
}

/** One reported function: `<complexity> <package> <name> <file>:<line>:<column>`. */
export interface GoToolStat {
  readonly complexity: number;
  readonly name: string;
  readonly file: string;
  readonly line: number;
}

function parseStats(stdout: string): GoToolStat[] {
  const stats: GoToolStat[] = [];
  for (const line of stdout.split('\n')) {
    const [, complexity, name, file, at] = /^(\d+) \S+ (\S+) (.+):(\d+):\d+$/.exec(line.trim()) ?? [];
    if (name && file) stats.push({ complexity: Number(complexity), name, file, line: Number(at) });
  }
  return stats;
}

/**
 * Runs a Go analysis tool on the given files (each file is analysed on its
 * own, so gocognit's recursion analysis sees one file at a time, as the
 * engine sees one snippet). `-over -1` lists every function, zeros included.
 */
export function runGoTool(tool: string, files: readonly string[]): GoToolStat[] {
  // gocognit prints a note about recursion on stderr; neither fails without a positive -over.
  const { stdout } = run(
    'go',
    ['run', tool, '-over', '-1', ...files],
    `${GO_HINT} \`go run ${tool}\` fetches it from the module proxy.`,
    {
      cwd: tmpdir(),
      env: goEnv(),
    },
  );
  return parseStats(stdout);
}
