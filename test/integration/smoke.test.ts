// Proves the real test stack: mongoose against the MongoDB-wire server and
// ioredis against Redis, both as provided by test/services/with-services.ts.
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import mongoose, { Schema, type Connection } from 'mongoose';
import { serviceUrls, testNamespace } from '../support/environment.js';

describe('real services (smoke)', () => {
  const { redisUrl, mongoUri } = serviceUrls();
  const ns = testNamespace('smoke');

  describe('MongoDB through mongoose', () => {
    let connection: Connection;

    before(async () => {
      connection = await mongoose
        .createConnection(mongoUri, { dbName: ns.dbName, serverSelectionTimeoutMS: 5000 })
        .asPromise();
    });

    after(async () => {
      await connection?.dropDatabase();
      await connection?.close();
    });

    it('creates an index, inserts, finds with sort/skip/limit and counts', async () => {
      const Note = connection.model(
        'Note',
        new Schema({
          owner: { type: String, required: true },
          rank: { type: Number, required: true },
          createdAt: { type: Date, required: true },
        }).index({ owner: 1, createdAt: -1 }),
      );
      await Note.createIndexes();
      const indexes = await Note.collection.indexes();
      assert.ok(
        indexes.some((i) => JSON.stringify(i.key) === JSON.stringify({ owner: 1, createdAt: -1 })),
        `index missing: ${JSON.stringify(indexes)}`,
      );

      const base = Date.UTC(2026, 0, 1);
      await Note.insertMany([
        ...Array.from({ length: 25 }, (_, i) => ({
          owner: 'a',
          rank: i,
          createdAt: new Date(base + i * 1000),
        })),
        ...Array.from({ length: 5 }, (_, i) => ({
          owner: 'b',
          rank: i,
          createdAt: new Date(base + i * 1000),
        })),
      ]);

      const page = await Note.find({ owner: 'a' }).sort({ createdAt: -1 }).skip(10).limit(10).lean();
      assert.deepEqual(
        page.map((n) => n.rank),
        [14, 13, 12, 11, 10, 9, 8, 7, 6, 5],
      );
      assert.equal(await Note.countDocuments({ owner: 'a' }), 25);
      assert.equal(await Note.countDocuments({ owner: 'b' }), 5);
      assert.equal(await Note.countDocuments({}), 30);
    });
  });

  describe('Redis through ioredis', () => {
    let redis: Redis;

    before(() => {
      redis = new Redis(redisUrl, { keyPrefix: ns.keyPrefix, maxRetriesPerRequest: 1, lazyConnect: true });
      return redis.connect();
    });

    after(async () => {
      await redis?.del('counter');
      redis?.disconnect();
    });

    it('counts atomically with INCR and EXPIRE in one transaction', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => redis.multi().incr('counter').expire('counter', 60).exec()),
      );
      const counts = results.map((r) => r?.[0]?.[1]).sort((x, y) => Number(x) - Number(y));
      assert.deepEqual(
        counts,
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      const ttl = await redis.ttl('counter');
      assert.ok(ttl > 0 && ttl <= 60, `ttl ${ttl}`);
      // The prefix is applied: the raw key carries this run's namespace.
      const raw = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        assert.equal(await raw.get(`${ns.keyPrefix}counter`), '20');
      } finally {
        raw.disconnect();
      }
    });
  });
});
