/**
 * Metric increments: what makes up each unit's cyclomatic and cognitive
 * numbers. The agreement suites check that they add up on every unit of their
 * corpora (JavaScript/TypeScript, Python, Go, C); this file adds Java (the
 * JDK's own java.util, read from the installed src.zip at test time) and pins
 * the wording on small examples.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageId } from '@code-explain/shared';
import { explainRequestSchema, type Increment } from '@code-explain/shared';
import { MAX_INCREMENTS_PER_UNIT, MAX_UNITS_WITH_INCREMENTS } from '../../src/engine/budget.js';
import { createEngine } from '../../src/engine/engine.js';
import { boundedIncrements } from '../../src/engine/metadata.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import type { MetricIncrement } from '../../src/engine/metrics/model.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { adversarialInputs } from './support/adversarial.js';
import { IncrementCheck } from './support/increments.js';
import { dedent } from './support/measure.js';

const parser = new SourceParser({ timeoutMs: 20_000 });
after(() => parser.dispose());

async function unitsOf(language: LanguageId, code: string) {
  const parsed = await parser.parse(code, language);
  return metricsFor(language).measure(parsed.snapshot).units;
}

const compact = (increments: readonly MetricIncrement[]) =>
  increments.map((i) => `${i.metric} +${i.points} line ${i.line}: ${i.reason}`);

describe('metric increments', function () {
  this.timeout(120_000);

  it('explains a JavaScript function, line by line', async () => {
    const [unit] = await unitsOf(
      'javascript',
      dedent(`
        function pick(items, wanted) {
          for (const item of items) {
            if (item.ok && wanted(item)) {
              return item;
            }
          }
          return items.length ? items[0] : null;
        }
      `),
    );
    assert.deepEqual(compact(unit!.increments), [
      'cyclomatic +1 line 1: the path through the function',
      'cyclomatic +1 line 2: `for`',
      'cognitive +1 line 2: `for`',
      'cyclomatic +1 line 3: `if`',
      'cyclomatic +1 line 3: `&&`',
      'cognitive +2 line 3: `if`, nested 1 level deep',
      'cognitive +1 line 3: a sequence of `&&`',
      'cyclomatic +1 line 7: a conditional expression (`?`)',
      'cognitive +1 line 7: a conditional expression (`?`)',
    ]);
    assert.deepEqual([unit!.cyclomatic, unit!.cognitive], [5, 5]);
  });

  it('explains a recursive Python function, with its own words for each construct', async () => {
    const [unit] = await unitsOf(
      'python',
      dedent(`
        def depth(node):
            if node is None or not node.children:
                return 0
            return 1 + max(depth(child) for child in node.children)
      `),
    );
    const reasons = compact(unit!.increments);
    assert.ok(
      reasons.includes('cognitive +1 line 1: recursion (its calls lead back to it)'),
      reasons.join('\n'),
    );
    assert.ok(
      reasons.some((r) => r.startsWith('cognitive +1 line 2: `if`')),
      reasons.join('\n'),
    );
    assert.ok(
      reasons.some((r) => /line 2: a sequence of `or`/.test(r)),
      reasons.join('\n'),
    );
  });

  it('gives a class the increments of its methods', async () => {
    const units = await unitsOf(
      'typescript',
      dedent(`
        class Stack {
          push(x: number) { if (x < 0) throw new Error('negative'); }
          pop() { return this.items.length > 0 ? this.items.pop() : undefined; }
        }
      `),
    );
    const stack = units.find((u) => u.name === 'Stack')!;
    assert.equal(
      stack.increments.length,
      units.filter((u) => u.kind !== 'class').reduce((n, u) => n + u.increments.length, 0),
    );
    const check = new IncrementCheck();
    for (const unit of units) check.check(unit.name, unit);
    assert.deepEqual(check.problems, []);
  });

  it('add up in every language, on inputs built to be hard (thousands of units, deep nesting)', async () => {
    const check = new IncrementCheck();
    for (const input of adversarialInputs()) {
      for (const unit of await unitsOf(input.language, input.code)) {
        check.check(`${input.name}:${unit.startLine} ${unit.name}`, unit);
      }
    }
    console.log(`      adversarial inputs: ${check.summary()}`);
    assert.deepEqual(check.problems.slice(0, 10), []);
  });

  it("put a C# lambda's increments in its method, on the lambda's lines, one nesting level deeper", async () => {
    const units = await unitsOf(
      'csharp',
      dedent(`
        class Orders {
          int Count(List<Order> orders, bool strict) {
            return orders.Count(o =>
            {
              if (o.Paid && strict)
                return true;
              return o.Total > 0 ? o.Open : false;
            });
          }
        }
      `),
    );
    assert.deepEqual(
      units.map((u) => u.name),
      ['Orders', 'Orders.Count'],
    );
    const count = units[1]!;
    assert.deepEqual(compact(count.increments), [
      'cyclomatic +1 line 2: the path through the function',
      'cyclomatic +1 line 5: `if`',
      'cyclomatic +1 line 5: `&&`',
      'cognitive +2 line 5: `if`, nested 1 level deep',
      'cognitive +1 line 5: a sequence of `&&`',
      'cyclomatic +1 line 7: `?`',
      'cognitive +2 line 7: `?`, nested 1 level deep',
    ]);
    assert.deepEqual([count.cyclomatic, count.cognitive], [4, 5]);
    const check = new IncrementCheck();
    for (const unit of units) check.check(unit.name, unit);
    assert.deepEqual(check.problems, []);
  });

  it("put a Rust closure's increments in its fn, on the closure's lines, one nesting level deeper", async () => {
    const units = await unitsOf(
      'rust',
      dedent(`
        fn total(items: &[i32], limit: i32) -> i32 {
            items
                .iter()
                .map(|x| match x {
                    n if *n > limit => limit,
                    _ => *x,
                })
                .sum()
        }
      `),
    );
    assert.deepEqual(
      units.map((u) => u.name),
      ['total'],
    );
    assert.deepEqual(compact(units[0]!.increments), [
      'cyclomatic +1 line 1: the path through the function',
      'cyclomatic +1 line 4: `match`',
      'cognitive +2 line 4: `match`, nested 1 level deep',
      'cyclomatic +1 line 5: `if`',
    ]);
    assert.deepEqual([units[0]!.cyclomatic, units[0]!.cognitive], [3, 2]);
    const check = new IncrementCheck();
    check.check('total', units[0]!);
    assert.deepEqual(check.problems, []);
  });

  it('count a Kotlin `when` as its entries minus one, and say so', async () => {
    const [unit] = await unitsOf(
      'kotlin',
      'fun f(x: Int) = when (x) {\n  1 -> "a"\n  2 -> "b"\n  else -> "c"\n}\n',
    );
    const check = new IncrementCheck();
    check.check('f', unit!);
    assert.deepEqual(check.problems, []);
    assert.ok(
      unit!.increments.some((i) => i.points === -1 && i.reason === '`when` (its first branch adds no path)'),
      compact(unit!.increments).join('\n'),
    );
  });

  it("add up on every unit of the JDK's java.util", async () => {
    // Debian's openjdk-17-source, which test/services/with-services.ts installs with the reference tools.
    const zip = '/usr/lib/jvm/openjdk-17/src.zip';
    assert.ok(existsSync(zip), `${zip} is missing: apt-get install openjdk-17-source`);
    const dir = mkdtempSync(join(tmpdir(), 'cex-jdk-'));
    try {
      execFileSync('python3', [
        '-c',
        'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); ' +
          "[z.extract(n, sys.argv[2]) for n in z.namelist() if n.startswith('java.base/java/util/') and n.count('/') == 3]",
        zip,
        dir,
      ]);
      const folder = join(dir, 'java.base', 'java', 'util');
      const files = readdirSync(folder)
        .filter((name) => name.endsWith('.java'))
        .sort();
      const check = new IncrementCheck();
      for (const name of files) {
        for (const unit of await unitsOf('java', readFileSync(join(folder, name), 'utf8'))) {
          check.check(`${name}:${unit.startLine} ${unit.name}`, unit);
        }
      }
      console.log(`      java.util: ${files.length} files, ${check.summary()}`);
      assert.deepEqual(check.problems.slice(0, 10), []);
      assert.ok(check.units >= 1000, `only ${check.units} units`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('metric increments in the response', function () {
  this.timeout(120_000);
  const engine = createEngine();
  after(() => engine.dispose());

  const sum = (increments: readonly Increment[], metric: Increment['metric']) =>
    increments.filter((i) => i.metric === metric).reduce((n, i) => n + i.points, 0);

  it('carries each complex unit\'s increments, adding up, and takes them apart in "Why these numbers"', async () => {
    const code = dedent(`
      function pick(items, wanted) {
        for (const item of items) {
          if (item.ok && wanted(item)) {
            return item;
          }
        }
        return null;
      }
      function id(x) {
        return x;
      }
    `);
    for (const mode of ['standard', 'detailed', 'performance'] as const) {
      const response = await engine.explain(
        explainRequestSchema.parse({ code, language: 'javascript', mode }),
      );
      const [pick, id] = response.metadata.units ?? [];
      assert.ok(pick?.increments && pick.increments.length > 0, 'pick has increments');
      assert.equal(sum(pick.increments, 'cyclomatic'), pick.complexity.cyclomatic);
      assert.equal(sum(pick.increments, 'cognitive'), pick.complexity.cognitive);
      assert.equal(id?.increments, undefined, 'a unit without decisions carries none');
      const why = response.sections.find((s) => s.title === 'Why these numbers');
      assert.ok(why, `${mode} has a "Why these numbers" section`);
      assert.match(
        why.content,
        /`pick\(items, wanted\)` \(lines 1–8\), cognitive 4: \+1 for `for` \(line 2\), \+2 for `if`, nested 1 level deep \(line 3\), \+1 for a sequence of `&&` \(line 3\)\./,
      );
      assert.match(
        why.content,
        /cyclomatic 4: \+1 for the path through the function \(line 1\), \+1 for `for` \(line 2\), \+1 for `if` \(line 3\), \+1 for `&&` \(line 3\)\./,
      );
      assert.ok(!why.content.includes('`id'), 'a function without decisions is not taken apart');
    }
    const quick = await engine.explain(
      explainRequestSchema.parse({ code: 'x = 1', language: 'python', mode: 'detailed' }),
    );
    assert.equal(
      quick.sections.find((s) => s.title === 'Why these numbers'),
      undefined,
      'no section without decisions',
    );
  });

  it('bounds them on large inputs, and every unit carried still adds up', async () => {
    const code = Array.from(
      { length: 120 },
      (_, i) =>
        `def f${i}(a, b):\n${Array.from({ length: (i % 7) * 4 }, (_, j) => `    if a > ${j} and b:\n        a -= 1\n`).join('')}    return a\n`,
    ).join('');
    const response = await engine.explain(
      explainRequestSchema.parse({ code, language: 'python', mode: 'detailed' }),
    );
    const carried = (response.metadata.units ?? []).filter((u) => u.increments !== undefined);
    assert.equal(carried.length, MAX_UNITS_WITH_INCREMENTS);
    for (const unit of carried) {
      assert.ok(
        unit.increments!.length <= MAX_INCREMENTS_PER_UNIT,
        `${unit.name}: ${unit.increments!.length}`,
      );
      assert.equal(sum(unit.increments!, 'cyclomatic'), unit.complexity.cyclomatic, unit.name);
      assert.equal(sum(unit.increments!, 'cognitive'), unit.complexity.cognitive, unit.name);
    }
    // The most complex are the ones carried.
    const least = Math.min(...carried.map((u) => u.complexity.cognitive));
    assert.ok(
      (response.metadata.units ?? []).every(
        (u) => u.increments !== undefined || u.complexity.cognitive <= least,
      ),
    );
  });

  it('sums what it leaves out of a long list into one entry per metric', () => {
    const long = Array.from({ length: 80 }, (_, i) => ({
      metric: i % 2 === 0 ? ('cyclomatic' as const) : ('cognitive' as const),
      line: i + 1,
      points: 1 + (i % 3),
      reason: '`if`',
    }));
    const bounded = boundedIncrements(long);
    assert.equal(bounded.length, MAX_INCREMENTS_PER_UNIT);
    for (const metric of ['cyclomatic', 'cognitive'] as const) {
      assert.equal(sum(bounded, metric), sum(long, metric));
    }
    assert.match(bounded.at(-1)!.reason, /^\d+ more places \(lines \d+–80\)$/);
  });
});
