import assert from 'node:assert/strict';
import {
  CODE_PREVIEW_CHARACTERS,
  CODE_PREVIEW_LINES,
  codePreview,
  CorruptRecordError,
  countLines,
  decodeExplanation,
  decodeSummary,
  encodeExplanation,
  MAX_SUMMARY_BYTES,
} from '../../src/store/records.js';
import { explainRequestSchema } from '@code-explain/shared';
import { MAX_RESPONSE_BYTES } from '../../src/engine/budget.js';
import { createEngine } from '../../src/engine/engine.js';
import { adversarialInputs } from '../engine/support/adversarial.js';
import { sampleExplanation } from './contract.js';

/** No lone surrogate (String.prototype.isWellFormed is newer than the project's lib). */
const wellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

const fields = {
  id: 'abc',
  accountId: 'acct',
  createdAt: new Date(Date.UTC(2026, 10, 23)),
  language: 'python',
  mode: 'standard',
};

describe('stored explanation records', () => {
  describe('codePreview and countLines', () => {
    it('keeps the first lines, without the last newline', () => {
      const code = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
      assert.equal(codePreview(code), code.split('\n').slice(0, CODE_PREVIEW_LINES).join('\n'));
      assert.equal(codePreview('a\nb\n'), 'a\nb');
      assert.equal(codePreview(''), '');
      assert.deepEqual(
        [countLines(''), countLines('a'), countLines('a\n'), countLines('a\nb'), countLines(code)],
        [0, 1, 1, 2, 30],
      );
    });

    it('keeps at most the character budget of a long line, never half a surrogate pair', () => {
      assert.equal(codePreview('x'.repeat(5000)).length, CODE_PREVIEW_CHARACTERS);
      const emoji = `${'x'.repeat(CODE_PREVIEW_CHARACTERS - 1)}😀tail`;
      const preview = codePreview(emoji);
      assert.equal(preview, 'x'.repeat(CODE_PREVIEW_CHARACTERS - 1));
      assert.ok(wellFormed(preview));
    });
  });

  describe('encodeExplanation', () => {
    it('splits a record into a summary and a detail that repeat nothing, and decodes it whole', () => {
      const input = sampleExplanation({ explanation: 'EXPLANATION-TEXT' });
      const { summary, detail } = encodeExplanation(input);
      assert.equal(summary.split('EXPLANATION-TEXT').length - 1, 1, 'the summary holds the explanation once');
      assert.ok(!detail.includes('EXPLANATION-TEXT'), 'the detail does not repeat the explanation');
      assert.ok(
        !summary.includes('Name it.') && !summary.includes('"units"'),
        'suggestions and units stay in the detail',
      );
      assert.ok(!summary.includes('"sections"'));
      assert.deepEqual(decodeExplanation(fields, summary, detail), {
        ...input,
        ...fields,
        createdAt: fields.createdAt,
      });
      const head = decodeSummary(fields, summary);
      assert.deepEqual(
        [head.codePreview, head.codeLines, head.suggestionCount, head.explanationClipped],
        ['def f(x):\n    return x + 1', 2, 2, undefined],
      );
      assert.equal('units' in head.metadata, false);
    });

    for (const [name, character] of [
      ['escaped control characters', '\u0001'],
      ['four-byte characters', '😀'],
      ['three-byte characters', '中'],
    ] as const) {
      it(`keeps a summary within ${MAX_SUMMARY_BYTES} bytes for an explanation of ${name}, the record whole`, () => {
        const explanation = character.repeat(6000);
        const input = sampleExplanation({ explanation, code: character.repeat(5000) });
        const { summary, detail } = encodeExplanation(input);
        assert.ok(Buffer.byteLength(summary) <= MAX_SUMMARY_BYTES, `${Buffer.byteLength(summary)} bytes`);
        const head = decodeSummary(fields, summary);
        assert.equal(head.explanationClipped, true);
        assert.ok(head.explanation.endsWith('…') && wellFormed(head.explanation));
        assert.ok(explanation.startsWith(head.explanation.slice(0, -1)));
        assert.ok(head.explanation.length > 1000, 'as much as fits is kept');
        assert.equal(decodeExplanation(fields, summary, detail).explanation, explanation);
      });
    }
  });

  it('refuses to guess around unreadable stored text', () => {
    const { summary, detail } = encodeExplanation(sampleExplanation());
    assert.throws(() => decodeSummary(fields, summary.slice(0, -2)), CorruptRecordError);
    assert.throws(() => decodeExplanation(fields, summary, detail.slice(1)), CorruptRecordError);
    assert.throws(() => decodeExplanation(fields, summary, '{"code": 1}'), CorruptRecordError);
    assert.throws(() => decodeSummary({ ...fields, language: 'cobol' }, summary), CorruptRecordError);
  });
});

describe('saved record size (engine output as stored)', function () {
  this.timeout(120_000);
  const engine = createEngine();
  after(() => engine.dispose());

  // The response is at most MAX_RESPONSE_BYTES; the record adds the code and a summary.
  const budget = (code: string) =>
    Buffer.byteLength(JSON.stringify(code)) + MAX_RESPONSE_BYTES + MAX_SUMMARY_BYTES + 1024;

  for (const input of adversarialInputs().slice(0, 6)) {
    it(`stays within code + ${(MAX_RESPONSE_BYTES + MAX_SUMMARY_BYTES) / 1024} KB: ${input.name}`, async () => {
      const request = explainRequestSchema.parse({
        code: input.code,
        language: input.language,
        mode: 'detailed',
        audience: 'beginner',
      });
      const response = await engine.explain(request);
      const { id: _id, createdAt: _createdAt, ...answer } = response;
      const { summary, detail } = encodeExplanation({ ...request, ...answer });
      const stored = Buffer.byteLength(summary) + Buffer.byteLength(detail);
      assert.ok(stored <= budget(input.code), `${stored} bytes for ${input.code.length} characters of code`);
      assert.ok(Buffer.byteLength(summary) <= MAX_SUMMARY_BYTES);
    });
  }
});
