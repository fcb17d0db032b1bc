import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { LANGUAGE_IDS, languageInfo, type LanguageId } from '@code-explain/shared';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { LANGUAGES } from '../../src/engine/languages/index.js';
import type { LanguageSupport } from '../../src/engine/languages/model.js';
import { python } from '../../src/engine/languages/python.js';
import { grammarPath } from '../../src/engine/parsing/grammars.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';

// What the compiler enforces, kept honest here: typecheck fails if either line stops being an error.
// @ts-expect-error: a record of languages that leaves one out does not compile.
const _incomplete: Record<LanguageId, LanguageSupport> = { javascript: LANGUAGES.javascript };
// @ts-expect-error: a module's name must be the contract's name for its id.
const _misnamed: LanguageSupport<'python'> = { ...python, wording: { ...python.wording, name: 'Pyhton' } };

describe('language support', () => {
  const parser = new SourceParser({ timeoutMs: 20_000 });
  after(() => parser.dispose());

  it('has exactly one entry per language of the contract', () => {
    assert.deepEqual(Object.keys(LANGUAGES).sort(), [...LANGUAGE_IDS].sort());
  });

  for (const id of LANGUAGE_IDS) {
    describe(id, () => {
      const support = LANGUAGES[id];

      it('agrees with the contract and fills every field', () => {
        const info = languageInfo(id);
        assert.equal(support.id, id);
        assert.equal(support.tier, info.tier);
        assert.equal(support.wording.name, info.name);
        assert.notEqual(support.wording.name.trim(), '');
        assert.equal(typeof support.wording.raises, 'boolean');
        assert.equal(typeof support.wording.asyncAwait, 'boolean');
        assert.equal(typeof support.metrics.measure, 'function');
        // Tier 1 promises the deepest analysis, which needs an exact syntax table.
        assert.equal(support.syntax.kind, support.tier === 1 ? 'table' : 'conventions');
        assert.ok(support.syntax.comments.size > 0, 'comment node types');
        assert.ok(support.syntax.calleeFields.length > 0, 'callee fields');
        assert.equal(typeof support.docs.docstrings, 'boolean');
        assert.equal(typeof support.docs.style('/** Says what it does. */'), 'string');
        assert.ok(support.apis.length > 0, 'an API catalogue');
        assert.equal(typeof support.isExported, 'function');
        assert.ok(support.declarations.entryPoints.names.length > 0, 'entry points');
      });

      it('loads its grammar, parses its warm-up and its sample', async () => {
        assert.ok(existsSync(grammarPath(id)), grammarPath(id));
        const warmUp = support.grammar.warmUp;
        if (warmUp !== undefined) await parser.parse(warmUp, id);
        const code = support.grammar.prepare?.(support.sample) ?? support.sample;
        assert.equal(code.split('\n').length, support.sample.split('\n').length, 'prepare keeps the lines');
        const parsed = await parser.parse(code, id);
        assert.equal(parsed.errorRegions, 0);
      });

      it('measures its sample and reads its branch', async () => {
        const code = support.grammar.prepare?.(support.sample) ?? support.sample;
        const parsed = await parser.parse(code, id);
        const metrics = support.metrics.measure(parsed.snapshot);
        const unit = metrics.units.find((u) => u.kind !== 'class');
        assert.ok(unit, `a function among ${metrics.units.map((u) => u.name).join(', ')}`);
        assert.ok(unit.cyclomatic >= 2, `cyclomatic ${unit.cyclomatic}`);
        const facts = extractFacts(id, parsed.snapshot, parsed.errorRegions, metrics);
        const steps = facts.units.find((u) => u.metrics === unit)?.steps ?? [];
        assert.ok(
          steps.some((s) => s.kind === 'branch'),
          `a branch among ${steps.map((s) => s.kind).join(', ')}`,
        );
      });
    });
  }
});
