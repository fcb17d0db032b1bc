/**
 * The last-resort cuts (src/engine/fit.ts, src/engine/clip.ts): whatever a
 * response holds, what leaves the engine is within MAX_RESPONSE_BYTES, and
 * says how many units it left out.
 */
import assert from 'node:assert/strict';
import { explainResponseSchema, type ExplainResponse } from '@code-explain/shared';
import { MAX_EXPLANATION_CHARS, MAX_RESPONSE_BYTES, MAX_SECTION_CHARS } from '../../src/engine/budget.js';
import { clip, clipBlock, clipQuotes } from '../../src/engine/clip.js';
import { fitResponse, fitResponseJson, jsonBytes } from '../../src/engine/fit.js';

const unit = (i: number, name = `f${i}`) => ({
  name,
  kind: 'function',
  startLine: i + 1,
  endLine: i + 1,
  complexity: { cognitive: 0, cyclomatic: 1, halstead: 2 },
});

function response(parts: Partial<ExplainResponse> = {}): ExplainResponse {
  return {
    explanation: 'Short.',
    sections: [{ title: 'Overview', content: 'Short.' }],
    suggestions: [],
    metadata: { tokens: 1, complexity: { cognitive: 0, cyclomatic: 1, halstead: 2 }, units: [unit(0)] },
    ...parts,
  };
}

describe('engine: fitting a response to its budget', () => {
  it('leaves a response within budget as it is', () => {
    const small = response();
    assert.deepEqual(fitResponse(small), small);
  });

  it('cuts the explanation and sections to their character limits at a line or word break', () => {
    const fitted = fitResponse(
      response({
        explanation: 'word '.repeat(MAX_EXPLANATION_CHARS),
        sections: [{ title: 'Long', content: 'line\n'.repeat(MAX_SECTION_CHARS) }],
      }),
    );
    assert.ok(fitted.explanation.length <= MAX_EXPLANATION_CHARS);
    assert.match(fitted.explanation, /^(word )+…$/);
    assert.ok(fitted.sections[0]!.content.length <= MAX_SECTION_CHARS);
    assert.match(fitted.sections[0]!.content, /^(line\n)*line …$/);
  });

  it('drops units from the end first, and counts them', () => {
    const units = Array.from({ length: 5000 }, (_, i) => unit(i, `${'名'.repeat(60)}${i}`));
    const fitted = fitResponse(response({ metadata: { ...response().metadata, units, unitsOmitted: 7 } }));
    assert.ok(jsonBytes(fitted) <= MAX_RESPONSE_BYTES);
    const kept = fitted.metadata.units!;
    assert.ok(kept.length > 0);
    assert.deepEqual(kept, units.slice(0, kept.length));
    assert.equal(fitted.metadata.unitsOmitted, 7 + 5000 - kept.length);
    assert.equal(fitted.explanation, 'Short.');
  });

  it('shortens every text when units alone are not enough, even for text JSON escapes to six bytes a character', () => {
    const control = '\u0001'.repeat(MAX_SECTION_CHARS);
    const fitted = fitResponse(
      response({
        explanation: control,
        sections: Array.from({ length: 40 }, (_, i) => ({ title: `S${i}`, content: control })),
        suggestions: Array.from({ length: 50 }, () => ({ type: 'security' as const, description: control })),
      }),
    );
    assert.ok(jsonBytes(fitted) <= MAX_RESPONSE_BYTES, `${jsonBytes(fitted)} bytes`);
    assert.equal(fitted.sections.length, 40);
    assert.equal(fitted.suggestions.length, 50);
    assert.ok(explainResponseSchema.safeParse(fitted).success);
  });

  it('hands back the JSON text of exactly what it returns, cut or not', () => {
    const units = Array.from({ length: 5000 }, (_, i) => unit(i, `${'名'.repeat(60)}${i}`));
    const control = '\u0001'.repeat(MAX_SECTION_CHARS);
    const cases = [
      response(),
      response({ metadata: { ...response().metadata, units } }),
      response({ sections: Array.from({ length: 40 }, (_, i) => ({ title: `S${i}`, content: control })) }),
    ];
    for (const input of cases) {
      const { response: fitted, json } = fitResponseJson(input);
      assert.equal(json, JSON.stringify(fitted));
      assert.deepEqual(fitted, fitResponse(input));
    }
  });

  it('never splits a surrogate pair or leaves a code span open', () => {
    assert.equal(clip('ab😀cd', 4), 'ab…');
    assert.equal(clipQuotes(`see \`${'😀'.repeat(50)}\``, 10), `see \`${'😀'.repeat(4)}…\``);
    const cut = clipBlock(`${'a '.repeat(10)}\`${'b'.repeat(50)}\``, 40);
    assert.equal((cut.match(/`/g) ?? []).length % 2, 0, cut);
  });
});
