/**
 * Class members selected alone (what "Explain Selection" sends for one method of a class) parse only
 * inside a class body: the engine reads them inside a wrapper it never shows, with every line number
 * kept, and says nothing of the wrapper.
 */
import assert from 'node:assert/strict';
import { AUDIENCES, MODES, explainRequestSchema, type LanguageId } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';

const engine = createEngine();
after(() => engine.dispose());

async function all(language: LanguageId, code: string, mode = 'standard'): Promise<string> {
  const r = await engine.explain(explainRequestSchema.parse({ code, language, mode }));
  return [r.explanation, ...r.sections.map((s) => s.content), JSON.stringify(r.metadata)].join('\n');
}

const METHOD =
  '  private isStale(entry: Entry): boolean {\n    if (!entry.loaded) {\n      return true;\n    }\n    return entry.version !== this.version; // checked on every read\n  }\n';

describe('engine: class members selected alone', () => {
  it('TypeScript: a private method is read as a method, with its own lines', async () => {
    const text = await all('typescript', METHOD);
    assert.doesNotMatch(text, /could not make sense|no function or class/);
    assert.match(text, /This TypeScript snippet \(6 lines\) defines method `isStale\(entry\)`/);
    assert.match(text, /returns `true` when `!entry\.loaded` \(line 3\)/);
  });

  it('JavaScript: an object literal’s getter, trailing comma and all', async () => {
    const text = await all(
      'javascript',
      '  get size () {\n    if (!this._items) return 0\n    return this._items.length\n  },\n',
    );
    assert.doesNotMatch(text, /could not make sense/);
    assert.match(text, /defines getter `size\(\)`/);
  });

  it('never names the wrapper, in any mode or audience', async () => {
    for (const mode of MODES)
      for (const audience of AUDIENCES) {
        const r = await engine.explain(
          explainRequestSchema.parse({ code: METHOD, language: 'typescript', mode, audience }),
        );
        assert.doesNotMatch(JSON.stringify(r), /__selection__|class on line 1/, `${mode}/${audience}`);
      }
  });

  it('code that is not members, or that no wrapper makes readable, is explained as it is', async () => {
    const broken = await all('typescript', 'const x = (1 + ;\n');
    assert.match(broken, /could not make sense/);
    const members = await all('typescript', '  private a(: number {\n    return 1;\n  }\n');
    assert.match(members, /could not make sense/);
    assert.doesNotMatch(members, /__selection__/);
  });
});
