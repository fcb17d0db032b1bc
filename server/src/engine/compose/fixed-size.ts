/**
 * Collections whose size is written in the code: a for-each loop over one takes a fixed number of turns
 * however large the input is (`for sep in (',', ';')`, `for i in range(16)`, `for c in ascii` with
 * `ascii = [chr(c) for c in range(127)]`), so it does not multiply the cost of the loops around it.
 */
import { escapeRegExp } from '../regex.js';
import { splitTopLevel } from '../purpose/answers.js';
import { codePositions } from '../purpose/code-text.js';

/** `range(16)`, `range(1, 10)`, `range(0, 64, 8)`: numbers only. */
const LITERAL_RANGE = /^range\(\s*-?\d+\s*(?:,\s*-?\d+\s*){0,2}\)$/;

/** A quoted string with no interpolation: its characters are as many as are written. */
const STRING_LITERAL = /^(?:[bru]{0,2})(?:'[^'{}]*'|"[^"{}]*")$/i;

/** Wrappers that keep the number of items: `enumerate(x)`, `reversed(x)`, `list(x)`, `sorted(x)`. */
const SAME_COUNT = /^(?:enumerate|reversed|list|tuple|sorted|iter|Object\.(?:entries|keys|values))\((.*)\)$/s;

/** A map's views: `table.items()`, `table.keys()`, `m.entrySet()`. */
const VIEW = /^(.+)\.(?:items|keys|values|entries|entrySet|keySet)\(\)$/s;

/** A spread or a comprehension inside brackets makes the count depend on something else. */
const OPEN_COUNT = /\.\.\.|(?<![\w)\]])\*\s*[A-Za-z_(]|\sfor\s/;

/** `[a, b]`, `(a, b)`, `{a, b}`, Go's `[]string{"a", "b"}`: items written out, none spread. */
function writtenOut(text: string): boolean {
  const literal = /^(?:(?:\[\]\s*|map\[[\w.*]+\])[\w.*]+\s*)?([[({])([\s\S]*)([\])}])$/.exec(text);
  if (!literal) return false;
  const [, open, inside, close] = literal;
  if ('([{'.indexOf(open!) !== ')]}'.indexOf(close!)) return false;
  if (OPEN_COUNT.test(inside!)) return false;
  // `(x)` is x in brackets, not a tuple of one.
  return open !== '(' || splitTopLevel(inside!, /,/).length > 1;
}

/** A comprehension over a fixed range: `[chr(c) for c in range(127)]`, with no `if` to drop items. */
function fixedComprehension(text: string): boolean {
  const m = /^\[(.+)\sfor\s+[\w, ]+\s+in\s+(range\([^)]*\))\s*\]$/s.exec(text);
  return m !== null && LITERAL_RANGE.test(m[2]!) && !/\sfor\s/.test(m[1]!);
}

/** Whether `over` (what a for-each loop runs over, as written) has a size written in the code. */
export function fixedSize(over: string, constants: ReadonlySet<string>): boolean {
  const t = over.trim();
  const wrapped = SAME_COUNT.exec(t);
  if (wrapped) return fixedSize(wrapped[1]!, constants);
  const view = VIEW.exec(t);
  if (view) return fixedSize(view[1]!, constants);
  // `for sep in ',', ';':` — a tuple without its brackets.
  const bare = splitTopLevel(t, /,/).length > 1 && !OPEN_COUNT.test(t);
  return LITERAL_RANGE.test(t) || STRING_LITERAL.test(t) || writtenOut(t) || bare || constants.has(t);
}

/**
 * Local names set once to a collection of written size, and never grown: `seps = ',;'`,
 * `ascii = [chr(c) for c in range(127)]`. Parameters are the caller's and never count.
 */
export function fixedCollections(text: string, params: readonly string[]): ReadonlySet<string> {
  const found = new Set<string>();
  const sets = [
    ...text.matchAll(
      /(?<![\w$.])([A-Za-z_$][\w$]*)[ \t]*(?::[ \t]*[\w<>[\]]+[ \t]*)?(:=|=(?!=)|\+=)[ \t]*([^\n]*)/g,
    ),
  ];
  const counts = new Map<string, number>();
  for (const [, name] of sets) counts.set(name!, (counts.get(name!) ?? 0) + 1);
  for (const [, name, op, value] of sets) {
    if (counts.get(name!) !== 1 || op === '+=' || params.includes(name!)) continue;
    const v = value!.trim().replace(/[;,]$/, '');
    if (!(STRING_LITERAL.test(v) || writtenOut(v) || fixedComprehension(v))) continue;
    // Grown or handed out to something that may grow it.
    const grown = new RegExp(
      `(?<![\\w$.])${escapeRegExp(name!)}\\s*(?:\\.\\s*(?:append|push|extend|add|insert|update|unshift|concat|setdefault)\\b|\\[[^\\]]*\\]\\s*=(?!=))`,
    );
    if (!grown.test(text)) found.add(name!);
  }
  return found;
}

/** A declaration at the start of a line in the file, set to something in brackets: `const table = {`. */
const TOP_LEVEL_LITERAL =
  /^(?:export\s+)?(?:(?:const|let|var|final|static|private|public|readonly)\s+)*([A-Za-z_$][\w$]*)(?:[ \t]*:[^=\n]+)?[ \t]*=[ \t]*(?=(?:\[\]\s*[\w.*]+\s*|map\[[\w.*]+\][\w.*]+\s*)?[[({])/gm;

/** The bracketed text that starts at `from` (its brackets included), or undefined if it never closes. */
function bracketed(source: string, from: number): string | undefined {
  let depth = 0;
  for (const i of codePositions(source, from)) {
    const c = source[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return source.slice(from, i + 1);
  }
  return undefined;
}

/**
 * Names the file sets once, at its top level, to a collection written out item by item (`const posixClasses
 * = { … }`, Python's `TABLE = (…)`), and never grows anywhere: functions that run over one take a fixed
 * number of turns.
 */
export function fileFixedCollections(source: string): ReadonlySet<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(TOP_LEVEL_LITERAL)) {
    const name = m[1]!;
    const start = m.index + m[0].length;
    const open = source.slice(start).search(/[[({]/);
    const body = bracketed(source, start + open);
    if (body === undefined) continue;
    const prefix = source.slice(start, start + open);
    if (!writtenOut(`${prefix}${body}`)) continue;
    const escaped = escapeRegExp(name);
    const sets = source.match(new RegExp(`(?<![\\w$.])${escaped}\\s*(?:=(?!=)|:=|\\+=)`, 'g')) ?? [];
    const grown = new RegExp(
      `(?<![\\w$.])${escaped}\\s*(?:\\.\\s*(?:append|push|extend|add|insert|update|unshift|setdefault|put|set)\\b|\\[[^\\]]*\\]\\s*=(?!=))`,
    );
    if (sets.length === 1 && !grown.test(source)) found.add(name);
  }
  return found;
}
