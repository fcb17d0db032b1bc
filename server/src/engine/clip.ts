/**
 * Shortening text to a length, marked with an ellipsis so a reader knows
 * there was more. Cuts never split a surrogate pair.
 */

const ELLIPSIS = '…';

/** The first `n` UTF-16 units of `text`, one fewer if that would split a surrogate pair. */
function head(text: string, n: number): string {
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

/** `text` if it fits in `max` characters, else its start and "…" in `max`. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${head(text, Math.max(0, max - 1))}${ELLIPSIS}`;
}

/**
 * Code spans (`` `x` ``, ``` `` x `` ```) longer than `max` shortened inside
 * their backticks, the rest of the text untouched: a long name or string quoted
 * into a sentence keeps its start and the sentence stays readable.
 */
export function clipQuotes(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.replace(/(`+)([^`][\s\S]*?)\1(?!`)/g, (span, fence: string, inner: string) => {
    if (inner.length <= max) return span;
    // A span opened with a padded fence (`` x ``) keeps its padding.
    const padded = fence.length > 1 && inner.startsWith(' ') && inner.endsWith(' ');
    const body = padded ? inner.slice(1, -1) : inner;
    const short = clip(body.replace(/\s+/g, ' '), max);
    return padded ? `${fence} ${short} ${fence}` : `${fence}${short}${fence}`;
  });
}

/**
 * A block of text cut to `max` characters at the last line break (or, failing
 * that, space) before the limit, ending in "…": a backstop for texts whose
 * builders already bound what they list.
 */
export function clipBlock(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = head(text, Math.max(0, max - 2));
  const cut = Math.max(room.lastIndexOf('\n'), room.lastIndexOf(' '));
  // A cut inside a code span would leave its backtick unclosed.
  let kept = cut > max / 2 ? room.slice(0, cut) : room;
  if ((kept.match(/`/g)?.length ?? 0) % 2 === 1) kept = kept.slice(0, kept.lastIndexOf('`'));
  return `${kept.trimEnd()} ${ELLIPSIS}`;
}
