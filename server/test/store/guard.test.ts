/**
 * The store guard around a real embedded store, slowed down on request: a
 * slow operation fails alone, a store that also stops answering pings is
 * marked down and fails fast until a ping succeeds again, one that answers
 * other operations meanwhile is busy and never marked down, a save that times
 * out learns it through its signal, and the bulkhead refuses what is past its
 * limit at once and learns the limit from how late operations come back.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { guardStore, type GuardedStore } from '../../src/store/guard.js';
import {
  StoreBusyError,
  StoreUnavailableError,
  type SaveOptions,
  type Store,
} from '../../src/store/types.js';
import { sampleExplanation } from './contract.js';

/** The real store, with delays a test turns on: every operation, listing keys alone, or pings only. */
function slowable(store: Store) {
  const delays = { operations: 0, pings: 0, keyLists: 0 };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const signals: AbortSignal[] = [];
  const slowed: Store = {
    get kind() {
      return store.kind;
    },
    createAccount: async (a) => (await wait(delays.operations), store.createAccount(a)),
    findAccountById: async (id) => (await wait(delays.operations), store.findAccountById(id)),
    findAccountByEmail: async (e) => (await wait(delays.operations), store.findAccountByEmail(e)),
    setAccountPlan: async (id, p) => (await wait(delays.operations), store.setAccountPlan(id, p)),
    setAccountPassword: async (id, h) => (await wait(delays.operations), store.setAccountPassword(id, h)),
    createApiKey: async (k) => (await wait(delays.operations), store.createApiKey(k)),
    findApiKeysByPrefix: async (p) => (await wait(delays.operations), store.findApiKeysByPrefix(p)),
    findApiKeyById: async (id) => (await wait(delays.operations), store.findApiKeyById(id)),
    listApiKeys: async (a) => (await wait(delays.operations + delays.keyLists), store.listApiKeys(a)),
    revokeApiKey: async (id, at) => (await wait(delays.operations), store.revokeApiKey(id, at)),
    expireApiKey: async (id, at) => (await wait(delays.operations), store.expireApiKey(id, at)),
    touchApiKey: async (id, at) => (await wait(delays.operations), store.touchApiKey(id, at)),
    saveExplanation: async (a, e, options: SaveOptions = {}) => {
      if (options.signal) signals.push(options.signal);
      await wait(delays.operations);
      return store.saveExplanation(a, e, options);
    },
    listExplanations: async (a, f, p) => (await wait(delays.operations), store.listExplanations(a, f, p)),
    getExplanation: async (a, id) => (await wait(delays.operations), store.getExplanation(a, id)),
    deleteExplanation: async (a, id) => (await wait(delays.operations), store.deleteExplanation(a, id)),
    addUsage: async (i) => (await wait(delays.operations), store.addUsage(i)),
    readUsage: async (a, r) => (await wait(delays.operations), store.readUsage(a, r)),
    ping: async () => (await wait(delays.pings), store.ping()),
    close: () => store.close(),
  };
  return { slowed, delays, signals };
}

describe('store guard', function () {
  this.timeout(20_000);
  let dataDir: string;
  let guarded: GuardedStore;
  let control: ReturnType<typeof slowable>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-guard-'));
    control = slowable(await createEmbeddedStore({ dataDir }));
    guarded = guardStore(control.slowed, { timeoutMs: 100, probeIntervalMs: 50 });
  });

  afterEach(async () => {
    await guarded.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails a slow operation alone while the store still answers pings', async () => {
    control.delays.operations = 400;
    await assert.rejects(guarded.listApiKeys('a'), StoreUnavailableError);
    // The ping that follows a timeout succeeds: the store stays in service.
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(guarded.available, true);
    control.delays.operations = 0;
    assert.deepEqual(await guarded.listApiKeys('a'), []);
  });

  it('marks a store that stops answering down, fails fast, and brings it back when a ping succeeds', async () => {
    control.delays.operations = 400;
    control.delays.pings = 400;
    await assert.rejects(guarded.listApiKeys('a'), StoreUnavailableError);
    // The timeout's ping check runs after the caller's answer: wait for its verdict.
    for (let i = 0; i < 50 && guarded.available; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(guarded.available, false);
    assert.equal(await guarded.ping(), false, 'health sees it down without waiting');

    // While down, nothing waits for the store: the store is not even called.
    control.delays.operations = 60_000;
    const started = performance.now();
    await assert.rejects(guarded.findAccountByEmail('x@example.test'), /not answering; retry shortly/);
    assert.ok(performance.now() - started < 1000, 'a fast failure');

    control.delays.operations = 0;
    control.delays.pings = 0;
    for (let i = 0; i < 100 && !guarded.available; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(guarded.available, true);
    assert.equal(await guarded.findAccountByEmail('x@example.test'), null);
  });

  it('tells a save that timed out, through its signal, that its caller has gone', async () => {
    control.delays.operations = 300;
    await assert.rejects(guarded.saveExplanation('a', sampleExplanation()), StoreUnavailableError);
    assert.equal(control.signals.at(-1)?.aborted, true);
    // The embedded store checks the signal before writing: nothing was saved.
    await new Promise((resolve) => setTimeout(resolve, 400));
    control.delays.operations = 0;
    assert.equal((await guarded.listExplanations('a', {}, { skip: 0, limit: 10 })).total, 0);
  });
});

describe('store guard under load', function () {
  this.timeout(20_000);
  let dataDir: string;
  let control: ReturnType<typeof slowable>;
  const opened: GuardedStore[] = [];

  const guard = (options: Parameters<typeof guardStore>[1]) => {
    const guarded = guardStore(control.slowed, options);
    opened.push(guarded);
    return guarded;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-guard-load-'));
    control = slowable(await createEmbeddedStore({ dataDir }));
  });

  afterEach(async () => {
    for (const guarded of opened.splice(0)) await guarded.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a store that answers other operations in service, however many time out and however slow its pings', async () => {
    const guarded = guard({ timeoutMs: 100, probeIntervalMs: 50 });
    control.delays.keyLists = 400;
    control.delays.pings = 400;
    let answered = 0;
    let busy = true;
    const steady = (async () => {
      while (busy) {
        assert.equal(await guarded.findAccountByEmail('x@example.test'), null);
        answered++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    for (let i = 0; i < 8; i++) {
      await assert.rejects(guarded.listApiKeys('a'), StoreUnavailableError);
      assert.equal(guarded.available, true, `marked down after slow operation ${i + 1}`);
    }
    // Health takes the answers as its evidence rather than queueing a ping behind them.
    assert.equal(await guarded.ping(), true);
    busy = false;
    await steady;
    assert.ok(answered > 10, `only ${answered} answered`);
    assert.equal(guarded.available, true);
  });

  it('serves a burst past its limit in turn while operations come back in time', async () => {
    const guarded = guard({ timeoutMs: 2000, bulkhead: { initial: 4, min: 2, max: 8, slowMs: 500 } });
    control.delays.operations = 30;
    const burst = Array.from({ length: 16 }, () => guarded.findAccountByEmail('x@example.test'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(guarded.load().inFlight, 4, 'four sent, twelve waiting their turn');
    assert.deepEqual(await Promise.all(burst), Array<null>(16).fill(null));
    assert.ok(guarded.load().limit > 4, 'in-time answers at full use raised the limit');
  });

  it('refuses what waited its time for room, lowers the limit when operations come back late, and raises it when they do not', async () => {
    const guarded = guard({
      timeoutMs: 2000,
      bulkhead: { initial: 4, min: 2, max: 8, slowMs: 100, maxWaitMs: 50 },
    });
    control.delays.operations = 250;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        guarded.findAccountByEmail('x@example.test').then(
          () => 'answered',
          (error: unknown) => (error instanceof StoreBusyError ? 'busy' : String(error)),
        ),
      ),
    );
    assert.deepEqual(outcomes, [...Array<string>(4).fill('answered'), ...Array<string>(6).fill('busy')]);
    // Four late answers of one round: one cut for them all, 4 → 3.
    assert.deepEqual(guarded.load(), { inFlight: 0, limit: 3 });
    // A later round late too: 3 → 2, and no lower after that.
    for (let round = 0; round < 2; round++) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await Promise.all(
        Array.from({ length: guarded.load().limit }, () => guarded.findAccountByEmail('z@x.test')),
      );
    }
    assert.deepEqual(guarded.load(), { inFlight: 0, limit: 2 });

    control.delays.operations = 0;
    for (let round = 0; round < 30; round++) {
      await Promise.all(
        Array.from({ length: guarded.load().limit }, () => guarded.findAccountByEmail('y@x.test')),
      );
    }
    assert.equal(
      guarded.load().limit,
      8,
      'back to its most, about one a round of in-time answers at full use',
    );
    assert.equal(guarded.available, true);
  });
});
