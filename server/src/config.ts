/**
 * The service's configuration, read once from the environment at start-up and
 * validated, so a typo fails loudly before the server listens.
 */
import { z } from 'zod';

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
  readonly production: boolean;
  readonly engine: EngineConfig;
  /**
   * Whether X-Forwarded-Proto, -Host and -For are believed (Koa's `app.proxy`):
   * only behind a proxy that sets them and strips what clients send.
   */
  readonly trustProxy: boolean;
  readonly dashboard: DashboardConfig;
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

const envSchema = z
  .object({
    PORT: wholeNumber('PORT', 0, 65535, 3000),
    HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
    MONGODB_URI: url('MONGODB_URI', ['mongodb', 'mongodb+srv']),
    REDIS_URL: url('REDIS_URL', ['redis', 'rediss']),
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
    LOG_LEVEL: z.preprocess(
      (v) => (typeof v === 'string' ? unsetIfEmpty(v.toLowerCase()) : v),
      z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` }).default('info'),
    ),
    STORE_TIMEOUT_MS: wholeNumber('STORE_TIMEOUT_MS', 50, 60_000, 800),
    USAGE_FLUSH_MS: wholeNumber('USAGE_FLUSH_MS', 100, 3_600_000, 1000),
    NODE_ENV: z.string().optional(),
    TRUST_PROXY: z.preprocess(
      (v) => (typeof v === 'string' ? unsetIfEmpty(v.toLowerCase()) : v),
      z
        .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'TRUST_PROXY must be true or false' })
        .default('false')
        .transform((v) => v === 'true' || v === '1' || v === 'yes'),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['MONGODB_URI', 'REDIS_URL'] as const) {
      if (env[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required when NODE_ENV=production (the embedded defaults are for one machine only)`,
        });
      }
    }
  });

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

export function loadConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const parsed = envSchema.safeParse(env);
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
      production: e.NODE_ENV === 'production',
      engine: {
        workers: e.ENGINE_WORKERS,
        timeoutMs: e.ENGINE_TIMEOUT_MS,
        queueLimit: e.ENGINE_QUEUE_LIMIT,
        queueWaitMs: e.ENGINE_QUEUE_WAIT_MS,
      },
      trustProxy: e.TRUST_PROXY,
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
