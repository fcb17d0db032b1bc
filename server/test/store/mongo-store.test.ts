import assert from 'node:assert/strict';
import { USAGE_RETENTION_DAYS } from '@code-explain/shared';
import mongoose from 'mongoose';
import { createMongoStore, databaseNameOf } from '../../src/store/mongo.js';
import { dropDatabase, waitFor } from '../http/support/harness.js';
import { serviceUrls, testNamespace } from '../http/support/environment.js';
import { describeAwkwardCharacters, describeStoreContract, sampleExplanation } from './contract.js';
import { startHoldingProxy, type HoldingProxy } from './support/holding-proxy.js';
import { describeUsageContract } from './usage-contract.js';

describeStoreContract('MongoDB (mongoose on FerretDB)', async () => {
  const { mongoUri } = serviceUrls();
  const { dbName } = testNamespace('storecontract');
  const store = await createMongoStore({ uri: mongoUri, dbName });
  return {
    store,
    async dispose() {
      await store.close();
      await dropDatabase(mongoUri, dbName);
    },
  };
});

describeAwkwardCharacters('MongoDB (mongoose on FerretDB)', async () => {
  const { mongoUri } = serviceUrls();
  const { dbName } = testNamespace('storeawkward');
  return {
    open: () => createMongoStore({ uri: mongoUri, dbName }),
    dispose: () => dropDatabase(mongoUri, dbName),
  };
});

describeUsageContract('MongoDB (mongoose on FerretDB)', async () => {
  const { mongoUri } = serviceUrls();
  const { dbName } = testNamespace('storeusage');
  return {
    open: () => createMongoStore({ uri: mongoUri, dbName }),
    dispose: () => dropDatabase(mongoUri, dbName),
  };
});

/**
 * A store that reaches FerretDB through a holding proxy, its opening sweep
 * finished; afterwards everything is released, closed and dropped.
 */
async function withHeldStore(
  label: string,
  body: (store: HeldStore, proxy: HoldingProxy) => Promise<void>,
  options: { undoStepTimeoutMs?: number } = {},
): Promise<void> {
  const { mongoUri } = serviceUrls();
  const { dbName } = testNamespace(label);
  const proxy = await startHoldingProxy(mongoUri);
  const store = await createMongoStore({ uri: proxy.uri, dbName, ...options });
  try {
    await (store as unknown as { swept: Promise<number> }).swept;
    await body(store, proxy);
  } finally {
    proxy.release();
    await store.close();
    await proxy.close();
    await dropDatabase(mongoUri, dbName);
  }
}

/** A save its caller gives up on while its writes are in flight: its id waits to be undone. */
async function abandonSave(store: HeldStore, accountId: string): Promise<void> {
  const controller = new AbortController();
  const saving = store.saveExplanation(accountId, sampleExplanation(), { signal: controller.signal });
  controller.abort();
  await assert.rejects(saving, /ended before its save/);
}

type HeldStore = Awaited<ReturnType<typeof createMongoStore>>;

describe('MongoDB store specifics', function () {
  this.timeout(30_000);

  it('builds the list counters of a database from before them, from several instances starting at once', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('storecounters');
    const first = await createMongoStore({ uri: mongoUri, dbName });
    const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
    try {
      for (const [language, mode] of [
        ['python', 'quick'],
        ['python', 'detailed'],
        ['go', 'quick'],
      ] as const)
        await first.saveExplanation('counted', sampleExplanation({ language, mode }));
      await first.close();
      // As a database written before the counters existed.
      await connection.collection('explanation_counts').deleteMany({});
      const stores = await Promise.all([1, 2, 3].map(() => createMongoStore({ uri: mongoUri, dbName })));
      try {
        for (const store of stores) {
          const total = async (filter: Parameters<typeof store.listExplanations>[1]) =>
            (await store.listExplanations('counted', filter, { skip: 0, limit: 1 })).total;
          assert.equal(await total({}), 3);
          assert.equal(await total({ language: 'python' }), 2);
          assert.equal(await total({ mode: 'quick' }), 2);
          assert.equal(await total({ language: 'go', mode: 'quick' }), 1);
          assert.equal(await total({ language: 'go', mode: 'detailed' }), 0);
        }
        // Saves and deletes keep them from then on: at once on the instance that
        // made them (its list waits for its own counter updates), soon on the others.
        const totals = () =>
          Promise.all(
            stores.map(
              async (store) => (await store.listExplanations('counted', {}, { skip: 0, limit: 1 })).total,
            ),
          );
        const saved = await stores[0]!.saveExplanation('counted', sampleExplanation({ language: 'go' }));
        assert.equal((await stores[0]!.listExplanations('counted', {}, { skip: 0, limit: 1 })).total, 4);
        await waitFor('every instance to count the save', async () => (await totals()).every((t) => t === 4));
        assert.ok(await stores[2]!.deleteExplanation('counted', saved.id));
        assert.equal((await stores[2]!.listExplanations('counted', {}, { skip: 0, limit: 1 })).total, 3);
        await waitFor('every instance to count the delete', async () =>
          (await totals()).every((t) => t === 3),
        );
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    } finally {
      await connection.close();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('creates the indexes the list query and key lookups use', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('storeindexes');
    const store = await createMongoStore({ uri: mongoUri, dbName });
    const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
    try {
      const keysOf = async (collection: string) =>
        (await connection.collection(collection).indexes()).map((i) => JSON.stringify(i.key));
      const explanations = await keysOf('explanations');
      for (const key of [
        { accountId: 1, state: 1, createdAt: -1, _id: -1 },
        { accountId: 1, state: 1, language: 1, createdAt: -1, _id: -1 },
        { accountId: 1, state: 1, mode: 1, createdAt: -1, _id: -1 },
        { accountId: 1, state: 1, language: 1, mode: 1, createdAt: -1, _id: -1 },
      ]) {
        assert.ok(
          explanations.includes(JSON.stringify(key)),
          `missing ${JSON.stringify(key)} in ${explanations}`,
        );
      }
      assert.ok((await keysOf('api_keys')).includes(JSON.stringify({ prefix: 1 })), 'the key prefix index');
      const accountIndexes = await connection.collection('accounts').indexes();
      assert.ok(
        accountIndexes.some((i) => JSON.stringify(i.key) === '{"email":1}' && i.unique === true),
        'the unique email index',
      );
      const usage = await keysOf('usage');
      for (const key of [{ accountId: 1, hour: 1 }, { accountId: 1, keyId: 1, hour: 1 }, { hour: 1 }]) {
        assert.ok(usage.includes(JSON.stringify(key)), `missing ${JSON.stringify(key)} in ${usage}`);
      }
      const byHour = (await connection.collection('usage').indexes()).find(
        (i) => JSON.stringify(i.key) === '{"hour":1}',
      );
      // MongoDB keeps the TTL; FerretDB 1.x has none (the store's hourly deletion, in the contract, covers it).
      if (byHour?.expireAfterSeconds !== undefined) {
        assert.equal(byHour.expireAfterSeconds, USAGE_RETENTION_DAYS * 86_400);
      }
    } finally {
      await connection.close();
      await store.close();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('reads documents an older version wrote (every field at top level) and lists them', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('storelegacy');
    const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
    try {
      const legacy = {
        ...sampleExplanation({ code: 'old = 1\nolder = 2' }),
        createdAt: new Date(Date.UTC(2026, 0, 1)),
      };
      const { insertedId } = await connection
        .collection('explanations')
        .insertOne({ ...legacy, accountId: 'legacy-owner', focus: [...legacy.focus] });
      const store = await createMongoStore({ uri: mongoUri, dbName });
      try {
        const id = insertedId.toHexString();
        assert.deepEqual(await store.getExplanation('legacy-owner', id), {
          ...legacy,
          id,
          accountId: 'legacy-owner',
        });
        const page = await store.listExplanations('legacy-owner', {}, { skip: 0, limit: 10 });
        assert.equal(page.total, 1);
        assert.deepEqual(
          [
            page.items[0]?.id,
            page.items[0]?.codePreview,
            page.items[0]?.codeLines,
            page.items[0]?.suggestionCount,
          ],
          [id, 'old = 1\nolder = 2', 2, 2],
        );
        assert.equal(await store.deleteExplanation('legacy-owner', id), true);
      } finally {
        await store.close();
      }
    } finally {
      await connection.close();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('never shows a save whose caller gave up, even if its writes land', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('storeabandon');
    const store = await createMongoStore({ uri: mongoUri, dbName });
    try {
      // Given up before it started: nothing is written.
      await assert.rejects(
        store.saveExplanation('quitter', sampleExplanation(), { signal: AbortSignal.abort() }),
        /ended before its save/,
      );
      // Given up while its writes are in flight: they land, and the document is removed at the next ping.
      await abandonSave(store, 'quitter');
      assert.equal(await store.ping(), true, 'ping undoes the abandoned save');
      assert.equal((await store.listExplanations('quitter', {}, { skip: 0, limit: 10 })).total, 0);
      const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
      try {
        const left = await connection
          .collection('explanations')
          .countDocuments({ accountId: 'quitter', state: 'saved' });
        assert.equal(left, 0, 'no saved document is left behind');
      } finally {
        await connection.close();
      }
      // A save that completes is confirmed and listed.
      const kept = await store.saveExplanation('quitter', sampleExplanation(), {
        signal: new AbortController().signal,
      });
      assert.deepEqual(
        (await store.listExplanations('quitter', {}, { skip: 0, limit: 10 })).items.map((i) => i.id),
        [kept.id],
      );
    } finally {
      await store.close();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('undoes abandoned saves once, however many pings come while a slow database works through them', async () => {
    await withHeldStore('storeundoonce', async (store, proxy) => {
      // Every record delete the database is sent is counted; the first is held, as a slow database would.
      let deletes = 0;
      proxy.hold((command) => {
        if (command['delete'] !== 'explanations') return false;
        deletes++;
        return true;
      });
      // Each abandoned save starts the undo at once, in the background; the second joins the first's.
      for (let i = 0; i < 2; i++) await abandonSave(store, 'quitter');
      await waitFor('the first delete to be held', async () => proxy.held >= 1);
      const undo = store as unknown as { pendingUndo: number };
      assert.equal(undo.pendingUndo, 2);
      // As the guard's probe does: a ping, given up on, then another, and another.
      const pings = [store.ping(), store.ping(), store.ping()];
      // Round trips of their own (a ping's is one) give the later pings time to send their own deletes.
      for (let i = 0; i < 3; i++) await store.listExplanations('quitter', {}, { skip: 0, limit: 1 });
      assert.equal(deletes, 1, 'the later pings join the undo under way instead of repeating its deletes');
      proxy.release();
      assert.deepEqual(await Promise.all(pings), [true, true, true]);
      assert.equal(undo.pendingUndo, 0);
      assert.equal((await store.listExplanations('quitter', {}, { skip: 0, limit: 10 })).total, 0);
    });
  });

  it('starts the undo again at a later ping when one of its deletes is never answered', async () => {
    await withHeldStore(
      'storeundostuck',
      async (store, proxy) => {
        let deletes = 0;
        proxy.hold((command) => {
          if (command['delete'] !== 'explanations') return false;
          deletes++;
          return true;
        });
        // The undo starts with the abandoned save; its delete is held for good: past the step's limit the
        // run ends, and a ping that joined it says no.
        await abandonSave(store, 'quitter');
        await waitFor('the first delete', async () => deletes === 1);
        assert.equal(await store.ping(), false);
        // The next ping does not join that run: it sends the delete again (held too, on another connection).
        const next = store.ping();
        await waitFor('the delete sent again', async () => deletes >= 2);
        proxy.release();
        await next;
        await waitFor('a ping that finds nothing left to undo', () => store.ping());
        assert.equal((store as unknown as { pendingUndo: number }).pendingUndo, 0);
        assert.equal((await store.listExplanations('quitter', {}, { skip: 0, limit: 10 })).total, 0);
      },
      { undoStepTimeoutMs: 200 },
    );
  });

  it("sums an account's counter updates that come while one is in flight into one, whatever the number of saves", async () => {
    await withHeldStore('storecountsum', async (store, proxy) => {
      let updates = 0;
      proxy.hold((command) => {
        if (command['update'] !== 'explanation_counts') return false;
        updates++;
        return true;
      });
      // The first save's counter update is held, as on a database slower than the saves.
      const first = await store.saveExplanation(
        'busy',
        sampleExplanation({ language: 'python', mode: 'quick' }),
      );
      await waitFor('the first counter update to be held', async () => proxy.held === 1);
      const more = [];
      for (let i = 0; i < 20; i++)
        more.push(
          await store.saveExplanation('busy', sampleExplanation({ language: 'go', mode: 'detailed' })),
        );
      assert.equal(await store.deleteExplanation('busy', first.id), true);
      assert.equal(updates, 1, 'nothing more is sent while the first update is in flight');
      proxy.release();
      // Still counted, no longer held.
      proxy.hold((command) => {
        if (command['update'] === 'explanation_counts') updates++;
        return false;
      });
      // The list waits for this instance's updates: the first, then one sum of the 20 saves and the delete.
      const all = await store.listExplanations('busy', {}, { skip: 0, limit: 1 });
      const go = await store.listExplanations(
        'busy',
        { language: 'go', mode: 'detailed' },
        { skip: 0, limit: 1 },
      );
      const python = await store.listExplanations('busy', { language: 'python' }, { skip: 0, limit: 1 });
      assert.deepEqual([all.total, go.total, python.total], [20, 20, 0]);
      assert.equal(updates, 2, 'the 20 saves and the delete after the first update are sent as one');
    });
  });

  it('leaves a save under way alone when sweeping unfinished saves, however old a time its caller gave it', async () => {
    await withHeldStore('storesweepbusy', async (store, proxy) => {
      const sweeping = store as unknown as { sweepPending(): Promise<number> };
      // The save's confirmation is held, so its record stays pending, dated (as an import may date it) days ago.
      proxy.hold((command) => command['update'] === 'explanations');
      const createdAt = new Date(Date.now() - 3 * 86_400_000);
      const saving = store.saveExplanation('importer', sampleExplanation({ createdAt }));
      await waitFor('the confirmation to be held', async () => proxy.held === 1);
      assert.equal(await sweeping.sweepPending(), 0, 'the sweep removes nothing');
      proxy.release();
      const saved = await saving;
      const page = await store.listExplanations('importer', {}, { skip: 0, limit: 10 });
      assert.deepEqual(
        page.items.map((item) => item.id),
        [saved.id],
      );
    });
  });

  it('answers a save and a delete once they have happened, though the counter update after them never returns', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('storecounterhang');
    const proxy = await startHoldingProxy(mongoUri);
    const store = await createMongoStore({ uri: proxy.uri, dbName });
    const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
    try {
      // As if the database froze just after the save's confirmation: the caller
      // must get its answer, or it times out into a 503 for a record that stays saved.
      // The sweep after opening writes its marker there too; let it finish first.
      await (store as unknown as { swept: Promise<number> }).swept;
      proxy.hold((command) => command['update'] === 'explanation_counts');
      const saved = await store.saveExplanation('frozen', sampleExplanation());
      await waitFor('the counter update to be held', async () => proxy.held === 1);
      const doc = await connection
        .collection('explanations')
        .findOne({ _id: new mongoose.Types.ObjectId(saved.id) });
      assert.equal(doc?.['state'], 'saved');

      assert.equal(await store.deleteExplanation('frozen', saved.id), true);
      assert.equal(
        await connection.collection('explanations').countDocuments({ accountId: 'frozen' }),
        0,
        'the delete happened',
      );

      proxy.release();
      // The list waits for this instance's counter updates, so its total agrees.
      const page = await store.listExplanations('frozen', {}, { skip: 0, limit: 10 });
      assert.deepEqual([page.items.length, page.total], [0, 0]);
      const again = await store.saveExplanation('frozen', sampleExplanation());
      const after = await store.listExplanations('frozen', {}, { skip: 0, limit: 10 });
      assert.deepEqual([after.items.map((i) => i.id), after.total], [[again.id], 1]);
    } finally {
      proxy.release();
      await connection.close();
      await store.close();
      await proxy.close();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('sweeps what unfinished saves left behind, after opening and from where the last sweep stopped', async () => {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace('storesweep');
    const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
    const records = connection.collection('explanations');
    const details = connection.collection('explanation_details');
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    type Sweeping = { swept: Promise<number>; sweepPending(now?: Date): Promise<number> };
    try {
      // The database's first sweep only sets its marker (an hour ago): an older orphan detail stays.
      const first = await createMongoStore({ uri: mongoUri, dbName });
      assert.equal(await (first as unknown as Sweeping).swept, 0);
      const [oldPending, freshPending, saved] = await Promise.all(
        [1, 2, 3].map(() => first.saveExplanation('swept', sampleExplanation())),
      );
      await first.close();
      // As saves that never completed: a process died before confirming them, two hours ago and just now.
      const idOf = (record: { id: string }) => new mongoose.Types.ObjectId(record.id);
      await records.updateOne(
        { _id: idOf(oldPending!) },
        { $set: { state: 'pending', createdAt: hoursAgo(2) } },
      );
      await details.updateOne({ _id: idOf(oldPending!) }, { $set: { createdAt: hoursAgo(2) } });
      await records.updateOne({ _id: idOf(freshPending!) }, { $set: { state: 'pending' } });
      const orphan = new mongoose.Types.ObjectId();
      const olderOrphan = new mongoose.Types.ObjectId();
      await details.insertMany([
        { _id: orphan, createdAt: hoursAgo(0.75), detail: '{}' },
        { _id: olderOrphan, createdAt: hoursAgo(3), detail: '{}' },
      ]);
      const [, fresh, kept] = [oldPending!, freshPending!, saved!].map((r) => r.id);

      const store = await createMongoStore({ uri: mongoUri, dbName });
      const sweeping = store as unknown as Sweeping;
      const left = async () =>
        [
          (await records.find({}).toArray()).map((d) => String(d._id)).sort(),
          (await details.find({}).toArray()).map((d) => String(d._id)).sort(),
        ] as const;
      // At this start: the pending record older than an hour goes, with its detail. The orphan detail is
      // younger than an hour, so not yet.
      assert.equal(await sweeping.swept, 1);
      assert.deepEqual(await left(), [
        [fresh, kept].sort(),
        [fresh, kept, String(orphan), String(olderOrphan)].sort(),
      ]);
      // Half an hour later, the orphan detail is old enough and after the marker: it goes. The one from
      // before the first sweep stays, and so does everything that belongs to a record.
      const later = new Date(Date.now() + 30 * 60_000);
      assert.equal(await sweeping.sweepPending(later), 1);
      assert.deepEqual(await left(), [[fresh, kept].sort(), [fresh, kept, String(olderOrphan)].sort()]);
      // The next sweep starts where this one stopped: nothing more.
      assert.equal(await sweeping.sweepPending(later), 0);
      assert.deepEqual(
        (await store.listExplanations('swept', {}, { skip: 0, limit: 10 })).items.map((i) => i.id),
        [kept],
      );
      await store.close();
    } finally {
      await connection.close();
      await dropDatabase(mongoUri, dbName);
    }
  });

  it('fails to open, with a clear error, when MongoDB does not answer', async () => {
    await assert.rejects(
      createMongoStore({ uri: 'mongodb://127.0.0.1:1/', dbName: 'x', serverSelectionTimeoutMS: 500 }),
      /ECONNREFUSED|connect/,
    );
  });

  it('reads the database name from the URI, with a default', () => {
    assert.equal(databaseNameOf('mongodb://h:27017/prod?replicaSet=rs0'), 'prod');
    assert.equal(databaseNameOf('mongodb+srv://u:p@cluster.example/app'), 'app');
    assert.equal(databaseNameOf('mongodb://h1:1,h2:2/'), 'code_explain');
    assert.equal(databaseNameOf('mongodb://h1:1'), 'code_explain');
  });
});
