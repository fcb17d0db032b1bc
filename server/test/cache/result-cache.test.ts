/**
 * The in-process layer's bounds (entries and bytes) and the key's fields,
 * with real answers from the engine.
 */
import assert from 'node:assert/strict';
import { explainRequestSchema, type ExplainResponse } from '@code-explain/shared';
import { resultKey } from '../../src/cache/key.js';
import { createResultCache } from '../../src/cache/result-cache.js';
import { createEngine } from '../../src/engine/engine.js';

describe('result cache (in process)', function () {
  this.timeout(60_000);
  const engine = createEngine();
  after(() => engine.dispose());

  const answers = async (count: number): Promise<ExplainResponse[]> => {
    const out: ExplainResponse[] = [];
    for (let i = 0; i < count; i++) {
      out.push(
        await engine.explain(explainRequestSchema.parse({ code: `x${i} = ${i}\n`, language: 'python' })),
      );
    }
    return out;
  };

  it('keeps at most its number of entries, dropping the least recently used', async () => {
    const cache = createResultCache({ entries: 2, maxBytes: 1 << 30, ttlMs: 60_000 });
    const [a, b, c] = await answers(3);
    await cache.remember('a', a!);
    await cache.remember('b', b!);
    assert.ok(await cache.lookup('a'));
    await cache.remember('c', c!);
    assert.deepEqual(await cache.lookup('a'), a);
    assert.equal(await cache.lookup('b'), undefined);
    assert.deepEqual(await cache.lookup('c'), c);
  });

  it('keeps at most its bytes, and never an answer larger than all of them', async () => {
    const [a, b, c] = await answers(3);
    const size = Buffer.byteLength(JSON.stringify(a));
    const cache = createResultCache({ entries: 100, maxBytes: Math.floor(size * 2.5), ttlMs: 60_000 });
    await cache.remember('a', a!);
    await cache.remember('b', b!);
    await cache.remember('c', c!);
    assert.equal(await cache.lookup('a'), undefined);
    assert.ok(await cache.lookup('b'));
    assert.ok(await cache.lookup('c'));
    const tiny = createResultCache({ entries: 100, maxBytes: 10, ttlMs: 60_000 });
    await tiny.remember('a', a!);
    assert.equal(await tiny.lookup('a'), undefined);
  });

  it('hands out a frozen answer, so no request can change another’s', async () => {
    const cache = createResultCache({ entries: 10, maxBytes: 1 << 20, ttlMs: 60_000 });
    const [a] = await answers(1);
    await cache.remember('a', a!);
    const found = await cache.lookup('a');
    assert.ok(
      found && Object.isFrozen(found) && Object.isFrozen(found.sections) && Object.isFrozen(found.metadata),
    );
  });

  it('keys on every field that changes the answer, and on the engine version', () => {
    const base = explainRequestSchema.parse({ code: 'x = 1\n', language: 'python' });
    const keys = [
      resultKey(base, '1'),
      resultKey(base, '2'),
      resultKey({ ...base, code: 'x = 2\n' }, '1'),
      resultKey({ ...base, language: 'ruby' }, '1'),
      resultKey({ ...base, mode: 'quick' }, '1'),
      resultKey({ ...base, audience: 'expert' }, '1'),
      resultKey({ ...base, focus: ['security'] }, '1'),
      resultKey({ ...base, focus: ['security', 'testing'] }, '1'),
      resultKey({ ...base, focus: ['testing', 'security'] }, '1'),
    ];
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(resultKey({ ...base }, '1'), keys[0]);
    assert.match(keys[0]!, /^[0-9a-f]{64}$/);
  });
});
