/** `GET /healthz`: whether MongoDB and Redis answer, for load balancers; no key needed. */
import type { DependencyState, HealthResponse } from '@code-explain/shared';
import type { RateLimiter } from '../limits/limiter.js';
import type { Engine } from '../engine/engine.js';
import type { Store } from '../store/types.js';
import type { AppMiddleware } from './context.js';

const state = (used: boolean, up: boolean): DependencyState => (used ? (up ? 'up' : 'down') : 'unused');

export function healthCheck(deps: { store: Store; limiter: RateLimiter; engine: Engine }): AppMiddleware {
  const { store, limiter, engine } = deps;
  return async (ctx) => {
    const [storeUp, limiterUp, engineUp] = await Promise.all([store.ping(), limiter.ping(), engine.health()]);
    const body: HealthResponse = {
      status: storeUp && limiterUp && engineUp ? 'ok' : 'unavailable',
      engine: engineUp ? 'up' : 'down',
      mongodb: state(store.kind === 'mongodb', storeUp),
      redis: state(limiter.kind === 'redis', limiterUp),
      store: store.kind,
      rateLimits: limiter.kind,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.status = body.status === 'ok' ? 200 : 503;
    ctx.body = body;
  };
}
