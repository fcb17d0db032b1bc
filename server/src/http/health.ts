/**
 * `GET /healthz`, for load balancers; no key needed. `draining` (503) once
 * shutdown has begun (main.ts, SHUTDOWN_DRAIN_MS), so the balancer's health
 * check takes the instance out before it stops listening; `unavailable` (503) when
 * the store or the engine cannot serve, so the instance is taken out;
 * `degraded` (200) while a configured Redis is away and rate limits are
 * counted in this instance, which still serves; `ok` otherwise.
 */
import type { DependencyState, HealthResponse, HealthStatus } from '@code-explain/shared';
import type { RateLimiter } from '../limits/limiter.js';
import type { Engine } from '../engine/engine.js';
import type { Store } from '../store/types.js';
import type { AppMiddleware } from './context.js';

const state = (used: boolean, up: boolean): DependencyState => (used ? (up ? 'up' : 'down') : 'unused');

export interface HealthDependencies {
  readonly store: Store;
  readonly limiter: RateLimiter;
  readonly engine: Engine;
  /** True once the process has begun to shut down. */
  readonly draining?: () => boolean;
}

export function healthCheck(deps: HealthDependencies): AppMiddleware {
  const { store, limiter, engine, draining } = deps;
  return async (ctx) => {
    const [storeUp, engineUp] = await Promise.all([store.ping(), engine.health()]);
    // The limiter's state is kept current by its own probe; asking never waits on Redis.
    const limits = limiter.state();
    const status: HealthStatus = draining?.()
      ? 'draining'
      : !storeUp || !engineUp
        ? 'unavailable'
        : limits.redis === 'down'
          ? 'degraded'
          : 'ok';
    const body: HealthResponse = {
      status,
      engine: engineUp ? 'up' : 'down',
      mongodb: state(store.kind === 'mongodb', storeUp),
      redis: limits.redis,
      store: store.kind,
      rateLimits: limits.counting,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.status = status === 'unavailable' || status === 'draining' ? 503 : 200;
    ctx.body = body;
  };
}
