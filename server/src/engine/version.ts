/**
 * What identifies the engine's output for the result cache (service/result-cache.ts):
 * a cached answer is reused only by the same engine version, so instances of
 * an older and a newer release sharing one Redis during a rolling deploy never
 * serve each other's answers.
 */
import { packageVersion } from '../cli/version.js';

/**
 * Bump this in every change that can change what `explain()` answers for the
 * same request (a rule, its options or messages, composition, metrics, the
 * budgets, a grammar package) without a new package version: cached answers
 * written by the older engine are then never read again and expire by their TTL.
 */
export const ENGINE_REVISION = 1;

/** The server package's version and the engine revision, e.g. `0.1.0+r1`. */
export function engineVersion(): string {
  return `${packageVersion()}+r${ENGINE_REVISION}`;
}
