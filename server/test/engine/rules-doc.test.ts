/**
 * docs/rules.md is generated from the rules' meta (server/scripts/rules-doc.ts):
 * the committed file must be what the generator writes today, and what it
 * writes must carry each rule's facts and not depend on the rules' order.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { renderRulesDoc, RULES_DOC_PATH } from '../../scripts/render-rules-doc.js';

describe('docs/rules.md', function () {
  this.timeout(60_000);
  let text: string;
  before(async () => {
    text = await renderRulesDoc(ALL_RULES);
  });

  it('is what the rules say today', async () => {
    const committed = await readFile(RULES_DOC_PATH, 'utf8').catch(() => '');
    assert.ok(
      committed === text,
      'docs/rules.md is out of date with the rules: run `pnpm docs:rules` and commit the result',
    );
  });

  it('does not depend on the order of the rules', async () => {
    assert.equal(await renderRulesDoc([...ALL_RULES].reverse()), text);
  });

  it('has a section per rule with its area, severity, languages, options, message ids and examples', () => {
    for (const { meta } of ALL_RULES) {
      const start = text.indexOf(`\n### ${meta.id}\n`);
      assert.ok(start >= 0, `no section for ${meta.id}`);
      const end = text.indexOf('\n### ', start + 1);
      const section = text.slice(start, end === -1 ? undefined : end);
      assert.match(section, new RegExp(`\\| Focus area +\\| ${meta.type} +\\|`), meta.id);
      assert.match(section, new RegExp(`\\| Default severity +\\| ${meta.severity} +\\|`), meta.id);
      for (const language of meta.languages) assert.ok(section.includes(language), `${meta.id}: ${language}`);
      const cwe = meta.docs.cwe?.replace('CWE-', '');
      if (cwe) assert.ok(section.includes(`https://cwe.mitre.org/data/definitions/${cwe}.html`), meta.id);
      for (const id of Object.keys(meta.messages ?? {}))
        assert.ok(section.includes(`- \`${id}\`: `), meta.id);
      for (const name of Object.keys(meta.options?.defaults ?? {}))
        assert.ok(section.includes(`| \`${name}\``), `${meta.id}: option ${name}`);
      for (const example of meta.docs.examples ?? []) {
        assert.ok(section.includes(`${example.bad.replace(/\n+$/, '')}\n`), `${meta.id}: bad example`);
        assert.ok(section.includes(`${example.good.replace(/\n+$/, '')}\n`), `${meta.id}: good example`);
      }
    }
  });

  it('gives an option its default and its focused value', () => {
    assert.match(text, /\| `maxLines` +\| `60` +\| `40` +\|/);
    assert.match(text, /\| `allowed` +\| `\[-1, 0, 1, 2\]` +\| same +\|/);
  });
});
