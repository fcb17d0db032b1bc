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
 * `value` as JSON when that is at most `maxBytes` of UTF-8, else undefined. A
 * UTF-16 code unit takes at most 3 bytes, so a short text is known to fit
 * without counting its bytes (almost every response: they are a few kB of a
 * 256 kB budget).
 */
function jsonWithin(value: unknown, maxBytes: number): string | undefined {
  const json = JSON.stringify(value);
  return json.length * 3 <= maxBytes || Buffer.byteLength(json, 'utf8') <= maxBytes ? json : undefined;
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
  return fitResponseJson(response, maxBytes).response;
}

/**
 * The fitted response and its JSON text, which measuring it produced anyway:
 * the command line prints that text as it is.
 */
export function fitResponseJson(
  response: ExplainResponse,
  maxBytes = MAX_RESPONSE_BYTES,
): { response: ExplainResponse; json: string } {
  let fitted = {
    ...response,
    explanation: clipBlock(response.explanation, MAX_EXPLANATION_CHARS),
    sections: response.sections.map((s) => ({ ...s, content: clipBlock(s.content, MAX_SECTION_CHARS) })),
  };
  let json = jsonWithin(fitted, maxBytes);

  // Per-unit metrics go first: they are the most numerous and the least read; keep the earliest.
  const units = fitted.metadata.units ?? [];
  let kept = units.length;
  while (json === undefined && kept > 0) {
    kept = Math.floor(kept / 2);
    fitted = {
      ...fitted,
      metadata: {
        ...fitted.metadata,
        units: units.slice(0, kept),
        unitsOmitted: (response.metadata.unitsOmitted ?? 0) + units.length - kept,
      },
    };
    json = jsonWithin(fitted, maxBytes);
  }

  // Then every text, halving its allowance until the whole fits; at zero each is a bare "…".
  let section = MAX_SECTION_CHARS;
  const base = fitted;
  while (json === undefined && section > 0) {
    section = Math.floor(section / 2);
    fitted = withTextsWithin(base, { explanation: section, section, description: section });
    json = jsonWithin(fitted, maxBytes);
  }
  // Past the last cut the response goes as it is, as before; its JSON is still what is printed.
  return { response: fitted, json: json ?? JSON.stringify(fitted) };
}
