/**
 * The engine result cache over real HTTP: real stores, real limiters, the
 * real engine pool (wrapped only to count its calls), real Redis. A cached
 * answer is still saved, counted in usage and against the quota; what the
 * answer depends on (mode, audience, focus and its order) is in the key;
 * instances share answers through Redis; Redis away is only a miss.
 */
import assert from 'node:assert/strict';
import { explainResponseSchema, type ExplainRequestInput, type ExplainResponse } from '@code-explain/shared';
import { createRedisResults } from '../../src/cache/redis-layer.js';
import { createResultCache, type ResultCache } from '../../src/cache/result-cache.js';
import type { Engine } from '../../src/engine/engine.js';
import type { RateLimiter } from '../../src/limits/limiter.js';
import { createLogger } from '../../src/logging.js';
import { createMetrics, type Metrics } from '../../src/metrics/metrics.js';
import { createUsageService } from '../../src/service/usage.js';
import { createUsageRecorder, type UsageRecorder } from '../../src/usage/recorder.js';
import { serviceUrls, testNamespace } from './support/environment.js';
import {
  BACKENDS,
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  testEngine,
  waitFor,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';
import { RedisProcess } from './support/redis-server.js';

/** The real engine pool, counting the explains that reach it. */
function countingEngine(engine: Engine): Engine & { readonly calls: number } {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    explain(request, observer) {
      calls += 1;
      return engine.explain(request, observer);
    },
    health: () => engine.health(),
    // The pool is the test process's; it is not this wrapper's to stop.
    dispose: () => undefined,
  };
}

const counterValue = async (metrics: Metrics, name: string): Promise<number> => {
  const metric = metrics.registry.getSingleMetric(name);
  assert.ok(metric, `no metric ${name}`);
  const { values } = await metric.get();
  return values[0]?.value ?? 0;
};
const cacheCounts = async (metrics: Metrics) => ({
  hits: await counterValue(metrics, 'code_explain_result_cache_hits_total'),
  misses: await counterValue(metrics, 'code_explain_result_cache_misses_total'),
});

/** The answer without what makes each saved explanation its own. */
const answerOf = ({ id: _id, createdAt: _createdAt, ...answer }: ExplainResponse) => answer;

async function explainOk(
  server: TestServer,
  key: string,
  body: ExplainRequestInput,
): Promise<ExplainResponse> {
  const response = await postJson(`${server.url}/api/explain`, key, body);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return explainResponseSchema.parse(JSON.parse(text));
}

const TTL_MS = 3_600_000;
const SNIPPET = { code: 'def add(a, b):\n    return a + b\n', language: 'python' } as const;
/** Code no other test sends, so the shared Redis never has its answer from an earlier run. */
const uniqueCode = (label: string) =>
  `def ${label}_${testNamespace(label).keyPrefix.replace(/[^a-z0-9]/gi, '_')}(a, b):\n    if a > b:\n        return a\n    return b\n`;

for (const backend of BACKENDS) {
  const redis = backend === 'mongo+redis';

  describe(`engine result cache (${backend})`, function () {
    this.timeout(120_000);
    let handle: StoreHandle;
    let limiter: RateLimiter;
    let recorder: UsageRecorder;
    let metrics: Metrics;
    let cache: ResultCache;
    let engine: ReturnType<typeof countingEngine>;
    let server: TestServer;
    const namespace = `${testNamespace('results').keyPrefix}results`;

    const openCache = (metricsOf: Metrics): ResultCache =>
      createResultCache({
        entries: 1000,
        maxBytes: 16 * 1024 * 1024,
        ttlMs: TTL_MS,
        metrics: metricsOf.resultCache,
        ...(redis
          ? {
              shared: createRedisResults({
                url: serviceUrls().redisUrl,
                namespace,
                timeoutMs: 2000,
                connectTimeoutMs: 2000,
                logger: createLogger('silent'),
              }),
            }
          : {}),
      });

    before(async () => {
      handle = await openTestStore(redis ? 'mongo' : 'embedded', 'resultcache');
      // Pro accounts get 3 requests in a window no test outlasts; enterprise accounts are not limited here.
      limiter = await openTestLimiter(redis ? 'redis' : 'memory', {
        quotas: { pro: 3, enterprise: 100_000 },
        windowMs: TTL_MS,
      });
      recorder = createUsageRecorder({
        store: handle.store,
        logger: createLogger('silent'),
        flushIntervalMs: TTL_MS,
      });
      metrics = createMetrics({ store: handle.store, limiter });
      cache = openCache(metrics);
      await testEngine().ready();
      engine = countingEngine(testEngine());
      server = await startServer({
        store: handle.store,
        limiter,
        engine,
        usage: recorder,
        resultCache: cache,
      });
    });

    after(async () => {
      await server.close();
      await recorder.close();
      await cache.close();
      await limiter.close();
      await handle.dispose();
    });

    it('answers an identical explain from the cache, and still saves it, counts it and holds it to the quota', async () => {
      const account = await createKeyedAccount(handle.store, 'pro');
      const body = { ...SNIPPET, code: uniqueCode('quota') };
      const calls = engine.calls;
      const counts = await cacheCounts(metrics);

      const first = await explainOk(server, account.key, body);
      const second = await explainOk(server, account.key, body);
      const third = await explainOk(server, account.key, body);
      assert.equal(engine.calls, calls + 1, 'the engine ran once');
      assert.deepEqual(await cacheCounts(metrics), { hits: counts.hits + 2, misses: counts.misses + 1 });
      assert.deepEqual(answerOf(second), answerOf(first));
      assert.deepEqual(answerOf(third), answerOf(first));

      // Each answer is a saved explanation of its own.
      const ids = [first.id, second.id, third.id];
      assert.equal(new Set(ids).size, 3, `three ids: ${ids.join(', ')}`);
      const { items, total } = await handle.store.listExplanations(
        account.accountId,
        {},
        { skip: 0, limit: 10 },
      );
      assert.equal(total, 3);
      assert.deepEqual(items.map((item) => item.id).sort(), [...ids].sort());
      const saved = await handle.store.getExplanation(account.accountId, second.id!);
      assert.ok(saved);
      assert.equal(saved.code, body.code);
      assert.equal(saved.explanation, first.explanation);

      // The quota of 3 holds though every later answer would come from the cache.
      const refused = await postJson(`${server.url}/api/explain`, account.key, body);
      assert.equal(refused.status, 429, await refused.text());
      assert.equal(engine.calls, calls + 1);

      // And every request is in the account's usage.
      await recorder.flush();
      const usage = createUsageService({ store: handle.store, flush: () => recorder.flush() });
      const report = await usage.report(account.accountId, {
        from: new Date(Date.now() - 3_600_000),
        to: new Date(Date.now() + 3_600_000),
        granularity: 'hour',
      });
      assert.notEqual(report, 'unknown_key');
      if (report === 'unknown_key') return;
      assert.equal(report.totals.requests, 4);
      assert.deepEqual(report.totals.outcomes, { '2xx': 3, '4xx': 0, '429': 1, '5xx': 0 });
      assert.equal(report.totals.routes['POST /api/explain'], 4);
      assert.equal(report.totals.languages.python, 3);
    });

    it('misses for another mode, audience or focus, and for the same focus areas in another order', async () => {
      const account = await createKeyedAccount(handle.store, 'enterprise');
      const base = { ...SNIPPET, code: uniqueCode('variants') };
      const variants: ExplainRequestInput[] = [
        base,
        { ...base, mode: 'quick' },
        { ...base, audience: 'beginner' },
        { ...base, focus: ['security'] },
        { ...base, focus: ['security', 'performance'] },
        { ...base, focus: ['performance', 'security'] },
      ];
      const calls = engine.calls;
      const answers: ExplainResponse[] = [];
      for (const variant of variants) answers.push(await explainOk(server, account.key, variant));
      assert.equal(engine.calls, calls + variants.length, 'every variant ran the engine');
      // The focus sections follow the request's order, which is why the order is part of the key.
      const focusTitles = (answer: ExplainResponse) =>
        answer.sections.map((section) => section.title).filter((title) => /^Focus/i.test(title));
      assert.deepEqual(focusTitles(answers[5]!), [...focusTitles(answers[4]!)].reverse());
      assert.notDeepEqual(focusTitles(answers[4]!), focusTitles(answers[5]!));

      // Each again: all from the cache, each its own answer.
      for (const [index, variant] of variants.entries()) {
        assert.deepEqual(answerOf(await explainOk(server, account.key, variant)), answerOf(answers[index]!));
      }
      assert.equal(engine.calls, calls + variants.length);
    });

    if (redis) {
      it('shares answers between instances through Redis', async () => {
        const account = await createKeyedAccount(handle.store, 'enterprise');
        const body = { ...SNIPPET, code: uniqueCode('shared') };
        const otherMetrics = createMetrics({ store: handle.store, limiter });
        const otherCache = openCache(otherMetrics);
        const otherEngine = countingEngine(testEngine());
        const other = await startServer({
          store: handle.store,
          limiter,
          engine: otherEngine,
          usage: recorder,
          resultCache: otherCache,
        });
        try {
          const first = await explainOk(server, account.key, body);
          const second = await explainOk(other, account.key, body);
          assert.equal(otherEngine.calls, 0, 'the second instance did not run the engine');
          assert.deepEqual(await cacheCounts(otherMetrics), { hits: 1, misses: 0 });
          assert.deepEqual(answerOf(second), answerOf(first));
          assert.notEqual(second.id, first.id);
        } finally {
          await other.close();
          await otherCache.close();
        }
      });
    }
  });
}

describe('engine result cache while Redis is away', function () {
  this.timeout(120_000);
  let redis: RedisProcess;
  let handle: StoreHandle;
  let limiter: RateLimiter;
  let metrics: Metrics;
  let cache: ResultCache;
  let engine: ReturnType<typeof countingEngine>;
  let server: TestServer;

  before(async () => {
    redis = await RedisProcess.start();
    handle = await openTestStore('embedded', 'resultcache-outage');
    limiter = await openTestLimiter('memory');
    metrics = createMetrics({ store: handle.store, limiter });
    // Nothing kept in this process: every lookup goes to Redis.
    cache = createResultCache({
      entries: 0,
      maxBytes: 0,
      ttlMs: TTL_MS,
      metrics: metrics.resultCache,
      shared: createRedisResults({
        url: redis.url,
        timeoutMs: 250,
        connectTimeoutMs: 1000,
        logger: createLogger('silent'),
      }),
    });
    await testEngine().ready();
    engine = countingEngine(testEngine());
    server = await startServer({ store: handle.store, limiter, engine, resultCache: cache });
  });

  after(async () => {
    redis.thaw();
    await server.close();
    await cache.close();
    await limiter.close();
    await handle.dispose();
    await redis.stop();
  });

  it('answers from the engine while Redis is frozen or stopped, and from Redis again once it answers', async () => {
    const account = await createKeyedAccount(handle.store, 'enterprise');
    const body = { ...SNIPPET, code: uniqueCode('outage') };
    const expected = answerOf(await explainOk(server, account.key, body));
    assert.equal(engine.calls, 1);
    assert.deepEqual(answerOf(await explainOk(server, account.key, body)), expected);
    assert.equal(engine.calls, 1, 'the second came from Redis');

    // Frozen: each command gives up after REDIS_TIMEOUT_MS, and the engine answers.
    redis.freeze();
    assert.deepEqual(answerOf(await explainOk(server, account.key, body)), expected);
    assert.equal(engine.calls, 2);
    redis.thaw();

    // Stopped: refused at once, and the engine answers.
    await redis.stop();
    assert.deepEqual(answerOf(await explainOk(server, account.key, body)), expected);
    assert.equal(engine.calls, 3);

    // Back (empty, as it keeps nothing on disk): answers are kept there again.
    await redis.restart();
    await waitFor('answers from Redis again', async () => {
      const before = engine.calls;
      assert.deepEqual(answerOf(await explainOk(server, account.key, body)), expected);
      return engine.calls === before;
    });
    assert.ok((await cacheCounts(metrics)).hits >= 2);
  });
});
