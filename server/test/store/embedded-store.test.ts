import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedStore, DataDirInUseError } from '../../src/store/embedded.js';
import { describeStoreContract, sampleExplanation } from './contract.js';

describeStoreContract('embedded (NeDB in a data folder)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'cex-store-contract-'));
  const store = await createEmbeddedStore({ dataDir });
  return {
    store,
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('embedded store specifics', function () {
  this.timeout(30_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-store-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps everything across a restart', async () => {
    const first = await createEmbeddedStore({ dataDir: join(dataDir, 'nested', 'data') });
    const account = await first.createAccount({ email: 'keep@example.test', plan: 'pro' });
    const key = await first.createApiKey({
      accountId: account.id,
      name: 'k',
      prefix: 'cex_KEEPKEEP',
      hash: 'c'.repeat(64),
    });
    const saved = await first.saveExplanation(account.id, sampleExplanation());
    const gone = await first.saveExplanation(account.id, sampleExplanation({ code: 'gone' }));
    await first.deleteExplanation(account.id, gone.id);
    await first.close();

    const second = await createEmbeddedStore({ dataDir: join(dataDir, 'nested', 'data') });
    try {
      assert.deepEqual(await second.findAccountByEmail('keep@example.test'), account);
      assert.deepEqual(await second.findApiKeysByPrefix('cex_KEEPKEEP'), [key]);
      assert.deepEqual(await second.getExplanation(account.id, saved.id), saved);
      assert.equal(await second.getExplanation(account.id, gone.id), null);
      assert.equal((await second.listExplanations(account.id, {}, { skip: 0, limit: 10 })).total, 1);
    } finally {
      await second.close();
    }
  });

  it("sees another process's account and key changes (the admin command beside a running server)", async () => {
    const server = await createEmbeddedStore({ dataDir });
    const admin = await createEmbeddedStore({ dataDir, explanations: false });
    try {
      assert.deepEqual(await server.findApiKeysByPrefix('cex_SHAREDKY'), []);
      const account = await admin.createAccount({ email: 'shared@example.test', plan: 'pro' });
      const key = await admin.createApiKey({
        accountId: account.id,
        name: 'k',
        prefix: 'cex_SHAREDKY',
        hash: 'd'.repeat(64),
      });
      assert.deepEqual(await server.findApiKeysByPrefix('cex_SHAREDKY'), [key]);
      assert.deepEqual(await server.findAccountById(account.id), account);

      await admin.revokeApiKey(key.id, new Date());
      await admin.setAccountPlan(account.id, 'free');
      assert.notEqual((await server.findApiKeysByPrefix('cex_SHAREDKY'))[0]?.revokedAt, null);
      assert.equal((await server.findAccountById(account.id))?.plan, 'free');

      // Both ways, and the unique email holds across them.
      await server.createAccount({ email: 'other@example.test', plan: 'enterprise' });
      assert.equal((await admin.findAccountByEmail('other@example.test'))?.plan, 'enterprise');
      await assert.rejects(
        admin.createAccount({ email: 'other@example.test', plan: 'pro' }),
        /already exists/,
      );
    } finally {
      await admin.close();
      await server.close();
    }
  });

  it('lets the admin side touch nothing of the explanations', async () => {
    const admin = await createEmbeddedStore({ dataDir, explanations: false });
    try {
      await assert.rejects(admin.saveExplanation('a', sampleExplanation()), /without explanations/);
      assert.ok(
        !(await readdir(dataDir)).includes('explanations.db'),
        'the admin side created explanations.db',
      );
    } finally {
      await admin.close();
    }
  });

  it('refuses a second server on the same data folder, and allows one after the first closes', async () => {
    const first = await createEmbeddedStore({ dataDir });
    await assert.rejects(createEmbeddedStore({ dataDir }), DataDirInUseError);
    await first.close();
    const second = await createEmbeddedStore({ dataDir });
    await second.close();
  });
});
