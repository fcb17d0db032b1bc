/**
 * Reading code as text, outside its string literals: the positions of the
 * characters that are code, so a bracket or an operator inside `"…"`, `'…'`
 * or `` `…` `` is never taken for one. Quotes toggle roughly (a `\` escapes
 * the next character); enough for one expression or one line.
 */
export function* codePositions(text: string, from = 0): Generator<number> {
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else yield i;
  }
}
