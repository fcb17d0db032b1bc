/**
 * A work-list loop: while a container is not empty, take an item from it and
 * put new ones in. Which ends it takes from and puts at gives the order: from
 * the other end, first in first out (breadth-first); from the same end, last
 * in first out (depth-first). Named only when the loop's condition tests that
 * container, and both a take and a put on it follow the loop's start; which
 * end a method works on is read per language, since `pop` and `push` differ
 * (a JavaScript array pushes at its end, a Java Deque at its front).
 */
import type { LanguageId } from '@code-explain/shared';
import type { Step } from '../facts/model.js';
import { escapeRegExp } from '../regex.js';
import { lineStart } from './arguments.js';
import type { Idiom } from './model.js';

type End = 'front' | 'back';

interface Ends {
  /** Method names that put an item, by the end they put it at. */
  readonly put: Readonly<Record<string, End>>;
  /** Method names that take an item off (called without arguments), by the end they take it from. */
  readonly take: Readonly<Record<string, End>>;
}

const JVM: Ends = {
  put: {
    add: 'back',
    addLast: 'back',
    offer: 'back',
    offerLast: 'back',
    push: 'front',
    addFirst: 'front',
    offerFirst: 'front',
  },
  take: {
    poll: 'front',
    pollFirst: 'front',
    remove: 'front',
    removeFirst: 'front',
    pop: 'front',
    pollLast: 'back',
    removeLast: 'back',
  },
};
const JS: Ends = {
  put: { push: 'back', unshift: 'front' },
  take: { shift: 'front', pop: 'back' },
};

const ENDS: Partial<Record<LanguageId, Ends>> = {
  java: JVM,
  kotlin: JVM,
  javascript: JS,
  typescript: JS,
  tsx: JS,
  python: {
    put: { append: 'back', appendleft: 'front' },
    take: { popleft: 'front', pop: 'back' },
  },
  csharp: {
    // Queue<T> and Stack<T>: Enqueue/Dequeue and Push/Pop.
    put: { Enqueue: 'back', Push: 'back' },
    take: { Dequeue: 'front', Pop: 'back' },
  },
  go: { put: {}, take: {} },
};

/** The container a loop condition says is not empty: `!queue.isEmpty()`, `queue.length > 0`, `len(q) > 0`, `while q:`. */
const NOT_EMPTY: readonly RegExp[] = [
  /^!\s*([\w.]+)\.(isEmpty|empty|IsEmpty)\(\)$/,
  /^([\w.]+)\.(isNotEmpty|Any)\(\)$/,
  /^([\w.]+)\.(length|Count|size\(\))(\s*(>\s*0|!==?\s*0|>=\s*1))?$/,
  /^len\(([\w.]+)\)\s*(>\s*0|!=\s*0|>=\s*1)$/,
  /^([\w.]+)$/,
];

function containerOf(condition: string): string | undefined {
  for (const re of NOT_EMPTY) {
    const m = re.exec(condition.trim());
    if (m) return m[1];
  }
  return undefined;
}

/** Go has no queue methods: `q = append(q, x)` puts at the back, `q = q[1:]` takes the front, `q = q[:len(q)-1]` the back. */
function goEnds(text: string, x: string): { puts: End[]; takes: End[] } {
  const e = escapeRegExp(x);
  const puts: End[] = new RegExp(`\\b${e}\\s*=\\s*append\\(\\s*${e}\\s*,`).test(text) ? ['back'] : [];
  const takes: End[] = [];
  if (new RegExp(`\\b${e}\\s*=\\s*${e}\\[1:\\]`).test(text)) takes.push('front');
  if (new RegExp(`\\b${e}\\s*=\\s*${e}\\[:len\\(${e}\\)\\s*-\\s*1\\]`).test(text)) takes.push('back');
  return { puts, takes };
}

function methodEnds(text: string, x: string, ends: Ends): { puts: End[]; takes: End[] } {
  const e = escapeRegExp(x);
  const puts: End[] = [];
  const takes: End[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\w.])${e}\\.(\\w+)\\(\\s*(\\)?)`, 'g'))) {
    const method = m[1]!;
    const noArguments = m[2] === ')';
    const put = ends.put[method];
    if (put && !noArguments) puts.push(put);
    const take = ends.take[method];
    if (take && noArguments) takes.push(take);
    // Python's list.pop(0) takes the front.
    if (method === 'pop' && ends === ENDS.python && /^\s*0\s*\)/.test(text.slice(m.index + m[0].length)))
      takes.push('front');
  }
  return { puts, takes };
}

/** What a work-list loop in `own` (the unit's own text, starting at line `firstLine`) does, if it has one. */
export function traversalOf(
  language: LanguageId,
  steps: readonly Step[],
  own: string,
  firstLine: number,
): Idiom | undefined {
  const ends = ENDS[language];
  if (!ends) return undefined;
  for (const loop of steps) {
    if (loop.kind !== 'loop' || loop.detail === 'for-each' || !loop.subject) continue;
    const x = containerOf(loop.subject);
    if (!x) continue;
    // Only what follows the loop's start: the first item is usually put in before it.
    const at = lineStart(own, firstLine, loop.line);
    if (at < 0) continue;
    let rest = own.slice(at);
    let line = loop.line;
    const found = language === 'go' ? goEnds(rest, x) : methodEnds(rest, x, ends);
    const takes = found.takes;
    let puts = found.puts;
    // A walk that backtracks: the loop around this one puts (`stack.append(node)`) and this one takes
    // (`while stack: … stack.pop()`). Both repeat in that outer loop: it is the work-list loop.
    if (puts.length === 0 && takes.length > 0) {
      const i = steps.indexOf(loop);
      const outer = steps
        .slice(0, i)
        .reverse()
        .find((s) => s.depth < loop.depth);
      const outerAt = outer?.kind === 'loop' ? lineStart(own, firstLine, outer.line) : -1;
      if (outer && outerAt >= 0) {
        rest = own.slice(outerAt);
        line = outer.line;
        puts = (language === 'go' ? goEnds(rest, x) : methodEnds(rest, x, ends)).puts;
      }
    }
    if (puts.length === 0 || takes.length === 0) continue;
    // One order or none: a loop mixing ends is a deque used both ways.
    const orders = new Set(
      puts.flatMap((p) => takes.map((t) => (p === t ? 'depth-first' : 'breadth-first'))),
    );
    if (orders.size !== 1) continue;
    const [order] = orders;
    const seen = seenSet(rest, x);
    return { kind: 'traversal', line, subject: x, target: order, ...(seen ? { seen } : {}) };
  }
  return undefined;
}

/**
 * A set the loop both adds to and tests (`seen.add(n)` and `n in seen`, `visited.contains(n)`, Java's
 * `if (seen.add(n))`, Go's `if !visited[n]` … `visited[n] = true`): items it has had are skipped.
 */
function seenSet(text: string, x: string): string | undefined {
  for (const m of text.matchAll(
    /(?<![\w.])([\w.]+)(?:\.(?:add|Add|insert)\(|\[[^\]\n]+\]\s*=\s*(?:true|struct\{\}\{\}))/g,
  )) {
    const v = m[1]!;
    if (v === x) continue;
    const e = escapeRegExp(v);
    const tested = new RegExp(
      `\\bin\\s+${e}\\b|(?<![\\w.])${e}\\.(contains|has|Contains|containsKey|ContainsKey)\\(|(if\\s*\\(?\\s*!?\\s*)${e}\\.(add|Add|insert)\\(|\\bif\\s+!?${e}\\[|,\\s*\\w+\\s*:?=\\s*${e}\\[`,
    ).test(text);
    if (tested) return v;
  }
  return undefined;
}
