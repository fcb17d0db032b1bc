/**
 * The API client against the real service (server/src/main.ts in a child
 * process, real FerretDB and Redis from `pnpm test`). Only the two cases the
 * real service never produces (a malformed 200 and a 503) use a plain
 * node:http server that answers exactly that.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../../src/api/client.js';
import {
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  MissingApiKeyError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from '../../src/api/errors.js';
import type { RateLimitInfo } from '../../src/api/rate-limit.js';
import { startService, type RunningService } from '../support/service.js';

const JS = `function add(a, b) {\n  if (a == null) return b;\n  return a + b;\n}\n`;
const PY = `def double(x):\n    return x * 2\n`;

describe('extension: API client against the real service', function () {
  this.timeout(120_000);
  let service: RunningService;
  let limited: RunningService;
  let key: string;

  before(async () => {
    [service, limited] = await Promise.all([
      startService({ label: 'apiclient' }),
      startService({ label: 'apilimited', proPerMinute: 2 }),
    ]);
    key = await service.createKey();
  });
  after(async () => {
    await Promise.all([service?.stop(), limited?.stop()]);
  });

  const client = (
    apiKey: string | undefined,
    onRateLimit?: (info: RateLimitInfo) => void,
    url = service.url,
  ) => new ApiClient({ serverUrl: url, apiKey: () => apiKey, onRateLimit });

  it('explains code and reports the quota from the rate-limit headers', async () => {
    const seen: RateLimitInfo[] = [];
    const result = await client(key, (info) => seen.push(info)).explain({
      code: JS,
      language: 'javascript',
      mode: 'detailed',
    });
    assert.match(result.id, /\S/);
    assert.ok(!Number.isNaN(Date.parse(result.createdAt)));
    assert.ok(result.explanation.length > 0);
    assert.ok(result.sections.length > 0);
    assert.equal(typeof result.metadata.complexity.cyclomatic, 'number');
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.limit, 10_000);
    assert.equal(seen[0]!.remaining, 9_999);
    assert.ok(seen[0]!.resetAt > Date.now());
  });

  it('lists saved explanations newest first, a page at a time, filtered by language and mode', async () => {
    const own = await service.createKey();
    const api = client(own);
    const first = await api.explain({ code: JS, language: 'javascript', mode: 'quick' });
    const second = await api.explain({ code: PY, language: 'python', mode: 'standard' });
    const third = await api.explain({ code: JS, language: 'javascript', mode: 'standard' });

    const page1 = await api.listExplanations({ page: 1, limit: 2 });
    assert.equal(page1.total, 3);
    assert.equal(page1.totalPages, 2);
    assert.deepEqual(
      page1.items.map((i) => i.id),
      [third.id, second.id],
    );
    const page2 = await api.listExplanations({ page: 2, limit: 2 });
    assert.deepEqual(
      page2.items.map((i) => i.id),
      [first.id],
    );

    assert.deepEqual(
      (await api.listExplanations({ language: 'python' })).items.map((i) => i.id),
      [second.id],
    );
    assert.deepEqual(
      (await api.listExplanations({ language: 'javascript', mode: 'quick' })).items.map((i) => i.id),
      [first.id],
    );
  });

  it('gets and deletes one explanation; afterwards it is not found', async () => {
    const api = client(key);
    const made = await api.explain({ code: PY, language: 'python' });
    const saved = await api.getExplanation(made.id);
    assert.equal(saved.code, PY);
    assert.equal(saved.language, 'python');
    assert.equal(saved.explanation, made.explanation);
    await api.deleteExplanation(made.id);
    await assert.rejects(api.getExplanation(made.id), NotFoundError);
    await assert.rejects(api.deleteExplanation(made.id), NotFoundError);
  });

  it('sends nothing without a key', async () => {
    await assert.rejects(client(undefined).explain({ code: JS }), MissingApiKeyError);
    await assert.rejects(client('   ').listExplanations(), MissingApiKeyError);
  });

  it('turns 401 into UnauthorizedError', async () => {
    await assert.rejects(
      client('cex_not_a_real_key_000000000000').explain({ code: JS }),
      (error: unknown) => {
        assert.ok(error instanceof UnauthorizedError);
        assert.equal(error.status, 401);
        assert.match(error.requestId ?? '', /\S/);
        return true;
      },
    );
  });

  it('turns 400 into InvalidRequestError with the offending fields', async () => {
    await assert.rejects(
      // The client sends what it is given; the server's validation is the one that counts.
      client(key).explain({ code: '   ', mode: 'deep' as 'quick' }),
      (error: unknown) => {
        assert.ok(error instanceof InvalidRequestError);
        assert.equal(error.status, 400);
        assert.deepEqual(error.details.map((d) => d.path).sort(), ['code', 'mode']);
        return true;
      },
    );
  });

  it('turns 429 into RateLimitedError with Retry-After and the exhausted quota', async () => {
    const limitedKey = await limited.createKey();
    const seen: RateLimitInfo[] = [];
    const api = client(limitedKey, (info) => seen.push(info), limited.url);
    await api.listExplanations();
    await api.listExplanations();
    await assert.rejects(api.listExplanations(), (error: unknown) => {
      assert.ok(error instanceof RateLimitedError);
      assert.ok(
        error.retryAfterSeconds !== undefined &&
          error.retryAfterSeconds >= 1 &&
          error.retryAfterSeconds <= 61,
      );
      assert.equal(error.rateLimit?.remaining, 0);
      assert.equal(error.rateLimit?.limit, 2);
      return true;
    });
    assert.deepEqual(
      seen.map((s) => s.remaining),
      [1, 0, 0],
    );
  });

  it('cancels: an aborted signal ends the request with CancelledError', async () => {
    const controller = new AbortController();
    const pending = client(key).explain({ code: JS }, controller.signal);
    controller.abort();
    await assert.rejects(pending, CancelledError);
  });

  it('reports an unreachable server as NetworkError naming the URL', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const url = `http://127.0.0.1:${port}`;
    await assert.rejects(client(key, undefined, url).listExplanations(), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.serverUrl, url);
      assert.match(error.message, /ECONNREFUSED/);
      return true;
    });
  });

  it('reads /healthz without a key', async () => {
    const health = await client(undefined).health();
    assert.equal(health.status, 'ok');
    assert.equal(health.store, 'mongodb');
    assert.equal(health.rateLimits, 'redis');
  });
});

describe('extension: API client with responses the real service never sends', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/explain') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ explanation: 42, sections: [] }));
      } else if (req.url === '/api/explanations') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('<html>proxy login</html>');
      } else {
        res.writeHead(503, { 'Content-Type': 'text/html' });
        res.end('<h1>Service Unavailable</h1>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  const api = () => new ApiClient({ serverUrl: url, apiKey: () => 'k' });

  it('refuses a 200 whose body breaks the contract (never a blank view)', async () => {
    await assert.rejects(api().explain({ code: 'x' }), (error: unknown) => {
      assert.ok(error instanceof MalformedResponseError);
      assert.match(error.message, /explanation/);
      return true;
    });
    await assert.rejects(api().listExplanations(), MalformedResponseError);
  });

  it('turns a 5xx without an error body into ServerError with its status', async () => {
    await assert.rejects(api().getExplanation('abc'), (error: unknown) => {
      assert.ok(error instanceof ServerError);
      assert.equal(error.status, 503);
      return true;
    });
  });
});
