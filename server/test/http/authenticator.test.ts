/** Key lookups are cached briefly: a burst of requests reaches the store once, and changes show within the TTL. */
import assert from 'node:assert/strict';
import { createAuthenticator } from '../../src/auth/authenticator.js';
import { generateApiKey } from '../../src/auth/keys.js';
import { createAccountService } from '../../src/service/accounts.js';
import type { Store } from '../../src/store/types.js';
import { openTestStore, type StoreHandle } from './support/harness.js';

/** The real store, counting key lookups. */
function counting(store: Store): { store: Store; lookups: () => number } {
  let lookups = 0;
  const wrapped = Object.create(store) as Store;
  wrapped.findApiKeysByPrefix = (prefix) => {
    lookups++;
    return store.findApiKeysByPrefix(prefix);
  };
  return { store: wrapped, lookups: () => lookups };
}

describe('authenticator cache', () => {
  let handle: StoreHandle;

  before(async () => {
    handle = await openTestStore('embedded', 'authcache');
  });

  after(async () => {
    await handle?.dispose();
  });

  it('answers from the cache within the TTL, known and unknown keys alike, and looks again after it', async () => {
    const accounts = createAccountService({ store: handle.store });
    const account = await accounts.createAccount('cache@example.test', 'pro');
    const { key, id } = await accounts.createKey('cache@example.test', 'k');
    let now = 1_000_000;
    const { store, lookups } = counting(handle.store);
    const authenticator = createAuthenticator({ store, cacheTtlMs: 5000, now: () => now });

    for (let i = 0; i < 5; i++) {
      assert.deepEqual(await authenticator.authenticate(key), {
        ok: true,
        account: { id: account.id, plan: 'pro' },
        keyId: id,
      });
    }
    const unknown = generateApiKey().key;
    for (let i = 0; i < 5; i++) {
      assert.deepEqual(await authenticator.authenticate(unknown), { ok: false, reason: 'unknown_key' });
    }
    assert.equal(lookups(), 2);

    await accounts.revokeKey(id);
    now += 4999;
    assert.equal((await authenticator.authenticate(key)).ok, true, 'still cached just inside the TTL');
    now += 2;
    assert.deepEqual(await authenticator.authenticate(key), { ok: false, reason: 'unknown_key' });
    assert.equal(lookups(), 3);
  });

  it('refuses a replaced key at the end of its grace period, even from the cache, and records its last use', async () => {
    const accounts = createAccountService({ store: handle.store });
    const account = await accounts.createAccount('grace@example.test', 'pro');
    const { key, id } = await accounts.createKey('grace@example.test', 'k');
    let now = Date.UTC(2026, 5, 1, 12, 0, 30);
    const ends = new Date(now + 60_000);
    await handle.store.expireApiKey(id, ends);
    const authenticator = createAuthenticator({
      store: handle.store,
      cacheTtlMs: 5 * 60_000,
      now: () => now,
    });
    assert.deepEqual(await authenticator.authenticate(key), {
      ok: true,
      account: { id: account.id, plan: 'pro' },
      keyId: id,
      expiresAt: ends.getTime(),
    });
    now = ends.getTime();
    assert.deepEqual(await authenticator.authenticate(key), {
      ok: false,
      reason: 'expired_key',
      expiredAt: ends,
    });
    // The first use was written to the minute it fell in, beside the request.
    for (let i = 0; i < 50 && (await handle.store.findApiKeyById(id))?.lastUsedAt === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(
      (await handle.store.findApiKeyById(id))?.lastUsedAt,
      new Date(Date.UTC(2026, 5, 1, 12, 0)),
    );
  });

  it('keeps no more entries than allowed', async () => {
    const { store, lookups } = counting(handle.store);
    const authenticator = createAuthenticator({ store, maxCacheEntries: 2 });
    const [a, b, c] = [generateApiKey().key, generateApiKey().key, generateApiKey().key];
    for (const k of [a, b, c, a]) await authenticator.authenticate(k);
    assert.equal(lookups(), 4, 'the oldest entry was dropped');
  });
});
