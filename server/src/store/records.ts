/**
 * Stored documents as the records both stores hand out. Only the record's
 * fields are copied (a document's `_id` and anything else stay behind), and
 * arrays are copied so callers never share a store's objects.
 */
import type { AccountRecord, ApiKeyRecord, ExplanationRecord } from './types.js';

export function accountRecord(id: string, doc: Omit<AccountRecord, 'id'>): AccountRecord {
  return { id, email: doc.email, plan: doc.plan, createdAt: doc.createdAt };
}

export function apiKeyRecord(
  id: string,
  doc: Omit<ApiKeyRecord, 'id' | 'revokedAt'> & { readonly revokedAt?: Date | null },
): ApiKeyRecord {
  return {
    id,
    accountId: doc.accountId,
    name: doc.name,
    prefix: doc.prefix,
    hash: doc.hash,
    createdAt: doc.createdAt,
    revokedAt: doc.revokedAt ?? null,
  };
}

export function explanationRecord(id: string, doc: Omit<ExplanationRecord, 'id'>): ExplanationRecord {
  return {
    id,
    accountId: doc.accountId,
    createdAt: doc.createdAt,
    language: doc.language,
    mode: doc.mode,
    audience: doc.audience,
    focus: [...doc.focus],
    code: doc.code,
    explanation: doc.explanation,
    sections: doc.sections,
    suggestions: doc.suggestions,
    metadata: doc.metadata,
  };
}
