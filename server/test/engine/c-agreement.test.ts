/**
 * Our C cyclomatic numbers against pmccabe (Debian's `pmccabe`) on
 * hand-written C that the registries install with this repository: the
 * tree-sitter runtime vendored in the `tree-sitter` npm package (a dev
 * dependency kept for this corpus) and the external scanner of the Kotlin
 * grammar package.
 *
 * `pmccabe -v` prints two numbers per function. The "modified McCabe" number
 * counts a whole `switch` as one decision; the "traditional" one counts each
 * `case` label (not `default`), which is what lizard and we do, so that is
 * the one compared. Both count `if`, loops (`do … while` once), `&&`, `||`
 * and `?:` as we do. pmccabe reads no preprocessor conditionals, while we
 * count `#if`, `#ifdef` and `#elif` as lizard does, so the compared number
 * is ours minus the directives inside the function.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SnapshotNode as Node } from '../../src/engine/parsing/node.js';
import { cMetrics } from '../../src/engine/metrics/tier2/c.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { IncrementCheck } from './support/increments.js';
import { Agreement, filesIn } from './support/agreement.js';
import { canRun, run } from './support/commands.js';

const HINT =
  'Install Debian package pmccabe (apt-get install -y pmccabe); `pnpm test` does so when run as root.';

interface PmccabeStat {
  readonly traditional: number;
  /** The line of the function's name. */
  readonly line: number;
  readonly name: string;
}

function runPmccabe(file: string): PmccabeStat[] {
  const { stdout } = run('pmccabe', ['-v', file], HINT);
  const stats: PmccabeStat[] = [];
  for (const line of stdout.split('\n')) {
    const [, traditional, at, name] = /^\d+\t(\d+)\t\d+\t\d+\t\d+\t.*\((\d+)\): (.+)$/.exec(line) ?? [];
    if (name) stats.push({ traditional: Number(traditional), line: Number(at), name: name.trim() });
  }
  return stats;
}

/** The corpus: every `.c` file of the tree-sitter runtime, and the Kotlin grammar's scanner. */
function corpus(): string[] {
  const require = createRequire(import.meta.url);
  const runtime = join(dirname(require.resolve('tree-sitter/package.json')), 'vendor/tree-sitter/lib/src');
  const kotlin = dirname(require.resolve('@tree-sitter-grammars/tree-sitter-kotlin/package.json'));
  return [...filesIn(runtime, (name) => name.endsWith('.c')), join(kotlin, 'src/scanner.c')];
}

/** Preprocessor conditionals we count inside a function (`#if`, `#ifdef`, `#elif`). */
function directives(fn: Node): number {
  let count = 0;
  const pending: Node[] = [fn];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'preproc_if' || node.type === 'preproc_elif') count++;
    if (node.type === 'preproc_ifdef' && node.child(0)?.type === '#ifdef') count++;
    for (const child of node.namedChildren) if (child) pending.push(child);
  }
  return count;
}

describe('C cyclomatic agrees with pmccabe on hand-written C', function () {
  this.timeout(120_000);
  const agreement = new Agreement('cyclomatic vs pmccabe traditional McCabe');
  let unmatched = 0;
  const increments = new IncrementCheck();

  before(async () => {
    if (!canRun('pmccabe', ['-V'])) throw new Error(`pmccabe is not installed. ${HINT}`);
    const parser = new SourceParser({ timeoutMs: 20_000 });
    try {
      for (const file of corpus()) {
        const parsed = await parser.parse(readFileSync(file, 'utf8'), 'c');
        const units = cMetrics.measure(parsed.snapshot).units;
        for (const unit of units)
          increments.check(`${file.split('/').slice(-2).join('/')}:${unit.startLine} ${unit.name}`, unit);
        for (const stat of runPmccabe(file)) {
          const unit = units.find(
            (u) => u.name === stat.name && u.startLine <= stat.line && stat.line <= u.endLine,
          );
          if (!unit) {
            unmatched++;
            continue;
          }
          const label = `${file.split('/').slice(-2).join('/')}:${stat.line} ${stat.name}`;
          agreement.compare(label, unit.cyclomatic - directives(unit.node), stat.traditional);
        }
      }
    } finally {
      parser.dispose();
    }
  });

  it("explains every unit's numbers with increments that add up to them", () => {
    console.log(`      ${increments.summary()}`);
    assert.deepEqual(increments.problems.slice(0, 10), []);
    assert.ok(increments.units >= 300, `only ${increments.units} units`);
  });

  it('matches pmccabe on ≥95% of the functions', () => {
    console.log(`      ${agreement.summary()}\n      functions pmccabe reports that we do not: ${unmatched}`);
    assert.ok(agreement.total >= 300, `only ${agreement.total} functions compared`);
    assert.ok(agreement.rate >= 0.95, agreement.summary(20));
  });
});
