/**
 * For the command-line tests: run `code-explain` as a real process, and
 * build fixture repositories with git.
 */
import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WORKSPACE_DIR = resolve(SERVER_DIR, '..');
/** The workspace command, as `pnpm install` links it. */
export const WORKSPACE_BIN = join(WORKSPACE_DIR, 'node_modules/.bin/code-explain');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly stdin?: string;
  readonly uid?: number;
  readonly gid?: number;
}

/** Runs a command to its end; CI is cleared so that only tests that set it get it. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<Run> {
  return new Promise((done, fail) => {
    const env = { ...process.env, ...options.env };
    if (options.env?.CI === undefined) delete env.CI;
    const spawnOptions: SpawnOptions = {
      cwd: options.cwd,
      env,
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
    };
    const child = spawn(command, [...args], spawnOptions);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
    child.stdin!.end(options.stdin ?? '');
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `cex-${prefix}-`));
}

/** Writes files (path → content) under root, making folders as needed. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

/** Runs git in root (a fixed identity, so commits need no configuration); returns its output. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    env: { ...process.env, ...GIT_IDENTITY },
    stdio: 'pipe',
  }).toString();
}

/** A git repository at root holding `files`, committed. */
export function gitRepository(root: string, files: Record<string, string>): void {
  writeFiles(root, files);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'fixture');
}

/** The packages packed and installed, once per test run: every test of the installed command shares them. */
let installation: { readonly root: string; readonly bin: string } | undefined;

/**
 * `code-explain` as a user installs it: the shared and server packages packed
 * with `pnpm pack` (which builds them, prepack) and installed with npm into an
 * empty folder (no TypeScript, no tsx: plain node). Done once per process;
 * the folder is removed when the process exits.
 */
export function installedCommand(): { readonly root: string; readonly bin: string } {
  if (installation) return installation;
  const root = tempDir('installed');
  const packs = join(root, 'packs');
  const app = join(root, 'app');
  for (const pkg of ['shared', 'server']) {
    execFileSync('pnpm', ['pack', '--pack-destination', packs], {
      cwd: join(WORKSPACE_DIR, pkg),
      stdio: 'pipe',
    });
  }
  const tarballs = readdirSync(packs).map((name) => join(packs, name));
  if (tarballs.length !== 2) throw new Error(`expected two tarballs, got ${tarballs.join(', ')}`);
  writeFiles(app, { 'package.json': JSON.stringify({ name: 'app', private: true }) });
  // npm fetches the service's dependencies, from its cache when it can.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], {
    cwd: app,
    stdio: 'pipe',
  });
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  installation = { root, bin: join(app, 'node_modules/.bin/code-explain') };
  return installation;
}

/** One small file per language the engine reads, each with a function `pick` that branches. */
export const LANGUAGE_SAMPLES: Record<string, { readonly file: string; readonly code: string }> = {
  javascript: { file: 'js/pick.js', code: 'function pick(a, b) {\n  if (a > b) return a;\n  return b;\n}\n' },
  typescript: {
    file: 'ts/pick.ts',
    code: 'export function pick(a: number, b: number): number {\n  if (a > b) return a;\n  return b;\n}\n',
  },
  tsx: {
    file: 'tsx/Pick.tsx',
    code: 'export function pick(props: { a: number; b: number }) {\n  if (props.a > props.b) return <b>{props.a}</b>;\n  return <i>{props.b}</i>;\n}\n',
  },
  python: { file: 'py/pick.py', code: 'def pick(a, b):\n    if a > b:\n        return a\n    return b\n' },
  java: {
    file: 'java/Pick.java',
    code: 'class Pick {\n  static int pick(int a, int b) {\n    if (a > b) return a;\n    return b;\n  }\n}\n',
  },
  go: {
    file: 'go/pick.go',
    code: 'package pick\n\nfunc pick(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n',
  },
  c: { file: 'c/pick.c', code: 'int pick(int a, int b) {\n  if (a > b) return a;\n  return b;\n}\n' },
  cpp: {
    file: 'cpp/pick.cpp',
    code: 'template <typename T>\nT pick(T a, T b) {\n  if (a > b) return a;\n  return b;\n}\n',
  },
  csharp: {
    file: 'cs/Pick.cs',
    code: 'class Pick {\n  static int pick(int a, int b) {\n    if (a > b) return a;\n    return b;\n  }\n}\n',
  },
  rust: {
    file: 'rs/pick.rs',
    code: 'fn pick(a: i32, b: i32) -> i32 {\n    if a > b {\n        return a;\n    }\n    b\n}\n',
  },
  php: {
    file: 'php/pick.php',
    code: '<?php\nfunction pick($a, $b) {\n  if ($a > $b) return $a;\n  return $b;\n}\n',
  },
  ruby: { file: 'rb/pick.rb', code: 'def pick(a, b)\n  if a > b\n    return a\n  end\n  b\nend\n' },
  kotlin: {
    file: 'kt/pick.kt',
    code: 'fun pick(a: Int, b: Int): Int {\n    if (a > b) return a\n    return b\n}\n',
  },
  swift: {
    file: 'swift/pick.swift',
    code: 'func pick(a: Int, b: Int) -> Int {\n    if a > b { return a }\n    return b\n}\n',
  },
  bash: {
    file: 'sh/pick.sh',
    code: 'pick() {\n  if [ "$1" -gt "$2" ]; then\n    echo "$1"\n  else\n    echo "$2"\n  fi\n}\n',
  },
};

/** One JSON Lines document, parsed. */
export function jsonLines<T = Record<string, unknown>>(text: string): T[] {
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}
