/**
 * The service's configuration, read once from the environment at start-up and
 * validated, so a typo fails loudly before the server listens.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ApiPlan } from '@code-explain/shared';
import { parseRedisUrl } from './redis/target.js';

export const DEFAULT_DASHBOARD_CONFIG: DashboardConfig = {
  signup: 'open',
  sessionIdleMs: 30 * 60_000,
  sessionAbsoluteMs: 12 * 3_600_000,
  signInThrottle: { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Unset: the embedded store in dataDir. */
  readonly mongodbUri: string | undefined;
  /** Unset: rate limits counted in process. */
  readonly redisUrl: string | undefined;
  /**
   * How long one Redis command (a rate-limit count, a probe) may take before
   * Redis counts as away and requests are counted in this process instead.
   */
  readonly redisTimeoutMs: number;
  /** How long opening a connection to Redis may take (at start-up and each reconnect). */
  readonly redisConnectTimeoutMs: number;
  readonly dataDir: string;
  readonly rateLimits: { readonly pro: number; readonly enterprise: number };
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** How long one store operation may take before the request gets 503 store_unavailable. */
  readonly storeTimeoutMs: number;
  /** How often each instance adds its buffered usage counts to the store (usage/recorder.ts). */
  readonly usageFlushMs: number;
  /**
   * After SIGTERM, how long the instance keeps serving while /healthz answers
   * 503 `draining`, before it stops listening: longer than the balancer's
   * health check needs to take it out, so no request meets a closing port.
   */
  readonly shutdownDrainMs: number;
  /**
   * After the last request, how long a stop waits for the stores, the limiter, the cache and the
   * engine to close (SHUTDOWN_CLOSE_MS) before the process exits without them.
   */
  readonly shutdownCloseMs: number;
  /** How long an idle keep-alive connection stays open (HTTP_KEEP_ALIVE_TIMEOUT_MS): longer than the balancer's. */
  readonly keepAliveTimeoutMs: number;
  readonly production: boolean;
  readonly engine: EngineConfig;
  readonly resultCache: ResultCacheConfig;
  /**
   * Whether X-Forwarded-Proto, -Host and -For are believed (Koa's `app.proxy`):
   * only behind a proxy that sets them and strips what clients send.
   */
  readonly trustProxy: boolean;
  /** Unset: plain HTTP (behind a TLS-terminating proxy, or ALLOW_INSECURE_HTTP in production). */
  readonly tls: TlsConfig | undefined;
  /** ALLOW_INSECURE_HTTP: production mode may serve plain HTTP without TLS or a trusted proxy. */
  readonly allowInsecureHttp: boolean;
  /** Unset: no Prometheus metrics are served. */
  readonly metrics: MetricsConfig | undefined;
  readonly dashboard: DashboardConfig;
}

/**
 * The service's own certificate. The files are read once at start-up, so a
 * renewed certificate takes effect at the next (rolling) restart.
 */
export interface TlsConfig {
  readonly certFile: string;
  readonly keyFile: string;
  /** PEM: the certificate, optionally followed by its chain. */
  readonly cert: string;
  /** PEM: the unencrypted private key (kept out of every log line; nothing logs the configuration). */
  readonly key: string;
  /** TLS_HTTP2 (default true): HTTP/2 is offered beside HTTP/1.1, the client's choice by ALPN. */
  readonly http2: boolean;
}

/** Prometheus metrics, served on a listener of their own (metrics/server.ts). */
export interface MetricsConfig {
  readonly port: number;
  readonly host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token: string | undefined;
}

/** The dashboard's accounts, sessions and sign-in throttling. */
export interface DashboardConfig {
  /** `closed`: no sign-up; accounts come only from the admin command. */
  readonly signup: 'open' | 'closed';
  /** A session unused this long ends. */
  readonly sessionIdleMs: number;
  /** A session ends this long after sign-in, however busy. */
  readonly sessionAbsoluteMs: number;
  readonly signInThrottle: {
    readonly perAccount: number;
    readonly perAddress: number;
    readonly windowMs: number;
  };
}

/** The engine's worker pool (engine/pool/pool.ts). */
export interface EngineConfig {
  /** Worker threads; unset: one per available CPU. */
  readonly workers: number | undefined;
  /** Longest one analysis may run before its worker is stopped (analysis_timeout). */
  readonly timeoutMs: number;
  /** Most analyses that may wait for a worker; more are refused (overloaded). */
  readonly queueLimit: number;
  /** Longest an analysis may wait for a worker before it is refused (overloaded). */
  readonly queueWaitMs: number;
  /** Added to the workers' nice value (0–19): the main thread, answering requests, runs first on busy cores. */
  readonly nice: number;
  /**
   * The most analyses of one account that run at once, by plan; the pool
   * caps it one below its worker count (engine/pool/pool.ts).
   */
  readonly accountConcurrency: Readonly<Record<ApiPlan, number>>;
}

/** ENGINE_CONCURRENCY_PRO and ENGINE_CONCURRENCY_ENTERPRISE unset. */
export const DEFAULT_ACCOUNT_CONCURRENCY: Readonly<Record<ApiPlan, number>> = { pro: 2, enterprise: 4 };

/**
 * The engine result cache (cache/result-cache.ts): in this process, and in
 * Redis too when REDIS_URL is set.
 */
export interface ResultCacheConfig {
  /** Most answers kept in this process; 0: none kept here. */
  readonly entries: number;
  /** Most bytes of answers kept in this process (their JSON size); 0: none kept here. */
  readonly maxBytes: number;
  /** How long an answer is reused, here and in Redis; 0: no result cache at all. */
  readonly ttlMs: number;
}

// An empty variable (`MONGODB_URI=`) means "not set", as in most shells' usage.
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const wholeNumberIn = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(unsetIfEmpty, wholeNumberIn(name, min, max).default(fallback));

/** Unset stays undefined: the default is decided where the value is used. */
const optionalWholeNumber = (name: string, min: number, max: number) =>
  z.preprocess(unsetIfEmpty, wholeNumberIn(name, min, max).optional());

const url = (name: string, schemes: readonly string[]) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((value) => schemes.some((s) => value.startsWith(`${s}://`)), {
        message: `${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`,
      })
      .optional(),
  );

const flagWord = (name: string) =>
  z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: `${name} must be true or false` });
const lowerCaseFlag = (v: unknown) => (typeof v === 'string' ? unsetIfEmpty(v.toLowerCase()) : v);
const isTrue = (v: string) => v === 'true' || v === '1' || v === 'yes';

const flag = (name: string, fallback: 'true' | 'false') =>
  z.preprocess(lowerCaseFlag, flagWord(name).default(fallback).transform(isTrue));

const optionalString = z.preprocess(unsetIfEmpty, z.string().optional());

/** A flag whose absence means something of its own (its default depends on other settings). */
const optionalFlag = (name: string) =>
  z.preprocess(
    lowerCaseFlag,
    flagWord(name)
      .optional()
      .transform((v) => (v === undefined ? undefined : isTrue(v))),
  );

/** Addresses only this machine can reach, where metrics may be served without a token. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host);
}

type Issues = z.core.$RefinementCtx;

/** A file's text, or an issue naming the variable and why the file cannot be used. */
function readPem(name: string, path: string, ctx: Issues): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const why =
      reason === 'ENOENT'
        ? 'no such file'
        : reason === 'EACCES'
          ? 'permission denied'
          : reason === 'EISDIR'
            ? 'it is a folder'
            : reason;
    ctx.addIssue({ code: 'custom', path: [name], message: `${name}: cannot read ${path} (${why})` });
    return undefined;
  }
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE together, both readable, a PEM certificate
 * and the PEM private key that belongs to it: checked here so a wrong file
 * stops the start with its name rather than failing inside the TLS stack.
 */
function readTls(
  certFile: string | undefined,
  keyFile: string | undefined,
  ctx: Issues,
): TlsConfig | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    const missing = certFile === undefined ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `${missing} is required with ${missing === 'TLS_CERT_FILE' ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'} (HTTPS needs both)`,
    });
    return undefined;
  }
  const cert = readPem('TLS_CERT_FILE', certFile, ctx);
  const key = readPem('TLS_KEY_FILE', keyFile, ctx);
  if (cert === undefined || key === undefined) return undefined;
  let certificate: X509Certificate | undefined;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    ctx.addIssue({
      code: 'custom',
      path: ['TLS_CERT_FILE'],
      message: `TLS_CERT_FILE: ${certFile} is not a PEM certificate`,
    });
  }
  let privateKey: ReturnType<typeof createPrivateKey> | undefined;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    ctx.addIssue({
      code: 'custom',
      path: ['TLS_KEY_FILE'],
      message: `TLS_KEY_FILE: ${keyFile} is not an unencrypted PEM private key`,
    });
  }
  if (!certificate || !privateKey) return undefined;
  if (!certificate.checkPrivateKey(privateKey)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TLS_KEY_FILE'],
      message: `TLS_KEY_FILE: ${keyFile} is not the private key of the certificate in ${certFile}`,
    });
    return undefined;
  }
  return { certFile, keyFile, cert, key, http2: true };
}

const variablesSchema = z.object({
  PORT: wholeNumber('PORT', 0, 65535, 3000),
  HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
  MONGODB_URI: url('MONGODB_URI', ['mongodb', 'mongodb+srv']),
  // One server, a Sentinel-managed master or a cluster (redis/target.ts): checked whole here, so a
  // malformed Sentinel or cluster URL stops the start with its reason, not at the first connection.
  REDIS_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .superRefine((value, ctx) => {
        const parsed = parseRedisUrl(value);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `REDIS_URL ${parsed.error}` });
      })
      .optional(),
  ),
  // A healthy Redis answers in about a millisecond; 250 ms is far beyond that
  // yet still a delay a request can absorb once, when Redis freezes.
  REDIS_TIMEOUT_MS: wholeNumber('REDIS_TIMEOUT_MS', 10, 60_000, 250),
  // Opening a connection (TCP, perhaps TLS for rediss://) legitimately takes
  // longer than a command; no request waits on it (commands are not queued).
  REDIS_CONNECT_TIMEOUT_MS: wholeNumber('REDIS_CONNECT_TIMEOUT_MS', 100, 60_000, 2000),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
  RATE_LIMIT_PRO_PER_MINUTE: wholeNumber('RATE_LIMIT_PRO_PER_MINUTE', 1, 1_000_000, 60),
  RATE_LIMIT_ENTERPRISE_PER_MINUTE: wholeNumber('RATE_LIMIT_ENTERPRISE_PER_MINUTE', 1, 1_000_000, 600),
  ENGINE_WORKERS: optionalWholeNumber('ENGINE_WORKERS', 1, 256),
  ENGINE_TIMEOUT_MS: wholeNumber('ENGINE_TIMEOUT_MS', 100, 600_000, 5000),
  ENGINE_QUEUE_LIMIT: wholeNumber('ENGINE_QUEUE_LIMIT', 0, 100_000, 64),
  ENGINE_QUEUE_WAIT_MS: wholeNumber('ENGINE_QUEUE_WAIT_MS', 100, 600_000, 10_000),
  // 10: under CFS a nice-10 thread gets about a tenth of a core against a nice-0 one, so a saturated
  // pool leaves the event loop what it needs, and takes every idle cycle otherwise.
  ENGINE_NICE: wholeNumber('ENGINE_NICE', 0, 19, 10),
  ENGINE_CONCURRENCY_PRO: wholeNumber('ENGINE_CONCURRENCY_PRO', 1, 256, DEFAULT_ACCOUNT_CONCURRENCY.pro),
  ENGINE_CONCURRENCY_ENTERPRISE: wholeNumber(
    'ENGINE_CONCURRENCY_ENTERPRISE',
    1,
    256,
    DEFAULT_ACCOUNT_CONCURRENCY.enterprise,
  ),
  RESULT_CACHE_ENTRIES: wholeNumber('RESULT_CACHE_ENTRIES', 0, 10_000_000, 10_000),
  RESULT_CACHE_MB: wholeNumber('RESULT_CACHE_MB', 0, 1_000_000, 64),
  RESULT_CACHE_TTL_SECONDS: wholeNumber('RESULT_CACHE_TTL_SECONDS', 0, 30 * 86_400, 86_400),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' ? unsetIfEmpty(v.toLowerCase()) : v),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  STORE_TIMEOUT_MS: wholeNumber('STORE_TIMEOUT_MS', 50, 60_000, 800),
  USAGE_FLUSH_MS: wholeNumber('USAGE_FLUSH_MS', 100, 3_600_000, 1000),
  SHUTDOWN_DRAIN_MS: wholeNumber('SHUTDOWN_DRAIN_MS', 0, 120_000, 0),
  SHUTDOWN_CLOSE_MS: wholeNumber('SHUTDOWN_CLOSE_MS', 100, 120_000, 10_000),
  // Longer than a balancer keeps an idle connection to an instance (60 s is common; Fastify's default is
  // 72 s for this reason): the side that closes an idle connection must be the balancer, or it may send a
  // request just as the instance closes it, and a POST so lost cannot be retried. Node's own default is 5 s.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber('HTTP_KEEP_ALIVE_TIMEOUT_MS', 1000, 600_000, 72_000),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: flag('TRUST_PROXY', 'false'),
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  TLS_HTTP2: optionalFlag('TLS_HTTP2'),
  ALLOW_INSECURE_HTTP: flag('ALLOW_INSECURE_HTTP', 'false'),
  METRICS_PORT: optionalWholeNumber('METRICS_PORT', 0, 65535),
  METRICS_HOST: optionalString,
  // A bearer token short enough to guess is no protection.
  METRICS_TOKEN: z.preprocess(
    unsetIfEmpty,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  SIGNUP: z.preprocess(
    (v) => (typeof v === 'string' ? unsetIfEmpty(v.toLowerCase()) : v),
    z.enum(['open', 'closed'], { error: 'SIGNUP must be open or closed' }).default('open'),
  ),
  // OWASP's session guidance: a short idle timeout and an absolute one of a working day.
  SESSION_IDLE_MINUTES: wholeNumber('SESSION_IDLE_MINUTES', 1, 7 * 24 * 60, 30),
  SESSION_MAX_HOURS: wholeNumber('SESSION_MAX_HOURS', 1, 30 * 24, 12),
  SIGNIN_FAILURES_PER_ACCOUNT: wholeNumber('SIGNIN_FAILURES_PER_ACCOUNT', 1, 1000, 5),
  // Offices and mobile carriers put many people behind one address, so it gets more.
  SIGNIN_FAILURES_PER_ADDRESS: wholeNumber('SIGNIN_FAILURES_PER_ADDRESS', 1, 100_000, 20),
  SIGNIN_FAILURE_WINDOW_MINUTES: wholeNumber('SIGNIN_FAILURE_WINDOW_MINUTES', 1, 24 * 60, 15),
});

/**
 * The variables, then what depends on several of them. `serve`: whether this
 * process serves HTTP (the service) or not (the admin command, which needs
 * neither the certificate nor the HTTP settings, and may lack the right to
 * read the private key).
 */
const envSchema = (serve: boolean) =>
  variablesSchema.transform((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const name of ['MONGODB_URI', 'REDIS_URL'] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} is required when NODE_ENV=production (the embedded defaults are for one machine only)`,
          });
        }
      }
    }
    if (!serve) return { ...env, tls: undefined, metrics: undefined };
    const read = readTls(env.TLS_CERT_FILE, env.TLS_KEY_FILE, ctx);
    const tls = read && env.TLS_HTTP2 !== undefined ? { ...read, http2: env.TLS_HTTP2 } : read;
    const tlsAsked = env.TLS_CERT_FILE !== undefined || env.TLS_KEY_FILE !== undefined;
    if (!tlsAsked && env.TLS_HTTP2 !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['TLS_HTTP2'],
        message: 'TLS_HTTP2 needs TLS_CERT_FILE and TLS_KEY_FILE (HTTP/2 is offered over TLS only)',
      });
    }
    if (env.NODE_ENV === 'production' && !tlsAsked && !env.TRUST_PROXY && !env.ALLOW_INSECURE_HTTP) {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message:
          'NODE_ENV=production refuses to serve plain HTTP: set TLS_CERT_FILE and TLS_KEY_FILE to serve HTTPS, ' +
          'or TRUST_PROXY=true behind a proxy that terminates TLS, or ALLOW_INSECURE_HTTP=1 to serve plain HTTP anyway',
      });
    }
    return { ...env, tls, metrics: metricsConfig(env, ctx) };
  });

function metricsConfig(
  env: { PORT: number; METRICS_PORT?: number; METRICS_HOST?: string; METRICS_TOKEN?: string },
  ctx: Issues,
): MetricsConfig | undefined {
  if (env.METRICS_PORT === undefined) {
    for (const name of ['METRICS_HOST', 'METRICS_TOKEN'] as const) {
      if (env[name] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} needs METRICS_PORT (metrics are served only on a port of their own)`,
        });
      }
    }
    return undefined;
  }
  const host = env.METRICS_HOST ?? '127.0.0.1';
  if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'METRICS_PORT must differ from PORT' });
  }
  if (!isLoopback(host) && env.METRICS_TOKEN === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: `METRICS_TOKEN is required when METRICS_HOST (${host}) is not a loopback address`,
    });
  }
  return { port: env.METRICS_PORT, host, token: env.METRICS_TOKEN };
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

export interface LoadOptions {
  /**
   * False for commands that do not serve HTTP (the admin command): TLS,
   * metrics and production mode's HTTPS rule are then neither checked nor
   * read. Default true.
   */
  readonly serve?: boolean;
}

export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: LoadOptions = {},
): ConfigResult {
  const parsed = envSchema(options.serve ?? true).safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      mongodbUri: e.MONGODB_URI,
      redisUrl: e.REDIS_URL,
      redisTimeoutMs: e.REDIS_TIMEOUT_MS,
      redisConnectTimeoutMs: e.REDIS_CONNECT_TIMEOUT_MS,
      dataDir: e.DATA_DIR,
      rateLimits: { pro: e.RATE_LIMIT_PRO_PER_MINUTE, enterprise: e.RATE_LIMIT_ENTERPRISE_PER_MINUTE },
      logLevel: e.LOG_LEVEL,
      storeTimeoutMs: e.STORE_TIMEOUT_MS,
      usageFlushMs: e.USAGE_FLUSH_MS,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      shutdownCloseMs: e.SHUTDOWN_CLOSE_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      production: e.NODE_ENV === 'production',
      engine: {
        workers: e.ENGINE_WORKERS,
        timeoutMs: e.ENGINE_TIMEOUT_MS,
        queueLimit: e.ENGINE_QUEUE_LIMIT,
        queueWaitMs: e.ENGINE_QUEUE_WAIT_MS,
        nice: e.ENGINE_NICE,
        accountConcurrency: { pro: e.ENGINE_CONCURRENCY_PRO, enterprise: e.ENGINE_CONCURRENCY_ENTERPRISE },
      },
      resultCache: {
        entries: e.RESULT_CACHE_ENTRIES,
        maxBytes: e.RESULT_CACHE_MB * 1024 * 1024,
        ttlMs: e.RESULT_CACHE_TTL_SECONDS * 1000,
      },
      trustProxy: e.TRUST_PROXY,
      tls: e.tls,
      allowInsecureHttp: e.ALLOW_INSECURE_HTTP,
      metrics: e.metrics,
      dashboard: {
        signup: e.SIGNUP,
        sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
        sessionAbsoluteMs: e.SESSION_MAX_HOURS * 3_600_000,
        signInThrottle: {
          perAccount: e.SIGNIN_FAILURES_PER_ACCOUNT,
          perAddress: e.SIGNIN_FAILURES_PER_ADDRESS,
          windowMs: e.SIGNIN_FAILURE_WINDOW_MINUTES * 60_000,
        },
      },
    },
  };
}
