/**
 * Prometheus metrics over real HTTP: requests to a real app (real store,
 * limiter and engine pool), then a scrape of its metrics listener, parsed
 * line by line, with exact counts. On both backends; Redis's state with a
 * redis-server the test stops and starts again.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { explainResponseSchema } from '@code-explain/shared';
import { createApp } from '../../src/app.js';
import { createEnginePool, type EnginePool } from '../../src/engine/pool/pool.js';
import { createHttpServer } from '../../src/http/server.js';
import type { RateLimiter } from '../../src/limits/limiter.js';
import { createLogger } from '../../src/logging.js';
import { createMetrics, type Metrics } from '../../src/metrics/metrics.js';
import { createMetricsServer } from '../../src/metrics/server.js';
import type { Store } from '../../src/store/types.js';
import {
  BACKENDS,
  call,
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  testEngine,
  waitFor,
  type StoreHandle,
} from '../http/support/harness.js';
import { RedisProcess } from '../http/support/redis-server.js';
import { parseMetrics, seriesOf, valueOf, type Sample } from './support/prometheus.js';

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

interface Metered {
  readonly url: string;
  readonly metricsUrl: string;
  readonly metrics: Metrics;
  scrape(token?: string): Promise<Sample[]>;
  close(): Promise<void>;
}

/** An app with metrics of its own, and its metrics listener, as main.ts wires them. */
async function startMetered(
  store: Store,
  limiter: RateLimiter,
  token?: string,
  engine: EnginePool = testEngine(),
): Promise<Metered> {
  const logger = createLogger('silent');
  const metrics = createMetrics({ store, limiter, engine });
  const app = createApp({ store, limiter, engine, logger, config: { production: false }, metrics });
  const server = createHttpServer(app, logger);
  const metricsServer = createMetricsServer({ metrics, token, logger });
  const [url, metricsBase] = await Promise.all([
    server.listen(0, '127.0.0.1').then(({ port }) => `http://127.0.0.1:${port}`),
    listen(metricsServer),
  ]);
  const metricsUrl = `${metricsBase}/metrics`;
  return {
    url,
    metricsUrl,
    metrics,
    async scrape(bearer = token) {
      const response = await fetch(metricsUrl, {
        headers: bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` },
      });
      const text = await response.text();
      assert.equal(response.status, 200, text);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return parseMetrics(text);
    },
    close: async () => {
      await Promise.all([server.close(0), close(metricsServer)]);
    },
  };
}

const SNIPPET = { code: 'def add(a, b):\n    return a + b\n', language: 'python' };

for (const backend of BACKENDS) {
  const redis = backend === 'mongo+redis';

  describe(`Prometheus metrics (${backend})`, function () {
    this.timeout(120_000);
    let handle: StoreHandle;
    let limiter: RateLimiter;
    let metered: Metered;

    before(async () => {
      handle = await openTestStore(redis ? 'mongo' : 'embedded', 'metrics');
      // A quota of 3, over a window no test outlasts.
      limiter = await openTestLimiter(redis ? 'redis' : 'memory', {
        quotas: { pro: 3, enterprise: 1000 },
        windowMs: 3_600_000,
      });
      await testEngine().ready();
      metered = await startMetered(handle.store, limiter);
    });

    after(async () => {
      await metered.close();
      await limiter.close();
      await handle.dispose();
    });

    it('counts requests by route pattern and status, times them, and counts rate-limit rejections exactly', async () => {
      const { url } = metered;
      const { key } = await createKeyedAccount(handle.store, 'pro');

      // The quota of 3: an explain, a read of it, an invalid explain; then two refused.
      const explained = await postJson(`${url}/api/explain`, key, SNIPPET);
      assert.equal(explained.status, 200);
      const { id } = explainResponseSchema.parse(await explained.json());
      assert.ok(id);
      assert.equal((await call(`${url}/api/explanations/${id}`, key)).status, 200);
      assert.equal((await postJson(`${url}/api/explain`, key, { code: 42 })).status, 400);
      assert.equal((await postJson(`${url}/api/explain`, key, SNIPPET)).status, 429);
      assert.equal((await call(`${url}/api/explanations/${id}`, key)).status, 429);
      // No key: refused before routing, still labelled with its route; an unknown /api path is `other`.
      assert.equal((await postJson(`${url}/api/explain`, undefined, SNIPPET)).status, 401);
      assert.equal((await call(`${url}/api/nothing/${id}`, undefined)).status, 401);
      // Public routes and the dashboard's pages; unknown paths are `other`.
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      assert.equal((await fetch(`${url}/sign-in`)).status, 200);
      assert.equal((await fetch(`${url}/no/such/${id}`)).status, 404);

      const samples = await metered.scrape();
      assert.deepEqual(seriesOf(samples, 'code_explain_http_requests_total'), [
        'route=GET /api/explanations/:id,status=200 1',
        'route=GET /api/explanations/:id,status=429 1',
        'route=GET /healthz,status=200 2',
        'route=GET /sign-in,status=200 1',
        'route=POST /api/explain,status=200 1',
        'route=POST /api/explain,status=400 1',
        'route=POST /api/explain,status=401 1',
        'route=POST /api/explain,status=429 1',
        'route=other,status=401 1',
        'route=other,status=404 1',
      ]);
      // No raw path, and so no id, in any label.
      assert.ok(!samples.some((s) => Object.values(s.labels).some((v) => v.includes(id))));

      // The latency histogram: one observation per request, cumulative buckets ending at +Inf.
      const explain = { route: 'POST /api/explain', status: '200' };
      const name = 'code_explain_http_request_duration_seconds';
      assert.equal(valueOf(samples, `${name}_count`, explain), 1);
      assert.equal(valueOf(samples, `${name}_count`, { route: 'GET /healthz', status: '200' }), 2);
      const sum = valueOf(samples, `${name}_sum`, explain) ?? NaN;
      assert.ok(sum > 0 && sum < 60, `sum ${sum}`);
      const buckets = samples.filter(
        (s) => s.name === `${name}_bucket` && s.labels.route === explain.route && s.labels.status === '200',
      );
      assert.equal(buckets.length, 14);
      assert.equal(buckets.at(-1)?.labels.le, '+Inf');
      assert.equal(buckets.at(-1)?.value, 1);
      for (let i = 1; i < buckets.length; i += 1) assert.ok(buckets[i]!.value >= buckets[i - 1]!.value);

      assert.deepEqual(seriesOf(samples, 'code_explain_rate_limit_rejections_total'), [
        'plan=enterprise 0',
        'plan=pro 2',
      ]);
      // No result cache yet: its counters exist, at zero.
      assert.equal(valueOf(samples, 'code_explain_result_cache_hits_total'), 0);
      assert.equal(valueOf(samples, 'code_explain_result_cache_misses_total'), 0);
    });

    it('reports the engine pool, the store and Redis', async () => {
      const samples = await metered.scrape();
      const stats = testEngine().stats();
      assert.equal(valueOf(samples, 'code_explain_engine_queue_depth'), 0);
      assert.equal(valueOf(samples, 'code_explain_engine_workers_busy'), 0);
      assert.equal(valueOf(samples, 'code_explain_engine_workers_ready'), stats.ready);
      assert.equal(valueOf(samples, 'code_explain_engine_workers'), stats.workers);
      assert.ok(stats.ready >= 1);
      assert.deepEqual(seriesOf(samples, 'code_explain_store_up'), [
        `backend=${redis ? 'mongodb' : 'embedded'} 1`,
      ]);
      // The store's bulkhead: nothing in flight between requests, and a limit it has learnt from its first 32 up.
      assert.equal(valueOf(samples, 'code_explain_store_operations_in_flight'), 0);
      assert.ok((valueOf(samples, 'code_explain_store_concurrency_limit') ?? 0) >= 32);
      // Only with Redis configured is there a Redis to be up.
      assert.equal(valueOf(samples, 'code_explain_redis_up'), redis ? 1 : undefined);
      assert.deepEqual(seriesOf(samples, 'code_explain_redis_up'), redis ? [' 1'] : []);
    });
  });
}

describe('Prometheus metrics: the listener, apps side by side, the pool and outages', function () {
  this.timeout(300_000);
  let handle: StoreHandle;

  before(async () => {
    handle = await openTestStore('embedded', 'metrics-listener');
  });

  after(async () => {
    await handle.dispose();
  });

  it('asks for the bearer token when METRICS_TOKEN is set, and serves only GET /metrics', async () => {
    const limiter = await openTestLimiter('memory');
    const token = 'scrape-token-0123456789';
    const metered = await startMetered(handle.store, limiter, token);
    try {
      const refused = await Promise.all([
        fetch(metered.metricsUrl),
        fetch(metered.metricsUrl, { headers: { Authorization: 'Bearer scrape-token-0123456780' } }),
        fetch(metered.metricsUrl, { headers: { Authorization: token } }),
      ]);
      for (const response of refused) {
        assert.equal(response.status, 401);
        assert.equal(response.headers.get('www-authenticate'), 'Bearer');
        assert.doesNotMatch(await response.text(), /code_explain_/);
      }
      assert.ok((await metered.scrape(token)).length > 0);
      const base = metered.metricsUrl.replace(/\/metrics$/, '');
      assert.equal((await fetch(`${base}/`)).status, 404);
      assert.equal((await fetch(`${base}/healthz`)).status, 404);
      const post = await fetch(metered.metricsUrl, { method: 'POST' });
      assert.equal(post.status, 405);
      assert.equal(post.headers.get('allow'), 'GET, HEAD');
    } finally {
      await metered.close();
      await limiter.close();
    }
  });

  it('keeps a registry per app: two apps in one process count apart', async () => {
    const [limiterA, limiterB] = await Promise.all([openTestLimiter('memory'), openTestLimiter('memory')]);
    const a = await startMetered(handle.store, limiterA);
    const b = await startMetered(handle.store, limiterB);
    try {
      assert.notEqual(a.metrics.registry, b.metrics.registry);
      for (let i = 0; i < 3; i += 1) assert.equal((await fetch(`${a.url}/healthz`)).status, 200);
      assert.equal((await fetch(`${b.url}/nothing`)).status, 404);
      const [fromA, fromB] = await Promise.all([a.scrape(), b.scrape()]);
      assert.deepEqual(seriesOf(fromA, 'code_explain_http_requests_total'), [
        'route=GET /healthz,status=200 3',
      ]);
      assert.deepEqual(seriesOf(fromB, 'code_explain_http_requests_total'), ['route=other,status=404 1']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([limiterA.close(), limiterB.close()]);
    }
  });

  it('shows busy workers and queued analyses while the pool is saturated', async () => {
    // One worker with deadlines no loaded machine reaches: one analysis runs, the others wait.
    const engine = createEnginePool({ workers: 1, timeoutMs: 300_000, maxQueueWaitMs: 300_000 });
    const limiter = await openTestLimiter('memory');
    const metered = await startMetered(handle.store, limiter, undefined, engine);
    try {
      await engine.ready();
      const { key } = await createKeyedAccount(handle.store, 'enterprise');
      const code = Array.from(
        { length: 400 },
        (_, i) => `function f${i}(a) { if (a > ${i}) { return a * ${i}; } return a; }`,
      ).join('\n');
      const requests = Array.from({ length: 4 }, () =>
        postJson(`${metered.url}/api/explain`, key, { code, language: 'javascript', mode: 'detailed' }),
      );
      await waitFor(
        'a busy worker and a queue in the metrics',
        async () => {
          const samples = await metered.scrape();
          const busy = valueOf(samples, 'code_explain_engine_workers_busy');
          const queued = valueOf(samples, 'code_explain_engine_queue_depth') ?? 0;
          return busy === 1 && queued >= 1;
        },
        120_000,
      );
      const answers = await Promise.all(requests);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200],
      );
      const after = await metered.scrape();
      assert.equal(valueOf(after, 'code_explain_engine_workers_busy'), 0);
      assert.equal(valueOf(after, 'code_explain_engine_queue_depth'), 0);
      assert.deepEqual(seriesOf(after, 'code_explain_http_requests_total'), [
        'route=POST /api/explain,status=200 4',
      ]);
    } finally {
      await metered.close();
      await limiter.close();
      await engine.dispose();
    }
  });

  it('reports a store that does not answer and a Redis that went away, and their return', async () => {
    const redisServer = await RedisProcess.start();
    const limiter = await openTestLimiter('redis', { redisUrl: redisServer.url, timeoutMs: 200 });
    const closing = await openTestStore('embedded', 'metrics-closed');
    const metered = await startMetered(closing.store, limiter);
    try {
      let samples = await metered.scrape();
      assert.equal(valueOf(samples, 'code_explain_redis_up'), 1);
      assert.equal(valueOf(samples, 'code_explain_store_up', { backend: 'embedded' }), 1);

      await redisServer.stop();
      const { key } = await createKeyedAccount(closing.store, 'pro');
      // A request's count fails against the stopped Redis: the limiter counts in memory and says Redis is down.
      assert.equal((await call(`${metered.url}/api/explanations`, key)).status, 200);
      await waitFor('redis_up 0', async () => valueOf(await metered.scrape(), 'code_explain_redis_up') === 0);

      await redisServer.restart();
      await waitFor(
        'redis_up 1',
        async () => valueOf(await metered.scrape(), 'code_explain_redis_up') === 1,
        15_000,
      );

      await closing.store.close();
      samples = await metered.scrape();
      assert.equal(valueOf(samples, 'code_explain_store_up', { backend: 'embedded' }), 0);
    } finally {
      await metered.close();
      await limiter.close();
      await closing.dispose();
      await redisServer.stop();
    }
  });
});
