/**
 * Failed sign-ins are counted per account (by email, whether or not an
 * account has it, so the count says nothing about which emails exist) and per
 * client address, each in a fixed window that opens with the first failure.
 * Once either count reaches its limit, sign-ins for that email or from that
 * address are refused (429 with Retry-After) without checking the password,
 * until the window ends. A successful sign-in clears its account's count (the
 * address's stays: one good password does not excuse guesses at others).
 *
 * Emails are counted under their SHA-256, so the store holds no addresses of
 * people.
 */
import { createHash } from 'node:crypto';
import type { ExpiringStore } from './kv.js';

export interface ThrottleLimits {
  /** Failures per account in one window. */
  readonly perAccount: number;
  /** Failures per client address in one window (many people can share one address). */
  readonly perAddress: number;
  readonly windowMs: number;
}

export interface SignInThrottle {
  readonly limits: ThrottleLimits;
  /** Milliseconds until a sign-in for this email from this address may be tried; 0 when it may now. */
  waitFor(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string): Promise<void>;
}

const accountKey = (email: string) =>
  `signin-failures:account:${createHash('sha256').update(email).digest('hex')}`;
const addressKey = (address: string) => `signin-failures:address:${address}`;

export function createSignInThrottle(store: ExpiringStore, limits: ThrottleLimits): SignInThrottle {
  return {
    limits,
    async waitFor(email, address) {
      const [account, fromAddress] = await Promise.all([
        store.counter(accountKey(email)),
        store.counter(addressKey(address)),
      ]);
      let wait = 0;
      if (account && account.count >= limits.perAccount) wait = Math.max(wait, account.resetInMs);
      if (fromAddress && fromAddress.count >= limits.perAddress) wait = Math.max(wait, fromAddress.resetInMs);
      return wait;
    },
    async failed(email, address) {
      await Promise.all([
        store.increment(accountKey(email), limits.windowMs),
        store.increment(addressKey(address), limits.windowMs),
      ]);
    },
    async succeeded(email) {
      await store.remove([accountKey(email)]);
    },
  };
}
