import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import nedb from '@seald-io/nedb';
import Database from 'libsql';
import { createEmbeddedStore, DATABASE_FILE } from '../../src/store/embedded.js';
import { createThreadedEmbeddedStore } from '../../src/store/embedded-thread.js';
import { parseNedbFile } from '../../src/store/nedb-import.js';
import { StoreUnavailableError, type NewExplanation, type Store } from '../../src/store/types.js';
import { describeAwkwardCharacters, describeStoreContract, sampleExplanation } from './contract.js';
import { describeUsageContract } from './usage-contract.js';

// The package is CommonJS whose module.exports is the class (see the old store this replaces).
const Datastore = nedb as unknown as typeof nedb.default;

/** The store in the caller's thread (the admin command), and in a thread of its own (the service). */
const VARIANTS: ReadonlyArray<{ label: string; open: (dataDir: string) => Promise<Store> }> = [
  { label: 'embedded (SQLite in a data folder)', open: (dataDir) => createEmbeddedStore({ dataDir }) },
  {
    label: 'embedded, in a thread of its own (as the service runs it)',
    open: (dataDir) => createThreadedEmbeddedStore({ dataDir }),
  },
];

for (const { label, open } of VARIANTS) {
  describeStoreContract(label, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cex-store-contract-'));
    const store = await open(dataDir);
    return {
      store,
      async dispose() {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  });

  describeUsageContract(label, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cex-store-usage-'));
    return { open: () => open(dataDir), dispose: () => rm(dataDir, { recursive: true, force: true }) };
  });

  describeAwkwardCharacters(label, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cex-store-awkward-'));
    return { open: () => open(dataDir), dispose: () => rm(dataDir, { recursive: true, force: true }) };
  });
}

describe('embedded store specifics', function () {
  this.timeout(30_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-store-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps everything across a restart, in one database file', async () => {
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
    assert.ok((await readdir(join(dataDir, 'nested', 'data'))).includes(DATABASE_FILE));

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

  it("sees another process's changes at once (the admin command beside a running server), both ways", async () => {
    const server = await createEmbeddedStore({ dataDir });
    const admin = await createEmbeddedStore({ dataDir });
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

      await server.createAccount({ email: 'other@example.test', plan: 'enterprise' });
      assert.equal((await admin.findAccountByEmail('other@example.test'))?.plan, 'enterprise');
      await assert.rejects(
        admin.createAccount({ email: 'other@example.test', plan: 'pro' }),
        /already exists/,
      );
      const saved = await server.saveExplanation(account.id, sampleExplanation());
      assert.deepEqual(await admin.getExplanation(account.id, saved.id), saved);
    } finally {
      await admin.close();
      await server.close();
    }
  });

  it('upgrades a database of schema version 1 in place: accounts keep everything and get no password, keys no end', async () => {
    // A version-1 database is today's without the password column and the keys' expiry and last use.
    await (await createEmbeddedStore({ dataDir })).close();
    const legacy = new Database(join(dataDir, DATABASE_FILE));
    legacy.exec('ALTER TABLE accounts DROP COLUMN password_hash');
    legacy.exec('ALTER TABLE api_keys DROP COLUMN expires_at');
    legacy.exec('ALTER TABLE api_keys DROP COLUMN last_used_at');
    legacy
      .prepare('INSERT INTO accounts VALUES (?, ?, ?, ?)')
      .run('OLDACCOUNT000001', 'old@example.test', 'pro', 5);
    legacy
      .prepare('INSERT INTO api_keys VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('OLDKEY0000000001', 'OLDACCOUNT000001', 'ci', 'cex_OLDOLDOL', 'f'.repeat(64), 6, null);
    legacy.exec('PRAGMA user_version = 1');
    legacy.close();
    const store = await createEmbeddedStore({ dataDir });
    try {
      const old = await store.findAccountByEmail('old@example.test');
      assert.deepEqual(old, {
        id: 'OLDACCOUNT000001',
        email: 'old@example.test',
        plan: 'pro',
        createdAt: new Date(5),
        passwordHash: null,
      });
      assert.equal((await store.setAccountPassword(old.id, 'h'))?.passwordHash, 'h');
      const key = await store.findApiKeyById('OLDKEY0000000001');
      assert.equal(key?.name, 'ci');
      assert.equal(key?.expiresAt, null);
      assert.equal(key?.lastUsedAt, null);
    } finally {
      await store.close();
    }
  });

  it('lets a second process open the folder while the first has it open, and leaves no lock behind', async () => {
    const first = await createEmbeddedStore({ dataDir });
    const second = await createEmbeddedStore({ dataDir });
    await second.close();
    await first.close();
    const reopened = await createEmbeddedStore({ dataDir });
    assert.equal(await reopened.ping(), true);
    await reopened.close();
    assert.equal(await reopened.ping(), false, 'a closed store does not answer');
  });

  for (const { label, open } of VARIANTS)
    it(`writes saves made together in one batch: all land, a failing one fails alone, a withdrawn one is not written (${label})`, async () => {
      const store = await open(dataDir);
      try {
        const withdrawn = new AbortController();
        const saves = Array.from({ length: 40 }, (_, i) =>
          store.saveExplanation(
            'batch',
            i === 13
              ? // Not bindable (nor cloneable for the thread): this save fails, inside the batch or before it.
                sampleExplanation({ mode: Symbol('not a mode') as never })
              : sampleExplanation({ code: `x = ${i}\n` }),
            i === 27 ? { signal: withdrawn.signal } : {},
          ),
        );
        // Its caller gives up after queueing it, before the batch is written.
        withdrawn.abort();
        const settled = await Promise.allSettled(saves);
        const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [i] : []));
        assert.deepEqual(failed, [13, 27]);
        assert.match(String((settled[27] as PromiseRejectedResult).reason), /ended before its save/);
        const page = await store.listExplanations('batch', {}, { skip: 0, limit: 100 });
        const ids = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.id] : []));
        assert.deepEqual(page.items.map((item) => item.id).sort(), [...ids].sort());
        assert.equal(page.total, 38, 'the failed save left no count behind');
        // And each answered save is readable in full.
        const fifth = (settled[5] as PromiseFulfilledResult<{ id: string }>).value.id;
        const one = await store.getExplanation('batch', fifth);
        assert.equal(one?.code, 'x = 5\n');
      } finally {
        await store.close();
      }
    });

  for (const { label, open } of VARIANTS)
    it(`writes saves still queued when it closes before closing (${label})`, async () => {
      const store = await open(dataDir);
      const saving = store.saveExplanation('closing', sampleExplanation());
      await store.close();
      const saved = await saving;
      const reopened = await createEmbeddedStore({ dataDir });
      try {
        assert.equal((await reopened.getExplanation('closing', saved.id))?.id, saved.id);
        await assert.rejects(store.saveExplanation('closing', sampleExplanation()), /closed/);
      } finally {
        await reopened.close();
      }
    });

  it('keeps the per-filter totals right through saves and deletes', async () => {
    const store = await createEmbeddedStore({ dataDir });
    try {
      const saved = [];
      for (let i = 0; i < 30; i++) {
        saved.push(
          await store.saveExplanation(
            'acct',
            sampleExplanation({
              language: i % 3 === 0 ? 'go' : 'python',
              mode: i % 2 === 0 ? 'quick' : 'detailed',
            }),
          ),
        );
      }
      for (const record of saved.slice(0, 7))
        assert.equal(await store.deleteExplanation('acct', record.id), true);
      assert.equal(
        await store.deleteExplanation('acct', saved[0]!.id),
        false,
        'a second delete changes nothing',
      );
      const alive = saved.slice(7);
      for (const language of [undefined, 'go', 'python'] as const) {
        for (const mode of [undefined, 'quick', 'detailed'] as const) {
          const expected = alive.filter(
            (r) =>
              (language === undefined || r.language === language) && (mode === undefined || r.mode === mode),
          ).length;
          const page = await store.listExplanations('acct', { language, mode }, { skip: 0, limit: 100 });
          assert.equal(page.total, expected, `${language}/${mode}`);
          assert.equal(page.items.length, expected, `${language}/${mode} items`);
        }
      }
    } finally {
      await store.close();
    }
  });

  describe('in a thread of its own (as the service runs it)', function () {
    /** Another connection holding the write lock, so the thread's next batch waits at its start. */
    function holdWriteLock(): { release(): void } {
      const other = new Database(join(dataDir, DATABASE_FILE));
      other.exec('BEGIN IMMEDIATE');
      return {
        release() {
          other.exec('COMMIT');
          other.close();
        },
      };
    }

    it('does not keep a save whose caller gave up while its batch waited for the database', async () => {
      const store = await createThreadedEmbeddedStore({ dataDir });
      try {
        const lock = holdWriteLock();
        const caller = new AbortController();
        const saving = store.saveExplanation('late', sampleExplanation(), { signal: caller.signal });
        saving.catch(() => undefined);
        // By now the thread has most likely claimed the save and waits for the lock; the caller then gives up.
        // Either way (claimed or not) the save must fail and leave nothing.
        await sleep(300);
        caller.abort();
        await sleep(50);
        lock.release();
        await assert.rejects(saving, /ended before its save/);
        let total = -1;
        // A claimed save is written, then undone by a delete sent after it: poll for the delete, in bounded steps.
        for (let step = 0; step < 100 && total !== 0; step++) {
          total = (await store.listExplanations('late', {}, { skip: 0, limit: 10 })).total;
          if (total !== 0) await sleep(20);
        }
        assert.equal(total, 0);
        const reopened = await createEmbeddedStore({ dataDir });
        try {
          assert.equal((await reopened.listExplanations('late', {}, { skip: 0, limit: 10 })).items.length, 0);
        } finally {
          await reopened.close();
        }
      } finally {
        await store.close();
      }
    });

    it('fails the calls waiting for a thread that stops with 503, and the next call starts another on the same data', async () => {
      const threads: Worker[] = [];
      const store = await createThreadedEmbeddedStore({
        dataDir,
        onThread: (worker) => threads.push(worker),
      });
      try {
        const kept = await store.saveExplanation('crash', sampleExplanation({ code: 'kept = 1\n' }));
        void threads[0]!.terminate();
        const waiting = store.listExplanations('crash', {}, { skip: 0, limit: 10 });
        await assert.rejects(waiting, (error: Error) => {
          assert.ok(error instanceof StoreUnavailableError, String(error));
          assert.match(error.message, /thread stopped/);
          return true;
        });
        assert.equal(await store.ping(), true, 'a new thread answers');
        assert.equal(threads.length, 2);
        const page = await store.listExplanations('crash', {}, { skip: 0, limit: 10 });
        assert.deepEqual(
          page.items.map((item) => item.id),
          [kept.id],
        );
      } finally {
        await store.close();
      }
    });

    it('answers a ping at once while the thread answers promptly, and asks the database once a call has waited too long', async () => {
      const store = await createThreadedEmbeddedStore({ dataDir, pingFreshMs: 1000 });
      try {
        await store.listExplanations('ping', {}, { skip: 0, limit: 1 });
        const lock = holdWriteLock();
        const saving = store.saveExplanation('ping', sampleExplanation());
        // The save waits for the lock, but not yet for long: the thread still counts as answering.
        assert.equal(await store.ping(), true);
        await sleep(1200);
        // Now the save has waited past the limit: a ping goes to the thread, and queues behind the save.
        const pinging = store.ping();
        const first = await Promise.race([pinging, sleep(200).then(() => 'still waiting' as const)]);
        assert.equal(first, 'still waiting');
        lock.release();
        assert.equal(await pinging, true);
        assert.equal((await saving).accountId, 'ping');
      } finally {
        await store.close();
      }
    });

    it('refuses to open a database of a newer schema, with the reason, and leaves no thread behind', async () => {
      const first = await createEmbeddedStore({ dataDir });
      await first.close();
      const db = new Database(join(dataDir, DATABASE_FILE));
      db.exec('PRAGMA user_version = 99');
      db.close();
      await assert.rejects(createThreadedEmbeddedStore({ dataDir }), /schema version 99/);
    });
  });
});

/** An explanation as the NeDB-based version saved it (every field at top level). */
function legacyExplanation(
  accountId: string,
  code: string,
  createdAt: Date,
): NewExplanation & { accountId: string } {
  return { ...sampleExplanation({ code, createdAt }), accountId };
}

describe('importing a data folder written by the NeDB version', function () {
  this.timeout(30_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-nedb-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Writes a data folder with the real NeDB library, as the previous version did. */
  async function writeNedbFolder(codes: string[]) {
    const accounts = new Datastore({ filename: join(dataDir, 'accounts.db') });
    const keys = new Datastore({ filename: join(dataDir, 'api-keys.db') });
    const explanations = new Datastore({ filename: join(dataDir, 'explanations.db') });
    await Promise.all([
      accounts.loadDatabaseAsync(),
      keys.loadDatabaseAsync(),
      explanations.loadDatabaseAsync(),
    ]);
    await accounts.ensureIndexAsync({ fieldName: 'email', unique: true });
    const account = (await accounts.insertAsync({
      email: 'old@example.test',
      plan: 'pro',
      createdAt: new Date(Date.UTC(2026, 0, 1)),
    })) as {
      _id: string;
    };
    const other = (await accounts.insertAsync({
      email: 'changed@example.test',
      plan: 'free',
      createdAt: new Date(),
    })) as {
      _id: string;
    };
    // An update appends a second line for the same id: the later one wins.
    await accounts.updateAsync({ _id: other._id }, { $set: { plan: 'enterprise' } }, {});
    const key = (await keys.insertAsync({
      accountId: account._id,
      name: 'laptop',
      prefix: 'cex_OLDOLDOL',
      hash: 'e'.repeat(64),
      createdAt: new Date(Date.UTC(2026, 0, 2)),
      revokedAt: null,
    })) as { _id: string };
    const ids: string[] = [];
    for (const [i, code] of codes.entries()) {
      const doc = (await explanations.insertAsync(
        legacyExplanation(account._id, code, new Date(Date.UTC(2026, 0, 3, 0, 0, i))),
      )) as { _id: string };
      ids.push(doc._id);
    }
    // A deletion is a `$$deleted` line.
    const removed = (await explanations.insertAsync(
      legacyExplanation(account._id, 'removed', new Date()),
    )) as {
      _id: string;
    };
    await explanations.removeAsync({ _id: removed._id }, {});
    return { accountId: account._id, otherId: other._id, keyId: key._id, ids };
  }

  it('imports accounts, keys and explanations once, keeping ids, and moves the NeDB files to a backup', async () => {
    const written = await writeNedbFolder(['x = 1', 'y = 2', 'z = 3']);
    const store = await createEmbeddedStore({ dataDir });
    try {
      assert.deepEqual(await store.findAccountById(written.accountId), {
        id: written.accountId,
        email: 'old@example.test',
        plan: 'pro',
        passwordHash: null,
        createdAt: new Date(Date.UTC(2026, 0, 1)),
      });
      assert.equal((await store.findAccountById(written.otherId))?.plan, 'enterprise', 'the later line wins');
      const [key] = await store.findApiKeysByPrefix('cex_OLDOLDOL');
      assert.deepEqual([key?.id, key?.name, key?.revokedAt], [written.keyId, 'laptop', null]);
      const page = await store.listExplanations(written.accountId, {}, { skip: 0, limit: 10 });
      assert.equal(page.total, 3, 'the deleted one stays deleted');
      assert.deepEqual(
        page.items.map((i) => [i.id, i.codePreview]),
        [
          [written.ids[2], 'z = 3'],
          [written.ids[1], 'y = 2'],
          [written.ids[0], 'x = 1'],
        ],
      );
      const full = await store.getExplanation(written.accountId, written.ids[0]!);
      assert.deepEqual(full, {
        ...sampleExplanation({ code: 'x = 1', createdAt: new Date(Date.UTC(2026, 0, 3, 0, 0, 0)) }),
        id: written.ids[0],
        accountId: written.accountId,
      });
    } finally {
      await store.close();
    }
    const files = await readdir(dataDir);
    assert.ok(
      !files.includes('accounts.db') && !files.includes('explanations.db'),
      `NeDB files left: ${files}`,
    );
    const backup = files.find((f) => f.startsWith('nedb-backup-'));
    assert.ok(backup, `no backup folder in ${files}`);
    assert.deepEqual((await readdir(join(dataDir, backup))).sort(), [
      'accounts.db',
      'api-keys.db',
      'explanations.db',
    ]);

    // A second start imports nothing again.
    const again = await createEmbeddedStore({ dataDir });
    try {
      assert.equal((await again.listExplanations(written.accountId, {}, { skip: 0, limit: 10 })).total, 3);
    } finally {
      await again.close();
    }
  });

  it('recovers records with U+2028, U+2029 and U+0085, which NeDB itself loses on reading its file', async () => {
    const awkward = ['a\u2028b', 'c\u2029d', 'e\u0085f', 'plain'];
    const written = await writeNedbFolder(awkward);
    const raw = await readFile(join(dataDir, 'explanations.db'), 'utf8');
    assert.ok(raw.includes('\u2028') && raw.includes('\u0085'), 'NeDB wrote them raw');

    // The defect: NeDB's own loader splits lines on them (a copy, since loading rewrites the file).
    const copyDir = await mkdtemp(join(tmpdir(), 'cex-nedb-copy-'));
    try {
      await writeFile(join(copyDir, 'explanations.db'), raw);
      const reloaded = new Datastore({
        filename: join(copyDir, 'explanations.db'),
        corruptAlertThreshold: 1,
      });
      await reloaded.loadDatabaseAsync();
      const nedbSees = await reloaded.countAsync({});
      assert.equal(nedbSees, 1, 'NeDB reads back only the plain record');
    } finally {
      await rm(copyDir, { recursive: true, force: true });
    }

    const store = await createEmbeddedStore({ dataDir });
    try {
      const page = await store.listExplanations(written.accountId, {}, { skip: 0, limit: 10 });
      assert.equal(page.total, awkward.length);
      const codes = await Promise.all(
        written.ids.map(async (id) => (await store.getExplanation(written.accountId, id))?.code),
      );
      assert.deepEqual(codes, awkward);
    } finally {
      await store.close();
    }
  });

  it('skips (and counts) lines that are not JSON, keeping the rest', () => {
    const parsed = parseNedbFile(
      [
        '{"_id":"a1","email":"a@x.test","plan":"pro","createdAt":{"$$date":1}}',
        'not json at all',
        '{"$$indexCreated":{"fieldName":"email","unique":true}}',
        '{"_id":"b2","email":"b@x.test","plan":"free","createdAt":{"$$date":2}}',
        '{"$$deleted":true,"_id":"b2"}',
        '',
      ].join('\n'),
    );
    assert.equal(parsed.unreadable, 1);
    assert.deepEqual(parsed.docs, [{ _id: 'a1', email: 'a@x.test', plan: 'pro', createdAt: new Date(1) }]);
  });

  it('imports what it can from a file NeDB refuses to load', async () => {
    await writeFile(
      join(dataDir, 'accounts.db'),
      [
        '{"_id":"good1","email":"good@x.test","plan":"pro","createdAt":{"$$date":5}}',
        '{"_id":"bad1","email":"bad@x.test","plan":"gold","createdAt":{"$$date":6}}',
        '{broken',
      ].join('\n') + '\n',
    );
    const store = await createEmbeddedStore({ dataDir });
    try {
      assert.equal((await store.findAccountById('good1'))?.email, 'good@x.test');
      assert.equal(
        await store.findAccountById('bad1'),
        null,
        'a document without a valid plan is not imported',
      );
    } finally {
      await store.close();
    }
    const backup = (await readdir(dataDir)).find((f) => f.startsWith('nedb-backup-'))!;
    assert.match(
      await readFile(join(dataDir, backup, 'accounts.db'), 'utf8'),
      /bad1/,
      'the original is kept whole',
    );
  });
});
