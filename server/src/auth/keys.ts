/**
 * API keys: `cex_` and 43 base64url characters (256 random bits). Only the
 * SHA-256 of a key is stored (keys are random, so a fast hash is enough: there
 * is nothing to guess), with its first 12 characters as a non-secret prefix
 * for lookup and display; 208 secret bits remain after the prefix.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const API_KEY_PREFIX = 'cex_';
const RANDOM_BYTES = 32;
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export const apiKeySchema = z.string().regex(/^cex_[A-Za-z0-9_-]{43}$/);

export interface GeneratedKey {
  readonly key: string;
  readonly prefix: string;
  readonly hash: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function prefixOf(key: string): string {
  return key.slice(0, PREFIX_LENGTH);
}

export function generateApiKey(): GeneratedKey {
  const key = API_KEY_PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
  return { key, prefix: prefixOf(key), hash: hashApiKey(key) };
}

/** Compares two hex hashes in time that does not depend on where they differ. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
