/**
 * `pnpm bench:engine`: engine latency by snippet size and throughput in
 * lines per second on a fixed corpus of real JavaScript (lodash and express
 * as installed), with typhonjs-escomplex run over the same files in the same
 * run for comparison. Prints figures; asserts nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { explainRequestSchema } from '@code-explain/shared';
import { createEngine } from '../src/engine/engine.js';

const require = createRequire(import.meta.url);
// escomplex ships CommonJS without types; only analyzeModule is used.
const escomplex = require('typhonjs-escomplex') as { analyzeModule(source: string): unknown };

function corpusFiles(): string[] {
  const lodash = dirname(require.resolve('lodash/package.json'));
  const express = dirname(require.resolve('express/package.json'));
  const files = readdirSync(lodash)
    .filter(
      (f) =>
        f.endsWith('.js') &&
        !f.startsWith('_') &&
        f !== 'lodash.js' &&
        f !== 'core.js' &&
        !f.endsWith('.min.js'),
    )
    .sort()
    .map((f) => join(lodash, f));
  files.push(
    ...readdirSync(join(express, 'lib'))
      .filter((f) => f.endsWith('.js'))
      .sort()
      .map((f) => join(express, 'lib', f)),
  );
  return files;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const lineCount = (s: string) => s.split('\n').length;

/** Snippets of a given size cut from the corpus at line boundaries. */
function snippetsOf(sources: readonly string[], lines: number, howMany: number): string[] {
  const all = sources.join('\n').split('\n');
  const out: string[] = [];
  for (let start = 0; out.length < howMany && start + lines <= all.length; start += lines) {
    out.push(all.slice(start, start + lines).join('\n'));
  }
  return out;
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const engine = createEngine();
  const files = corpusFiles();
  // The API takes at most 100,000 characters per request; so does the corpus.
  const sources = files.map((f) => readFileSync(f, 'utf8')).filter((s) => s.length <= 100_000);
  const request = (code: string) =>
    explainRequestSchema.parse({ code, language: 'javascript', mode: 'detailed' });

  // Warm up: grammar load and JIT.
  for (const s of sources.slice(0, 50)) await engine.explain(request(s));

  console.log(
    `corpus: ${files.length} files, ${sources.reduce((n, s) => n + lineCount(s), 0)} lines (lodash, express)`,
  );
  console.log('\nlatency of explain() by snippet size (mode detailed):');
  console.log('lines   samples   median ms   p95 ms');
  for (const size of [20, 50, 200, 1000]) {
    const snippets = snippetsOf(sources, size, size >= 1000 ? 30 : 200);
    const times: number[] = [];
    for (const s of snippets) times.push(await time(() => engine.explain(request(s))));
    times.sort((a, b) => a - b);
    console.log(
      `${String(size).padStart(5)}   ${String(times.length).padStart(7)}   ${percentile(times, 50).toFixed(2).padStart(9)}   ${percentile(times, 95).toFixed(2).padStart(6)}`,
    );
  }

  // Throughput over whole files, for us and for escomplex, same files, same run.
  const rounds = 3;
  const totalLines = sources.reduce((n, s) => n + lineCount(s), 0) * rounds;
  let escomplexFailures = 0;
  const ours = await time(async () => {
    for (let r = 0; r < rounds; r++) for (const s of sources) await engine.explain(request(s));
  });
  const theirs = await time(() => {
    for (let r = 0; r < rounds; r++)
      for (const s of sources) {
        try {
          escomplex.analyzeModule(s);
        } catch {
          escomplexFailures++;
        }
      }
  });
  const oursLps = totalLines / (ours / 1000);
  const theirsLps = totalLines / (theirs / 1000);
  console.log('\nthroughput over the whole corpus (3 rounds):');
  console.log(
    `  code-explain engine (parse, metrics, facts, rules, text): ${Math.round(oursLps).toLocaleString('en-US')} lines/s`,
  );
  console.log(
    `  typhonjs-escomplex (parse, metrics):                      ${Math.round(theirsLps).toLocaleString('en-US')} lines/s${escomplexFailures ? ` (${escomplexFailures} files failed to parse)` : ''}`,
  );
  console.log(`  ratio: ${(oursLps / theirsLps).toFixed(2)}× escomplex`);
  engine.dispose();
}

await main();
