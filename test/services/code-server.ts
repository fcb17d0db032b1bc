/**
 * Real VS Code for the extension's end-to-end tests, offline: code-server (the
 * npm package, which runs VS Code's real workbench and extension host) and
 * Debian's Chromium to drive it. Installed once into .cache/code-server/
 * (git-ignored) and skipped when present. The steps follow
 * ../shared/notes/vscode-e2e.md:
 * - Debian packages its native modules build against, plus ripgrep and chromium;
 * - @vscode/ripgrep's postinstall downloads `rg` from GitHub unless its cache
 *   already holds the archive, so the cache is seeded with Debian's `rg`;
 * - npm as root needs npm_config_unsafe_perm, a nested `npx node-gyp` needs npm_config_yes.
 *
 * `tsx test/services/code-server.ts` installs and prints the code-server binary's path.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, copyFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CODE_SERVER_VERSION = '4.100.3';
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** What code-server's npm install builds against, what its search runs, and the browser. */
export const CODE_SERVER_DEBIAN_PACKAGES = [
  'libkrb5-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'libsecret-1-dev',
  'pkg-config',
  'ripgrep',
  'chromium',
] as const;

// The @vscode/ripgrep version code-server 4.100.3 depends on, and the archive it looks for.
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_ARCHIVE = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CODE_SERVER_DIR = join(repoRoot, '.cache', 'code-server', CODE_SERVER_VERSION);
const MARKER = join(CODE_SERVER_DIR, '.installed');
export const CODE_SERVER_BIN = join(CODE_SERVER_DIR, 'node_modules', '.bin', 'code-server');

async function dpkgInstalled(pkg: string): Promise<boolean> {
  try {
    const { stdout } = await run('dpkg-query', ['-W', '-f=${Status}', pkg]);
    return stdout.includes('install ok installed');
  } catch {
    return false;
  }
}

async function ensurePackages(packages: readonly string[]): Promise<void> {
  const missing: string[] = [];
  for (const pkg of packages) if (!(await dpkgInstalled(pkg))) missing.push(pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `the end-to-end tests need Debian packages: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.error(`code-server: installing Debian packages ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env, maxBuffer: 64 * 1024 * 1024 });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Puts Debian's rg where @vscode/ripgrep's postinstall looks before downloading. */
async function seedRipgrepCache(): Promise<void> {
  const cacheDir = join(tmpdir(), `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  const archive = join(cacheDir, RIPGREP_ARCHIVE);
  if (existsSync(archive)) return;
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(join(tmpdir(), 'rg-seed-'));
  try {
    await copyFile('/usr/bin/rg', join(staging, 'rg'));
    await run('tar', ['-czf', archive, '-C', staging, 'rg']);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** node-gyp must find Node's headers locally, or it tries to download them. */
function nodeHeadersPrefix(): string | undefined {
  const prefix = resolve(dirname(process.execPath), '..');
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? prefix : undefined;
}

function npmInstall(dir: string): Promise<void> {
  // Under `pnpm test` the environment carries pnpm's npm_* settings, among them a user agent naming pnpm,
  // which makes code-server's postinstall give up ("Could not determine which package manager…"): npm
  // gets a clean slate and sets its own.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const headers = nodeHeadersPrefix();
  if (headers !== undefined && !env.npm_config_nodedir) env.npm_config_nodedir = headers;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      'npm',
      ['install', '--no-save', '--no-package-lock', `code-server@${CODE_SERVER_VERSION}`],
      { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`npm install code-server exited with ${code}`)),
    );
  });
}

/** Installs what is missing and returns the code-server binary; fast when all is present. */
export async function ensureCodeServer(): Promise<string> {
  await ensurePackages(CODE_SERVER_DEBIAN_PACKAGES);
  if (existsSync(MARKER) && existsSync(CODE_SERVER_BIN)) return CODE_SERVER_BIN;

  console.error(
    `code-server: installing ${CODE_SERVER_VERSION} into ${CODE_SERVER_DIR} (a few minutes, once)…`,
  );
  const started = Date.now();
  await seedRipgrepCache();
  await mkdir(CODE_SERVER_DIR, { recursive: true });
  // A package.json of its own, so npm never treats the repository as the project.
  await writeFile(
    join(CODE_SERVER_DIR, 'package.json'),
    `${JSON.stringify({ name: 'code-server-cache', private: true }, null, 2)}\n`,
  );
  await npmInstall(CODE_SERVER_DIR);
  if (!existsSync(CODE_SERVER_BIN))
    throw new Error(`code-server install left no binary at ${CODE_SERVER_BIN}`);
  await writeFile(MARKER, `${new Date().toISOString()}\n`);
  console.error(`code-server: installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return CODE_SERVER_BIN;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(await ensureCodeServer());
  } catch (error) {
    console.error(`code-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
