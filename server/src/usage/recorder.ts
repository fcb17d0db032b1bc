/**
 * Collects per-request counts in memory and adds them to the store in
 * batches: one atomic increment per (account, key, hour, route) bucket every
 * `flushIntervalMs` (1 s), however many requests it counted, instead of a
 * write per request.
 *
 * - Nothing acknowledged is lost on a graceful shutdown: a request is
 *   recorded before its response is sent, and main.ts closes the recorder
 *   (a last flush, retried briefly) after in-flight requests have finished and
 *   before the store closes. A process killed outright loses at most the last
 *   interval's counts.
 * - Bounded: past `flushAtEntries` buckets a flush starts at once; while the
 *   store is away, counts are kept and retried each interval, up to
 *   `maxEntries` buckets, beyond which new buckets are dropped (logged once
 *   per outage, with how many requests).
 * - A failed flush puts its counts back. A flush that timed out may still
 *   have been applied by the database, so in that rare case a retry can count
 *   those requests twice; nothing is counted less.
 */
import type { Logger } from '../logging.js';
import type { Store, UsageIncrement } from '../store/types.js';
import { addCounters, countersOf, hourOf, requestsIn, type UsageSample } from './counters.js';

export interface UsageRecorder {
  /** Counts one request (synchronous: never waits on the store). */
  record(sample: UsageSample): void;
  /** Writes what was recorded until now; rejects if the store did not take it (the counts are kept). */
  flush(): Promise<void>;
  /** Buckets waiting to be written. */
  pending(): number;
  /** A last flush (retried while `closeRetryMs` lasts), then no more timers. */
  close(): Promise<void>;
}

export interface UsageRecorderOptions {
  readonly store: Pick<Store, 'addUsage'>;
  readonly logger?: Logger;
  readonly flushIntervalMs?: number;
  readonly flushAtEntries?: number;
  readonly maxEntries?: number;
  /** How long close() keeps retrying a failing last flush. */
  readonly closeRetryMs?: number;
}

export const DEFAULT_USAGE_FLUSH_MS = 1000;

interface Entry {
  readonly accountId: string;
  readonly keyId: string;
  readonly hour: number;
  readonly route: string;
  readonly counters: Record<string, number>;
}

const keyOf = (e: { accountId: string; keyId: string; hour: number; route: string }) =>
  JSON.stringify([e.accountId, e.keyId, e.hour, e.route]);

export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { store, logger } = options;
  const flushAtEntries = options.flushAtEntries ?? 5_000;
  const maxEntries = options.maxEntries ?? 100_000;
  const closeRetryMs = options.closeRetryMs ?? 5_000;
  let buffer = new Map<string, Entry>();
  let chain: Promise<void> = Promise.resolve();
  let droppedRequests = 0;
  let closed = false;

  const timer = setInterval(() => {
    if (buffer.size > 0) flush().catch(() => undefined);
  }, options.flushIntervalMs ?? DEFAULT_USAGE_FLUSH_MS);
  timer.unref();

  function merge(entry: Entry): boolean {
    const key = keyOf(entry);
    const existing = buffer.get(key);
    if (existing) {
      addCounters(existing.counters, entry.counters);
      return true;
    }
    if (buffer.size >= maxEntries) return false;
    buffer.set(key, entry);
    return true;
  }

  async function writeOnce(): Promise<void> {
    if (buffer.size === 0) return;
    const taken = buffer;
    buffer = new Map();
    const increments: UsageIncrement[] = [...taken.values()].map((e) => ({
      accountId: e.accountId,
      keyId: e.keyId,
      hour: new Date(e.hour),
      route: e.route,
      counters: e.counters,
    }));
    try {
      await store.addUsage(increments);
      if (droppedRequests > 0) {
        logger?.warn({ droppedRequests }, 'usage: counts are written again; some requests were not counted');
        droppedRequests = 0;
      }
    } catch (error) {
      // Put the counts back, merging with what arrived meanwhile.
      const current = buffer;
      buffer = taken;
      for (const entry of current.values()) {
        if (!merge(entry)) droppedRequests += requestsIn(entry.counters);
      }
      throw error;
    }
  }

  function flush(): Promise<void> {
    // One write at a time; a flush asked for during a write runs after it, so it covers what came before it.
    const next = chain.then(writeOnce);
    chain = next.catch(() => undefined);
    return next;
  }

  return {
    record(sample) {
      const entry: Entry = {
        accountId: sample.accountId,
        keyId: sample.keyId,
        hour: hourOf(sample.at),
        route: sample.route,
        counters: countersOf(sample),
      };
      if (!merge(entry)) {
        if (droppedRequests === 0) {
          logger?.error(
            { maxEntries },
            'usage: the store is not taking counts and the buffer is full; requests are not being counted',
          );
        }
        droppedRequests += 1;
        return;
      }
      if (!closed && buffer.size >= flushAtEntries) flush().catch(() => undefined);
    },
    flush,
    pending: () => buffer.size,
    async close() {
      closed = true;
      clearInterval(timer);
      const deadline = Date.now() + closeRetryMs;
      for (;;) {
        try {
          await flush();
          return;
        } catch (error) {
          if (Date.now() >= deadline) {
            const lost = [...buffer.values()].reduce((sum, e) => sum + requestsIn(e.counters), 0);
            logger?.error({ err: error, lostRequests: lost }, 'usage: the last counts could not be written');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
  };
}
