import assert from 'node:assert/strict';
import type { UsageIncrement } from '../../src/store/types.js';
import { createUsageRecorder } from '../../src/usage/recorder.js';
import type { UsageSample } from '../../src/usage/counters.js';

const sample = (overrides: Partial<UsageSample> = {}): UsageSample => ({
  accountId: 'a',
  keyId: 'k',
  route: 'GET /api/usage',
  at: Date.UTC(2026, 10, 26, 19, 30),
  status: 200,
  latencyMs: 3,
  ...overrides,
});

/** A store that keeps what it was given, and fails while `failing` is set. */
function fakeStore() {
  const batches: UsageIncrement[][] = [];
  const state = { failing: false };
  return {
    batches,
    state,
    store: {
      async addUsage(increments: readonly UsageIncrement[]) {
        if (state.failing) throw new Error('store away');
        batches.push([...increments]);
      },
    },
  };
}

const total = (batches: UsageIncrement[][], counter: string) =>
  batches.flat().reduce((sum, inc) => sum + (inc.counters[counter] ?? 0), 0);

describe('usage recorder', () => {
  it('sums requests per bucket and writes each bucket once per flush', async () => {
    const { store, batches } = fakeStore();
    const recorder = createUsageRecorder({ store, flushIntervalMs: 60_000 });
    for (let i = 0; i < 10; i++) recorder.record(sample());
    recorder.record(sample({ status: 429 }));
    recorder.record(sample({ keyId: 'k2' }));
    recorder.record(sample({ at: Date.UTC(2026, 10, 26, 20, 1) }));
    assert.equal(recorder.pending(), 3);
    await recorder.flush();
    assert.equal(batches.length, 1);
    assert.equal(batches[0]!.length, 3);
    const first = batches[0]!.find((i) => i.keyId === 'k' && i.hour.getUTCHours() === 19)!;
    assert.deepEqual(first.counters, { o_2xx: 10, o_429: 1, t_3: 11 });
    assert.equal(recorder.pending(), 0);
    await recorder.close();
  });

  it('keeps counts a failed flush could not write, and writes them with later ones', async () => {
    const { store, batches, state } = fakeStore();
    const recorder = createUsageRecorder({ store, flushIntervalMs: 60_000 });
    recorder.record(sample());
    state.failing = true;
    await assert.rejects(recorder.flush());
    recorder.record(sample());
    state.failing = false;
    await recorder.flush();
    assert.equal(total(batches, 'o_2xx'), 2);
    await recorder.close();
  });

  it('flushes on its own past flushAtEntries, and drops new buckets (counting them) beyond maxEntries', async () => {
    const { store, batches, state } = fakeStore();
    const recorder = createUsageRecorder({
      store,
      flushIntervalMs: 60_000,
      flushAtEntries: 2,
      maxEntries: 3,
    });
    recorder.record(sample({ keyId: 'k1' }));
    recorder.record(sample({ keyId: 'k2' }));
    await recorder.flush();
    assert.equal(total(batches, 'o_2xx'), 2);
    state.failing = true;
    for (const key of ['k3', 'k4', 'k5', 'k6']) recorder.record(sample({ keyId: key }));
    await recorder.flush().catch(() => undefined);
    assert.ok(recorder.pending() <= 3, `bounded: ${recorder.pending()}`);
    // A bucket already held still takes counts.
    recorder.record(sample({ keyId: 'k3' }));
    state.failing = false;
    await recorder.close();
    assert.equal(total(batches, 'o_2xx'), 2 + 4);
  });

  it('writes everything on close, retrying while the store is briefly away', async () => {
    const { store, batches, state } = fakeStore();
    const recorder = createUsageRecorder({ store, flushIntervalMs: 60_000, closeRetryMs: 5_000 });
    for (let i = 0; i < 5; i++) recorder.record(sample());
    state.failing = true;
    setTimeout(() => (state.failing = false), 300);
    await recorder.close();
    assert.equal(total(batches, 'o_2xx'), 5);
  });
});
