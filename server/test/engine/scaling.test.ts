/**
 * The engine's work grows with the file, not with its square, for the shape
 * that used to defeat it: one function wrapping hundreds of others (a UMD
 * bundle such as lodash.js, 17,000 lines, took 6.3 s, then 1.2 s). Each unit
 * once rebuilt and rescanned its enclosing function's whole text.
 *
 * Judged by the ratio of CPU time between a bundle and one four times its
 * size, in the same process: a machine's speed and load move both sides
 * alike, where a bound in milliseconds would not hold on a loaded machine.
 * Linear work gives at most 4 (less, with the fixed cost of a call); the
 * quadratic code gave 7.6 at these sizes.
 */
import assert from 'node:assert/strict';
import { createEngine } from '../../src/engine/engine.js';

/** One function around `n` documented ones, each summing into a local and changing its parameter. */
function bundle(n: number): string {
  const inner = Array.from(
    { length: n },
    (_, i) =>
      `  /**\n   * Adds item ${i}.\n   */\n  function add${i}(list, value) {\n    var total = 0;\n    for (var j = 0; j < list.length; j++) {\n      total += list[j] * ${i};\n    }\n    var cache${i} = {};\n    list.push(value);\n    return total;\n  }\n`,
  );
  return `;(function () {\n  var root = this;\n${inner.join('\n')}\n  root.done = true;\n}.call(this));\n`;
}

describe('engine: work grows linearly with a bundle of nested functions', function () {
  this.timeout(180_000);
  const engine = createEngine();

  async function cpuMs(code: string): Promise<number> {
    const before = process.cpuUsage();
    const { response } = await engine.analyze({
      code,
      language: 'javascript',
      mode: 'standard',
      audience: 'intermediate',
      focus: [],
    });
    const used = process.cpuUsage(before);
    assert.ok(response.explanation.length > 0);
    return (used.user + used.system) / 1000;
  }

  /** The least of three runs: the first of a size also pays for compiling the code paths it reaches. */
  async function leastCpuMs(code: string): Promise<number> {
    const runs = [await cpuMs(code), await cpuMs(code), await cpuMs(code)];
    return Math.min(...runs);
  }

  it('four times the functions costs under five times the CPU', async () => {
    const small = bundle(300);
    const large = bundle(1200);
    await cpuMs(bundle(20));
    const smallMs = await leastCpuMs(small);
    const largeMs = await leastCpuMs(large);
    const ratio = largeMs / smallMs;
    assert.ok(
      ratio < 5,
      `${large.length} characters took ${largeMs.toFixed(0)} ms of CPU, ${small.length} took ${smallMs.toFixed(0)} ms: ${ratio.toFixed(2)}×`,
    );
  });
});
