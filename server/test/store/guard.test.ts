/**
 * The store guard around a real embedded store, slowed down on request: a
 * slow operation fails alone, a store that also stops answering pings is
 * marked down and fails fast until a ping succeeds again, and a save that
 * times out learns it through its signal.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { guardStore, type GuardedStore } from '../../src/store/guard.js';
import { StoreUnavailableError, type SaveOptions, type Store } from '../../src/store/types.js';
import { sampleExplanation } from './contract.js';

/** The real store, with delays a test turns on: every operation, or pings only. */
function slowable(store: Store) {
  const delays = { operations: 0, pings: 0 };
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
    listApiKeys: async (a) => (await wait(delays.operations), store.listApiKeys(a)),
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
