/**
 * The engine's work grows with the file, not with its square, for the shape
 * that used to defeat it: one function wrapping hundreds of others (a UMD
 * bundle such as lodash.js, 17,000 lines, took 6.3 s, then 1.2 s). Each unit
 * once rebuilt and rescanned its enclosing function's whole text.
 *
 * Judged by the ratio of CPU time between a bundle and one four times its
 * size, measured in a process of its own (support/scaling-probe.ts): a
 * machine's speed and load move both sides alike, where a bound in
 * milliseconds would not hold on a loaded machine. Linear work gives about 4
 * (2.9–3.7 measured, the higher while another job ran); the quadratic code
 * gave 11.8 at these sizes.
 */
import assert from 'node:assert/strict';
import { runScript } from './support/script.js';

const PROBE = new URL('./support/scaling-probe.ts', import.meta.url);

async function probe(sizes: readonly number[]): Promise<{ n: number; chars: number; cpuMs: number }[]> {
  const { code, stdout, stderr } = await runScript(PROBE, sizes.map(String));
  assert.equal(code, 0, stderr);
  return JSON.parse(stdout.trim()) as { n: number; chars: number; cpuMs: number }[];
}

describe('engine: work grows linearly with a bundle of nested functions', function () {
  this.timeout(180_000);

  it('four times the functions costs under six times the CPU', async () => {
    const [small, large] = await probe([300, 1200]);
    assert.ok(small && large);
    const ratio = large.cpuMs / small.cpuMs;
    assert.ok(
      ratio < 6,
      `${large.chars} characters took ${large.cpuMs.toFixed(0)} ms of CPU, ${small.chars} took ${small.cpuMs.toFixed(0)} ms: ${ratio.toFixed(2)}×`,
    );
  });
});
