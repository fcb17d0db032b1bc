/**
 * Usage counts on MongoDB: one document per (account, key, hour, route),
 * its `_id` made of those four, counters under `c`, added to with `$inc`
 * upserts (one unordered bulk write per batch). `$inc` is atomic on the
 * server, so several instances adding to one bucket never lose an increment.
 * Two upserts that create the same bucket at once can collide on `_id` (one
 * gets a duplicate-key error); only those operations are sent again, and
 * they then find the document and add to it.
 *
 * Retention: a TTL index on `hour` deletes buckets USAGE_RETENTION_DAYS
 * after their hour; for servers without TTL indexes (FerretDB 1.x refuses
 * the option) the same deletion also runs after a write, at most once an
 * hour.
 */
import { USAGE_RETENTION_DAYS } from '@code-explain/shared';
import { mongo, type Connection } from 'mongoose';
import type { UsageIncrement, UsageRange, UsageRow } from './types.js';

export const USAGE_COLLECTION = 'usage';

interface UsageDoc {
  _id: string;
  accountId: string;
  keyId: string;
  hour: Date;
  route: string;
  c?: Record<string, number>;
}

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const COUNTER_NAME = /^[A-Za-z0-9_]+$/;
/** Rounds of re-sending operations that collided with a concurrent upsert. */
const COLLISION_ROUNDS = 5;

export interface MongoUsage {
  add(increments: readonly UsageIncrement[], now: number): Promise<void>;
  read(accountId: string, range: UsageRange): Promise<UsageRow[]>;
}

function operationOf(inc: UsageIncrement): mongo.AnyBulkWriteOperation<UsageDoc> {
  const $inc: Record<string, number> = {};
  for (const [name, n] of Object.entries(inc.counters)) {
    // Names come from usage/counters.ts; anything else must never become a field path.
    if (!COUNTER_NAME.test(name)) throw new Error(`invalid usage counter name ${JSON.stringify(name)}`);
    $inc[`c.${name}`] = Math.trunc(n);
  }
  const accountId = String(inc.accountId);
  const keyId = String(inc.keyId);
  const route = String(inc.route);
  return {
    updateOne: {
      filter: { _id: JSON.stringify([accountId, keyId, inc.hour.getTime(), route]) },
      update: { $inc, $setOnInsert: { accountId, keyId, hour: inc.hour, route } },
      upsert: true,
    },
  };
}

function isBulkWriteError(error: unknown): error is mongo.MongoBulkWriteError {
  return error instanceof mongo.MongoBulkWriteError;
}

/** Creates the indexes (the TTL one where the server has them) and returns the usage operations. */
export async function openMongoUsage(connection: Connection): Promise<MongoUsage> {
  const db = connection.db;
  if (!db) throw new Error('the MongoDB connection is not open');
  const collection = db.collection<UsageDoc>(USAGE_COLLECTION);
  await collection.createIndex({ accountId: 1, hour: 1 });
  await collection.createIndex({ accountId: 1, keyId: 1, hour: 1 });
  try {
    await collection.createIndex({ hour: 1 }, { expireAfterSeconds: USAGE_RETENTION_DAYS * 86_400 });
  } catch {
    // No TTL indexes here: the periodic deletion below does the work; the index still serves it.
    await collection.createIndex({ hour: 1 });
  }
  let prunedAt = -Infinity;

  async function write(operations: mongo.AnyBulkWriteOperation<UsageDoc>[]): Promise<void> {
    let pending = operations;
    for (let round = 0; ; round++) {
      try {
        await collection.bulkWrite(pending, { ordered: false });
        return;
      } catch (error) {
        // Operations the error does not name were applied; re-send only the colliding upserts.
        if (!isBulkWriteError(error) || round >= COLLISION_ROUNDS) throw error;
        const failed = error.writeErrors;
        const list = Array.isArray(failed) ? failed : [failed];
        if (list.length === 0 || list.some((e) => e.code !== 11000)) throw error;
        pending = list.map((e) => pending[e.index]!);
      }
    }
  }

  return {
    async add(increments, now) {
      if (increments.length > 0) await write(increments.map(operationOf));
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        await collection.deleteMany({ hour: { $lt: new Date(now - USAGE_RETENTION_DAYS * DAY_MS) } });
      }
    },
    async read(accountId, range) {
      const filter = {
        accountId: String(accountId),
        hour: { $gte: range.from, $lt: range.to },
        ...(range.keyId !== undefined ? { keyId: String(range.keyId) } : {}),
      };
      const docs = await collection.find(filter, { projection: { hour: 1, route: 1, c: 1 } }).toArray();
      return docs.map((doc) => ({ hour: doc.hour, route: doc.route, counters: doc.c ?? {} }));
    },
  };
}
