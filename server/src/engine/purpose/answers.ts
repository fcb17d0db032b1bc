/**
 * What a yes-or-no function answers, read from the expression it returns:
 * `dst.startswith(src)` → "`dst` starts with `src`", `len(s) == 0` → "`s`
 * is empty", `x is None` → "`x` is `None`". Evidence of purpose for a
 * predicate with no doc comment. Only expressions whose shape this module
 * knows are put into words; anything else is left unsaid, never guessed.
 */
import { codePositions } from './code-text.js';

/** Operands quoted in a sentence: longer ones make it unreadable, and it is not said. */
const MAX_OPERAND = 48;

/** The parts of `text` split at `separator` (a regular expression) where no bracket or string is open. */
/** `((a && b))` → `a && b`: the brackets around the whole expression, however many, taken off. */
export function unwrapWhole(text: string): string {
  const t = text.trim();
  return t.startsWith('(') && t.endsWith(')') && splitTopLevel(t.slice(1, -1), /\)/).length === 1
    ? unwrapWhole(t.slice(1, -1))
    : t;
}

export function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  const sticky = new RegExp(separator.source, 'y');
  let depth = 0;
  let start = 0;
  // Past the end of the last separator found: its own characters are not read again.
  let next = 0;
  for (const i of codePositions(text)) {
    if (i < next) continue;
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0) {
      // Sticky, on the whole text: a lookbehind in the separator sees the characters before `i`.
      sticky.lastIndex = i;
      const m = sticky.exec(text);
      if (m) {
        parts.push(text.slice(start, i));
        next = start = i + m[0].length;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/** `(a == b)` → `a == b`, when the parentheses wrap the whole. */
function unwrap(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && closesAtEnd(t)) t = t.slice(1, -1).trim();
  return t;
}

/** Whether every bracket in `t` (outside strings) closes inside it, in order. */
function balanced(t: string): boolean {
  let depth = 0;
  for (const i of codePositions(t)) {
    const c = t[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth < 0) return false;
  }
  return depth === 0;
}

/** Whether the bracket opening `t` closes at its last character: `(a && b)`, not `(a) && (b)`. */
function closesAtEnd(t: string): boolean {
  let depth = 0;
  for (const i of codePositions(t)) {
    const c = t[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return i === t.length - 1;
  }
  return false;
}

/** An operand quoted as code: a name, a call, a literal, not a condition of its own (`a || !b`, `not x`). */
const q = (operand: string): string | undefined => {
  const t = operand.trim();
  const compound =
    splitTopLevel(t, /\s*(?:&&|\|\||\band\b|\bor\b|\bnot\b|===?|!==?|<=?|>=?)\s*/).length > 1 ||
    /^(!|not\s)/.test(t);
  // `arrA.filter(a => !arrB` is a greedy match's half of a call, not an operand.
  return t && !compound && balanced(t) && t.length <= MAX_OPERAND && !/\n/.test(t) && !t.includes('`')
    ? `\`${t}\``
    : undefined;
};

const NOTHING = /^(null|None|nil|undefined|NULL|nullptr)$/;
const LENGTH = /^(?:len\((.+)\)|(.+)\.(?:length|size\(\)|Count|len\(\)|Length))$/;

/** Method-call predicates: `a.startsWith(b)` and the like, in the spellings of the tier-1 languages. */
const METHODS: ReadonlyArray<[RegExp, string]> = [
  [/^(.+)\.(?:startswith|startsWith|starts_with|StartsWith)\((.+)\)$/, 'starts with'],
  [/^(.+)\.(?:endswith|endsWith|ends_with|EndsWith)\((.+)\)$/, 'ends with'],
  [
    /^(.+)\.(?:includes|contains|Contains|containsKey|ContainsKey|has|hasOwnProperty|contains_key)\((.+)\)$/,
    'contains',
  ],
  [/^(.+)\.(?:equals|Equals|equalsIgnoreCase)\((.+)\)$/, 'equals'],
];
/** Function-call predicates taking both operands: Go's `strings.HasPrefix(s, p)` and the like. */
const FUNCTIONS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:strings|bytes)\.HasPrefix\((.+)\)$/, 'starts with'],
  [/^(?:strings|bytes)\.HasSuffix\((.+)\)$/, 'ends with'],
  [/^(?:strings|bytes)\.Contains(?:Rune)?\((.+)\)$/, 'contains'],
  // `ContainsAny(s, ":%")`: any one of the characters, not the string as a whole.
  [/^(?:strings|bytes)\.ContainsAny\((.+)\)$/, 'contains any character of'],
  [/^(?:strings|bytes)\.IndexAny\((.+)\)\s*(?:>=\s*0|!=\s*-1)$/, 'contains any character of'],
  [/^(?:bytes\.Equal|reflect\.DeepEqual|Objects\.equals|Arrays\.equals)\((.+)\)$/, 'equals'],
];
const COMPARISONS: ReadonlyArray<[string, string]> = [
  ['===', 'equals'],
  ['!==', 'differs from'],
  ['==', 'equals'],
  ['!=', 'differs from'],
  ['<=', 'is at most'],
  ['>=', 'is at least'],
  ['<', 'is less than'],
  ['>', 'is greater than'],
];

/**
 * Whether a bare name or call is a truth value: `true` in a declared yes-or-no result, `'truthy'` under
 * a coercion to a boolean (`!!x`, `Boolean(x)`, `bool(x)`), where it need not be a boolean itself.
 */
type Typed = boolean | 'truthy';

/**
 * One condition in words, or undefined when its shape is not one this module knows. `typed`: the
 * function declares a boolean result, so a bare name or call in it is a truth value (`ok`,
 * `t.Temporary()`); untyped, `a && b` may give back a value that is no boolean at all.
 */
function condition(text: string, typed: Typed = false): string | undefined {
  const t = unwrap(text);
  const isEmpty = /^(.+)\.(?:isEmpty|is_empty|IsEmpty)\(\)$/.exec(t);
  if (isEmpty) return q(isEmpty[1]!) && `${q(isEmpty[1]!)} is empty`;
  const notEmpty = /^!\s*(.+)\.(?:isEmpty|is_empty|IsEmpty)\(\)$/.exec(t);
  if (notEmpty) return q(notEmpty[1]!) && `${q(notEmpty[1]!)} is not empty`;
  // Rust's `if let Some(minor) = cmp.minor`: taken when the option holds a value.
  const some = /^let\s+(Some|Ok)\((\w+)\)\s*=\s*(.+)$/.exec(t);
  if (some) return q(some[3]!) && `${q(some[3]!)} is \`${some[1]}(${some[2]})\``;
  const none = /^(.+?)\s+is\s+(not\s+)?None$/.exec(t);
  if (none) return q(none[1]!) && `${q(none[1]!)} is ${none[2] ? 'not ' : ''}\`None\``;
  const instance = /^isinstance\(([^,]+),\s*(.+)\)$/.exec(t) ?? /^(.+?)\s+instanceof\s+([\w.]+)$/.exec(t);
  if (instance) return q(instance[1]!) && q(instance[2]!) && `${q(instance[1]!)} is a ${q(instance[2]!)}`;
  for (const [re, verb] of METHODS) {
    const m = re.exec(t);
    if (m && splitTopLevel(m[2]!, /,/).length === 1 && q(m[1]!) && q(m[2]!))
      return `${q(m[1]!)} ${verb} ${q(m[2]!)}`;
  }
  for (const [re, verb] of FUNCTIONS) {
    const m = re.exec(t);
    const args = m ? splitTopLevel(m[1]!, /,/) : [];
    if (args.length === 2 && q(args[0]!) && q(args[1]!)) return `${q(args[0]!)} ${verb} ${q(args[1]!)}`;
  }
  const membership = splitTopLevel(t, /\s(not\s+)?in\s/);
  if (membership.length === 2 && !/^for\b/.test(t)) {
    const negated = /\snot\s+in\s/.test(t);
    const [a, b] = membership as [string, string];
    return q(a) && q(b) && `${q(a)} is ${negated ? 'not ' : ''}in ${q(b)}`;
  }
  const known = comparison(t);
  if (known !== null) return known;
  // Known shapes first; then, in a declared yes-or-no result, a bare name or call is a truth value.
  const bare = typed ? /^(!|not\s+)?([\w.]+(?:\([^()]*\))?)$/.exec(t) : null;
  // Under `!!x` the value need not be a boolean: JavaScript's and Python's word for it is "truthy".
  const truth = typed === 'truthy' ? ['falsy', 'truthy'] : ['false', 'true'];
  if (bare && !/^(true|false|True|False)$/.test(bare[2]!))
    return q(bare[2]!) && `${q(bare[2]!)} is ${bare[1] ? truth[0] : truth[1]}`;
  return undefined;
}

/** `a < b` and the other comparisons in words; null when `t` is no comparison. */
function comparison(t: string): string | undefined | null {
  for (const [op, verb] of COMPARISONS) {
    const sides = splitTopLevel(t, new RegExp(`\\s*${op.replace(/[=!<>]/g, '\\$&')}(?![=<>])\\s*`));
    if (sides.length !== 2) continue;
    const [a, b] = sides as [string, string];
    // `a <= b` was split at `<` too: an operator's own characters are never an operand's edge.
    if (/[=!<>]$/.test(a) || /^[=<>]/.test(b)) continue;
    if (NOTHING.test(b)) return q(a) && `${q(a)} is ${verb === 'equals' ? '' : 'not '}\`${b}\``;
    const length = LENGTH.exec(a);
    if (length && b === '0' && (op === '==' || op === '==='))
      return q(length[1] ?? length[2]!) && `${q(length[1] ?? length[2]!)} is empty`;
    return q(a) && q(b) && `${q(a)} ${verb} ${q(b)}`;
  }
  return null;
}

/**
 * What a returned yes-or-no expression asks, in words: each condition of an
 * `and`/`&&` chain (or of an `or`/`||` chain) put into words, or undefined.
 */
export function answerOf(expression: string, typed: Typed = false): string | undefined {
  const t = unwrap(expression);
  const coerced = /^(?:!!|Boolean\(|bool\()/.exec(t);
  if (coerced) {
    const inner = coerced[0] === '!!' ? t.slice(2) : t.slice(coerced[0].length, -1);
    if (coerced[0] !== '!!' && !t.endsWith(')')) return undefined;
    if (coerced[0] === '!!' && !/^[\w.(]/.test(inner)) return undefined;
    return answerOf(inner, 'truthy');
  }
  // Rust's `let Some(x) = e` is a test, though it is written with `=`.
  if (/^let\s+(Some|Ok)\(\w+\)\s*=/.test(t)) return condition(t, typed);
  // A choice between values (`a ? b : c`, Python's `b if a else c`) or an assignment answers no question.
  // A generator or comprehension (`f(k) for k in keys`) is a sequence, and its `in` no membership test.
  if (
    splitTopLevel(t, /\sfor\s/).length > 1 ||
    splitTopLevel(t, /\?(?![.?])/).length > 1 ||
    splitTopLevel(t, /\sif\s/).length > 1 ||
    splitTopLevel(t, /(?<![=!<>])=(?!=)/).length > 1
  )
    return undefined;
  // `'0' <= c && c <= '9'`, `c >= 'a' and c <= 'f'`: a range, said as one.
  const range =
    /^(.+?)\s*<=\s*([\w.]+)\s*(?:&&|\band\b)\s*\2\s*<=\s*(.+)$/.exec(t) ??
    /^([\w.]+)\s*>=\s*(.+?)\s*(?:&&|\band\b)\s*\1\s*<=\s*(.+)$/.exec(t);
  if (range) {
    const [x, low, high] =
      /^[\w.]+$/.test(range[1]!) && range[1] !== range[2] && t.includes('>=')
        ? [range[1]!, range[2]!, range[3]!]
        : [range[2]!, range[1]!, range[3]!];
    if (q(x) && q(low) && q(high) && !/&&|\|\||\band\b|\bor\b/.test(high))
      return `${q(x)} is between ${q(low)} and ${q(high)}`;
  }
  // `||`/`or` binds loosest: its parts first, then each part's `&&`/`and`. A mix of the two is not put
  // into words, where English "and" and "or" would not show which binds first.
  const alternatives = splitTopLevel(t, /\s*(?:\|\||\bor\b)\s*/);
  const chains = alternatives.map((a) => splitTopLevel(a, /\s*(?:&&|\band\b)\s*/));
  if (alternatives.length > 3 || chains.some((c) => c.length > 3)) return undefined;
  // A mix of `||` and `&&` with no parentheses is not put into words: English "and" and "or" would not
  // show which binds first.
  if (alternatives.length > 1 && chains.some((c) => c.length > 1)) return undefined;
  const leaves = alternatives.length > 1 ? alternatives : chains[0]!;
  if (leaves.length > 1) {
    // `a || (b && c)`: the code's own parentheses show which binds first; said as "either …, or all of …".
    const grouped = (leaf: string) =>
      alternatives.length > 1 &&
      unwrap(leaf) !== leaf &&
      splitTopLevel(unwrap(leaf), /\s*(?:&&|\band\b)\s*/).length > 1;
    const said = leaves.map((leaf) => (grouped(leaf) ? allOf(unwrap(leaf), typed) : condition(leaf, typed)));
    if (said.some((x) => x === undefined)) return undefined;
    if (leaves.some(grouped)) return `either ${said.join(', or ')}`;
    return said.join(alternatives.length > 1 ? ' or ' : ' and ');
  }
  return condition(t, typed);
}

/** `b && c && d` inside parentheses: "all of: …" (or "both … and …"), or undefined. */
function allOf(chain: string, typed: Typed): string | undefined {
  const leaves = splitTopLevel(chain, /\s*(?:&&|\band\b)\s*/);
  if (leaves.length < 2 || splitTopLevel(chain, /\s*(?:\|\||\bor\b)\s*/).length > 1) return undefined;
  const said = leaves.map((leaf) => condition(leaf, typed));
  if (said.some((x) => x === undefined)) return undefined;
  return leaves.length === 2
    ? `both ${said[0]} and ${said[1]}`
    : `all of: ${said.slice(0, -1).join(', ')} and ${said.at(-1)}`;
}
