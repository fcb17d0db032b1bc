/**
 * The last step of every explanation: hold the response to its budget. The
 * builders already bound what they list, so normally this only checks; the
 * cuts below are a backstop that makes MAX_RESPONSE_BYTES a guarantee rather
 * than an estimate (text in scripts that take three bytes a character, or
 * control characters that JSON escapes to six, can outgrow any count of
 * characters).
 */
import type { ExplainResponse } from '@code-explain/shared';
import { MAX_EXPLANATION_CHARS, MAX_RESPONSE_BYTES, MAX_SECTION_CHARS } from './budget.js';
import { clip, clipBlock } from './clip.js';

export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * Whether `value` as JSON is at most `maxBytes` of UTF-8. A UTF-16 code unit
 * takes at most 3 bytes, so a short text is known to fit without counting
 * its bytes (almost every response: they are a few kB of a 256 kB budget).
 */
function fits(value: unknown, maxBytes: number): boolean {
  const json = JSON.stringify(value);
  return json.length * 3 <= maxBytes || Buffer.byteLength(json, 'utf8') <= maxBytes;
}

function withTextsWithin(
  response: ExplainResponse,
  max: { explanation: number; section: number; description: number },
) {
  return {
    ...response,
    explanation: clipBlock(response.explanation, max.explanation),
    sections: response.sections.map((s) => ({ ...s, content: clipBlock(s.content, max.section) })),
    suggestions: response.suggestions.map((s) => ({
      ...s,
      description: clip(s.description, max.description),
    })),
  };
}

export function fitResponse(response: ExplainResponse, maxBytes = MAX_RESPONSE_BYTES): ExplainResponse {
  let fitted = {
    ...response,
    explanation: clipBlock(response.explanation, MAX_EXPLANATION_CHARS),
    sections: response.sections.map((s) => ({ ...s, content: clipBlock(s.content, MAX_SECTION_CHARS) })),
  };
  if (fits(fitted, maxBytes)) return fitted;

  // Per-unit metrics go first: they are the most numerous and the least read; keep the earliest.
  const units = fitted.metadata.units ?? [];
  let kept = units.length;
  while (kept > 0 && !fits(fitted, maxBytes)) {
    kept = Math.floor(kept / 2);
    fitted = {
      ...fitted,
      metadata: {
        ...fitted.metadata,
        units: units.slice(0, kept),
        unitsOmitted: (response.metadata.unitsOmitted ?? 0) + units.length - kept,
      },
    };
  }

  // Then every text, halving its allowance until the whole fits; at zero each is a bare "…".
  let section = MAX_SECTION_CHARS;
  const base = fitted;
  while (section > 0 && !fits(fitted, maxBytes)) {
    section = Math.floor(section / 2);
    fitted = withTextsWithin(base, { explanation: section, section, description: section });
  }
  return fitted;
}
