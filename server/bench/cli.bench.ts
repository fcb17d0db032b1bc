/**
 * `pnpm bench:cli`: the built `code-explain` command and ESLint (only
 * `complexity` and `sonarjs/cognitive-complexity`, every function reported)
 * over the same few thousand real JavaScript files of installed packages, in
 * the same run: files and lines per second for one worker and for two (both
 * cores of the machine the figures in server/README.md come from), their
 * ratio, each tool's default against the other's (code-explain uses every
 * core, ESLint one), and the CLI with its own WebAssembly tiering budget
 * (main.ts) against V8's default one. Each tool runs as a process, as in CI,
 * start-up included, in several rounds whose order alternates (a ratio is
 * taken within a round, then the median over rounds). Prints figures; asserts
 * nothing; not part of `pnpm test`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACE_DIR = resolve(SERVER_DIR, '..');
const BIN = join(SERVER_DIR, 'bin/code-explain.js');

/**
 * Packages whose own .js files (sorted, no .min.js, nothing under a nested
 * node_modules) make the corpus: about 3,500 files of hand-written and
 * generated CommonJS and ESM. TypeScript's lib is left out: nine files of
 * 335,000 lines would measure one huge file, not a repository.
 */
const PACKAGES = [
  'eslint-plugin-sonarjs',
  'lodash',
  'eslint',
  'mongoose',
  'pino',
  'zod',
  'ajv',
  'ioredis',
  'express',
  'koa',
];

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.js') && !entry.name.endsWith('.min.js')) out.push(path);
  }
  return out;
}

interface Corpus {
  /** Where both tools run: the files are given relative to it, which keeps the command lines short. */
  readonly root: string;
  readonly files: readonly string[];
  readonly lines: number;
  readonly bytes: number;
  readonly perPackage: readonly { name: string; version: string; files: number }[];
}

function corpus(): Corpus {
  const perPackage: { name: string; version: string; files: number }[] = [];
  const absolute: string[] = [];
  for (const name of PACKAGES) {
    const manifest = require.resolve(`${name}/package.json`);
    const found = jsFiles(dirname(manifest)).sort();
    perPackage.push({
      name,
      version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version,
      files: found.length,
    });
    absolute.push(...found);
  }
  // pnpm keeps every package under node_modules/.pnpm: the deepest folder they share.
  let root = dirname(absolute[0]!);
  while (!absolute.every((f) => f.startsWith(`${root}/`))) root = dirname(root);
  let lines = 0;
  let bytes = 0;
  for (const f of absolute) {
    const text = readFileSync(f, 'utf8');
    lines += text.split('\n').length;
    bytes += statSync(f).size;
  }
  return { root, files: absolute.map((f) => relative(root, f)), lines, bytes, perPackage };
}

/** CPU seconds (user + system) of the children this process has waited for: fields 16 and 17 of /proc/self/stat. */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / CLOCK_TICKS;
}
/** Linux's USER_HZ, 100 on every architecture Node runs on there. */
const CLOCK_TICKS = 100;

interface Timed {
  readonly seconds: number;
  /** CPU time of the process and all its threads: steadier than wall time on a shared machine. */
  readonly cpuSeconds: number;
  readonly code: number;
  readonly stdoutBytes: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end; keeps stdout only when asked (the CLI's is hundreds of MB). */
function timed(args: readonly string[], cwd: string, keepStdout: boolean): Promise<Timed> {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const cpuBefore = childrenCpuSeconds();
    const child = spawn(process.execPath, [...args], { cwd, env: { ...process.env, CI: '1' } });
    let stdoutBytes = 0;
    const kept: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (keepStdout) kept.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) =>
      done({
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
        cpuSeconds: childrenCpuSeconds() - cpuBefore,
        code: code ?? -1,
        stdoutBytes,
        stdout: Buffer.concat(kept).toString('utf8'),
        stderr,
      }),
    );
  });
}

interface Result {
  readonly label: string;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly produced: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fixed = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** V8's own WebAssembly tiering budget, which the command raises unless node is given one (main.ts). */
const V8_TIERING_BUDGET = 1_800_000;

async function runCli(c: Corpus, jobs: number, v8Tiering: boolean): Promise<Result> {
  const flags = v8Tiering ? [`--wasm-tiering-budget=${V8_TIERING_BUDGET}`] : [];
  const r = await timed([...flags, BIN, '--jobs', String(jobs), ...c.files], c.root, false);
  if (r.code !== 0 && r.code !== 3)
    throw new Error(`code-explain exited ${r.code}: ${r.stderr.slice(-2000)}`);
  const summary = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('code-explain: ') && l.includes(' analysed'))
    .pop();
  return {
    label: `code-explain --jobs ${jobs}${v8Tiering ? ", V8's tiering budget" : ''}`,
    seconds: r.seconds,
    cpuSeconds: r.cpuSeconds,
    produced: `${mb(r.stdoutBytes)} of JSON Lines; ${summary?.replace(/^code-explain: /, '') ?? '(no summary)'}`,
  };
}

function eslintConfig(dir: string): string {
  const sonarjs = pathToFileURL(require.resolve('eslint-plugin-sonarjs')).href;
  const path = join(dir, 'eslint.config.mjs');
  // Threshold 0: every function's number is reported, as code-explain reports every unit's.
  writeFileSync(
    path,
    `import sonarjs from ${JSON.stringify(sonarjs)};
export default [
  { ignores: ['!**/node_modules/'] },
  {
    files: ['**/*.js'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { sonarjs },
    rules: { complexity: ['warn', 0], 'sonarjs/cognitive-complexity': ['warn', 0] },
  },
];
`,
  );
  return path;
}

async function runEslint(c: Corpus, config: string, jobs: number): Promise<Result> {
  const eslint = join(dirname(require.resolve('eslint/package.json')), 'bin/eslint.js');
  const concurrency = jobs === 1 ? 'off' : String(jobs);
  const r = await timed(
    [eslint, '--config', config, '--concurrency', concurrency, '--format', 'json', ...c.files],
    c.root,
    true,
  );
  if (r.code !== 0 && r.code !== 1) throw new Error(`eslint exited ${r.code}: ${r.stderr.slice(-2000)}`);
  const results = JSON.parse(r.stdout) as { messages: { ruleId: string | null; fatal?: boolean }[] }[];
  const messages = results.flatMap((x) => x.messages);
  const count = (rule: string) => messages.filter((m) => m.ruleId === rule).length;
  const fatal = results.filter((x) => x.messages.some((m) => m.fatal)).length;
  return {
    label: `ESLint --concurrency ${concurrency}`,
    seconds: r.seconds,
    cpuSeconds: r.cpuSeconds,
    produced: `${results.length} files, ${fixed(count('complexity'))} complexity and ${fixed(count('sonarjs/cognitive-complexity'))} cognitive-complexity reports, ${fatal} files it could not parse`,
  };
}

/** Rounds of every run (BENCH_ROUNDS, default 3): this machine's speed drifts by 10–20% within minutes. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

type RunName = 'cli1' | 'eslint1' | 'tiered1' | 'cli2' | 'eslint2' | 'tiered2';

/**
 * One round's order. Each comparison's two runs are neighbours where they can
 * be, and every other round runs in reverse, so a drift in the machine's speed
 * during a round falls on both sides of a ratio rather than on one.
 */
const ORDER: readonly RunName[] = ['cli1', 'eslint1', 'cli2', 'eslint2', 'tiered2', 'tiered1'];

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  // The command runs the compiled JavaScript: build it first (a no-op when up to date).
  execFileSync(process.execPath, [join(WORKSPACE_DIR, 'node_modules/typescript/bin/tsc'), '-b', 'server'], {
    cwd: WORKSPACE_DIR,
    stdio: 'inherit',
  });
  const c = corpus();
  console.log(
    `corpus: ${fixed(c.files.length)} .js files, ${fixed(c.lines)} lines, ${mb(c.bytes)}, from ${c.perPackage
      .map((p) => `${p.name}@${p.version} (${p.files})`)
      .join(', ')}`,
  );
  console.log(`${ROUNDS} rounds, every other one in reverse order`);
  const dir = mkdtempSync(join(tmpdir(), 'cex-bench-cli-'));
  try {
    const config = eslintConfig(dir);
    const runs: Record<RunName, () => Promise<Result>> = {
      cli1: () => runCli(c, 1, false),
      eslint1: () => runEslint(c, config, 1),
      tiered1: () => runCli(c, 1, true),
      cli2: () => runCli(c, 2, false),
      eslint2: () => runEslint(c, config, 2),
      tiered2: () => runCli(c, 2, true),
    };
    const rounds: Record<RunName, Result>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ORDER : [...ORDER].reverse();
      const results: Partial<Record<RunName, Result>> = {};
      for (const name of order) {
        const r = await runs[name]();
        results[name] = r;
        console.log(
          `round ${round + 1}: ${r.label.padEnd(44)} ${r.seconds.toFixed(1).padStart(6)} s (CPU ${r.cpuSeconds.toFixed(1).padStart(6)} s)  ${fixed(c.files.length / r.seconds).padStart(5)} files/s  ${fixed(c.lines / r.seconds).padStart(7)} lines/s  — ${r.produced}`,
        );
      }
      rounds.push(results as Record<RunName, Result>);
    }

    console.log('');
    console.log('medians over the rounds:');
    for (const name of ORDER) {
      const seconds = median(rounds.map((r) => r[name].seconds));
      console.log(
        `  ${rounds[0]![name].label.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s (CPU ${median(
          rounds.map((r) => r[name].cpuSeconds),
        )
          .toFixed(1)
          .padStart(
            6,
          )} s)  ${fixed(c.files.length / seconds).padStart(5)} files/s  ${fixed(c.lines / seconds).padStart(7)} lines/s`,
      );
    }
    console.log('');
    /** `subject`'s speed relative to `base`'s in each round (base's time over subject's), and their median. */
    const ratios = (base: RunName, subject: RunName, of: 'seconds' | 'cpuSeconds' = 'seconds') => {
      const each = rounds.map((r) => r[base][of] / r[subject][of]);
      return `${median(each).toFixed(2)}× (rounds: ${each.map((x) => x.toFixed(2)).join(', ')})`;
    };
    console.log(
      `jobs 1: code-explain runs at ${ratios('eslint1', 'cli1')} ESLint's files/s, ${ratios('eslint1', 'cli1', 'cpuSeconds')} per CPU second`,
    );
    console.log(
      `jobs 2: code-explain runs at ${ratios('eslint2', 'cli2')} ESLint's files/s, ${ratios('eslint2', 'cli2', 'cpuSeconds')} per CPU second`,
    );
    console.log(
      `with V8's own tiering budget code-explain runs at ${ratios('cli1', 'tiered1')} its speed with --jobs 1, ${ratios('cli2', 'tiered2')} with --jobs 2`,
    );
    // code-explain's --jobs defaults to the number of cores, ESLint's --concurrency to off.
    if (availableParallelism() === 2)
      console.log(
        `each tool's default on this 2-core machine (code-explain --jobs 2, ESLint --concurrency off): code-explain runs at ${ratios('eslint1', 'cli2')} ESLint's files/s, ${ratios('eslint1', 'cli2', 'cpuSeconds')} per CPU second`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
