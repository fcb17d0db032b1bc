/**
 * `pnpm release [folder]`: builds the server (and shared) and writes a self-contained
 * folder with the service, the admin command and `code-explain` as compiled
 * JavaScript and their production dependencies only (no TypeScript, no tsx),
 * to copy to a server and run with `node` (default folder: `release/` at the
 * repository root; a relative folder is taken from the root).
 *
 * It is `pnpm deploy --prod` of @code-explain/server. pnpm 10's deploy wants
 * `injectWorkspacePackages`, which would make every workspace install copy
 * @code-explain/shared instead of linking it (and so the sources the tests
 * run through tsx would go stale); `--legacy` deploys without it, copying
 * shared's published files (its `files`: dist/src) into the folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Written into every release, so a later `pnpm release` to the same folder may replace it. */
const MARKER = '.code-explain-release';

function fail(message: string, code = 1): never {
  process.stderr.write(`release: ${message}\n`);
  process.exit(code);
}

function run(command: string, args: readonly string[]): string {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed (exit ${String(result.status)}):\n${result.stdout}`);
  return result.stdout;
}

/** The target folder: absent, empty, or an earlier release (replaced); anything else is refused. */
function prepareTarget(target: string): void {
  if (!existsSync(target)) return;
  if (existsSync(join(target, MARKER))) {
    rmSync(target, { recursive: true, force: true });
    return;
  }
  if (readdirSync(target).length > 0) {
    fail(`${target} exists and is not an earlier release; choose an empty or new folder`, 2);
  }
}

/** The deployed package.json keeps only what runs there: its build and test scripts need the workspace. */
function rewriteManifest(target: string, commit: string | undefined): void {
  const path = join(target, 'package.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  delete manifest['devDependencies'];
  // exec: no shell between npm and node, so every signal npm relays reaches node (a shell died of SIGTERM).
  manifest['scripts'] = { start: 'exec node dist/src/main.js', admin: 'node dist/src/admin/cli.js' };
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  const about = {
    name: manifest['name'],
    version: manifest['version'],
    commit,
    builtAt: new Date().toISOString(),
    node: process.versions.node,
  };
  writeFileSync(join(target, MARKER), `${JSON.stringify(about, null, 2)}\n`);
}

function main(args: readonly string[]): void {
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    fail('usage: pnpm release [folder]   (default: release/ at the repository root)', 2);
  }
  const target = resolve(ROOT, args[0] ?? 'release');
  prepareTarget(target);

  // What the release holds: this package and the one it depends on (tsc -b follows the reference to shared).
  process.stderr.write('release: building (tsc -b server, and the dashboard scripts)\n');
  run('pnpm', ['exec', 'tsc', '-b', 'server']);
  run('pnpm', ['-s', 'build:client']);
  process.stderr.write(`release: deploying @code-explain/server to ${target}\n`);
  // --ignore-scripts: nothing of ours needs an install script there (native modules come prebuilt).
  run('pnpm', [
    '--filter',
    '@code-explain/server',
    '--prod',
    'deploy',
    '--legacy',
    '--ignore-scripts',
    target,
  ]);

  for (const required of [
    'dist/src/main.js',
    'dist/src/admin/cli.js',
    'bin/code-explain.js',
    'dist/client/manifest.json',
  ]) {
    if (!existsSync(join(target, required))) fail(`the release lacks ${required}`);
  }
  if (existsSync(join(target, 'node_modules', 'tsx'))) fail('the release holds tsx, a development tool');

  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim();
  rewriteManifest(target, commit || undefined);
  process.stdout.write(
    `${target}\n` +
      `  node dist/src/main.js                 the service (or npm start)\n` +
      `  node dist/src/admin/cli.js <command>  the admin command\n` +
      `  node bin/code-explain.js <files>      the command line\n`,
  );
}

main(process.argv.slice(2));
