/**
 * `pnpm release`: the folder it writes, copied elsewhere (away from the
 * workspace, its node_modules and tsx), runs with plain `node`: the admin
 * command makes an account and a key, the service answers /healthz and an
 * authenticated explain, `code-explain` analyses a file. Once on embedded
 * defaults over HTTP, once in production mode on MongoDB and Redis over
 * HTTPS with metrics. One deploy per run: it is slow.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainResponseSchema, healthResponseSchema } from '@code-explain/shared';
import { serviceUrls, testNamespace } from '../http/support/environment.js';
import { dropDatabase, uriWithDatabase } from '../http/support/harness.js';
import { cleanEnv, run, type Finished } from '../http/support/processes.js';
import { ServiceProcess } from './support/process.js';
import { parseMetrics, valueOf } from './support/prometheus.js';
import { httpsRequest, makeCertificate } from './support/tls.js';

/** The environment a release runs in: none of the service's variables, and nothing that preloads tsx. */
function releaseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = cleanEnv(extra);
  delete env.NODE_OPTIONS;
  return env;
}

describe('the release folder (pnpm release)', function () {
  this.timeout(900_000);
  let dir: string;
  let app: string;

  /** Plain node on one of the release's own files, in the release folder. */
  const node = (args: readonly string[], env: NodeJS.ProcessEnv): Promise<Finished> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  const admin = async (args: readonly string[], env: NodeJS.ProcessEnv) => {
    const done = await node(['dist/src/admin/cli.js', ...args], env);
    assert.equal(done.code, 0, done.stderr);
    return JSON.parse(done.stdout) as Record<string, string>;
  };

  const startService = (env: NodeJS.ProcessEnv) =>
    new ServiceProcess(process.execPath, ['dist/src/main.js'], { cwd: app, env });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cex-release-'));
    const built = join(dir, 'built');
    const released = await run('pnpm', ['-s', 'release', built], releaseEnv({}));
    assert.equal(released.code, 0, released.stdout + released.stderr);
    // Moved away from where it was written, as an operator copies it to a server.
    app = join(dir, 'elsewhere', 'code-explain');
    await cp(built, app, { recursive: true, verbatimSymlinks: true });
    await rm(built, { recursive: true, force: true });
  });

  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds compiled JavaScript and production dependencies only: no sources, no tsx, no TypeScript', async () => {
    const top = (await readdir(app)).sort();
    assert.deepEqual(top, [
      '.code-explain-release',
      'README.md',
      'bin',
      'dist',
      'node_modules',
      'package.json',
    ]);
    // The compiled service, and the dashboard's scripts bundled at build time.
    assert.deepEqual((await readdir(join(app, 'dist'))).sort(), ['client', 'src']);
    assert.ok(existsSync(join(app, 'dist/src/main.js')));
    const installed = await readdir(join(app, 'node_modules/.pnpm'));
    for (const tool of ['tsx@', 'typescript@', 'mocha@', 'esbuild@']) {
      assert.ok(!installed.some((name) => name.startsWith(tool)), `${tool} is in the release`);
    }
    assert.ok(installed.some((name) => name.startsWith('prom-client@')));
    const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(manifest.scripts, {
      start: 'exec node dist/src/main.js',
      admin: 'node dist/src/admin/cli.js',
    });
    assert.equal(manifest.devDependencies, undefined);
  });

  it('runs on plain node on embedded defaults: admin command, /healthz, an authenticated explain, the dashboard and code-explain', async () => {
    const env = releaseEnv({ DATA_DIR: join(dir, 'data'), PORT: '0' });
    await admin(['accounts:create', '--email', 'release@example.test', '--plan', 'pro'], env);
    const { key } = await admin(['keys:create', '--email', 'release@example.test', '--name', 'release'], env);
    assert.match(key ?? '', /^cex_/);

    const service = startService(env);
    try {
      const started = await service.line((l) => typeof l.port === 'number' && typeof l.url === 'string');
      const url = started.url as string;
      assert.equal(started.store, 'embedded');
      const health = await fetch(`${url}/healthz`);
      assert.equal(health.status, 200);
      assert.equal(healthResponseSchema.parse(await health.json()).status, 'ok');

      const explained = await fetch(`${url}/api/explain`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': key! },
        body: JSON.stringify({ code: 'def add(a, b):\n    return a + b\n', language: 'python' }),
      });
      const text = await explained.text();
      assert.equal(explained.status, 200, text);
      const body = explainResponseSchema.parse(JSON.parse(text));
      assert.match(body.explanation, /add/);
      const saved = await fetch(`${url}/api/explanations/${body.id}`, { headers: { 'X-API-Key': key! } });
      assert.equal(saved.status, 200);

      // The dashboard's pages, and its scripts bundled at build time (uPlot inside the usage page's).
      assert.equal((await fetch(`${url}/sign-in`)).status, 200);
      const scripts = JSON.parse(
        await readFile(join(app, 'dist', 'client', 'manifest.json'), 'utf8'),
      ) as Record<string, string>;
      const charts = await fetch(`${url}/assets/${scripts['usage-charts']}`);
      assert.equal(charts.status, 200);
      assert.ok((await charts.text()).length > 10_000);

      service.signal('SIGTERM');
      assert.equal(await service.exited, 0);
    } finally {
      service.kill();
    }

    const file = join(dir, 'sample.py');
    await writeFile(file, 'def add(a, b):\n    return a + b\n');
    const analysed = await node(['bin/code-explain.js', file], env);
    assert.equal(analysed.code, 0, analysed.stderr);
    assert.match(explainResponseSchema.parse(JSON.parse(analysed.stdout)).explanation, /add/);
  });

  it('runs in production mode on MongoDB and Redis, over HTTPS, with metrics behind a token', async () => {
    const { mongoUri, redisUrl } = serviceUrls();
    const { dbName } = testNamespace('release');
    const certificate = await makeCertificate(dir);
    const token = 'release-scrape-token-1234';
    const env = releaseEnv({
      NODE_ENV: 'production',
      PORT: '0',
      MONGODB_URI: uriWithDatabase(mongoUri, dbName),
      REDIS_URL: redisUrl,
      TLS_CERT_FILE: certificate.certFile,
      TLS_KEY_FILE: certificate.keyFile,
      METRICS_PORT: '0',
      METRICS_TOKEN: token,
    });
    // The admin command needs only the store's settings: not the certificate, which it may not be allowed to read.
    const adminEnv = releaseEnv({
      NODE_ENV: 'production',
      MONGODB_URI: env.MONGODB_URI!,
      REDIS_URL: redisUrl,
    });
    const service = startService(env);
    try {
      await admin(['accounts:create', '--email', 'prod@example.test', '--plan', 'enterprise'], adminEnv);
      const { key } = await admin(
        ['keys:create', '--email', 'prod@example.test', '--name', 'prod'],
        adminEnv,
      );
      const started = await service.line((l) => typeof l.port === 'number' && typeof l.url === 'string');
      const url = started.url as string;
      assert.match(url, /^https:\/\/127\.0\.0\.1:\d+$/);
      const health = await httpsRequest(`${url}/healthz`, certificate.cert);
      assert.equal(health.status, 200, health.body);
      assert.equal(healthResponseSchema.parse(JSON.parse(health.body)).status, 'ok');
      assert.equal(health.headers['strict-transport-security'], 'max-age=31536000');

      const explained = await httpsRequest(`${url}/api/explain`, certificate.cert, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key!}` },
        body: JSON.stringify({ code: 'const x = 1;\n', language: 'javascript' }),
      });
      assert.equal(explained.status, 200, explained.body);

      const metricsUrl = (await service.line((l) => typeof l.metricsUrl === 'string')).metricsUrl as string;
      assert.match(metricsUrl, /^https:\/\/127\.0\.0\.1:\d+\/metrics$/);
      assert.equal((await httpsRequest(metricsUrl, certificate.cert)).status, 401);
      const scraped = await httpsRequest(metricsUrl, certificate.cert, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(scraped.status, 200);
      const samples = parseMetrics(scraped.body);
      assert.equal(
        valueOf(samples, 'code_explain_http_requests_total', { route: 'POST /api/explain', status: '200' }),
        1,
      );
      assert.equal(
        valueOf(samples, 'code_explain_http_requests_total', { route: 'GET /healthz', status: '200' }),
        1,
      );
      assert.equal(valueOf(samples, 'code_explain_store_up', { backend: 'mongodb' }), 1);
      assert.equal(valueOf(samples, 'code_explain_redis_up'), 1);
      // The service's own process: Node's default metrics.
      assert.ok((valueOf(samples, 'process_resident_memory_bytes') ?? 0) > 0);

      service.signal('SIGTERM');
      assert.equal(await service.exited, 0);
    } finally {
      service.kill();
      await dropDatabase(mongoUri, dbName);
    }
  });
});
