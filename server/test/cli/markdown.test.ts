/**
 * The Markdown report's per-file summary, from the engine's own analysis of a
 * class: the numbers it states are the functions', as in the tables and the
 * --max-cognitive gate, never the class's (which add up its methods').
 */
import assert from 'node:assert/strict';
import type { ExplainResponse } from '@code-explain/shared';
import { analyzeText } from '../../src/cli/analysis.js';
import { toMarkdownReport } from '../../src/cli/format/markdown.js';
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
      /<summary><code>cache\.py<\/code>: Python, 10 lines, 3 units, [^<]*, highest cognitive 1<\/summary>/,
    );
    assert.match(markdown, /\*\*Most complex units\*\* \(2 of 2\)/);
  });
});
