/**
 * Horner's rule in a loop, the core of number parsers and base-N decoders:
 * `n = n * base + d`, or `n *= base` and then `n += d` (Java's `parseInt`
 * subtracts instead), or bits packed with `n = (n << 5) | v`. It is claimed
 * only when both steps act on one variable in one loop, the scaling first,
 * and the factor is a number base (or a shift by a few bits): a
 * multiplication by 31 is a hash, not a number read from digits.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import { escapeRegExp, parensBalanced } from '../regex.js';

export interface Digits {
  /** The variable the number is built in. */
  readonly target: string;
  /** What it is multiplied by, or how many bits it is shifted by, as written. */
  readonly by: string;
  readonly shift: boolean;
  /** What is put in after the scaling, as written, and how. */
  readonly added: string;
  readonly op: '+' | '-' | '|';
  /** The loop's line, the scaling's line and the adding's line. */
  readonly lines: readonly [number, number, number];
  /** The loop's snapshot node id. */
  readonly node: number;
}

/** Assignments and the declarations that give a first value, in the grammars' names. */
const ASSIGNS =
  /^(assignment_expression|augmented_assignment_expression|assignment|augmented_assignment|assignment_statement|compound_assignment_expr|short_var_declaration|variable_declarator|init_declarator|let_declaration)$/;
/** Loops in every grammar's names (Rust's `loop`, C#'s `foreach` included). */
const LOOP = /^(for|while|do|for_in|enhanced_for|for_range|foreach|loop)_(statement|loop|expression)$/;
const FUNCTION = /function|lambda|arrow|closure|func_literal|method_declaration|method_definition/;
/** Bases numbers are written in, and the names a base goes by. */
const BASES = new Set(['2', '8', '10', '16', '32', '36', '58', '62', '64', '85', '256', '10L', '16L', '10u']);
const BASE_NAME = /^(\w*(base|radix)\w*|\w*\.(base|radix)\w*)$/i;
/** Casts around a factor: `uint64(base)`, `(long) radix`, `base as u64`, `int(base)`. */
const CAST = /^(?:\w+\((.+)\)|\(\s*\w+\s*\)\s*(.+)|(.+?)\s+as\s+\w+)$/;

const line = (n: Node) => n.startPosition.row + 1;
const bare = (text: string): string => {
  let t = text.trim();
  while (/^\(.*\)$/.test(t) && parensBalanced(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t;
};
const uncast = (text: string): string => {
  const t = bare(text);
  const m = CAST.exec(t);
  return m ? bare(m[1] ?? m[2] ?? m[3]!) : t;
};
const isBase = (factor: string): boolean => BASES.has(uncast(factor)) || BASE_NAME.test(uncast(factor));
const isBits = (count: string): boolean => /^[1-8]$/.test(uncast(count));

interface Assignment {
  readonly node: Node;
  readonly target: string;
  readonly op: string;
  readonly value: string;
  /** The line the value starts on: `n =` may stand alone on the line above it. */
  readonly valueLine: number;
}

function assignmentOf(node: Node): Assignment | undefined {
  const left =
    node.childForFieldName('left') ??
    node.childForFieldName('name') ??
    node.childForFieldName('declarator') ??
    node.childForFieldName('pattern');
  const right = node.childForFieldName('right') ?? node.childForFieldName('value');
  if (!left || !right || left.text.includes('\n') || right.text.includes('\n')) return undefined;
  const op =
    node.childForFieldName('operator')?.text ??
    node.children.find((c) => !c.named && /=$/.test(c.type))?.text ??
    '=';
  const target = left.text.replace(/^(mut|let|var|const)\s+/, '').trim();
  if (!/^[\w$]+(\.[\w$]+)*$/.test(target)) return undefined;
  return { node, target, op: op === ':=' ? '=' : op, value: bare(right.text), valueLine: line(right) };
}

/** `n * base`, `base * n`, `n << 5`, `n.checked_mul(base)?`: the factor, and whether it shifts. */
function scaled(value: string, n: string): { by: string; shift: boolean; rest: string } | undefined {
  const t = escapeRegExp(n);
  const forms: readonly [RegExp, boolean][] = [
    [new RegExp(`^\\(?\\s*${t}\\s*\\*\\s*([^()+|*-]+|\\w+\\([^()]*\\))\\s*\\)?(.*)$`), false],
    [new RegExp(`^\\(?\\s*([^()+|*-]+|\\w+\\([^()]*\\))\\s*\\*\\s*${t}\\s*\\)?(.*)$`), false],
    [new RegExp(`^\\(?\\s*${t}\\s*<<\\s*(\\w+)\\s*\\)?(.*)$`), true],
    [
      new RegExp(`^${t}\\s*\\.\\s*(?:checked|wrapping|saturating|overflowing)_mul\\(([^()]+)\\)\\??(.*)$`),
      false,
    ],
  ];
  for (const [re, shift] of forms) {
    const m = re.exec(value);
    if (m && !new RegExp(`\\b${t}\\b`).test(m[1]!)) return { by: m[1]!.trim(), shift, rest: m[2]!.trim() };
  }
  return undefined;
}

/** `+ d`, `| v`, `- digit`, `.checked_add(d)?` after the scaling: what is put in, and how. */
function putIn(rest: string, n: string): { added: string; op: Digits['op'] } | undefined {
  const m =
    /^([+|-])\s*(.+)$/.exec(rest) ??
    /^\.\s*(?:and_then\(\|\w+\|\s*\w+\.)?(?:checked|wrapping|saturating|overflowing)_(add|sub)\(([^()]+)\)\)?\??$/.exec(
      rest,
    );
  if (!m) return undefined;
  const op = m[1] === 'add' ? '+' : m[1] === 'sub' ? '-' : (m[1] as Digits['op']);
  const added = bare(m[2]!);
  if (!added || new RegExp(`\\b${escapeRegExp(n)}\\b`).test(added)) return undefined;
  return { added, op };
}

/** The innermost loop around `node` inside `unit`, or undefined when a function comes first. */
function loopAround(node: Node, unit: Node): Node | undefined {
  for (let p = node.parent; p && p.id !== unit.id; p = p.parent) {
    if (FUNCTION.test(p.type)) return undefined;
    if (LOOP.test(p.type)) return p;
  }
  return undefined;
}

/**
 * Whether the loop gives `n` a fresh value on some turn, so what it built is not carried from turn to turn:
 * `n` declared inside it, set to a value that does not read `n`, or handed to a call by address (`&n`,
 * `ref n`, `out n`) that may overwrite it. `off = (off << 8) + *src++` after `getgamma(&off)` reads a new
 * number each turn; it packs nothing across turns.
 */
function freshEachTurn(n: string, loop: Node, assignments: readonly Assignment[]): boolean {
  const t = escapeRegExp(n);
  const inLoop = (a: Assignment) => a.node.startIndex >= loop.startIndex && a.node.endIndex <= loop.endIndex;
  const reads = new RegExp(`(^|[^\\w.$])${t}(?![\\w$])`);
  // Go's checked form settles `n = n1` after `n1 := n*base + d`: the value read from `n` comes back.
  const carries = (value: string) =>
    /^[\w$]+$/.test(value) && assignments.some((b) => inLoop(b) && b.target === value && reads.test(b.value));
  if (
    assignments.some(
      (a) =>
        inLoop(a) &&
        a.target === n &&
        (/declarator|declaration/.test(a.node.type) ||
          (a.op === '=' && !reads.test(a.value) && !carries(a.value))),
    )
  )
    return true;
  const body = loop.text;
  if (new RegExp(`((?:^|[(,=])\\s*&\\s*|\\b(ref|out)\\s+)${t}(?![\\w$.])`).test(body)) return true;
  return false;
}

/** The first variable a loop of `unit` builds by Horner's rule, with its two steps. */
export function digitsOf(unit: Node): Digits | undefined {
  const all = unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1);
  const assignments = all
    .filter((n) => ASSIGNS.test(n.type))
    .map(assignmentOf)
    .filter((a): a is Assignment => a !== undefined);
  for (const a of assignments) {
    const loop = loopAround(a.node, unit);
    if (!loop) continue;
    const n = a.target;
    if (freshEachTurn(n, loop, assignments)) continue;
    const lines = (s: Assignment, p: Assignment): Digits['lines'] => [line(loop), s.valueLine, p.valueLine];
    const fits = (by: string, shift: boolean) => (shift ? isBits(by) : isBase(by));
    // `n = n * base + d` at once.
    if (a.op === '=') {
      const s = scaled(a.value, n);
      if (!s || !fits(s.by, s.shift)) continue;
      if (s.rest) {
        const p = putIn(s.rest, n);
        if (p) return { target: n, by: s.by, shift: s.shift, ...p, lines: lines(a, a), node: loop.id };
        continue;
      }
      const next = addedAfter(assignments, a, n, loop, unit);
      if (next)
        return {
          target: n,
          by: s.by,
          shift: s.shift,
          ...next.put,
          lines: lines(a, next.step),
          node: loop.id,
        };
      continue;
    }
    // `n *= base` or `n <<= 5`, then the digit put in.
    if (a.op === '*=' || a.op === '<<=') {
      const shift = a.op === '<<=';
      if (!fits(a.value, shift) || new RegExp(`\\b${escapeRegExp(n)}\\b`).test(a.value)) continue;
      const next = addedAfter(assignments, a, n, loop, unit);
      if (next)
        return { target: n, by: a.value, shift, ...next.put, lines: lines(a, next.step), node: loop.id };
    }
  }
  return undefined;
}

/**
 * The step after a scaling that puts the next digit into `n`, in the same loop: `n += d`, `n -= d`,
 * `n |= v`, `n = n + d`, or Go's checked form, `n1 := n + d` and then `n = n1`.
 */
function addedAfter(
  assignments: readonly Assignment[],
  scaling: Assignment,
  n: string,
  loop: Node,
  unit: Node,
): { put: { added: string; op: Digits['op'] }; step: Assignment } | undefined {
  const t = escapeRegExp(n);
  for (const b of assignments) {
    if (b.node.startIndex <= scaling.node.endIndex || loopAround(b.node, unit)?.id !== loop.id) continue;
    if (b.target === n && ['+=', '-=', '|='].includes(b.op)) {
      const put = putIn(`${b.op[0]} ${b.value}`, n);
      return put ? { put, step: b } : undefined;
    }
    if (b.op !== '=') continue;
    const m =
      new RegExp(`^${t}\\s*([+|-].+)$`).exec(b.value) ?? new RegExp(`^${t}(\\s*\\..+)$`).exec(b.value);
    if (!m) {
      // Another value for `n` before a digit is put in: not Horner's rule.
      if (b.target === n) return undefined;
      continue;
    }
    const put = putIn(m[1]!.trim(), n);
    if (!put) return undefined;
    if (b.target === n) return { put, step: b };
    // `n1 := n + d`, kept only if the loop later sets `n` to it.
    const settles = assignments.some(
      (c) =>
        c.node.startIndex > b.node.endIndex &&
        c.target === n &&
        c.op === '=' &&
        c.value === b.target &&
        loopAround(c.node, unit)?.id === loop.id,
    );
    if (settles) return { put, step: b };
  }
  return undefined;
}
