/**
 * Stored documents as the records both stores hand out, and the one encoding
 * both stores use for an explanation's content.
 *
 * An explanation is stored as a few plain, indexed fields (account, time,
 * language, mode) and two JSON texts:
 * - `summary`: what a list page shows (settings, a preview of the code, the
 *   explanation, the metadata without per-unit metrics, a suggestion count);
 * - `detail`: the rest (the code, sections, suggestions, per-unit metrics).
 * No text is kept twice, a list reads only summaries, and JSON text carries
 * any JavaScript string exactly: JSON.stringify escapes lone surrogates and
 * control characters, so neither BSON's UTF-8 nor a line-based file can alter
 * or split what was explained.
 */
import {
  audienceSchema,
  focusAreaSchema,
  LANGUAGE_IDS,
  metadataSchema,
  modeSchema,
  savedExplanationSchema,
  sectionSchema,
  suggestionSchema,
  unitSchema,
  type Metadata,
} from '@code-explain/shared';
import { z } from 'zod';
import type {
  AccountRecord,
  ApiKeyRecord,
  ExplanationRecord,
  ExplanationSummary,
  NewExplanation,
} from './types.js';

export function accountRecord(
  id: string,
  doc: Omit<AccountRecord, 'id' | 'passwordHash'> & { readonly passwordHash?: string | null },
): AccountRecord {
  return {
    id,
    email: doc.email,
    plan: doc.plan,
    createdAt: doc.createdAt,
    passwordHash: doc.passwordHash ?? null,
  };
}

export function apiKeyRecord(
  id: string,
  doc: Omit<ApiKeyRecord, 'id' | 'revokedAt' | 'expiresAt' | 'lastUsedAt'> & {
    readonly revokedAt?: Date | null;
    readonly expiresAt?: Date | null;
    readonly lastUsedAt?: Date | null;
  },
): ApiKeyRecord {
  return {
    id,
    accountId: doc.accountId,
    name: doc.name,
    prefix: doc.prefix,
    hash: doc.hash,
    createdAt: doc.createdAt,
    revokedAt: doc.revokedAt ?? null,
    expiresAt: doc.expiresAt ?? null,
    lastUsedAt: doc.lastUsedAt ?? null,
  };
}

/** A list item shows at most this many of the code's first lines… */
export const CODE_PREVIEW_LINES = 12;
/** …and at most this many UTF-16 units of them (never half a surrogate pair). */
export const CODE_PREVIEW_CHARACTERS = 600;

export function codePreview(code: string): string {
  let end = 0;
  for (let line = 0; line < CODE_PREVIEW_LINES && end < code.length; line++) {
    const newline = code.indexOf('\n', end);
    end = newline < 0 ? code.length : newline + 1;
  }
  let preview = code.slice(0, Math.min(end, CODE_PREVIEW_CHARACTERS));
  const last = preview.charCodeAt(preview.length - 1);
  if (preview.length < code.length && last >= 0xd800 && last <= 0xdbff) preview = preview.slice(0, -1);
  return preview.endsWith('\n') ? preview.slice(0, -1) : preview;
}

export function countLines(code: string): number {
  if (code === '') return 0;
  let lines = 1;
  for (let i = code.indexOf('\n'); i >= 0 && i < code.length - 1; i = code.indexOf('\n', i + 1)) lines++;
  return lines;
}

const summaryBodySchema = z.looseObject({
  audience: audienceSchema,
  focus: z.array(focusAreaSchema),
  codePreview: z.string(),
  codeLines: z.number().int().nonnegative(),
  explanation: z.string(),
  explanationClipped: z.boolean().optional(),
  suggestionCount: z.number().int().nonnegative(),
  metadata: metadataSchema,
});

const plainFieldsSchema = z.object({ language: z.enum(LANGUAGE_IDS), mode: modeSchema });

const detailBodySchema = z.looseObject({
  code: z.string(),
  sections: z.array(sectionSchema),
  suggestions: z.array(suggestionSchema),
  units: z.array(unitSchema).optional(),
  explanation: z.string().optional(),
});

/**
 * What versions before 0.2.0 stored of an explanation, every field at top
 * level (MongoDB documents, NeDB lines): the saved explanation's content.
 */
export const legacyContentSchema = savedExplanationSchema.pick({
  audience: true,
  focus: true,
  code: true,
  explanation: true,
  sections: true,
  suggestions: true,
  metadata: true,
});

/** The two JSON texts an explanation is stored as. */
export interface EncodedExplanation {
  readonly summary: string;
  readonly detail: string;
}

/**
 * A summary's JSON is at most this many UTF-8 bytes, so a list page of 100 is
 * at most 1.6 MB whatever was explained. The engine keeps explanations far
 * shorter (6,000 characters); only text made mostly of characters that JSON
 * escapes or UTF-8 widens could reach it, and then the summary's copy of the
 * explanation is cut (marked `explanationClipped`; the record keeps it whole).
 */
export const MAX_SUMMARY_BYTES = 16 * 1024;

function summaryJson(explanation: NewExplanation, text: string, clipped: boolean): string {
  const { units: _units, ...metadata } = explanation.metadata;
  return JSON.stringify({
    audience: explanation.audience,
    focus: explanation.focus,
    codePreview: codePreview(explanation.code),
    codeLines: countLines(explanation.code),
    explanation: text,
    ...(clipped ? { explanationClipped: true } : {}),
    suggestionCount: explanation.suggestions.length,
    metadata,
  });
}

/** The explanation's longest start (whole code points) whose summary fits MAX_SUMMARY_BYTES. */
function clippedSummary(explanation: NewExplanation): string {
  const full = explanation.explanation;
  let low = 0;
  let high = full.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(summaryJson(explanation, `${wholeStart(full, mid)}…`, true)) <= MAX_SUMMARY_BYTES)
      low = mid;
    else high = mid - 1;
  }
  return summaryJson(explanation, `${wholeStart(full, low)}…`, true);
}

function wholeStart(text: string, length: number): string {
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

export function encodeExplanation(explanation: NewExplanation): EncodedExplanation {
  const { units } = explanation.metadata;
  const whole = summaryJson(explanation, explanation.explanation, false);
  const fits = Buffer.byteLength(whole) <= MAX_SUMMARY_BYTES;
  return {
    summary: fits ? whole : clippedSummary(explanation),
    detail: JSON.stringify({
      code: explanation.code,
      sections: explanation.sections,
      suggestions: explanation.suggestions,
      ...(units !== undefined ? { units } : {}),
      // Only when the summary holds just the start of the explanation does the detail keep it whole.
      ...(fits ? {} : { explanation: explanation.explanation }),
    }),
  };
}

/** The plain fields stored beside the JSON texts. */
export interface StoredExplanationFields {
  readonly id: string;
  readonly accountId: string;
  readonly createdAt: Date;
  readonly language: string;
  readonly mode: string;
}

/** A stored text that does not decode is corruption, never something to guess around. */
export class CorruptRecordError extends Error {
  constructor(id: string, part: string, cause: unknown) {
    super(`stored explanation ${id} has an unreadable ${part}`, { cause });
    this.name = 'CorruptRecordError';
  }
}

function decode<T extends z.ZodType>(schema: T, text: string, id: string, part: string): z.output<T> {
  try {
    return schema.parse(JSON.parse(text));
  } catch (error) {
    throw new CorruptRecordError(id, part, error);
  }
}

export function decodeSummary(fields: StoredExplanationFields, summary: string): ExplanationSummary {
  const body = decode(summaryBodySchema, summary, fields.id, 'summary');
  const plain = plainFieldsSchema.safeParse(fields);
  if (!plain.success) throw new CorruptRecordError(fields.id, 'language or mode', plain.error);
  return {
    id: fields.id,
    accountId: fields.accountId,
    createdAt: fields.createdAt,
    language: plain.data.language,
    mode: plain.data.mode,
    audience: body.audience,
    focus: body.focus,
    codePreview: body.codePreview,
    codeLines: body.codeLines,
    explanation: body.explanation,
    ...(body.explanationClipped === true ? { explanationClipped: true } : {}),
    suggestionCount: body.suggestionCount,
    metadata: body.metadata,
  };
}

export function decodeExplanation(
  fields: StoredExplanationFields,
  summary: string,
  detail: string,
): ExplanationRecord {
  const head = decodeSummary(fields, summary);
  const body = decode(detailBodySchema, detail, fields.id, 'detail');
  const metadata: Metadata =
    body.units !== undefined ? { ...head.metadata, units: body.units } : head.metadata;
  return {
    id: head.id,
    accountId: head.accountId,
    createdAt: head.createdAt,
    language: head.language,
    mode: head.mode,
    audience: head.audience,
    focus: [...head.focus],
    code: body.code,
    explanation: body.explanation ?? head.explanation,
    sections: body.sections,
    suggestions: body.suggestions,
    metadata,
  };
}

/**
 * The record a save wrote, from what the save was given rather than by
 * decoding the texts it just wrote: the service's input is already validated,
 * and reading it back (JSON and the schemas over sections, suggestions and
 * units) was most of a save's time on the event loop.
 */
export function savedRecord(
  explanation: NewExplanation,
  saved: { readonly id: string; readonly accountId: string; readonly createdAt: Date },
): ExplanationRecord {
  const { createdAt: _given, ...content } = explanation;
  return { ...content, ...saved };
}

/** The summary of a whole record (for stores that read a legacy document in full), within the same budget. */
export function summaryOf(record: ExplanationRecord): ExplanationSummary {
  return decodeSummary(record, encodeExplanation(record).summary);
}
