import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { explainResponseSchema } from '@code-explain/shared';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/cli/analyze.ts');

function analyze(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@code-explain/source', '--import', 'tsx', CLI, ...args],
      {
        // As under pnpm: run from the package, with the user's folder in INIT_CWD.
        cwd: dirname(CLI),
        env: { ...process.env, INIT_CWD: dir },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

let dir = '';

describe('pnpm -s analyze', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cex-analyze-'));
    writeFileSync(
      join(dir, 'sum.js'),
      'function sum(xs) {\n  let t = 0;\n  for (const x of xs) t += x;\n  return t;\n}\n',
    );
    writeFileSync(join(dir, 'fact.py'), 'def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the API response body for one file, language from the extension', async () => {
    const { code, stdout } = await analyze(['sum.js', '--mode', 'detailed']);
    assert.equal(code, 0);
    const body = explainResponseSchema.parse(JSON.parse(stdout));
    assert.equal(body.metadata.units?.[0]?.name, 'sum');
    assert.match(body.explanation, /loops over `xs`/);
    assert.equal(body.sections[0]?.title, 'Overview');
  });

  it('exits as soon as it has answered, even after loading a large grammar (Swift)', async () => {
    writeFileSync(join(dir, 'f.swift'), 'func f(a: Int) -> Int {\n  if a > 0 { return a }\n  return 0\n}\n');
    const started = performance.now();
    const { code, stdout } = await analyze(['f.swift', '--format', 'markdown']);
    const seconds = (performance.now() - started) / 1000;
    assert.equal(code, 0);
    assert.match(stdout, /`f\(a\)`/);
    // It took 8 s when V8's background optimisation of the grammar held the exit; about 1.5 s now.
    assert.ok(seconds < 5, `took ${seconds.toFixed(1)} s`);
  });

  it('gives the same answer for the same Swift code every time, raw strings included', async () => {
    // The Swift grammar parses raw strings one way on a process's first parse and another way after it.
    const swift = 'let pattern = #"\\d+"#\nfunc f() -> Int { return 1 }\n';
    writeFileSync(join(dir, 'one.swift'), swift);
    writeFileSync(join(dir, 'two.swift'), swift);
    const { code, stdout } = await analyze(['one.swift', 'two.swift']);
    assert.equal(code, 0);
    const [first, second] = stdout
      .trim()
      .split('\n')
      .map((line) => {
        const { file: _file, ...rest } = JSON.parse(line) as { file: string };
        return rest;
      });
    assert.deepEqual(first, second);
  });

  it('prints JSON Lines with a file field for several files', async () => {
    const { code, stdout } = await analyze(['sum.js', 'fact.py', '--mode', 'quick', '--focus', 'testing']);
    assert.equal(code, 0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; metadata: { language: string } });
    assert.deepEqual(
      lines.map((l) => [l.file, l.metadata.language]),
      [
        ['sum.js', 'javascript'],
        ['fact.py', 'python'],
      ],
    );
  });

  it('reads standard input with -, and writes Markdown', async () => {
    const { code, stdout } = await analyze(
      ['-', '--language', 'py', '--format', 'markdown'],
      'def f(a):\n    return a\n',
    );
    assert.equal(code, 0);
    assert.match(stdout, /^# standard input\n/);
    assert.match(stdout, /## Walkthrough/);
    assert.match(stdout, /\| cyclomatic complexity \| 1 \|/);
  });

  it('fails clearly on bad input, still explaining the good files', async () => {
    const unknown = await analyze(['notes.txt']);
    assert.equal(unknown.code, 1);
    assert.match(
      unknown.stderr,
      /cannot tell the language of notes\.txt from its extension; pass --language/,
    );

    const mixed = await analyze(['sum.js', 'missing.go']);
    assert.equal(mixed.code, 1);
    const [ok, bad] = mixed.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(ok?.file, 'sum.js');
    assert.deepEqual(bad, {
      file: 'missing.go',
      error: { message: 'cannot read missing.go: ENOENT', details: [] },
    });

    const badMode = await analyze(['sum.js', '--mode', 'fast']);
    assert.equal(badMode.code, 1);
    assert.match(badMode.stderr, /mode must be one of: quick, standard/);

    const usage = await analyze([]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /no files given\nusage: pnpm -s analyze/);
  });
});
