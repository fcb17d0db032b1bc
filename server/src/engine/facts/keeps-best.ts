/**
 * The running best of a loop: `if node.priority > best { best = node.priority; val = node.value }` keeps
 * in `best` the highest value seen so far, and with it what belongs to that value. Read from the
 * structure that defines it: a comparison with a name, and in the same branch that name set to the
 * other side, and nowhere else in the loop.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import { codeWithoutComments, enclosingLoop } from '../nodes.js';
import { splitTopLevel, unwrapWhole } from '../purpose/answers.js';

export interface KeptBest {
  /** The name that holds the best so far. */
  readonly name: string;
  /** The value compared and kept, as written. */
  readonly value: string;
  readonly keeps: 'highest' | 'lowest';
  /** The line of the comparison, and of the assignment that keeps the value. */
  readonly line: number;
  readonly setLine: number;
  /** The other conditions the same test asks, as written: only turns that pass them count. */
  readonly only: readonly string[];
  /** What the same branch sets along with it: the name and its line. */
  readonly along: readonly { readonly name: string; readonly line: number }[];
}

const NAME = '[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*';
const COMPARE = /^(.+?)\s*(>=|>|<=|<)\s*(.+)$/s;
const ASSIGN =
  /^\s*(?:var\s+|let\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?::=|=(?!=))\s*(.+?)\s*;?\s*$/s;
const squeeze = (t: string) => t.replace(/\s+/g, '');

/** The statements a branch runs directly: a block's children, or the one statement. */
function statementsOf(branch: Node): Node[] {
  const inner = branch.namedChildren.filter((c) => !c.type.includes('comment'));
  // Go's block holds its statements in a `statement_list`.
  if (inner.length === 1 && inner[0]!.type === 'statement_list') return statementsOf(inner[0]!);
  return /block|compound|suite|body|statement_list/.test(branch.type) ? inner : [branch];
}

/** The running bests of the loop `loop`, its `if`s read in its own body (not in a loop inside it). */
export function keptBests(loop: Node, writes: (name: string) => number): KeptBest[] {
  const found: KeptBest[] = [];
  const visit = (n: Node) => {
    for (const c of n.namedChildren) {
      if (/^if_(statement|expression)$/.test(c.type) && enclosingLoop(c)?.id === loop.id) {
        const kept = keptBy(c, writes);
        if (kept && !found.some((f) => f.name === kept.name)) found.push(kept);
      }
      visit(c);
    }
  };
  visit(loop);
  return found;
}

function keptBy(statement: Node, writes: (name: string) => number): KeptBest | undefined {
  const condition = statement.childForFieldName('condition');
  const consequence = statement.childForFieldName('consequence');
  if (!condition || !consequence) return undefined;
  const conjuncts = splitTopLevel(unwrapWhole(codeWithoutComments(condition)), /\s*(?:&&|\band\b)\s*/).map(
    unwrapWhole,
  );
  if (splitTopLevel(unwrapWhole(codeWithoutComments(condition)), /\s*(?:\|\||\bor\b)\s*/).length > 1)
    return undefined;
  const sets = statementsOf(consequence).flatMap((s) => {
    const m = ASSIGN.exec(codeWithoutComments(s));
    return m ? [{ name: m[1]!, value: m[2]!, line: s.startPosition.row + 1 }] : [];
  });
  for (const [i, conjunct] of conjuncts.entries()) {
    const m = COMPARE.exec(conjunct);
    if (!m || /[<>]/.test(m[1]!) || /[<>=]/.test(m[3]!.replace(/->/g, ''))) continue;
    const [, left, op, right] = m;
    // `value > best` or `best < value`: the name is the side set to the other in the branch.
    for (const [best, value, bigger] of [
      [right!.trim(), left!.trim(), op!.startsWith('>')],
      [left!.trim(), right!.trim(), op!.startsWith('<')],
    ] as const) {
      if (!new RegExp(`^${NAME}$`).test(best)) continue;
      const keep = sets.find((s) => s.name === best && squeeze(s.value) === squeeze(value));
      if (!keep || writes(best) !== 1) continue;
      return {
        name: best,
        value,
        keeps: bigger ? 'highest' : 'lowest',
        line: condition.startPosition.row + 1,
        setLine: keep.line,
        only: conjuncts.filter((_, j) => j !== i),
        along: sets.filter((s) => s.name !== best).map((s) => ({ name: s.name, line: s.line })),
      };
    }
  }
  return undefined;
}
