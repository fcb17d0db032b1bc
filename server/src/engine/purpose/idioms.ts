/**
 * Idioms recognised from a unit's tree: the loops that count, add up, filter,
 * transform, group or de-duplicate into a variable they then return; the
 * loops that find the first match or test any/all; guard clauses and
 * validation; memoisation, binary search, retries, debouncing, state
 * machines, lazy initialisation and builders. Each needs the whole shape (a
 * variable set up before a loop, changed in it, returned after it), so a
 * pattern is named only when the code has all of it.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Step } from '../facts/model.js';
import type { Idiom } from './model.js';
import { escapeRegExp } from '../regex.js';
import { codeWithoutComments } from '../nodes.js';
import { traversalOf } from './traversal.js';

const LOOP = /^(for|while|for_in|enhanced_for|foreach|for_range)_(statement|loop|expression)$|^for$/;
const IF = /^if_(statement|expression)$|^if$/;
const RETURN = /^return(_statement|_expression)?$/;
const THROW = /^(throw|raise)(_statement|_expression)?$/;

const line = (node: Node): number => node.startPosition.row + 1;

/** The statements of a body, comments left out; a lone statement counts as a body of one. */
function statementsOf(body: Node | null | undefined): Node[] {
  if (!body) return [];
  if (/block|body|statements|compound_statement|statement_block/.test(body.type))
    // Go wraps a block's statements in one `statement_list`.
    return body.namedChildren
      .filter((c) => !c.type.includes('comment'))
      .flatMap((c) => (c.type === 'statement_list' ? [...c.namedChildren] : [c]));
  return [body];
}

function bodyOf(unit: Node): Node[] {
  return statementsOf(
    unit.childForFieldName('body') ?? unit.namedChildren.find((c) => /body|block/.test(c.type)),
  );
}

/** An `if` with no `else`, whose consequence is a single return or throw. */
function guardOf(
  statement: Node,
): { kind: 'return' | 'throw'; condition?: string; thrown?: string } | undefined {
  if (!IF.test(statement.type)) return undefined;
  if (statement.childForFieldName('alternative') || statement.namedChildren.some((c) => /else/.test(c.type)))
    return undefined;
  const consequence = statement.childForFieldName('consequence') ?? statement.childForFieldName('body');
  const inner = statementsOf(consequence);
  const only = inner.length === 1 ? inner[0] : undefined;
  if (!only) return undefined;
  const jump = only.type === 'expression_statement' ? only.namedChildren[0] : only;
  if (jump && RETURN.test(jump.type)) return { kind: 'return' };
  if (jump && THROW.test(jump.type)) {
    // `raise CookieError(…)`, `throw new IllegalArgumentException(…)`: the type it names.
    const thrown = /^(?:raise|throw)\s+(?:new\s+)?([A-Z][\w.]*)\s*(?:\(|;|$)/.exec(jump.text)?.[1];
    return {
      kind: 'throw',
      condition: statement.childForFieldName('condition')?.text ?? '',
      ...(thrown ? { thrown } : {}),
    };
  }
  return undefined;
}

function guards(unit: Node, idioms: Idiom[], params: readonly string[]): void {
  const body = bodyOf(unit);
  let returns = 0;
  let throws = 0;
  let first: Node | undefined;
  const thrown: (string | undefined)[] = [];
  const conditions: string[] = [];
  // A docstring or local declarations may come first; guards are the leading ifs after them.
  for (const statement of body) {
    const guard = guardOf(statement);
    if (!guard) {
      if (
        returns + throws === 0 &&
        /^(expression_statement|string)$/.test(statement.type) &&
        /^[rRbBuU]*["']/.test(statement.text)
      )
        continue;
      break;
    }
    first ??= statement;
    if (guard.kind === 'return') returns++;
    else {
      throws++;
      thrown.push(guard.thrown);
      conditions.push(guard.condition ?? '');
    }
  }
  // A single leading check on a short function is its logic (a base case), not a guard.
  if (!first || body.length - returns - throws < 1) return;
  if (returns + throws === 1 && body.length < 4) return;
  if (throws > 0) {
    // The one parameter every throwing condition tests, and the one type every guard throws.
    const tested = params.filter((p) =>
      conditions.every((c) => new RegExp(String.raw`(?<![\w.])${escapeRegExp(p)}(?!\w)`).test(c)),
    );
    const type = thrown[0] && thrown.every((t) => t === thrown[0]) ? thrown[0] : undefined;
    idioms.push({
      kind: 'validation',
      line: line(first),
      count: throws,
      ...(tested.length === 1 && !/^(self|this)$/.test(tested[0]!) ? { subject: tested[0]! } : {}),
      ...(type ? { target: type } : {}),
    });
  }
  if (returns > 0) idioms.push({ kind: 'guard-clauses', line: line(first), count: returns });
}

/** The name a loop walks over, as written: `for x in xs` → `xs`. */
function iterableOf(loop: Node): string | undefined {
  const value =
    loop.childForFieldName('right') ??
    loop.childForFieldName('value') ??
    loop.namedChildren.find((c) => c.type === 'range_clause')?.childForFieldName('right');
  return value?.text;
}

/** Initial values that are numbers, and that are strings: what `+=` on the variable then means. */
const NUMBER_INIT = /^(0|0\.0|0L|0\.0f|0u|0i64|0usize|0\.0f64)$/;
const STRING_INIT = /^(""|''|String::new\(\)|new StringBuilder\(\))$/;

const INIT_EMPTY =
  /^(\[\]|\{\}|set\(\)|dict\(\)|list\(\)|new (ArrayList|HashMap|HashSet|LinkedList|TreeMap|Set|Map|Array)\b.*\(\)|\[\]\w+\{\}|make\(.*\)|map\[.*\]\w+\{\}|""|''|0|0\.0|0L|Vec::new\(\)|HashMap::new\(\)|HashSet::new\(\)|vec!\[\]|String::new\(\)|\w+\{\})$/;

/** The variable a statement gives an empty or zero value, and that value. */
function emptyInit(statement: Node): readonly [string, string] | undefined {
  const m =
    /^(?:(?:const|let|var|final|auto|val|mut)\s+)?(?:[\w<>[\],.? ]+\s+)?(\w+)\s*(?::[^=]+)?(?::=|=)\s*([\s\S]+?);?$/.exec(
      statement.text.trim(),
    );
  return m && INIT_EMPTY.test(m[2]!.trim()) ? [m[1]!, m[2]!.trim()] : undefined;
}

/** Variables given an empty or zero value among the statements before `index` (`inits`: each statement's). */
function initialised(
  inits: readonly (readonly [string, string] | undefined)[],
  index: number,
): Map<string, string> {
  const found = new Map<string, string>();
  for (const init of inits.slice(0, index)) if (init) found.set(init[0], init[1]);
  return found;
}

function returnsName(statements: readonly Node[], from: number, name: string): boolean {
  const re = new RegExp(`^return\\s+(${escapeRegExp(name)}|\\(${escapeRegExp(name)}\\))\\s*;?$`);
  return statements.slice(from).some((s) => re.test(s.text.trim()));
}

const NESTED_LOOPS = [
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'enhanced_for_statement',
  'for_expression',
  'foreach_statement',
  'while_expression',
  'loop_expression',
];

/** The variable a for-each loop binds (`x` in `for x in xs`, `for (const x of xs)`, `for _, x := range xs`). */
function loopVariable(loop: Node): string | undefined {
  const left = loop.childForFieldName('left') ?? loop.childForFieldName('name');
  if (left) return /^(?:(?:const|let|var|final)\s+)?(\w+)$/.exec(left.text.trim())?.[1];
  const range = loop.namedChildren.find((c) => c.type === 'range_clause');
  return range ? /(\w+)\s*$/.exec(range.childForFieldName('left')?.text ?? '')?.[1] : undefined;
}

/** The value a loop body adds to `name`: `x` in `out.append(x)`, `u.Name` in `out = append(out, u.Name)`. */
function addedValue(loopBody: string, name: string): string | undefined {
  const n = escapeRegExp(name);
  const call = new RegExp(
    `\\b${n}\\s*\\.\\s*(?:append|push|add|Add|insert|push_back|put)\\s*\\(([^()]*(?:\\([^()]*\\)[^()]*)*)\\)`,
  ).exec(loopBody);
  if (call) return call[1]!.trim();
  // JavaScript's push written out: `out[out.length] = f(x)`.
  const end = new RegExp(`\\b${n}\\s*\\[\\s*${n}\\.length\\s*\\]\\s*=\\s*([^;\\n]+?)\\s*;?\\s*$`, 'm').exec(
    loopBody,
  );
  if (end) return end[1]!.trim();
  const go = new RegExp(`\\b${n}\\s*=\\s*append\\(\\s*${n}\\s*,\\s*([^()]*(?:\\([^()]*\\)[^()]*)*)\\)`).exec(
    loopBody,
  );
  return go?.[1]?.trim();
}

/** What a loop body does to `name`, from its text. */
function changeOf(loopBody: string, name: string): Idiom['kind'] | undefined {
  const n = escapeRegExp(name);
  if (
    new RegExp(
      `\\b${n}\\s*\\[[^\\]]+\\]\\s*\\.\\s*(append|push|add)\\(|\\b${n}\\.setdefault\\(|\\b${n}\\.computeIfAbsent\\(|\\b${n}\\s*\\[[^\\]]+\\]\\s*=\\s*append\\(`,
    ).test(loopBody)
  )
    return 'group-by';
  if (
    new RegExp(`\\b${n}\\s*(\\+=\\s*1\\b|\\+\\+)|\\+\\+${n}\\b|\\b${n}\\s*=\\s*${n}\\s*\\+\\s*1\\b`).test(
      loopBody,
    ) &&
    // `n += 2` beside `n++` adds sizes up (a byte length), it does not count items.
    !new RegExp(`\\b${n}\\s*\\+=(?!\\s*1\\b)`).test(loopBody)
  )
    return 'count';
  // `h = h * 31 + c` and `n *= 10; n += d` scale what they hold: a hash or a number read from digits, no total.
  if (
    new RegExp(`\\b${n}\\s*(\\+=|-=)|\\b${n}\\s*=\\s*${n}\\s*[-+]`).test(loopBody) &&
    !new RegExp(`\\b${n}\\s*(\\*=|<<=)|\\b${n}\\s*=\\s*\\(?\\s*${n}\\s*(\\*|<<)|\\*\\s*${n}\\b`).test(
      loopBody,
    )
  )
    return 'accumulate';
  if (
    new RegExp(
      `\\b${n}\\s*\\.\\s*(append|push|add|Add|insert|extend|push_back|put)\\s*\\(|\\b${n}\\s*=\\s*append\\(\\s*${n}\\b|\\b${n}\\s*\\[[^\\]]+\\]\\s*=`,
    ).test(loopBody)
  )
    return 'map';
  return undefined;
}

/** A write through a pointer (`*p++ = c`, `*out = v`) or into an element of anything but `name`. */
function writesElsewhere(loopBody: string, name: string): boolean {
  const n = escapeRegExp(name);
  if (/(^|[;{}\s(])\*\s*\(?[\w.>-]+\)?(\+\+|--)?\s*=(?!=)/m.test(loopBody)) return true;
  return [...loopBody.matchAll(/(?<![\w.$])([\w.$]+)\s*\[[^\]\n]*\]\s*=(?!=)/g)].some(
    (m) => !new RegExp(`^${n}$`).test(m[1]!),
  );
}

function loops(unit: Node, idioms: Idiom[]): void {
  const body = bodyOf(unit);
  const before = idioms.length;
  loopsIn(body, idioms);
  if (idioms.length > before) return;
  // A loop in an `if`'s arm that builds what the arm returns: told with the condition it runs under.
  for (const statement of body) {
    if (!IF.test(statement.type)) continue;
    const condition = statement.childForFieldName('condition');
    const arm = statementsOf(
      statement.childForFieldName('consequence') ?? statement.childForFieldName('body'),
    );
    const last = arm[arm.length - 1];
    if (!condition || !last || !RETURN.test(last.type) || !arm.some((s) => LOOP.test(s.type))) continue;
    const found: Idiom[] = [];
    loopsIn(arm, found);
    const when = condition.text.replace(/^\(([\s\S]*)\)$/, '$1').trim();
    if (when.includes('\n')) continue;
    for (const i of found.filter((x) => BUILDS.has(x.kind)))
      idioms.push({ ...i, when: { text: when, line: line(statement) } });
  }
}

/** What a loop in an arm can be said to build, under the arm's condition. */
const BUILDS: ReadonlySet<Idiom['kind']> = new Set(['map', 'filter', 'collect', 'concat', 'dedupe']);

/**
 * A counting loop over every index of one collection (`for (i = 0; i < xs.length; i++)`,
 * `for i := 0; i < len(xs); i++`) that changes the index nowhere else: the collection and its item.
 */
function indexLoop(loop: Node): { over: string; item: string } | undefined {
  if (!/^for_statement$/.test(loop.type)) return undefined;
  const body = loop.childForFieldName('body')?.text;
  const head = body === undefined ? '' : loop.text.slice(0, loop.text.indexOf(body));
  const m =
    /^for\s*\(?\s*(?:var\s+|let\s+|int\s+)?(\w+)\s*:?=\s*0\s*;\s*\1\s*<\s*(?:([\w.]+)\.(?:length|size\(\)|Length|Count)|len\(([\w.]+)\))\s*;\s*(?:\1\s*\+=\s*1|\1\+\+|\+\+\1)\s*\)?\s*$/.exec(
      head.trim(),
    );
  if (!m || body === undefined) return undefined;
  const i = escapeRegExp(m[1]!);
  if (new RegExp(`(?<![\\w.])${i}\\s*([-+*/]?=(?!=)|\\+\\+|--)|(\\+\\+|--)${i}\\b`).test(body))
    return undefined;
  const over = m[2] ?? m[3]!;
  return { over, item: `${over}[${m[1]!}]` };
}

function loopsIn(body: readonly Node[], idioms: Idiom[]): void {
  if (!body.some((statement) => LOOP.test(statement.type))) return;
  // Each statement read once, not once per loop after it.
  const inits = body.map(emptyInit);
  body.forEach((statement, index) => {
    if (!LOOP.test(statement.type)) return;
    const loopBody = statement.childForFieldName('body')?.text ?? statement.text;
    const counted = indexLoop(statement);
    const subject = iterableOf(statement) ?? counted?.over;
    for (const [name, value] of initialised(inits, index)) {
      // The cheap test first: changeOf builds four patterns for the name.
      if (!returnsName(body, index + 1, name) || !loopBody.includes(name)) continue;
      const change = changeOf(loopBody, name);
      if (!change) continue;
      // A counter used as an index (`dst[dp++] = b`) is a position being written, not a count of items.
      if (change === 'count' && new RegExp(`\\[[^\\]]*\\b${escapeRegExp(name)}\\b`).test(loopBody)) continue;
      // A loop that also writes elsewhere (`*dst++ = b`, `out[i] = v`) does its work there: the total it
      // keeps counts that work (bytes written), it is not what the loop is for.
      if ((change === 'accumulate' || change === 'count') && writesElsewhere(loopBody, name)) continue;
      let kind = change;
      // `+=` adds up only what starts as a number: on `""` it builds a string, on `[]` it collects.
      if (change === 'accumulate' || change === 'count')
        kind = NUMBER_INIT.test(value) ? change : STRING_INIT.test(value) ? 'concat' : 'collect';
      if (change === 'map') {
        const seenCheck = new RegExp(
          `not in ${escapeRegExp(name)}\\b|!${escapeRegExp(name)}\\.(has|contains|includes)\\(|!\\s*${escapeRegExp(name)}\\.contains`,
        ).test(loopBody);
        const conditional =
          /^\s*(if|unless)\b/m.test(loopBody) || /\bif\s*\(/.test(loopBody) || /\bif\s/.test(loopBody);
        // What goes in must be the loop's own item (filter, de-duplicate) or made from it (map);
        // anything else, or a loop inside, is only "collects values".
        const item = loopVariable(statement) ?? counted?.item;
        const added = addedValue(loopBody, name);
        const nested = statement.descendantsOfType([...NESTED_LOOPS]).some((n) => n.id !== statement.id);
        const isItem = item !== undefined && added === item;
        const fromItem =
          item !== undefined &&
          added !== undefined &&
          new RegExp(`(?<!\\w)${escapeRegExp(item)}(?!\\w)`).test(added);
        kind =
          nested || !fromItem
            ? 'collect'
            : seenCheck && isItem
              ? 'dedupe'
              : conditional
                ? isItem
                  ? 'filter'
                  : 'collect'
                : 'map';
      }
      idioms.push({ kind, line: line(statement), target: name, ...(subject ? { subject } : {}) });
      return;
    }
    // Find-first and any/all: the loop returns from inside, and something else after it.
    // Named nodes only: the `return` keyword token has the same type name as Ruby's return node.
    const inner = statement
      .descendantsOfType(['return_statement', 'return_expression', 'return'])
      .filter((n) => n.named);
    // The return right after the loop is the answer when no turn returned; one further down answers after
    // more work (`for (;;) { if (r == end) return false; if (…) break; }` then a compaction, then `true`).
    const next = body[index + 1];
    const after =
      next && (RETURN.test(next.type) || RETURN.test(next.namedChildren[0]?.type ?? '')) ? next : undefined;
    // A `break` leaves the loop without an answer: what follows decides, not the loop.
    const breaks = statement
      .descendantsOfType(['break_statement', 'break_expression', 'break'])
      .some((n) => n.named);
    if (inner.length !== 1 || !after || breaks) return;
    const inside = inner[0]!.text
      .replace(/^return\s*/, '')
      .replace(/;$/, '')
      .trim();
    const outside = after.text
      .replace(/^return\s*/, '')
      .replace(/;$/, '')
      .trim();
    const truthy = /^(True|true)$/;
    const falsy = /^(False|false)$/;
    if (truthy.test(inside) && falsy.test(outside))
      idioms.push({ kind: 'any', line: line(statement), ...(subject ? { subject } : {}) });
    else if (falsy.test(inside) && truthy.test(outside))
      idioms.push({ kind: 'all', line: line(statement), ...(subject ? { subject } : {}) });
    else if (
      /^(None|null|nil|undefined|-1|Optional\.empty\(\)|None\s*,.*|nil,.*|"",\s*false)$/.test(outside) &&
      inside &&
      !/^(None|null|nil)$/.test(inside) &&
      isSearch(statement, inner[0]!, inside)
    )
      idioms.push({
        kind: 'find-first',
        line: line(statement),
        target: inside,
        ...(subject ? { subject } : {}),
      });
  });
}

/**
 * A search returns what it found: the loop's own item, or something made from it, from right inside the
 * loop. A return from a loop nested in it (a depth-first walk's `while` inside its `for`) gives back
 * what that inner work built, not a match of the outer loop's items.
 */
function isSearch(loop: Node, ret: Node, returned: string): boolean {
  const bound = (l: Node): string[] => {
    const left = l.childForFieldName('left') ?? l.childForFieldName('name');
    if (left) return left.text.split(',').map((x) => x.replace(/^\s*(?:const|let|var|final)\s+|[()\s]/g, ''));
    // A counted loop's counter is its item: `return i` gives the position found.
    const init = l.childForFieldName('initializer') ?? l.childForFieldName('init');
    const counter = init ? /(\w+)\s*(?::=|=(?!=))/.exec(init.text)?.[1] : undefined;
    const range = l.namedChildren.find((c) => c.type === 'range_clause');
    const ranged = range
      ?.childForFieldName('left')
      ?.text.split(',')
      .map((x) => x.trim());
    return [...(counter ? [counter] : []), ...(ranged ?? [])];
  };
  const items = bound(loop);
  for (let p = ret.parent; p && p.id !== loop.id; p = p.parent) {
    if (!(NESTED_LOOPS as readonly string[]).includes(p.type)) continue;
    // A `while` inside walks on from state it changes: what it returns is no item of the outer loop.
    if (/while|do_statement|loop_expression/.test(p.type)) return false;
    items.push(...bound(p));
  }
  const body = loop.childForFieldName('body')?.text ?? '';
  return items.some(
    (item) =>
      /^\w+$/.test(item) &&
      new RegExp(`(^|[^\\w.])${escapeRegExp(item)}\\b`).test(returned) &&
      // Given a new value inside, it is no longer the item the loop reached.
      !new RegExp(`(^|[^\\w.])${escapeRegExp(item)}\\s*(?:[-+*/]?=(?!=)|:=)`).test(body),
  );
}

function memo(unitText: string, line0: number, idioms: Idiom[]): void {
  // Most units never name a cache; the pattern below is slow on every word of those that do not.
  if (!/cache|memo/i.test(unitText)) return;
  const tried = new Set<string>();
  for (const m of unitText.matchAll(/\b((?:self\.|this\.)?\w*(?:cache|memo|Cache|Memo)\w*)\b/g)) {
    // Each name once: the answer is the same at every mention, and a large unit mentions one often.
    if (tried.has(m[1]!)) continue;
    tried.add(m[1]!);
    const name = escapeRegExp(m[1]!);
    const looks = new RegExp(
      `\\bin\\s+${name}\\b|${name}\\.(has|get|containsKey|ContainsKey|TryGetValue)\\(|${name}\\s*\\[[^\\]]+\\]\\s*(?:,\\s*ok|!=|is not)|,\\s*ok\\s*:?=\\s*${name}\\[`,
    ).test(unitText);
    const stores = new RegExp(`${name}\\s*\\[[^\\]]+\\]\\s*=[^=]|${name}\\.(set|put|insert|Add)\\(`).test(
      unitText,
    );
    if (looks && stores) {
      idioms.push({
        kind: 'memoise',
        line: line0 + unitText.slice(0, m.index).split('\n').length - 1,
        target: m[1]!,
      });
      return;
    }
  }
}

/** The line of an offset in a unit's text, the unit starting on line `first`. */
function lineAt(text: string, offset: number, first: number): number {
  let line = first;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * `total += a[i]` followed, anywhere later, by `total -= a[i - k]`: the first
 * such pair's total and sequence. Each kind of statement is found once and
 * the two lists matched, rather than one pattern that scans from every `+=`
 * to the end of the text (quadratic in a unit full of sums).
 */
function slidingWindow(text: string): { target: string; subject: string } | undefined {
  const lastLeaving = new Map<string, number>();
  for (const m of text.matchAll(/\b(\w+)\s*-=\s*(\w+)\[\s*(\w+)\s*-\s*\w+\s*\]/g))
    lastLeaving.set(`${m[1]} ${m[2]} ${m[3]}`, m.index);
  if (lastLeaving.size === 0) return undefined;
  for (const m of text.matchAll(/\b(\w+)\s*\+=\s*(\w+)\[\s*(\w+)\s*\]/g)) {
    const leaving = lastLeaving.get(`${m[1]} ${m[2]} ${m[3]}`);
    if (leaving !== undefined && leaving >= m.index + m[0].length) return { target: m[1]!, subject: m[2]! };
  }
  return undefined;
}

const CALL_TYPES = new Set(['call_expression', 'call', 'method_invocation', 'invocation_expression']);
const ASSIGNMENTS = new Set(['assignment_expression', 'assignment', 'assignment_statement']);

/** `clearTimeout(t)` and then `t = setTimeout(…)`: the timer variable, and the function both are in. */
function timerRearmed(call: Node): { timer: string; fn: Node | null } | undefined {
  const callee = call.childForFieldName('function')?.text;
  if (callee !== 'clearTimeout') return undefined;
  const timer = call.childForFieldName('arguments')?.namedChildren[0]?.text;
  if (!timer) return undefined;
  let fn: Node | null = call.parent;
  while (fn && !/function|arrow|method_definition|lambda/.test(fn.type)) fn = fn.parent;
  return { timer, fn };
}

/**
 * A debounce: one function that cancels the pending timer (`clearTimeout(t)`)
 * and then starts a new one on the same variable (`t = setTimeout(…)`). The
 * two calls merely appearing somewhere in the unit is not one: a timer kept
 * and re-armed, or cancelled from another method, is something else.
 */
function debounceOf(unit: Node): Idiom | undefined {
  const nodes = unit.doc.nodes;
  for (let id = unit.id; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    if (!CALL_TYPES.has(node.type)) continue;
    const cleared = timerRearmed(node);
    if (!cleared?.fn) continue;
    const fn = cleared.fn;
    for (let next = node.lastId + 1; next <= fn.lastId; next++) {
      const set = nodes[next]!;
      if (!ASSIGNMENTS.has(set.type) || set.childForFieldName('left')?.text !== cleared.timer) continue;
      const value = set.childForFieldName('right');
      if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'setTimeout')
        continue;
      // Both in one function, that function's own code: not inside a callback of the set's.
      let inner: Node | null = set.parent;
      while (inner && inner.id !== fn.id && !/function|arrow|lambda/.test(inner.type)) inner = inner.parent;
      if (inner?.id !== fn.id) continue;
      return {
        kind: 'debounce',
        line: line(node),
        subject: cleared.timer,
        ...(fn.id === unit.id ? {} : { target: 'returned' }),
      };
    }
  }
  return undefined;
}

const ASSIGNS =
  /^(assignment_expression|assignment|assignment_statement|augmented_assignment_expression|augmented_assignment)$/;
const LOOPS = /^(for|while|do|for_in|for_range|foreach|loop)_(statement|loop|expression)$/;
const DECLARES =
  /^(lexical_declaration|variable_declaration|local_variable_declaration|short_var_declaration|var_declaration|let_declaration|declaration)$/;

/**
 * A state machine's switch: its arms set the variable it switches on, and
 * that variable lives outside the loop, so the next turn takes the arm the
 * last one chose. A switch on a value read afresh each turn (`c = input[i]`)
 * picks by that value: it is not one.
 */
function casesSetSubject(switchNode: Node | undefined, subject: string): boolean {
  if (!switchNode) return false;
  const value = switchNode.childForFieldName('value') ?? switchNode.childForFieldName('condition');
  return armsSetState(switchNode, subject, value?.endIndex ?? switchNode.startIndex, 1);
}

/**
 * Whether the arms of `choice` (a switch, or the head of an if/else-if chain) set `subject`, at least
 * `times` times after offset `from` (the end of what it tests first), with `subject` kept from one turn
 * of the loop around it to the next: declared outside the loop and not read afresh before `choice`.
 */
function armsSetState(choice: Node, subject: string, from: number, times: number): boolean {
  const nodes = choice.doc.nodes;
  const within = (n: Node) => nodes.slice(n.id + 1, n.lastId + 1);
  const sets = within(choice).filter(
    (a) => ASSIGNS.test(a.type) && a.childForFieldName('left')?.text === subject && a.startIndex >= from,
  );
  const setInArm = sets.length >= times;
  let loop = choice.parent;
  while (loop && !LOOPS.test(loop.type)) loop = loop.parent;
  if (!setInArm || !loop) return false;
  const mentions = new RegExp(`(^|[^\\w.])${escapeRegExp(subject)}\\b`);
  // Declared inside the loop, it starts afresh each turn: what an arm set is gone by the next.
  if (within(loop).some((d) => DECLARES.test(d.type) && mentions.test(d.text.split('=')[0] ?? '')))
    return false;
  // Set again in the loop before the switch, outside it (`c = s.charAt(i)` at the top of each turn), it is
  // read afresh: the switch picks by that value, not by a state an arm left behind.
  return !within(loop).some(
    (a) =>
      ASSIGNS.test(a.type) &&
      a.startIndex < choice.startIndex &&
      a.childForFieldName('left')?.text === subject,
  );
}

const IFS = /^if_(statement|expression)$/;
/** A test of one variable against a state: `s == 'a'`, `s === X`, `s is None`, `s in QUOTES`, `s.equals("x")`. */
const STATE_TEST = /^\(?\s*((?:self\.|this\.)?[A-Za-z_]\w*)\s*(?:===?\s|is\s|in\s|\.equals\()/;
/** Tests in one chain on the same variable, and arms that set it, for a chain to be a state machine. */
const STATE_ARMS = 3;
const STATE_SETS = 2;

/** The conditions of an if/else-if (Python `elif`) chain, from its head down. */
function chainConditions(head: Node): Node[] {
  const out: Node[] = [];
  for (let n: Node | null = head; n;) {
    const condition = n.childForFieldName('condition');
    if (condition) out.push(condition);
    for (const elif of n.namedChildren)
      if (elif?.type === 'elif_clause') {
        const c = elif.childForFieldName('condition');
        if (c) out.push(c);
      }
    let next = n.childForFieldName('alternative');
    if (next?.type === 'else_clause') next = next.namedChildren.find((c) => c && IFS.test(c.type)) ?? null;
    n = next && IFS.test(next.type) ? next : null;
  }
  return out;
}

/**
 * A state machine written as an if/else-if chain (a tokenizer's `if state == ' ': … elif state == 'a':
 * …`): inside a loop, at least STATE_ARMS of its tests look at the same variable, and its arms set that
 * variable, which the loop keeps from turn to turn, so the next turn takes the arm the last one chose.
 */
function chainStateMachine(unit: Node): Idiom | undefined {
  const nodes = unit.doc.nodes;
  for (const n of nodes.slice(unit.id + 1, unit.lastId + 1)) {
    if (!IFS.test(n.type)) continue;
    // The head of a chain only: an `if` that is another's `else` arm belongs to that chain.
    const parent = n.parent;
    if (
      parent &&
      (parent.type === 'else_clause' ||
        (IFS.test(parent.type) && parent.childForFieldName('alternative')?.id === n.id))
    )
      continue;
    const conditions = chainConditions(n);
    const tested = conditions.map((c) => STATE_TEST.exec(codeWithoutComments(c))?.[1]);
    const subject = tested.find((t) => t && tested.filter((x) => x === t).length >= STATE_ARMS);
    if (!subject) continue;
    let loop = n.parent;
    while (loop && loop.id > unit.id && !LOOPS.test(loop.type)) loop = loop.parent;
    if (!loop || loop.id <= unit.id) continue;
    if (armsSetState(n, subject, conditions[0]!.endIndex, STATE_SETS))
      return {
        kind: 'state-machine',
        line: n.startPosition.row + 1,
        subject,
        count: tested.filter((x) => x === subject).length,
        target: 'if-chain',
      };
  }
  return undefined;
}

/** A character literal as a case label: `'a'`, `'\\n'`, Rust's `b'a'`, a one-character string `"a"`. */
const CHAR_LABEL = /^b?'(\\.|[^'\\]|\\u\{?[0-9a-fA-F]+\}?)'$|^"(\\.|[^"\\])"$/;
/** Character labels a switch needs for its loop to be a dispatch on characters, and labels quoted. */
const DISPATCH_LABELS = 3;
const QUOTED_LABELS = 3;

/** Whether a branch, an arm or a `try` stands between `node` and the loop around it. */
function branchBetween(node: Node, loop: Node): boolean {
  for (let p = node.parent; p && p.id !== loop.id; p = p.parent)
    if (/if|else|elif|case|switch|match|when|try|catch|except|conditional|ternary/.test(p.type)) return true;
  return false;
}

/**
 * A loop that reads its input one character at a time and acts by the character's value: a `switch`
 * inside the loop with at least DISPATCH_LABELS character labels, on `X[i]` itself or on a variable the
 * loop sets from `X[…]` (or `X.charAt(…)`, `*X`) before the switch, each turn. The source is `X`.
 */
function dispatchOf(unit: Node, steps: readonly Step[]): Idiom | undefined {
  const nodes = unit.doc.nodes;
  for (const sw of steps) {
    if (sw.kind !== 'switch' || sw.loopDepth === 0 || !sw.subject || !sw.cases) continue;
    const labels = sw.cases.flatMap((c) => (c.isDefault ? [] : c.labels)).filter((l) => CHAR_LABEL.test(l));
    if (labels.length < DISPATCH_LABELS) continue;
    const switchNode = nodes[sw.node];
    let loop = switchNode?.parent ?? null;
    while (loop && loop.id > unit.id && !LOOPS.test(loop.type)) loop = loop.parent;
    if (!switchNode || !loop || loop.id <= unit.id) continue;
    // Only a switch every turn reaches acts on each character: one inside a branch (after a backslash,
    // in one arm of another switch) acts on some characters only.
    if (branchBetween(switchNode, loop)) continue;
    const indexed = /^\(?\s*\*?\s*([\w.]+)\s*(?:\[[^\]]+\]|\.charAt\(.*\))?\s*\)?$/;
    let source: string | undefined;
    const direct = /^\(?\s*([\w.]+)\s*(?:\[[^\]]+\]|\.charAt\(.*\))\s*\)?$/.exec(sw.subject)?.[1];
    if (direct) source = direct;
    else if (/^\w+$/.test(sw.subject)) {
      // The variable is set in the loop, before the switch, from an element of the source.
      // Before what the switch tests: Go's `switch c := s[i]; c` sets it in the switch's own header.
      const tested = switchNode.childForFieldName('value') ?? switchNode.childForFieldName('condition');
      const before = tested?.startIndex ?? switchNode.startIndex;
      const set = nodes
        .slice(loop.id + 1, switchNode.lastId + 1)
        .filter((a) => a.startIndex < before)
        .find(
          (a) =>
            (ASSIGNS.test(a.type) || DECLARES.test(a.type) || a.type === 'init_declarator') &&
            new RegExp(`^\\s*(?:\\w+\\s+)?${escapeRegExp(sw.subject!)}\\s*:?=`).test(a.text),
        );
      const value = set?.text
        .replace(/^[^=]*=\s*/, '')
        .replace(/;$/, '')
        .trim();
      const m = value && /\[|\.charAt\(|^\*/.test(value) ? indexed.exec(value) : null;
      source = m?.[1];
    }
    if (!source) continue;
    return {
      kind: 'dispatch',
      line: loop.startPosition.row + 1,
      subject: source,
      by: { line: sw.line, on: sw.subject, labels: labels.slice(0, QUOTED_LABELS), count: labels.length },
    };
  }
  return undefined;
}

/**
 * A binary search's halving: for a loop `while (lo < hi)`, a midpoint made from both ends and halved
 * (`mid = (lo + hi) / 2`, `h := int(uint(i+j) >> 1)`, `lo + (hi - lo) / 2`), and one end moved to it.
 */
function halves(condition: string, text: string): boolean {
  const ends = /^\(?\s*(\w+)\s*<=?\s*(\w+)\s*\)?$/.exec(condition);
  if (!ends) return false;
  const [lo, hi] = [escapeRegExp(ends[1]!), escapeRegExp(ends[2]!)];
  const half = String.raw`(?:\/\s*2\b|>>>?\s*1\b|\/\/\s*2\b)`;
  const sum = String.raw`(?:\b${lo}\s*\+\s*${hi}\b|\b${hi}\s*\+\s*${lo}\b|\b${lo}\s*\+\s*\(\s*${hi}\s*-\s*${lo}\s*\))`;
  const mid = new RegExp(String.raw`\b(\w+)\s*:?=\s*[^;\n]*${sum}[^;\n]*${half}`).exec(text);
  if (!mid) return false;
  const m = escapeRegExp(mid[1]!);
  return new RegExp(String.raw`\b(?:${lo}\s*=\s*${m}\s*\+\s*1|${hi}\s*=\s*${m}(?:\s*-\s*1)?)\b`).test(text);
}

/** `x is None`, `this.x == null`, `x === undefined`, `x == nil`: the name checked for having no value yet. */
const NOTHING_YET =
  /^\(?\s*((?:(?:self|this)\.)?\w+)\s*(?:is\s+None|===?\s*(?:null|undefined)|==\s*nil)\s*\)?$/;

/** `!this.x`, `!this[KEY]`: a field of the object checked for being unset (JavaScript). */
const FALSY_FIELD = /^\(?\s*!\s*(this\.\w+|this\[\w+\])\s*\)?$/;

/**
 * Lazy initialisation: an `if` that finds a field empty and fills it, then the field returned. The field
 * is `self.x`/`this.x`, or a class's field read into a local first (`Locale loc = defaultLocale; if (loc
 * == null) { loc = defaultLocale = init(); } return loc;`), when the fill writes the field too.
 */
function lazyInitOf(unit: Node): Idiom | undefined {
  const nodes = unit.doc.nodes;
  for (const n of nodes.slice(unit.id + 1, unit.lastId + 1)) {
    if (n.type !== 'if_statement' || n.childForFieldName('alternative')) continue;
    const condition = n.childForFieldName('condition')?.text.trim() ?? '';
    const falsy = FALSY_FIELD.exec(condition)?.[1];
    const checked = NOTHING_YET.exec(condition)?.[1] ?? falsy;
    const fill = n.childForFieldName('consequence') ?? n.childForFieldName('body');
    if (!checked || !fill) continue;
    const name = escapeRegExp(checked);
    const assigns = (target: string, text: string) =>
      new RegExp(String.raw`(^|[^\w.])${target}\s*=(?!=)`).test(text);
    if (!assigns(name, fill.text)) continue;
    // `!this.x` finds it empty only if what is stored is never falsy: a new object, which it must be.
    if (falsy && !new RegExp(String.raw`(^|[^\w.])${name}\s*=\s*new\s`).test(fill.text)) continue;
    const before = unit.text.slice(0, n.startIndex - unit.startIndex);
    const after = unit.text.slice(n.endIndex - unit.startIndex);
    if (!new RegExp(String.raw`\breturn\s+${name}\s*;?\s*$`, 'm').test(after)) continue;
    if (/[.[]/.test(checked)) return { kind: 'lazy-init', line: line(n), target: checked };
    // A local: the field it was read from, written in the fill too.
    const field = new RegExp(
      String.raw`(?:^|[^\w.])${name}\s*:?=\s*((?:(?:self|this)\.)?\w+)\s*;?\s*$`,
      'm',
    ).exec(before)?.[1];
    if (field && field !== checked && assigns(escapeRegExp(field), fill.text))
      return { kind: 'lazy-init', line: line(n), target: field };
  }
  return undefined;
}

/** `own` is the unit's text without its nested units'. */
function shapes(unit: Node, steps: readonly Step[], idioms: Idiom[], own: string): void {
  const text = unit.text;
  const at = line(unit);
  const whileLoop = steps.find(
    (s) => s.kind === 'loop' && s.subject && /^\(?\s*\w+\s*<=?\s*\w+\s*\)?$/.test(s.subject),
  );
  if (whileLoop && halves(whileLoop.subject!, text))
    idioms.push({ kind: 'binary-search', line: whileLoop.line, subject: whileLoop.subject! });
  const loopLines = steps.filter((s) => s.kind === 'loop');
  const sleeps =
    /\b(time\.sleep|asyncio\.sleep|Thread\.sleep|time\.Sleep|setTimeout|sleep|Task\.Delay|thread::sleep)\s*\(/.test(
      text,
    );
  if (loopLines.length > 0 && steps.some((s) => s.kind === 'try' || s.kind === 'catch') && sleeps)
    idioms.push({ kind: 'retry', line: loopLines[0]!.line });
  const debounced = /\bclearTimeout\s*\(/.test(text) ? debounceOf(unit) : undefined;
  if (debounced) idioms.push(debounced);
  const sw = steps.find(
    (s) => s.kind === 'switch' && s.loopDepth > 0 && s.subject && /^\w+$/.test(s.subject),
  );
  if (sw && casesSetSubject(unit.doc.nodes[sw.node], sw.subject!))
    idioms.push({ kind: 'state-machine', line: sw.line, subject: sw.subject! });
  else if (steps.some((s) => s.kind === 'branch' && s.loopDepth > 0)) {
    const chain = chainStateMachine(unit);
    if (chain) idioms.push(chain);
  }
  if (!idioms.some((i) => i.kind === 'state-machine')) {
    const dispatch = dispatchOf(unit, steps);
    if (dispatch) idioms.push(dispatch);
  }
  const lazy = lazyInitOf(unit);
  if (lazy) idioms.push(lazy);
  // Two indexes closing in on each other: `while (i < j) { … i++ … j-- }`.
  const closing = steps.find(
    (s) => s.kind === 'loop' && s.subject && /^\(?\s*(\w+)\s*<=?\s*(\w+)\s*\)?$/.test(s.subject),
  );
  const pair = closing?.subject && /^\(?\s*(\w+)\s*<=?\s*(\w+)\s*\)?$/.exec(closing.subject);
  if (
    closing &&
    pair &&
    !/\bmid\w*\s*:?=/.test(text) &&
    new RegExp(`\\b${escapeRegExp(pair[1]!)}\\s*(\\+\\+|\\+=\\s*1)|\\+\\+${escapeRegExp(pair[1]!)}\\b`).test(
      text,
    ) &&
    new RegExp(`\\b${escapeRegExp(pair[2]!)}\\s*(--|-=\\s*1)|--${escapeRegExp(pair[2]!)}\\b`).test(text)
  )
    idioms.push({ kind: 'two-pointers', line: closing.line, subject: closing.subject });
  // A window over a sequence: add the item entering it, take away the one leaving it (`a[i]` in, `a[i - k]` out).
  const window = slidingWindow(text);
  if (window) idioms.push({ kind: 'sliding-window', line: at, ...window });
  // Threads handing work over: waiting on a condition and waking others.
  const waits = own.includes('wait(') ? /\b([\w.]+)\.(wait|await)\(/.exec(own) : null;
  const wakes =
    waits && /\b([\w.]+)\.(notify|notify_all|notifyAll|signal|signalAll|Signal|Broadcast)\(/.exec(own);
  if (waits && wakes)
    idioms.push({
      kind: 'producer-consumer',
      line: lineAt(own, waits.index, at),
      subject: waits[1]!,
      target: wakes[1]!,
    });
  // Double dispatch: `accept(visitor)` calling back `visitor.visit…(this)`.
  const visit = own.includes('.visit') ? /\b(\w+)\.visit\w*\(\s*(this|self)\b/.exec(own) : null;
  if (visit) idioms.push({ kind: 'visitor', line: lineAt(own, visit.index, at), subject: visit[1]! });
  const returns = steps.filter((s) => s.kind === 'return');
  if (returns.length > 0 && returns.every((s) => s.subject === 'this' || s.subject === 'self'))
    idioms.push({ kind: 'builder', line: returns[0]!.line });
}

/** The idioms a callable unit's code shows. */
export function idiomsOf(
  language: LanguageId,
  unit: Node,
  steps: readonly Step[],
  own: string = unit.text,
  params: readonly string[] = [],
): Idiom[] {
  const idioms: Idiom[] = [];
  // First: what the loop is for says more than what it collects on the way.
  const traversal = traversalOf(language, steps, own, line(unit));
  if (traversal) idioms.push(traversal);
  guards(unit, idioms, params);
  loops(unit, idioms);
  memo(unit.text, line(unit), idioms);
  shapes(unit, steps, idioms, own);
  return idioms;
}
