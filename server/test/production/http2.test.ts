/**
 * HTTP/2 beside HTTP/1.1 on the service's HTTPS port (TLS_HTTP2, on by
 * default): real TLS with a certificate made by openssl, Node's http2 client
 * and its https client, the real app on the embedded store and the real
 * engine; then the service process itself.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants as http2, type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { connect as connectTls } from 'node:tls';
import { explainResponseSchema, healthResponseSchema, listResponseSchema } from '@code-explain/shared';
import { createApp, STRICT_TRANSPORT_SECURITY } from '../../src/app.js';
import { createHttpServer, type HttpServerOptions, type ServiceServer } from '../../src/http/server.js';
import { createLogger } from '../../src/logging.js';
import {
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  testEngine,
  type KeyedAccount,
  type StoreHandle,
} from '../http/support/harness.js';
import { cleanEnv, REPO_ROOT, TSX_NODE_ARGS } from '../http/support/processes.js';
import { h2Connect, h2Request } from './support/h2.js';
import { ServiceProcess } from './support/process.js';
import { httpsRequest, makeCertificate, type Certificate } from './support/tls.js';

/** The protocol the server picks by ALPN for a client that offers `protocols`. */
function negotiated(port: number, ca: string, protocols: string[]): Promise<string | false> {
  return new Promise((resolve, reject) => {
    const socket = connectTls({ host: '127.0.0.1', port, ca, ALPNProtocols: protocols }, () => {
      resolve(socket.alpnProtocol ?? false);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

const SNIPPET = { code: 'def add(a, b):\n    return a + b\n', language: 'python' };

describe('HTTP/2 beside HTTP/1.1 over TLS', function () {
  this.timeout(60_000);
  let dir: string;
  let certificate: Certificate;
  let handle: StoreHandle;
  let account: KeyedAccount;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cex-h2-'));
    certificate = await makeCertificate(dir);
    handle = await openTestStore('embedded', 'h2');
    account = await createKeyedAccount(handle.store, 'enterprise');
    // /healthz is 503 until a worker has passed its canary parse.
    await testEngine().ready();
  });

  after(async () => {
    await handle.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  /** Log lines of the servers `start` made with `logs`, parsed. */
  type LogLine = { level: string; msg: string; err?: { stack?: string }; code?: string };

  async function start(
    options: Omit<HttpServerOptions, 'tls'> & { logs?: LogLine[] } = {},
  ): Promise<{ url: string; port: number; server: ServiceServer }> {
    const lines = options.logs;
    const logger = lines
      ? createLogger(
          'debug',
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
                lines.push(JSON.parse(line) as LogLine);
              }
              callback();
            },
          }),
        )
      : createLogger('silent');
    const app = createApp({
      store: handle.store,
      limiter: await openTestLimiter('memory'),
      engine: testEngine(),
      logger,
      config: { production: false },
    });
    const server = createHttpServer(app, logger, { tls: certificate, ...options });
    const { port } = await server.listen(0, '127.0.0.1');
    return { url: `https://127.0.0.1:${port}`, port, server };
  }

  /** A server of its own and an HTTP/2 connection to it, both closed after `body`. */
  async function withConnection(
    options: Omit<HttpServerOptions, 'tls'> & { logs?: LogLine[] },
    body: (opened: {
      url: string;
      port: number;
      server: ServiceServer;
      session: ClientHttp2Session;
    }) => Promise<void>,
  ): Promise<void> {
    const started = await start(options);
    let session: ClientHttp2Session | undefined;
    try {
      session = await h2Connect(started.url, certificate.cert);
      await body({ ...started, session });
    } finally {
      session?.close();
      await started.server.close(0);
    }
  }

  const explainHeaders = (path = '/api/explain'): OutgoingHttpHeaders => ({
    ':method': 'POST',
    ':path': path,
    'content-type': 'application/json',
    'x-api-key': account.key,
  });

  it('offers h2 and http/1.1 by ALPN, and serves the API and the dashboard on both, with HSTS', async () => {
    await withConnection({}, async ({ url, port, server, session }) => {
      assert.deepEqual(server.protocols, ['h2', 'http/1.1']);
      assert.equal(await negotiated(port, certificate.cert, ['h2', 'http/1.1']), 'h2');
      assert.equal(await negotiated(port, certificate.cert, ['http/1.1']), 'http/1.1');

      const health = await h2Request(session, { ':path': '/healthz' }).answer;
      assert.equal(health.status, 200);
      assert.equal(healthResponseSchema.parse(JSON.parse(health.body)).status, 'ok');
      assert.equal(health.headers['strict-transport-security'], STRICT_TRANSPORT_SECURITY);

      // Twenty explains at once on one connection, each answered, saved and listed.
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          (_, i) =>
            h2Request(
              session,
              explainHeaders(),
              JSON.stringify({ ...SNIPPET, code: `${SNIPPET.code}# ${i}\n` }),
            ).answer,
        ),
      );
      const ids = answers.map((answer) => {
        assert.equal(answer.status, 200, answer.body);
        assert.equal(answer.headers['strict-transport-security'], STRICT_TRANSPORT_SECURITY);
        const { id } = explainResponseSchema.parse(JSON.parse(answer.body));
        assert.ok(id, 'a saved explanation has an id');
        return id;
      });
      assert.equal(new Set(ids).size, 20);
      const listed = await h2Request(session, {
        ':path': '/api/explanations?limit=50',
        'x-api-key': account.key,
      }).answer;
      assert.equal(listed.status, 200, listed.body);
      const listedIds = new Set(
        listResponseSchema.parse(JSON.parse(listed.body)).items.map((item) => item.id),
      );
      assert.ok(
        ids.every((id) => listedIds.has(id)),
        'every explain answered over HTTP/2 is in the history',
      );

      // Errors keep the contract's body; the dashboard's page and its cookie work over HTTP/2.
      const unauthorized = await h2Request(
        session,
        { ...explainHeaders(), 'x-api-key': 'nope' },
        JSON.stringify(SNIPPET),
      ).answer;
      assert.equal(unauthorized.status, 401);
      assert.equal((JSON.parse(unauthorized.body) as { error: { code: string } }).error.code, 'unauthorized');
      const signIn = await h2Request(session, { ':path': '/sign-in' }).answer;
      assert.equal(signIn.status, 200);
      assert.match(String(signIn.headers['set-cookie']), /secure/i);

      // The same port, HTTP/1.1.
      const http1 = await httpsRequest(`${url}/api/explain`, certificate.cert, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': account.key },
        body: JSON.stringify(SNIPPET),
      });
      assert.equal(http1.status, 200, http1.body);
      assert.equal(http1.headers['strict-transport-security'], STRICT_TRANSPORT_SECURITY);
    });
  });

  it('reads a dashboard form sent over HTTP/2 without Content-Length, as HTTP/2 allows: sign-up, then sign-in', async () => {
    await withConnection({}, async ({ url, session }) => {
      const page = await h2Request(session, { ':path': '/sign-up' }).answer;
      assert.equal(page.status, 200);
      const cookie = [page.headers['set-cookie'] ?? []]
        .flat()
        .map((c) => c.split(';')[0])
        .join('; ');
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
      assert.ok(token, 'the form carries its token');
      const email = `h2-${Date.now().toString(36)}@example.test`;
      const post = (path: string) =>
        h2Request(
          session,
          {
            ':method': 'POST',
            ':path': path,
            'content-type': 'application/x-www-form-urlencoded',
            origin: url,
            cookie,
          },
          new URLSearchParams({ _csrf: token, email, password: 'correct horse battery staple' }).toString(),
        ).answer;
      const signedUp = await post('/sign-up');
      assert.equal(signedUp.status, 303, signedUp.body);
      const signedIn = await post('/sign-in');
      assert.equal(signedIn.status, 303, signedIn.body);
      assert.match(String(signedIn.headers['set-cookie']), /secure/i);
    });
  });

  it('refuses an oversized body on its stream alone, with the contract error and no Connection header', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      await withConnection({}, async ({ session }) => {
        // The length says 2 MB; 64 KB of it is sent and the stream left open, as a client still uploading.
        const big = h2Request(
          session,
          { ...explainHeaders(), 'content-length': String(2 * 1024 * 1024) },
          'x'.repeat(64 * 1024),
          { hold: true },
        );
        const closed = once(big.stream, 'close');
        const refused = await big.answer;
        assert.equal(refused.status, 413);
        assert.equal(
          (JSON.parse(refused.body) as { error: { code: string } }).error.code,
          'payload_too_large',
        );
        assert.equal(refused.headers.connection, undefined);
        // The server ends the stream it will not read (RST_STREAM NO_ERROR), not the connection.
        await closed;
        assert.equal(big.stream.rstCode, http2.NGHTTP2_NO_ERROR);
        const after = await h2Request(session, explainHeaders(), JSON.stringify(SNIPPET)).answer;
        assert.equal(after.status, 200, after.body);
        assert.deepEqual(
          warnings.map((warning) => warning.message),
          [],
          'Node warns when a Connection header is set on HTTP/2',
        );
      });
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('resets a stream whose request does not arrive in time, and keeps serving the connection', async () => {
    await withConnection({ requestTimeoutMs: 300 }, async ({ session }) => {
      const slow = h2Request(session, explainHeaders(), '{"code":', { hold: true });
      const closed = once(slow.stream, 'close');
      slow.answer.catch(() => undefined);
      await closed;
      assert.equal(slow.stream.rstCode, http2.NGHTTP2_CANCEL);
      // A GET has nothing more to send: no timer. The session still serves.
      const health = await h2Request(session, { ':path': '/healthz' }).answer;
      assert.equal(health.status, 200);
    });
  });

  it('a client refusing or cancelling the streams of its answers is logged at info, without a stack, and still served', async () => {
    const logs: LogLine[] = [];
    await withConnection({ logs }, async ({ session }) => {
      const closed: Promise<void>[] = [];
      for (const code of [http2.NGHTTP2_REFUSED_STREAM, http2.NGHTTP2_CANCEL]) {
        for (let i = 0; i < 5; i++) {
          const stream = session.request({ ':path': '/api/explanations', 'x-api-key': account.key });
          stream.on('response', () => stream.close(code));
          stream.on('error', () => undefined);
          // Not events.once: the stream's own 'error' (the code it was closed with) would reject it.
          closed.push(new Promise((resolve) => stream.on('close', resolve)));
        }
      }
      await Promise.all(closed);
      const health = await h2Request(session, { ':path': '/healthz' }).answer;
      assert.equal(health.status, 200);
    });
    const gone = logs.filter((line) => line.msg === 'client closed the request before its answer');
    assert.ok(gone.length > 0, JSON.stringify(logs.map((line) => line.msg)));
    for (const line of gone) {
      assert.equal(line.level, 'info');
      assert.equal(line.err, undefined, 'no stack trace');
      assert.equal(line.code, 'ERR_HTTP2_STREAM_ERROR');
    }
    assert.deepEqual(
      logs.filter((line) => line.level === 'error' || line.level === 'fatal'),
      [],
    );
  });

  it('a client breaking the protocol ends its own connection only', async () => {
    const { url, port, server } = await start();
    let session: ClientHttp2Session | undefined;
    try {
      const broken = connectTls({ host: '127.0.0.1', port, ca: certificate.cert, ALPNProtocols: ['h2'] });
      await once(broken, 'secureConnect');
      broken.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
      // A frame header announcing a 16 MB DATA frame on stream 0: a connection error.
      broken.write(Buffer.from([0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]));
      broken.resume();
      await once(broken, 'close');

      session = await h2Connect(url, certificate.cert);
      const health = await h2Request(session, { ':path': '/healthz' }).answer;
      assert.equal(health.status, 200);
    } finally {
      session?.close();
      await server.close(0);
    }
  });

  it('closes an idle connection with GOAWAY after the keep-alive timeout', async () => {
    const { url, server } = await start({ keepAliveTimeoutMs: 200 });
    try {
      const session = await h2Connect(url, certificate.cert);
      assert.equal((await h2Request(session, { ':path': '/healthz' }).answer).status, 200);
      const [code] = (await once(session, 'goaway')) as [number];
      assert.equal(code, http2.NGHTTP2_NO_ERROR);
      await once(session, 'close');
    } finally {
      await server.close(0);
    }
  });

  it('on close, sends GOAWAY: the request in flight finishes, a new one on that connection is refused', async () => {
    // Idle connections stay open far longer than the test: only the stop can send this GOAWAY.
    const { url, server } = await start({ keepAliveTimeoutMs: 600_000 });
    const session = await h2Connect(url, certificate.cert);
    try {
      // A request whose body is still arriving when the stop begins.
      const inFlight = h2Request(session, explainHeaders(), '{"code":', { hold: true });
      // Frames arrive in order: once this is answered, the server has the stream above.
      assert.equal((await h2Request(session, { ':path': '/healthz' }).answer).status, 200);
      const goaway = once(session, 'goaway');
      let closed = false;
      const closing = server.close(10_000).then(() => (closed = true));
      await goaway;
      // The client knows the connection is going: it opens no new stream on it.
      assert.throws(() => session.request({ ':path': '/healthz' }), { code: 'ERR_HTTP2_GOAWAY_SESSION' });
      assert.equal(closed, false, 'the stop waits for the request in flight');
      inFlight.stream.end(JSON.stringify(SNIPPET.code) + `,"language":"python"}`);
      const answer = await inFlight.answer;
      assert.equal(answer.status, 200, answer.body);
      await closing;
    } finally {
      session.destroy();
    }
  });

  it('on close, cuts what is still open when the grace runs out', async () => {
    const { url, server } = await start();
    const session = await h2Connect(url, certificate.cert);
    const held = h2Request(session, explainHeaders(), '{"code":', { hold: true });
    held.answer.catch(() => undefined);
    assert.equal((await h2Request(session, { ':path': '/healthz' }).answer).status, 200);
    const sessionClosed = once(session, 'close');
    await server.close(300);
    await sessionClosed;
    assert.equal(held.stream.destroyed, true);
  });

  it('with TLS_HTTP2 off, offers HTTP/1.1 alone', async () => {
    const { url, port, server } = await start({ http2: false });
    try {
      assert.deepEqual(server.protocols, ['http/1.1']);
      assert.equal(await negotiated(port, certificate.cert, ['h2', 'http/1.1']), 'http/1.1');
      await assert.rejects(h2Connect(url, certificate.cert));
      const health = await httpsRequest(`${url}/healthz`, certificate.cert);
      assert.equal(health.status, 200);
    } finally {
      await server.close(0);
    }
  });

  describe('the server process', () => {
    const tsxMain = [...TSX_NODE_ARGS, 'server/src/main.ts'];

    for (const [setting, protocols] of [
      [undefined, ['h2', 'http/1.1']],
      ['false', ['http/1.1']],
    ] as const) {
      it(`TLS_HTTP2 ${setting ?? 'unset'}: says ${protocols.join(' and ')} and serves it; a stop with an open HTTP/2 connection ends at once`, async () => {
        const data = await mkdtemp(join(tmpdir(), 'cex-h2-data-'));
        const service = new ServiceProcess(process.execPath, tsxMain, {
          cwd: REPO_ROOT,
          env: cleanEnv({
            PORT: '0',
            DATA_DIR: data,
            TLS_CERT_FILE: certificate.certFile,
            TLS_KEY_FILE: certificate.keyFile,
            ...(setting === undefined ? {} : { TLS_HTTP2: setting }),
          }),
        });
        let session: ClientHttp2Session | undefined;
        try {
          const started = await service.line((l) => typeof l.port === 'number' && typeof l.url === 'string');
          assert.deepEqual(started.protocols, protocols);
          const url = started.url as string;
          if ((protocols as readonly string[]).includes('h2')) {
            session = await h2Connect(url, certificate.cert);
            const health = await h2Request(session, { ':path': '/healthz' }).answer;
            assert.equal(health.status, 200, health.body);
            // The open session is told to go (GOAWAY), not left to the grace period's cut.
            const goaway = once(session, 'goaway');
            service.signal('SIGTERM');
            await goaway;
            assert.equal(await service.exited, 0);
          } else {
            await assert.rejects(h2Connect(url, certificate.cert));
            assert.equal((await httpsRequest(`${url}/healthz`, certificate.cert)).status, 200);
            service.signal('SIGTERM');
            assert.equal(await service.exited, 0);
          }
        } finally {
          session?.destroy();
          service.kill();
          await rm(data, { recursive: true, force: true });
        }
      });
    }
  });
});
