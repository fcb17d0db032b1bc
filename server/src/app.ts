/**
 * The Koa app, built only from what it is given (store, rate limiter, engine,
 * logger, configuration), so tests can run several side by side.
 *
 * Every request: request id and log line → metrics (when given) → nosniff,
 * and HSTS on secure requests → error rendering → then
 * - /api/...: authenticate → count against the account's quota → route
 *   (validate → service → engine/store → response), or 404/405; once it is
 *   authenticated, the request's outcome, route and latency are counted in
 *   the usage statistics (usage/), 429s included;
 * - the dashboard's pages (dashboard/): session → CSRF checks on POST → page;
 * - anything else: /healthz, or 404/405. No key needed.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { createAuthenticator } from './auth/authenticator.js';
import type { ResultCache } from './cache/result-cache.js';
import { authenticate } from './auth/middleware.js';
import {
  DEFAULT_ACCOUNT_CONCURRENCY,
  DEFAULT_DASHBOARD_CONFIG,
  type Config,
  type EngineConfig,
} from './config.js';
import type { ClientBundle } from './dashboard/bundle.js';
import { createDashboard } from './dashboard/dashboard.js';
import type { Engine } from './engine/engine.js';
import { engineVersion } from './engine/version.js';
import { apiRouter } from './http/api.js';
import { chain } from './http/chain.js';
import type { AppContext, AppMiddleware, AppState } from './http/context.js';
import { errorHandler } from './http/error-middleware.js';
import { healthCheck } from './http/health.js';
import { createOpenApiDocument } from './http/openapi.js';
import { requestContext } from './http/request-context.js';
import { serve } from './http/routing.js';
import type { RateLimiter } from './limits/limiter.js';
import type { Logger } from './logging.js';
import type { Metrics } from './metrics/metrics.js';
import { countRateLimitRejections, httpMetrics, matchedRoute } from './metrics/middleware.js';
import { createAccountService } from './service/accounts.js';
import { createExplanationService } from './service/explanations.js';
import { createUsageService } from './service/usage.js';
import { createMemoryStore, type ExpiringStore } from './sessions/kv.js';
import { createSessionManager } from './sessions/sessions.js';
import { createSignInThrottle } from './sessions/throttle.js';
import type { Store } from './store/types.js';
import { countUsage, routeLabeller } from './usage/middleware.js';
import { createUsageRecorder, type UsageRecorder } from './usage/recorder.js';

// 0.2.0: list items are summaries; 415, 422 and 503 answers; health reports the engine and a degraded state.
// 0.3.0: metadata.notes names the checks that failed on the code (additive).
// 0.4.0: GET /api/usage (additive).
// 0.5.0: GET /api/explanations takes a cursor and answers nextCursor (additive; page numbers still work).
export const API_VERSION = '0.5.0';

export interface AppDependencies {
  readonly store: Store;
  readonly limiter: RateLimiter;
  readonly engine: Engine;
  readonly logger: Logger;
  readonly config: Pick<Config, 'production'> &
    Partial<Pick<Config, 'trustProxy' | 'dashboard'>> & {
      /** How many of one account's analyses run at once (default DEFAULT_ACCOUNT_CONCURRENCY). */
      readonly engine?: Pick<EngineConfig, 'accountConcurrency'>;
    };
  /** How long a key lookup is reused; revocations take effect within it (default 5 s). */
  readonly authCacheTtlMs?: number;
  /**
   * Where usage counts go. main.ts passes one so it can flush it on shutdown;
   * without one the app makes its own (flushed every second, never on exit).
   */
  readonly usage?: UsageRecorder;
  /**
   * Where dashboard sessions and failed sign-ins are kept: Redis (sessions/kv.ts)
   * when REDIS_URL is set; without it, a store in this app instance.
   */
  readonly dashboardStore?: ExpiringStore;
  /**
   * The dashboard's page scripts, bundled (dashboard/bundle.ts); by default
   * bundled at creation from the sources, or read from dist/ when compiled.
   */
  readonly clientBundle?: ClientBundle;
  /** The clock of sessions, sign-in throttling, API keys' grace periods and usage counts; tests move it instead of sleeping. */
  readonly clock?: () => number;
  /**
   * True once shutdown has begun: /healthz answers 503 `draining` while
   * requests are still served (main.ts waits SHUTDOWN_DRAIN_MS before it stops listening).
   */
  readonly draining?: () => boolean;
  /** Prometheus metrics of this app instance (metrics/metrics.ts); without them nothing is measured. */
  readonly metrics?: Metrics;
  /**
   * Engine answers by request content (cache/result-cache.ts), made by main.ts
   * from RESULT_CACHE_*; without one every explain runs the engine.
   */
  readonly resultCache?: ResultCache;
}

/**
 * HSTS: browsers that reached the service over HTTPS keep to HTTPS for a year.
 * Sent only on secure requests (RFC 6797 §7.2: a browser ignores it over plain
 * HTTP); not includeSubDomains, as the service does not own its domain's
 * other hosts.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Headers every answer carries, errors included: nosniff, so no browser ever
 * reads a JSON body (which may echo a client's text) as a script or a page;
 * and HSTS on a secure request.
 */
const transportHeaders: AppMiddleware = async (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  // ctx.secure: TLS on this socket, or X-Forwarded-Proto: https from a proxy trusted with TRUST_PROXY.
  if (ctx.secure) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  await next();
};

/**
 * The errors that mean the client went away before its answer was written: a
 * reset connection, an HTTP/2 stream the client cancelled or refused. Routine,
 * and the client's doing: no stack trace, and not at `error`.
 */
const CLIENT_GONE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ERR_HTTP2_STREAM_ERROR',
  'ERR_HTTP2_STREAM_CANCEL',
  'ERR_HTTP2_INVALID_STREAM',
]);

export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE.has(code);
}

/** Whether a path belongs to the keyed API; case-insensitive so no spelling slips past authentication. */
export function isApiPath(path: string): boolean {
  return /^\/api(?:\/|$)/i.test(path);
}

export function createApp(deps: AppDependencies): Koa<AppState> {
  const { store, limiter, engine, logger, config } = deps;
  const app = new Koa<AppState>({
    env: config.production ? 'production' : 'development',
    // X-Forwarded-* are believed only when configured: they decide ctx.secure (the cookie's Secure flag) and ctx.ip.
    proxy: config.trustProxy ?? false,
  });
  const dashboardConfig = config.dashboard ?? DEFAULT_DASHBOARD_CONFIG;
  const clock = deps.clock ?? Date.now;
  const dashboardStore = deps.dashboardStore ?? createMemoryStore(clock);

  const authenticator = createAuthenticator({ store, cacheTtlMs: deps.authCacheTtlMs, now: clock });
  const explanations = createExplanationService({
    engine,
    store,
    ...(deps.resultCache ? { cache: { results: deps.resultCache, engineVersion: engineVersion() } } : {}),
  });
  const recorder = deps.usage ?? createUsageRecorder({ store, logger });
  const usage = createUsageService({ store, flush: () => recorder.flush() });
  const openApiDocument = createOpenApiDocument(API_VERSION);

  const routes = apiRouter({
    explanations,
    usage,
    openApiDocument,
    now: clock,
    engineConcurrency: config.engine?.accountConcurrency ?? DEFAULT_ACCOUNT_CONCURRENCY,
  });
  const api = chain(
    // First, so it sees every outcome; it counts only requests that authentication let in.
    countUsage(recorder, routeLabeller(routes), clock),
    authenticate(authenticator),
    deps.metrics ? countRateLimitRejections(limiter.middleware, deps.metrics) : limiter.middleware,
    serve(routes),
  );

  const dashboard = createDashboard({
    accounts: createAccountService({ store, now: () => new Date(clock()) }),
    sessions: createSessionManager({
      store: dashboardStore,
      timeouts: { idleMs: dashboardConfig.sessionIdleMs, absoluteMs: dashboardConfig.sessionAbsoluteMs },
      now: clock,
    }),
    throttle: createSignInThrottle(dashboardStore, dashboardConfig.signInThrottle),
    config: dashboardConfig,
    usage,
    quota: limiter,
    explanations,
    ...(deps.clientBundle ? { clientBundle: deps.clientBundle } : {}),
    now: clock,
  });

  const publicRoutes = new Router<AppState>({ sensitive: true });
  publicRoutes.get('/healthz', healthCheck({ store, limiter, engine, draining: deps.draining }));
  const site = serve(publicRoutes);

  // The route of a request for the metrics: API and public routes by matching, so requests refused before
  // their route ran (401, 429) still carry it; dashboard pages by the route their router ran.
  const apiRoute = routeLabeller(routes);
  const publicRoute = routeLabeller(publicRoutes);
  const routeOf = (ctx: AppContext): string => {
    if (isApiPath(ctx.path)) return apiRoute(ctx.method, ctx.path);
    return dashboard.owns(ctx.path) ? matchedRoute(ctx) : publicRoute(ctx.method, ctx.path);
  };

  const dispatch: AppMiddleware = (ctx, next) => {
    if (isApiPath(ctx.path)) return api(ctx, next);
    return dashboard.owns(ctx.path) ? dashboard.middleware(ctx, next) : site(ctx, next);
  };

  app.use(requestContext(logger));
  // Outside the error rendering, so it records the status that is sent.
  if (deps.metrics) app.use(httpMetrics(deps.metrics, routeOf));
  // Before the error rendering, which keeps headers set earlier: error answers carry them too.
  app.use(transportHeaders);
  app.use(errorHandler());
  app.use(dispatch);

  // Errors that escape the middleware (a socket failing mid-response) are logged, never thrown.
  app.on('error', (error: unknown, ctx?: AppContext) => {
    const requestId = ctx?.state.requestId;
    if (isClientGone(error)) {
      const { code, message } = error as NodeJS.ErrnoException;
      logger.info({ requestId, code, reason: message }, 'client closed the request before its answer');
    } else logger.error({ requestId, err: error }, 'unhandled error');
  });
  return app;
}
