/**
 * Loops that take about log n turns: a binary search that halves the range between two ends, and a loop
 * whose condition reads an index the loop divides or multiplies on every turn (a heap's sift towards the
 * root or the leaves, `n >>= 1` over a number's bits). Read from the loop's own statements, and only where
 * every write of the index is of that kind: one `i++` among them and the loop is not logarithmic.
 */
import { codeWithoutComments } from '../nodes.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { escapeRegExp } from '../regex.js';

export interface LogLoop {
  /** `halves` an index down towards a bound, `doubles` it up to one, or `bisects` a range. */
  readonly how: 'halves' | 'doubles' | 'bisects';
  /** The index, or the two ends of the range. */
  readonly names: readonly string[];
  /** The writes that move it, as written (`parentpos = (pos - 1) >> 1`, `pos = parentpos`; `mid = (lo + hi) >>> 1`). */
  readonly steps: readonly string[];
}

const HALF = String.raw`(?:\/\s*2\b|>>>?\s*1\b|\/\/\s*2\b)`;

/**
 * The local that holds a midpoint of `lo` and `hi` in `text` (`mid = (lo + hi) / 2`, `h := int(uint(i+j) >> 1)`,
 * `lo + (hi - lo) / 2`), with the statement that sets it.
 */
export function midpointOf(lo: string, hi: string, text: string): { name: string; step: string } | undefined {
  const [l, h] = [escapeRegExp(lo), escapeRegExp(hi)];
  const sum = String.raw`(?:\b${l}\s*\+\s*${h}\b|\b${h}\s*\+\s*${l}\b|\b${l}\s*\+\s*\(\s*${h}\s*-\s*${l}\s*\))`;
  const m = new RegExp(String.raw`\b(\w+)\s*:?=\s*[^;\n]*${sum}[^;\n]*${HALF}[^;\n]*`).exec(text);
  return m ? { name: m[1]!, step: m[0].replace(/[\s;]+$/, '') } : undefined;
}

/** Statements that run only on some turns, or some number of times per turn. */
const COMPOUND = /if|for|while|loop|switch|match|try|do|select|case|with|block|label|else|unsafe/;
const JUMP = /^(break|return)(_statement|_expression)?$/;

interface Write {
  /** What follows the name: `= (pos - 1) >> 1`, `>>= 1`, `++`. */
  readonly op: string;
  /** Whether it runs on every turn that goes on to the next. */
  readonly every: boolean;
}

/** Whether `statement` is an `if` with no other arm after which the loop always leaves (`if …: …; continue` then `break`). */
function guardsTheTurn(statement: Node): boolean {
  if (!/^if/.test(statement.type) || statement.childForFieldName('alternative')) return false;
  let next = statement.nextNamedSibling;
  while (next && next.type.includes('comment')) next = next.nextNamedSibling;
  const jump = next && (next.type === 'expression_statement' ? next.namedChildren[0] : next);
  return jump !== null && jump !== undefined && JUMP.test(jump.type) && jump.namedChildCount === 0;
}

const BLOCK = /^(block|statement_block|compound_statement|statement_list)$/;

/** The statements a block runs in order, through the lists some grammars wrap them in (Go's `statement_list`). */
function statementsOf(node: Node): Node[] {
  if (!BLOCK.test(node.type)) return [node];
  return node.namedChildren.flatMap((c) => (BLOCK.test(c.type) ? statementsOf(c) : [c]));
}

/** The statements of a loop's body in order, comments left out. */
export function bodyStatements(loop: Node): Node[] {
  const body = loop.childForFieldName('body');
  return body ? statementsOf(body).filter((s) => !s.type.includes('comment')) : [];
}

/** The statements an `if`'s taken arm runs directly. */
function armOf(statement: Node): readonly Node[] {
  const arm = statement.childForFieldName('consequence') ?? statement.childForFieldName('body');
  return arm ? statementsOf(arm) : [];
}

/** Every write of `name` in `texts`, each with whether it runs on every turn. */
function writesIn(name: string, pieces: readonly { text: string; every: boolean }[]): Write[] | undefined {
  const n = escapeRegExp(name);
  const out: Write[] = [];
  for (const { text, every } of pieces) {
    // Destructuring (`[lo, hi] = …`, `a, b = b, a % b`), references and out-parameters write it in ways
    // not read here.
    const destructures = new RegExp(
      String.raw`(?:^|[=;{:]|\b(?:let|const|var|val|for)\s)\s*[\[(][^\])=\n]*(?<![\w.])${n}\b[^\])=\n]*[\])]\s*:?=(?!=)`,
      'm',
    );
    if (
      destructures.test(text) ||
      new RegExp(String.raw`(?:&\s*(?:mut\s+)?${n}\b)|\b(?:ref|out)\s+${n}\b`).test(text) ||
      new RegExp(String.raw`(?<![\w.])${n}\s*,[^=\n]*[^=!<>]=(?!=)`).test(text)
    )
      return undefined;
    for (const m of text.matchAll(
      new RegExp(
        String.raw`(?<![\w.])${n}\s*(\+\+|--|(?:>>>|>>|<<|\/\/|\*\*|[-+*/%&|^])?:?=(?!=)[^;\n]*)`,
        'g',
      ),
    ))
      out.push({ op: m[1]!.replace(/[\s;})]+$/, '').replace(/\s+/g, ' '), every });
    if (new RegExp(String.raw`(?:\+\+|--)\s*${n}\b`).test(text)) out.push({ op: '++', every });
  }
  return out;
}

/** The loop's statements, each with whether it runs on every turn: the header's update, then the body's. */
function piecesOf(loop: Node): { text: string; every: boolean }[] {
  const update = loop.childForFieldName('update') ?? loop.childForFieldName('increment');
  const body = loop.childForFieldName('body');
  if (!body) return [];
  const statements = statementsOf(body);
  const pieces: { text: string; every: boolean }[] = update
    ? [{ text: codeWithoutComments(update), every: true }]
    : [];
  for (const s of statements) {
    if (s.type.includes('comment')) continue;
    if (!COMPOUND.test(s.type)) {
      pieces.push({ text: codeWithoutComments(s), every: true });
      continue;
    }
    if (guardsTheTurn(s)) {
      // The arm's plain statements run on every turn that goes on; the condition and the rest on some.
      const arm = armOf(s);
      const plain = arm.filter((a) => !COMPOUND.test(a.type) && !a.type.includes('comment'));
      for (const a of plain) pieces.push({ text: codeWithoutComments(a), every: true });
      const condition = s.childForFieldName('condition');
      if (condition) pieces.push({ text: codeWithoutComments(condition), every: false });
      for (const a of arm)
        if (!plain.includes(a)) pieces.push({ text: codeWithoutComments(a), every: false });
      continue;
    }
    pieces.push({ text: codeWithoutComments(s), every: false });
  }
  return pieces;
}

const NUM = String.raw`(?:[2-9]|[1-9]\d+)`;
const shrinks = (v: string) =>
  new RegExp(
    String.raw`^(?:>>>?=\s*[1-9]\d*|\/\/?=\s*${NUM}|:?=\s*(?:int\(|Math\.floor\()?\(?\s*${v}\s*(?:-\s*1\s*)?\)?\s*(?:>>>?\s*[1-9]\d*|\/\/?\s*${NUM})\s*\)?)$`,
  );
const grows = (v: string) =>
  new RegExp(
    String.raw`^(?:\*=\s*${NUM}|<<=\s*[1-9]\d*|:?=\s*\(?\s*(?:${v}\s*\*\s*${NUM}|${NUM}\s*\*\s*${v}|${v}\s*<<\s*[1-9]\d*|${v}\s*\+\s*${v})\s*\)?(?:\s*\+\s*\d+)?)$`,
  );
const stepsDown = /^(?:--|-=\s*\d+)$/;
const stepsUp = (v: string) => new RegExp(String.raw`^(?:\+\+|\+=\s*\d+|:?=\s*${v}\s*\+\s*\d+)$`);

/**
 * Whether every write of `v` moves it the one way: geometrically (`halves`/`doubles`), with at least one such
 * write on every turn, and any others only by a constant in the same direction. A write `v = w` counts as
 * what `w` is set to, when `w` is set only from `v` (`parentpos = (pos - 1) >> 1` then `pos = parentpos`),
 * and a name set only to `v` stands for it (`pos = childpos` then `childpos = 2*pos + 1`). The writes that
 * move it on every turn, as written.
 */
function geometric(
  v: string,
  direction: 'halves' | 'doubles',
  pieces: readonly { text: string; every: boolean }[],
): string[] | undefined {
  const writes = writesIn(v, pieces);
  if (!writes || writes.length === 0) return undefined;
  const all = pieces.map((p) => p.text).join('\n');
  const isOnly = (name: string, test: (w: Write) => boolean) => {
    const theirs = writesIn(name, pieces);
    return theirs !== undefined && theirs.length > 0 && theirs.every(test);
  };
  const setTo = (x: string) => new RegExp(String.raw`^:?=\s*${escapeRegExp(x)}$`);
  const candidates = [
    ...all.matchAll(new RegExp(String.raw`(?<![\w.])(\w+)\s*:?=\s*${escapeRegExp(v)}\s*(?:;|$)`, 'gm')),
  ]
    .map((m) => m[1]!)
    .filter((a) => a !== v);
  const aliases = [v, ...new Set(candidates.filter((a) => isOnly(a, (w) => setTo(v).test(w.op))))];
  const moves = (w: Write) =>
    aliases.some((a) =>
      (direction === 'halves' ? shrinks(escapeRegExp(a)) : grows(escapeRegExp(a))).test(w.op),
    );
  const nudges = (w: Write) =>
    direction === 'halves' ? stepsDown.test(w.op) : aliases.some((a) => stepsUp(escapeRegExp(a)).test(w.op));
  const steps: string[] = [];
  for (const w of writes) {
    if (moves(w)) {
      if (w.every) steps.push(`${v} ${w.op}`);
      continue;
    }
    if (nudges(w)) continue;
    const other = /^:?=\s*(\w+)$/.exec(w.op)?.[1];
    if (!other || other === v) return undefined;
    if (isOnly(other, moves)) {
      if (w.every) steps.push(`${other} ${writesIn(other, pieces)![0]!.op}`, `${v} ${w.op}`);
      continue;
    }
    if (!isOnly(other, nudges)) return undefined;
  }
  return steps.length > 0 ? steps : undefined;
}

/**
 * The loop's logarithmic shape, if it has one: its condition (only `&&` between parts, so any part that
 * fails ends it) bounds an index every turn moves geometrically, or the two ends of a range it bisects.
 */
export function logarithmicLoop(loop: Node, condition: string | undefined): LogLoop | undefined {
  if (!condition || /\|\||\bor\b/.test(condition)) return undefined;
  const pieces = piecesOf(loop);
  if (pieces.length === 0) return undefined;
  const parts = condition.split(/&&|\band\b/).map((p) => p.trim().replace(/^\(\s*|\s*\)$/g, ''));
  for (const part of parts) {
    const range = /^(\w+)\s*<=?\s*(\w+)$/.exec(part);
    if (range) {
      const [lo, hi] = [range[1]!, range[2]!];
      const mid = midpointOf(lo, hi, pieces.map((p) => p.text).join('\n'));
      if (mid) {
        const toMid = new RegExp(String.raw`^=\s*${escapeRegExp(mid.name)}(?:\s*[-+]\s*1)?$`);
        const ends = [lo, hi].map((e) => writesIn(e, pieces));
        if (ends.every((w) => w && w.length > 0 && w.every((x) => toMid.test(x.op))))
          return { how: 'bisects', names: [lo, hi], steps: [mid.step] };
      }
    }
    const down = /^(\w+)\s*(?:>=?|!=)\s*[\w.]+$|^(\w+)$/.exec(part);
    const up = /^(\w+)\s*<=?\s*[\w.()]+$/.exec(part);
    const candidates: [string, 'halves' | 'doubles'][] = [
      ...(down ? [[(down[1] ?? down[2])!, 'halves'] as [string, 'halves']] : []),
      ...(up ? [[up[1]!, 'doubles'] as [string, 'doubles']] : []),
    ];
    for (const [v, how] of candidates) {
      // Changed in the condition itself, it moves in ways the body does not show.
      if (
        new RegExp(
          String.raw`(?<![\w.])${escapeRegExp(v)}\s*(?:\+\+|--|(?:<<|>>>?|\/\/|[-+*/%&|^])?:?=(?!=))`,
        ).test(condition)
      )
        continue;
      const steps = geometric(v, how, pieces);
      if (steps) return { how, names: [v], steps };
    }
  }
  return undefined;
}
