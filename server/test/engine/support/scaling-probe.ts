/**
 * Run by scaling.test.ts in a process of its own: the CPU milliseconds the
 * engine spends on a bundle of `n` nested functions, for each `n` on the
 * command line, least of three runs each, printed as one JSON array. A fresh
 * process keeps the test runner's heap (and its garbage collector's work on
 * it) out of the figures.
 */
import { createEngine } from '../../../src/engine/engine.js';

/** One function around `n` documented ones, each summing into a local and changing its parameter. */
export function bundle(n: number): string {
  const inner = Array.from(
    { length: n },
    (_, i) =>
      `  /**\n   * Adds item ${i}.\n   */\n  function add${i}(list, value) {\n    var total = 0;\n    for (var j = 0; j < list.length; j++) {\n      total += list[j] * ${i};\n    }\n    var cache${i} = {};\n    list.push(value);\n    return total;\n  }\n`,
  );
  return `;(function () {\n  var root = this;\n${inner.join('\n')}\n  root.done = true;\n}.call(this));\n`;
}

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
  if (response.explanation.length === 0) throw new Error('no explanation');
  return (used.user + used.system) / 1000;
}

// Compiles the code paths every size reaches.
await cpuMs(bundle(20));
const figures: { n: number; chars: number; cpuMs: number }[] = [];
for (const n of process.argv.slice(2).map(Number)) {
  const code = bundle(n);
  const runs = [await cpuMs(code), await cpuMs(code), await cpuMs(code)];
  figures.push({ n, chars: code.length, cpuMs: Math.min(...runs) });
}
process.stdout.write(`${JSON.stringify(figures)}\n`);
engine.dispose();
