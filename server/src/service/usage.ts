/**
 * Usage statistics for one account, as `GET /api/usage` and the dashboard
 * both read them: the store's hourly rows summed into hour or day buckets
 * (UTC), every bucket of the window listed (zeros too), plus totals.
 */
import { USAGE_BUCKET_MS, type UsageResponse, type UsageWindow } from '@code-explain/shared';
import type { Store } from '../store/types.js';
import { addCounters, requestsIn, toCounts } from '../usage/counters.js';

export interface UsageReportRequest extends UsageWindow {
  /** Only this key's requests; it must belong to the account. */
  readonly keyId?: string | undefined;
}

export interface UsageService {
  /** The account's usage in the window; `unknown_key` for a key id that is not one of the account's keys. */
  report(accountId: string, request: UsageReportRequest): Promise<UsageResponse | 'unknown_key'>;
  /**
   * Requests per key id in the window (keys with none are absent), for a
   * list of keys such as the developer settings' "requests in the last 30 days".
   */
  requestsByKey(accountId: string, window: Pick<UsageWindow, 'from' | 'to'>): Promise<Record<string, number>>;
}

export interface UsageServiceOptions {
  readonly store: Pick<Store, 'readUsage' | 'findApiKeyById'>;
  /**
   * Writes this instance's buffered counts first (usage/recorder.ts), so a
   * caller sees its own requests at once; other instances' appear within
   * their flush interval.
   */
  readonly flush?: () => Promise<void>;
}

interface Tally {
  readonly counters: Record<string, number>;
  readonly routes: Record<string, number>;
}

const emptyTally = (): Tally => ({ counters: {}, routes: {} });

export function createUsageService(options: UsageServiceOptions): UsageService {
  const { store } = options;
  return {
    async report(accountId, request) {
      if (request.keyId !== undefined) {
        const key = await store.findApiKeyById(request.keyId);
        // Another account's key reads exactly like a key that does not exist.
        if (!key || key.accountId !== accountId) return 'unknown_key';
      }
      // A flush that fails (store away) leaves the counts buffered; the read below then fails the same way.
      await options.flush?.().catch(() => undefined);
      const rows = await store.readUsage(accountId, {
        from: request.from,
        to: request.to,
        keyId: request.keyId,
      });

      const size = USAGE_BUCKET_MS[request.granularity];
      const from = request.from.getTime();
      const count = Math.round((request.to.getTime() - from) / size);
      const buckets = Array.from({ length: count }, emptyTally);
      const totals = emptyTally();
      for (const row of rows) {
        const index = Math.floor((row.hour.getTime() - from) / size);
        const bucket = buckets[index];
        if (bucket === undefined) continue;
        const requests = requestsIn(row.counters);
        for (const tally of [bucket, totals]) {
          addCounters(tally.counters, row.counters);
          tally.routes[row.route] = (tally.routes[row.route] ?? 0) + requests;
        }
      }
      return {
        granularity: request.granularity,
        from: request.from.toISOString(),
        to: request.to.toISOString(),
        keyId: request.keyId ?? null,
        buckets: buckets.map((tally, i) => ({
          start: new Date(from + i * size).toISOString(),
          ...toCounts(tally.counters, tally.routes),
        })),
        totals: toCounts(totals.counters, totals.routes),
      };
    },

    async requestsByKey(accountId, window) {
      await options.flush?.().catch(() => undefined);
      const perKey: Record<string, number> = {};
      for (const row of await store.readUsage(accountId, { from: window.from, to: window.to })) {
        perKey[row.keyId] = (perKey[row.keyId] ?? 0) + requestsIn(row.counters);
      }
      return perKey;
    },
  };
}
