/**
 * The result cache's shared layer: engine answers in Redis, so every instance
 * reuses what any of them computed. Every command is bounded by
 * REDIS_TIMEOUT_MS and never queued while disconnected, and any failure is a
 * miss (or a write skipped): the caller then asks the engine, so Redis being
 * away costs an explain nothing but the cache.
 */
import { explainResponseSchema, type ExplainResponse } from '@code-explain/shared';
import type { Logger } from '../logging.js';
import { createRedisClient } from '../redis/connect.js';

export interface SharedResults {
  /**
   * The answer under `key` and its size in bytes as stored, or undefined when
   * there is none, it is not a valid answer, or Redis fails.
   */
  get(key: string): Promise<{ response: ExplainResponse; bytes: number } | undefined>;
  /** Stores `json` under `key` for `ttlMs`; never throws. */
  set(key: string, json: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface RedisResultsOptions {
  readonly url: string;
  /** Prefix of every key (tests use one per run). */
  readonly namespace?: string;
  /** REDIS_TIMEOUT_MS: the longest one command may take. */
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly logger: Logger;
}

/** Connects in the background: the rate limiter already refuses to start without Redis, and a cache need not. */
export function createRedisResults(options: RedisResultsOptions): SharedResults {
  const prefix = `${options.namespace ?? 'cex:result'}:`;
  const { logger } = options;
  // The one client factory (REDIS_URL's standalone, Sentinel and cluster forms alike); a lookup fails at once
  // while Redis is away instead of waiting in a queue.
  const client = createRedisClient(options.url, {
    connectTimeoutMs: options.connectTimeoutMs,
    commandTimeoutMs: options.timeoutMs,
    socketTimeoutMs: options.timeoutMs,
    retryDelayMs: (attempt) => Math.min(attempt * 100, 1000),
  });
  // lazyConnect: connect in the background, never blocking start-up.
  client.connect().catch(() => undefined);
  // ioredis emits connection errors as events; without a listener they would be thrown.
  client.on('error', () => undefined);

  // Logged once per switch, not per request.
  let failing = false;
  const failed = (error: unknown): undefined => {
    if (!failing) {
      failing = true;
      logger.warn(
        { err: error },
        'result cache: Redis is not answering; explaining without its shared cache',
      );
    }
    return undefined;
  };
  const succeeded = (): void => {
    if (failing) {
      failing = false;
      logger.info('result cache: Redis answers again');
    }
  };

  return {
    async get(key) {
      let text: string | null;
      try {
        text = await client.get(prefix + key);
      } catch (error) {
        return failed(error);
      }
      succeeded();
      if (text === null) return undefined;
      // Redis is a boundary: what comes back is checked before anyone is answered with it.
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const checked = explainResponseSchema.safeParse(parsed);
      if (!checked.success || checked.data.id !== undefined) {
        logger.warn({ key }, 'result cache: ignoring a value in Redis that is not an engine answer');
        return undefined;
      }
      return { response: checked.data, bytes: Buffer.byteLength(text) };
    },
    async set(key, json, ttlMs) {
      try {
        await client.set(prefix + key, json, 'PX', ttlMs);
        succeeded();
      } catch (error) {
        failed(error);
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
