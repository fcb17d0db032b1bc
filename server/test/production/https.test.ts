/**
 * HTTPS served by the service itself (TLS_CERT_FILE, TLS_KEY_FILE), HSTS,
 * X-Forwarded-Proto behind a trusted proxy, and production mode's refusal of
 * plain HTTP: with a certificate made by openssl, real HTTPS requests (Node's
 * https trusting that certificate alone) and real service processes.
 */
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthResponseSchema } from '@code-explain/shared';
import { createApp, STRICT_TRANSPORT_SECURITY } from '../../src/app.js';
import { createHttpServer, type ServiceServer } from '../../src/http/server.js';
import { createLogger } from '../../src/logging.js';
import { serviceUrls, testNamespace } from '../http/support/environment.js';
import {
  dropDatabase,
  openTestLimiter,
  openTestStore,
  testEngine,
  uriWithDatabase,
  type StoreHandle,
} from '../http/support/harness.js';
import { cleanEnv, REPO_ROOT, run, TSX_NODE_ARGS } from '../http/support/processes.js';
import { ServiceProcess } from './support/process.js';
import { httpsRequest, makeCertificate, type Certificate } from './support/tls.js';

/** A plain HTTP request with the headers given (X-Forwarded-* as a proxy would send them). */
function httpGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTPS, HSTS and production mode', function () {
  this.timeout(120_000);
  let dir: string;
  let certificate: Certificate;
  let other: Certificate;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cex-tls-'));
    certificate = await makeCertificate(dir);
    other = await makeCertificate(dir, 'other');
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe('in process', () => {
    let handle: StoreHandle;

    before(async () => {
      handle = await openTestStore('embedded', 'tls');
      // /healthz is 503 until a worker has passed its canary parse.
      await testEngine().ready();
    });

    after(async () => {
      await handle.dispose();
    });

    async function startApp(options: {
      trustProxy: boolean;
      tls?: Certificate;
    }): Promise<{ url: string; server: ServiceServer }> {
      const logger = createLogger('silent');
      const app = createApp({
        store: handle.store,
        limiter: await openTestLimiter('memory'),
        engine: testEngine(),
        logger,
        config: { production: false, trustProxy: options.trustProxy },
      });
      const server = createHttpServer(app, logger, { tls: options.tls });
      const { port } = await server.listen(0, '127.0.0.1');
      return { url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`, server };
    }

    it('serves HTTPS with the configured certificate, and HSTS on every answer: API, errors, dashboard', async () => {
      const { url, server } = await startApp({ trustProxy: false, tls: certificate });
      try {
        const health = await httpsRequest(`${url}/healthz`, certificate.cert);
        assert.equal(health.status, 200);
        assert.equal(healthResponseSchema.parse(JSON.parse(health.body)).status, 'ok');
        assert.equal(health.fingerprint, new X509Certificate(certificate.cert).fingerprint256);
        assert.equal(health.headers['strict-transport-security'], STRICT_TRANSPORT_SECURITY);
        assert.equal(STRICT_TRANSPORT_SECURITY, 'max-age=31536000');

        const answers = await Promise.all([
          httpsRequest(`${url}/api/explain`, certificate.cert, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          }),
          httpsRequest(`${url}/no-such-page`, certificate.cert),
          httpsRequest(`${url}/sign-in`, certificate.cert),
          httpsRequest(`${url}/healthz`, certificate.cert, { method: 'DELETE' }),
        ]);
        assert.deepEqual(
          answers.map((a) => [a.status, a.headers['strict-transport-security']]),
          [
            [401, STRICT_TRANSPORT_SECURITY],
            [404, STRICT_TRANSPORT_SECURITY],
            [200, STRICT_TRANSPORT_SECURITY],
            [405, STRICT_TRANSPORT_SECURITY],
          ],
        );
        // A sign-in page over HTTPS sets its cookie Secure.
        assert.match(String(answers[2]?.headers['set-cookie']), /secure/i);

        // It is TLS: a client that trusts another certificate refuses it, and plain HTTP gets no answer.
        await assert.rejects(httpsRequest(`${url}/healthz`, other.cert), /self[- ]signed|unable to verify/i);
        await assert.rejects(httpGet(`${url.replace('https:', 'http:')}/healthz`));
      } finally {
        await server.close(0);
      }
    });

    it('sends no HSTS over plain HTTP, and believes X-Forwarded-Proto only with TRUST_PROXY', async () => {
      const direct = await startApp({ trustProxy: false });
      const proxied = await startApp({ trustProxy: true });
      try {
        const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };
        const [plain, spoofed, plainBehindProxy, behindProxy] = await Promise.all([
          httpGet(`${direct.url}/healthz`),
          httpGet(`${direct.url}/healthz`, forwarded),
          httpGet(`${proxied.url}/healthz`),
          httpGet(`${proxied.url}/healthz`, forwarded),
        ]);
        assert.deepEqual(
          [plain, spoofed, plainBehindProxy, behindProxy].map((a) => [
            a.status,
            a.headers['strict-transport-security'],
          ]),
          [
            [200, undefined],
            [200, undefined],
            [200, undefined],
            [200, STRICT_TRANSPORT_SECURITY],
          ],
        );
      } finally {
        await Promise.all([direct.server.close(0), proxied.server.close(0)]);
      }
    });
  });

  describe('the server process', () => {
    const tsxMain = [...TSX_NODE_ARGS, 'server/src/main.ts'];

    it('in production mode, serves HTTPS from TLS_CERT_FILE and TLS_KEY_FILE on MongoDB and Redis', async () => {
      const { mongoUri, redisUrl } = serviceUrls();
      const { dbName } = testNamespace('tls');
      const server = new ServiceProcess(process.execPath, tsxMain, {
        cwd: REPO_ROOT,
        env: cleanEnv({
          NODE_ENV: 'production',
          PORT: '0',
          MONGODB_URI: uriWithDatabase(mongoUri, dbName),
          REDIS_URL: redisUrl,
          TLS_CERT_FILE: certificate.certFile,
          TLS_KEY_FILE: certificate.keyFile,
        }),
      });
      try {
        const started = await server.line((l) => typeof l.port === 'number' && typeof l.url === 'string');
        assert.equal(started.transport, 'https');
        assert.equal(started.url, `https://127.0.0.1:${started.port as number}`);
        const health = await httpsRequest(`${started.url as string}/healthz`, certificate.cert);
        assert.equal(health.status, 200, health.body);
        assert.deepEqual(healthResponseSchema.parse(JSON.parse(health.body)), {
          status: 'ok',
          engine: 'up',
          mongodb: 'up',
          redis: 'up',
          store: 'mongodb',
          rateLimits: 'redis',
        });
        assert.equal(health.headers['strict-transport-security'], STRICT_TRANSPORT_SECURITY);
        server.signal('SIGTERM');
        assert.equal(await server.exited, 0);
      } finally {
        server.kill();
        await dropDatabase(mongoUri, dbName);
      }
    });

    it('refuses to start in production on plain HTTP, or with a certificate it cannot use, saying why', async () => {
      // Unreachable services: the configuration is refused before anything connects.
      const production = {
        NODE_ENV: 'production',
        PORT: '0',
        MONGODB_URI: 'mongodb://127.0.0.1:1/x',
        REDIS_URL: 'redis://127.0.0.1:1',
      };
      const [plain, missing, mismatched, half] = await Promise.all([
        run(process.execPath, tsxMain, cleanEnv(production)),
        run(
          process.execPath,
          tsxMain,
          cleanEnv({
            ...production,
            TLS_CERT_FILE: join(dir, 'absent.crt'),
            TLS_KEY_FILE: certificate.keyFile,
          }),
        ),
        run(
          process.execPath,
          tsxMain,
          cleanEnv({ ...production, TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: other.keyFile }),
        ),
        run(process.execPath, tsxMain, cleanEnv({ PORT: '0', TLS_KEY_FILE: certificate.keyFile })),
      ]);
      for (const refused of [plain, missing, mismatched, half]) {
        assert.equal(refused.code, 1, refused.stdout + refused.stderr);
        assert.match(refused.stdout, /invalid configuration/);
      }
      assert.match(
        plain.stdout,
        /NODE_ENV=production refuses to serve plain HTTP: set TLS_CERT_FILE and TLS_KEY_FILE to serve HTTPS, or TRUST_PROXY=true behind a proxy that terminates TLS, or ALLOW_INSECURE_HTTP=1/,
      );
      assert.match(missing.stdout, /TLS_CERT_FILE: cannot read \S+absent\.crt \(no such file\)/);
      assert.match(
        mismatched.stdout,
        /TLS_KEY_FILE: \S+other\.key is not the private key of the certificate/,
      );
      assert.match(half.stdout, /TLS_CERT_FILE is required with TLS_KEY_FILE/);
    });

    it('starts in production on plain HTTP when ALLOW_INSECURE_HTTP=1 says so', async () => {
      const { mongoUri, redisUrl } = serviceUrls();
      const { dbName } = testNamespace('insecure');
      const server = new ServiceProcess(process.execPath, tsxMain, {
        cwd: REPO_ROOT,
        env: cleanEnv({
          NODE_ENV: 'production',
          PORT: '0',
          MONGODB_URI: uriWithDatabase(mongoUri, dbName),
          REDIS_URL: redisUrl,
          ALLOW_INSECURE_HTTP: '1',
        }),
      });
      try {
        const started = await server.line((l) => typeof l.port === 'number' && typeof l.url === 'string');
        assert.equal(started.transport, 'http');
        const health = await httpGet(`${started.url as string}/healthz`);
        assert.equal(health.status, 200);
        assert.equal(health.headers['strict-transport-security'], undefined);
        server.signal('SIGTERM');
        assert.equal(await server.exited, 0);
      } finally {
        server.kill();
        await dropDatabase(mongoUri, dbName);
      }
    });
  });
});
