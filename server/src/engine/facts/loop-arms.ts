/**
 * The arms of a loop that dispatches: a body whose one branching statement
 * (a `switch`, `match` or `if … else if …` chain) picks, each turn, one of
 * several things to do. A tokenizer, a path cleaner, a state machine: the
 * hard part of such code is what each arm does, and a list of every change
 * the loop makes, in whichever arm, hides it. Each arm is read from the
 * tree: its condition or labels as written, the comment its author put at
 * its head, and the changes, calls, inner loops and ways out inside it.
 */
import { parensBalanced } from '../regex.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { calleeText, codeWithoutComments } from '../nodes.js';
import { casesOf } from './cases.js';
import { bodyStatements } from './log-loops.js';
import { clip } from './subjects.js';
// A type only: facts/loops.ts builds its anatomy with this module, so nothing is imported at run time.
import type { ChangeHow } from './loops.js';

/** One change a loop makes: the name, how, the node and its line. */
export interface ChangeEvent {
  readonly name: string;
  readonly how: ChangeHow;
  readonly id: number;
  readonly line: number;
  /** What it is set to, when that is a name or a literal written out (`S_VALUE`, `'"'`, `0`). */
  readonly to?: string;
  /** The constant it is moved forward or back by (`1` for `++`). */
  readonly by?: string;
  /** A compound assignment's operand (`x` of `t += x`; `|= m` for an update), as loops.ts records it. */
  readonly operand?: string;
}

export interface ArmChange {
  readonly name: string;
  readonly how: ChangeHow;
  readonly lines: readonly number[];
  /** Moved forward or back by this one constant other than 1 (`+= 2`). */
  readonly by?: string;
  /** Changed on one line, by a compound assignment: its operand (loops.ts, Carried's `operand`). */
  readonly operand?: string;
  /** Every change sets it to one of these values, each a name or literal (`state = S_VALUE`). */
  readonly to?: readonly string[];
  /** Every change of it sits under a condition (or in a `case`, a `try`) inside the arm: not every turn taking the arm makes it. */
  readonly sometimes?: true;
}

export interface ArmLoop {
  readonly line: number;
  readonly node: number;
  readonly changes: readonly ArmChange[];
  readonly sometimes?: true;
}

export interface ArmExit {
  readonly index: number;
  readonly when?: string;
  readonly unless?: true;
  readonly sometimes?: true;
}

export interface LoopArm {
  /** The line of its condition or labels (`case …`, `else if …`, `else`). */
  readonly line: number;
  readonly endLine: number;
  /** The node that holds the arm's statements (a `case` arm, or an `if`'s consequence). */
  readonly node: number;
  /** The condition or the labels as written; none for the arm taken otherwise (`default`, `else`, `_`). */
  readonly when?: readonly string[];
  /** The line of the comment at the arm's head, when its author wrote one (the loop's comments hold its words). */
  readonly comment?: number;
  /** What it changes outside its loops, each name with how (combined over the arm) and its lines. */
  readonly changes: readonly ArmChange[];
  /** Calls made as statements of their own (their result unused), each once, with its line. */
  readonly calls: readonly { readonly callee: string; readonly line: number; readonly sometimes?: true }[];
  /** Loops in it (not those inside them), each with its line, node and what it changes. */
  readonly loops: readonly ArmLoop[];
  /** With nothing else to tell, its first statements as written, each with its line. */
  readonly runs: readonly { readonly text: string; readonly line: number }[];
  /**
   * The loop's exits inside it, by index into the loop's exits, each with the condition that takes it within
   * the arm: none when the arm always takes it, the one `if` it sits in, or only "in some cases".
   */
  readonly exits: readonly ArmExit[];
}

export interface LoopDispatch {
  /** The keyword a reader sees: `switch`, `match`, `when` or `if`. */
  readonly keyword: string;
  readonly line: number;
  readonly node: number;
  /** What a value switch compares its labels with (`c` in `switch c`); none for a chain of conditions. */
  readonly subject?: string;
  readonly arms: readonly LoopArm[];
  /** An arm is taken whatever happens (a `default`, `else` or `_`): without one, a turn may take none. */
  readonly total: boolean;
}

/** A line longer than this is minified code's. */
const MINIFIED_LINE = 300;
/** The fewest arms for which telling them one by one beats one list of changes. */
const MIN_ARMS = 3;

const SWITCH =
  /^(switch_statement|switch_expression|expression_switch_statement|match_expression|match_statement|when_expression)$/;
const IF = /^(if_statement|if_expression)$/;
const JUMP = /^(break|continue|return|throw|raise|goto)(_statement|_expression)?$/;
const LOOP =
  /^(for|while|do|for_in|enhanced_for|for_range|foreach|loop)_(statement|loop|expression)$|^for_in_clause$/;
const FUNCTION = /function|lambda|arrow|closure|func_literal|method_declaration|method_definition/;
/** Statements that do nothing a reader follows: a `break` out of the `switch`, `pass`, `;`. */
const EMPTY = /^(break_statement|pass_statement|empty_statement|unit_expression)$/;
/** What may skip the statements inside it: a branch, an arm, a `try`, a short-circuit. */
const BRANCH =
  /^(if_statement|if_expression|elif_clause|else_clause|switch_statement|switch_expression|expression_switch_statement|type_switch_statement|match_expression|match_statement|expression_case|default_case|switch_case|switch_default|case_clause|case_statement|switch_section|switch_block_statement_group|match_arm|try_statement|try_expression|catch_clause|except_clause|conditional_expression|ternary_expression|binary_expression|boolean_operator)$/;
const LABEL = /^(expression_list|switch_label|case_pattern|case_switch_label|default_switch_label|pattern)$/;
const CALL = /^(call_expression|call|method_invocation|invocation_expression)$/;

const line = (n: Node) => n.startPosition.row + 1;

/** `(a && b)` as `a && b`: C-family conditions come wrapped in their parentheses. */
function bare(node: Node): string {
  let text = codeWithoutComments(node).trim();
  while (/^\(.*\)$/s.test(text) && parensBalanced(text.slice(1, -1))) text = text.slice(1, -1).trim();
  return clip(text.replace(/\s+/g, ' '), 80);
}

interface RawArm {
  readonly line: number;
  readonly node: Node;
  readonly when?: readonly string[];
  /** Its statements, comments left out. */
  readonly statements: readonly Node[];
}

/** The statements a block holds, through the lists some grammars wrap them in. */
function statementsIn(node: Node): Node[] {
  if (!/^(block|statement_block|compound_statement|statement_list|declaration_list)$/.test(node.type))
    return [node];
  return node.namedChildren.filter((c) => !c.type.includes('comment')).flatMap(statementsIn);
}

/** The arms of an `if … else if … else` chain, in order; undefined when one has no condition or body it can read. */
function ifArms(statement: Node): RawArm[] | undefined {
  const arms: RawArm[] = [];
  // Python lists its `elif` and `else` clauses as the `if`'s own children.
  if (
    statement.type === 'if_statement' &&
    statement.childrenForFieldName('alternative').some(isPythonClause)
  ) {
    const cond = statement.childForFieldName('condition');
    const body = statement.childForFieldName('consequence');
    if (!cond || !body) return undefined;
    arms.push({ line: line(statement), node: body, when: [bare(cond)], statements: statementsIn(body) });
    for (const clause of statement.childrenForFieldName('alternative')) {
      const c = clause.childForFieldName('condition');
      const b = clause.childForFieldName('consequence') ?? clause.childForFieldName('body');
      if (!b) return undefined;
      arms.push({
        line: line(clause),
        node: b,
        ...(c ? { when: [bare(c)] } : {}),
        statements: statementsIn(b),
      });
    }
    return arms;
  }
  for (let at: Node | null = statement; at;) {
    const cond = at.childForFieldName('condition');
    const body = at.childForFieldName('consequence');
    if (!cond || !body) return undefined;
    arms.push({ line: line(at), node: body, when: [bare(cond)], statements: statementsIn(body) });
    const written: Node | null = at.childForFieldName('alternative');
    if (!written) break;
    // The arm opens at its `else` (Java writes `} else` and the statement on the line below).
    const keyword = at.children.find((c) => !c.named && c.type === 'else');
    const elseLine = line(keyword ?? written);
    const alt: Node | undefined =
      written.type === 'else_clause'
        ? written.namedChildren.find((c: Node) => !c.type.includes('comment'))
        : written;
    if (!alt) break;
    if (IF.test(alt.type)) {
      at = alt;
      continue;
    }
    arms.push({ line: elseLine, node: alt, statements: statementsIn(alt) });
    break;
  }
  return arms;
}

/** Python's `elif` and `else` clauses hold their statements in a field (C-family `else` clauses wrap one statement). */
const isPythonClause = (n: Node) =>
  n.type === 'elif_clause' || (n.type === 'else_clause' && n.childForFieldName('body') !== null);

/** The arms of a switch or match; undefined when one runs on into the next (then arms are not separate ways). */
function switchArms(statement: Node): RawArm[] | undefined {
  const cases = casesOf(statement);
  if (cases.some((c) => c.fallsThrough)) return undefined;
  const nodes = statement.doc.nodes;
  const arms: RawArm[] = [];
  for (const c of cases) {
    const node = c.node === undefined ? undefined : nodes[c.node];
    if (!node) return undefined;
    // Go keeps a `case`'s labels in a list the arm holds beside its statements.
    const statements = (c.statements ?? [])
      .map((id) => nodes[id]!)
      .flatMap(statementsIn)
      .filter((st) => !LABEL.test(st.type) && !st.type.includes('comment'));
    arms.push({ line: c.line, node, ...(c.isDefault ? {} : { when: c.labels }), statements });
  }
  return arms;
}

/** What a value switch compares: `switch c`, `switch (tok.kind)`, `match self.state`. */
function subjectOf(statement: Node): string | undefined {
  const value =
    statement.childForFieldName('value') ??
    statement.childForFieldName('condition') ??
    statement.childForFieldName('subject');
  return value ? bare(value) : undefined;
}

/** Rust and Kotlin write a `match`/`if` as an expression statement: the expression inside. */
function unwrapStatement(statement: Node): Node {
  if (statement.type !== 'expression_statement') return statement;
  const inner = statement.namedChildren.find((c) => !c.type.includes('comment'));
  return inner && (SWITCH.test(inner.type) || IF.test(inner.type)) ? inner : statement;
}

/** The lines a node spans. */
const span = (n: Node) => n.endPosition.row - n.startPosition.row + 1;

/** Whether a way out of the turn (a jump) is written in `node`, outside functions written in it. */
function jumpsIn(node: Node): boolean {
  const nodes = node.doc.nodes;
  for (let id = node.id; id <= node.lastId; id++) {
    const n = nodes[id]!;
    if (FUNCTION.test(n.type)) id = n.lastId;
    else if (JUMP.test(n.type)) return true;
  }
  return false;
}

/**
 * The branching statement of the body that does most of its work, with its arms: a `switch`, `match` or
 * `if` chain of at least MIN_ARMS arms spanning at least half the body, with no way out of the turn
 * written before it (then every turn reaches it).
 */
function dispatchOf(loop: Node): { statement: Node; raw: RawArm[] } | undefined {
  const statements = bodyStatements(loop).map(unwrapStatement);
  const lines = statements.reduce((n, s) => n + span(s), 0);
  const candidates = statements
    .filter((s) => (SWITCH.test(s.type) || IF.test(s.type)) && span(s) * 2 >= lines)
    .sort((a, b) => span(b) - span(a));
  for (const statement of candidates) {
    if (statements.slice(0, statements.indexOf(statement)).some(jumpsIn)) return undefined;
    const raw = SWITCH.test(statement.type) ? switchArms(statement) : ifArms(statement);
    if (raw && raw.length >= MIN_ARMS) return { statement, raw };
  }
  return undefined;
}

/** How two changes of one name in one arm read together (as facts/loops.ts combines them). */
export type Combine = (a: ChangeHow, b: ChangeHow) => ChangeHow;

interface ArmInput {
  readonly events: readonly ChangeEvent[];
  readonly exits: readonly { readonly id: number }[];
  readonly comments: readonly { readonly line: number }[];
  readonly combine: Combine;
}

/** The loop's dispatch, when its body is one: at least MIN_ARMS arms, each with something to tell. */
export function loopDispatch(loop: Node, input: ArmInput): LoopDispatch | undefined {
  // Minified code: many arms share a line, and no line tells one from another.
  if (
    loop.startPosition.column > MINIFIED_LINE ||
    loop.text.split('\n').some((l) => l.length > MINIFIED_LINE)
  )
    return undefined;
  const found = dispatchOf(loop);
  if (!found) return undefined;
  const { statement, raw } = found;
  const isSwitch = SWITCH.test(statement.type);
  const arms: LoopArm[] = [];
  for (const [i, r] of raw.entries()) {
    const arm = armOf(r, raw[i + 1]?.line, input);
    if (!arm) return undefined;
    arms.push(arm);
  }
  const keyword = statement.text.match(/^\w+/)?.[0] ?? (isSwitch ? 'switch' : 'if');
  const subject = isSwitch ? subjectOf(statement) : undefined;
  return {
    keyword,
    line: line(statement),
    node: statement.id,
    ...(subject ? { subject } : {}),
    arms,
    // Rust's `match` must cover every value (the compiler holds it to that): one arm always runs.
    total:
      statement.type === 'match_expression' ||
      raw.some((r) => r.when === undefined || r.when.some((w) => /^(_|else|default)$/.test(w))),
  };
}

/**
 * The condition under which the arm takes a way out: none when nothing inside the arm stands between them,
 * the condition of the one `if` (or its negation, in its `else`) when that is all, else only "in some cases".
 */
function exitIn(exit: Node, arm: Node, index: number): ArmExit {
  let found: ArmExit = { index };
  let child = exit;
  for (let p = exit.parent; p && p.id !== arm.id; child = p, p = p.parent) {
    if (!BRANCH.test(p.type) || p.type === 'else_clause') continue;
    const condition = p.childForFieldName('condition');
    if (found.when !== undefined || !IF.test(p.type) || !condition) return { index, sometimes: true };
    const alternative = p.childForFieldName('alternative');
    const inElse = alternative !== null && child.startIndex >= alternative.startIndex;
    // An `else if` below: its own conditions decide too.
    if (
      inElse &&
      IF.test(
        alternative.type === 'else_clause' ? (alternative.namedChildren[0]?.type ?? '') : alternative.type,
      )
    )
      return { index, sometimes: true };
    found = { index, when: bare(condition), ...(inElse ? { unless: true as const } : {}) };
  }
  return found;
}

/** Between `node` and `top` (neither counted): a branch that may skip `node`. */
function underCondition(node: Node, top: Node): boolean {
  for (let p = node.parent; p && p.id !== top.id; p = p.parent) {
    if (!BRANCH.test(p.type)) continue;
    // Of the operators, only a short-circuit may skip its right side: `bytes[offset++] & 0x3f` runs it.
    if (/^(binary_expression|boolean_operator)$/.test(p.type)) {
      const operator = p.childForFieldName('operator')?.text ?? p.children.find((c) => !c.named)?.text ?? '';
      const right = p.childForFieldName('right') ?? p.namedChildren[1];
      if (!/^(&&|\|\||\?\?|and|or)$/.test(operator) || !right || node.startIndex < right.startIndex) continue;
    }
    return true;
  }
  return false;
}

/** The outermost loop between `node` and `arm`, if any. */
function loopAround(node: Node, arm: Node): Node | undefined {
  let found: Node | undefined;
  for (let p = node.parent; p && p.id !== arm.id; p = p.parent) if (LOOP.test(p.type)) found = p;
  return found;
}

/** The changes of `events`, each name once with its ways combined; `sometimes` when every one is under a condition. */
function changesOf(events: readonly ChangeEvent[], top: Node, combine: Combine): ArmChange[] {
  const nodes = top.doc.nodes;
  const byName = new Map<
    string,
    {
      how: ChangeHow;
      lines: number[];
      always: boolean;
      to: string[] | undefined;
      steps: string[];
      operand: string | undefined;
    }
  >();
  for (const e of events) {
    const always = !underCondition(nodes[e.id]!, top);
    const seen = byName.get(e.name);
    if (!seen)
      byName.set(e.name, {
        how: e.how,
        lines: [e.line],
        always,
        to: e.to ? [e.to] : undefined,
        steps: e.by ? [e.by] : [],
        operand: e.operand,
      });
    else {
      seen.how = combine(seen.how, e.how);
      if (!seen.lines.includes(e.line)) seen.lines.push(e.line);
      seen.always ||= always;
      // Changed twice, it has no one operand to quote.
      seen.operand = undefined;
      // Changed another way too, or to a value not written out, it is named by no value.
      if (e.by && !seen.steps.includes(e.by)) seen.steps.push(e.by);
      if (!e.to) seen.to = undefined;
      else if (seen.to && !seen.to.includes(e.to)) seen.to.push(e.to);
    }
  }
  return [...byName].map(([name, c]) => ({
    name,
    how: c.how,
    lines: c.lines,
    ...(c.how === 'sets' && c.to ? { to: c.to } : {}),
    ...((c.how === 'forward' || c.how === 'back') && c.steps.length === 1 && c.steps[0] !== '1'
      ? { by: c.steps[0]! }
      : {}),
    ...(c.operand !== undefined && c.lines.length === 1 ? { operand: c.operand } : {}),
    ...(c.always ? {} : { sometimes: true as const }),
  }));
}

function armOf(raw: RawArm, nextLine: number | undefined, input: ArmInput): LoopArm | undefined {
  const { node } = raw;
  const nodes = node.doc.nodes;
  const inArm = (id: number) => id >= node.id && id <= node.lastId;
  const endLine = node.endPosition.row + 1;
  const events = input.events.filter((e) => inArm(e.id));
  const byLoop = new Map<number, ChangeEvent[]>();
  const own: ChangeEvent[] = [];
  for (const e of events) {
    const around = loopAround(nodes[e.id]!, node);
    if (!around) own.push(e);
    else byLoop.set(around.id, [...(byLoop.get(around.id) ?? []), e]);
  }
  const changes = changesOf(own, node, input.combine);
  const appendIds = new Set(
    events.filter((e) => e.how === 'appends' || e.how === 'removes').map((e) => e.id),
  );
  const calls: { callee: string; line: number; sometimes?: true }[] = [];
  const loops: ArmLoop[] = [];
  for (let id = node.id; id <= node.lastId; id++) {
    const n = nodes[id]!;
    if (FUNCTION.test(n.type)) {
      id = n.lastId;
      continue;
    }
    if (LOOP.test(n.type)) {
      loops.push({
        line: line(n),
        node: n.id,
        changes: changesOf(byLoop.get(n.id) ?? [], n, input.combine),
        ...(underCondition(n, node) ? { sometimes: true as const } : {}),
      });
      id = n.lastId;
      continue;
    }
    // A call whose result is used is told by what uses it (a change, a return); one on its own is a step.
    if (
      !CALL.test(n.type) ||
      appendIds.has(n.id) ||
      !/^(expression_statement|statement_list|block)$/.test(n.parent?.type ?? '')
    )
      continue;
    const callee = calleeText(n);
    if (callee && /^[\w.$:>-]+$/.test(callee) && !calls.some((c) => c.callee === callee))
      calls.push({
        callee: clip(callee, 40),
        line: line(n),
        ...(underCondition(n, node) ? { sometimes: true as const } : {}),
      });
  }
  const exits = input.exits.flatMap((e, i) => (inArm(e.id) ? [exitIn(nodes[e.id]!, node, i)] : []));
  // The comment at its head: after its label (or trailing it), above its first statement.
  const firstLine = raw.statements[0] ? line(raw.statements[0]) : endLine;
  const head = input.comments.find(
    (c) =>
      (c.line === raw.line || (c.line > raw.line && c.line < firstLine)) &&
      (nextLine === undefined || c.line < nextLine),
  );
  const told = changes.length + calls.length + loops.length + exits.length;
  // An arm that runs statements none of which is told would read as doing nothing: then its loop's arms are not told.
  const empty = raw.statements.every(
    (st) =>
      EMPTY.test(st.type) || (/^(block|expression_statement)$/.test(st.type) && st.namedChildCount === 0),
  );
  // With nothing else to tell of it, its first statements are quoted as they are written.
  const runs =
    told === 0 && !empty
      ? raw.statements
          .filter((st) => !EMPTY.test(st.type))
          .slice(0, 2)
          .map((st) => ({
            text: clip(codeWithoutComments(st).trim().replace(/\s+/g, ' '), 60),
            line: line(st),
          }))
      : [];
  return {
    line: raw.line,
    endLine,
    node: node.id,
    ...(raw.when ? { when: raw.when } : {}),
    ...(head ? { comment: head.line } : {}),
    changes,
    runs,
    calls,
    loops,
    exits,
  };
}
