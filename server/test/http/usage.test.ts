/**
 * Usage statistics over real HTTP, on FerretDB + Redis and on the embedded
 * defaults: what is counted (outcomes with 429 apart, language and mode,
 * routes; never a 401), GET /api/usage (hour and day buckets, a key filter,
 * one account never sees another's), and exact counts from two app
 * instances on one store (and one Redis) after 200 concurrent requests.
 */
import assert from 'node:assert/strict';
import { errorBodySchema, usageResponseSchema, type UsageResponse } from '@code-explain/shared';
import { createAccountService } from '../../src/service/accounts.js';
import { createUsageService } from '../../src/service/usage.js';
import { createUsageRecorder, type UsageRecorder } from '../../src/usage/recorder.js';
import { midHourClock } from './support/clock.js';
import { testNamespace } from './support/environment.js';
import {
  BACKENDS,
  call,
  createKeyedAccount,
  openAnotherStore,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  type KeyedAccount,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

/** Pro accounts reach 429 quickly; enterprise ones never do here. */
const QUOTAS = { pro: 5, enterprise: 100_000 };
const WINDOW_MS = 3000;

async function usageOf(server: TestServer, key: string, query = ''): Promise<UsageResponse> {
  const response = await call(`${server.url}/api/usage${query}`, key);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return usageResponseSchema.parse(JSON.parse(text));
}

async function errorCodeOf(response: Response, status: number): Promise<string> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  return errorBodySchema.parse(JSON.parse(text)).error.code;
}

for (const backend of BACKENDS) {
  const redis = backend === 'mongo+redis';

  describe(`usage statistics (${backend})`, function () {
    this.timeout(120_000);
    let handle: StoreHandle;
    const namespace = `${testNamespace('usage').keyPrefix}ratelimit`;
    const limiter = () =>
      openTestLimiter(redis ? 'redis' : 'memory', { quotas: QUOTAS, windowMs: WINDOW_MS, namespace });
    const cleanups: (() => Promise<void>)[] = [];
    let server: TestServer;
    let recorder: UsageRecorder;
    // Both app instances count by it, and the tests' own windows are read by it.
    const clock = midHourClock();

    before(async () => {
      handle = await openTestStore(redis ? 'mongo' : 'embedded', 'usage');
      const ownLimiter = await limiter();
      // A flush interval longer than any test: only reads (and close) write counts.
      recorder = createUsageRecorder({ store: handle.store, flushIntervalMs: 3_600_000 });
      server = await startServer({ store: handle.store, limiter: ownLimiter, usage: recorder, clock });
      cleanups.push(async () => {
        await server.close();
        await recorder.close();
        await ownLimiter.close();
      });
    });

    after(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      await handle?.dispose();
    });

    it('counts 2xx, 4xx and 429 apart, with language, mode and route; a 401 is not counted', async () => {
      const pro = await createKeyedAccount(handle.store, 'pro');
      const explain = (body: unknown) => postJson(`${server.url}/api/explain`, pro.key, body);
      assert.equal(
        (await explain({ code: 'def f(x):\n    return x\n', language: 'python', mode: 'quick' })).status,
        200,
      );
      assert.equal((await explain({ code: 'const a = 1;\n', language: 'js' })).status, 200);
      assert.equal(await errorCodeOf(await explain({ code: 'x', mode: 'nonsense' }), 400), 'invalid_request');
      assert.equal(
        await errorCodeOf(await call(`${server.url}/api/nothing-here`, pro.key), 404),
        'not_found',
      );
      assert.equal((await call(`${server.url}/api/explanations?limit=1`, pro.key)).status, 200);
      // The quota (5) is used up: these two are 429, counted, but their bodies are never read.
      assert.equal(
        await errorCodeOf(await explain({ code: 'x = 1\n', language: 'python' }), 429),
        'rate_limited',
      );
      assert.equal(
        await errorCodeOf(await explain({ code: 'x = 1\n', language: 'python' }), 429),
        'rate_limited',
      );
      // No valid key: not this account's, nor anyone's.
      const wrongKey = `${pro.key.slice(0, -4)}AAAA`;
      assert.equal(
        await errorCodeOf(await call(`${server.url}/api/explanations`, wrongKey), 401),
        'unauthorized',
      );

      // Redis counts in a sliding window that the 429s are part of: wait a whole window after them.
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 300));
      const usage = await usageOf(server, pro.key);
      assert.equal(usage.granularity, 'hour');
      assert.equal(usage.buckets.length, 24);
      const { latencyMs, ...totals } = usage.totals;
      assert.deepEqual(totals, {
        requests: 7,
        outcomes: { '2xx': 3, '4xx': 2, '429': 2, '5xx': 0 },
        languages: { python: 1, javascript: 1 },
        modes: { quick: 1, standard: 1 },
        routes: { 'POST /api/explain': 5, 'GET /api/explanations': 1, other: 1 },
      });
      assert.ok(latencyMs.p50 !== null && latencyMs.p95 !== null && latencyMs.p50 <= latencyMs.p95);
      const current = usage.buckets.at(-1)!;
      assert.equal(current.requests, 7, 'all in the current hour');
      assert.ok(usage.buckets.slice(0, -1).every((b) => b.requests === 0));

      // The request that asked is counted too, and shows in the next answer.
      const again = await usageOf(server, pro.key);
      assert.equal(again.totals.requests, 8);
      assert.equal(again.totals.routes['GET /api/usage'], 1);
    });

    it('answers per hour and per day, for one key, and never shows another account', async () => {
      const owner = await createKeyedAccount(handle.store, 'enterprise');
      const second = await createAccountService({ store: handle.store }).createKey(owner.email, 'second');
      const other = await createKeyedAccount(handle.store, 'enterprise');
      for (let i = 0; i < 3; i++)
        assert.equal((await call(`${server.url}/api/explanations`, owner.key)).status, 200);
      for (let i = 0; i < 2; i++)
        assert.equal((await call(`${server.url}/api/explanations`, second.key)).status, 200);

      const hourly = await usageOf(server, owner.key);
      assert.equal(hourly.totals.requests, 5);
      assert.equal(hourly.keyId, null);
      const daily = await usageOf(server, owner.key, '?granularity=day');
      assert.equal(daily.buckets.length, 30);
      assert.equal(
        daily.buckets.at(-1)!.start,
        `${new Date(clock()).toISOString().slice(0, 10)}T00:00:00.000Z`,
      );
      // Both earlier answers were counted (with the first key) before this one.
      assert.equal(daily.totals.requests, 6);
      assert.equal(daily.buckets.at(-1)!.requests, 6);

      const onlySecond = await usageOf(server, owner.key, `?keyId=${second.id}`);
      assert.equal(onlySecond.keyId, second.id);
      assert.deepEqual(onlySecond.totals.routes, { 'GET /api/explanations': 2 });
      const onlyFirst = await usageOf(server, owner.key, `?keyId=${owner.keyId}&granularity=day`);
      assert.deepEqual(onlyFirst.totals.routes, { 'GET /api/explanations': 3, 'GET /api/usage': 3 });
      // What the developer settings page lists per key, through the same service.
      const service = createUsageService({ store: handle.store, flush: () => recorder.flush() });
      const lastDay = { from: new Date(clock() - 86_400_000), to: new Date(clock() + 3_600_000) };
      assert.deepEqual(await service.requestsByKey(owner.accountId, lastDay), {
        [owner.keyId]: 7,
        [second.id]: 2,
      });

      // An explicit window: this hour alone.
      const hourStart = new Date(Math.floor(clock() / 3_600_000) * 3_600_000);
      const to = new Date(hourStart.getTime() + 3_600_000);
      const one = await usageOf(
        server,
        owner.key,
        `?granularity=hour&from=${hourStart.toISOString()}&to=${encodeURIComponent(to.toISOString())}`,
      );
      assert.equal(one.buckets.length, 1);
      assert.equal(one.from, hourStart.toISOString());
      assert.equal(one.buckets[0]!.requests, 9);
      // The same hour asked in another zone, its "+" left unencoded (it arrives as a space).
      const zoned = new Date(hourStart.getTime() + 2 * 3_600_000).toISOString().slice(0, 19);
      const plus = await usageOf(
        server,
        owner.key,
        `?from=${zoned}+02:00&to=${encodeURIComponent(to.toISOString())}`,
      );
      assert.equal(plus.from, hourStart.toISOString());
      assert.equal(plus.buckets.length, 1);

      // Another account: its own (empty) usage, and 404 for the owner's key id, as for an unknown one.
      const theirs = await usageOf(server, other.key);
      assert.equal(theirs.totals.requests, 0);
      for (const keyId of [owner.keyId, second.id, 'ffffffffffffffffffffffff']) {
        assert.equal(
          await errorCodeOf(await call(`${server.url}/api/usage?keyId=${keyId}`, other.key), 404),
          'not_found',
        );
      }

      for (const query of [
        '?granularity=week',
        '?from=yesterday',
        '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
        '?granularity=hour&from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z',
        '?keyId=a&keyId=b',
        '?keyId=x%24y',
        '?extra=1',
      ]) {
        assert.equal(
          await errorCodeOf(await call(`${server.url}/api/usage${query}`, owner.key), 400),
          'invalid_request',
          query,
        );
      }
    });

    it('counts exactly 200 concurrent requests split across two app instances on one store', async function () {
      const secondStore = await openAnotherStore(handle);
      const secondLimiter = await limiter();
      const secondRecorder = createUsageRecorder({ store: secondStore, flushIntervalMs: 50 });
      const secondServer = await startServer({
        store: secondStore,
        limiter: secondLimiter,
        usage: secondRecorder,
        clock,
      });
      cleanups.push(async () => {
        await secondServer.close();
        await secondRecorder.close();
        await secondLimiter.close();
        await secondStore.close();
      });
      const account: KeyedAccount = await createKeyedAccount(handle.store, 'enterprise');

      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          const target = i % 2 === 0 ? server : secondServer;
          return i % 10 === 0
            ? postJson(`${target.url}/api/explain`, account.key, { code: `x = ${i}\n`, language: 'python' })
            : call(`${target.url}/api/explanations?limit=1`, account.key);
        }),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        answers.map(() => 200),
      );
      // The second instance stops as in a graceful shutdown: its last counts are written.
      await secondServer.close();
      await secondRecorder.close();

      const usage = await usageOf(server, account.key);
      const { latencyMs: _latency, ...totals } = usage.totals;
      assert.deepEqual(totals, {
        requests: 200,
        outcomes: { '2xx': 200, '4xx': 0, '429': 0, '5xx': 0 },
        languages: { python: 20 },
        modes: { standard: 20 },
        routes: { 'GET /api/explanations': 180, 'POST /api/explain': 20 },
      });
    });
  });
}
