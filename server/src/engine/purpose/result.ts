/**
 * What a function produces, as its code declares it: the result type written
 * in its signature (`List<String>`, `(map[string]int, error)`, `-> Vec<u8>`),
 * and the object it creates and returns (`return new Parser(…)`,
 * `return &Reader{…}`). Evidence of purpose for a function with no doc
 * comment: what comes out of it says what it is for.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Step } from '../facts/model.js';
import { answerOf } from './answers.js';
import { clip } from '../facts/subjects.js';
import type { Construction } from '../languages/model.js';

const BOOLEAN_LITERAL = /^(true|false|True|False)$/;
/** Longest returned expression read for what it asks. */
const MAX_ANSWERED = 200;

/** What a function returning one yes-or-no expression (besides `true`/`false` literals) asks. */
function answered(unit: Node, returns: readonly Step[], typed: boolean): UnitResult['answers'] {
  const values = returns.map((r) => {
    const node = unit.doc.nodes[r.node];
    const value = node?.namedChildren.find((c) => !c.type.includes('comment'));
    return { text: (value ?? node)?.text ?? '', line: r.line };
  });
  const asked = values.filter((v) => !BOOLEAN_LITERAL.test(v.text));
  // A literal returned before the question decides some inputs on its own (`if (!e.loaded) return true`):
  // "whether X" would be false of them. Only a `false` after the question, the answer when nothing
  // matched, leaves the question whole.
  const lastAsked = Math.max(...asked.map((a) => a.line));
  if (
    values.some((v) => BOOLEAN_LITERAL.test(v.text) && (v.line < lastAsked || /^(true|True)$/.test(v.text)))
  )
    return undefined;
  // The same question asked on two paths (`return n >= 0 && n <= MAX` for a number and for a parsed
  // string) is still one question.
  if (asked.length === 0 || asked.some((a) => a.text !== asked[0]!.text)) return undefined;
  if (asked[0]!.text.length > MAX_ANSWERED) return undefined;
  const text = answerOf(asked[0]!.text, typed);
  return text ? { text, line: asked[0]!.line } : undefined;
}

export interface UnitResult {
  /** The declared result type, as written (a TypeScript annotation without its colon). */
  readonly type?: string;
  /** The type every value-returning `return` creates, when they all create the same one. */
  readonly creates?: string;
  /** Its one value-returning `return` converts a value to another type (`Number(x)`, `int(s)`): what and to what. */
  readonly converts?: { readonly value: string; readonly to: string };
  /** For a yes-or-no function: what its one non-literal return asks, in words (answers.ts), and its line. */
  readonly answers?: { readonly text: string; readonly line: number };
  /**
   * For a yes-or-no function made of `return true` under conditions and a last `return false` (or the
   * reverse): the value those returns give, each condition in words or as written, and the lines.
   */
  readonly inTurn?: {
    /** Each guarded `return`: its value as written, its conditions in words or as written, its line. */
    readonly arms: readonly {
      readonly value: string;
      readonly when: readonly string[];
      readonly line: number;
    }[];
    readonly otherwise: { readonly value: string; readonly line: number };
  };
  readonly byCases?: {
    readonly value: string;
    readonly otherwise: string;
    readonly when: readonly string[];
    readonly lines: readonly number[];
  };
  readonly line: number;
}

/** Result types that say nothing comes out. */
const NOTHING = /^(void|Unit|None|\(\)|never|undefined|Task|Promise<void>|IO\(\))$/;
/** The longest result type quoted. */
const MAX_TYPE = 60;

function declaredType(unit: Node): Node | undefined {
  const field =
    unit.childForFieldName('return_type') ??
    unit.childForFieldName('result') ??
    unit.childForFieldName('returns') ??
    // Java's and C#'s methods name their result type `type`; elsewhere that field means something else.
    (unit.type === 'method_declaration' ? unit.childForFieldName('type') : null);
  return field ?? undefined;
}

/** Where the bracket opening at `open` closes, counting nested brackets; -1 when it does not. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth === 0) return i;
  }
  return -1;
}

/** Whether the bracket a match ends on closes at the end of `value`: the call is the whole value, not its start. */
const isWhole = (value: string, m: RegExpExecArray) =>
  closing(value, m[0].length - 1) === value.trimEnd().length - 1;

/** What one returned value makes: a new object of a type, or its one argument converted to another type. */
type Made = { readonly creates: string } | { readonly converts: string; readonly to: string };

/**
 * `new Parser(…)`, `&Reader{…}` or `Reader{…}`, and `Parser(…)` where the language calls a type by its
 * name to create one: the type created. `Number(x)` or `int64(n)` converts `x`: it creates nothing.
 */
function made(value: string, construction: Construction | undefined): Made | undefined {
  const created = /^new\s+([A-Z][\w.]*(?:<[^()]*>)?)\s*\(/.exec(value) ?? /^&?([A-Z][\w.]*)\s*\{/.exec(value);
  if (created) return isWhole(value, created) ? { creates: created[1]! } : undefined;
  const call = /^([\w.]+|\[\]\w+)\s*\(/.exec(value);
  if (!call || !isWhole(value, call)) return undefined;
  const to = construction?.conversions[call[1]!];
  if (to !== undefined) {
    const argument = value.slice(call[0].length, -1).trim();
    // One argument: `int(s, 16)` parses in a base, `String()` gives an empty string.
    return argument && !/,/.test(argument) ? { converts: clip(argument, 60), to } : undefined;
  }
  return construction?.capitalisedCallCreates && /^[A-Z]\w*$/.test(call[1]!)
    ? { creates: call[1]! }
    : undefined;
}

/** A case arm and the field its labels are in. */
const ARMS = /^(expression_case|switch_case|case_clause|switch_section|switch_block_statement_group)$/;
const GUARDS = /^(if_statement|elif_clause|else_clause|if_expression)$/;

/** The one condition `ret` is the first statement under, within `unit`, or undefined if not exactly one. */
function guardOf(ret: Node, unit: Node): string[] | undefined {
  let found: string[] | undefined;
  let child = ret;
  for (let p = ret.parent; p && p.id !== unit.id; child = p, p = p.parent) {
    const isGuard = GUARDS.test(p.type);
    const isArm = ARMS.test(p.type);
    // A loop, `try` or `with` on the way up decides too: an empty loop never returns, and a return in a
    // loop is a search's result (told as one), not one of the checks made in turn.
    if (!isGuard && !isArm && /loop|for|while|try|catch|with|except|finally/.test(p.type)) return undefined;
    if (!isGuard && !isArm) {
      // Blocks under the guard: the return must be their first statement, so nothing before it decides.
      if (!found && /block|statement_list|compound_statement|consequence|body/.test(p.type)) {
        const first = p.namedChildren.find((c) => !c.type.includes('comment'));
        if (first && first.id !== child.id) return undefined;
      }
      continue;
    }
    // From an `elif` up to its `if`: the `elif`'s own condition was taken, and the chain is one guard.
    if (child.type === 'elif_clause' && p.type === 'if_statement') continue;
    if (found || p.type === 'else_clause' || child.field === 'alternative') return undefined;
    if (isGuard) {
      const condition = p.childForFieldName('condition');
      if (!condition) return undefined;
      found = [condition.text.replace(/^\((.*)\)$/s, '$1')];
    } else {
      // A tagless switch (`switch { case a <= c: … }`) only: with a subject, a label is a value, not a condition.
      // The switch the arm belongs to (Go's cases sit right in it, C#'s and Java's in a block).
      let sw = p.parent;
      while (sw && sw.id !== unit.id && !/switch|match|select|when/.test(sw.type)) sw = sw.parent;
      if (!sw || sw.id === unit.id) return undefined;
      if (
        sw.childForFieldName('value') ??
        sw.childForFieldName('condition') ??
        sw.childForFieldName('subject')
      )
        return undefined;
      const labels = p.childForFieldName('value');
      if (!labels) return undefined;
      found = labels.type === 'expression_list' ? labels.namedChildren.map((l) => l.text) : [labels.text];
    }
  }
  return found;
}

/** `return true` under conditions and an unconditional `return false` last (or the reverse): the cases. */
function byCases(unit: Node, returns: readonly Step[]): UnitResult['byCases'] {
  const nodes = returns.map((r) => unit.doc.nodes[r.node]).filter((n): n is Node => n !== undefined);
  if (nodes.length < 2 || nodes.length !== returns.length) return undefined;
  const value = (n: Node) => n.namedChildren.find((c) => !c.type.includes('comment'))?.text ?? '';
  const values = nodes.map(value);
  if (!values.every((v) => BOOLEAN_LITERAL.test(v))) return undefined;
  const last = nodes[nodes.length - 1]!;
  const otherwise = values[values.length - 1]!;
  if (guardOf(last, unit) !== undefined || !unguarded(last, unit)) return undefined;
  const rest = nodes.slice(0, -1);
  if (values.slice(0, -1).some((v) => v.toLowerCase() === otherwise.toLowerCase())) return undefined;
  const when: string[] = [];
  for (const r of rest) {
    const conditions = guardOf(r, unit);
    if (!conditions) return undefined;
    for (const c of conditions) {
      const said = answerOf(c);
      when.push(said ?? (c.length <= 60 && !c.includes('\n') ? `\`${c}\`` : ''));
    }
  }
  if (when.some((w) => w === '') || when.length > 6) return undefined;
  return {
    value: values[0]!,
    otherwise,
    when,
    lines: nodes.map((n) => n.startPosition.row + 1),
  };
}

/** Longest returned value quoted in a list of cases. */
const MAX_VALUE = 40;
/** Most guarded returns told in turn. */
const MAX_ARMS = 6;

/** A condition in words (answers.ts), or as written when short, or undefined. */
function said(condition: string): string | undefined {
  return (
    answerOf(condition) ??
    (condition.length <= 60 && !condition.includes('\n') ? `\`${condition}\`` : undefined)
  );
}

/**
 * Returns each under one condition, then an unconditional last one: the checks a function makes in turn
 * and what each gives back (`return errNoMediaType` when `typ == ""`, …, `return nil` at the end).
 */
function checksInTurn(unit: Node, returns: readonly Step[]): UnitResult['inTurn'] {
  const nodes = returns.map((r) => unit.doc.nodes[r.node]).filter((n): n is Node => n !== undefined);
  if (nodes.length < 2 || nodes.length > MAX_ARMS + 1 || nodes.length !== returns.length) return undefined;
  const valueOf = (n: Node) => n.namedChildren.find((c) => !c.type.includes('comment'))?.text ?? '';
  const last = nodes[nodes.length - 1]!;
  if (
    guardOf(last, unit) !== undefined ||
    !(unguarded(last, unit) || elseOfLast(last, nodes[nodes.length - 2]!, unit))
  )
    return undefined;
  const arms: { value: string; when: string[]; line: number }[] = [];
  for (const r of nodes.slice(0, -1)) {
    const conditions = guardOf(r, unit);
    const value = valueOf(r);
    if (!conditions || !value || value.length > MAX_VALUE || value.includes('\n')) return undefined;
    const when = conditions.map(said);
    if (when.some((w) => w === undefined)) return undefined;
    arms.push({ value, when: when as string[], line: r.startPosition.row + 1 });
  }
  const otherwise = valueOf(last);
  if (!otherwise || otherwise.length > MAX_VALUE || otherwise.includes('\n')) return undefined;
  return { arms, otherwise: { value: otherwise, line: last.startPosition.row + 1 } };
}

/**
 * `if c: return a` / `else: return b` as the unit's last statement: `ret` is all of the `else` (no
 * `elif` before it), and `before` the first statement of that `if`'s own arm, so `b` is the otherwise.
 */
function elseOfLast(ret: Node, before: Node, unit: Node): boolean {
  const arm =
    ret.parent && /block|body|statement_list|compound_statement/.test(ret.parent.type) ? ret.parent : ret;
  const elseNode = arm.parent && /^else(_clause)?$/.test(arm.parent.type) ? arm.parent : arm;
  const ifNode = elseNode.parent;
  if (!ifNode || !/^if_statement$/.test(ifNode.type) || !unguarded(ifNode, unit)) return false;
  if (ifNode.namedChildren.some((c) => c.type === 'elif_clause')) return false;
  const isElse = elseNode.type === 'else_clause' || elseNode.field === 'alternative';
  const own = arm.namedChildren.filter((c) => !c.type.includes('comment'));
  const statements = unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1);
  const after = statements.some((n) => n.startIndex >= ifNode.endIndex && n.parent?.id === ifNode.parent?.id);
  const consequence = ifNode.childForFieldName('consequence');
  const first = consequence?.namedChildren.find((c) => !c.type.includes('comment')) ?? consequence;
  return (
    isElse &&
    (arm === ret || (own.length === 1 && own[0]!.id === ret.id)) &&
    !after &&
    first?.id === before.id
  );
}

/** Whether `node` sits in no `if`, loop, `try` or case between it and `unit`: it always runs if reached. */
function unguarded(node: Node, unit: Node): boolean {
  for (let p = node.parent; p && p.id !== unit.id; p = p.parent)
    if (GUARDS.test(p.type) || ARMS.test(p.type) || /loop|for|while|try|catch|with|switch|match/.test(p.type))
      return false;
  return true;
}

/**
 * What a `return` gives back, as written in full: its subject is clipped, and a clipped call cannot be
 * seen to be the whole value. An implicit return's node is the value itself.
 */
function returnedText(unit: Node, r: Step): string {
  const node = unit.doc.nodes[r.node];
  const value = /return/.test(node?.type ?? '')
    ? node?.namedChildren.find((c) => !c.type.includes('comment'))
    : node;
  return value?.text.replace(/\s+/g, ' ').trim() ?? r.subject ?? '';
}

/** What every value-returning `return` creates, when all create the same type. */
function createdByAll(values: readonly (Made | undefined)[]): string | undefined {
  const types = values.map((m) => (m && 'creates' in m ? m.creates : undefined));
  return types.length > 0 && types.every((t) => t !== undefined && t === types[0]) ? types[0] : undefined;
}

export function resultOf(
  unit: Node,
  steps: readonly Step[],
  construction: Construction | undefined,
): UnitResult | undefined {
  const declared = declaredType(unit);
  const type = declared?.text.replace(/^:\s*/, '').replace(/\s+/g, ' ').trim();
  const returns = steps.filter((s) => s.kind === 'return' && s.subject);
  const values = returns.map((r) => made(returnedText(unit, r), construction));
  const creates = createdByAll(values);
  const only = values.length === 1 ? values[0] : undefined;
  const converts = only && 'converts' in only ? { value: only.converts, to: only.to } : undefined;
  const typed = type && !NOTHING.test(type) && type.length <= MAX_TYPE ? type : undefined;
  // A declared result type other than a boolean (or a type guard) says it is no yes-or-no question.
  const yesOrNo = !type || /^(bool|boolean|Boolean|bool\?|\w+ is [\w.<>[\]]+)$/.test(type);
  const answers = creates || !yesOrNo ? undefined : answered(unit, returns, type !== undefined);
  const cases = creates || answers || !yesOrNo ? undefined : byCases(unit, returns);
  const inTurn = creates || answers || cases ? undefined : checksInTurn(unit, returns);
  if (!typed && !creates && !converts && !answers && !cases && !inTurn) return undefined;
  return {
    ...(typed ? { type: typed } : {}),
    ...(creates ? { creates } : {}),
    ...(converts ? { converts } : {}),
    ...(answers ? { answers } : {}),
    ...(cases ? { byCases: cases } : {}),
    ...(inTurn ? { inTurn } : {}),
    line:
      creates || converts ? returns[0]!.line : (declared?.startPosition.row ?? unit.startPosition.row) + 1,
  };
}
