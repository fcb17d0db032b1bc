/**
 * Engine answers by request content (key.ts): an in-process LRU bounded by
 * entries and by bytes, in front of Redis when configured (redis-layer.ts),
 * which every instance shares. Both layers expire answers after the same TTL.
 * Only the engine's answer is cached; the caller still saves and counts every
 * request (service/explanations.ts).
 */
import type { ExplainResponse } from '@code-explain/shared';
import { LRUCache } from 'lru-cache';
import type { ResultCacheMetrics } from '../metrics/metrics.js';
import type { SharedResults } from './redis-layer.js';

export interface ResultCache {
  /** The cached answer for `key`, counted as a hit or a miss. Never throws. */
  lookup(key: string): Promise<ExplainResponse | undefined>;
  /** Keeps `response` under `key` in both layers; resolves once Redis has it or failed. Never throws. */
  remember(key: string, response: ExplainResponse): Promise<void>;
  close(): Promise<void>;
}

export interface ResultCacheOptions {
  /** Most answers kept in this process; 0 keeps none here (Redis alone, if given). */
  readonly entries: number;
  /** Most bytes of answers (their JSON's UTF-8 size) kept in this process; 0 keeps none here. */
  readonly maxBytes: number;
  /** How long an answer is reused, in both layers. */
  readonly ttlMs: number;
  /** Redis, shared by every instance. */
  readonly shared?: SharedResults;
  readonly metrics?: ResultCacheMetrics;
}

/**
 * A cached answer is handed to every request that asks for it: frozen once,
 * so no code path can change one request's answer by editing another's.
 */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createResultCache(options: ResultCacheOptions): ResultCache {
  const { shared, metrics, ttlMs } = options;
  const local =
    options.entries > 0 && options.maxBytes > 0
      ? new LRUCache<string, ExplainResponse>({
          max: options.entries,
          maxSize: options.maxBytes,
          ttl: ttlMs,
          // Expired entries are dropped when read or pushed out; no timer per entry.
          ttlAutopurge: false,
        })
      : undefined;

  const keepLocally = (key: string, response: ExplainResponse, bytes: number): void => {
    // lru-cache refuses (and would throw on) a size over maxSize; such an answer is just not kept here.
    if (local && bytes <= options.maxBytes)
      local.set(key, deepFreeze(response), { size: Math.max(1, bytes) });
  };

  return {
    async lookup(key) {
      const found = local?.get(key);
      if (found) {
        metrics?.hit();
        return found;
      }
      const remote = shared ? await shared.get(key) : undefined;
      if (remote) {
        keepLocally(key, remote.response, remote.bytes);
        metrics?.hit();
        return remote.response;
      }
      metrics?.miss();
      return undefined;
    },
    async remember(key, response) {
      const json = JSON.stringify(response);
      const bytes = Buffer.byteLength(json);
      keepLocally(key, response, bytes);
      await shared?.set(key, json, ttlMs);
    },
    async close() {
      local?.clear();
      await shared?.close();
    },
  };
}
