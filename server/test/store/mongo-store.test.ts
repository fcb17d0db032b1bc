import assert from 'node:assert/strict';
import mongoose from 'mongoose';
import { createMongoStore, databaseNameOf } from '../../src/store/mongo.js';
import { dropDatabase } from '../http/support/harness.js';
import { serviceUrls, testNamespace } from '../http/support/environment.js';
import { describeStoreContract } from './contract.js';

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

describe('MongoDB store specifics', function () {
  this.timeout(30_000);

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
        { accountId: 1, createdAt: -1, _id: -1 },
        { accountId: 1, language: 1, createdAt: -1, _id: -1 },
        { accountId: 1, mode: 1, createdAt: -1, _id: -1 },
        { accountId: 1, language: 1, mode: 1, createdAt: -1, _id: -1 },
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
    } finally {
      await connection.close();
      await store.close();
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
