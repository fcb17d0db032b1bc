/**
 * The admin command, spawned as operators run it, against a temporary
 * DATA_DIR (also beside a running server) and against FerretDB.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountSchema, apiKeyInfoSchema, createdApiKeySchema } from '@code-explain/shared';
import { z } from 'zod';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { serviceUrls, testNamespace } from './support/environment.js';
import {
  call,
  dropDatabase,
  openTestLimiter,
  startServer,
  uriWithDatabase,
  waitFor,
} from './support/harness.js';
import { admin, cleanEnv, run } from './support/processes.js';

function json<S extends z.ZodType>(
  schema: S,
  result: { code: number | null; stdout: string; stderr: string },
) {
  assert.equal(result.code, 0, result.stderr);
  return schema.parse(JSON.parse(result.stdout));
}

describe('admin command', function () {
  this.timeout(90_000);

  describe('on the embedded store', () => {
    let dataDir: string;
    let env: NodeJS.ProcessEnv;

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'cex-admin-'));
      env = cleanEnv({ DATA_DIR: dataDir });
    });

    after(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it('creates accounts, refuses duplicates and keys for free accounts, creates, lists and revokes keys', async () => {
      // Once through the root script itself.
      const created = json(
        accountSchema,
        await run(
          'pnpm',
          ['-s', 'admin', 'accounts:create', '--email', 'Ops@Example.test', '--plan', 'free'],
          env,
        ),
      );
      assert.deepEqual(Object.keys(created), ['id', 'email', 'plan']);
      assert.deepEqual([created.email, created.plan], ['ops@example.test', 'free']);

      const duplicate = await admin(['accounts:create', '--email', 'ops@example.test', '--plan', 'pro'], env);
      assert.equal(duplicate.code, 1);
      assert.match(duplicate.stderr, /already exists/);
      assert.equal(duplicate.stdout, '');

      const refused = await admin(['keys:create', '--email', 'ops@example.test'], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /free plan has no API access/);
      assert.equal(refused.stdout, '');

      const upgraded = json(
        accountSchema,
        await admin(['accounts:set-plan', '--email', 'ops@example.test', '--plan', 'pro'], env),
      );
      assert.deepEqual(upgraded, { ...created, plan: 'pro' });

      const key = json(
        createdApiKeySchema,
        await admin(['keys:create', '--email', 'ops@example.test', '--name', 'ci'], env),
      );
      assert.deepEqual(Object.keys(key), ['id', 'key', 'prefix', 'name']);
      assert.match(key.key, /^cex_[A-Za-z0-9_-]{43}$/);
      assert.ok(key.key.startsWith(key.prefix), 'the prefix starts the key');
      assert.equal(key.name, 'ci');

      const listed = json(
        z.array(apiKeyInfoSchema),
        await admin(['keys:list', '--email', 'ops@example.test'], env),
      );
      assert.deepEqual(
        listed.map((k) => [k.id, k.prefix, k.name, k.revokedAt]),
        [[key.id, key.prefix, 'ci', null]],
      );
      assert.ok(!JSON.stringify(listed).includes(key.key), 'keys:list shows the key');

      const revoked = json(apiKeyInfoSchema, await admin(['keys:revoke', '--id', key.id], env));
      assert.ok(revoked.revokedAt, 'revokedAt is set');

      // The key is stored only as a hash.
      const store = await createEmbeddedStore({ dataDir });
      try {
        const [stored] = await store.findApiKeysByPrefix(key.prefix);
        assert.ok(
          stored && stored.hash !== key.key && !stored.hash.includes(key.key.slice(12)),
          'only a hash is stored',
        );
      } finally {
        await store.close();
      }
    });

    it('exits 2 with a clear message on bad arguments, 1 on unknown ids', async () => {
      const [bad, missing, unknownCommand, unknownKey, unknownAccount] = await Promise.all([
        admin(['accounts:create', '--email', 'not-an-email', '--plan', 'gold'], env),
        admin(['keys:create'], env),
        admin(['accounts:delete', '--email', 'a@b.c'], env),
        admin(['keys:revoke', '--id', 'nosuchkey'], env),
        admin(['keys:list', '--email', 'nobody@example.test'], env),
      ]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--email: email must be an email address/);
      assert.match(bad.stderr, /--plan: plan must be one of: free, pro, enterprise/);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--email/);
      assert.equal(unknownCommand.code, 2);
      assert.equal(unknownKey.code, 1);
      assert.match(unknownKey.stderr, /no key with id nosuchkey/);
      assert.equal(unknownAccount.code, 1);
      assert.match(unknownAccount.stderr, /no account with email nobody@example.test/);
    });

    it('works beside a running server: a new key is accepted at once, a revoked one refused within seconds', async () => {
      const store = await createEmbeddedStore({ dataDir });
      const server = await startServer({
        store,
        limiter: await openTestLimiter('memory'),
        authCacheTtlMs: 500,
      });
      try {
        json(
          accountSchema,
          await admin(['accounts:create', '--email', 'live@example.test', '--plan', 'enterprise'], env),
        );
        const key = json(
          createdApiKeySchema,
          await admin(['keys:create', '--email', 'live@example.test'], env),
        );
        assert.equal((await call(`${server.url}/api/explanations`, key.key)).status, 200);
        json(apiKeyInfoSchema, await admin(['keys:revoke', '--id', key.id], env));
        await waitFor(
          'the revocation to reach the server',
          async () => {
            const response = await call(`${server.url}/api/explanations`, key.key);
            await response.arrayBuffer();
            return response.status === 401;
          },
          5000,
        );
      } finally {
        await server.close();
        await store.close();
      }
    });
  });

  it('uses MongoDB when MONGODB_URI is set', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('admin');
    const env = cleanEnv({ MONGODB_URI: uriWithDatabase(mongoUri, dbName) });
    try {
      const account = json(
        accountSchema,
        await admin(['accounts:create', '--email', 'mongo@example.test', '--plan', 'pro'], env),
      );
      assert.match(account.id, /^[0-9a-f]{24}$/);
      const key = json(
        createdApiKeySchema,
        await admin(['keys:create', '--email', 'mongo@example.test', '--name', 'prod'], env),
      );
      const listed = json(
        z.array(apiKeyInfoSchema),
        await admin(['keys:list', '--email', 'mongo@example.test'], env),
      );
      assert.deepEqual(
        listed.map((k) => k.id),
        [key.id],
      );
      const revoked = json(apiKeyInfoSchema, await admin(['keys:revoke', '--id', key.id], env));
      assert.ok(revoked.revokedAt, 'revokedAt is set');
    } finally {
      await dropDatabase(mongoUri, dbName);
    }
  });
});
