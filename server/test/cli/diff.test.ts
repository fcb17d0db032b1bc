/**
 * `code-explain diff` on fixture repositories made with git, run as a real
 * process twice over: the workspace command and the installed one (the
 * installation the installed-command tests share, support.ts).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Suggestion } from '@code-explain/shared';
import AjvDraft04 from 'ajv-draft-04';
import AjvFormats from 'ajv-formats';
import type { Log } from 'sarif';
import type { FileDiff, UnitChange } from '../../src/cli/diff/model.js';
import type { DiffSummary } from '../../src/cli/diff/report.js';
import { diffRepository } from './support/diff-fixture.js';
import {
  WORKSPACE_BIN,
  WORKSPACE_DIR,
  git,
  gitRepository,
  installedCommand,
  run,
  tempDir,
  writeFiles,
} from './support.js';

const require = createRequire(import.meta.url);
const Ajv = AjvDraft04.default;
const addFormats = AjvFormats.default;

/** The JSON document, as the tests read it (a file's `from`, `before`, `after` are left out when absent). */
interface DiffJson {
  base: { revision: string; commit: string };
  head: { revision: string; commit?: string };
  summary: DiffSummary;
  files: (Omit<FileDiff, 'headUnits' | 'headLines' | 'notAnalysed'> & {
    notAnalysed?: { why: string; reason: string };
  })[];
  units: UnitChange[];
  gates: { gate: string; offenders: unknown[] }[];
}

/** ESC [2K, the terminal's "clear the line", as a pattern. */
const CLEAR_LINE = '\u001b\\[2K';

const parse = (stdout: string) => JSON.parse(stdout) as DiffJson;
const unitNamed = (d: DiffJson, file: string, name: string) => {
  const unit = d.units.find((u) => u.file === file && u.name === name);
  assert.ok(unit, `${file}: ${name} in ${d.units.map((u) => `${u.file}:${u.name}`).join(', ')}`);
  return unit;
};
const metrics = (u: { complexity: { cognitive: number; cyclomatic: number } } | undefined) =>
  u && { cognitive: u.complexity.cognitive, cyclomatic: u.complexity.cyclomatic };
const rules = (findings: readonly Suggestion[]) => findings.map((f) => `${f.rule}@${f.line}`);

/** Python with one documented function and one without (an info finding, unchanged by the changes below). */
const LIB_PY = `def total(values):
    """Adds up the values."""
    return sum(values)


def undocumented(a):
    return a
`;

function describeDiff(label: string, binOf: () => string): void {
  describe(`code-explain diff, the ${label} command`, function () {
    this.timeout(120_000);
    let repo = '';
    let staged = '';
    let bin = '';
    const diff = (args: readonly string[], cwd = repo) => run(bin, ['diff', ...args], { cwd });

    before(function () {
      this.timeout(600_000);
      bin = binOf();
      repo = tempDir('diff');
      diffRepository(repo);
      // A second repository for the index and the working tree: one staged change, one not.
      staged = tempDir('staged');
      gitRepository(staged, { 'lib.py': LIB_PY, 'other.js': 'function other(a) {\n  return a;\n}\n' });
      writeFiles(staged, {
        'lib.py': `${LIB_PY}\n\ndef bounded(v, hi):\n    """Keeps v at most hi."""\n    if v > hi:\n        return hi\n    return v\n`,
      });
      git(staged, 'add', 'lib.py');
      writeFiles(staged, { 'other.js': 'function other(a) {\n  return a ? a : 0;\n}\n' });
    });
    after(() => {
      rmSync(repo, { recursive: true, force: true });
      rmSync(staged, { recursive: true, force: true });
    });

    it('finds the units added, changed and removed across added, changed, renamed and deleted files, with exact metrics', async () => {
      const { code, stdout, stderr } = await diff(['HEAD~1..HEAD', '--format', 'json']);
      assert.equal(code, 0, stderr);
      const d = parse(stdout);
      assert.equal(d.base.revision, 'HEAD~1');
      assert.equal(d.base.commit, git(repo, 'rev-parse', 'HEAD~1').trim());
      assert.deepEqual(d.head, { revision: 'HEAD', commit: git(repo, 'rev-parse', 'HEAD').trim() });
      assert.deepEqual(d.summary, {
        files: { total: 7, added: 1, modified: 4, renamed: 1, deleted: 1, notAnalysed: 2 },
        lines: { added: 27, removed: 13 },
        units: { added: 5, changed: 3, removed: 2 },
        findings: {
          new: 1,
          resolved: 1,
          newBySeverity: { info: 0, low: 0, medium: 0, high: 1, critical: 0 },
        },
        complexity: { cognitive: { before: 8, after: 15 }, cyclomatic: { before: 10, after: 17 } },
      });
      assert.deepEqual(
        d.files.map((f) => [f.file, f.status, f.from, f.units, f.notAnalysed?.reason]),
        [
          [
            'README.md',
            'modified',
            undefined,
            { added: 0, changed: 0, removed: 0, unchanged: 0 },
            'no language code-explain reads',
          ],
          [
            'logo.png',
            'modified',
            undefined,
            { added: 0, changed: 0, removed: 0, unchanged: 0 },
            'a binary file',
          ],
          ['src/app.js', 'added', undefined, { added: 2, changed: 0, removed: 0, unchanged: 0 }, undefined],
          [
            'src/gone.go',
            'deleted',
            undefined,
            { added: 0, changed: 0, removed: 1, unchanged: 0 },
            undefined,
          ],
          [
            'src/runner.js',
            'modified',
            undefined,
            { added: 1, changed: 1, removed: 1, unchanged: 0 },
            undefined,
          ],
          [
            'src/shapes.py',
            'renamed',
            'src/geometry.py',
            { added: 0, changed: 1, removed: 0, unchanged: 2 },
            undefined,
          ],
          [
            'src/tangle.ts',
            'modified',
            undefined,
            { added: 2, changed: 1, removed: 0, unchanged: 1 },
            undefined,
          ],
        ],
      );

      // tangle moved down five lines (scale was added above it) and grew: matched by name, not by line.
      const tangle = unitNamed(d, 'src/tangle.ts', 'tangle');
      assert.equal(tangle.change, 'changed');
      assert.deepEqual(metrics(tangle.before), { cognitive: 6, cyclomatic: 4 });
      assert.deepEqual(metrics(tangle.after), { cognitive: 13, cyclomatic: 8 });
      assert.deepEqual([tangle.before?.startLine, tangle.after?.startLine], [1, 6]);
      assert.deepEqual(tangle.lines, {
        added: [
          { first: 9, last: 9 },
          { first: 11, last: 17 },
        ],
        removed: [{ first: 5, last: 5 }],
      });
      assert.match(tangle.purpose ?? '', /adds up values from `rows` into `total`/);
      // steady moved too, but its text did not change: not a change.
      assert.ok(!d.units.some((u) => u.name === 'steady'));

      // Compared across the rename: only clamp changed; area and perimeter are the same.
      const clamp = unitNamed(d, 'src/shapes.py', 'clamp');
      assert.equal(clamp.change, 'changed');
      assert.deepEqual(
        [metrics(clamp.before), metrics(clamp.after)],
        [
          { cognitive: 1, cyclomatic: 2 },
          { cognitive: 2, cyclomatic: 3 },
        ],
      );
      assert.match(clamp.purpose ?? '', /keeps v between lo and hi/);

      const gone = unitNamed(d, 'src/gone.go', 'Gone');
      assert.equal(gone.change, 'removed');
      assert.deepEqual([metrics(gone.before), gone.after], [{ cognitive: 1, cyclomatic: 2 }, undefined]);
      assert.deepEqual(gone.lines, { added: [], removed: [{ first: 4, last: 9 }] });

      const scale = unitNamed(d, 'src/tangle.ts', 'scale');
      assert.equal(scale.change, 'added');
      assert.deepEqual([scale.before, metrics(scale.after)], [undefined, { cognitive: 0, cyclomatic: 1 }]);
    });

    it('matches findings by rule, unit and message: the new command injection, the fixed one resolved, the rest unchanged', async () => {
      const d = parse((await diff(['HEAD~1..HEAD', '-f', 'json'])).stdout);
      const everyNew = d.units.flatMap((u) =>
        u.findings.new.map((f) => `${u.file} ${f.rule}@${f.line} ${f.severity}`),
      );
      assert.deepEqual(everyNew, ['src/app.js security/command-injection@6 high']);
      const everyResolved = d.units.flatMap((u) =>
        u.findings.resolved.map((f) => `${u.file} ${f.rule}@${f.line} ${f.severity}`),
      );
      assert.deepEqual(everyResolved, ['src/runner.js security/command-injection@4 high']);
      // tangle's missing doc comment moved from line 1 to line 6: the same finding, unchanged.
      assert.deepEqual(rules(unitNamed(d, 'src/tangle.ts', 'tangle').findings.unchanged), [
        'documentation/missing-doc@6',
      ]);
      // The most important unit comes first: the one with the new high finding.
      assert.equal(d.units[0]?.findings.new[0]?.rule, 'security/command-injection');
      assert.deepEqual(
        d.units.slice(1, 3).map((u) => u.name),
        ['tangle', 'clamp'],
      );
    });

    it('Markdown: a headline summary, then the changed units most important first, then every file said plainly', async () => {
      const { code, stdout } = await diff(['HEAD~1..HEAD']);
      assert.equal(code, 0);
      const lines = stdout.split('\n');
      assert.equal(lines[0], '# Code Explain review');
      assert.match(lines[2]!, /^`HEAD~1` \([0-9a-f]{12}\) → `HEAD` \([0-9a-f]{12}\)$/);
      assert.deepEqual(lines.slice(4, 8), [
        '- **Files:** 7 files changed (1 added, 4 modified, 1 renamed, 1 deleted), 2 not analysed; +27 −13 lines',
        '- **Units:** 5 added, 3 changed, 2 removed',
        '- **Findings:** 1 new (1 high), 1 resolved',
        '- **Complexity** of the changed function-like units: cognitive 8 → 15 (+7), cyclomatic 10 → 17 (+7)',
      ]);
      const headings = lines.filter((l) => /^#{1,6} /.test(l));
      assert.deepEqual(headings.slice(0, 2), ['# Code Explain review', '## Changed units']);
      assert.equal(headings.at(-1), '## Files');
      assert.equal(headings.length, 2 + 10 + 1, headings.join('\n'));
      assert.match(headings[3]!, /^### 2\. `tangle` \(function\) in `src\/tangle\.ts`: changed$/);
      assert.match(
        stdout,
        /\| 2 \| `tangle` \| function \| `src\/tangle\.ts` \| 6–21 \| changed \| 6 → 13 \(\+7\) \| 4 → 8 \(\+4\) \| 0 \| 0 \|/,
      );
      assert.match(stdout, /\| cognitive \| 6 \| 13 \| \+7 \|\n\| cyclomatic \| 4 \| 8 \| \+4 \|/);
      assert.match(stdout, /Lines changed: 9, 11–17 in the head; 5 of the base\./);
      assert.match(
        stdout,
        /\*\*New findings\*\* \(1\)\n\n- \*\*high\*\* \(line 6\) `security\/command-injection`: CWE-78/,
      );
      assert.match(
        stdout,
        /\*\*Resolved findings\*\* \(1\)\n\n- \*\*high\*\* \(line 4\) `security\/command-injection`/,
      );
      assert.match(
        stdout,
        /\| `src\/shapes\.py` \| renamed from `src\/geometry\.py` \(85% similar\) \| Python \| \+3 −1 \| 0 \/ 1 \/ 0 \/ 2 \|/,
      );
      assert.match(stdout, /\| `src\/gone\.go` \| deleted \| Go \| \+0 −9 \| 0 \/ 0 \/ 1 \/ 0 \|/);
      assert.match(
        stdout,
        /\| `logo\.png` \| modified \| — \| \+0 −0 \| — \| not analysed: a binary file \|/,
      );
      assert.match(
        stdout,
        /\| `README\.md` \| modified \| — \| \+2 −0 \| — \| not analysed: no language code-explain reads \|/,
      );
      assert.ok(!stdout.includes(repo), 'no absolute path');
    });

    it('SARIF: new findings only, valid against the SARIF 2.1.0 schema, files not analysed as notifications', async () => {
      const { code, stdout } = await diff(['HEAD~1..HEAD', '--format', 'sarif', '--max-cognitive', '12']);
      assert.equal(code, 1);
      const log = JSON.parse(stdout) as Log;
      const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;
      const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
      addFormats(ajv);
      const validate = ajv.compile(schema);
      assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
      const results = log.runs[0]!.results ?? [];
      assert.deepEqual(
        results.map((r) => [
          r.ruleId,
          r.locations?.[0]?.physicalLocation?.artifactLocation?.uri,
          r.locations?.[0]?.physicalLocation?.region?.startLine,
        ]),
        [
          ['security/command-injection', 'src/app.js', 6],
          ['code-explain/max-cognitive', 'src/tangle.ts', 6],
        ],
      );
      // The head versions of the files compared (not the deleted one), with their line counts.
      assert.deepEqual(
        log.runs[0]!.artifacts?.map((a) => [a.location?.uri, a.properties?.lines]),
        [
          ['src/app.js', 7],
          ['src/runner.js', 7],
          ['src/shapes.py', 17],
          ['src/tangle.ts', 28],
        ],
      );
      const notes = log.runs[0]!.invocations?.[0]?.toolExecutionNotifications ?? [];
      assert.deepEqual(
        notes.map((n) => n.message.text),
        ['README.md was skipped: no language code-explain reads', 'logo.png was skipped: a binary file'],
      );
    });

    it('gates judge new findings and the head version of added and changed units', async () => {
      const high = await diff(['HEAD~1..HEAD', '--fail-on', 'high', '-f', 'json']);
      assert.equal(high.code, 1);
      assert.match(
        high.stderr,
        /--fail-on high failed: 1 finding at high or above\n {2}src\/app\.js:6 security\/command-injection \(high\)/,
      );
      assert.equal((await diff(['HEAD~1..HEAD', '--fail-on', 'critical', '-f', 'json'])).code, 0);
      const cognitive = await diff(['HEAD~1..HEAD', '--max-cognitive', '12', '-f', 'json']);
      assert.equal(cognitive.code, 1);
      assert.match(
        cognitive.stderr,
        /--max-cognitive 12 failed: 1 unit over 12 cognitive complexity\n {2}src\/tangle\.ts:6–21 tangle \(function\): 13/,
      );
      assert.equal((await diff(['HEAD~1..HEAD', '--max-cognitive', '13', '-f', 'json'])).code, 0);
      // The fix alone: the base's high finding is resolved, nothing new, so the gate passes.
      const fix = await diff(['HEAD~1..HEAD', '--fail-on', 'high', '--exclude', 'src/app.js', '-f', 'json']);
      assert.equal(fix.code, 0, fix.stderr);
      assert.equal(parse(fix.stdout).summary.findings.resolved, 1);
    });

    it('--staged compares the index with HEAD; a revision alone compares it with the working tree', async () => {
      const index = await diff(['--staged', '-f', 'json', '--fail-on', 'info'], staged);
      // lib.py keeps its unchanged info finding (undocumented has no docstring): not new, so the gate passes.
      assert.equal(index.code, 0, index.stderr);
      const d = parse(index.stdout);
      assert.deepEqual(d.head, { revision: 'index' });
      assert.deepEqual(
        d.files.map((f) => [f.file, f.status]),
        [['lib.py', 'modified']],
      );
      assert.deepEqual(
        d.units.map((u) => [u.name, u.change, metrics(u.after)]),
        [['bounded', 'added', { cognitive: 1, cyclomatic: 2 }]],
      );
      assert.deepEqual(d.summary.findings, {
        new: 0,
        resolved: 0,
        newBySeverity: { info: 0, low: 0, medium: 0, high: 0, critical: 0 },
      });

      const worktree = parse((await diff(['HEAD', '-f', 'json'], staged)).stdout);
      assert.deepEqual(worktree.head, { revision: 'working tree' });
      assert.deepEqual(
        worktree.units.map((u) => [u.file, u.name, u.change, metrics(u.before), metrics(u.after)]),
        [
          ['lib.py', 'bounded', 'added', undefined, { cognitive: 1, cyclomatic: 2 }],
          ['other.js', 'other', 'changed', { cognitive: 0, cyclomatic: 1 }, { cognitive: 1, cyclomatic: 2 }],
        ],
      );
    });

    it('draws a progress bar on a terminal (the files to compare, the current one), none with CI set', async () => {
      // `script` gives the command a terminal; what it drew comes out on script's stdout.
      const onTerminal = (env: NodeJS.ProcessEnv) =>
        run('script', ['-qec', `${bin} diff HEAD~1..HEAD --jobs 1 >/dev/null`, '/dev/null'], {
          cwd: repo,
          env,
        });
      const terminal = await onTerminal({});
      assert.equal(terminal.code, 0);
      assert.match(terminal.stdout, new RegExp(`\r${CLEAR_LINE}[█░]+ \\d/5 files src/app\\.js`));
      const ci = await onTerminal({ CI: 'true' });
      assert.equal(ci.code, 0);
      assert.doesNotMatch(ci.stdout, new RegExp(`[█░]|${CLEAR_LINE}`));
    });

    it('exits 2 with a clear message outside a git repository, on an unknown revision and on a bad range', async () => {
      const outside = tempDir('not-git');
      try {
        const none = await diff(['HEAD'], outside);
        assert.equal(none.code, 2);
        assert.match(none.stderr, /^code-explain: not a git repository/m);
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
      const unknown = await diff(['no-such-branch']);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /^code-explain: unknown revision: no-such-branch/m);
      assert.equal(unknown.stdout, '');
      const range = await diff(['HEAD~1..no-such-branch']);
      assert.equal(range.code, 2);
      assert.match(range.stderr, /unknown revision: no-such-branch/);
      const both = await diff(['--staged', 'HEAD~1..HEAD']);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /--staged compares the index with one revision/);
      const format = await diff(['HEAD', '--format', 'xml']);
      assert.equal(format.code, 2);
    });
  });
}

describeDiff('workspace', () => {
  // The command runs the compiled JavaScript; `pnpm install` builds it (a no-op when up to date).
  execFileSync(process.execPath, [join(WORKSPACE_DIR, 'node_modules/typescript/bin/tsc'), '-b', 'server'], {
    cwd: WORKSPACE_DIR,
    stdio: 'pipe',
  });
  return WORKSPACE_BIN;
});
describeDiff('installed', () => installedCommand().bin);
