/** Text for a `RegExp` that matches `text` literally (names spliced into patterns may hold `$`, `.` …). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether every `(` in `text` closes inside it, in order: `a) (b` is not, so `(a) (b)` is no one wrapped group. */
export function parensBalanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
