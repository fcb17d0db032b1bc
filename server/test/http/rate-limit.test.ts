/**
 * Per-account quotas through real HTTP: koa-ratelimit's redis driver against
 * the real Redis (also shared by two app instances) and its memory driver.
 */
import assert from 'node:assert/strict';
import { errorBodySchema } from '@code-explain/shared';
import { createAccountService } from '../../src/service/accounts.js';
import { testNamespace } from './support/environment.js';
import {
  call,
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  postJson,
  startServer,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

const QUOTAS = { pro: 5, enterprise: 8 };

function rate(response: Response) {
  const number = (name: string) => {
    const value = response.headers.get(name);
    assert.match(value ?? '', /^[0-9]+$/, `${name}: ${value}`);
    return Number(value);
  };
  return {
    limit: number('x-ratelimit-limit'),
    remaining: number('x-ratelimit-remaining'),
    reset: number('x-ratelimit-reset'),
  };
}

async function assertLimited(response: Response, limit: number): Promise<number> {
  const text = await response.text();
  assert.equal(response.status, 429, text);
  const body = errorBodySchema.parse(JSON.parse(text));
  assert.equal(body.error.code, 'rate_limited');
  assert.equal(body.error.requestId, response.headers.get('x-request-id'));
  const retryAfter = response.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^[0-9]+$/, `Retry-After: ${retryAfter}`);
  const { remaining, reset, limit: sent } = rate(response);
  assert.equal(sent, limit);
  assert.equal(remaining, 0);
  const now = Date.now() / 1000;
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 61, `Retry-After ${retryAfter}`);
  assert.ok(reset > now && reset <= now + 61, `reset ${reset} vs now ${now}`);
  // Waiting Retry-After seconds gets past the reset.
  assert.ok(now + Number(retryAfter) >= reset - 1, `Retry-After ${retryAfter} ends before reset ${reset}`);
  return Number(retryAfter);
}

for (const kind of ['redis', 'memory'] as const) {
  describe(`rate limits (${kind})`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;

    before(async () => {
      handle = await openTestStore(kind === 'redis' ? 'mongo' : 'embedded', `rate${kind}`);
      server = await startServer({
        store: handle.store,
        limiter: await openTestLimiter(kind, { quotas: QUOTAS }),
      });
    });

    after(async () => {
      await server?.close();
      await server?.limiter.close();
      await handle?.dispose();
    });

    it('lets exactly the plan’s quota through, then answers 429 with Retry-After', async () => {
      const account = await createKeyedAccount(handle.store, 'pro');
      const started = Date.now() / 1000;
      for (let i = 1; i <= QUOTAS.pro; i++) {
        const response = await call(`${server.url}/api/explanations`, account.key);
        assert.equal(response.status, 200, `request ${i}: ${await response.text()}`);
        const { limit, remaining, reset } = rate(response);
        assert.deepEqual([limit, remaining], [QUOTAS.pro, QUOTAS.pro - i], `request ${i}`);
        assert.ok(reset >= started + 59 && reset <= started + 62, `reset ${reset}, started ${started}`);
      }
      await assertLimited(await call(`${server.url}/api/explanations`, account.key), QUOTAS.pro);
      // Every route under /api counts against the same quota, and stays refused.
      await assertLimited(
        await postJson(`${server.url}/api/explain`, account.key, { code: 'x' }),
        QUOTAS.pro,
      );
    });

    it('gives enterprise accounts their own quota', async () => {
      const account = await createKeyedAccount(handle.store, 'enterprise');
      for (let i = 1; i <= QUOTAS.enterprise; i++) {
        const response = await call(`${server.url}/api/explanations`, account.key);
        assert.equal(response.status, 200, `request ${i}`);
        assert.equal(rate(response).limit, QUOTAS.enterprise);
      }
      await assertLimited(await call(`${server.url}/api/explanations`, account.key), QUOTAS.enterprise);
    });

    it("shares one quota among all of an account's keys, and keeps accounts apart", async () => {
      const account = await createKeyedAccount(handle.store, 'pro');
      const second = await createAccountService({ store: handle.store }).createKey(account.email, 'second');
      const neighbour = await createKeyedAccount(handle.store, 'pro');
      for (let i = 1; i <= QUOTAS.pro; i++) {
        const key = i % 2 === 0 ? second.key : account.key;
        assert.equal((await call(`${server.url}/api/explanations`, key)).status, 200, `request ${i}`);
      }
      await assertLimited(await call(`${server.url}/api/explanations`, second.key), QUOTAS.pro);
      await assertLimited(await call(`${server.url}/api/explanations`, account.key), QUOTAS.pro);
      const other = await call(`${server.url}/api/explanations`, neighbour.key);
      assert.equal(other.status, 200);
      assert.equal(rate(other).remaining, QUOTAS.pro - 1);
    });

    it('authenticates, then counts, then validates', async () => {
      const account = await createKeyedAccount(handle.store, 'pro');
      // Invalid requests count too: they got past authentication.
      for (let i = 1; i <= QUOTAS.pro; i++) {
        const response = await postJson(`${server.url}/api/explain`, account.key, { nope: i });
        assert.equal(response.status, 400);
        assert.equal(rate(response).remaining, QUOTAS.pro - i);
      }
      // Over the quota, the count answers before validation...
      await assertLimited(await postJson(`${server.url}/api/explain`, account.key, { nope: 0 }), QUOTAS.pro);
      await assertLimited(await call(`${server.url}/api/nope`, account.key), QUOTAS.pro);
      // ...and authentication before the count.
      const anonymous = await call(`${server.url}/api/explanations`, undefined);
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.headers.get('x-ratelimit-limit'), null);
    });

    it('lets requests through again once the window has passed', async () => {
      const limiter = await openTestLimiter(kind, { quotas: { pro: 2, enterprise: 2 }, windowMs: 1500 });
      const short = await startServer({ store: handle.store, limiter });
      try {
        const account = await createKeyedAccount(handle.store, 'pro');
        assert.equal((await call(`${short.url}/api/explanations`, account.key)).status, 200);
        assert.equal((await call(`${short.url}/api/explanations`, account.key)).status, 200);
        const limited = await call(`${short.url}/api/explanations`, account.key);
        const retryAfter = await assertLimited(limited, 2);
        assert.ok(retryAfter <= 3, `Retry-After ${retryAfter} for a 1.5 s window`);
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        const again = await call(`${short.url}/api/explanations`, account.key);
        assert.equal(again.status, 200, await again.text());
      } finally {
        await short.close();
        await limiter.close();
      }
    });
  });
}

describe('rate limits shared by two instances through Redis', function () {
  this.timeout(60_000);
  let handle: StoreHandle;
  const servers: TestServer[] = [];

  before(async () => {
    handle = await openTestStore('mongo', 'ratetwo');
    // Two instances, each with its own Redis connection, counting under one namespace.
    const namespace = `${testNamespace('ratetwo').keyPrefix}ratelimit`;
    for (let i = 0; i < 2; i++) {
      const limiter = await openTestLimiter('redis', { quotas: QUOTAS, namespace });
      servers.push(await startServer({ store: handle.store, limiter }));
    }
  });

  after(async () => {
    for (const server of servers) {
      await server.close();
      await server.limiter.close();
    }
    await handle?.dispose();
  });

  it('counts one quota across both: N requests pass, request N+1 is 429 on either', async () => {
    const account = await createKeyedAccount(handle.store, 'pro');
    const [a, b] = [servers[0]!, servers[1]!];
    for (let i = 1; i <= QUOTAS.pro; i++) {
      const server = i % 2 === 0 ? b : a;
      const response = await call(`${server.url}/api/explanations`, account.key);
      assert.equal(response.status, 200, `request ${i}`);
      assert.equal(rate(response).remaining, QUOTAS.pro - i, `request ${i}`);
    }
    await assertLimited(await call(`${a.url}/api/explanations`, account.key), QUOTAS.pro);
    await assertLimited(await call(`${b.url}/api/explanations`, account.key), QUOTAS.pro);
  });

  it('counts concurrent requests atomically', async () => {
    const account = await createKeyedAccount(handle.store, 'enterprise');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(`${servers[i % 2]!.url}/api/explanations`, account.key)),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    assert.equal(statuses.filter((s) => s === 200).length, QUOTAS.enterprise, statuses.join(' '));
    assert.equal(statuses.filter((s) => s === 429).length, 20 - QUOTAS.enterprise, statuses.join(' '));
  });
});
