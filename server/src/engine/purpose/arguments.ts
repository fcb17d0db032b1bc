/**
 * A call's arguments, read from its unit's own text, for the few well-known
 * APIs whose meaning depends on them: Python's `open(path, "w")` writes where
 * `open(path)` reads. Steps keep only the callee, so this reads the text at
 * the step's line. It gives up (undefined) rather than guess: no `callee(`
 * on that line, or no closing parenthesis within MAX_SCAN characters.
 */

/** How far past the `(` a call's arguments are read before giving up. */
const MAX_SCAN = 2_000;

/** Where 1-based `line` of the snippet starts in `text`, whose first line is `firstLine`; -1 past its end. */
export function lineStart(text: string, firstLine: number, line: number): number {
  let at = 0;
  for (let l = firstLine; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return -1;
    at = next + 1;
  }
  return at;
}

/** The index just past `callee(` on the line starting at `from`, where `callee` is not part of a longer name. */
function openingOf(text: string, from: number, callee: string): number | undefined {
  const end = text.indexOf('\n', from);
  const lineEnd = end < 0 ? text.length : end;
  let at = text.indexOf(callee, from);
  while (at >= 0 && at < lineEnd) {
    const before = at > 0 ? text[at - 1]! : '';
    let after = at + callee.length;
    while (text[after] === ' ' || text[after] === '\t') after++;
    if (!/[\w.$]/.test(before) && text[after] === '(') return after + 1;
    at = text.indexOf(callee, at + 1);
  }
  return undefined;
}

/**
 * The arguments of the first call to `callee` on `line`, as their texts
 * trimmed (`[]` for `f()`). String literals are skipped whole, so commas and
 * parentheses inside them do not count.
 */
export function callArguments(
  text: string,
  firstLine: number,
  line: number,
  callee: string,
): string[] | undefined {
  const start = lineStart(text, firstLine, line);
  if (start < 0) return undefined;
  const open = openingOf(text, start, callee);
  if (open === undefined) return undefined;
  const args: string[] = [];
  let depth = 0;
  let from = open;
  const limit = Math.min(text.length, open + MAX_SCAN);
  for (let i = open; i < limit; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      // Skip the literal; an escaped quote does not end it.
      for (i++; i < limit && text[i] !== ch; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (ch !== ')') return undefined;
      const last = text.slice(from, i).trim();
      if (last !== '' || args.length > 0) args.push(last);
      return args;
    } else if (ch === ',' && depth === 0) {
      args.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  return undefined;
}
