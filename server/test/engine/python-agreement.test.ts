/**
 * Our Python cyclomatic numbers against mccabe (Debian's python3-mccabe) on a
 * fixed subset of the Python standard library on this machine.
 *
 * mccabe measures the control-flow graph of statements, while our number is
 * lizard's CCN, so they differ by construction. mccabe:
 * - ignores expressions: `and` / `or`, conditional expressions and
 *   comprehension `for` / `if` add nothing;
 * - counts `try` as 1 + its `except` handlers and ignores `finally` (lizard:
 *   +1 per `except`, +1 for `finally`);
 * - folds nested functions into the outer one, +1 each (lizard: separate);
 * - never enters `match`, `try`/`except*` or `finally` bodies, and reads the
 *   statements of a class nested in a function as the function's.
 *
 * The comparison therefore uses a derived number for each top-level function:
 * the sum of our cyclomatic over it and its nested functions, minus the
 * expression-level and `finally` points mccabe ignores, plus one per `try` and
 * per nested function. Functions that reach mccabe's blind spots (a `match`, an
 * `except*`, a decision inside `finally`, a nested class) are left out and
 * counted. What remains checks our statement-level decisions (`if`, `elif`,
 * loops, `except`) against an independent tool.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { SnapshotNode as Node } from '../../src/engine/parsing/node.js';
import type { UnitMetrics } from '../../src/engine/metrics/model.js';
import { pythonMetrics } from '../../src/engine/metrics/python/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { IncrementCheck } from './support/increments.js';
import { Agreement, filesIn } from './support/agreement.js';
import { run } from './support/commands.js';
import { mccabePython, runMccabe } from './support/mccabe.js';

/** Every FILE_STRIDE-th module of the standard library's top level, in name order. */
const FILE_STRIDE = 5;

const MCCABE_IGNORES = new Set([
  'boolean_operator',
  'conditional_expression',
  'for_in_clause',
  'if_clause',
  'case_clause',
  'finally_clause',
]);
const STATEMENT_DECISIONS = new Set([
  'if_statement',
  'elif_clause',
  'for_statement',
  'while_statement',
  'except_clause',
  'try_statement',
  'function_definition',
]);
const BLIND_SPOTS = new Set(['match_statement', 'except_group_clause', 'class_definition']);

interface Tally {
  ignored: number;
  tries: number;
  nestedDefs: number;
  blind: boolean;
}

/** Counts, over a function's subtree outside lambdas, what the derived number needs. */
function tally(fn: Node): Tally {
  const result: Tally = { ignored: 0, tries: 0, nestedDefs: 0, blind: false };
  const stack: { node: Node; inFinally: boolean }[] = [{ node: fn, inFinally: false }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, inFinally } = item;
    const type = node.type;
    if (!node.isNamed || type === 'lambda') continue;
    if (MCCABE_IGNORES.has(type)) result.ignored++;
    if (type === 'try_statement') result.tries++;
    if (type === 'function_definition' && node.id !== fn.id) result.nestedDefs++;
    if (BLIND_SPOTS.has(type) || (type === 'except_clause' && node.children.some((c) => c?.type === '*'))) {
      result.blind = true;
    }
    if (inFinally && STATEMENT_DECISIONS.has(type)) result.blind = true;
    for (const child of node.namedChildren) {
      if (child) stack.push({ node: child, inFinally: inFinally || type === 'finally_clause' });
    }
  }
  return result;
}

function contains(outer: Node, inner: Node): boolean {
  return outer.startIndex <= inner.startIndex && inner.endIndex <= outer.endIndex && outer.id !== inner.id;
}

describe('Python cyclomatic agrees with mccabe on the standard library', function () {
  this.timeout(120_000);
  const agreement = new Agreement('derived cyclomatic vs mccabe 0.7');
  const raw = new Agreement('plain cyclomatic vs mccabe 0.7 (no derivation, for contrast)');
  let excluded = 0;
  const increments = new IncrementCheck();

  before(async () => {
    const python = mccabePython();
    const stdlib = run(
      python,
      ['-c', 'import os; print(os.path.dirname(os.__file__))'],
      'python3 is needed',
    ).stdout.trim();
    const files = filesIn(stdlib, (name) => name.endsWith('.py')).filter((_, i) => i % FILE_STRIDE === 0);
    const parser = new SourceParser({ timeoutMs: 20_000 });
    for (const file of files) {
      const reference = new Map(runMccabe(python, file).map((s) => [s.line, s]));
      const parsed = await parser.parse(readFileSync(file, 'utf8'), 'python');
      const units = pythonMetrics.measure(parsed.snapshot).units;
      for (const unit of units)
        increments.check(`${file.slice(stdlib.length + 1)}:${unit.startLine} ${unit.name}`, unit);
      const functions = units.filter((u) => u.kind !== 'class' && u.kind !== 'lambda');
      const enclosing = (u: UnitMetrics) => units.some((v) => v.kind !== 'class' && contains(v.node, u.node));
      for (const fn of functions) {
        if (enclosing(fn)) continue; // folded into its outer function by mccabe
        const stat = reference.get(fn.startLine);
        if (!stat) continue; // mccabe folds defs made inside module-level if/try into that statement
        raw.compare(fn.name, fn.cyclomatic, stat.complexity);
        const counts = tally(fn.node);
        if (counts.blind) {
          excluded++;
          continue;
        }
        const inside = functions.filter((u) => u === fn || contains(fn.node, u.node));
        const ours = 1 + inside.reduce((sum, u) => sum + u.cyclomatic - 1, 0);
        const derived = ours - counts.ignored + counts.tries + counts.nestedDefs;
        agreement.compare(
          `${file.slice(stdlib.length + 1)}:${fn.startLine} ${fn.name}`,
          derived,
          stat.complexity,
        );
      }
    }
    parser.dispose();
  });

  it("explains every unit's numbers with increments that add up to them", () => {
    console.log(`      ${increments.summary()}`);
    assert.deepEqual(increments.problems.slice(0, 10), []);
    assert.ok(increments.units >= 300, `only ${increments.units} units`);
  });

  it('matches mccabe on ≥98% of the functions it can see', () => {
    console.log(
      `      ${raw.summary(0)}\n      ${agreement.summary()}\n      left out (match, except*, decisions in finally, nested class): ${excluded}`,
    );
    assert.ok(agreement.total >= 300, `only ${agreement.total} functions compared`);
    assert.ok(agreement.rate >= 0.98, agreement.summary());
  });
});
