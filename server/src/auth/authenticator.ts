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
  | { readonly ok: true; readonly account: AuthenticatedAccount; readonly keyId: string }
  | { readonly ok: false; readonly reason: 'unknown_key' | 'no_api_access' };

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
    return { ok: true, account: { id: account.id, plan: account.plan }, keyId: match.id };
  }

  return {
    async authenticate(key) {
      const hash = hashApiKey(key);
      const at = now();
      const cached = cache.get(hash);
      if (cached && cached.expires > at) return cached.result;
      const result = await lookUp(hash, prefixOf(key));
      cache.delete(hash);
      if (cache.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(hash, { expires: at + ttl, result });
      return result;
    },
  };
}
