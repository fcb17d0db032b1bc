/**
 * The Markdown report's per-file summary, from the engine's own analysis of a
 * class: the numbers it states are the functions', as in the tables and the
 * --max-cognitive gate, never the class's (which add up its methods').
 */
import assert from 'node:assert/strict';
import type { ExplainResponse } from '@code-explain/shared';
import { analyzeText } from '../../src/cli/analysis.js';
import {
  explanationBudget,
  MIN_EXPLANATION_CHARS_PER_FILE,
  toMarkdownReport,
} from '../../src/cli/format/markdown.js';
import type { AnalysedFile } from '../../src/cli/report.js';
import { createEngine, type LocalEngine } from '../../src/engine/engine.js';

const CACHE_PY = [
  'class Cache:',
  '    def get(self, key):',
  '        if key in self.data:',
  '            return self.data[key]',
  '        return None',
  '',
  '    def put(self, key, value):',
  '        if len(self.data) > 10:',
  '            self.data.clear()',
  '        self.data[key] = value',
  '',
].join('\n');

describe('code-explain Markdown: a file with a class', () => {
  let engine: LocalEngine;
  before(() => {
    engine = createEngine();
  });
  after(() => engine.dispose());

  it('states the highest cognitive complexity of a function, and counts functions in its table', async () => {
    const analysis = await analyzeText(engine, CACHE_PY, 'python', {
      mode: 'standard',
      audience: 'intermediate',
      focus: [],
    });
    // The premise: the class's own number is above any method's.
    assert.deepEqual(
      analysis.units.map((u) => [u.name, u.kind, u.complexity.cognitive]),
      [
        ['Cache', 'class', 2],
        ['Cache.get', 'method', 1],
        ['Cache.put', 'method', 1],
      ],
    );
    const file: AnalysedFile = {
      kind: 'analysed',
      file: 'cache.py',
      language: 'python',
      lines: analysis.metadata.lines,
      complexity: analysis.metadata.complexity,
      units: analysis.units,
      findings: analysis.findings,
      response: JSON.parse(analysis.responseJson) as ExplainResponse,
      notes: analysis.metadata.notes,
    };
    const markdown = toMarkdownReport([file], []);
    assert.match(
      markdown,
      /<summary><code>cache\.py<\/code>: Python, 10 lines, 3 units \(2 functions and methods, 1 class\), [^<]*, highest cognitive 1<\/summary>/,
    );
    assert.match(markdown, /\*\*Most complex units\*\* \(2 of its 2 functions and methods\)/);
    // One file: its own table is the run's; the run-level one would only repeat it.
    assert.doesNotMatch(markdown, /## Most complex units/);
    assert.match(toMarkdownReport([file, { ...file, file: 'other.py' }], []), /## Most complex units/);
  });
});

/** Eight functions, each a loop over ten branches: an explanation long enough that its walkthrough is shortened in it. */
const MANY_PY = Array.from({ length: 8 }, (_, f) =>
  [
    `def route_${f}(kind, items, limit):`,
    '    """Sorts values into buckets by their kind."""',
    '    out = []',
    '    for value in items:',
    ...Array.from({ length: 10 }, (_, i) => [
      `        if kind == ${i} and value > limit:`,
      `            out.append(value * ${i})`,
    ]).flat(),
    '    return out',
    '',
  ].join('\n'),
).join('\n');

describe('code-explain Markdown: the whole explanation', () => {
  let engine: LocalEngine;
  before(() => {
    engine = createEngine();
  });
  after(() => engine.dispose());

  async function report(
    mode: 'standard' | 'learning' | 'detailed',
  ): Promise<{ markdown: string; response: ExplainResponse }> {
    const analysis = await analyzeText(engine, MANY_PY, 'python', {
      mode,
      audience: 'intermediate',
      focus: [],
    });
    const response = JSON.parse(analysis.responseJson) as ExplainResponse;
    const file: AnalysedFile = {
      kind: 'analysed',
      file: 'steps.py',
      language: 'python',
      lines: analysis.metadata.lines,
      complexity: analysis.metadata.complexity,
      units: analysis.units,
      findings: analysis.findings,
      response,
      notes: analysis.metadata.notes,
    };
    return { markdown: toMarkdownReport([file], []), response };
  }

  it('a single file in learning mode keeps every section, however long', async () => {
    const { markdown, response } = await report('learning');
    const whole = response.explanation.length + response.sections.reduce((n, s) => n + s.content.length, 0);
    assert.ok(whole > MIN_EXPLANATION_CHARS_PER_FILE, `premise: a long explanation (${whole})`);
    assert.ok(!markdown.includes('has the whole explanation'), 'not cut short');
    const last = response.sections.at(-1);
    assert.ok(last, 'premise: sections');
    assert.ok(markdown.includes(`**${last.title}**`), `the last section, ${last.title}, is there`);
  });

  it('says its walkthrough once, in every mode that has one', async () => {
    for (const mode of ['standard', 'learning', 'detailed'] as const) {
      const { markdown } = await report(mode);
      assert.match(markdown, /is a function on lines/, `${mode}: premise: a walkthrough`);
      const paragraphs = markdown.split(/\n\n+/).filter((p) => p.length > 80 && !p.startsWith('|'));
      const repeated = paragraphs.filter((p, i) => paragraphs.indexOf(p) !== i);
      assert.deepEqual(repeated, [], mode);
      const openings = paragraphs.map((p) => p.split('. ')[0]);
      assert.deepEqual(
        openings.filter((o, i) => openings.indexOf(o) !== i),
        [],
        `${mode}: no paragraph said twice in two versions`,
      );
    }
  });

  it('shares a cap among many files, never below the per-file floor', () => {
    assert.ok(explanationBudget(1) >= 100_000);
    assert.ok(explanationBudget(5) >= 50_000);
    assert.equal(explanationBudget(10_000), MIN_EXPLANATION_CHARS_PER_FILE);
  });
});
