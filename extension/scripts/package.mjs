// Packages the .vsix. The workspace manifest keeps the scoped name pnpm
// filters by (`pnpm --filter extension …`), but a Marketplace name must be
// unscoped, so the package is built from a staging folder holding exactly what
// ships: the manifest (named `code-explain`, no dependency lists: the bundle
// holds everything), the two bundles, the icon, README and CHANGELOG.
// `--stage-only` stops after staging (the in-editor tests load the stage).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stage = join(root, '.vsix-stage');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

for (const file of ['dist/extension.cjs', 'dist/webview.js']) {
  if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run the bundle first`);
}

rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'dist'), { recursive: true });
mkdirSync(join(stage, 'media'), { recursive: true });
const {
  scripts: _scripts,
  dependencies: _deps,
  devDependencies: _devDeps,
  private: _private,
  ...shipped
} = manifest;
writeFileSync(
  join(stage, 'package.json'),
  `${JSON.stringify({ ...shipped, name: 'code-explain' }, null, 2)}\n`,
);
cpSync(join(root, 'dist/extension.cjs'), join(stage, 'dist/extension.cjs'));
cpSync(join(root, 'dist/webview.js'), join(stage, 'dist/webview.js'));
cpSync(join(root, 'media/icon.svg'), join(stage, 'media/icon.svg'));
// Images in the README are for the repository; the Marketplace page gets the text.
const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/^!\[[^\]]*\]\([^)]*\)\s*$/gm, '');
writeFileSync(join(stage, 'README.md'), readme);
cpSync(join(root, 'CHANGELOG.md'), join(stage, 'CHANGELOG.md'));
writeFileSync(join(stage, '.vscodeignore'), '**/*.map\n');

if (process.argv.includes('--stage-only')) {
  console.log(`staged ${stage}`);
  process.exit(0);
}

const require = createRequire(import.meta.url);
const vsce = join(dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
const out = join(root, `code-explain-${manifest.version}.vsix`);
const result = spawnSync(
  process.execPath,
  [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', out],
  { cwd: stage, stdio: 'inherit' },
);
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(out);
