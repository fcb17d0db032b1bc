/**
 * `pnpm start` (server/src/main.ts) as a real process: embedded defaults and
 * production wiring, configuration refused with clear messages, and a
 * graceful shutdown that loses no in-flight request.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainResponseSchema, healthResponseSchema } from '@code-explain/shared';
import { createAccountService } from '../../src/service/accounts.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { Browser, mainText } from './support/browser.js';
import { serviceUrls, testNamespace } from './support/environment.js';
import { dropDatabase, uriWithDatabase } from './support/harness.js';
import { cleanEnv, REPO_ROOT, run, TSX_NODE_ARGS } from './support/processes.js';

type LogLine = Record<string, unknown> & { msg?: string };

class ServerProcess {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;
  private stderr = '';

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [...TSX_NODE_ARGS, 'server/src/main.ts'], { cwd: REPO_ROOT, env });
    let buffered = '';
    this.child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) this.lines.push(JSON.parse(part) as LogLine);
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  async line(match: (line: LogLine) => boolean, timeoutMs = 20_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.lines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no such log line; logs: ${JSON.stringify(this.lines)} stderr: ${this.stderr}`);
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the server process (pnpm start)', function () {
  this.timeout(60_000);

  describe('on embedded defaults', () => {
    let dataDir: string;
    let key: string;
    let server: ServerProcess | undefined;

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'cex-main-'));
      const store = await createEmbeddedStore({ dataDir });
      try {
        const accounts = createAccountService({ store });
        await accounts.createAccount('main@example.test', 'pro');
        key = (await accounts.createKey('main@example.test', 'main')).key;
      } finally {
        await store.close();
      }
    });

    after(async () => {
      server?.kill();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('says it runs on embedded defaults, serves, and shuts down on SIGTERM without losing an in-flight request', async () => {
      server = new ServerProcess(cleanEnv({ DATA_DIR: dataDir, PORT: '0' }));
      const started = await server.line((l) => typeof l.port === 'number');
      assert.deepEqual(
        [started.store, started.rateLimits, started.dashboardSessions, started.dataDir],
        ['embedded', 'memory', 'sqlite', dataDir],
      );
      assert.match(started.msg ?? '', /embedded defaults/);
      const port = started.port as number;
      const url = `http://127.0.0.1:${port}`;
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      // The dashboard at `/`: a visitor is sent to sign in.
      const home = await fetch(`${url}/`, { redirect: 'manual' });
      assert.equal(home.status, 303);
      assert.equal(home.headers.get('location'), '/sign-in');
      const signIn = await fetch(`${url}/sign-in`);
      assert.equal(signIn.status, 200);
      assert.match(signIn.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await signIn.text(), /<h1>Sign in<\/h1>/);

      // A request whose body is still arriving when the signal comes.
      const code = Array.from(
        { length: 400 },
        (_, i) => `function f${i}(a) { if (a > ${i}) { return a * ${i}; } return a; }`,
      ).join('\n');
      const body = Buffer.from(JSON.stringify({ code, mode: 'detailed' }));
      let request: ClientRequest | undefined;
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/explain',
          headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-API-Key': key },
        });
        request.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        request.on('error', reject);
      });
      request!.write(body.subarray(0, 1000));
      request!.flushHeaders();
      await new Promise((resolve) => setTimeout(resolve, 300));

      server.signal('SIGTERM');
      await server.line((l) => /shutting down/.test(l.msg ?? ''));
      const deadline = Date.now() + 5000;
      while (!(await refusesConnections(port))) {
        assert.ok(Date.now() < deadline, 'new connections are still accepted after SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      request!.end(body.subarray(1000));
      const answered = await response;
      assert.equal(answered.status, 200, answered.text);
      const explained = explainResponseSchema.parse(JSON.parse(answered.text));
      assert.ok(explained.id, 'the in-flight explanation was saved');

      assert.equal(await server.exited, 0);
      assert.ok(
        server.lines.some((l) => l.msg === 'stopped'),
        'it logs that it stopped',
      );
      assert.ok(!JSON.stringify(server.lines).includes(key), 'the key reached the log');
    });

    it('drains for SHUTDOWN_DRAIN_MS after SIGTERM: /healthz answers 503 draining while requests are still served, then it stops', async () => {
      server = new ServerProcess(cleanEnv({ DATA_DIR: dataDir, PORT: '0', SHUTDOWN_DRAIN_MS: '4000' }));
      const port = (await server.line((l) => typeof l.port === 'number')).port as number;
      const url = `http://127.0.0.1:${port}`;
      assert.equal((await fetch(`${url}/healthz`)).status, 200);

      server.signal('SIGTERM');
      await server.line((l) => /draining/.test(l.msg ?? ''));
      const health = await fetch(`${url}/healthz`);
      assert.equal(health.status, 503);
      assert.equal(healthResponseSchema.parse(await health.json()).status, 'draining');
      // A new connection in the drain is served as ever: the balancer may still send one before its check sees the 503.
      const explained = await fetch(`${url}/api/explain`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ code: 'def f(x):\n    return x\n', language: 'python' }),
      });
      assert.equal(explained.status, 200, await explained.clone().text());
      assert.ok(!server.lines.some((l) => l.msg === 'stopped'), 'still running within the drain');

      assert.equal(await server.exited, 0);
      assert.ok(await refusesConnections(port));
      const drained = await server.line((l) => /draining/.test(l.msg ?? ''));
      assert.equal(drained.drainMs, 4000);
    });

    it('keeps an idle keep-alive connection open past the 5 s of Node’s default, so a balancer reusing it is not cut off', async () => {
      server = new ServerProcess(cleanEnv({ DATA_DIR: dataDir, PORT: '0' }));
      const port = (await server.line((l) => typeof l.port === 'number')).port as number;
      const socket = connect(port, '127.0.0.1');
      try {
        await once(socket, 'connect');
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        const closed = once(socket, 'close').then(() => 'closed' as const);
        const answers = async (count: number) => {
          for (let step = 0; step < 500 && (received.match(/HTTP\/1\.1 200 /g) ?? []).length < count; step++)
            await new Promise((resolve) => setTimeout(resolve, 20));
          return (received.match(/HTTP\/1\.1 200 /g) ?? []).length;
        };
        const request = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
        socket.write(request);
        assert.equal(await answers(1), 1);
        // Idle for longer than Node's default keep-alive timeout (5 s) ...
        const idle = await Promise.race([
          closed,
          new Promise((resolve) => setTimeout(resolve, 6000, 'open')),
        ]);
        assert.equal(idle, 'open', 'the service closed an idle connection after 5 s');
        // ... then the same connection serves the next request.
        socket.write(request);
        assert.equal(await answers(2), 2, received);
      } finally {
        socket.destroy();
        server.kill();
      }
    });

    it('refuses a second server on the same data folder, naming the first, which keeps serving; the folder is free again the moment the first ends, even by SIGKILL', async () => {
      const env = cleanEnv({ DATA_DIR: dataDir, PORT: '0' });
      const first = new ServerProcess(env);
      try {
        const started = await first.line((l) => typeof l.port === 'number');
        const url = `http://127.0.0.1:${started.port as number}`;
        const second = await run(process.execPath, [...TSX_NODE_ARGS, 'server/src/main.ts'], env);
        assert.equal(second.code, 1, second.stdout + second.stderr);
        assert.match(
          second.stdout,
          new RegExp(
            `cannot start: the data folder .* is in use by another code-explain server \\(pid ${String(started.pid)}\\)`,
          ),
        );
        assert.match(second.stdout, /one server per data folder/);
        // The first never noticed.
        const response = await fetch(`${url}/api/explanations`, { headers: { 'X-API-Key': key } });
        assert.equal(response.status, 200);
        assert.equal((await fetch(`${url}/healthz`)).status, 200);

        first.kill();
        await first.exited;
        // No stale lock to wait out: the kernel let go of it with the process.
        server = new ServerProcess(env);
        await server.line((l) => typeof l.port === 'number');
        server.signal('SIGTERM');
        assert.equal(await server.exited, 0);
      } finally {
        first.kill();
      }
    });

    it('keeps dashboard sessions in the data folder: a restart signs nobody out', async () => {
      const env = cleanEnv({ DATA_DIR: dataDir, PORT: '0' });
      const first = new ServerProcess(env);
      const firstUrl = `http://127.0.0.1:${(await first.line((l) => typeof l.port === 'number')).port as number}`;
      const b = new Browser(firstUrl);
      const signedUp = await b.submit('/sign-up', '/sign-up', {
        email: 'restart@example.test',
        password: 'plum tractor evening',
      });
      assert.equal(signedUp.status, 303, mainText(signedUp.body));
      first.signal('SIGTERM');
      assert.equal(await first.exited, 0);

      server = new ServerProcess(env);
      const again = `http://127.0.0.1:${(await server.line((l) => typeof l.port === 'number')).port as number}`;
      const after = new Browser(again);
      for (const [name, value] of b.cookies) after.cookies.set(name, value);
      const home = await after.get('/');
      assert.equal(home.status, 200);
      assert.ok(home.body.includes('restart@example.test'));
      server.signal('SIGTERM');
      assert.equal(await server.exited, 0);
    });
  });

  it('runs on MongoDB and Redis when configured, in production mode; dashboard sessions are shared through Redis', async () => {
    const { mongoUri, redisUrl } = serviceUrls();
    const { dbName } = testNamespace('main');
    const env = cleanEnv({
      NODE_ENV: 'production',
      PORT: '0',
      MONGODB_URI: uriWithDatabase(mongoUri, dbName),
      REDIS_URL: redisUrl,
      // Behind a balancer that terminates TLS: production mode serves plain HTTP only then (or with TLS_*).
      TRUST_PROXY: 'true',
    });
    const server = new ServerProcess(env);
    const second = new ServerProcess(env);
    try {
      // Signed up on one instance, signed in on the other.
      const [one, two] = await Promise.all(
        [server, second].map(
          async (s) => `http://127.0.0.1:${(await s.line((l) => typeof l.port === 'number')).port as number}`,
        ),
      );
      const b = new Browser(one!);
      const email = `main-${dbName}@example.test`;
      const signedUp = await b.submit('/sign-up', '/sign-up', { email, password: 'plum tractor evening' });
      assert.equal(signedUp.status, 303, mainText(signedUp.body));
      const other = new Browser(two!);
      for (const [name, value] of b.cookies) other.cookies.set(name, value);
      const home = await other.get('/');
      assert.equal(home.status, 200);
      assert.ok(home.body.includes(email), 'the other instance knows the session');
      second.signal('SIGTERM');
      assert.equal(await second.exited, 0);

      const started = await server.line((l) => typeof l.port === 'number');
      assert.deepEqual(
        [started.store, started.rateLimits, started.dashboardSessions, started.transport],
        ['mongodb', 'redis', 'redis', 'behind-proxy'],
      );
      const health = await fetch(`http://127.0.0.1:${started.port as number}/healthz`);
      assert.deepEqual(healthResponseSchema.parse(await health.json()), {
        status: 'ok',
        engine: 'up',
        mongodb: 'up',
        redis: 'up',
        store: 'mongodb',
        rateLimits: 'redis',
      });
      server.signal('SIGINT');
      assert.equal(await server.exited, 0);
    } finally {
      server.kill();
      second.kill();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('refuses to start on bad configuration, naming each problem', async () => {
    const [production, invalid, unreachable] = await Promise.all([
      run('pnpm', ['-s', 'start'], cleanEnv({ NODE_ENV: 'production', PORT: '0' })),
      run(
        process.execPath,
        [...TSX_NODE_ARGS, 'server/src/main.ts'],
        cleanEnv({ PORT: 'eighty', LOG_LEVEL: 'loud' }),
      ),
      run(
        process.execPath,
        [...TSX_NODE_ARGS, 'server/src/main.ts'],
        cleanEnv({
          PORT: '0',
          DATA_DIR: join(tmpdir(), `cex-unreachable-${process.pid}`),
          REDIS_URL: 'redis://127.0.0.1:1',
        }),
      ),
    ]);
    assert.notEqual(production.code, 0);
    assert.match(production.stdout, /MONGODB_URI is required when NODE_ENV=production/);
    assert.match(production.stdout, /REDIS_URL is required when NODE_ENV=production/);
    assert.equal(invalid.code, 1);
    assert.match(invalid.stdout, /PORT must be a whole number/);
    assert.match(invalid.stdout, /LOG_LEVEL must be one of/);
    assert.equal(unreachable.code, 1);
    assert.match(unreachable.stdout, /cannot start: cannot reach Redis at REDIS_URL/);
    await rm(join(tmpdir(), `cex-unreachable-${process.pid}`), { recursive: true, force: true });
  });
});
