/**
 * The `code-explain` command as a user installs it (support.ts
 * installedCommand: packed with `pnpm pack`, installed with npm into an empty
 * folder; plain node), run on files of all 15 languages and on a large C file.
 */
import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { LANGUAGE_IDS } from '@code-explain/shared';
import {
  LANGUAGE_SAMPLES,
  SERVER_DIR,
  gitRepository,
  installedCommand,
  jsonLines,
  run,
  tempDir,
} from './support.js';

const require = createRequire(import.meta.url);

describe('code-explain, packed and installed with npm', function () {
  this.timeout(120_000);
  let root = '';
  let bin = '';
  let samples = '';

  before(function () {
    // Packing builds both packages; the installation is shared with the other tests of the installed command.
    this.timeout(600_000);
    ({ root, bin } = installedCommand());
    samples = tempDir('samples');
    gitRepository(samples, {
      ...Object.fromEntries(Object.values(LANGUAGE_SAMPLES).map(({ file, code }) => [file, code])),
      '.gitignore': 'generated/\n',
      'generated/out.js': 'function out() { return 1; }\n',
    });
  });
  after(() => rmSync(samples, { recursive: true, force: true }));

  it('is installed without a TypeScript toolchain', async () => {
    const modules = join(root, 'app/node_modules');
    assert.ok(existsSync(bin));
    for (const tool of ['typescript', 'tsx', 'esbuild']) assert.ok(!existsSync(join(modules, tool)), tool);
    const { code, stdout } = await run(bin, ['--version'], { cwd: root });
    assert.equal(code, 0);
    assert.equal(stdout.trim(), (require(join(SERVER_DIR, 'package.json')) as { version: string }).version);
  });

  it('explains files of all 15 languages in a git repository, each read as its extension says, .gitignore respected', async () => {
    assert.deepEqual(Object.keys(LANGUAGE_SAMPLES).sort(), [...LANGUAGE_IDS].sort());
    const { code, stdout, stderr } = await run(bin, ['.', '--jobs', '2'], { cwd: samples });
    assert.equal(code, 0, stderr);
    const lines = jsonLines<{ file: string; metadata: { language: string; units: { name: string }[] } }>(
      stdout,
    );
    assert.deepEqual(
      Object.fromEntries(lines.map((l) => [l.metadata.language, l.file])),
      Object.fromEntries(Object.entries(LANGUAGE_SAMPLES).map(([language, { file }]) => [language, file])),
    );
    for (const l of lines)
      assert.ok(
        l.metadata.units.some((u) => u.name.includes('pick')),
        l.file,
      );
    assert.ok(!lines.some((l) => l.file.startsWith('generated/')), 'generated/ is ignored');
    assert.match(stderr, /^code-explain: 15 files analysed; /m);
  });

  it("analyses libexpat's xmlparse.c (209,708 characters) and gates on it", async () => {
    const xmlparse = require.resolve('node-expat/deps/libexpat/lib/xmlparse.c');
    const { code, stdout, stderr } = await run(
      bin,
      [xmlparse, '--format', 'markdown', '--max-cognitive', '50'],
      {
        cwd: root,
      },
    );
    assert.equal(code, 1, stderr);
    assert.match(stdout, /^# Code Explain report\n\n\| files \|/);
    assert.match(stdout, /<summary><code>[^<]*xmlparse\.c<\/code>: C, [\d,]+ lines, \d{3} units/);
    assert.match(
      stderr,
      /--max-cognitive 50 failed: \d+ units? over 50 cognitive complexity\n {2}\S*xmlparse\.c:\d+–\d+ \w+ \(function\): \d+/,
    );
  });

  it('exits 2 on a usage error, and 0 on a clean run', async () => {
    writeFileSync(join(samples, 'extra.txt'), 'not code');
    const usage = await run(bin, ['.', '--fail-on', 'sometimes'], { cwd: samples });
    assert.equal(usage.code, 2);
    const clean = await run(bin, ['py', '--fail-on', 'critical', '--format', 'sarif'], { cwd: samples });
    assert.equal(clean.code, 0, clean.stderr);
    assert.equal((JSON.parse(clean.stdout) as { version: string }).version, '2.1.0');
  });
});
