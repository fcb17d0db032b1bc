/**
 * Sign-in attempts are counted per account (by email, whether or not an
 * account has it, so the count says nothing about which emails exist) and per
 * client address, each in a fixed window that opens with the first attempt.
 * An attempt is counted before its password is checked, so a burst of guesses
 * sent in parallel cannot all pass before the first failure is recorded; a
 * successful one is then given back (the account's count is cleared, the
 * address's attempt returned), so only failures add up. Once a count is over
 * its limit, further attempts are refused (429 with Retry-After) without
 * checking the password, until the window ends. A success never clears the
 * address's failures: one good password does not excuse guesses at others.
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
  /**
   * Counts an attempt for this email from this address, before its password is
   * checked: the milliseconds to wait when it is over a limit (then it must be
   * refused), else 0.
   */
  attempt(email: string, address: string): Promise<number>;
  /** The attempt's password was right: it does not count as a failure. */
  succeeded(email: string, address: string): Promise<void>;
}

const accountKey = (email: string) =>
  `signin-failures:account:${createHash('sha256').update(email).digest('hex')}`;
const addressKey = (address: string) => `signin-failures:address:${address}`;

export function createSignInThrottle(store: ExpiringStore, limits: ThrottleLimits): SignInThrottle {
  return {
    limits,
    async attempt(email, address) {
      const [account, fromAddress] = await Promise.all([
        store.increment(accountKey(email), limits.windowMs),
        store.increment(addressKey(address), limits.windowMs),
      ]);
      let wait = 0;
      if (account.count > limits.perAccount) wait = Math.max(wait, account.resetInMs);
      if (fromAddress.count > limits.perAddress) wait = Math.max(wait, fromAddress.resetInMs);
      return wait;
    },
    async succeeded(email, address) {
      await Promise.all([store.remove([accountKey(email)]), store.decrement(addressKey(address))]);
    },
  };
}
