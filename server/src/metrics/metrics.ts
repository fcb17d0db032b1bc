/**
 * The service's Prometheus metrics (prom-client), in a Registry of their own
 * per app instance: never prom-client's global one, so two apps in one
 * process (tests, or several services) keep separate counts.
 *
 * Labels are bounded: a route is the router's pattern with its method
 * ("GET /api/explanations/:id") or `other`, never the raw path; a status is an
 * HTTP status code; a plan is one of the plans. Gauges that describe the
 * engine pool, the store and Redis are read when Prometheus scrapes.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_PLANS } from '@code-explain/shared';
import type { PoolStats } from '../engine/pool/pool.js';
import type { RateLimiter } from '../limits/limiter.js';
import type { GuardedStore } from '../store/guard.js';
import type { Store } from '../store/types.js';

/**
 * What the result cache (cache/result-cache.ts) reports: a lookup that found
 * an answer (in memory or in Redis), or one that did not. Exposed at zero from
 * the start, so a rate() over them has a baseline.
 */
export interface ResultCacheMetrics {
  hit(): void;
  miss(): void;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route label, status code and time from arrival to the response being decided. */
  observeRequest(route: string, status: number, seconds: number): void;
  /** A request the rate limiter refused (429) for the account's plan. */
  rateLimited(plan: string): void;
  readonly resultCache: ResultCacheMetrics;
}

export interface MetricSources {
  /** The store; with its guard's `load`, the bulkhead's gauges too. */
  readonly store: Pick<Store, 'kind' | 'ping'> & Partial<Pick<GuardedStore, 'load'>>;
  readonly limiter: Pick<RateLimiter, 'kind' | 'state'>;
  /** The engine pool; without it (an in-process engine) there are no engine gauges. */
  readonly engine?: { stats(): PoolStats };
  /**
   * Node's own process metrics (CPU, memory, event-loop delay, GC). They
   * describe the whole process, so only main.ts, which owns it, asks for them.
   */
  readonly processMetrics?: boolean;
}

/** Seconds; from a cached health check (well under a millisecond) to a slow analysis near its deadline. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const PREFIX = 'code_explain_';

/** Gauges without labels, each read from `source` when scraped. */
function gaugesOf<T>(registry: Registry, source: () => T) {
  return (name: string, help: string, read: (value: T) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read(source()));
      },
    });
}

function engineGauges(registry: Registry, engine: { stats(): PoolStats }): void {
  const gauge = gaugesOf(registry, () => engine.stats());
  gauge('engine_queue_depth', 'Analyses waiting for an engine worker.', (s) => s.queued);
  gauge('engine_workers_busy', 'Engine workers running an analysis.', (s) => s.busy);
  gauge('engine_workers_ready', 'Engine workers that can take work (idle or busy).', (s) => s.ready);
  gauge('engine_workers', 'Engine worker slots, whatever their state.', (s) => s.workers);
}

function dependencyGauges(registry: Registry, sources: MetricSources): void {
  const { store, limiter } = sources;
  new Gauge({
    name: `${PREFIX}store_up`,
    help: 'Whether the store answers a ping (1) or not (0), by backend.',
    labelNames: ['backend'] as const,
    registers: [registry],
    async collect() {
      const up = await store.ping().catch(() => false);
      this.set({ backend: store.kind }, up ? 1 : 0);
    },
  });
  const load = store.load?.bind(store);
  if (load) {
    const gauge = gaugesOf(registry, load);
    gauge(
      'store_operations_in_flight',
      'Store operations in flight: what the bulkhead lets in.',
      (l) => l.inFlight,
    );
    gauge(
      'store_concurrency_limit',
      'The most store operations the bulkhead lets in at once now; more are refused with 503 overloaded.',
      (l) => l.limit,
    );
  }
  // Only when Redis is configured: without it there is nothing to be up or down.
  if (limiter.kind === 'redis') {
    new Gauge({
      name: `${PREFIX}redis_up`,
      help: 'Whether Redis answers (1) or rate limits are counted in this process meanwhile (0).',
      registers: [registry],
      collect() {
        this.set(limiter.state().redis === 'up' ? 1 : 0);
      },
    });
  }
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by route pattern and status code.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its response being decided, by route pattern and status code.',
    labelNames: ['route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const rejections = new Counter({
    name: `${PREFIX}rate_limit_rejections_total`,
    help: 'Requests refused with 429 by the per-account rate limit, by plan.',
    labelNames: ['plan'] as const,
    registers: [registry],
  });
  // Every plan's series from the start, so a rate() over it has a baseline.
  for (const plan of API_PLANS) rejections.inc({ plan }, 0);
  const cacheHits = new Counter({
    name: `${PREFIX}result_cache_hits_total`,
    help: 'Explanations answered from the result cache.',
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: `${PREFIX}result_cache_misses_total`,
    help: 'Explanations the result cache did not have.',
    registers: [registry],
  });

  if (sources.engine) engineGauges(registry, sources.engine);
  dependencyGauges(registry, sources);

  return {
    registry,
    observeRequest(route, status, seconds) {
      const labels = { route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    rateLimited: (plan) => rejections.inc({ plan }),
    resultCache: { hit: () => cacheHits.inc(), miss: () => cacheMisses.inc() },
  };
}
