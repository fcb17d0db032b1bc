/**
 * The result cache's key: what an engine answer depends on, and nothing else.
 * The account is not in it (an answer says nothing about who asked), so one
 * account's explain can answer another's identical one.
 */
import { createHash } from 'node:crypto';
import type { ExplainRequest } from '@code-explain/shared';

/**
 * SHA-256 (hex) of the engine version and the request's fields. They are
 * hashed as one JSON array, so no two different requests can run together
 * into the same text. Focus keeps the request's order: the engine places the
 * focus sections in that order, so `[security, performance]` and
 * `[performance, security]` are different answers.
 */
export function resultKey(request: ExplainRequest, engineVersion: string): string {
  const fields = [
    engineVersion,
    request.language,
    request.mode,
    request.audience,
    request.focus,
    request.code,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
