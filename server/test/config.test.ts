import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type LoadOptions } from '../src/config.js';
import { databaseNameOf } from '../src/store/mongo.js';
import { makeCertificate, type Certificate } from './production/support/tls.js';

function errorsOf(env: Record<string, string>, options?: LoadOptions): string[] {
  const result = loadConfig(env, options);
  assert.equal(result.ok, false, 'expected the configuration to be refused');
  return result.ok ? [] : result.errors;
}

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const result = loadConfig({});
    assert.deepEqual(result, {
      ok: true,
      config: {
        port: 3000,
        host: '127.0.0.1',
        mongodbUri: undefined,
        redisUrl: undefined,
        redisTimeoutMs: 250,
        redisConnectTimeoutMs: 2000,
        dataDir: './data',
        rateLimits: { pro: 60, enterprise: 600 },
        logLevel: 'info',
        storeTimeoutMs: 800,
        usageFlushMs: 1000,
        shutdownDrainMs: 0,
        shutdownCloseMs: 10_000,
        keepAliveTimeoutMs: 72_000,
        production: false,
        engine: {
          workers: undefined,
          timeoutMs: 5000,
          queueLimit: 64,
          queueWaitMs: 10_000,
          nice: 10,
          accountConcurrency: { pro: 2, enterprise: 4 },
        },
        resultCache: { entries: 10_000, maxBytes: 64 * 1024 * 1024, ttlMs: 86_400_000 },
        trustProxy: false,
        tls: undefined,
        allowInsecureHttp: false,
        metrics: undefined,
        dashboard: {
          signup: 'open',
          sessionIdleMs: 30 * 60_000,
          sessionAbsoluteMs: 12 * 3_600_000,
          signInThrottle: { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
        },
      },
    });
  });

  it('reads every variable', () => {
    const result = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      MONGODB_URI: 'mongodb://db:27017/x',
      REDIS_URL: 'rediss://cache:6380',
      REDIS_TIMEOUT_MS: '100',
      REDIS_CONNECT_TIMEOUT_MS: '5000',
      DATA_DIR: '/var/lib/cex',
      RATE_LIMIT_PRO_PER_MINUTE: '5',
      RATE_LIMIT_ENTERPRISE_PER_MINUTE: '50',
      LOG_LEVEL: 'DEBUG',
      STORE_TIMEOUT_MS: '1500',
      USAGE_FLUSH_MS: '250',
      SHUTDOWN_DRAIN_MS: '5000',
      SHUTDOWN_CLOSE_MS: '3000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      NODE_ENV: 'production',
      ENGINE_WORKERS: '3',
      ENGINE_TIMEOUT_MS: '2500',
      ENGINE_QUEUE_LIMIT: '0',
      ENGINE_QUEUE_WAIT_MS: '750',
      ENGINE_NICE: '0',
      ENGINE_CONCURRENCY_PRO: '1',
      ENGINE_CONCURRENCY_ENTERPRISE: '3',
      RESULT_CACHE_ENTRIES: '500',
      RESULT_CACHE_MB: '8',
      RESULT_CACHE_TTL_SECONDS: '60',
      TRUST_PROXY: 'True',
      ALLOW_INSECURE_HTTP: 'yes',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      METRICS_TOKEN: 'a-long-enough-scrape-token',
      SIGNUP: 'closed',
      SESSION_IDLE_MINUTES: '10',
      SESSION_MAX_HOURS: '2',
      SIGNIN_FAILURES_PER_ACCOUNT: '3',
      SIGNIN_FAILURES_PER_ADDRESS: '9',
      SIGNIN_FAILURE_WINDOW_MINUTES: '5',
    });
    assert.ok(result.ok);
    assert.deepEqual(result.config, {
      port: 8080,
      host: '0.0.0.0',
      mongodbUri: 'mongodb://db:27017/x',
      redisUrl: 'rediss://cache:6380',
      redisTimeoutMs: 100,
      redisConnectTimeoutMs: 5000,
      dataDir: '/var/lib/cex',
      rateLimits: { pro: 5, enterprise: 50 },
      logLevel: 'debug',
      storeTimeoutMs: 1500,
      usageFlushMs: 250,
      shutdownDrainMs: 5000,
      shutdownCloseMs: 3000,
      keepAliveTimeoutMs: 65_000,
      production: true,
      engine: {
        workers: 3,
        timeoutMs: 2500,
        queueLimit: 0,
        queueWaitMs: 750,
        nice: 0,
        accountConcurrency: { pro: 1, enterprise: 3 },
      },
      resultCache: { entries: 500, maxBytes: 8 * 1024 * 1024, ttlMs: 60_000 },
      trustProxy: true,
      tls: undefined,
      allowInsecureHttp: true,
      metrics: { port: 9464, host: '0.0.0.0', token: 'a-long-enough-scrape-token' },
      dashboard: {
        signup: 'closed',
        sessionIdleMs: 10 * 60_000,
        sessionAbsoluteMs: 2 * 3_600_000,
        signInThrottle: { perAccount: 3, perAddress: 9, windowMs: 5 * 60_000 },
      },
    });
  });

  it('turns the result cache off with 0, and refuses what is not a whole number in range', () => {
    const off = loadConfig({
      RESULT_CACHE_ENTRIES: '0',
      RESULT_CACHE_MB: '0',
      RESULT_CACHE_TTL_SECONDS: '0',
    });
    assert.ok(off.ok);
    assert.deepEqual(off.config.resultCache, { entries: 0, maxBytes: 0, ttlMs: 0 });
    assert.deepEqual(
      errorsOf({ RESULT_CACHE_ENTRIES: '-1', RESULT_CACHE_MB: '1.5', RESULT_CACHE_TTL_SECONDS: '2592001' }),
      [
        'RESULT_CACHE_ENTRIES must be a whole number from 0 to 10000000',
        'RESULT_CACHE_MB must be a whole number from 0 to 1000000',
        'RESULT_CACHE_TTL_SECONDS must be at most 2592000',
      ],
    );
  });

  it('refuses unknown SIGNUP and TRUST_PROXY values', () => {
    assert.deepEqual(errorsOf({ SIGNUP: 'invite', TRUST_PROXY: 'maybe' }), [
      'TRUST_PROXY must be true or false',
      'SIGNUP must be open or closed',
    ]);
  });

  it('treats empty variables as unset', () => {
    const result = loadConfig({
      PORT: '',
      MONGODB_URI: '',
      REDIS_URL: '',
      REDIS_TIMEOUT_MS: '',
      REDIS_CONNECT_TIMEOUT_MS: '',
      LOG_LEVEL: '',
      ENGINE_WORKERS: '',
      ENGINE_TIMEOUT_MS: '',
    });
    assert.ok(result.ok);
    assert.equal(result.config.port, 3000);
    assert.equal(result.config.redisTimeoutMs, 250);
    assert.equal(result.config.redisConnectTimeoutMs, 2000);
    assert.equal(result.config.mongodbUri, undefined);
    assert.equal(result.config.logLevel, 'info');
    assert.equal(result.config.engine.workers, undefined);
    assert.equal(result.config.engine.timeoutMs, 5000);
  });

  it('accepts mongodb+srv and port 0 (any free port)', () => {
    const result = loadConfig({ MONGODB_URI: 'mongodb+srv://cluster.example/x', PORT: '0' });
    assert.ok(result.ok);
    assert.equal(result.config.port, 0);
  });

  it('passes a replica-set MongoDB URI through untouched, its database name read from the path', () => {
    const uri =
      'mongodb://app:p%40ss@db1:27017,db2:27017,db3:27017/cex_prod?replicaSet=rs0&w=majority&authSource=admin';
    const result = loadConfig({ MONGODB_URI: uri });
    assert.ok(result.ok);
    assert.equal(result.config.mongodbUri, uri);
    assert.equal(databaseNameOf(uri), 'cex_prod');
    assert.equal(databaseNameOf('mongodb://db1,db2/?replicaSet=rs0'), 'code_explain');
  });

  it('takes Sentinel and cluster REDIS_URLs as they are written', () => {
    for (const url of [
      'redis-sentinel://:pw@s1:26379,s2:26379/mymaster?db=1',
      'redis-cluster://n1:7000,n2:7001',
    ]) {
      const result = loadConfig({ REDIS_URL: url });
      assert.ok(result.ok);
      assert.equal(result.config.redisUrl, url);
    }
  });

  for (const [name, value, expected] of [
    ['PORT', 'abc', /PORT must be a whole number from 0 to 65535/],
    ['PORT', '65536', /PORT must be at most 65535/],
    ['PORT', '-1', /PORT must be a whole number/],
    ['SHUTDOWN_DRAIN_MS', '120001', /SHUTDOWN_DRAIN_MS must be at most 120000/],
    ['SHUTDOWN_CLOSE_MS', '99', /SHUTDOWN_CLOSE_MS must be at least 100/],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '999', /HTTP_KEEP_ALIVE_TIMEOUT_MS must be at least 1000/],
    ['PORT', '80.5', /PORT must be a whole number/],
    ['MONGODB_URI', 'postgres://x', /MONGODB_URI must start with mongodb:\/\/ or mongodb\+srv:\/\//],
    [
      'REDIS_URL',
      'localhost:6379',
      /REDIS_URL must start with redis:\/\/, rediss:\/\/, redis-sentinel:\/\/, redis-cluster:\/\//,
    ],
    [
      'REDIS_URL',
      'redis-sentinel://s1:26379,s2:26379',
      /REDIS_URL redis-sentinel:\/\/ needs the master name/,
    ],
    ['REDIS_URL', 'redis-cluster://n1:6379,n2:port', /REDIS_URL "n2:port" is not host:port/],
    ['REDIS_TIMEOUT_MS', '5', /REDIS_TIMEOUT_MS must be at least 10/],
    ['REDIS_TIMEOUT_MS', '60001', /REDIS_TIMEOUT_MS must be at most 60000/],
    ['REDIS_TIMEOUT_MS', '1s', /REDIS_TIMEOUT_MS must be a whole number from 10 to 60000/],
    ['REDIS_CONNECT_TIMEOUT_MS', '50', /REDIS_CONNECT_TIMEOUT_MS must be at least 100/],
    ['REDIS_CONNECT_TIMEOUT_MS', '2.5', /REDIS_CONNECT_TIMEOUT_MS must be a whole number/],
    ['RATE_LIMIT_PRO_PER_MINUTE', '0', /RATE_LIMIT_PRO_PER_MINUTE must be at least 1/],
    ['RATE_LIMIT_ENTERPRISE_PER_MINUTE', 'lots', /RATE_LIMIT_ENTERPRISE_PER_MINUTE must be a whole number/],
    ['LOG_LEVEL', 'verbose', /LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent/],
    ['ENGINE_CONCURRENCY_PRO', '0', /ENGINE_CONCURRENCY_PRO must be at least 1/],
    [
      'ENGINE_CONCURRENCY_ENTERPRISE',
      'many',
      /ENGINE_CONCURRENCY_ENTERPRISE must be a whole number from 1 to 256/,
    ],
    ['ENGINE_WORKERS', '0', /ENGINE_WORKERS must be at least 1/],
    ['ENGINE_WORKERS', 'all', /ENGINE_WORKERS must be a whole number from 1 to 256/],
    ['ENGINE_TIMEOUT_MS', '50', /ENGINE_TIMEOUT_MS must be at least 100/],
    ['ENGINE_TIMEOUT_MS', '5s', /ENGINE_TIMEOUT_MS must be a whole number/],
    ['ENGINE_QUEUE_LIMIT', '-1', /ENGINE_QUEUE_LIMIT must be a whole number from 0 to 100000/],
    ['ENGINE_QUEUE_WAIT_MS', '99', /ENGINE_QUEUE_WAIT_MS must be at least 100/],
    ['ENGINE_NICE', '20', /ENGINE_NICE must be at most 19/],
  ] as const) {
    it(`refuses ${name}=${value} with a clear message`, () => {
      const errors = errorsOf({ [name]: value });
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0] ?? '', expected);
    });
  }

  it('refuses to run in production without MongoDB and Redis', () => {
    const errors = errorsOf({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    assert.equal(errors.length, 2);
    assert.match(errors[0] ?? '', /^MONGODB_URI is required when NODE_ENV=production/);
    assert.match(errors[1] ?? '', /^REDIS_URL is required when NODE_ENV=production/);
  });

  describe('HTTPS and production mode', () => {
    const services = { MONGODB_URI: 'mongodb://db/x', REDIS_URL: 'redis://cache' };
    let dir: string;
    let certificate: Certificate;
    let other: Certificate;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'cex-config-tls-'));
      certificate = await makeCertificate(dir);
      other = await makeCertificate(dir, 'other');
    });

    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('refuses plain HTTP in production unless TLS, TRUST_PROXY or ALLOW_INSECURE_HTTP is set', () => {
      assert.deepEqual(errorsOf({ NODE_ENV: 'production', ...services }), [
        'NODE_ENV=production refuses to serve plain HTTP: set TLS_CERT_FILE and TLS_KEY_FILE to serve HTTPS, ' +
          'or TRUST_PROXY=true behind a proxy that terminates TLS, or ALLOW_INSECURE_HTTP=1 to serve plain HTTP anyway',
      ]);
      assert.deepEqual(errorsOf({ NODE_ENV: 'production', ...services, ALLOW_INSECURE_HTTP: '0' }).length, 1);
      for (const allowed of [
        { TRUST_PROXY: 'true' },
        { ALLOW_INSECURE_HTTP: '1' },
        { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile },
      ]) {
        const result = loadConfig({ NODE_ENV: 'production', ...services, ...allowed });
        assert.ok(result.ok, JSON.stringify(result));
      }
      // Outside production, plain HTTP needs nothing.
      assert.ok(loadConfig({}).ok);
    });

    it('checks none of it for a command that serves nothing (the admin command)', () => {
      const result = loadConfig(
        {
          NODE_ENV: 'production',
          ...services,
          TLS_KEY_FILE: join(dir, 'absent.key'),
          METRICS_HOST: '0.0.0.0',
        },
        { serve: false },
      );
      assert.ok(result.ok, JSON.stringify(result));
      assert.equal(result.config.tls, undefined);
      assert.equal(result.config.metrics, undefined);
      // What it does use is still checked.
      assert.deepEqual(errorsOf({ NODE_ENV: 'production' }, { serve: false }), [
        'MONGODB_URI is required when NODE_ENV=production (the embedded defaults are for one machine only)',
        'REDIS_URL is required when NODE_ENV=production (the embedded defaults are for one machine only)',
      ]);
    });

    it('reads the certificate and its key', () => {
      const result = loadConfig({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile });
      assert.ok(result.ok);
      assert.deepEqual(result.config.tls, {
        certFile: certificate.certFile,
        keyFile: certificate.keyFile,
        cert: certificate.cert,
        key: certificate.key,
        http2: true,
      });
    });

    it('offers HTTP/2 with TLS unless TLS_HTTP2 turns it off, and refuses TLS_HTTP2 without TLS', () => {
      const files = { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile };
      for (const [value, http2] of [
        ['false', false],
        ['0', false],
        ['true', true],
        ['', true],
      ] as const) {
        const result = loadConfig({ ...files, TLS_HTTP2: value });
        assert.ok(result.ok, value);
        assert.equal(result.config.tls?.http2, http2, value);
      }
      assert.deepEqual(errorsOf({ ...files, TLS_HTTP2: 'maybe' }), ['TLS_HTTP2 must be true or false']);
      assert.deepEqual(errorsOf({ TLS_HTTP2: 'true' }), [
        'TLS_HTTP2 needs TLS_CERT_FILE and TLS_KEY_FILE (HTTP/2 is offered over TLS only)',
      ]);
    });

    it('names the TLS file it cannot use, and why', async () => {
      const notPem = join(dir, 'not.pem');
      await writeFile(notPem, 'hello\n');
      const cases: [Record<string, string>, string[]][] = [
        [
          { TLS_CERT_FILE: certificate.certFile },
          ['TLS_KEY_FILE is required with TLS_CERT_FILE (HTTPS needs both)'],
        ],
        [
          { TLS_CERT_FILE: join(dir, 'absent.crt'), TLS_KEY_FILE: dir },
          [
            `TLS_CERT_FILE: cannot read ${join(dir, 'absent.crt')} (no such file)`,
            `TLS_KEY_FILE: cannot read ${dir} (it is a folder)`,
          ],
        ],
        [
          { TLS_CERT_FILE: notPem, TLS_KEY_FILE: notPem },
          [
            `TLS_CERT_FILE: ${notPem} is not a PEM certificate`,
            `TLS_KEY_FILE: ${notPem} is not an unencrypted PEM private key`,
          ],
        ],
        [
          // A key where the certificate belongs, and the other way round.
          { TLS_CERT_FILE: certificate.keyFile, TLS_KEY_FILE: certificate.certFile },
          [
            `TLS_CERT_FILE: ${certificate.keyFile} is not a PEM certificate`,
            `TLS_KEY_FILE: ${certificate.certFile} is not an unencrypted PEM private key`,
          ],
        ],
        [
          { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: other.keyFile },
          [
            `TLS_KEY_FILE: ${other.keyFile} is not the private key of the certificate in ${certificate.certFile}`,
          ],
        ],
      ];
      for (const [env, expected] of cases) assert.deepEqual(errorsOf(env), expected, JSON.stringify(env));
    });
  });

  it('serves metrics only on a port of their own, with a token off loopback', () => {
    const withMetrics = loadConfig({ METRICS_PORT: '9464' });
    assert.ok(withMetrics.ok);
    assert.deepEqual(withMetrics.config.metrics, { port: 9464, host: '127.0.0.1', token: undefined });
    assert.deepEqual(errorsOf({ METRICS_TOKEN: 'a-long-enough-scrape-token', METRICS_HOST: '::1' }), [
      'METRICS_HOST needs METRICS_PORT (metrics are served only on a port of their own)',
      'METRICS_TOKEN needs METRICS_PORT (metrics are served only on a port of their own)',
    ]);
    assert.deepEqual(errorsOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }), [
      'METRICS_TOKEN is required when METRICS_HOST (0.0.0.0) is not a loopback address',
    ]);
    assert.deepEqual(errorsOf({ METRICS_PORT: '3000' }), ['METRICS_PORT must differ from PORT']);
    assert.deepEqual(errorsOf({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' }), [
      'METRICS_TOKEN must be at least 16 characters',
    ]);
    assert.deepEqual(errorsOf({ METRICS_PORT: 'x' }), [
      'METRICS_PORT must be a whole number from 0 to 65535',
    ]);
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) {
      assert.ok(loadConfig({ METRICS_PORT: '0', METRICS_HOST: host }).ok, host);
    }
  });

  it('reports every bad variable at once', () => {
    assert.equal(errorsOf({ PORT: 'x', LOG_LEVEL: 'y', REDIS_URL: 'z' }).length, 3);
  });
});
