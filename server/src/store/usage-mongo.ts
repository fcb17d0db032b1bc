/**
 * Usage counts on MongoDB: documents per (writer, account, key, hour,
 * route), counters under `c`, added to with `$inc` upserts, one bulk write
 * per batch; a read sums the documents of every writer.
 *
 * A writer is one store instance (one app process): it gets a random id when
 * it opens and sends its batches one after another, so no two updates of one
 * document ever run at once. MongoDB applies `$inc` atomically anyway, but
 * FerretDB (and DocumentDB under it) applies concurrent updates of one
 * document as read-modify-write and loses some of them (documentdb issue
 * 295; the test suite's FerretDB lost 37 of 40); with one writer per
 * document the counts are exact on both, across any number of instances.
 * The cost is a document per instance and bucket instead of per bucket.
 *
 * Retention: a TTL index on `hour` deletes buckets USAGE_RETENTION_DAYS
 * after their hour; for servers without TTL indexes the same deletion also
 * runs after a write, at most once an hour.
 */
import { USAGE_RETENTION_DAYS } from '@code-explain/shared';
import { mongo, type Connection } from 'mongoose';
import type { UsageIncrement, UsageRange, UsageRow } from './types.js';

export const USAGE_COLLECTION = 'usage';

interface UsageDoc {
  _id: string;
  writer: string;
  accountId: string;
  keyId: string;
  hour: Date;
  route: string;
  c?: Record<string, number>;
}

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const COUNTER_NAME = /^[A-Za-z0-9_]+$/;

export interface MongoUsage {
  add(increments: readonly UsageIncrement[], now: number): Promise<void>;
  read(accountId: string, range: UsageRange): Promise<UsageRow[]>;
}

function operationOf(writer: string, inc: UsageIncrement): mongo.AnyBulkWriteOperation<UsageDoc> {
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
      filter: { _id: JSON.stringify([writer, accountId, keyId, inc.hour.getTime(), route]) },
      update: { $inc, $setOnInsert: { writer, accountId, keyId, hour: inc.hour, route } },
      upsert: true,
    },
  };
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

  const writer = new mongo.ObjectId().toHexString();
  // This writer's batches, one at a time (see the top of this file).
  let queue: Promise<unknown> = Promise.resolve();

  return {
    add(increments, now) {
      const run = async () => {
        if (increments.length > 0) {
          await collection.bulkWrite(
            increments.map((inc) => operationOf(writer, inc)),
            { ordered: false },
          );
        }
        if (now - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = now;
          await collection.deleteMany({ hour: { $lt: new Date(now - USAGE_RETENTION_DAYS * DAY_MS) } });
        }
      };
      const done = queue.then(run);
      queue = done.catch(() => undefined);
      return done;
    },
    async read(accountId, range) {
      const filter = {
        accountId: String(accountId),
        hour: { $gte: range.from, $lt: range.to },
        ...(range.keyId !== undefined ? { keyId: String(range.keyId) } : {}),
      };
      const docs = await collection
        .find(filter, { projection: { hour: 1, keyId: 1, route: 1, c: 1 } })
        .toArray();
      return docs.map((doc) => ({
        hour: doc.hour,
        keyId: doc.keyId,
        route: doc.route,
        counters: doc.c ?? {},
      }));
    },
  };
}
