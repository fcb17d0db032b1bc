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
import { codeOf, codeWithoutComments } from '../nodes.js';
import { clip } from '../facts/subjects.js';
import type { Construction } from '../languages/model.js';
import { escapeRegExp } from '../regex.js';

const BOOLEAN_LITERAL = /^(true|false|True|False)$/;
/** Longest returned expression read for what it asks. */
const MAX_ANSWERED = 200;

/** What a function returning one yes-or-no expression (besides `true`/`false` literals) asks. */
function answered(unit: Node, returns: readonly Step[], typed: boolean): UnitResult['answers'] {
  const values = returns.map((r) => {
    const node = unit.doc.nodes[r.node];
    // An implicit return's node is the value itself (`(a, b) => a === b ? x : y`): its first child is
    // only the condition of the choice.
    const value = /return/.test(node?.type ?? '')
      ? node?.namedChildren.find((c) => !c.type.includes('comment'))
      : undefined;
    const n = value ?? node;
    return { text: (n ? codeWithoutComments(n) : '').replace(/\s+/g, ' '), line: r.line };
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
  const text = askedBy(unit, asked[0]!.text, typed);
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
      /** The value in words, when it asks a question ("whether `a` differs from `b`") or picks the smaller of two. */
      readonly said?: string;
      readonly when: readonly string[];
      /** `when` holds conditions that must all hold (nested `if`s), not alternatives. */
      readonly all?: boolean;
      readonly line: number;
    }[];
    readonly otherwise: { readonly value: string; readonly said?: string; readonly line: number };
  };
  /**
   * For a yes-or-no function that returns a literal early under conditions (`if opens < 0: return False`,
   * in a loop: as soon as it holds) and asks one question last: the early returns, and the question.
   */
  readonly early?: {
    readonly exits: readonly {
      readonly value: string;
      readonly when: readonly string[];
      readonly line: number;
      readonly inLoop: boolean;
    }[];
    readonly asks: string;
    readonly line: number;
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

/** The conditions a return is taken under: any one of them (case labels), or with `all`, each of them (nested `if`s). */
type Guard = string[] & { all?: boolean };

/** The one condition `ret` is the first statement under, within `unit`, or undefined if not exactly one. */
function guardOf(ret: Node, unit: Node, afterWork = false): Guard | undefined {
  let found: Guard | undefined;
  let nested = 0;
  let child = ret;
  for (let p = ret.parent; p && p.id !== unit.id; child = p, p = p.parent) {
    const isGuard = GUARDS.test(p.type);
    const isArm = ARMS.test(p.type);
    // A loop, `try` or `with` on the way up decides too: an empty loop never returns, and a return in a
    // loop is a search's result (told as one), not one of the checks made in turn.
    if (!isGuard && !isArm && /loop|for|while|try|catch|with|except|finally/.test(p.type)) return undefined;
    if (!isGuard && !isArm) {
      // Blocks under the guard: the return must be their first statement, so nothing before it decides.
      // With `afterWork`, statements before it that cannot leave (`const sid = …`, an `if` that only
      // counts) decide nothing; without, it must come first: a yes-or-no answer does nothing else.
      if (!found && /block|statement_list|compound_statement|consequence|body/.test(p.type)) {
        const before = p.namedChildren.filter(
          (c) => !c.type.includes('comment') && c.endIndex <= child.startIndex,
        );
        // A `return` before it is one more case told in turn; any other way out would skip this one untold.
        if (afterWork ? before.some((c) => leaves(unit, c, false)) : before.length > 0) return undefined;
      }
      continue;
    }
    // From an `elif` up to its `if`: the `elif`'s own condition was taken, and the chain is one guard.
    if (child.type === 'elif_clause' && p.type === 'if_statement') continue;
    if (p.type === 'else_clause' || child.field === 'alternative') return undefined;
    // `if a { …; if b { return x } }`: with `afterWork`, taken when both hold, said as one condition.
    if (found) {
      const outer = isGuard
        ? codeOf(p.childForFieldName('condition'))?.replace(/^\((.*)\)$/s, '$1')
        : undefined;
      if (!afterWork || !outer || found.length !== 1 || nested++ > 0) return undefined;
      found = Object.assign([outer, found[0]!], { all: true });
      continue;
    }
    if (isGuard) {
      const condition = p.childForFieldName('condition');
      if (!condition) return undefined;
      found = [codeWithoutComments(condition).replace(/^\((.*)\)$/s, '$1')];
    } else {
      // A tagless switch (`switch { case a <= c: … }`) only: with a subject, a label is a value, not a condition.
      // The switch the arm belongs to (Go's cases sit right in it, C#'s and Java's in a block).
      let sw = p.parent;
      // The switch itself, not its body (JavaScript's `switch_body`, Java's `switch_block`, C#'s sections).
      while (
        sw &&
        sw.id !== unit.id &&
        (!/switch|match|select|when/.test(sw.type) ||
          /(body|block|section|arm|case|entry|label)$/.test(sw.type))
      )
        sw = sw.parent;
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

/** Statements that leave a block early, and calls that end the program or unwind it. */
const EXITS =
  /^(return_statement|return_expression|throw_statement|throw_expression|raise_statement|break_statement|break_expression|continue_statement|continue_expression|goto_statement|yield_statement|yield_expression|yield)$/;
const ENDING_CALLS = /^(panic|os\.Exit|sys\.exit|exit|abort|process\.exit|log\.Fatal\w*)\s*\(/;

/** Whether `node` holds a statement that can leave the block it is in (a return, throw, break…). */
function leaves(unit: Node, node: Node, returns = true): boolean {
  for (let id = node.id; id <= node.lastId; id++) {
    const n = unit.doc.nodes[id];
    if (!n) continue;
    if (EXITS.test(n.type) && (returns || !/^return/.test(n.type))) return true;
    if (/call/.test(n.type) && ENDING_CALLS.test(n.text)) return true;
  }
  return false;
}

/** Node types that write the name they hold: `x++`, Go's `x++` statement. */
const UPDATES =
  /^(update_expression|inc_statement|dec_statement|postfix_unary_expression|prefix_unary_expression)$/;

/** Node types whose `left`, `name` or `pattern` a value is bound to. */
const WRITERS =
  /assignment|declarat|var_spec|const_spec|^for_|foreach|range_clause|parameter|with_item|as_pattern|catch|except/;

/** Every place in `unit` that writes the local `name`: assignments, declarations, updates, loop targets. */
function writesOf(unit: Node, name: string): Node[] {
  const out: Node[] = [];
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const n = unit.doc.nodes[id];
    if (!n || n.text !== name || !/identifier/.test(n.type)) continue;
    const holder = n.parent?.type === 'expression_list' || n.parent?.type === 'pattern_list' ? n.parent : n;
    const field = holder.field;
    // `left` is also a comparison's left operand: only the fields of statements that bind count.
    const binder = holder.parent && WRITERS.test(holder.parent.type) ? holder.parent : undefined;
    if (binder && (field === 'left' || field === 'name' || field === 'pattern')) out.push(binder);
    else if (n.parent && UPDATES.test(n.parent.type) && /\+\+|--/.test(n.parent.text)) out.push(n.parent);
  }
  return out;
}

/**
 * The value a local is given where it is declared, when that is the one place it is written and nothing
 * it reads is written after it: returning the local returns that value, as computed there.
 */
function definitionOf(unit: Node, name: string): Node | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
  const writes = writesOf(unit, name);
  if (writes.length !== 1) return undefined;
  const at = writes[0]!;
  if (!/declarator|short_var_declaration|assignment$|^assignment|variable_declaration/.test(at.type))
    return undefined;
  // Set inside a function written in the unit (`once.Do(func() { ok = err == nil })`), it is no local of
  // this one, and what it read there is out of reach here.
  for (let p = at.parent; p && p.id !== unit.id; p = p.parent)
    if (/func_literal|function|lambda|arrow|closure|method/.test(p.type)) return undefined;
  let value = at.childForFieldName('value') ?? at.childForFieldName('right') ?? undefined;
  if (value?.type === 'expression_list') {
    const left = at.childForFieldName('left');
    if (value.namedChildren.length !== 1 || (left && left.namedChildren.length !== 1)) return undefined;
    value = value.namedChildren[0];
  }
  if (!value) return undefined;
  for (let id = value.id; id <= value.lastId; id++) {
    const n = unit.doc.nodes[id];
    if (n && n.type === 'identifier' && writesOf(unit, n.text).some((w) => w.startIndex > at.startIndex))
      return undefined;
  }
  return value;
}

/**
 * What a returned value asks, in words, when it is a yes-or-no expression (`a !== b`), or a local holding
 * one (`withinMax := n <= max`): undefined for any other value.
 */
function askedBy(unit: Node, value: string, typed: boolean): string | undefined {
  const local = definitionOf(unit, value.trim());
  return answerOf(local ? codeWithoutComments(local) : value, typed);
}

/** `Math.min(a, b)`, `min(a, b)`: "the smaller of `a` and `b`", and the same for the larger. */
function extremeOf(value: string): string | undefined {
  const m = /^(?:Math\.|math\.)?(min|max)\(\s*([\w.]+)\s*,\s*([\w.]+)\s*\)$/.exec(value.trim());
  return m ? `the ${m[1] === 'min' ? 'smaller' : 'larger'} of \`${m[2]}\` and \`${m[3]}\`` : undefined;
}

/** `return true` under conditions and an unconditional `return false` last (or the reverse): the cases. */
function byCases(unit: Node, returns: readonly Step[]): UnitResult['byCases'] {
  const nodes = returns.map((r) => unit.doc.nodes[r.node]).filter((n): n is Node => n !== undefined);
  if (nodes.length < 2 || nodes.length !== returns.length) return undefined;
  const value = (n: Node) => codeOf(returnedBy(n)) ?? '';
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
    (condition.length <= 60 && !condition.includes('\n') && !condition.includes('`')
      ? `\`${condition}\``
      : undefined)
  );
}

/** A choice between two values: `c ? a : b`, Python's `a if c else b`: the condition and both values. */
function choiceOf(value: Node | undefined): { condition: Node; then: Node; otherwise: Node } | undefined {
  if (!value || !/^(ternary_expression|conditional_expression)$/.test(value.type)) return undefined;
  const named = value.namedChildren.filter((c) => !c.type.includes('comment'));
  const condition = value.childForFieldName('condition');
  const then = value.childForFieldName('consequence');
  const otherwise = value.childForFieldName('alternative');
  if (condition && then && otherwise) return { condition, then, otherwise };
  // Python names no fields: the value, the condition, then the other value.
  return named.length === 3 ? { condition: named[1]!, then: named[0]!, otherwise: named[2]! } : undefined;
}

/**
 * What a return step gives back: a `return`'s operand, or the expression itself where the value is a
 * block's last expression (Rust's tail `ver.pre == cmp.pre`), not that expression's first part.
 */
function returnedBy(n: Node): Node | undefined {
  const first = n.namedChildren.find((c) => !c.type.includes('comment')) ?? undefined;
  if (/return/.test(n.type)) return first;
  return n.type === 'expression_statement' ? first : n;
}

/**
 * Returns each under one condition, then an unconditional last one: the checks a function makes in turn
 * and what each gives back (`return errNoMediaType` when `typ == ""`, …, `return nil` at the end). A last
 * `return c ? a : b` is one more check. `asks`: values that are yes-or-no expressions are said as the
 * question they ask (`typed`: the declared result is a boolean).
 */
function checksInTurn(
  unit: Node,
  returns: readonly Step[],
  asks: boolean,
  typed: boolean,
): UnitResult['inTurn'] {
  const nodes = returns.map((r) => unit.doc.nodes[r.node]).filter((n): n is Node => n !== undefined);
  if (nodes.length < 1 || nodes.length > MAX_ARMS + 1 || nodes.length !== returns.length) return undefined;
  const valueNode = (n: Node) => {
    const v = returnedBy(n);
    return v?.type === 'expression_list' && v.namedChildren.length === 1 ? v.namedChildren[0] : v;
  };
  const last = nodes[nodes.length - 1]!;
  const choice = choiceOf(valueNode(last));
  if (nodes.length < 2 && !choice) return undefined;
  if (
    guardOf(last, unit) !== undefined ||
    !(unguarded(last, unit) || (nodes.length >= 2 && elseOfLast(last, nodes[nodes.length - 2]!, unit)))
  )
    return undefined;
  const sayValue = (value: string) => {
    const asked = asks ? askedBy(unit, value, typed) : undefined;
    return asked ? `whether ${asked}` : extremeOf(value);
  };
  const fits = (value: string) => value && value.length <= MAX_VALUE && !value.includes('\n');
  const arms: { value: string; said?: string; when: string[]; all?: boolean; line: number }[] = [];
  const arm = (value: string, conditions: Guard, line: number) => {
    const spoken = sayValue(value);
    if (!spoken && !fits(value)) return false;
    const when = conditions.map(said);
    if (when.some((w) => w === undefined)) return false;
    arms.push({
      value,
      ...(spoken ? { said: spoken } : {}),
      when: when as string[],
      ...(conditions.all ? { all: true } : {}),
      line,
    });
    return true;
  };
  let after: number | undefined;
  const tested = new Set<string>();
  for (const r of nodes.slice(0, -1)) {
    const conditions = guardOf(r, unit, true);
    if (!conditions || !arm(codeOf(valueNode(r)) ?? '', conditions, r.startPosition.row + 1))
      return undefined;
    // Checks made in turn: a condition on something an earlier check read, which the code changed since
    // (`p.n` tested, set again by a read, tested again), is another question, asked of new state.
    const names = namesIn(conditions);
    const again = names.filter((n) => tested.has(n));
    // Up to where its condition is tested: the outermost `if` around it that came after the last check.
    // A condition of an `if` that began before the last check was tested before anything between ran.
    let checkAt: number | undefined;
    for (let g = r.parent; g && g.id !== unit.id; g = g.parent)
      if (/^if/.test(g.type) && (after === undefined || g.startIndex >= after)) checkAt = g.startIndex;
    if (
      after !== undefined &&
      checkAt !== undefined &&
      again.length > 0 &&
      changedBetween(unit.text.slice(after - unit.startIndex, checkAt - unit.startIndex), again)
    )
      return undefined;
    for (const n of names) tested.add(n);
    after = r.endIndex;
  }
  const lastLine = last.startPosition.row + 1;
  if (
    choice &&
    !arm(
      codeWithoutComments(choice.then),
      [codeWithoutComments(choice.condition).replace(/^\((.*)\)$/s, '$1')],
      lastLine,
    )
  )
    return undefined;
  const otherwise = codeOf(choice ? choice.otherwise : valueNode(last)) ?? '';
  const spoken = sayValue(otherwise);
  if (!spoken && !fits(otherwise)) return undefined;
  return { arms, otherwise: { value: otherwise, ...(spoken ? { said: spoken } : {}), line: lastLine } };
}

/** The names and field paths conditions read (`p.n`, `head`). */
function namesIn(conditions: Guard): string[] {
  return [...new Set(conditions.flatMap((c) => c.match(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/g) ?? []))];
}

/** Whether `code` assigns any of `names` (`p.n = …`, `n++`, `a, p.n = …`). */
function changedBetween(code: string, names: readonly string[]): boolean {
  for (const name of names) {
    const n = escapeRegExp(name);
    const written = new RegExp(
      `(?<![\\w.$])${n}\\s*(?:\\+\\+|--|(?:<<|>>>?|[-+*/%&|^])?:?=(?!=))|(?:\\+\\+|--)\\s*${n}(?![\\w$])|(?<![\\w.$])${n}\\s*,[^=\\n]*[^=!<>:]:?=(?!=)|,\\s*${n}\\s*(?:,[^=\\n]*)?:?=(?!=)`,
    );
    if (written.test(code)) return true;
  }
  return false;
}

/** `x == 'a'` and `x == 'b'`: the same subject compared with two different literals cannot both hold. */
function exclusive(a: string, b: string): boolean {
  const EQUALS = /^\(?\s*([\w.[\]]+)\s*={2,3}\s*('[^']*'|"[^"]*"|-?\d+)\s*\)?$/;
  const x = EQUALS.exec(a.trim());
  const y = EQUALS.exec(b.trim());
  return !!x && !!y && x[1] === y[1] && x[2] !== y[2];
}

const LOOPS =
  /^(for_statement|for_in_statement|enhanced_for_statement|for_range_loop|while_statement|do_statement|for_expression|while_expression|loop_expression|foreach_statement)$/;

/**
 * The conditions a `return` is taken under: each `if` (or `elif`) it sits in, and whether a loop is on the
 * way (it is taken as soon as they hold). Undefined where that cannot be read as a plain "and": an `else`,
 * an `elif` after a test that could hold as well, a `try`, a case arm, or a statement before it that
 * could leave first.
 */
function pathOf(ret: Node, unit: Node): { conditions: string[]; inLoop: boolean } | undefined {
  const conditions: string[] = [];
  let inLoop = false;
  const strip = (c: Node) => codeWithoutComments(c).replace(/^\((.*)\)$/s, '$1');
  let child = ret;
  for (let p = ret.parent; p && p.id !== unit.id; child = p, p = p.parent) {
    if (
      /block|statement_list|compound_statement|^body$|consequence/.test(p.type) ||
      p.type === 'expression_statement'
    ) {
      const before = p.namedChildren.filter(
        (c) => !c.type.includes('comment') && c.endIndex <= child.startIndex,
      );
      if (before.some((c) => leaves(unit, c))) return undefined;
      continue;
    }
    if (LOOPS.test(p.type)) {
      inLoop = true;
      continue;
    }
    if (p.type === 'elif_clause') {
      const c = p.childForFieldName('condition');
      if (!c || child.field !== 'consequence') return undefined;
      conditions.unshift(strip(c));
      continue;
    }
    if (p.type === 'if_statement') {
      const own = p.childForFieldName('condition');
      if (!own) return undefined;
      if (child.type === 'elif_clause') {
        // Taken only when every test before it failed: said as one "and" only when they cannot both hold.
        const mine = conditions[0]!;
        const earlier = [
          own,
          ...p.namedChildren
            .filter((c) => c.type === 'elif_clause' && c.endIndex <= child.startIndex)
            .map((c) => c.childForFieldName('condition')),
        ];
        if (earlier.some((c) => !c || !exclusive(strip(c), mine))) return undefined;
        continue;
      }
      if (child.field !== 'consequence') return undefined;
      conditions.unshift(strip(own));
      continue;
    }
    // `else if (…)`: the `else` holds only the inner `if`, whose condition was taken; the outer `if`'s
    // test failed, which goes without saying only when both cannot hold.
    if (/^else(_clause)?$/.test(p.type) && child.type === 'if_statement') {
      const outer = p.parent;
      const test = outer?.type === 'if_statement' ? outer.childForFieldName('condition') : null;
      const mine = conditions[0];
      if (!outer || !test || !mine || !exclusive(strip(test), mine)) return undefined;
      child = outer;
      p = outer;
      continue;
    }
    return undefined;
  }
  return { conditions, inLoop };
}

/**
 * A literal `true`/`false` returned early under conditions, and one question asked by the last statement
 * (`return opens == 0`): each early return with its conditions, then the question in words.
 */
function earlyThenAsked(unit: Node, returns: readonly Step[], typed: boolean): UnitResult['early'] {
  const nodes = returns.map((r) => unit.doc.nodes[r.node]).filter((n): n is Node => n !== undefined);
  if (nodes.length < 2 || nodes.length > MAX_ARMS + 1 || nodes.length !== returns.length) return undefined;
  const value = (n: Node) => codeOf(returnedBy(n)) ?? '';
  const last = nodes[nodes.length - 1]!;
  const lastValue = value(last);
  if (!unguarded(last, unit) || BOOLEAN_LITERAL.test(lastValue)) return undefined;
  const asks = askedBy(unit, lastValue, typed);
  if (!asks) return undefined;
  const exits: { value: string; when: string[]; line: number; inLoop: boolean }[] = [];
  for (const r of nodes.slice(0, -1)) {
    const v = value(r);
    const path = BOOLEAN_LITERAL.test(v) ? pathOf(r, unit) : undefined;
    if (!path || path.conditions.length === 0 || path.conditions.length > 3) return undefined;
    const when = path.conditions.map(said);
    if (when.some((w) => w === undefined)) return undefined;
    exits.push({ value: v, when: when as string[], line: r.startPosition.row + 1, inLoop: path.inLoop });
  }
  return { exits, asks, line: last.startPosition.row + 1 };
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
  return codeOf(value)?.replace(/\s+/g, ' ').trim() ?? r.subject ?? '';
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
  const asked = creates || !yesOrNo ? undefined : answered(unit, returns, type !== undefined);
  // The question asked only under a condition (`if n > 0 { return bytes.IndexByte(…) >= 0 }; return
  // false`) is told with that condition, in turn, when that reads: "whether X" alone would skip it.
  const askedNode = asked ? returns.find((r) => r.line === asked.line) : undefined;
  const askedUnder =
    askedNode && unit.doc.nodes[askedNode.node] && !unguarded(unit.doc.nodes[askedNode.node]!, unit);
  const answers =
    asked && askedUnder && returns.length >= 2 && checksInTurn(unit, returns, true, type !== undefined)
      ? undefined
      : asked;
  const cases = creates || answers || !yesOrNo ? undefined : byCases(unit, returns);
  const early =
    creates || answers || cases || !yesOrNo ? undefined : earlyThenAsked(unit, returns, type !== undefined);
  const inTurn =
    creates || answers || cases || early
      ? undefined
      : checksInTurn(unit, returns, yesOrNo, type !== undefined && yesOrNo);
  if (!typed && !creates && !converts && !answers && !cases && !early && !inTurn) return undefined;
  return {
    ...(typed ? { type: typed } : {}),
    ...(creates ? { creates } : {}),
    ...(converts ? { converts } : {}),
    ...(answers ? { answers } : {}),
    ...(cases ? { byCases: cases } : {}),
    ...(early ? { early } : {}),
    ...(inTurn ? { inTurn } : {}),
    line:
      creates || converts ? returns[0]!.line : (declared?.startPosition.row ?? unit.startPosition.row) + 1,
  };
}
