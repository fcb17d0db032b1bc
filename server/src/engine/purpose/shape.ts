/**
 * What a function with no doc comment does, read from the shape of its body
 * when no idiom names it: it hands its work to one call, it writes to one
 * stream, it maps each case of a `switch` to a fixed value, or it sets
 * fields on a parameter and gives that parameter back. Each is said only
 * when the whole body has that shape, with the lines it rests on.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Step } from '../facts/model.js';
import { escapeRegExp } from '../regex.js';
import { LOOP_TYPES, onWayOut } from '../nodes.js';
import type { LanguageSupport } from '../languages/model.js';
import { digitsOf, type Digits } from './digits.js';

export interface Shape {
  /** Every value it returns is what one callee gives (`return _splitport(host)`). */
  readonly delegates?: { readonly callee: string; readonly lines: readonly number[] };
  /** It is marked deprecated in its code (`warnings.warn(…, DeprecationWarning)`, `@Deprecated`). */
  readonly deprecated?: { readonly via: string; readonly line: number };
  /** Its calls write to one stream or builder: the receiver, short literal pieces, the lines. */
  readonly writes?: {
    readonly target: string;
    readonly pieces: readonly string[];
    readonly lines: readonly number[];
    /** A string builder's text returned (`return sb.toString()`): the line. */
    readonly returned?: number;
    /** The loop the writes repeat in, and what it goes over. */
    readonly loop?: { readonly line: number; readonly over: string | undefined };
  };
  /** A `switch` whose every arm returns a fixed value: what it switches on, its arms, its line. */
  readonly maps?: {
    readonly subject: string;
    readonly pairs: readonly { readonly label: string; readonly value: string }[];
    readonly arms: number;
    readonly line: number;
    /** The switch's snapshot node id. */
    readonly node: number;
  };
  /** Every return gives one of a few constants of one type (`ParseResult.Success`, `ParseResult.Invalid`). */
  readonly outcomes?: {
    readonly type: string;
    readonly values: readonly string[];
    readonly lines: readonly number[];
  };
  /** Fields set on a parameter that is then returned, or on a named result a bare `return` gives back. */
  readonly fills?: {
    readonly target: string;
    readonly fields: readonly string[];
    readonly lines: readonly number[];
    /** The target is the function's named result (Go's `(pos Position)`), not a parameter. */
    readonly named?: true;
  };
  /**
   * A parameter the language's append built-in grows and the function returns: every return gives
   * `append(p, …)`, or every return gives `p` and every assignment to `p` is `p = append(p, …)`.
   */
  readonly appends?: {
    readonly target: string;
    readonly how: 'returns' | 'grows';
    /** The returns (`returns`), or the assignments and then the returns (`grows`). */
    readonly lines: readonly number[];
    /** Another parameter the appended values are computed from, and in how many of the appends. */
    readonly from?: { readonly name: string; readonly uses: number; readonly of: number };
  };
  /** The body ends with an `if` whose only statement throws, raises or panics: it fails when that condition holds. */
  readonly failsAtEnd?: {
    readonly verb: 'throws' | 'raises' | 'panics';
    readonly condition: string;
    /** What it throws or raises, when it names a type (`CookieError`). */
    readonly what?: string;
    readonly line: number;
    /** The `if`'s snapshot node id. */
    readonly node: number;
  };
  /** Calls that remove from a parameter declared as a collection (`seen: Map<…>`, `List<T> xs`). */
  readonly removes?: {
    readonly target: string;
    /** The declared type's name, generics left off. */
    readonly type: string;
    readonly calls: readonly string[];
    readonly lines: readonly number[];
    /** Some removal runs only under a condition or in a loop: it may remove nothing. */
    readonly conditional: boolean;
  };
  /**
   * A loop that moves an index up by one each turn and returns it at the first turn a condition holds,
   * then returns something else after the loop: the first index where the condition holds.
   */
  readonly firstIndex?: {
    readonly index: string;
    readonly condition: string;
    /** The `if` that returns the index. */
    readonly line: number;
    readonly otherwise: string;
    readonly otherwiseLine: number;
    /** The loop's snapshot node id. */
    readonly node: number;
  };
  /**
   * A loop that moves an index to its parent in a binary tree kept in an array, `(k - 1) / 2` (or `>>> 1`,
   * `>> 1`, `// 2`), each turn: a climb towards the root (a heap's sift-up).
   */
  /** A number built digit by digit in a loop, by Horner's rule (digits.ts). */
  readonly digits?: Digits;
  readonly climbs?: {
    readonly index: string;
    readonly parent: string;
    readonly lines: readonly number[];
    /** The loop's snapshot node id. */
    readonly node: number;
  };
  /** A counting loop whose whole body is `if (test) break;`: it searches for the first index the test holds at. */
  readonly searches?: {
    readonly index: string;
    /** The collection the test reads at the index (`table` of `table.charAt(index)`), when there is one. */
    readonly over?: string;
    /** The update, as written: `index += 5`, `i++`. */
    readonly step: string;
    readonly line: number;
    /** The `if`'s line. */
    readonly test: number;
    /** The loop's snapshot node id. */
    readonly node: number;
    /** The condition of the one `if` the loop sits in, and its line: it searches only then. */
    readonly when?: { readonly text: string; readonly line: number };
  };
  /** A string or list cut to its first `n` items in place: `s = s.substring(0, n)`, `s = s[:n]`, `s = s.slice(0, n)`. */
  readonly truncates?: {
    readonly target: string;
    readonly length: string;
    /** `substring` or `substr`: what is cut is a string, its items characters. */
    readonly characters: boolean;
    readonly line: number;
    /** The condition of the `if` whose only statement the cut is, and that `if`'s line. */
    readonly when?: { readonly text: string; readonly line: number };
  };
  /** An ASCII letter turned to the other case under a range test: `if 'a' <= c && c <= 'z' { c -= 'a' - 'A' }`. */
  readonly changesCase?: {
    readonly variable: string;
    readonly to: 'upper' | 'lower';
    /** The range test, and the change, as written. */
    readonly test: string;
    readonly change: string;
    readonly line: number;
    /** The `if`'s snapshot node id. */
    readonly node: number;
  };
}

const CALLS = /^(call|call_expression|method_invocation|invocation_expression)$/;
/** A fixed value: a literal, a name, a qualified constant, or a few of them (`boolKind, nil`). */
const FIXED =
  /^(?:[\w.]+|"[^"\n]{0,40}"|'[^'\n]{0,40}'|-?\d[\w.]*)(?:\s*,\s*(?:[\w.]+|"[^"\n]{0,40}"|'[^'\n]{0,40}'|-?\d[\w.]*))?$/;
const MAX_CALLEE = 60;
/** Calls that only check or warn: a delegating function may make them first. */
const CHECKS =
  /^(warnings\.warn|Objects\.requireNonNull|assert\w*|\w+\.assert\w*|console\.warn|process\.emitWarning|os\.fspath)$/;

const valueOf = (ret: Node): Node | undefined =>
  ret.namedChildren.find((c) => !c.type.includes('comment') && c.type !== 'expression_list') ??
  ret.namedChildren.find((c) => c.type === 'expression_list');

/** `genericpath._splitext` of `genericpath._splitext(p, …)`; `accept.encodings` of `accept.encodings.apply(…)`. */
function calleeOf(call: Node): string | undefined {
  const args = call.childForFieldName('arguments');
  // A tagged template (`str\`…\``) builds text; it hands over no work.
  if (!args || /template/.test(args.type)) return undefined;
  const callee = call.text
    .slice(0, args.startIndex - call.startIndex)
    .trim()
    .replace(/\.(apply|call)$/, '');
  // A pipeline of lambdas (`xs.Where(x => …).Sum`) is a computation of its own, told as a chain.
  const plain = !/\n|=>|->|\blambda\b|^new\b/.test(callee);
  return callee && plain && callee.length <= MAX_CALLEE ? callee : undefined;
}

function delegatesOf(unit: Node, steps: readonly Step[], name: string | undefined): Shape['delegates'] {
  if (steps.some((s) => s.kind === 'loop')) return undefined;
  const returns = steps.filter((s) => s.kind === 'return' && s.subject);
  // An arrow's or a lambda's expression body is a callback's whole job, told as the callback it is.
  if (returns.some((r) => !/return/.test(unit.doc.nodes[r.node]?.type ?? ''))) return undefined;
  if (returns.length === 0 || returns.length !== steps.filter((s) => s.kind === 'return').length)
    return undefined;
  const callees = returns.map((r) => {
    const value = valueOf(unit.doc.nodes[r.node] ?? unit);
    return value && CALLS.test(value.type) ? calleeOf(value) : undefined;
  });
  const callee = callees[0];
  if (!callee || callees.some((c) => c !== callee)) return undefined;
  // Nothing else happens on the way: branches only pick the return or throw, other calls only check
  // (`Objects.requireNonNull`) or warn, or build the returned call's arguments.
  // Calls in a return or a condition build what is returned or pick which return runs.
  const returnLines = new Set(
    [...returns, ...steps.filter((s) => s.kind === 'branch' || s.kind === 'throw')].map((r) => r.line),
  );
  for (const s of steps) {
    if (s.kind === 'branch' && !(s.then && /^(return|throw)$/.test(s.then.kind))) {
      const arms = steps.filter(
        (x) => x.line > s.line && x.depth > s.depth && x.kind !== 'return' && x.kind !== 'throw',
      );
      if (arms.some((x) => x.kind === 'call' && !returnLines.has(x.line) && !CHECKS.test(x.subject ?? '')))
        return undefined;
    }
    if (s.kind === 'call' && !returnLines.has(s.line) && !CHECKS.test(s.subject ?? '')) return undefined;
    if (s.kind === 'loop' || s.kind === 'switch' || s.kind === 'spawn') return undefined;
  }
  // Its own name is recursion, told elsewhere; a capitalised bare name builds or converts a value.
  if (callee === name || callee.endsWith(`.${name}`) || /^[A-Z]\w*$/.test(callee)) return undefined;
  return { callee, lines: returns.map((r) => r.line) };
}

function deprecatedOf(unit: Node, steps: readonly Step[]): Shape['deprecated'] {
  for (const s of steps) {
    if (s.kind !== 'call' || !s.subject) continue;
    const call = unit.doc.nodes[s.node];
    if (
      /^(warnings\.warn|process\.emitWarning)$/.test(s.subject) &&
      /\b(Pending)?DeprecationWarning\b/.test(call?.text ?? '')
    )
      return { via: s.subject, line: s.line };
    if (/^(util\.)?deprecate$/.test(s.subject)) return { via: s.subject, line: s.line };
  }
  const head = unit.text.slice(0, 400).split(/[{:]\s*\n/)[0] ?? '';
  const marked = /@Deprecated\b|\[Obsolete\b/.exec(head);
  return marked ? { via: marked[0].replace('[', ''), line: unit.startPosition.row + 1 } : undefined;
}

/** Calls that write to their receiver: streams, writers, and Java's and C#'s string builders. */
const WRITE = /^(.+)\.(write|Write|writelines|WriteString|WriteByte|WriteRune|append|Append)$/;
const BUILDER = /\b(StringBuilder|StringBuffer|Appendable)\b/;

function writesOf(unit: Node, steps: readonly Step[]): Shape['writes'] {
  const text = unit.text;
  // `write = stream.write`, then `write(rep)`: the alias writes to `stream`.
  const aliases = new Map<string, string>();
  for (const m of text.matchAll(/(?:^|\n)\s*(\w+)\s*=\s*([\w.]+)\.(write|Write)\s*$/gm))
    aliases.set(m[1]!, m[2]!);
  const found: { target: string; step: Step }[] = [];
  for (const s of steps) {
    if (s.kind !== 'call' || !s.subject) continue;
    const m = WRITE.exec(s.subject);
    const target = m ? m[1]! : aliases.get(s.subject);
    if (!target || /[()]/.test(target)) continue;
    // `append` writes only to a declared string builder; a list's `append` collects, told elsewhere.
    if (m && /^(append|Append)$/.test(m[2]!)) {
      const declared = new RegExp(String.raw`\b(\w+(?:<[^>]*>)?)\s+${escapeRegExp(target)}\b`).exec(
        text,
      )?.[1];
      if (!declared || !BUILDER.test(declared)) continue;
    }
    found.push({ target, step: s });
  }
  if (found.length === 0) return undefined;
  const target = found[0]!.target;
  const mine = found.filter((f) => f.target === target);
  // Writes to two places are no one stream's story.
  if (mine.length !== found.length) return undefined;
  const pieces: string[] = [];
  for (const { step } of mine) {
    const args = unit.doc.nodes[step.node]?.childForFieldName('arguments');
    const only = args?.namedChildren.filter((c) => !c.type.includes('comment'));
    const piece = only?.length === 1 ? only[0]!.text : undefined;
    if (piece && /^(["'`])[^"'`\n]{1,6}\1$/.test(piece) && !pieces.includes(piece) && pieces.length < 3)
      pieces.push(piece);
  }
  const built = new RegExp(String.raw`^${escapeRegExp(target)}\.(toString|ToString|String)\(\)$`);
  const returned = steps.find((s) => s.kind === 'return' && s.subject && built.test(s.subject))?.line;
  const looped = mine.find((f) => f.step.loopDepth > 0)?.step;
  const loop = looped
    ? [...steps].reverse().find(
        (s) =>
          s.kind === 'loop' &&
          s.line <= looped.line &&
          s.depth < looped.depth &&
          // The loop the write sits in, not one that ended before it (`charLoop` before the appends).
          (unit.doc.nodes[s.node]?.endPosition.row ?? -1) + 1 >= looped.line,
      )
    : undefined;
  // A `while` loop's subject is its condition (`while 1:`), no collection it runs over.
  const over =
    loop?.subject &&
    loop.detail === 'for-each' &&
    /^(?:enumerate|reversed|sorted)\(([\w.]+)\)$|^([\w.]+)$/.exec(loop.subject);
  // "In the loop" only when every write is in it: one before or after it is not.
  const end = loop ? (unit.doc.nodes[loop.node]?.endPosition.row ?? -1) + 1 : 0;
  const inLoop = loop && mine.every((f) => f.step.line >= loop.line && f.step.line <= end);
  return {
    target,
    pieces,
    lines: [...new Set(mine.map((f) => f.step.line))],
    ...(returned ? { returned } : {}),
    ...(loop && inLoop ? { loop: { line: loop.line, over: over ? (over[1] ?? over[2]) : undefined } } : {}),
  };
}

function mapsOf(unit: Node, steps: readonly Step[]): Shape['maps'] {
  const switches = steps.filter((s) => s.kind === 'switch');
  if (switches.length !== 1 || steps.some((s) => s.kind === 'loop')) return undefined;
  const sw = switches[0]!;
  const node = unit.doc.nodes[sw.node];
  if (!node || !sw.subject || !sw.cases || sw.cases.length < 3) return undefined;
  const inside = steps.filter((s) => s.line >= sw.line && s.line <= node.endPosition.row + 1);
  const returns = inside.filter((s) => s.kind === 'return');
  // Every arm only returns: one return per arm (shared labels count once), and nothing else happens.
  const other = inside.filter((s) => s.kind !== 'return' && s.kind !== 'switch' && s.line !== sw.line);
  if (returns.length !== sw.cases.length || other.length > 0) return undefined;
  // No statement in an arm but its return: a declaration (`const x = v; return x`) is work too.
  const statements = unit.doc.nodes.slice(node.id + 1, node.lastId + 1);
  if (
    statements.some(
      (d) =>
        /statement|declaration|assignment/.test(d.type) &&
        !/^(return_statement|break_statement|statement_list)$|block|compound_statement|switch|case|match/.test(
          d.type,
        ),
    )
  )
    return undefined;
  const values = returns.map((r) => (valueOf(unit.doc.nodes[r.node] ?? unit)?.text ?? '').trim());
  if (values.some((v) => !FIXED.test(v))) return undefined;
  const pairs = sw.cases
    .filter((arm) => !arm.isDefault && arm.labels.length === 1)
    .slice(0, 2)
    .map((arm) => {
      const at = returns.findIndex((r) => r.line >= arm.line);
      return { label: arm.labels[0]!, value: values[at] ?? '' };
    })
    .filter((p) => p.value !== '' && p.label.length <= 40);
  return { subject: sw.subject, pairs, arms: sw.cases.length, line: sw.line, node: sw.node };
}

function fillsOf(unit: Node, steps: readonly Step[], params: readonly string[]): Shape['fills'] {
  const returned = steps.filter((s) => s.kind === 'return');
  const only = returned.length === 1 ? returned[0]! : undefined;
  // A bare `return` in a function with one named result gives that result back (Go's `(pos Position)`).
  const named = only && !only.subject && only.results?.length === 1 ? only.results[0] : undefined;
  const target = only?.subject ?? named;
  if (!target || /^(self|this)$/.test(target)) return undefined;
  if (!named && !params.includes(target)) return undefined;
  // Returned at the very end, after the fields are set.
  const end = named
    ? String.raw`\breturn\s*;?\s*\}?\s*$`
    : String.raw`\breturn\s+${escapeRegExp(target)}\s*;?\s*\}?\s*$`;
  if (!new RegExp(end).test(unit.text.trim())) return undefined;
  const fields: string[] = [];
  const lines: number[] = [];
  const t = escapeRegExp(target);
  // `pos.Offset = …`, and several fields at once: `pos.Filename, pos.Line = …`.
  const re = new RegExp(String.raw`^\s*(${t}\.\w+(?:\s*,\s*${t}\.\w+)*)\s*:?=(?!=)`);
  unit.text.split('\n').forEach((text, i) => {
    const m = re.exec(text);
    if (!m) return;
    let added = false;
    for (const f of m[1]!.split(',').map((x) => x.trim().slice(target.length + 1)))
      if (!fields.includes(f)) {
        fields.push(f);
        added = true;
      }
    if (added) lines.push(unit.startPosition.row + 1 + i);
  });
  return fields.length >= 2
    ? { target, fields, lines, ...(named ? { named: true as const } : {}) }
    : undefined;
}

/** Go wraps a returned or assigned value in an `expression_list`: one value is that list's only child. */
const single = (v: Node | undefined): Node | undefined =>
  v?.type === 'expression_list' && v.namedChildren.length === 1 ? v.namedChildren[0] : v;

/** The arguments of a call to `builtin` whose first argument is exactly `target`, or undefined. */
function appendArgs(node: Node | undefined, builtin: string, target: string): readonly Node[] | undefined {
  if (!node || !CALLS.test(node.type)) return undefined;
  const fn = node.childForFieldName('function');
  if (fn?.text !== builtin) return undefined;
  const args = node.childForFieldName('arguments')?.namedChildren.filter((c) => !c.type.includes('comment'));
  return args && args.length >= 2 && args[0]!.text === target ? args : undefined;
}

/** Whether `node` sits in a function written inside `unit`. */
function insideFunction(node: Node, unit: Node): boolean {
  for (let p = node.parent; p && p.id !== unit.id; p = p.parent)
    if (/func_literal|function|lambda|arrow|closure|method/.test(p.type)) return true;
  return false;
}

function appendsOf(
  unit: Node,
  steps: readonly Step[],
  params: readonly string[],
  builtin: string | undefined,
): Shape['appends'] {
  if (!builtin) return undefined;
  const returns = steps.filter((s) => s.kind === 'return');
  if (returns.length === 0) return undefined;
  // Go wraps a returned value in an `expression_list`: one value is that list's only child.
  const values = returns.map((r) => single(valueOf(unit.doc.nodes[r.node] ?? unit)));
  // Every return gives `append(p, …)` of one parameter.
  const first = values[0] && CALLS.test(values[0].type) ? values[0].childForFieldName('arguments') : null;
  const target = first?.namedChildren[0]?.text;
  let how: 'returns' | 'grows' | undefined;
  let appends: (readonly Node[])[] = [];
  let lines: number[] = [];
  if (target && params.includes(target)) {
    const all = values.map((v) => appendArgs(v, builtin, target));
    if (all.every((a) => a !== undefined)) {
      how = 'returns';
      appends = all as (readonly Node[])[];
      lines = returns.map((r) => r.line);
    }
  }
  if (!how) {
    // Every return gives `p`, and every assignment to `p` is `p = append(p, …)`.
    const name = values[0]?.text;
    if (!name || !params.includes(name) || values.some((v) => v?.text !== name)) return undefined;
    const assigned = unit.doc.nodes
      .slice(unit.id + 1, unit.lastId + 1)
      .filter((d) => /assignment/.test(d.type) && d.childForFieldName('left')?.text === name)
      // A closure's appends (`char := func(b byte) { buf = append(buf, b) }`) run when it is called.
      .filter((d) => !insideFunction(d, unit));
    // `p += …`, `p++` or `p, q = …` change `p` another way.
    const t = escapeRegExp(name);
    if (
      new RegExp(String.raw`(?<![.\w])${t}\s*(\+\+|--|[-+*/|&^]=)|(?<![.\w])${t}\s*,[\w\s,]*=`).test(
        unit.text,
      )
    )
      return undefined;
    if (assigned.length === 0) return undefined;
    const all = assigned.map((a) =>
      appendArgs(single(a.childForFieldName('right') ?? undefined), builtin, name),
    );
    if (all.some((a) => a === undefined)) return undefined;
    how = 'grows';
    appends = all as (readonly Node[])[];
    lines = [...assigned.map((a) => a.startPosition.row + 1), ...returns.map((r) => r.line)];
  }
  const at = how === 'returns' ? target! : values[0]!.text;
  // The other parameter most of the appended values are computed from.
  let from: { name: string; uses: number; of: number } | undefined;
  for (const p of params) {
    if (p === at) continue;
    const re = new RegExp(String.raw`(?<![.\w])${escapeRegExp(p)}\b`);
    const uses = appends.filter((args) => args.slice(1).some((a) => re.test(a.text))).length;
    if (uses > 0 && (!from || uses > from.uses)) from = { name: p, uses, of: appends.length };
  }
  return { target: at, how, lines, ...(from ? { from } : {}) };
}

/** `'a' <= c && c <= 'z'` (either order of each comparison), and `'A'…'Z'`: the letter range tested, and the name. */
function letterRange(test: string): { variable: string; lower: boolean } | undefined {
  const t = test.replace(/^\(|\)$/g, '').trim();
  const side = String.raw`(?:'([aAzZ])'\s*<=\s*(\w+)|(\w+)\s*>=\s*'([aAzZ])'|(\w+)\s*<=\s*'([aAzZ])'|'([aAzZ])'\s*>=\s*(\w+))`;
  const m = new RegExp(String.raw`^${side}\s*&&\s*${side}$`).exec(t);
  if (!m) return undefined;
  const read = (g: readonly (string | undefined)[]) =>
    g[0] !== undefined
      ? { low: g[0], name: g[1] }
      : g[2] !== undefined
        ? { low: g[3], name: g[2] }
        : g[4] !== undefined
          ? { high: g[5], name: g[4] }
          : { high: g[6], name: g[7] };
  const a = read(m.slice(1, 9));
  const b = read(m.slice(9, 17));
  if (a.name !== b.name || !a.name) return undefined;
  const low = 'low' in a ? a.low : 'low' in b ? b.low : undefined;
  const high = 'high' in a ? a.high : 'high' in b ? b.high : undefined;
  if (low === 'a' && high === 'z') return { variable: a.name, lower: true };
  if (low === 'A' && high === 'Z') return { variable: a.name, lower: false };
  return undefined;
}

function changesCaseOf(unit: Node): Shape['changesCase'] {
  for (const d of unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1)) {
    if (!/^if_(statement|expression)$/.test(d.type) || d.childForFieldName('alternative')) continue;
    const condition = d.childForFieldName('condition');
    const range = condition && letterRange(condition.text);
    if (!range) continue;
    const body = d.childForFieldName('consequence') ?? d.childForFieldName('body');
    const inner = body?.namedChildren.filter((c) => !c.type.includes('comment')) ?? [];
    const only = inner.length === 1 ? inner[0]! : undefined;
    const change = only?.text.replace(/;$/, '').trim() ?? '';
    const v = escapeRegExp(range.variable);
    // Lower to upper subtracts the gap between the ranges; upper to lower adds it.
    const gap = String.raw`(?:'a'\s*-\s*'A'|32|0x20)`;
    const op = range.lower ? '-' : '\\+';
    const ok =
      new RegExp(String.raw`^${v}\s*${op}=\s*\(?${gap}\)?$`).test(change) ||
      new RegExp(String.raw`^${v}\s*=\s*${v}\s*${op}\s*\(?${gap}\)?$`).test(change);
    if (!ok) continue;
    return {
      variable: range.variable,
      to: range.lower ? 'upper' : 'lower',
      test: condition.text.replace(/^\(|\)$/g, '').trim(),
      change,
      line: d.startPosition.row + 1,
      node: d.id,
    };
  }
  return undefined;
}

/** Most outcomes listed: more are a table, not a set of results a reader keeps in mind. */
const MAX_OUTCOMES = 5;

function outcomesOf(unit: Node, steps: readonly Step[]): Shape['outcomes'] {
  const returns = steps.filter((s) => s.kind === 'return');
  if (returns.length < 2) return undefined;
  const values = returns.map((r) => (valueOf(unit.doc.nodes[r.node] ?? unit)?.text ?? '').trim());
  const parts = values.map((v) => /^([A-Z][\w]*)\.([A-Z]\w*)$/.exec(v));
  const type = parts[0]?.[1];
  if (!type || parts.some((p) => !p || p[1] !== type)) return undefined;
  const distinct = [...new Set(values)];
  if (distinct.length < 2 || distinct.length > MAX_OUTCOMES) return undefined;
  return { type, values: distinct, lines: returns.map((r) => r.line) };
}

/** The statements of a body, comments left out; Go wraps them in one `statement_list`. */
const statementsIn = (body: Node | null | undefined): Node[] =>
  (body?.namedChildren ?? [])
    .filter((c) => !c.type.includes('comment'))
    .flatMap((c) => (c.type === 'statement_list' ? [...c.namedChildren] : [c]));

function failsAtEndOf(unit: Node, abort: string | undefined): Shape['failsAtEnd'] {
  const body = statementsIn(unit.childForFieldName('body'));
  const last = body[body.length - 1];
  // Only after other work: an `if` that is all of the body is a guard, told as one.
  if (!last || body.length < 2 || !/^if_statement$/.test(last.type) || last.childForFieldName('alternative'))
    return undefined;
  const condition = last.childForFieldName('condition');
  const inner = statementsIn(last.childForFieldName('consequence') ?? last.childForFieldName('body'));
  if (!condition || inner.length !== 1) return undefined;
  const only = inner[0]!;
  const call = only.type === 'expression_statement' ? only.namedChildren[0] : only;
  let verb: 'throws' | 'raises' | 'panics' | undefined;
  let what: string | undefined;
  if (/^throw_statement$/.test(only.type)) {
    verb = 'throws';
    what = /^throw\s+new\s+([\w.]+)\s*\(/.exec(only.text)?.[1];
  } else if (/^raise_statement$/.test(only.type)) {
    verb = 'raises';
    what = /^raise\s+([\w.]+)\b/.exec(only.text)?.[1];
  } else if (abort && call && CALLS.test(call.type) && call.childForFieldName('function')?.text === abort)
    verb = 'panics';
  if (!verb) return undefined;
  const text = condition.text.replace(/^\(([\s\S]*)\)$/, '$1').trim();
  if (text.includes('\n') || text.length > 80) return undefined;
  return {
    verb,
    condition: text,
    ...(what ? { what } : {}),
    line: last.startPosition.row + 1,
    node: last.id,
  };
}

/** The declared type's name of parameter `name` (`Map` of `seen: Map<string, T>`, `List` of `List<T> xs`). */
function parameterType(unit: Node, name: string): string | undefined {
  const list = unit.childForFieldName('parameters');
  for (const p of list?.namedChildren ?? []) {
    const named = p.childForFieldName('name') ?? p.childForFieldName('pattern');
    if (named?.text !== name) continue;
    const type = p.childForFieldName('type')?.text.replace(/^:\s*/, '');
    return type ? /^(?:readonly\s+)?([\w.]+)/.exec(type)?.[1] : undefined;
  }
  return undefined;
}

function removesOf(
  unit: Node,
  steps: readonly Step[],
  params: readonly string[],
  removal: LanguageSupport['removal'],
): Shape['removes'] {
  if (!removal) return undefined;
  const found = new Map<string, { calls: string[]; lines: number[]; conditional: boolean }>();
  for (const s of steps) {
    if (s.kind !== 'call' || !s.subject) continue;
    const m = /^(\w+)\.(\w+)$/.exec(s.subject);
    if (!m || !params.includes(m[1]!) || !removal.methods.has(m[2]!)) continue;
    const at = found.get(m[1]!) ?? { calls: [], lines: [], conditional: false };
    if (s.depth > 0) at.conditional = true;
    if (!at.calls.includes(s.subject)) at.calls.push(s.subject);
    if (!at.lines.includes(s.line)) at.lines.push(s.line);
    found.set(m[1]!, at);
  }
  // One parameter removed from: two are no one story.
  if (found.size !== 1) return undefined;
  const [target, at] = [...found][0]!;
  const type = parameterType(unit, target);
  if (!type || !removal.types.has(type.split('.').pop()!)) return undefined;
  return { target, type, ...at };
}

const LOOPS = /^(for|while|do)_statement$/;

function firstIndexOf(unit: Node): Shape['firstIndex'] {
  const body = statementsIn(unit.childForFieldName('body'));
  const at = body.findIndex((s) => LOOPS.test(s.type));
  const loop = body[at];
  const after = body[at + 1];
  // The loop, then a return that ends the body; nothing but declarations before the loop.
  if (!loop || !after || at + 2 !== body.length || !/^return/.test(after.type)) return undefined;
  // A `while` moves its index in its condition before the first turn: the start is never tested.
  if (loop.type === 'while_statement') return undefined;
  const inside = unit.doc.nodes.slice(loop.id + 1, loop.lastId + 1);
  if (inside.some((d) => LOOPS.test(d.type) || /break|continue|function|lambda|arrow|class/.test(d.type)))
    return undefined;
  const returns = inside.filter((d) => /^return_statement$/.test(d.type));
  if (returns.length !== 1) return undefined;
  const ret = returns[0]!;
  const index = valueOf(ret)?.text;
  if (!index || !/^\w+$/.test(index)) return undefined;
  // The return is all of an `if` with no `else`, written directly in the loop's body.
  const guard = ret.parent?.type === 'if_statement' ? ret.parent : ret.parent?.parent;
  if (!guard || guard.type !== 'if_statement' || guard.childForFieldName('alternative')) return undefined;
  const arm = statementsIn(guard.childForFieldName('consequence'));
  const armOk =
    guard.childForFieldName('consequence')?.id === ret.id || (arm.length === 1 && arm[0]!.id === ret.id);
  const loopBody = loop.childForFieldName('body');
  if (!armOk || !loopBody || guard.parent?.id !== loopBody.id) return undefined;
  // The index moves up by exactly one each turn, and nothing else changes it.
  const i = escapeRegExp(index);
  // A `for` loop's initializer sets where it starts: no change made in the turns.
  const text = loop.text.replace(/^for\s*\(?[^;{]*;/, 'for (;');
  const ups =
    text.match(
      new RegExp(String.raw`\+\+${i}\b|(?<![\w.])${i}\+\+|(?<![\w.])${i}\s*\+=\s*1(?![\w.])`, 'g'),
    ) ?? [];
  const changes =
    text.match(new RegExp(String.raw`(?<![\w.])${i}\s*([-+*/%|&^]?=(?!=)|\+\+|--)|(\+\+|--)${i}\b`, 'g')) ??
    [];
  if (ups.length !== 1 || changes.length !== 1) return undefined;
  // The increment runs every turn: in the loop's header or condition, not in its body.
  if (loopBody.text.includes(ups[0]!)) return undefined;
  const condition = guard
    .childForFieldName('condition')
    ?.text.replace(/^\(([\s\S]*)\)$/, '$1')
    .trim();
  const otherwise = valueOf(after)?.text;
  if (!condition || condition.includes('\n') || condition.length > 100 || !otherwise || otherwise.length > 40)
    return undefined;
  return {
    index,
    condition,
    line: guard.startPosition.row + 1,
    otherwise,
    otherwiseLine: after.startPosition.row + 1,
    node: loop.id,
  };
}

function climbsOf(unit: Node): Shape['climbs'] {
  const loops = unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1).filter((d) => LOOPS.test(d.type));
  if (loops.length !== 1) return undefined;
  const loop = loops[0]!;
  const first = unit.startPosition.row + 1;
  const lines = unit.text.split('\n');
  const from = loop.startPosition.row + 1 - first;
  const to = loop.endPosition.row + 1 - first;
  const half = String.raw`\(\s*(\w+)\s*-\s*1\s*\)\s*(?:>>>?\s*1|\/\/?\s*2)`;
  for (let l = from; l <= to; l++) {
    // `int parent = (k - 1) >>> 1;` then `k = parent;`, or `k = (k - 1) / 2` at once.
    const m = new RegExp(String.raw`^\s*(?:[\w<>]+\s+)?(\w+)\s*:?=\s*(${half})\s*;?\s*$`).exec(
      lines[l] ?? '',
    );
    if (!m) continue;
    const [, name, expr, index] = m;
    const k = escapeRegExp(index!);
    const moves =
      name === index
        ? l
        : lines.findIndex(
            (t, j) =>
              j > l &&
              j <= to &&
              new RegExp(String.raw`^\s*${k}\s*=\s*${escapeRegExp(name!)}\s*;?\s*$`).test(t),
          );
    if (moves < 0) continue;
    // Nothing else moves the index in the loop.
    const changes = lines
      .slice(from, to + 1)
      .filter((t) =>
        new RegExp(String.raw`(?<![\w.])${k}\s*([-+*/%|&^]?=(?!=)|\+\+|--)|(\+\+|--)${k}\b`).test(t),
      );
    if (changes.length !== 1) continue;
    return {
      index: index!,
      parent: expr!.trim(),
      lines: [...new Set([l, moves])].map((x) => first + x),
      node: loop.id,
    };
  }
  return undefined;
}

function searchesOf(unit: Node): Shape['searches'] {
  const loops = unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1).filter((d) => LOOPS.test(d.type));
  if (loops.length !== 1 || loops[0]!.type !== 'for_statement') return undefined;
  const loop = loops[0]!;
  const update = loop.childForFieldName('update') ?? loop.childForFieldName('increment');
  const step = update?.text.trim();
  const m = step && /^(?:\+\+(\w+)|(\w+)\+\+|(\w+)\s*\+=\s*\d+)$/.exec(step);
  const body = statementsIn(loop.childForFieldName('body'));
  const only = body.length === 1 ? body[0]! : undefined;
  if (!m || !only || only.type !== 'if_statement' || only.childForFieldName('alternative')) return undefined;
  const arm = statementsIn(only.childForFieldName('consequence'));
  const consequence = only.childForFieldName('consequence');
  const breaks =
    consequence?.type === 'break_statement' || (arm.length === 1 && arm[0]!.type === 'break_statement');
  if (!breaks || /\bbreak\s+\w/.test(only.text)) return undefined;
  const index = m[1] ?? m[2] ?? m[3]!;
  const condition = only.childForFieldName('condition')?.text ?? '';
  const i = escapeRegExp(index);
  // What the test reads at the index: one collection, by `xs.charAt(i)`, `xs.get(i)` or `xs[i]`.
  const read = [
    ...condition.matchAll(
      new RegExp(String.raw`(?<![\w.])(\w+)(?:\.(?:charAt|get|at|codePointAt)\(\s*|\[\s*)${i}\b`, 'g'),
    ),
  ].map((x) => x[1]!);
  const over = read.length > 0 && read.every((r) => r === read[0]) ? read[0] : undefined;
  if (!new RegExp(String.raw`(?<![\w.])${i}\b`).test(condition)) return undefined;
  // Inside one `if`'s first arm it searches only when that condition holds; deeper, nothing is said.
  const around: Node[] = [];
  for (let n = loop.parent; n && n.id !== unit.id; n = n.parent)
    if (/^(if|else|switch|case|try|catch)|_clause$/.test(n.type) && n.type !== 'else_clause') around.push(n);
  if (around.length > 1 || /else/.test(loop.parent?.parent?.type ?? '')) return undefined;
  const guard = around[0];
  if (guard && (guard.type !== 'if_statement' || guard.childForFieldName('alternative'))) return undefined;
  const when = guard
    ?.childForFieldName('condition')
    ?.text.replace(/^\(([\s\S]*)\)$/, '$1')
    .trim();
  if (guard && (!when || when.includes('\n'))) return undefined;
  return {
    ...(guard && when ? { when: { text: when, line: guard.startPosition.row + 1 } } : {}),
    index,
    ...(over ? { over } : {}),
    step,
    line: loop.startPosition.row + 1,
    test: only.startPosition.row + 1,
    node: loop.id,
  };
}

function truncatesOf(unit: Node): Shape['truncates'] {
  for (const d of unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1)) {
    if (!/assignment/.test(d.type)) continue;
    const m =
      /^(\w+)\s*=\s*\1(?:\.(?:substring|slice|substr)\(\s*0\s*,\s*([\w.]+)\s*\)|\[\s*(?:0\s*)?:\s*([\w.]+)\s*\])$/.exec(
        d.text.trim(),
      );
    if (!m) continue;
    // A cut on a loop's way out of the function (an error message's excerpt before `return …, err`) is not
    // what the function does with its input.
    let loop = d.parent;
    while (loop && loop.id > unit.id && !LOOP_TYPES.has(loop.type)) loop = loop.parent;
    if (loop && loop.id > unit.id && onWayOut(d, loop)) continue;
    const length = m[2] ?? m[3]!;
    // The `if` whose only statement this is: `if (n < s.length()) s = s.substring(0, n);`.
    let statement = d;
    while (statement.parent && /expression_statement|expression_list|assignment/.test(statement.parent.type))
      statement = statement.parent;
    let guard = statement.parent;
    if (guard && /block|statement_list/.test(guard.type)) {
      const inner = statementsIn(guard);
      guard = inner.length === 1 ? guard.parent : null;
    }
    const when =
      guard?.type === 'if_statement' && !guard.childForFieldName('alternative')
        ? guard
            .childForFieldName('condition')
            ?.text.replace(/^\(([\s\S]*)\)$/, '$1')
            .trim()
        : undefined;
    return {
      target: m[1]!,
      length,
      characters: /\.(substring|substr)\(/.test(d.text),
      line: d.startPosition.row + 1,
      ...(guard && when && !when.includes('\n')
        ? { when: { text: when, line: guard.startPosition.row + 1 } }
        : {}),
    };
  }
  return undefined;
}

export function shapeOf(
  unit: Node,
  steps: readonly Step[],
  name: string | undefined,
  params: readonly string[],
  support?: LanguageSupport,
): Shape {
  const delegates = delegatesOf(unit, steps, name);
  const deprecated = deprecatedOf(unit, steps);
  const writes = writesOf(unit, steps);
  const maps = mapsOf(unit, steps);
  const fills = fillsOf(unit, steps, params);
  const outcomes = maps ? undefined : outcomesOf(unit, steps);
  const appends = appendsOf(unit, steps, params, support?.growing?.append);
  const changesCase = changesCaseOf(unit);
  const failsAtEnd = failsAtEndOf(unit, support?.aborts?.call);
  const removes = removesOf(unit, steps, params, support?.removal);
  const firstIndex = firstIndexOf(unit);
  const climbs = climbsOf(unit);
  const digits = digitsOf(unit);
  const searches = searchesOf(unit);
  const truncates = truncatesOf(unit);
  return {
    ...(truncates ? { truncates } : {}),
    ...(searches ? { searches } : {}),
    ...(climbs ? { climbs } : {}),
    ...(digits ? { digits } : {}),
    ...(firstIndex ? { firstIndex } : {}),
    ...(removes ? { removes } : {}),
    ...(failsAtEnd ? { failsAtEnd } : {}),
    ...(appends ? { appends } : {}),
    ...(changesCase ? { changesCase } : {}),
    ...(delegates ? { delegates } : {}),
    ...(deprecated ? { deprecated } : {}),
    ...(writes ? { writes } : {}),
    ...(maps ? { maps } : {}),
    ...(fills ? { fills } : {}),
    ...(outcomes ? { outcomes } : {}),
  };
}
