/**
 * The anatomy of a loop, which is usually the part a reader came for: what it
 * runs over or while, the index that moves through it, the state it carries
 * from one turn to the next, the ways out of it and the conditions that take
 * them, the comments its author wrote inside it (each given to the statement
 * below it), and what it leaves behind for the code after it. Everything is
 * read from the tree: each part names the nodes and lines it rests on.
 */
import { MAX_QUOTE_CHARS } from '../budget.js';
import { escapeRegExp } from '../regex.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { BREAKABLE_SWITCH_TYPES, codeWithoutComments, enclosingLoop, onWayOut } from '../nodes.js';
import type { Step } from './model.js';
import { logarithmicLoop, type LogLoop } from './log-loops.js';
import { clip, field } from './subjects.js';
import { loopDispatch, type ChangeEvent, type LoopDispatch } from './loop-arms.js';
import { keptBests, type KeptBest } from './keeps-best.js';
import { splitTopLevel } from '../purpose/answers.js';

export interface Carried {
  /** The variable or field, as written (`out`, `this.count`). */
  readonly name: string;
  /**
   * How the loop changes it: moves it forward or back by a constant, adds to, subtracts from, multiplies or
   * divides it (`+=`, `-=`, `*=`, `/=`), updates it with another operator or with more than one of those,
   * adds items to it, or sets it.
   */
  readonly how: ChangeHow;
  readonly lines: readonly number[];
  /** Every change is on a way out of the function: the code after the loop never sees it. */
  readonly onWayOut?: true;
  /** Moved forward or back by this one constant other than 1 on every line (`+= 2`): "adds 2 to". */
  readonly by?: string;
  /**
   * Changed on one line only, by a compound assignment (`sp += n`, `bits |= b << shift`): the operand, and
   * for an update other than the four arithmetic ones its operator first (`|= b << shift`).
   */
  readonly operand?: string;
  /**
   * Changed in more than one way (`cur = []`, `cur.append(x)`, `del cur[-1]`): each way with its own lines,
   * so the reader is told "sets `cur` (line 22), adds items to it (lines 44 and 76) and takes items out of it
   * (line 60)". `how` and `lines` stay those of the whole, which is what the cost reasoning reads.
   */
  readonly parts?: readonly ChangePart[];
}

export interface ChangePart {
  readonly how: ChangeHow;
  readonly lines: readonly number[];
  readonly by?: string;
  readonly operand?: string;
}

export type ChangeHow =
  | 'forward'
  | 'back'
  | 'both'
  | 'adds'
  | 'subtracts'
  | 'multiplies'
  | 'divides'
  | 'updates'
  | 'appends'
  | 'removes'
  | 'stores'
  | 'sets';

export interface LoopExit {
  readonly kind: 'break' | 'continue' | 'return' | 'throw';
  readonly line: number;
  /** The condition of the `if` that takes it, when one does, as written. */
  readonly when?: string;
  /**
   * It is in an `else`: taken when the condition does not hold, or, in the `else` of a chain, when none of
   * the chain's conditions (all of them, in order) holds.
   */
  readonly unless?: true | readonly string[];
  /** It is in an `elif` or `else if`: taken when its condition holds and none of those above it did. */
  readonly later?: true;
  /** What a `return` returns or a `throw` throws. */
  readonly value?: string;
  /** With no `when`: it sits inside a branch, a `case` or a `catch` of the loop, so it is not taken every turn. */
  readonly sometimes?: true;
}

export interface InnerComment {
  readonly line: number;
  /** The comment's words, markers off. */
  readonly text: string;
  /** The line of the statement it explains: the one right below it, or the one it trails. */
  readonly explains: number;
  /**
   * A blank line stands between it and that statement: a paragraph about what follows in general (an
   * approach, a contract), not a note on that one line, and told without it.
   */
  readonly apart?: true;
}

export interface LoopAnatomy {
  readonly line: number;
  readonly endLine: number;
  readonly node: number;
  /** What a for-each loop runs over, and the name each item takes. */
  readonly over?: string;
  readonly item?: string;
  /** A `while` or counting `for` loop's condition. */
  readonly condition?: string;
  /** The state changed inside it that lives on outside it, in order of first change. */
  readonly carried: readonly Carried[];
  readonly exits: readonly LoopExit[];
  readonly comments: readonly InnerComment[];
  /** The first `return` after the loop that uses what it carried: the variables and the line. */
  readonly leaves?: { readonly names: readonly string[]; readonly line: number; readonly value: string };
  /** Loops nested in its body. */
  readonly inner: number;
  /** Python's `else` of a loop, which runs only when the loop ends without a `break`: its line. */
  readonly orElse?: number;
  /** Names a counting `for` loop's header moves forward (`i++`, `i += 1` in its update). */
  readonly counters?: readonly string[];
  /** A counter its body never reads: it only caps the number of turns at `bound`. */
  readonly capsTurns?: { readonly counter: string; readonly bound: string };
  /** Indexes it steps round a ring (`j = (j + 1) % n`, `(h + i) & (n - 1)`): the name, the size, the line, how. */
  readonly wraps?: readonly {
    readonly name: string;
    /** The sum wrapped: `j + 1`, `cell_ix + i`. */
    readonly sum: string;
    readonly size: string;
    readonly line: number;
    readonly by: 'remainder' | 'mask';
  }[];
  /** It takes about log n turns: every turn halves or doubles the index its condition bounds, or bisects a range. */
  readonly logarithmic?: LogLoop;
  /**
   * Variables it moves into a part of what they held (`node = node.next`, `recipient = recipient[key]`): the
   * name, the value as written, the line, and whether every turn that goes on does it.
   */
  readonly descends?: readonly Descent[];
  /** Names it keeps the highest or lowest value seen so far in (`if v > best { best = v }`), and what goes with it. */
  readonly best?: readonly KeptBest[];
  /** Its body is one `switch`, `match` or `if … else if` chain that picks, each turn, one of its arms. */
  readonly dispatch?: LoopDispatch;
  /**
   * Its condition tests that a collection still holds items (`while stack:`, `len(q) > 0`, `!q.isEmpty()`),
   * and its body takes items out of it: it runs until the collection is empty. The name, and the lines
   * that take items out of it and, when some do, that put items in (a worklist).
   */
  readonly drains?: {
    readonly name: string;
    readonly takes: readonly number[];
    readonly puts?: readonly number[];
  };
}

/** Conditions that test a collection still holds items, in each language's words: the collection is group 1. */
const NOT_EMPTY = [
  /^len\(\s*([\w.]+)\s*\)(?:\s*(?:>|!=)\s*0)?$/,
  /^([\w.]+)\.(?:length|Count|Length|size\(\)|Count\(\)|len\(\))\s*(?:>|!==?)\s*0$/,
  /^([\w.]+)\.length$/,
  /^!\s*([\w.]+)\.(?:isEmpty|is_empty|empty)\(\)$/,
  /^([\w.]+)\.(?:isNotEmpty|any|Any)\(\)$/,
];

/**
 * What a loop drains: the collection its condition tests for items, when its body takes items out of it. A
 * bare name (`while stack:`) tests for items only where an empty collection is false: Python's `while`
 * without parentheses, and only when the body takes items out of it as a collection's own method does.
 */
function drainsOf(
  loopNode: Node,
  condition: string | undefined,
  state: readonly Carried[],
): LoopAnatomy['drains'] {
  if (!condition) return undefined;
  const text = condition.replace(/^\((.*)\)$/s, '$1').trim();
  const bare =
    loopNode.type === 'while_statement' && loopNode.childForFieldName('condition')?.type === 'identifier'
      ? text
      : undefined;
  const name = bare ?? NOT_EMPTY.map((re) => re.exec(text)?.[1]).find(Boolean);
  const changes = name ? state.find((c) => c.name === name) : undefined;
  if (!name || !changes) return undefined;
  const ways = changes.parts ?? [changes];
  const takes = ways.filter((w) => w.how === 'removes').flatMap((w) => w.lines);
  const puts = ways.filter((w) => w.how === 'appends').flatMap((w) => w.lines);
  // Taken out of only, or taken out of and put into: anything else (set, stored into) is not a drain.
  if (takes.length === 0 || ways.some((w) => w.how !== 'removes' && w.how !== 'appends')) return undefined;
  return { name, takes, ...(puts.length ? { puts } : {}) };
}

export interface Descent {
  readonly name: string;
  readonly into: string;
  readonly line: number;
  readonly everyTurn: boolean;
}

/** `x = (a + b) % n` or `x = (a + b) & (n - 1)` as written: the name, the size, and whether by remainder or mask. */
const WRAP =
  /^\s*(?:[\w\s*]+\s)?([\w.\->[\]]+)\s*(?::=|=)\s*\(\s*([\w.\->[\]]+\s*\+\s*[\w.\->[\]]+)\s*\)\s*(?:%\s*([\w.\->()]+)|&\s*\(\s*([\w.\->()]+)\s*-\s*1\s*\))\s*;?\s*$/;

/** The indexes a loop's body steps round a ring, each with its line. */
function wrapsIn(body: Node): NonNullable<LoopAnatomy['wraps']> {
  const out: { name: string; sum: string; size: string; line: number; by: 'remainder' | 'mask' }[] = [];
  const lines = body.text.split('\n');
  lines.forEach((text, i) => {
    const m = WRAP.exec(text);
    if (m && out.length < 3)
      out.push({
        name: m[1]!,
        sum: m[2]!.replace(/\s+/g, ' '),
        size: (m[3] ?? m[4]!).trim(),
        line: body.startPosition.row + 1 + i,
        by: m[3] ? 'remainder' : 'mask',
      });
  });
  return out;
}

/**
 * `for (x = 0; x < n; x++)` whose body never reads `x`: the counter and its bound. A reader asks what
 * `x` is for; the answer is that it only limits how many turns the loop takes.
 */
function capsTurnsOf(loopNode: Node, body: Node, counters: readonly string[]): LoopAnatomy['capsTurns'] {
  const counter = counters[0];
  const condition = loopNode.childForFieldName('condition')?.text.trim();
  if (!counter || counters.length !== 1 || !condition) return undefined;
  const m = new RegExp(`^${escapeRegExp(counter)}\\s*(<=?)\\s*(.+)$`).exec(
    condition.replace(/^\((.*)\)$/s, '$1').trim(),
  );
  if (!m || m[1] !== '<') return undefined;
  const init = (loopNode.childForFieldName('initializer') ?? loopNode.childForFieldName('init'))?.text ?? '';
  if (!new RegExp(`\\b${escapeRegExp(counter)}\\s*=\\s*0\\b`).test(init)) return undefined;
  if (new RegExp(`(^|[^\\w.])${escapeRegExp(counter)}\\b`).test(body.text)) return undefined;
  // Only a step of one makes the bound the number of turns: `i += 2` takes half as many.
  const update =
    (loopNode.childForFieldName('update') ?? loopNode.childForFieldName('increment'))?.text ?? '';
  const esc = escapeRegExp(counter);
  if (!new RegExp(`^\\s*(${esc}\\s*\\+\\+|\\+\\+\\s*${esc}|${esc}\\s*\\+=\\s*1)\\s*$`).test(update))
    return undefined;
  return { counter, bound: m[2]!.replace(/^\((.*)\)$/, '$1') };
}

const line = (n: Node) => n.startPosition.row + 1;

/** Inline functions: what is written in them runs when they are called, not as the loop turns. */
const FUNCTION = /function|lambda|arrow|closure|func_literal|method_declaration|method_definition/;
const LOOP =
  /^(for|while|do|for_in|enhanced_for|for_range|foreach|loop)_(statement|loop|expression)$|^for_in_clause$/;
const ASSIGNMENT =
  /^(assignment_expression|augmented_assignment_expression|assignment|augmented_assignment|assignment_statement|compound_assignment_expr)$/;
const UPDATE =
  /^(update_expression|inc_statement|dec_statement|postfix_unary_expression|prefix_unary_expression)$/;
const DECLARATION =
  /^(lexical_declaration|variable_declaration|local_variable_declaration|short_var_declaration|var_declaration|let_declaration)$/;
const APPENDING =
  /^(push|append|add|Add|insert|extend|put|push_back|unshift|appendleft|WriteString|WriteByte|WriteRune|Write|set|setdefault)$/;
/**
 * Calls that take an item out of the collection they are called on. Not `remove` or `delete`: on a module or
 * a file system (`os.remove(p)`) they take nothing out of a collection.
 */
const REMOVING =
  /^(pop|popleft|popitem|shift|pop_front|pop_back|poll|pollFirst|pollLast|removeFirst|removeLast|Dequeue|dequeue|Pop)$/;
/** Comments addressed to tools, not to readers. */
const DIRECTIVE =
  /^(c8|istanbul|eslint|prettier|@|noqa|nolint|pylint|type:|go:|nosec|NOSONAR|TODO|FIXME|XXX|falls? ?through)\b|^!|\b(copyright|@license|licen[cs]ed under)\b/i;
/** A note that closes the block above it (`# end while`, `// end if`, `-- endif`): it explains nothing below. */
const CLOSES_BLOCK =
  /^(end\s*(while|for|if|loop|switch|of\b.*|[a-z]+\s*\(\))|endif|endwhile|endfor|fi|done)\.?$/i;
/** Code commented out (`check(s); // debug`, `x = 1;`), which says nothing about the code below it. */
const COMMENTED_OUT =
  /^(case\s+\S[^:]*|default)\s*:|[;{}]\s*(\/\/.*)?$|^[\w.]+\s*\(.*\)\s*;?$|^[A-Za-z_][\w.]*\s*\(.*[,(]\s*$|^(if|elif|else|for|while|def|with|try|except)\b.*:$|^(pass|return(\s+[\w.()]+)?)$/;
/** A `switch` or `match` arm, which holds its statements (and its author's comments) itself in some grammars. */
const CASE_ARM =
  /^(switch_case|switch_default|case_clause|expression_case|default_case|switch_block_statement_group|switch_section|case_statement|statement_list)$/;
/** A value named or written out in a few characters: a constant, an enum member, a literal. */
const SIMPLE_VALUE =
  /^(?:[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*|-?\d[\w.]*|'[^'\n]{0,8}'|"[^"\n]{0,12}")$/;
/** A write into an element of a variable: the variable (`tab` of `tab[i++][1]`, `this.buf` of `this.buf[n + 1]`). */
const ELEMENT_OF = /^([A-Za-z_$][\w$]*(?:\s*(?:\.|->)\s*[A-Za-z_$][\w$]*)*)\s*(?:\[[^\]]*\]\s*)+$/;
/** A left side that sets several names at once. */
const TUPLE = /^(pattern_list|expression_list|tuple_pattern|tuple)$/;
/** What a loop's change is named by: a variable, a field, an element (`out`, `this.n`, `idx[p]`), not an expression. */
const PLAIN_TARGET = /^[\w$]+(\s*(\.|->)\s*[\w$]+|\[[\w$.]+\])*$/;

const JUMPS: Readonly<Record<string, LoopExit['kind']>> = {
  break_statement: 'break',
  continue_statement: 'continue',
  return_statement: 'return',
  throw_statement: 'throw',
  raise_statement: 'throw',
  break_expression: 'break',
  continue_expression: 'continue',
  return_expression: 'return',
};

/** Comment markers off: `//`, `#`, `/* … *\/`, leading `*`. */
function words(comment: string): string {
  return comment
    .replace(/^\/\*+|\*+\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\/+|#+|\*)\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The names a declaration inside the loop declares: those are the turn's own, not carried. */
function declared(node: Node): string[] {
  const names: string[] = [];
  const left = node.childForFieldName('left');
  if (left) for (const id of [left, ...left.descendantsOfType('identifier')]) names.push(id.text);
  for (const d of node.namedChildren) {
    const name = d.childForFieldName('name');
    if (name) names.push(name.text);
  }
  return names;
}

/** The row of a node's last character that is not white space (Go's statements end with their newline). */
function lastRow(node: Node): number {
  const text = node.text;
  const trimmed = text.trimEnd();
  let rows = 0;
  for (let i = trimmed.indexOf('\n'); i >= 0; i = trimmed.indexOf('\n', i + 1)) rows++;
  return node.startPosition.row + rows;
}

/** The statement a comment sits above, or trails, inside `body`. */
function explained(comment: Node): number | undefined {
  const before = comment.previousSibling;
  // A comment on the line where the code before it ends trails that code (`x = 1  # why`, `} // why`).
  if (before && !before.type.includes('comment') && lastRow(before) === comment.startPosition.row)
    return line(comment);
  for (let next = comment.nextSibling; next; next = next.nextSibling)
    if (!next.type.includes('comment')) return line(next);
  return undefined;
}

/** Branching statements whose condition picks an arm (Python's `elif` is one arm of its own). */
const IF = /^(if_statement|if_expression|elif_clause)$/;
/** What only holds statements, or wraps one: nothing between them and the arm runs or skips them. */
const BLOCK =
  /^(block|statement_block|statement_list|compound_statement|expression_statement|else_clause|declaration_list)$/;
/** Statements that run in a straight line and jump nowhere: a step before a `break` does not stop it coming. */
const STRAIGHT =
  /^(expression_statement|assignment|augmented_assignment|lexical_declaration|variable_declaration|local_variable_declaration|local_declaration_statement|short_var_declaration|var_declaration|assignment_statement|inc_statement|dec_statement|let_declaration|declaration|pass_statement)$/;

/** The statements of a block, without comments. */
function statementsOf(block: Node): Node[] {
  return block.namedChildren.filter((c) => !c.type.includes('comment'));
}

/**
 * Whether `child` comes in `parent` with nothing before it that could keep it from running: a `raise` or
 * `throw` must be the first statement (a step before it might fail, or be the point), a `break`, `continue`
 * or `return` may follow steps that run straight through.
 */
function firstThere(child: Node, parent: Node, kind: LoopExit['kind']): boolean {
  const before = statementsOf(parent).filter((c) => c.startIndex < child.startIndex);
  if (kind === 'throw') return before.length === 0;
  return before.every((c) => STRAIGHT.test(c.type) && !c.text.includes('\n'));
}

/** The `if` whose `else` holds `branch` (`else if`), when it has one. */
function chainedFrom(branch: Node): Node | undefined {
  const up = branch.parent;
  if (!up) return undefined;
  if (up.type === 'else_clause') return up.parent && IF.test(up.parent.type) ? up.parent : undefined;
  if (IF.test(up.type) && up.childForFieldName('alternative')?.id === branch.id) return up;
  return undefined;
}

/**
 * The conditions of the `if` / `else if` / `elif` chain that `branch` is part of, from the top, that are
 * tested before `node` is reached: the arms above it and its own.
 */
function conditionsBefore(branch: Node, node: Node): Node[] {
  const conditions: Node[] = [];
  // Python's `elif`s are children of the top `if`, in order; other languages nest each `else if` in the `else`.
  const top = branch.type === 'elif_clause' ? branch.parent! : branch;
  for (let b: Node | undefined = top; b; b = chainedFrom(b)) {
    const condition = b.childForFieldName('condition');
    if (condition) conditions.unshift(condition);
  }
  for (const c of top.namedChildren) {
    const condition =
      c.type === 'elif_clause' && c.startIndex < node.startIndex && c.childForFieldName('condition');
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** Whether an `if` chain stands in the loop's body (or an inner loop's), not inside another `if`'s arm, a `switch` or a `try`. */
function atTopOf(branch: Node, loop: Node): boolean {
  let top = branch.type === 'elif_clause' ? branch.parent! : branch;
  for (let up = chainedFrom(top); up; up = chainedFrom(up)) top = up;
  // An inner loop between them only repeats the test: the jump is still taken when the condition holds.
  for (let p = top.parent; p && p.id !== loop.id; p = p.parent)
    if (!BLOCK.test(p.type) && !LOOP.test(p.type)) return false;
  return true;
}

/** A condition as written, without its parentheses. */
function conditionText(condition: Node): string {
  return clip(codeWithoutComments(condition).replace(/^\((.*)\)$/s, '$1'), MAX_QUOTE_CHARS);
}

/**
 * The condition under which the jump `node` is taken, when the code says so plainly: the jump is the
 * first thing (or, for a `break`, `continue` or `return`, comes after steps that run straight through) in an
 * arm of an `if`, with nothing between (no `try`, no inner loop, no `switch`). A `raise` after a `try`
 * happens when what the `try` ran failed, not whenever the `if` holds. In an `else` the jump is taken when
 * none of the chain's conditions holds; in an `elif` or `else if`, when its own holds and none above it did.
 */
function conditionAround(
  node: Node,
  loop: Node,
  kind: LoopExit['kind'],
): Pick<LoopExit, 'when' | 'unless' | 'later'> {
  const after = afterJumpingIf(node, loop);
  if (after) return { when: after, unless: true };
  let child = node;
  for (let p = node.parent; p && p.id !== loop.id; child = p, p = p.parent) {
    if (BLOCK.test(p.type)) {
      if (!firstThere(child, p, kind)) return {};
      continue;
    }
    const condition = p.childForFieldName('condition');
    if (!IF.test(p.type) || !condition) return {};
    const alternative = p.childForFieldName('alternative');
    // An `if` inside another's arm is taken only when that one's condition holds too: say neither, rather than half.
    if (!atTopOf(p, loop)) return {};
    const conditions = conditionsBefore(p, node).map(conditionText);
    if (alternative && child.startIndex >= alternative.startIndex)
      return { when: conditions[0]!, unless: conditions.length > 1 ? conditions : true };
    return conditions.length > 1
      ? { when: conditionText(condition), later: true }
      : { when: conditionText(condition) };
  }
  return {};
}

/**
 * The condition of the `if` right before a jump at the top of the loop's body, when that `if` has no other
 * arm and its arm always jumps (`if newitem < parent: …; continue` then `break`), and no other jump comes
 * before it in the turn: the jump runs exactly when that condition does not hold.
 */
function afterJumpingIf(node: Node, loop: Node): string | undefined {
  const statement = node.parent?.type === 'expression_statement' ? node.parent : node;
  const block = statement.parent;
  if (!block || !/^(block|statement_block|statement_list|compound_statement)$/.test(block.type))
    return undefined;
  const body = block.type === 'statement_list' && block.parent?.parent?.id === loop.id ? block.parent : block;
  if (body.parent?.id !== loop.id) return undefined;
  let previous = statement.previousNamedSibling;
  while (previous && previous.type.includes('comment')) previous = previous.previousNamedSibling;
  if (!previous || !IF.test(previous.type) || previous.childForFieldName('alternative')) return undefined;
  const condition = previous.childForFieldName('condition');
  const arm = previous.childForFieldName('consequence') ?? previous.childForFieldName('body');
  const last = arm?.namedChildren.filter((c) => !c.type.includes('comment')).at(-1);
  const jump = last?.type === 'expression_statement' ? last.namedChildren[0] : last;
  if (!condition || !jump || !JUMPS[jump.type]) return undefined;
  // No other way out before it in the turn: then the condition alone decides.
  const nodes = loop.doc.nodes;
  for (let id = body.id + 1; id < previous.id; id++) if (JUMPS[nodes[id]!.type]) return undefined;
  return conditionText(condition);
}

/** Whether something between `node` and `loop` picks whether it runs: a branch, a `case`, a `catch`. */
function insideBranch(node: Node, loop: Node): boolean {
  for (let p = node.parent; p && p.id !== loop.id; p = p.parent)
    if (
      !BLOCK.test(p.type) &&
      !LOOP.test(p.type) &&
      !/^(labeled_statement|parenthesized_expression)$/.test(p.type)
    )
      return true;
  return false;
}

/** Whether `node` is in the body of `loop` (not in its Python `else`, which runs after the loop is done). */
function inBodyOf(node: Node, loop: Node): boolean {
  const orElse = loop.childForFieldName('alternative');
  return !(orElse && node.startIndex >= orElse.startIndex && node.endIndex <= orElse.endIndex);
}

/** Whether `node` is inside a loop nested in `loop` (a `break` or `continue` there is that loop's). */
function inInnerLoop(node: Node, loop: Node): boolean {
  for (let p = node.parent; p && p.id !== loop.id; p = p.parent)
    if (LOOP.test(p.type) && inBodyOf(node, p)) return true;
  return false;
}

/** A label a `break`/`continue` names (`break outer`, `break 'outer`), if any. */
function labelOf(jump: Node): string | undefined {
  // Rust's `break value` carries an expression, which may be an identifier: its labels are `label` nodes.
  const names = jump.type.endsWith('_expression') ? /^label$/ : /label|identifier/;
  return jump.namedChildren.find((c) => names.test(c.type))?.text;
}

/** Whether `label` is the one written on `loop` (`outer: for …`, Rust's `'outer: loop …`). */
function labels(loop: Node, label: string): boolean {
  const labelled = loop.parent && /label/.test(loop.parent.type) ? loop.parent : loop;
  return labelled.text.replace(/^'/, '').startsWith(`${label.replace(/^'/, '')}:`);
}

/**
 * Whether a `break` or `continue` belongs to `loop`: not to a loop inside it, and for a `break`, not to a
 * `switch` inside it (a `break` in a C, Java, C# or Go `case` ends the `switch`, and the loop goes on).
 * A labelled one belongs to the loop that carries its label.
 */
function jumpsIn(node: Node, loop: Node, jump: 'break' | 'continue'): boolean {
  const label = labelOf(node);
  if (label) return labels(loop, label);
  for (let p = node.parent; p && p.id !== loop.id; p = p.parent) {
    if (LOOP.test(p.type) && inBodyOf(node, p)) return false;
    if (jump === 'break' && BREAKABLE_SWITCH_TYPES.has(p.type)) return false;
  }
  return true;
}

/** The one constant other than 1 a variable moved only forward or only back is moved by, if there is one. */
export function stepOf(how: ChangeHow, steps: readonly string[]): string | undefined {
  return (how === 'forward' || how === 'back') && steps.length === 1 && steps[0] !== '1'
    ? steps[0]
    : undefined;
}

/** `t + x`'s operator, for a value that starts with the name it is assigned to. */
const WRITTEN_OUT: Readonly<Record<string, ChangeHow>> = { '+': 'adds', '-': 'subtracts', '*': 'multiplies' };

/**
 * `t = t + x` as `t += x` would be told: the name, an operator, and one term after it (no other `+`, `-`,
 * comparison, condition or logic at its top level, which would make the value another sum).
 */
function writtenOut(name: string, value: string): { how: ChangeHow; operand: string } | undefined {
  const m = new RegExp(`^${escapeRegExp(name)}\\s*([-+*])(?!=)\\s*([\\s\\S]+)$`).exec(value);
  if (!m) return undefined;
  const rest = m[2]!.trim();
  if (splitTopLevel(rest, /\s*(?:[-+<>=&|?^%/*]|\bif\b|\bor\b|\band\b|\bnot\b)\s*/).length > 1)
    return undefined;
  return { how: WRITTEN_OUT[m[1]!]!, operand: rest };
}

/** Operands longer than this are not quoted: the line number tells where to read them. */
const MAX_OPERAND_CHARS = 40;

/** The operand of the one compound assignment a change (or a way of it) is made by, when short. */
function operandOn(
  how: ChangeHow,
  lines: readonly number[],
  operands: ReadonlyMap<number, string>,
): { operand: string } | Record<string, never> {
  const operand = lines.length === 1 && RANK[how] === 1 ? operands.get(lines[0]!) : undefined;
  return operand !== undefined && operand.length <= MAX_OPERAND_CHARS && !operand.includes('\n')
    ? { operand }
    : {};
}

/** Which of two ways of changing a variable describes both: setting it outright covers the rest. */
const RANK: Readonly<Record<ChangeHow, number>> = {
  forward: 0,
  back: 0,
  both: 0,
  adds: 1,
  subtracts: 1,
  multiplies: 1,
  divides: 1,
  updates: 1,
  appends: 2,
  removes: 2,
  stores: 2,
  sets: 3,
};

/** What a compound assignment's operator does to its target. */
const OPERATOR: Readonly<Record<string, ChangeHow>> = {
  '+=': 'adds',
  '-=': 'subtracts',
  '*=': 'multiplies',
  '/=': 'divides',
};

/** One name for two ways a loop changes a variable: the one that covers both. */
function combined(a: ChangeHow, b: ChangeHow): ChangeHow {
  if (a === b) return a;
  const [low, high] = RANK[a] <= RANK[b] ? [a, b] : [b, a];
  // Items both added to and taken out of it: neither alone says what happens to it.
  if (RANK[high] === 2 && RANK[low] === 2 && (low === 'removes' || high === 'removes')) return 'updates';
  if (RANK[high] >= 2) return high;
  // Both ways of moving by a constant.
  if (RANK[high] === 0) return 'both';
  // `i++` and `i += k` both add; `i--` and `i -= k` both subtract; any other pair is an update.
  if ((low === 'forward' && high === 'adds') || (low === 'back' && high === 'subtracts')) return high;
  return 'updates';
}

interface Change {
  how: ChangeHow;
  lines: number[];
  /** The constants it is moved by (`1` for `++`, `2` for `+= 2`). */
  steps: string[];
  /** Some change of it is on a path that goes on, not only on one that returns or throws right after. */
  stays: boolean;
  /** Each way it is changed, with its lines and the constants it moves by. */
  parts: { how: ChangeHow; lines: number[]; steps: string[] }[];
  /** The operand of a compound assignment on a line (`n` of `sp += n`). */
  operands: Map<number, string>;
}

/** Ways of changing told as one: moved by a constant and added to, or moved both ways. */
function sameWay(a: ChangeHow, b: ChangeHow): boolean {
  return RANK[a] < 2 && RANK[b] < 2 && combined(a, b) !== 'updates';
}

/** More ways than this and the variable is told as changed one way: "updates `x`". */
const MAX_PARTS = 3;

function addCarried(
  carried: Map<string, Change>,
  name: string,
  how: ChangeHow,
  node: Node,
  loop: Node,
  by?: string,
  operand?: string,
) {
  // `_` (Go's blank identifier, Python's throwaway) holds nothing a reader follows.
  if (name === '_') return;
  const at = line(node);
  const stays = !onWayOut(node, loop);
  const entry: Change = carried.get(name) ?? {
    how,
    lines: [],
    stays,
    steps: [],
    parts: [],
    operands: new Map<number, string>(),
  };
  if (operand !== undefined) entry.operands.set(at, operand);
  carried.set(name, entry);
  if (!entry.lines.includes(at)) entry.lines.push(at);
  entry.how = combined(entry.how, how);
  entry.stays ||= stays;
  if (by && !entry.steps.includes(by)) entry.steps.push(by);
  const part = entry.parts.find((p) => p.how === how || sameWay(p.how, how));
  if (!part) entry.parts.push({ how, lines: [at], steps: by ? [by] : [] });
  else {
    part.how = combined(part.how, how);
    if (!part.lines.includes(at)) part.lines.push(at);
    if (by && !part.steps.includes(by)) part.steps.push(by);
  }
}

/** Where the comments read so far end: the last one told, and the last one left out with the lines it runs on over. */
interface CommentRows {
  told: number;
  skipped: number;
}

/**
 * Adds `node` to `comments` when it is an author's note between the statements of `body`, merged with the
 * one above it when they sit on lines one after another above one statement. Updates where the comments
 * told, and those left out, end.
 */
function addComment(comments: InnerComment[], node: Node, body: Node, rows: CommentRows): void {
  const text = words(node.text);
  const explains = explained(node);
  // Only a comment between statements explains a step: one inside an expression is a type cast or an aside.
  // …or between a `case` arm's label and its statements, or between those statements.
  // Not inside a macro's tokens (Rust's `quote! { /** doc */ }`): there it is the macro's input.
  const between =
    (node.parent?.id === body.id ||
      node.parent?.type === body.type ||
      CASE_ARM.test(node.parent?.type ?? '')) &&
    node.parent?.type !== 'token_tree';
  // The lines right below a note left out (`# XXX This may be wrong.` then `# Which RFC …`) go on with it:
  // read alone, they would start in the middle of its sentence.
  const continues = rows.skipped === node.startPosition.row - 1 && explains !== line(node);
  if (
    !between ||
    !text ||
    explains === undefined ||
    !/[a-z]{3}/i.test(text) ||
    continues ||
    DIRECTIVE.test(text) ||
    COMMENTED_OUT.test(text) ||
    CLOSES_BLOCK.test(text)
  ) {
    if (between && text && (continues || DIRECTIVE.test(text))) rows.skipped = lastRow(node);
    return;
  }
  // Comments on lines one after another, above one statement, are one comment, said once; a comment
  // trailing a statement is its own.
  const last = comments[comments.length - 1];
  const adjacent = rows.told === node.startPosition.row - 1;
  const apart = explains > lastRow(node) + 2 ? { apart: true as const } : {};
  if (last && adjacent && last.explains === explains && explains !== line(node)) {
    const { apart: _, ...merged } = last;
    comments[comments.length - 1] = { ...merged, text: `${last.text} ${text}`, ...apart };
  } else comments.push({ line: line(node), text, explains, ...apart });
  rows.told = lastRow(node);
}

/**
 * The comments its author wrote between the statements of a function's own body, outside its loops
 * (a loop tells its own) and outside functions written in it: each given to the statement it explains.
 */
export function bodyComments(unit: Node): InnerComment[] {
  const body = unit.childForFieldName('body');
  if (!body) return [];
  const nodes = unit.doc.nodes;
  const comments: InnerComment[] = [];
  const rows: CommentRows = { told: -2, skipped: -2 };
  // Python's grammar puts a comment between `def f():` and the first statement beside the body, not in it.
  for (const c of unit.children)
    if (
      c.type === 'comment' &&
      c.startIndex < body.startIndex &&
      c.startPosition.row > unit.startPosition.row
    )
      addComment(comments, c, unit, rows);
  for (let id = body.id + 1; id <= body.lastId; id++) {
    const node = nodes[id]!;
    if (FUNCTION.test(node.type) || LOOP.test(node.type)) {
      id = node.lastId;
      continue;
    }
    // A doc comment's words sit in a node of their own inside it (Rust's `/** doc */`): the comment is the outer one.
    if (!node.type.includes('comment') || node.parent?.type.includes('comment')) continue;
    // Between the statements of the body or of a block in it (an `if`'s arm): not inside an expression.
    const block = node.parent;
    if (
      block &&
      (block.id === body.id ||
        /block|statement_list|compound_statement|consequence|alternative/.test(block.type))
    )
      addComment(comments, node, block, rows);
  }
  return comments;
}

/** The loop's anatomy; `unit` is the function it is in, for what follows the loop. */
export function loopAnatomy(loopNode: Node, unit: Node, step: Step): LoopAnatomy {
  const nodes = loopNode.doc.nodes;
  const body = loopNode.childForFieldName('body') ?? loopNode;
  const ownDeclared = new Set<string>();
  const carried = new Map<string, Change>();
  const orElse = loopNode.childForFieldName('alternative');
  const exits: LoopExit[] = [];
  const comments: InnerComment[] = [];
  const descents: Descent[] = [];
  const events: ChangeEvent[] = [];
  const exitIds: { id: number }[] = [];
  const change = (name: string, how: ChangeHow, node: Node, to?: string, by?: string, written?: string) => {
    // Quoted only when short and on one line: the line number tells where to read a longer one.
    const operand =
      written !== undefined && written.length <= MAX_OPERAND_CHARS && !written.includes('\n')
        ? written
        : undefined;
    if (name !== '_')
      events.push({
        name,
        how,
        id: node.id,
        line: line(node),
        ...(to ? { to } : {}),
        ...(by ? { by } : {}),
        ...(operand !== undefined ? { operand } : {}),
      });
    addCarried(carried, name, how, node, loopNode, by, operand);
  };
  /** The row the last comment told ends on: the next one merges with it only on the row below. */
  const rows: CommentRows = { told: -2, skipped: -2 };
  let inner = 0;
  // The for-each item and a for loop's own initialiser are declared by the loop.
  for (const name of ['left', 'name', 'initializer', 'init']) {
    const part = loopNode.childForFieldName(name);
    if (part && name !== 'initializer' && name !== 'init')
      for (const n of declared(part.parent!)) ownDeclared.add(n);
  }
  for (let id = body.id; id <= loopNode.lastId; id++) {
    const node = nodes[id]!;
    // What is written in a function runs when it is called; a loop's `else` runs after the loop.
    if ((id !== body.id && FUNCTION.test(node.type)) || node.id === orElse?.id) {
      id = node.lastId;
      continue;
    }
    if (id !== loopNode.id && LOOP.test(node.type) && node.startIndex >= body.startIndex) inner++;
    if (node.type.includes('comment') && node.startIndex >= body.startIndex) {
      addComment(comments, node, body, rows);
      continue;
    }
    if (DECLARATION.test(node.type)) for (const n of declared(node)) ownDeclared.add(n);
    const jump = JUMPS[node.type];
    if (jump && node.named && (jump === 'return' || jump === 'throw' || jumpsIn(node, loopNode, jump))) {
      const value = node.namedChildren.find((c) => !c.type.includes('comment'));
      const around = conditionAround(node, loopNode, jump);
      exitIds.push({ id: node.id });
      exits.push({
        kind: jump,
        line: line(node),
        ...around,
        ...(!around.when && insideBranch(node, loopNode) ? { sometimes: true as const } : {}),
        ...(value && jump !== 'break' && jump !== 'continue' ? { value: clip(value.text, 60) } : {}),
      });
      continue;
    }
    if (ASSIGNMENT.test(node.type)) {
      const left = field(node, 'left');
      // `p0, q0 = q0, p0 + a`, `n, d = d, n - a * d`: each name on the left is set.
      // (Go writes a single name as a one-item `expression_list` too.)
      if (left && TUPLE.test(left.type) && left.namedChildren.length > 1) {
        for (const name of left.namedChildren)
          if (name.type === 'identifier' || PLAIN_TARGET.test(name.text)) change(name.text, 'sets', node);
        continue;
      }
      const operator =
        node.childForFieldName('operator')?.text ??
        node.children.find((c) => !c.named && /=/.test(c.type))?.text;
      // `x: int` declares without assigning; `(a = f()).b = …` names no variable.
      const value = field(node, 'right', 'value');
      // `arr[arr.length] = v`: an item put at the end, as `arr.push(v)` does.
      const pushed = left ? /^([A-Za-z_$][\w$]*)\s*\[\s*\1\s*\.\s*length\s*\]$/.exec(left.text) : null;
      if (pushed && value && (operator === '=' || !operator)) {
        change(pushed[1]!, 'appends', node);
        continue;
      }
      // `tab[i++][1] = v`, `buf[n + 1] = c`: an element written into a variable that holds many.
      const element = left && !PLAIN_TARGET.test(left.text) ? ELEMENT_OF.exec(left.text) : null;
      if (element && value && !TUPLE.test(left!.type)) {
        change(element[1]!, 'stores', node);
        continue;
      }
      if (left && value && PLAIN_TARGET.test(left.text)) {
        // `r += 2` moves an index by a constant; `total += x` adds to a total.
        const by = field(node, 'right');
        const constant = by !== null && /^\d+$/.test(by.text);
        // Go's `out = append(out, x)` adds items to `out`, as `out.append(x)` does.
        const goAppend =
          operator === '=' &&
          new RegExp(`^append\\(\\s*${left.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*,`).test(
            value.text,
          );
        // `i = i + 1` moves it forward as `i += 1` does.
        const spelled =
          operator === '='
            ? new RegExp(`^${left.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*([-+])\\s*(\\d+)$`).exec(
                codeWithoutComments(value).trim(),
              )
            : null;
        // `t = t + x`, `n = n * 16`: a compound assignment written out, when the rest is one term.
        const written =
          operator === '=' && !spelled ? writtenOut(left.text, codeWithoutComments(value).trim()) : undefined;
        const how: ChangeHow = goAppend
          ? 'appends'
          : (operator === '+=' && constant) || spelled?.[1] === '+'
            ? 'forward'
            : (operator === '-=' && constant) || spelled?.[1] === '-'
              ? 'back'
              : written
                ? written.how
                : operator === '=' || !operator
                  ? 'sets'
                  : (OPERATOR[operator] ?? 'updates');
        // `state = S_VALUE`, `mode = 'quoted'`: a state machine's move, worth naming.
        const to = codeWithoutComments(value).trim();
        change(
          left.text,
          how,
          node,
          how === 'sets' && SIMPLE_VALUE.test(to) ? to : undefined,
          how === 'forward' || how === 'back' ? (spelled?.[2] ?? by!.text) : undefined,
          // An update keeps its operator (`|= mask`): it says which update.
          written
            ? written.operand
            : RANK[how] === 1 && by
              ? `${how === 'updates' ? `${operator} ` : ''}${codeWithoutComments(by).trim()}`
              : undefined,
        );
        const into = codeWithoutComments(value).trim();
        if (how === 'sets' && enclosingLoop(node)?.id === loopNode.id && descendsInto(left.text, into))
          descents.push({ name: left.text, into, line: line(node), everyTurn: runsEveryTurn(node, body) });
      }
      continue;
    }
    if (UPDATE.test(node.type)) {
      const target = node.namedChildren[0];
      if (target && PLAIN_TARGET.test(target.text) && /\+\+|--/.test(node.text))
        change(target.text, node.text.includes('++') ? 'forward' : 'back', node, undefined, '1');
      continue;
    }
    const callee = node.childForFieldName('function') ?? node.childForFieldName('name');
    if (/call|invocation/.test(node.type) && callee) {
      const object =
        node.childForFieldName('object') ??
        callee.childForFieldName('object') ??
        callee.childForFieldName('operand');
      const method = (
        callee.childForFieldName('property') ??
        callee.childForFieldName('attribute') ??
        callee.childForFieldName('field') ??
        callee
      ).text;
      // `exports.set(…)`, `this.add(…)`: a function of the module or of the object itself, which may be
      // this very function calling itself, not a collection taking an item.
      const collection =
        object &&
        /^[\w.]+$/.test(object.text) &&
        !/^(exports|module\.exports|module|this|self|super|base)$/.test(object.text)
          ? object.text
          : undefined;
      // `.set(…)` writes an entry or a range in place (a map's key, a typed array's bytes): nothing grows for sure.
      if (collection && APPENDING.test(method))
        change(collection, method === 'set' ? 'stores' : 'appends', node);
      else if (collection && REMOVING.test(method)) change(collection, 'removes', node);
    }
    // Python's `del items[-1]`: an item taken out.
    if (node.type === 'delete_statement') {
      const target = node.namedChildren[0];
      const element = target?.type === 'subscript' ? target.childForFieldName('value') : null;
      if (element && PLAIN_TARGET.test(element.text)) change(element.text, 'removes', node);
    }
  }
  // A counting `for` moves its counter in its header, before the body: `for (i = 0; i < 4; i++)`.
  const counters: string[] = [];
  for (let id = loopNode.id + 1; id < body.id; id++) {
    const node = nodes[id]!;
    if (UPDATE.test(node.type) && /\+\+/.test(node.text))
      counters.push(node.text.replace(/\+\+/g, '').trim());
    else if (ASSIGNMENT.test(node.type) && /^\s*[\w.]+\s*\+=\s*\d+\s*$/.test(node.text))
      counters.push(node.text.split('+=')[0]!.trim());
  }
  // Only what outlives a turn is carried: not the turn's own variables.
  const state = [...carried]
    .filter(([name]) => !ownDeclared.has(name.split(/[.[]/)[0]!))
    .map(([name, c]) => ({
      name,
      how: c.how,
      lines: c.lines,
      ...(stepOf(c.how, c.steps) ? { by: stepOf(c.how, c.steps)! } : {}),
      ...operandOn(c.how, c.lines, c.operands),
      ...(c.stays ? {} : { onWayOut: true as const }),
      ...(c.parts.length > 1 && c.parts.length <= MAX_PARTS
        ? {
            parts: c.parts.map((p) => ({
              how: p.how,
              lines: p.lines,
              ...(stepOf(p.how, p.steps) ? { by: stepOf(p.how, p.steps)! } : {}),
              ...operandOn(p.how, p.lines, c.operands),
            })),
          }
        : {}),
    }));
  const over = step.detail === 'for-each' ? step.subject : undefined;
  // Go keeps a range loop's names in its `range_clause`.
  const range = loopNode.namedChildren.find((c) => c.type === 'range_clause');
  const itemNode = field(loopNode, 'left', 'name') ?? (range ? field(range, 'left') : null);
  const capsTurns = capsTurnsOf(loopNode, body, counters);
  const wraps = wrapsIn(body);
  const logarithmic = over ? undefined : logarithmicLoop(loopNode, step.subject);
  // A header's `p = p.next` (`for (; p != null; p = p.next)`) runs at the end of every turn.
  const update = loopNode.childForFieldName('update') ?? loopNode.childForFieldName('increment');
  const stepped = update
    ? /^\s*([A-Za-z_$][\w$]*)\s*=(?!=)\s*(.+?)\s*$/.exec(codeWithoutComments(update))
    : null;
  if (stepped && descendsInto(stepped[1]!, stepped[2]!))
    descents.push({ name: stepped[1]!, into: stepped[2]!, line: line(update!), everyTurn: true });
  // Set nowhere else in the loop, its header and condition included: `x = x.next` then `x = head` is no walk.
  // …but for its header's start (`for (Node p = head; …)`), which runs once, before the first turn.
  const start = loopNode.childForFieldName('initializer') ?? loopNode.childForFieldName('init');
  const text = start
    ? codeWithoutComments(loopNode).replace(codeWithoutComments(start), '')
    : codeWithoutComments(loopNode);
  const writes = (name: string) =>
    text.match(
      new RegExp(`(?<![\\w.$])${escapeRegExp(name)}\\s*(?:\\+\\+|--|(?:<<|>>>?|[-+*/%&|^])?=(?!=))`, 'g'),
    )?.length ?? 0;
  // A for-each loop's own item (`for _, info := range infos`) is a new one each turn: setting it walks nothing.
  const header = codeWithoutComments(loopNode).slice(0, Math.max(0, body.startIndex - loopNode.startIndex));
  const ownItem = (name: string) =>
    step.detail === 'for-each' && new RegExp(`(?<![\\w.$])${escapeRegExp(name)}(?![\\w$])`).test(header);
  // Every write of it a move into a part of it (`node = node.table[i]` in one arm, `node = node.next` in
  // another): still a walk, told move by move.
  const descends = descents.filter(
    (d) =>
      !ownDeclared.has(d.name) &&
      !ownItem(d.name) &&
      writes(d.name) === descents.filter((o) => o.name === d.name).length,
  );
  // A running best outlives the turn: not the loop's own item or a name declared in it, and set on no line
  // but its own anywhere in the loop, header and `:=` included.
  const everyWrite = (name: string) =>
    codeWithoutComments(loopNode).match(
      new RegExp(`(?<![\\w.$])${escapeRegExp(name)}\\s*(?:\\+\\+|--|(?:<<|>>>?|[-+*/%&|^:])?=(?!=))`, 'g'),
    )?.length ?? 0;
  const best = keptBests(loopNode, (name) =>
    ownDeclared.has(name.split(/[.[]/)[0]!) || ownItem(name) ? 0 : everyWrite(name),
  );
  const dispatch = loopDispatch(loopNode, { events, exits: exitIds, comments, combine: combined });
  const drains = over ? undefined : drainsOf(loopNode, step.subject, state);
  return {
    line: line(loopNode),
    endLine: loopNode.endPosition.row + 1,
    node: loopNode.id,
    ...(over ? { over } : {}),
    ...(over && itemNode ? { item: clip(itemNode.text.replace(/^(const|let|var|final)\s+/, ''), 40) } : {}),
    ...(!over && step.subject ? { condition: step.subject } : {}),
    carried: state,
    exits,
    comments,
    // What a nested loop leaves goes back to the loop around it, not to the code after.
    ...(inInnerLoop(loopNode, unit) ? {} : leavesOf(loopNode, unit, state)),
    inner,
    ...(orElse ? { orElse: line(orElse) } : {}),
    ...(counters.length ? { counters } : {}),
    ...(capsTurns ? { capsTurns } : {}),
    ...(wraps.length ? { wraps } : {}),
    ...(logarithmic ? { logarithmic } : {}),
    ...(descends.length ? { descends } : {}),
    ...(best.length ? { best } : {}),
    ...(dispatch ? { dispatch } : {}),
    ...(drains ? { drains } : {}),
  };
}

/** `node.next`, `recipient[key1]`, `p->left`, `tree.children[i]`: a part of what `name` holds, reached without a call. */
function descendsInto(name: string, value: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const rest = value.startsWith(name) ? value.slice(name.length) : '';
  // `[key]` reaches a part; `[5:]` (a slice) is a shorter copy, no part of it.
  return /^(?:(?:\??\.|->)[A-Za-z_$][\w$]*|\[[^\][():]+\])+$/.test(rest) && !/\(/.test(rest);
}

/**
 * Whether `node` runs on every turn of the loop whose body is `body` that goes on to the next: no branch,
 * loop or `try` between them, and no `continue` before it that could start the next turn first.
 */
function runsEveryTurn(node: Node, body: Node): boolean {
  for (let p = node.parent; p && p.id !== body.id; p = p.parent)
    if (
      /if|else|switch|case|match|when|try|catch|except|loop|for|while|do_|conditional|ternary|binary/.test(
        p.type,
      )
    )
      return false;
  const nodes = body.doc.nodes;
  for (let id = body.id + 1; id < node.id; id++) if (/^continue/.test(nodes[id]!.type)) return false;
  return node.parent !== null;
}

/** The first `return` after the loop, in the unit's own code, that uses a carried name. */
function leavesOf(loop: Node, unit: Node, state: readonly Carried[]): Pick<LoopAnatomy, 'leaves'> {
  if (state.length === 0) return {};
  const nodes = unit.doc.nodes;
  for (let id = loop.lastId + 1; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    if (FUNCTION.test(node.type)) {
      id = node.lastId;
      continue;
    }
    if (!/^return(_statement|_expression)?$/.test(node.type) || !node.named) continue;
    const value = node.namedChildren.find((c) => !c.type.includes('comment'));
    if (!value) continue;
    // A return under a condition after the loop (an error exit) is not where the loop's work goes: the
    // one the code reaches whenever it goes on past the loop is.
    let guarded = false;
    for (let p = node.parent; p && p.startIndex > loop.startIndex; p = p.parent)
      if (
        /^(if|else|elif|switch|case|match|when|catch|except|conditional|ternary|select)|_clause$/.test(p.type)
      )
        guarded = true;
    if (guarded) continue;
    // Set again between the loop and the return (`crc = ^crc`), it is no longer as the loop left it.
    const setAfter = (name: string) =>
      nodes
        .slice(loop.lastId + 1, node.id)
        .some((n) => ASSIGNMENT.test(n.type) && field(n, 'left')?.text === name);
    const used = state.filter(
      (s) =>
        !s.onWayOut &&
        !setAfter(s.name) &&
        new RegExp(`(^|[^\\w.])${s.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(value.text),
    );
    if (used.length > 0)
      return { leaves: { names: used.map((u) => u.name), line: line(node), value: clip(value.text, 60) } };
  }
  return {};
}

/** Lines a loop spans from which its state is worth telling even without exits, comments or loops inside. */
const LONG_LOOP = 4;

/**
 * A loop worth its own paragraph: one with ways out, comments, loops inside,
 * or several pieces of state or lines. A short loop changing one variable is
 * told by its step and idiom already.
 */
export function matters(loop: LoopAnatomy): boolean {
  return (
    loop.exits.length > 0 ||
    loop.comments.length > 0 ||
    loop.inner > 0 ||
    loop.carried.length >= 2 ||
    loop.logarithmic !== undefined ||
    (loop.descends?.length ?? 0) > 0 ||
    (loop.best?.length ?? 0) > 0 ||
    (loop.carried.length > 0 && loop.endLine - loop.line + 1 >= LONG_LOOP)
  );
}

/**
 * What a loop's paragraph tells outside the arms of its dispatch (each arm tells its own): the changes on
 * lines no arm holds, the exits and the comments no arm told.
 */
export function outsideArms(loop: LoopAnatomy): {
  carried: Carried[];
  exits: LoopExit[];
  comments: InnerComment[];
} {
  const d = loop.dispatch;
  if (!d)
    return { carried: toldChanges(loop, loop.carried), exits: [...loop.exits], comments: [...loop.comments] };
  const arms = d.arms.slice(0, TOLD.arms);
  const inArm = (at: number) => arms.some((a) => at >= a.line && at <= a.endLine);
  const carried = loop.carried.flatMap((c): Carried[] => {
    const lines = c.lines.filter((at) => !inArm(at));
    if (!lines.length) return [];
    const { parts, ...whole } = c;
    const kept = (parts ?? [])
      .map((p) => ({ ...p, lines: p.lines.filter((at) => !inArm(at)) }))
      .filter((p) => p.lines.length);
    return [kept.length > 1 ? { ...whole, lines, parts: kept } : { ...whole, lines }];
  });
  const toldExits = new Set(arms.flatMap((a) => a.exits.map((x) => x.index)));
  const toldComments = new Set(arms.flatMap((a) => (a.comment === undefined ? [] : [a.comment])));
  return {
    carried: toldChanges(loop, carried),
    exits: loop.exits.filter((_, i) => !toldExits.has(i)),
    comments: loop.comments.filter((c) => !toldComments.has(c.line)),
  };
}

/**
 * The changes a loop's paragraph tells, at most TOLD.carried, in the order of their first lines: not the
 * collection its head says it drains; when there are more, first what the code after the loop returns,
 * then what is changed other than by being set (a total, a list filled), then what is only set.
 */
function toldChanges(loop: LoopAnatomy, carried: readonly Carried[]): Carried[] {
  // What a running best's sentence tells (its name and what is set with it, on those lines), and a walk's
  // moves, are told there.
  const bestLines = new Map<string, Set<number>>();
  for (const x of [
    ...(loop.best ?? []).flatMap((b) => [{ name: b.name, line: b.setLine }, ...b.along]),
    ...(loop.descends ?? []),
  ])
    bestLines.set(x.name, new Set([...(bestLines.get(x.name) ?? []), x.line]));
  const all = carried
    .filter((c) => c.name !== loop.drains?.name)
    .flatMap((c): Carried[] => {
      const told = bestLines.get(c.name);
      if (!told) return [c];
      const lines = c.lines.filter((at) => !told.has(at));
      if (!lines.length) return [];
      const { parts, ...whole } = c;
      const kept = (parts ?? [])
        .map((p) => ({ ...p, lines: p.lines.filter((at) => !told.has(at)) }))
        .filter((p) => p.lines.length);
      return [kept.length > 1 ? { ...whole, lines, parts: kept } : { ...whole, lines }];
    });
  if (all.length <= TOLD.carried) return all;
  const rank = (c: Carried) =>
    loop.leaves?.names.includes(c.name) ? 0 : c.how !== 'sets' || c.parts ? 1 : 2;
  const chosen = new Set(
    all
      .map((c, i) => ({ c, i }))
      .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
      .slice(0, TOLD.carried)
      .map(({ c }) => c),
  );
  return all.filter((c) => chosen.has(c));
}

/** How many of a loop's changes, ways out and comments an explanation tells. */
export const TOLD = { carried: 5, exits: 5, comments: 8, arms: 10, armChanges: 4 } as const;

/** Loops explained per unit, the largest first (then told in document order). */
const MAX_LOOPS = 6;

/** The loops an explanation tells, each in a paragraph of its own: those that matter, the largest first, in document order. */
export function loopsToTell(loops: readonly LoopAnatomy[]): LoopAnatomy[] {
  return loops
    .filter(matters)
    .sort((a, b) => b.endLine - b.line - (a.endLine - a.line))
    .slice(0, MAX_LOOPS)
    .sort((a, b) => a.line - b.line);
}
