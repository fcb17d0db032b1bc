/**
 * Whether a response quotes only the code it was given: every inline code
 * span in the descriptive text is the snippet's own text, or a unit's name or
 * signature made of names in it. A span cut short ends in "…", and a
 * signature whose parameters did not all fit ends its list with `…`.
 */
import type { ExplainResponse } from '@code-explain/shared';
import { withoutComments } from '../../../scripts/audit/comments.js';

export { withoutComments };

// Words the engine uses to name constructs; everything else it quotes must be the code's own text.
const VOCABULARY = new Set([
  'try',
  'select',
  'await',
  'async',
  'map',
  'filter',
  'for…of',
  'for',
  'switch',
  'match',
  'go',
]);

function inlineCode(text: string): string[] {
  const withoutFences = text.replace(/```[\s\S]*?```/g, '');
  // A span holding a backtick is fenced with two and padded: `` a`b ``.
  return [...withoutFences.matchAll(/`` (.+?) ``|`([^`]+)`/g)].map((m) => (m[1] ?? m[2]!).trim());
}

// Sections that carry rule findings or proposed alternatives may quote code the
// snippet does not contain yet (the fix); everything else describes what is there.
const PROPOSALS = /^(Suggestions|Other suggestions|Security findings|Focus: .*)$/;

const unclipped = (text: string) => text.replace(/…$/, '');

/** A unit name: `name`, `Outer.inner`, or a stand-in such as `<lambda in filter()>`. */
function isUnitName(span: string, flatCode: string): boolean {
  if (/^<[^>]*>$/.test(span)) return true;
  return span.split('.').every((part) => unclipped(part) !== '' && flatCode.includes(unclipped(part)));
}

/** The quoted spans of the descriptive text that are not grounded in `code`. */
export function ungrounded(response: ExplainResponse, code: string): string[] {
  const texts = [
    response.explanation,
    ...response.sections
      .filter((s) => !PROPOSALS.test(s.title))
      .map((s) => s.content.replace(/^\s*- Alternative: .*$/gm, '')),
  ];
  // A chain split over lines is quoted as written on one line, with no space before its dots.
  const flatCode = code.replace(/\s*\n\s*(\??\.)(?=[A-Za-z_$])/g, '$1').replace(/\s+/g, ' ');
  // A condition is quoted without the comments written between its parts.
  const uncommented = withoutComments(code)
    .replace(/\s*\n\s*(\??\.)(?=[A-Za-z_$])/g, '$1')
    .replace(/\s+/g, ' ');
  const bad: string[] = [];
  // Whitespace inside a quote is the code's own, collapsed as the code is.
  for (const span of texts.flatMap(inlineCode).map((t) => t.replace(/\s+/g, ' '))) {
    if (VOCABULARY.has(span) || flatCode.includes(unclipped(span))) continue;
    if (uncommented.includes(unclipped(span))) continue;
    const sig = /^(<[^>]*>|[^(]+)\((.*)\)$/.exec(span);
    if (
      sig &&
      isUnitName(sig[1]!, flatCode) &&
      sig[2]!.split(', ').every((p) => p === '' || p === '…' || flatCode.includes(unclipped(p)))
    ) {
      continue;
    }
    if (isUnitName(span, flatCode)) continue;
    bad.push(span);
  }
  return bad;
}
