/**
 * Our Go numbers against the real tools, on real code: a fixed set of
 * standard-library packages from this machine's GOROOT (test files left out),
 * matched to each tool's output by file and line of the declaration.
 *
 * gocyclo and gocognit report whole declarations, func literals folded in;
 * the engine's units count a func literal apart. The comparison therefore
 * uses `goDeclarationTotals` (the same scan, closures folded in) and also
 * prints how often the per-unit numbers alone agree.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goDeclarationTotals, goMetrics } from '../../src/engine/metrics/go/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { IncrementCheck } from './support/increments.js';
import { Agreement, filesIn } from './support/agreement.js';
import { GOCOGNIT, GOCYCLO, goroot, runGoTool, type GoToolStat } from './support/go-tools.js';

const PACKAGES = [
  'strings',
  'strconv',
  'bufio',
  'text/template/parse',
  'encoding/json',
  'regexp/syntax',
  'net/url',
];

interface Ours {
  readonly label: string;
  readonly cyclomatic: number;
  readonly cognitive: number;
  /** The declaration's own unit numbers (func literals excluded). */
  readonly unitCyclomatic: number;
  readonly unitCognitive: number;
}

function byLocation(stats: readonly GoToolStat[]): Map<string, GoToolStat> {
  return new Map(stats.map((s) => [`${s.file}:${s.line}`, s]));
}

describe('Go metrics agree with gocyclo and gocognit on GOROOT/src', function () {
  this.timeout(180_000);
  const ours = new Map<string, Ours>();
  let cyclo = new Map<string, GoToolStat>();
  let cognit = new Map<string, GoToolStat>();
  const increments = new IncrementCheck();

  before(async () => {
    const src = join(goroot(), 'src');
    const files = PACKAGES.flatMap((pkg) =>
      filesIn(join(src, pkg), (name) => name.endsWith('.go') && !name.endsWith('_test.go')),
    );
    cyclo = byLocation(runGoTool(GOCYCLO, files));
    cognit = byLocation(runGoTool(GOCOGNIT, files));
    const parser = new SourceParser({ timeoutMs: 20_000 });
    for (const file of files) {
      const parsed = await parser.parse(readFileSync(file, 'utf8'), 'go');
      const measured = goMetrics.measure(parsed.snapshot).units;
      for (const unit of measured)
        increments.check(`${file.slice(src.length + 1)}:${unit.startLine} ${unit.name}`, unit);
      const units = new Map(measured.map((u) => [u.node.id, u]));
      for (const total of goDeclarationTotals(parsed.snapshot.root)) {
        const unit = units.get(total.node.id);
        assert.ok(unit, `${total.name} is a unit`);
        ours.set(`${file}:${total.startLine}`, {
          label: `${file.slice(src.length + 1)}:${total.startLine} ${total.name}`,
          cyclomatic: total.cyclomatic,
          cognitive: total.cognitive,
          unitCyclomatic: unit.cyclomatic,
          unitCognitive: unit.cognitive,
        });
      }
    }
    parser.dispose();
  });

  it("explains every unit's numbers with increments that add up to them", () => {
    console.log(`      ${increments.summary()}`);
    assert.deepEqual(increments.problems.slice(0, 10), []);
    assert.ok(increments.units >= 300, `only ${increments.units} units`);
  });

  it('finds the same functions as the tools', () => {
    const missing = [...cognit.keys()].filter((key) => !ours.has(key));
    // Only declarations without a body (assembly stubs) are not units.
    for (const key of missing) assert.match(readLine(key), /^func [^{]*$/, `${key} is not a unit`);
    assert.ok(ours.size >= 300, `only ${ours.size} functions compared`);
  });

  it('cyclomatic equals gocyclo on ≥90% of functions', () => {
    const whole = new Agreement('cyclomatic vs gocyclo v0.6.0 (closures folded in)');
    const units = new Agreement('cyclomatic vs gocyclo, per unit (closures apart)');
    for (const [key, stat] of cyclo) {
      const mine = ours.get(key);
      if (!mine) continue;
      whole.compare(mine.label, mine.cyclomatic, stat.complexity);
      units.compare(mine.label, mine.unitCyclomatic, stat.complexity);
    }
    console.log(`      ${whole.summary()}\n      ${units.summary(0)}`);
    assert.ok(whole.rate >= 0.9, whole.summary());
  });

  it('cognitive equals gocognit on ≥95% of functions', () => {
    const whole = new Agreement('cognitive vs gocognit v1.3.0 (closures folded in)');
    const units = new Agreement('cognitive vs gocognit, per unit (closures apart)');
    for (const [key, stat] of cognit) {
      const mine = ours.get(key);
      if (!mine) continue;
      whole.compare(mine.label, mine.cognitive, stat.complexity);
      units.compare(mine.label, mine.unitCognitive, stat.complexity);
    }
    console.log(`      ${whole.summary()}\n      ${units.summary(0)}`);
    assert.ok(whole.rate >= 0.95, whole.summary());
  });
});

function readLine(key: string): string {
  const at = key.lastIndexOf(':');
  const lines = readFileSync(key.slice(0, at), 'utf8').split('\n');
  return lines[Number(key.slice(at + 1)) - 1] ?? '';
}
