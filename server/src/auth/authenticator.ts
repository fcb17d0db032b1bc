/**
 * Turns a presented API key into its account. Lookups are cached in process
 * for a few seconds (answers for unknown keys too, so a flood of bad keys
 * does not reach the database); a revocation or plan change therefore takes
 * effect within that time. The cache belongs to one app instance.
 */
import { hasApiAccess, type ApiPlan } from '@code-explain/shared';
import type { Store } from '../store/types.js';
import { hashApiKey, hashesEqual, prefixOf } from './keys.js';

export interface AuthenticatedAccount {
  readonly id: string;
  readonly plan: ApiPlan;
}

export type AuthResult =
  | {
      readonly ok: true;
      readonly account: AuthenticatedAccount;
      readonly keyId: string;
      /** A replaced key's end (ms since the epoch); it is refused from then on, cached or not. */
      readonly expiresAt?: number;
    }
  | { readonly ok: false; readonly reason: 'unknown_key' | 'no_api_access' }
  | { readonly ok: false; readonly reason: 'expired_key'; readonly expiredAt: Date };

export interface Authenticator {
  /** `key` must already have the key format. */
  authenticate(key: string): Promise<AuthResult>;
}

export interface AuthenticatorOptions {
  readonly store: Store;
  /** How long an answer is reused; revocations take effect within it. */
  readonly cacheTtlMs?: number;
  readonly maxCacheEntries?: number;
  readonly now?: () => number;
}

export const DEFAULT_AUTH_CACHE_TTL_MS = 5_000;

export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const { store } = options;
  const ttl = options.cacheTtlMs ?? DEFAULT_AUTH_CACHE_TTL_MS;
  const maxEntries = options.maxCacheEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Keyed by the key's hash, so the cache never holds a key itself.
  const cache = new Map<string, { expires: number; result: AuthResult }>();

  async function lookUp(hash: string, prefix: string): Promise<AuthResult> {
    const candidates = await store.findApiKeysByPrefix(prefix);
    // Every candidate is compared, so timing does not tell which one matched.
    let match: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if (hashesEqual(candidate.hash, hash)) match = candidate;
    }
    if (!match || match.revokedAt !== null) return { ok: false, reason: 'unknown_key' };
    const account = await store.findAccountById(match.accountId);
    if (!account) return { ok: false, reason: 'unknown_key' };
    if (!hasApiAccess(account.plan)) return { ok: false, reason: 'no_api_access' };
    return {
      ok: true,
      account: { id: account.id, plan: account.plan },
      keyId: match.id,
      ...(match.expiresAt ? { expiresAt: match.expiresAt.getTime() } : {}),
    };
  }

  /** A cached or fresh answer, refused once the key's grace period is over. */
  const checked = (result: AuthResult, at: number): AuthResult =>
    result.ok && result.expiresAt !== undefined && at >= result.expiresAt
      ? { ok: false, reason: 'expired_key', expiredAt: new Date(result.expiresAt) }
      : result;

  /** Key id → the minute its last use was written: one write per key and minute at most. */
  const touched = new Map<string, number>();
  const touch = (keyId: string, at: number) => {
    const minute = Math.floor(at / 60_000) * 60_000;
    if (touched.get(keyId) === minute) return;
    touched.delete(keyId);
    if (touched.size >= maxEntries) {
      const oldest = touched.keys().next();
      if (!oldest.done) touched.delete(oldest.value);
    }
    touched.set(keyId, minute);
    // Last use is for display: a store hiccup must not fail the request it belongs to.
    store.touchApiKey(keyId, new Date(minute)).catch(() => touched.delete(keyId));
  };

  const used = (result: AuthResult, at: number): AuthResult => {
    if (result.ok) touch(result.keyId, at);
    return result;
  };

  return {
    async authenticate(key) {
      const hash = hashApiKey(key);
      const at = now();
      const cached = cache.get(hash);
      if (cached && cached.expires > at) return used(checked(cached.result, at), at);
      const result = await lookUp(hash, prefixOf(key));
      cache.delete(hash);
      if (cache.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(hash, { expires: at + ttl, result });
      return used(checked(result, at), at);
    },
  };
}
