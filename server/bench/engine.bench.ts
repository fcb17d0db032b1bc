/**
 * `pnpm bench:engine`: engine latency by snippet size and throughput in
 * lines per second on a fixed corpus of real JavaScript (lodash and express
 * as installed), with typhonjs-escomplex run over the same files in the same
 * run for comparison, and where our time goes by stage. Prints figures;
 * asserts nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { explainRequestSchema } from '@code-explain/shared';
import { compose } from '../src/engine/compose/index.js';
import { createEngine } from '../src/engine/engine.js';
import { extractFacts } from '../src/engine/facts/extract.js';
import { metricsFor } from '../src/engine/metrics/index.js';
import { SourceParser } from '../src/engine/parsing/parser.js';
import { ALL_RULES } from '../src/engine/rules/index.js';
import { runRulesWithNotes } from '../src/engine/rules/run.js';

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
  // Both get one untimed round first (JIT), then rounds alternate so that
  // whatever else the machine does hits both alike; the median round counts.
  const corpusLines = sources.reduce((n, s) => n + lineCount(s), 0);
  let escomplexFailures = 0;
  const runOurs = async () => {
    for (const s of sources) await engine.explain(request(s));
  };
  const runTheirs = () => {
    escomplexFailures = 0;
    for (const s of sources) {
      try {
        escomplex.analyzeModule(s);
      } catch {
        escomplexFailures++;
      }
    }
  };
  await runOurs();
  runTheirs();
  const rounds = 5;
  const oursTimes: number[] = [];
  const theirsTimes: number[] = [];
  for (let r = 0; r < rounds; r++) {
    oursTimes.push(await time(runOurs));
    theirsTimes.push(await time(runTheirs));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const oursLps = corpusLines / (median(oursTimes) / 1000);
  const theirsLps = corpusLines / (median(theirsTimes) / 1000);
  console.log(`\nthroughput over the whole corpus (median of ${rounds} alternating rounds, both warmed up):`);
  console.log(
    `  code-explain engine (parse, metrics, facts, rules, text): ${Math.round(oursLps).toLocaleString('en-US')} lines/s`,
  );
  console.log(
    `  typhonjs-escomplex (parse, metrics):                      ${Math.round(theirsLps).toLocaleString('en-US')} lines/s${escomplexFailures ? ` (${escomplexFailures} files failed to parse)` : ''}`,
  );
  console.log(`  ratio: ${(oursLps / theirsLps).toFixed(2)}× escomplex`);

  // Where our time goes: each stage run on its own over the same files.
  const parser = new SourceParser();
  const stageMs = { parse: 0, metrics: 0, facts: 0, rules: 0, compose: 0 };
  for (let r = 0; r < rounds; r++) {
    for (const code of sources) {
      const req = request(code);
      let t0 = performance.now();
      const parsed = await parser.parse(code, 'javascript');
      let t1 = performance.now();
      stageMs.parse += t1 - t0;
      const metrics = metricsFor('javascript').measure(parsed.snapshot);
      t0 = performance.now();
      stageMs.metrics += t0 - t1;
      const facts = extractFacts('javascript', parsed.snapshot, parsed.errorRegions, metrics);
      t1 = performance.now();
      stageMs.facts += t1 - t0;
      const run = runRulesWithNotes(ALL_RULES, {
        language: 'javascript',
        code,
        root: parsed.snapshot.root,
        facts,
      });
      const suggestions = run.suggestions;
      t0 = performance.now();
      stageMs.rules += t0 - t1;
      compose({
        request: req,
        languageName: 'JavaScript',
        facts,
        metrics,
        suggestions,
        findings: suggestions,
        checks: run.ran,
      });
      stageMs.compose += performance.now() - t0;
    }
  }
  parser.dispose();
  const escomplexRound = median(theirsTimes);
  console.log('\nstage cost per corpus round (ms), and as a share of one escomplex round:');
  for (const [stage, ms] of Object.entries(stageMs)) {
    const perRound = ms / rounds;
    console.log(
      `  ${(stage + (stage === 'parse' ? ' (tree-sitter + copy)' : '')).padEnd(24)} ${perRound.toFixed(1).padStart(7)}   ${((perRound / escomplexRound) * 100).toFixed(0).padStart(3)} %`,
    );
  }
  console.log(`  ${'escomplex (all)'.padEnd(24)} ${escomplexRound.toFixed(1).padStart(7)}   100 %`);
  engine.dispose();
}

await main();
