/**
 * The audit's second opinion: for each kind of claim, a deliberately simple
 * check written apart from the engine's own reading (leaf tokens and plain
 * text where the engine reads fields and node types), so a mistake in one is
 * unlikely to be the same mistake in the other. A check answers with the
 * reason the claim is contradicted, or undefined when the tree bears it out.
 */
import type { Claim, ClaimKind } from '../../src/engine/claims/index.js';
import type { UnitFacts } from '../../src/engine/facts/model.js';
import type { SnapshotNode as Node } from '../../src/engine/parsing/node.js';
import { withoutComments as uncommented } from './comments.js';

export interface CheckContext {
  /** The unit the claim is about. */
  readonly unit: UnitFacts;
  /** Every unit of the file. */
  readonly units: readonly UnitFacts[];
  readonly nodes: readonly Node[];
}

type Check<K extends ClaimKind> = (
  claim: Extract<Claim, { kind: K }>,
  context: CheckContext,
) => string | undefined;

/** Tokens: the nodes with no children, in document order. */
function leaves(node: Node): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    if (n.childCount === 0) out.push(n);
    else for (const c of n.children) walk(c);
  };
  walk(node);
  return out;
}

const shortName = (name: string) => name.split(/[.#:]|::/).pop() ?? name;

/** A function written inside another: its calls run when it is called, not when the outer one runs. */
const NESTED_FUNCTION = /function|lambda|arrow|closure|func_literal|method_definition|block_argument/;
const ITERATING = /\.(forEach|map|flatMap|filter|some|every|reduce|reduceRight|find|findIndex)$/;

const dividesBy: Check<'divides-by'> = (claim, { unit, nodes }) => {
  const division = nodes[claim.evidence.nodes[0] ?? -1];
  if (!division) return 'no evidence node';
  const tokens = division.children.map((c) => c.text);
  if (!tokens.some((t) => ['/', '%', '//', '/=', '%=', '//='].includes(t))) return 'no dividing operator';
  if (division.children[division.children.length - 1]?.text !== claim.divisor)
    return 'the divisor is another operand';
  const mentions = leaves(unit.metrics.node).filter(
    (t) => t.text === claim.divisor || t.text === `$${claim.divisor}`,
  );
  // The parameter's declaration, then only divisions: a token before each later mention must divide.
  const others = mentions.slice(1).filter((t) => {
    let p: Node | null = t;
    while (p?.parent && p.parent.children.length === 1) p = p.parent;
    const before = p?.previousSibling?.text;
    return !['/', '%', '//', '/=', '%=', '//='].includes(before ?? '');
  });
  if (others.length > 0)
    return `\`${claim.divisor}\` is also used on line ${others[0]!.startPosition.row + 1}`;
  return undefined;
};

const callsItself: Check<'calls-itself'> = (claim, { unit, units, nodes }) => {
  const name = shortName(unit.metrics.name);
  const overloads = units.filter(
    (u) => u.metrics.kind !== 'class' && u.metrics.name === unit.metrics.name,
  ).length;
  for (const id of claim.evidence.nodes) {
    const call = nodes[id];
    if (!call || !/call|invocation/.test(call.type)) return 'a site is not a call';
    const callee = call.text.slice(0, call.text.indexOf('(') < 0 ? undefined : call.text.indexOf('(')).trim();
    if (shortName(callee.replace(/\s+/g, '').replace(/^(this|self|cls)\./, '')) !== name)
      return `line ${call.startPosition.row + 1} calls \`${callee}\``;
    if (overloads > 1) {
      const list = call.children.find((c) => /argument/.test(c.type));
      const args = list ? list.namedChildren.filter((c) => !c.type.includes('comment')).length : 0;
      const params = unit.params.filter((p) => !['self', 'cls', 'this'].includes(p)).length;
      if (args !== params)
        return `line ${call.startPosition.row + 1} passes ${args} arguments to one of ${overloads} overloads; this one takes ${params}`;
    }
  }
  return claim.evidence.nodes.length >= claim.sites ? undefined : 'fewer sites than claimed';
};

const stackDepth: Check<'stack-depth'> = (claim, { unit, nodes }) => {
  const head = unit.metrics.node.text.slice(0, 60);
  if (/\basync\b/.test(head.split(/[({]/)[0] ?? '')) return 'the unit is async';
  for (const id of claim.evidence.nodes) {
    const call = nodes[id];
    if (!call) return 'no evidence node';
    for (let p = call.parent; p && p.id !== unit.metrics.node.id; p = p.parent) {
      if (!NESTED_FUNCTION.test(p.type)) continue;
      const host = p.parent?.parent;
      // The callee is the call's text before its argument list: `Object.values(x).some` in `Object.values(x).some(f)`.
      const list = host?.children.find((c) => /argument/.test(c.type));
      const callee = host && list ? host.text.slice(0, list.startIndex - host.startIndex) : undefined;
      if (!callee || !ITERATING.test(callee))
        return `the self-call on line ${call.startPosition.row + 1} is in a function the unit hands on`;
    }
  }
  return undefined;
};

const declaresMethods: Check<'declares-methods'> = (claim, { nodes }) => {
  const declaration = nodes[claim.evidence.nodes[0] ?? -1];
  if (!declaration) return 'no evidence node';
  if (claim.count === 0) {
    const found = allNodes(declaration).find(
      (n) =>
        /method|function|constructor|lambda|arrow/.test(n.type) &&
        // Rust's `size_of::<T>` (a `generic_function`) names a function in an expression; it declares none.
        !/invocation|call|reference|type|identifier|generic_function/.test(n.type) &&
        ownerOf(n)?.id === declaration.id,
    );
    return found ? `line ${found.startPosition.row + 1} holds a ${found.type}` : undefined;
  }
  const listed = claim.evidence.nodes.slice(1);
  if (listed.length !== claim.count) return `${claim.count} claimed, ${listed.length} listed`;
  for (const id of listed) {
    const member = nodes[id];
    if (!member || member.startIndex < declaration.startIndex || member.endIndex > declaration.endIndex)
      return 'a listed method is outside the declaration';
    if (
      !/method|function|constructor|lambda|arrow|signature|accessor|operator|destructor|definition/.test(
        member.type,
      )
    )
      return `line ${member.startPosition.row + 1} is a ${member.type}`;
  }
  return undefined;
};

/** A type declaration: what a method written inside it belongs to. */
const DECLARATION = /class|interface|struct|enum|record|trait|impl|object|protocol|module/;

/** The innermost type declaration around a node. */
function ownerOf(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) {
    // An anonymous class (`new Runnable() { … }`) owns what its body declares.
    if (/body/.test(p.type) && /creation|new_expression|object_literal/.test(p.parent?.type ?? ''))
      return p.parent!;
    if (DECLARATION.test(p.type) && !/body|list|creation/.test(p.type)) return p;
  }
  return undefined;
}

function allNodes(node: Node): Node[] {
  const out: Node[] = [];
  const nodes = node.doc.nodes;
  for (let id = node.id + 1; id <= node.lastId; id++) out.push(nodes[id]!);
  return out;
}

const addsUp: Check<'adds-up'> = (claim, { unit }) => {
  const text = unit.metrics.node.text;
  const t = claim.target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(`\\b${t}\\b[^=\\n;]*?(:=|=)\\s*0(\\.0)?[fLlu]?\\b`).test(text))
    return `\`${claim.target}\` is never set to 0`;
  if (new RegExp(`\\b${t}\\s*(:=|=)\\s*("|'|\\[|\\{)`).test(text))
    return `\`${claim.target}\` is also set to a string or collection`;
  if (!new RegExp(`\\b${t}\\s*(\\+=|-=)|\\b${t}\\s*=\\s*${t}\\s*[-+]`).test(text))
    return 'nothing is added to it';
  if (new RegExp(`\\b${t}\\s*(\\*=|<<=)|\\b${t}\\s*=\\s*\\(?\\s*${t}\\s*(\\*|<<)`).test(text))
    return `\`${claim.target}\` is also multiplied or shifted`;
  if (!new RegExp(`\\breturn\\s+\\(?${t}\\b`).test(text)) return 'it is not returned';
  return undefined;
};

const debounces: Check<'debounces'> = (claim, { unit }) => {
  const text = unit.metrics.node.text;
  const t = claim.timer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const clear = new RegExp(`clearTimeout\\(\\s*${t}\\s*\\)`).exec(text);
  if (!clear) return `no \`clearTimeout(${claim.timer})\``;
  return new RegExp(`\\b${t}\\s*=\\s*setTimeout\\(`).test(text.slice(clear.index))
    ? undefined
    : `no \`${claim.timer} = setTimeout(…)\` after it`;
};

/** Arms of a switch, match or when, as their grammars name them. */
const ARM = /case|arm|when|section|default|entry|rule|item|clause|group/;

const switches: Check<'switches'> = (claim, { nodes }) => {
  const node = nodes[claim.evidence.nodes[0] ?? -1];
  if (!node) return 'no evidence node';
  if (!/switch|match|case|when|select/.test(node.type)) return `a ${node.type} is no switch`;
  const near = [...node.namedChildren, ...node.namedChildren.flatMap((c) => c.namedChildren)];
  // A switch with no arms at all (`match self.void {}`, `select {}`) is still one; a label is not.
  if (/\{\s*\}$/.test(node.text)) return undefined;
  return near.some((c) => ARM.test(c.type))
    ? undefined
    : `the ${node.type} on line ${node.startPosition.row + 1} has no arms: it is one`;
};

/** The source lines of the file, 1-based (index 0 unused). */
function sourceLines(node: Node): string[] {
  return ['', ...node.doc.source.split('\n')];
}

/** The loop's lines, and whether `at` is among them. */
function within(loop: Node, at: number): boolean {
  return at >= loop.startPosition.row + 1 && at <= loop.endPosition.row + 1;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const loopChanges: Check<'loop-changes'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  const lines = sourceLines(loop);
  const name = escape(claim.name);
  // An assignment of any operator (`=`, `+=`, `>>>=`, `&^=`, `??=`), `++`/`--` either side, or a call that adds to it.
  const assign = '(<<|>>>?|&\\^|\\?\\?|\\|\\||&&|\\*\\*|//|[-+*/%|&^])?=(?!=)';
  const adders =
    'push|append|add|Add|insert|extend|put|push_back|unshift|appendleft|WriteString|WriteByte|WriteRune|Write|set|setdefault';
  const removers =
    'pop|popleft|popitem|shift|pop_front|pop_back|poll|pollFirst|pollLast|removeFirst|removeLast|Dequeue|dequeue|Pop';
  const change = new RegExp(
    [
      `(^|[^\\w.])${name}!?\\s*(:\\s*[^=]+)?${assign}`,
      `(^|[^\\w.])${name}!?\\s*(\\+\\+|--)`,
      `(\\+\\+|--)\\s*${name}(?![\\w])`,
      `(^|[^\\w.])${name}\\s*\\??\\.\\s*(${adders})\\s*\\(`,
      // …or a call or statement that takes an item out: `q.pop()`, `this.docs?.shift()`, `del items[-1]`.
      `(^|[^\\w.])${name}\\s*\\??\\.\\s*(${removers})\\s*\\(`,
      `(^|[^\\w.])del\\s+${name}\\s*\\[`,
      // An element written: `tab[i++][1] = v`.
      `(^|[^\\w.])${name}\\s*\\[.*?\\]\\s*(\\[.*?\\]\\s*)*${assign}`,
      `,\\s*${name}\\s*[)\\]]*\\s*(:=|=)(?!=)`,
      // One of several names set at once: `p0, q0 = …`, `a, b := …`.
      `(^|[^\\w.])${name}\\s*,[^=]*?(:=|[^=!<>]=)(?!=)`,
    ].join('|'),
  );
  for (const at of claim.evidence.lines) {
    if (!within(loop, at)) return `line ${at} is outside the loop on line ${loop.startPosition.row + 1}`;
    // An assignment may break its line before the operator (`name\n    = value`).
    const next = (lines[at + 1] ?? '').trim();
    // …or before a call's dot or parenthesis (`h32\n  .add(…)`, `list.add\n  (…)`).
    let joined = /^([-+*/%|&^<>?]*=(?!=)|\.|\()/.test(next) ? `${lines[at] ?? ''}${next}` : (lines[at] ?? '');
    // A statement whose brackets stay open runs on over the lines below (`(a, b,\n c) = …`).
    for (let k = at + 1; k < at + 30 && open(joined) > 0; k++) joined += ` ${(lines[k] ?? '').trim()}`;
    // A comment inside the statement is no code: `tree[n * 2 + 1]/*.Len*/ = bits` (read as written first:
    // on a minified line, `/*` may stand in a string or a pattern).
    if (!change.test(joined)) {
      const uncommented = joined.replace(/\/\*.*?\*\//g, ' ');
      if (joined.length > 300 || !change.test(uncommented))
        return `line ${at} does not change \`${claim.name}\``;
      joined = uncommented;
    }
    const operator = OPERATOR_OF[claim.how];
    // Only when every change is by that one operator is the claim named after it.
    const step = operator === '+=' ? '\\+\\+' : operator === '-=' ? '--' : undefined;
    const by = `(^|[^\\w.])${name}\\s*${escape(operator ?? '')}(?!=)`;
    const stepped = step ? `|(^|[^\\w.])${name}\\s*${step}|${step}\\s*${name}(?![\\w])` : '';
    // …or written out: `t = t + x`, `n = n * 16`.
    const spelled =
      operator && /^[-+*/]=$/.test(operator)
        ? `|(^|[^\\w.])${name}\\s*=\\s*${name}\\s*${escape(operator[0]!)}(?!=)`
        : '';
    if (operator && !new RegExp(`${by}${stepped}${spelled}`).test(joined))
      return `line ${at} does not change \`${claim.name}\` with \`${operator}\``;
    // Said to be moved by a constant other than 1: the line moves it by exactly that.
    const sign = claim.how === 'back' ? '-' : '\\+';
    if (
      claim.by &&
      !new RegExp(`(^|[^\\w.])${name}\\s*${sign}=\\s*${escape(claim.by)}(?![\\w.])`).test(joined) &&
      // …or written out: `i = i + 2`.
      !new RegExp(`(^|[^\\w.])${name}\\s*=\\s*${name}\\s*${sign}\\s*${escape(claim.by)}(?![\\w.])`).test(
        joined,
      )
    )
      return `line ${at} does not move \`${claim.name}\` by ${claim.by}`;
    // Said to be set to one of some values: the line sets it to one of exactly those.
    const to = claim.to?.map(escape).join('|');
    // The value ends there: no more of an expression follows it (`open = '('` then the next `case`).
    if (to && !new RegExp(`(^|[^\\w.])${name}\\s*:?=\\s*(${to})(?![\\w.(\\[])`).test(joined.trim()))
      return `line ${at} does not set \`${claim.name}\` to ${claim.to!.map((t) => `\`${t}\``).join(' or ')}`;
  }
  return undefined;
};

/** The loop's own text, line by line with each line's number: on a minified line, only the loop's part of it. */
function loopLines(loop: Node): [number, string][] {
  return loop.text.split('\n').map((text, i): [number, string] => [loop.startPosition.row + 1 + i, text]);
}

/**
 * Every assignment of `name` on the loop's lines: what follows its operator, by line. Read from the text
 * as written and with comments taken out (a minified line's `//` in a string would cut the rest), each
 * assignment once.
 */
function assignmentsOf(name: string, loop: Node): [number, string, string][] {
  const n = escape(name);
  const assignment = new RegExp(
    `(?<![\\w.$])${n}\\s*((?:>>>|>>|<<|//|\\*\\*|[-+*/%&|^])?:?=(?!=)[^;,]*|\\+\\+|--)`,
    'g',
  );
  // Each assignment as read with comments taken out, and as written with only a trailing `# …` cut
  // (Python's `//` is a division that the comment pattern would cut): a check may accept either.
  return loopLines(loop).flatMap(([at, text]) => {
    const raw = [...text.matchAll(assignment)].map((m) => m[1]!.replace(/\s+#.*$/, '').trim());
    const bare = [...uncommented(text).matchAll(assignment)].map((m) => m[1]!.trim());
    const main = bare.length >= raw.length ? bare : raw;
    const alt = bare.length === raw.length ? raw : main;
    return main.map((op, i): [number, string, string] => [at, op, alt[i]!]);
  });
}

/** The loop's header: its code before the body opens (`{`, or `:` at a line's end). */
function headerOf(loop: Node): string {
  return uncommented(loop.text).split(/\{|:\s*\n/)[0] ?? '';
}

/**
 * The last line of a `for` header's start when it starts `name` (`for (let i = 0, p = head; …`): that runs
 * once, before the first turn.
 */
function startsInHeader(name: string, loop: Node): number | undefined {
  const start = /^\s*for\s*\(([^;]*);/.exec(headerOf(loop))?.[0];
  if (!start || !new RegExp(`(?<![\\w.$])${escape(name)}\\s*=(?!=)`).test(start)) return undefined;
  return loop.startPosition.row + start.split('\n').length;
}

const loopDrains: Check<'loop-drains'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  // Go's `for cond {}` holds its condition as a plain child, beside the body.
  const condition =
    loop.childForFieldName('condition') ??
    loop.namedChildren.find(
      (c) => c.id !== loop.childForFieldName('body')?.id && !/clause|comment/.test(c.type),
    );
  if (!condition) return `the ${loop.type} on line ${loop.startPosition.row + 1} has no condition`;
  const name = escape(claim.name);
  const text = condition.text.trim();
  const bare = loop.type === 'while_statement' && text === claim.name;
  const tests = new RegExp(
    `len\\(\\s*${name}\\s*\\)|(^|[^\\w.])${name}\\s*\\.\\s*(length|Count|Length|size|len|isEmpty|is_empty|empty|isNotEmpty|any|Any)\\b`,
  );
  if (!bare && !tests.test(text))
    return `the condition \`${text}\` does not test \`${claim.name}\` for items`;
  const lines = sourceLines(loop);
  const takes = new RegExp(
    `(^|[^\\w.])${name}\\s*\\??\\.\\s*(pop|popleft|popitem|shift|pop_front|pop_back|poll|pollFirst|pollLast|removeFirst|removeLast|Dequeue|dequeue|Pop)\\s*\\(|(^|[^\\w.])del\\s+${name}\\s*\\[`,
  );
  for (const at of claim.evidence.lines.slice(1)) {
    if (!within(loop, at)) return `line ${at} is outside the loop`;
    if (!takes.test(lines[at] ?? '')) return `line ${at} takes nothing out of \`${claim.name}\``;
  }
  return claim.evidence.lines.length > 1 ? undefined : 'no line takes items out';
};

const loopDescends: Check<'loop-descends'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  const at = claim.evidence.lines[0]!;
  if (!within(loop, at)) return `line ${at} is outside the loop`;
  const rest = claim.into.startsWith(claim.name) ? claim.into.slice(claim.name.length) : '';
  if (!/^((\??\.|->)[\w$]+|\[[^\]():]+\])+$/.test(rest))
    return `\`${claim.into}\` is not a part of \`${claim.name}\``;
  const sets = assignmentsOf(claim.name, loop);
  const into = claim.into.replace(/\s+/g, '');
  const own = sets.findIndex(([line, op]) => line === at && op.replace(/\s+/g, '').startsWith(`=${into}`));
  if (own < 0) return `line ${at} does not set \`${claim.name}\` to \`${claim.into}\``;
  // A declaration with a start value (`for (let p = head; …)`, `Node p = head` in the header) runs once.
  const lines = sourceLines(loop);
  const declares = new RegExp(
    `\\b(let|var|const|auto|final|[A-Z]\\w*|int|long|size_t|\\w+\\s*\\*)\\s+${escape(claim.name)}\\s*=`,
  );
  let started = startsInHeader(claim.name, loop);
  // Another move into a part of it (`node = node.next` beside `node = node.table[i]`) is the same walk.
  const part = new RegExp(`^=${escape(claim.name)}((\\??\\.|->)[\\w$]+|\\[[^\\]():]+\\])+;?$`);
  const others = sets.filter(([line, op], i) => {
    if (i === own || declares.test(lines[line] ?? '') || part.test(op.replace(/\s+/g, ''))) return false;
    if (started !== undefined && line <= started) {
      started = undefined;
      return false;
    }
    return true;
  });
  return others.length > 0 ? `line ${others[0]![0]} sets \`${claim.name}\` too` : undefined;
};

const loopKeepsBest: Check<'loop-keeps-best'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  const [test, keep] = claim.evidence.lines as [number, number];
  if (!within(loop, test) || !within(loop, keep)) return 'a line is outside the loop';
  const lines = sourceLines(loop);
  const flat = (t: string) => t.replace(/\s+/g, '');
  const name = flat(claim.name);
  const value = flat(claim.value);
  // The condition may run on over several lines, up to the one that keeps the value.
  const compared = flat(lines.slice(test, Math.max(test + 1, keep)).join(' '));
  const ways =
    claim.keeps === 'highest'
      ? [`${value}>${name}`, `${value}>=${name}`, `${name}<${value}`, `${name}<=${value}`]
      : [`${value}<${name}`, `${value}<=${name}`, `${name}>${value}`, `${name}>=${value}`];
  if (!ways.some((w) => compared.includes(w)))
    return `line ${test} does not compare \`${claim.value}\` with \`${claim.name}\` that way`;
  const sets = assignmentsOf(claim.name, loop);
  const own = sets.filter(([line, op]) => line === keep && flat(op).replace(/;$/, '') === `=${value}`);
  if (own.length !== 1) return `line ${keep} does not set \`${claim.name}\` to \`${claim.value}\``;
  const other = sets.find(([line, op]) => line !== keep || flat(op).replace(/;$/, '') !== `=${value}`);
  return other ? `line ${other[0]} sets \`${claim.name}\` too` : undefined;
};

const loopSkips: Check<'loop-skips'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  if (!/while|for/.test(loop.type))
    return `the ${loop.type} on line ${loop.startPosition.row + 1} is no loop`;
  const flat = (t: string) => t.replace(/\s+/g, '');
  // Go's `for cond {}` holds its condition as a plain child, beside the body.
  const held =
    loop.childForFieldName('condition') ??
    loop.namedChildren.find(
      (c) => c.id !== loop.childForFieldName('body')?.id && !/clause|comment/.test(c.type),
    );
  const condition = flat(held?.text ?? '');
  if (!condition.includes(flat(claim.bound)) || !condition.includes(flat(claim.test)))
    return `the condition does not hold \`${claim.bound}\` and \`${claim.test}\``;
  const body = (loop.childForFieldName('body')?.text ?? '')
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$|#.*$/gm, '')
    .replace(/^\s*:/, '')
    .replace(/[{};\s]/g, '');
  const i = escape(claim.index);
  const sign = claim.way === 'forward' ? '\\+' : '-';
  const moves = new RegExp(`^(?:${i}${sign}${sign}|${sign}${sign}${i}|${i}${sign}=1|${i}=${i}${sign}1)$`);
  return moves.test(body)
    ? undefined
    : `the body \`${body}\` does more than move \`${claim.index}\` by one ${claim.way}`;
};

const loopLogTurns: Check<'loop-log-turns'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  // The condition is in the header, or on the last line of a `do … while`.
  const header = `${headerOf(loop)}\n${loopLines(loop).at(-1)?.[1] ?? ''}`;
  for (const name of claim.names)
    if (!new RegExp(`(?<![\\w.])${escape(name)}(?![\\w])`).test(header))
      return `the loop's header and last line do not mention \`${name}\``;
  const k = '(?:[2-9]|[1-9]\\d+)';
  // The header's start (`for (let lo = 0, hi = n; …`) runs once: its first assignment is left out.
  const started = (name: string) => (op: [number, string, string], i: number) => {
    const end = startsInHeader(name, loop);
    return !(end !== undefined && i === 0 && op[0] <= end);
  };
  if (claim.how === 'bisects') {
    const [lo, hi] = claim.names.map(escape) as [string, string];
    const text = loopLines(loop)
      .map(([, t]) => t)
      .join('\n');
    const mid = new RegExp(
      `(\\w+)\\s*:?=[^;\\n]*\\b(${lo}|${hi})\\b[^;\\n]*\\b(${lo}|${hi})\\b[^;\\n]*(/\\s*2|>>>?\\s*1)`,
    ).exec(text);
    if (!mid) return 'no midpoint of both ends is set in the loop';
    const toMid = new RegExp(`^=\\s*${escape(mid[1]!)}(\\s*[-+]\\s*1)?[\\s;{})]*$`);
    for (const name of claim.names)
      for (const [at, op, alt] of assignmentsOf(name, loop).filter(started(name)))
        if (!toMid.test(op) && !toMid.test(alt))
          return `line ${at} sets \`${name}\` otherwise than to the midpoint`;
    return undefined;
  }
  const [name] = claim.names as [string];
  const geometric =
    claim.how === 'halves'
      ? new RegExp(`^(>>>?=|//?=)\\s*\\d+|^:?=.*\\b${escape(name)}\\b.*(>>>?\\s*\\d|//?\\s*${k})`)
      : new RegExp(`^(\\*=|<<=)\\s*\\d+|^:?=.*(\\*\\s*\\w|\\w\\s*\\*|<<\\s*\\d)`);
  const constant = /^(\+\+|--|[-+]=\s*\d+|:?=\s*\w+\s*[-+]\s*\d+)[\s;{})]*$/;
  const bare = /^:?=\s*(\w+)[\s;{})]*$/;
  let moved = false;
  const either = (re: RegExp, op: string, alt: string) => re.test(op) || re.test(alt);
  for (const [at, op, alt] of assignmentsOf(name, loop).filter(started(name))) {
    if (either(geometric, op, alt)) moved = true;
    else if (either(constant, op, alt)) continue;
    else {
      const other = bare.exec(op)?.[1];
      const theirs = other ? assignmentsOf(other, loop) : [];
      if (
        !other ||
        theirs.length === 0 ||
        !theirs.every(([, o, a]) => either(geometric, o, a) || either(constant, o, a))
      )
        return `line ${at} sets \`${name}\` in a way that is no geometric step`;
      moved = true;
    }
  }
  return moved ? undefined : `no line of the loop moves \`${name}\` geometrically`;
};

/** How many more `(` and `[` than `)` and `]` a text has. */
function open(text: string): number {
  return (text.match(/[([]/g) ?? []).length - (text.match(/[)\]]/g) ?? []).length;
}

/** The operator a change named "adds to", "subtracts from", "multiplies" or "divides" is written with. */
const OPERATOR_OF: Readonly<Partial<Record<string, string>>> = {
  adds: '+=',
  subtracts: '-=',
  multiplies: '*=',
  divides: '/=',
};

/**
 * For a language with braces: the header of the innermost block around `at` (line, 1-based within
 * `lines`) that a plain `break` ends, a loop or a `switch`/`select`; blocks of an `if` or a `case` are
 * passed over. Braces are counted back from the start of line `at`, strings and comments not told apart.
 */
function breakTarget(
  lines: readonly string[],
  at: number,
  from: number,
): { line: number; switches: boolean } | undefined {
  let depth = 0;
  for (let l = at; l >= from; l--) {
    // On the `break`'s own line, only what comes before it (`for (…) { if (x) break; }`).
    // Braces in strings and character literals (`'{'`, `"}"`) and in line comments are no blocks.
    const line = (lines[l] ?? '')
      .replace(/'(\\.|[^'\\])*'|"(\\.|[^"\\])*"|`[^`]*`/g, '""')
      .replace(/\/\/.*$/, '');
    const text = l === at ? line.slice(0, Math.max(0, line.search(/\bbreak\b/))) : line;
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === '}') depth++;
      else if (text[i] === '{') {
        if (depth > 0) {
          depth--;
          continue;
        }
        const before = text.slice(0, i).trim();
        const header =
          before === '' || /^(\)|else)$/.test(before) ? `${lines[l - 1] ?? ''} ${before}` : before;
        // The statement's keyword starts the header (after a label or a closing brace): `loop` may be a name.
        const keyword = /^\s*(\}\s*)?(\w+:\s*)?(switch|select|for|while|do|loop|foreach)\b/.exec(header)?.[3];
        if (keyword) return { line: l, switches: keyword === 'switch' || keyword === 'select' };
      }
    }
  }
  return undefined;
}

const JUMP_WORDS: Readonly<Record<string, RegExp>> = {
  break: /\bbreak\b/,
  continue: /\bcontinue\b/,
  return: /\breturn\b/,
  throw: /\b(throw|raise|panic)\b/,
};

const loopExits: Check<'loop-exits'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  const at = claim.evidence.lines[0] ?? 0;
  if (!loop) return 'no evidence node';
  if (!within(loop, at)) return `line ${at} is outside the loop`;
  const lines = sourceLines(loop);
  if (!JUMP_WORDS[claim.exit]!.test(lines[at] ?? '')) return `line ${at} has no \`${claim.exit}\``;
  // A plain `break` (no label) in a language with braces ends the innermost loop or switch around it.
  const start = loop.startPosition.row + 1;
  const breakLine = lines[at] ?? '';
  // One `break` on a line of readable length: in minified code a line holds many, and which is meant is unknown.
  const single = (breakLine.match(/\bbreak\b/g) ?? []).length === 1 && breakLine.length <= 200;
  if (
    claim.exit === 'break' &&
    single &&
    /\bbreak\s*;?\s*($|\/\/|})/.test(breakLine) &&
    (lines[start] ?? '').includes('{')
  ) {
    const target = breakTarget(lines, at, start);
    if (target?.switches) return `the \`break\` on line ${at} ends the \`switch\` on line ${target.line}`;
    if (target && target.line > start + 2)
      return `the \`break\` on line ${at} ends the loop on line ${target.line}`;
  }
  return undefined;
};

/** A line with no code: blank, or only a comment. */
// `#[cold]`, `#[rustfmt::skip]`, `#![allow(…)]` (Rust attributes) are code, not comments; `#[69, 99]` in Python is one.
// A line opening with `/* … */` and code after it (`/* if SET */ assert(…)`) is code.
const NO_CODE = /^\s*($|\/\/|#(?!!?\[[\w:]+(?:\(|\]|\s*=))|\/\*(?!.*\*\/\s*(?!\/\/|\/\*)\S)|\*(\s|\/|$))/;

const commentExplains: Check<'comment-explains'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  const lines = sourceLines(loop);
  const at = claim.evidence.lines[0] ?? 0;
  const firstWords = claim.text.split(/\s+/).slice(0, 3).join(' ');
  // A block comment may open on a line of its own (`/*`) and say its words on the lines below.
  let end = at;
  const opens = lines[at] ?? '';
  // Not a `/*` inside a line comment (`// "plugin/*" wildcard`).
  if (/^\s*\/\*/.test(opens) || (!/\/\/|^\s*#/.test(opens) && /\/\*(?!.*\*\/)/.test(opens)))
    while (end < lines.length - 1 && !(lines[end] ?? '').includes('*/')) end++;
  // Comments on lines one after another are one comment: its words run on over them.
  // A line that holds only comments (`/******/ // startup`, a webpack bundle's) is one of them too.
  const commentOnly = {
    test: (l: string) =>
      l.trim() !== '' && NO_CODE.test(l) && !/^\s*\*/.test(l) && !/^\s*\/\*(?!.*\*\/)/.test(l),
  };
  if (commentOnly.test(opens)) while (end < lines.length - 1 && commentOnly.test(lines[end + 1] ?? '')) end++;
  const text = lines
    .slice(at, end + 1)
    .map((l) =>
      l
        // Closed block comments before another comment (`/******/ // startup`) are markers, not words.
        .replace(/^\s*(\/\*+[^*]*\*+\/\s*)+(?=\/\/|\/\*)/, '')
        .replace(/^\s*(\/\/+|#+|\/\*+|\*+)/, ' ')
        .replace(/\*+\/\s*$/, ' '),
    )
    .join(' ')
    .replace(/\s+/g, ' ');
  if (!text.includes(firstWords)) return `line ${at} does not hold the comment “${claim.text}”`;
  const trailing = !NO_CODE.test(lines[at] ?? '');
  if (trailing)
    return claim.explains === at ? undefined : `the comment trails line ${at}, not line ${claim.explains}`;
  let next = end + 1;
  while (next < lines.length && NO_CODE.test(lines[next] ?? '')) {
    // A block comment in between: its lines need not start with `*`.
    if (/^\s*\/\*/.test(lines[next] ?? ''))
      while (next < lines.length - 1 && !(lines[next] ?? '').includes('*/')) next++;
    next++;
  }
  // A block comment's later lines are comment lines too, which the test above skips.
  return claim.explains === next
    ? undefined
    : `the code after the comment is on line ${next}, not line ${claim.explains}`;
};

/** A unit's own text: the functions written inside it blanked out (their returns are theirs). */
function ownText(unit: UnitFacts, units: readonly UnitFacts[]): string {
  const node = unit.metrics.node;
  let text = node.text;
  for (const other of units) {
    const n = other.metrics.node;
    if (n.id === node.id || n.start < node.start || n.end > node.end) continue;
    const from = n.start - node.start;
    // Blanked, not removed: every line stays where it was.
    const blank = text.slice(from, from + n.end - n.start).replace(/[^\n]/g, ' ');
    text = text.slice(0, from) + blank + text.slice(from + n.end - n.start);
  }
  return text;
}

/** Strings blanked to `""`: a word in a string is no keyword, and both sides compare alike. */
const blankStrings = (text: string) =>
  text
    .replace(/("""|''')[\s\S]*?\1/g, (s) => s.replace(/[^\n]/g, ' '))
    .replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
/** Comments blanked too (a `return` in a comment returns nothing), keeping every line where it was. */
const blankComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/\/\/.*$/gm, '')
    .replace(/(^|\s)#.*$/gm, '$1');

const handsOver: Check<'hands-over'> = (claim, { unit, units }) => {
  let text = blankComments(blankStrings(ownText(unit, units)));
  // A method named `for` or `return` (`CodeGen.for`, `iterator.return`): its name is no keyword.
  const name = shortName(unit.metrics.name);
  if (/^(for|while|return)$/.test(name))
    text = text.replace(new RegExp(`\\b${name}(?=\\s*\\([^)]*\\)\\s*(:[^{]*)?\\{)`), ' '.repeat(name.length));
  if (/(?<![.\w])(for|while)\b(?!\s*\()|(?<![.\w])(for|while)\s*\((?![^)]*\)\s*\{)/.test(text))
    return 'it holds a loop';
  const returns = [
    ...text.matchAll(/(?<![.\w])return\b(?!\s*\()\s*([^;\n]*)|(?<![.\w])return(\s*\([^;\n]*)/g),
  ].map((m) => Object.assign(m, { 1: m[1] ?? m[2] ?? '' }));
  const first = unit.metrics.node.startPosition.row + 1;
  const lines = new Set(returns.map((r) => first + (text.slice(0, r.index).match(/\n/g)?.length ?? 0)));
  const cited = new Set(claim.evidence.lines);
  if (lines.size !== cited.size || [...lines].some((l) => !cited.has(l)))
    return `returns on lines ${[...lines].join(', ')}, cited ${[...cited].join(', ')}`;
  // `f.call(…)` and `f.apply(…)` call `f` too.
  const call = new RegExp(
    `^\\(?${escape(blankStrings(claim.callee).replace(/\s+/g, ''))}(\\.(call|apply))?\\(`,
  );
  // The call may go on to the next line (`return Security.getProperty\n  ("…")`).
  const other = returns.find((r) => !call.test(text.slice(r.index + 6, r.index + 306).replace(/\s+/g, '')));
  return other ? `\`return ${other[1]!.trim().slice(0, 40)}\` is no call to \`${claim.callee}\`` : undefined;
};

const returnsOutcomes: Check<'returns-outcomes'> = (claim, { unit, units }) => {
  const text = blankComments(blankStrings(ownText(unit, units)));
  const returns = [...text.matchAll(/(?<![.\w])return\b\s*([^;\n]*)/g)];
  if (returns.length !== claim.evidence.lines.length)
    return `${returns.length} returns, ${claim.evidence.lines.length} cited`;
  if (claim.values.some((v) => !v.startsWith(`${claim.type}.`)))
    return `a value is no \`${claim.type}\` constant`;
  const other = returns.find((r) => !claim.values.includes(r[1]!.trim().replace(/;$/, '')));
  return other ? `\`return ${other[1]!.trim().slice(0, 40)}\` is none of the outcomes` : undefined;
};

const mapsCases: Check<'maps-cases'> = (claim, { nodes }) => {
  const node = nodes[claim.evidence.nodes[0] ?? -1];
  if (!node) return 'no evidence node';
  if (!/switch|match|when|select/.test(node.type)) return `a ${node.type} is no switch`;
  if (!node.text.includes(claim.subject)) return `the switch is not on \`${claim.subject}\``;
  const text = blankComments(blankStrings(node.text));
  // A Rust `match` that is its function's value gives each arm's value with no `return`: `A => 1,`.
  const valued =
    node.type === 'match_expression' && !/\breturn\b/.test(text) ? (text.match(/=>/g) ?? []).length : 0;
  const returns = valued || (text.match(/\breturn\b/g) ?? []).length;
  if (returns !== claim.arms) return `${returns} returns for ${claim.arms} arms`;
  if (/[^=!<>:]=(?!=)|\+\+|--|\b(for|while|throw|raise|panic)\b/.test(text.replace(/=>/g, '')))
    return 'an arm does more than return';
  return undefined;
};

const writesTo: Check<'writes-to'> = (claim, { unit }) => {
  const lines = sourceLines(unit.metrics.node);
  const t = escape(claim.target);
  const alias = new RegExp(`(\\w+)\\s*=\\s*${t}\\.(?:write|Write)\\s*$`, 'm').exec(
    unit.metrics.node.text,
  )?.[1];
  const writes = new RegExp(
    `${t}\\.(?:write|Write\\w*|writelines|append|Append)\\s*\\(${alias ? `|\\b${escape(alias)}\\s*\\(` : ''}`,
  );
  // A chained call (`sb\n  .append('L')`) goes on over the lines that start with a dot.
  const statementAt = (l: number) => {
    let text = lines[l] ?? '';
    for (let next = l + 1; /^\s*\./.test(lines[next] ?? ''); next++) text += (lines[next] ?? '').trim();
    return text.replace(/\s+(?=\.)/g, '');
  };
  const bad = claim.evidence.lines.find((l) => !writes.test(statementAt(l)));
  return bad === undefined ? undefined : `line ${bad} writes nothing to \`${claim.target}\``;
};

const fillsReturned: Check<'fills-returned'> = (claim, { unit }) => {
  const t = escape(claim.target);
  const lines = sourceLines(unit.metrics.node);
  // A named result is declared in the signature's result list: `) (pos Position) {`, or a struct over lines.
  const header = unit.metrics.node.text.slice(0, unit.metrics.node.text.search(/\)\s*\{\s*\n/) + 1 || 400);
  if (
    claim.named
      ? !new RegExp(`\\)\\s*\\(\\s*${t}\\s+([\\w.*\\[\\]]+|struct\\s*\\{[^}]*\\})\\s*\\)`).test(header)
      : !unit.params.includes(claim.target)
  )
    return `\`${claim.target}\` is no ${claim.named ? 'named result' : 'parameter'}`;
  const field = new RegExp(`^\\s*${t}\\.\\w+(\\s*,\\s*${t}\\.\\w+)*\\s*:?=(?!=)`);
  const bad = claim.evidence.lines.find((l) => !field.test(lines[l] ?? ''));
  if (bad !== undefined) return `line ${bad} sets no field of \`${claim.target}\``;
  return new RegExp(`\\breturn${claim.named ? '' : `\\s+${t}`}\\s*;?\\s*\\}?\\s*$`).test(
    unit.metrics.node.text.trim(),
  )
    ? undefined
    : `it does not end by returning \`${claim.target}\``;
};

const answers: Check<'answers'> = (claim, { unit, units }) => {
  const lines = sourceLines(unit.metrics.node);
  const own = ownText(unit, units);
  // The sentence quotes an expression with its white space run together, arrows written in it included,
  // and without the comments written inside it.
  const text = unit.metrics.node.text;
  const flat = text.replace(/\s+/g, ' ');
  const bare = uncommented(text).replace(/\s+/g, ' ');
  const last = unit.metrics.node.endPosition.row + 1;
  // An arrow's expression body or a tail expression returns with no keyword.
  const implicit = !/\breturn\b/.test(blankComments(own));
  for (const [i, c] of claim.cases.entries()) {
    // A returned value may run on over the lines after it (`return ok\n  ? a\n  : b`).
    const rest = lines.slice(c.line, last + 1).join('\n');
    const value = c.value?.split('\n')[0]!.trim();
    if (value !== undefined && !rest.includes(value) && !uncommented(rest).includes(value))
      return `line ${c.line} does not give \`${c.value}\``;
    // The last case may be a tail expression (Rust, an arrow's body): the unit's last lines.
    const after = lines.slice(c.line + 1, last + 1).join('\n');
    const tail = i === claim.cases.length - 1 && !/;|\breturn\b/.test(blankComments(after));
    if (!implicit && !tail && !/\breturn\b/.test(lines[c.line] ?? ''))
      return `line ${c.line} holds no return`;
    const missing = c.quotes.find(
      (q) => !flat.includes(q.replace(/\s+/g, ' ')) && !bare.includes(q.replace(/\s+/g, ' ')),
    );
    if (missing !== undefined) return `\`${missing}\` is not in its code`;
  }
  return undefined;
};

const appendsTo: Check<'appends-to'> = (claim, { unit, units }) => {
  if (!unit.params.includes(claim.target)) return `\`${claim.target}\` is no parameter`;
  const t = escape(claim.target);
  const text = blankComments(blankStrings(ownText(unit, units)));
  const first = unit.metrics.node.startPosition.row + 1;
  const lines = text.split('\n');
  const returns = lines.flatMap((l, i) => (/(?<![.\w])return\b/.test(l) ? [first + i] : []));
  if (claim.how === 'returns') {
    const cited = new Set(claim.evidence.lines);
    if (returns.length !== cited.size || returns.some((l) => !cited.has(l)))
      return `returns on lines ${returns.join(', ')}, cited ${[...cited].join(', ')}`;
    const bad = returns.find(
      // `return append(\n\tmsg,` runs on to the next line.
      (l) =>
        !new RegExp(`\\breturn\\s+append\\(\\s*${t}\\s*,`).test(
          `${lines[l - first] ?? ''} ${lines[l - first + 1] ?? ''}`,
        ),
    );
    return bad === undefined
      ? undefined
      : `the return on line ${bad} gives no \`append(${claim.target}, …)\``;
  }
  const grows = new RegExp(`(?<![.\\w])${t}\\s*=\\s*append\\(\\s*${t}\\s*,|\\breturn\\s+${t}\\s*;?\\s*$`);
  const bad = claim.evidence.lines.find((l) => !grows.test(lines[l - first] ?? ''));
  if (bad !== undefined) return `line ${bad} neither appends to nor returns \`${claim.target}\``;
  const other = lines.findIndex(
    (l) =>
      new RegExp(`(?<![.\\w])${t}\\s*([-+*/|&^:]?=(?!=)|\\+\\+|--|,[\\w\\s,]*=)`).test(l) &&
      !new RegExp(`(?<![.\\w])${t}\\s*=\\s*append\\(\\s*${t}\\s*,`).test(l),
  );
  const r = returns.find((l) => !new RegExp(`\\breturn\\s+${t}\\s*;?\\s*$`).test(lines[l - first] ?? ''));
  if (r !== undefined) return `the return on line ${r} gives something else than \`${claim.target}\``;
  // The first line's parameter list (`p []byte`) is no assignment.
  return other > 0 ? `line ${first + other} changes \`${claim.target}\` otherwise` : undefined;
};

const changesCase: Check<'changes-case'> = (claim, { nodes }) => {
  const node = nodes[claim.evidence.nodes[0] ?? -1];
  if (!node) return 'no evidence node';
  if (!/\bif\b/.test(node.text.slice(0, 3)) && !/^if/.test(node.type)) return `a ${node.type} is no if`;
  const v = escape(claim.variable);
  const [lo, hi] = claim.to === 'upper' ? ['a', 'z'] : ['A', 'Z'];
  const head = node.text.split(/\{|:\s*\n/)[0] ?? '';
  if (
    !new RegExp(`'${lo}'`).test(head) ||
    !new RegExp(`'${hi}'`).test(head) ||
    !new RegExp(`\\b${v}\\b`).test(head)
  )
    return `the test is not of \`${claim.variable}\` against '${lo}' and '${hi}'`;
  const op = claim.to === 'upper' ? '-' : '\\+';
  const change = new RegExp(`\\b${v}\\s*(${op}=|=\\s*${v}\\s*${op})\\s*\\(?('a'\\s*-\\s*'A'|32|0x20)`);
  return change.test(node.text) ? undefined : `it does not shift \`${claim.variable}\` to ${claim.to} case`;
};

const failsAtEnd: Check<'fails-at-end'> = (claim, { unit, units, nodes }) => {
  const node = nodes[claim.evidence.nodes[0] ?? -1];
  if (!node) return 'no evidence node';
  if (!/^if\b/.test(node.text)) return 'the node is no `if`';
  if (!node.text.replace(/\s+/g, ' ').includes(claim.condition.replace(/\s+/g, ' ')))
    return `the \`if\` does not test \`${claim.condition}\``;
  const word = { throws: /\bthrow\b/, raises: /\braise\b/, panics: /\bpanic\(/ }[claim.verb];
  if (!word.test(blankStrings(node.text))) return `the \`if\` holds no ${claim.verb.replace(/s$/, '')}`;
  // Nothing runs after it: the unit's text from the end of the `if` on is closing braces and comments.
  const text = ownText(unit, units);
  const after = text.slice(node.end - unit.metrics.node.start);
  return blankComments(after).replace(/[\s}]/g, '') === '' ? undefined : 'code runs after the `if`';
};

const removesFrom: Check<'removes-from'> = (claim, { unit }) => {
  if (!unit.params.includes(claim.target)) return `\`${claim.target}\` is no parameter`;
  const t = escape(claim.target);
  const ty = escape(claim.type);
  const head = unit.metrics.node.text.split('{')[0] ?? '';
  if (
    !new RegExp(`\\b${t}\\s*\\??\\s*:\\s*(readonly\\s+)?${ty}\\b|\\b${ty}\\s*(<[^()]*>)?\\s+${t}\\b`).test(
      head,
    )
  )
    return `\`${claim.target}\` is not declared a \`${claim.type}\``;
  const lines = sourceLines(unit.metrics.node);
  const removes = new RegExp(`\\b${t}\\s*\\.\\s*(delete|remove\\w*|poll\\w*|retainAll|clear)\\s*\\(`);
  const bad = claim.evidence.lines.find((l) => !removes.test(lines[l] ?? ''));
  return bad === undefined ? undefined : `line ${bad} removes nothing from \`${claim.target}\``;
};

const firstIndex: Check<'first-index'> = (claim, { unit, units, nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  if (!/^(for|while|do)\b/.test(loop.text)) return 'the node is no loop';
  const i = escape(claim.index);
  const text = blankComments(blankStrings(loop.text)).replace(/^for\s*\(?[^;{]*;/, 'for (;');
  const returns = text.match(/(?<![.\w])return\b[^;\n}]*/g) ?? [];
  if (returns.length !== 1 || !new RegExp(`^return\\s+${i}\\s*$`).test(returns[0]!.trim()))
    return `the loop's returns are ${returns.join(', ') || 'none'}, not one \`return ${claim.index}\``;
  const lines = sourceLines(unit.metrics.node);
  const at = lines[claim.evidence.lines[0] ?? -1] ?? '';
  if (!/\bif\b/.test(at) || !at.replace(/\s+/g, ' ').includes(claim.condition.replace(/\s+/g, ' ')))
    return `line ${claim.evidence.lines[0]} holds no \`if\` on \`${claim.condition}\``;
  const changes =
    text.match(new RegExp(`(?<![\\w.])${i}\\s*([-+*/%|&^]?=(?!=)|\\+\\+|--)|(\\+\\+|--)${i}\\b`, 'g')) ?? [];
  const byOne =
    text.match(new RegExp(`\\+\\+${i}\\b|(?<![\\w.])${i}\\s*(\\+\\+|\\+=\\s*1(?![\\w.]))`, 'g')) ?? [];
  if (changes.length !== 1 || byOne.length !== 1)
    return `\`${claim.index}\` changes otherwise than by one: ${changes.join(', ')}`;
  const own = ownText(unit, units);
  const rest = own.slice(loop.end - unit.metrics.node.start).trimStart();
  return /^return\b/.test(rest) ? undefined : 'no return follows the loop';
};

const buildsNumber: Check<'builds-number'> = (claim, { unit, nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  // A label may come first: Rust's `'outer: loop {`.
  if (!/^('?\w+:\s*)?(for|foreach|while|do|loop)\b/.test(loop.text)) return 'the node is no loop';
  const [, scaling, adding] = claim.evidence.lines;
  const inLoop = (l: number | undefined) =>
    l !== undefined && l >= loop.startPosition.row + 1 && l <= loop.endPosition.row + 1;
  if (!inLoop(scaling) || !inLoop(adding) || scaling! > adding!)
    return 'the steps are not in the loop, in order';
  const lines = sourceLines(unit.metrics.node);
  const n = escape(claim.target);
  const by = escape(claim.by);
  const scaleText = lines[scaling!] ?? '';
  const scales = claim.shift
    ? new RegExp(`\\b${n}\\b\\)?\\s*<<=?\\s*${by}`).test(scaleText)
    : new RegExp(`\\b${n}\\b\\)?\\s*(\\*=?|\\.\\w*_mul\\()\\s*${by}|${by}\\s*\\*\\s*${n}\\b`).test(scaleText);
  if (!scales) return `line ${scaling} does not scale \`${claim.target}\` by \`${claim.by}\``;
  const core = claim.by.replace(/^\w+\((.+)\)$|^\(\s*\w+\s*\)\s*(.+)$|^(.+?)\s+as\s+\w+$/, '$1$2$3').trim();
  const base = claim.shift
    ? /^[1-8]$/.test(core)
    : /^(2|8|10|16|32|36|58|62|64|85|256)[Lu]?$/.test(core) || /base|radix/i.test(core);
  if (!base) return `\`${claim.by}\` is no number base`;
  const addText = lines[adding!] ?? '';
  if (!new RegExp(`\\b${n}\\b`).test(addText)) return `line ${adding} does not read \`${claim.target}\``;
  const op = claim.op === '+' ? '(\\+|_add\\()' : claim.op === '-' ? '(-|_sub\\()' : '\\|';
  if (!new RegExp(`${op}=?\\s*\\(?\\s*${escape(claim.added)}`).test(addText))
    return `line ${adding} does not put in \`${claim.added}\``;
  // Carried from turn to turn: no line of the loop hands `n` to a call by address, and no `n = …` that
  // does not read `n` (but one reading a name set from `n`) gives it a fresh value.
  const loopLines = lines.slice(loop.startPosition.row + 1, loop.endPosition.row + 2);
  if (loopLines.some((l) => new RegExp(`((^|[(,=])\\s*&\\s*|\\b(ref|out)\\s+)${n}\\b(?![.])`).test(l)))
    return `the loop hands \`${claim.target}\` to a call by address`;
  for (const [i, l] of loopLines.entries()) {
    // `n =` may end its line, the value on the next.
    const joined = /=\s*$/.test(l) ? `${l} ${loopLines[i + 1] ?? ''}` : l;
    const set = new RegExp(`(^|[^\\w.$])${n}\\s*:?=(?!=)\\s*(.*)$`).exec(joined.replace(/;\s*$/, ''));
    if (!set || new RegExp(`\\b${n}\\b`).test(set[2]!)) continue;
    const via = /^[\w$]+$/.test(set[2]!.trim()) ? escape(set[2]!.trim()) : undefined;
    if (via && loopLines.some((k) => new RegExp(`\\b${via}\\s*:?=\\s*.*\\b${n}\\b`).test(k))) continue;
    return `the loop sets \`${claim.target}\` afresh: \`${l.trim()}\``;
  }
  return undefined;
};

const namesTerm: Check<'names-term'> = (claim, { unit }) => {
  const name = unit.metrics.name.split(/[.#:]/).pop() ?? '';
  // Split on its own: case changes, `_`, `$` and `-`.
  const spaced = ` ${name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    // An acronym before a word: `LRUCache` is `lru cache`.
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_$-]+/g, ' ')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ')} `;
  return spaced.includes(` ${claim.words} `)
    ? undefined
    : `\`${name}\` is not made of the words “${claim.words}”`;
};

const usesConstants: Check<'uses-constants'> = (claim, { unit }) => {
  const lines = sourceLines(unit.metrics.node);
  for (const c of claim.constants) {
    // Minified lines defeat comment stripping (a regex's `//`); the engine read the literal from a number node.
    if (!(lines[c.line] ?? '').includes(c.text)) return `line ${c.line} does not hold \`${c.text}\``;
    const digits = c.text.replace(/_/g, '').replace(/(?:[uUlL]+|[ui](?:8|16|32|64|128|size))$/, '');
    const value = /^(0x[0-9a-f]+|\d+)$/i.test(digits)
      ? `0x${BigInt(digits).toString(16)}`
      : c.text.replace(/^[a-zA-Z@]*(["'`])(.*)\1$/, '$2');
    if (value !== c.value) return `\`${c.text}\` is ${value}, not ${c.value}`;
  }
  return undefined;
};

const climbsToRoot: Check<'climbs-to-root'> = (claim, { unit, nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  if (!/^(for|while|do)\b/.test(loop.text)) return 'the node is no loop';
  const k = escape(claim.index);
  const lines = sourceLines(unit.metrics.node);
  const inLoop = (l: number) => l >= loop.startPosition.row + 1 && l <= loop.endPosition.row + 1;
  const halves = new RegExp(`\\(\\s*${k}\\s*-\\s*1\\s*\\)\\s*(>>>?\\s*1|\\/\\/?\\s*2)`);
  const at = claim.evidence.lines.find((l) => inLoop(l) && halves.test(lines[l] ?? ''));
  if (at === undefined) return `no cited line in the loop halves \`${claim.index} - 1\``;
  const assigned = new RegExp(`(?<![\\w.])${k}\\s*([-+*/%|&^]?=(?!=)|\\+\\+|--)|(\\+\\+|--)${k}\\b`);
  const moves: number[] = [];
  for (let l = loop.startPosition.row + 1; l <= loop.endPosition.row + 1; l++)
    if (assigned.test(lines[l] ?? '')) moves.push(l);
  if (moves.length !== 1 || !claim.evidence.lines.includes(moves[0]!))
    return `\`${claim.index}\` is changed in the loop on lines ${moves.join(', ') || 'none'}`;
  const parent = /(\w+)\s*:?=/.exec(lines[at] ?? '')?.[1];
  return new RegExp(`(?<![\\w.])${k}\\s*=\\s*(${escape(parent ?? '')}\\b|\\(\\s*${k}\\s*-\\s*1)`).test(
    lines[moves[0]!] ?? '',
  )
    ? undefined
    : `line ${moves[0]} does not set \`${claim.index}\` to its parent`;
};

const searchesFirst: Check<'searches-first'> = (claim, { nodes }) => {
  const loop = nodes[claim.evidence.nodes[0] ?? -1];
  if (!loop) return 'no evidence node';
  const text = blankComments(blankStrings(loop.text));
  if (!/^for\b/.test(text)) return 'the node is no `for` loop';
  const i = escape(claim.index);
  const open = text.indexOf('{');
  const head = open < 0 ? text.split('\n')[0]! : text.slice(0, open);
  if (
    !new RegExp(`(\\+\\+${i}\\b|(?<![\\w.])${i}\\s*(\\+\\+|\\+=\\s*[\\w.]+))\\s*\\)?\\s*$`).test(head.trim())
  )
    return `the loop's header does not move \`${claim.index}\` up`;
  const body = open < 0 ? text.slice(head.length) : text.slice(open);
  const words =
    body.match(
      /\b(if|else|break|return|throw|for|while|do|switch)\b|[\w.$[\]]+\s*(?<![!=<>])=(?!=)|\+\+|--/g,
    ) ?? [];
  if (words.join(' ') !== 'if break')
    return `the loop's body does more than \`if (…) break\`: ${words.join(' ')}`;
  if (
    claim.over &&
    !new RegExp(`\\b${escape(claim.over)}(\\.(charAt|get|at|codePointAt)\\(\\s*|\\[\\s*)${i}\\b`).test(body)
  )
    return `the test does not read \`${claim.over}\` at \`${claim.index}\``;
  return undefined;
};

const truncates: Check<'truncates'> = (claim, { unit }) => {
  const lines = sourceLines(unit.metrics.node);
  const [at, when] = claim.evidence.lines;
  const t = escape(claim.target);
  const n = escape(claim.length);
  const cut = new RegExp(
    `(?<![\\w.])${t}\\s*=\\s*${t}(\\.(substring|slice|substr)\\(\\s*0\\s*,\\s*${n}\\s*\\)|\\[\\s*(0\\s*)?:\\s*${n}\\s*\\])`,
  );
  if (!cut.test(lines[at ?? -1] ?? ''))
    return `line ${at} does not cut \`${claim.target}\` to \`${claim.length}\``;
  return when === undefined || /\bif\b/.test(lines[when] ?? '') ? undefined : `line ${when} holds no \`if\``;
};

/** Text with its white space squeezed, and a quote cut short (`…`) to what it kept. */
const squeeze = (text: string) => text.replace(/\s+/g, '');
const kept = (quote: string) => squeeze(quote.replace(/…$/, ''));

/** The code on lines `from` to `to`, comments out and white space squeezed. */
const codeOn = (lines: readonly string[], from: number, to: number) =>
  squeeze(
    lines
      .slice(from, to + 1)
      .map((l) => l.replace(/\/\*.*?\*\//g, '').replace(/(^|\s)(\/\/|#).*$/, ''))
      .join(' '),
  );

const loopArms: Check<'loop-arms'> = (claim, { nodes }) => {
  const statement = nodes[claim.evidence.nodes[0] ?? -1];
  if (!statement) return 'no evidence node';
  const lines = sourceLines(statement);
  const start = statement.startPosition.row + 1;
  const first = lines[start] ?? '';
  if (!new RegExp(`\\b${escape(claim.keyword)}\\b`).test(first))
    return `line ${start} holds no \`${claim.keyword}\``;
  // The subject may run on over the lines below its keyword (`switch (\n  x\n)`).
  if (claim.subject && !squeeze(lines.slice(start, start + 4).join(' ')).includes(kept(claim.subject)))
    return `the \`${claim.keyword}\` on line ${start} does not test \`${claim.subject}\``;
  const chain = claim.keyword === 'if';
  let last = 0;
  for (const [i, arm] of claim.arms.entries()) {
    if (!within(statement, arm.line)) return `line ${arm.line} is outside the \`${claim.keyword}\``;
    // Minified code puts many arms on one line.
    if (arm.line < last) return `the arm on line ${arm.line} is out of order`;
    last = arm.line;
    // A label or condition may run on over the lines up to the next arm (`case A:\n case B:`, a
    // pattern `'a'\n | 'b' =>`), with comments between and inside them (`a\n  // why\n  || b`, `c === 0x2B /* + */`).
    const next = claim.arms[i + 1]?.line ?? arm.line + 6;
    const text = chain
      ? (lines[arm.line] ?? '')
      : lines.slice(arm.line, Math.max(next, arm.line + 1)).join('\n');
    const opens = chain ? /\b(if|else|elif)\b/ : /\b(case|default|when)\b|=>|->|^\s*_\s*(=>|->)|^\s*else\b/m;
    if (!opens.test(text)) return `line ${arm.line} opens no arm`;
    const label = codeOn(lines, arm.line, Math.max(next, arm.line + 1));
    for (const w of arm.when ?? [])
      if (!label.includes(kept(w))) return `line ${arm.line} does not hold \`${w}\``;
    for (const c of arm.calls) {
      if (!within(statement, c.line)) return `the call on line ${c.line} is outside the \`${claim.keyword}\``;
      // A long callee is told cut short (`self._state.prepare_for_next_atte…`).
      const callee = c.callee.endsWith('…') ? `${escape(c.callee.slice(0, -1))}[\\w.]*` : escape(c.callee);
      if (!new RegExp(`${callee}\\s*\\(`).test(lines[c.line] ?? ''))
        return `line ${c.line} does not call \`${c.callee}\``;
    }
    for (const r of arm.runs ?? []) {
      if (!within(statement, r.line))
        return `the statement on line ${r.line} is outside the \`${claim.keyword}\``;
      if (!codeOn(lines, r.line, r.line + 6).includes(kept(r.text)))
        return `line ${r.line} does not hold \`${r.text}\``;
    }
  }
  return undefined;
};

export const CHECKS: { readonly [K in ClaimKind]: Check<K> } = {
  'loop-arms': loopArms,
  answers,
  'loop-changes': loopChanges,
  'loop-exits': loopExits,
  'loop-descends': loopDescends,
  'loop-drains': loopDrains,
  'loop-keeps-best': loopKeepsBest,
  'loop-skips': loopSkips,
  'names-term': namesTerm,
  'loop-log-turns': loopLogTurns,
  'comment-explains': commentExplains,
  'divides-by': dividesBy,
  'calls-itself': callsItself,
  'stack-depth': stackDepth,
  'declares-methods': declaresMethods,
  'adds-up': addsUp,
  debounces,
  switches,
  'hands-over': handsOver,
  'maps-cases': mapsCases,
  'returns-outcomes': returnsOutcomes,
  'writes-to': writesTo,
  'fills-returned': fillsReturned,
  'appends-to': appendsTo,
  'changes-case': changesCase,
  'fails-at-end': failsAtEnd,
  'removes-from': removesFrom,
  'first-index': firstIndex,
  'climbs-to-root': climbsToRoot,
  'builds-number': buildsNumber,
  'uses-constants': usesConstants,
  'searches-first': searchesFirst,
  truncates,
};

/** Runs the check of the claim's kind. */
export function check(claim: Claim, context: CheckContext): string | undefined {
  switch (claim.kind) {
    case 'divides-by':
      return CHECKS[claim.kind](claim, context);
    case 'calls-itself':
      return CHECKS[claim.kind](claim, context);
    case 'stack-depth':
      return CHECKS[claim.kind](claim, context);
    case 'declares-methods':
      return CHECKS[claim.kind](claim, context);
    case 'adds-up':
      return CHECKS[claim.kind](claim, context);
    case 'debounces':
      return CHECKS[claim.kind](claim, context);
    case 'switches':
      return CHECKS[claim.kind](claim, context);
    case 'hands-over':
      return CHECKS[claim.kind](claim, context);
    case 'maps-cases':
      return CHECKS[claim.kind](claim, context);
    case 'returns-outcomes':
      return CHECKS[claim.kind](claim, context);
    case 'writes-to':
      return CHECKS[claim.kind](claim, context);
    case 'answers':
      return CHECKS[claim.kind](claim, context);
    case 'fills-returned':
      return CHECKS[claim.kind](claim, context);
    case 'appends-to':
      return CHECKS[claim.kind](claim, context);
    case 'changes-case':
      return CHECKS[claim.kind](claim, context);
    case 'fails-at-end':
      return CHECKS[claim.kind](claim, context);
    case 'removes-from':
      return CHECKS[claim.kind](claim, context);
    case 'first-index':
      return CHECKS[claim.kind](claim, context);
    case 'uses-constants':
      return CHECKS[claim.kind](claim, context);
    case 'builds-number':
      return CHECKS[claim.kind](claim, context);
    case 'climbs-to-root':
      return CHECKS[claim.kind](claim, context);
    case 'searches-first':
      return CHECKS[claim.kind](claim, context);
    case 'truncates':
      return CHECKS[claim.kind](claim, context);
    case 'loop-changes':
      return CHECKS[claim.kind](claim, context);
    case 'loop-exits':
      return CHECKS[claim.kind](claim, context);
    case 'loop-descends':
      return CHECKS[claim.kind](claim, context);
    case 'loop-drains':
      return CHECKS[claim.kind](claim, context);
    case 'loop-keeps-best':
      return CHECKS[claim.kind](claim, context);
    case 'loop-skips':
      return CHECKS[claim.kind](claim, context);
    case 'names-term':
      return CHECKS[claim.kind](claim, context);
    case 'loop-log-turns':
      return CHECKS[claim.kind](claim, context);
    case 'comment-explains':
      return CHECKS[claim.kind](claim, context);
    case 'loop-arms':
      return CHECKS[claim.kind](claim, context);
    default: {
      // A kind with no case here would go unchecked: the compiler names it.
      const unchecked: never = claim;
      return `no check for ${(unchecked as Claim).kind}`;
    }
  }
}
