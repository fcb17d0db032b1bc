/**
 * Calls on a way out of a loop: inside a `return` or `throw`, or followed in
 * their block by one (or by a `break`) with nothing between that could go
 * round again. Such a call runs at most once per call of the unit (or per
 * run of its loop) however many iterations come before it, so its cost is
 * not multiplied by them.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import { BREAKABLE_SWITCH_TYPES, repeaterOf } from '../nodes.js';

/** 'unit': the unit returns or throws right after; 'loop': the innermost loop ends right after. */
export type Leaves = 'unit' | 'loop';

// Rust's `return Err(…)` in a match arm, C#'s `x ?? throw new E()`: expressions that leave all the same.
const RETURNS = new Set(['return_statement', 'return_expression']);
const THROWS = new Set(['throw_statement', 'raise_statement', 'throw_expression']);
/** Statement sequences: after one statement, the next one runs. */
const SEQUENCES = new Set([
  'statement_block',
  'block',
  'statement_list',
  'switch_case',
  'switch_default',
  'switch_block_statement_group',
  'expression_case',
  'type_case',
  'default_case',
  'communication_case',
]);
/** Sequences a `return` can be followed in beyond a loop's: a C body (nothing is assumed of the others). */
const BODIES: ReadonlySet<string> = new Set([...SEQUENCES, 'compound_statement']);
/** A `break` inside one of these ends it, not the loop. */
const TRIES = new Set(['try_statement', 'try_with_resources_statement']);

/** What ends a run of statements from a position on: the first jump, or a `continue` that may come first. */
type Ending = 'return' | 'throw' | 'break' | 'continue' | undefined;

/**
 * A reader of exits for one snapshot: it remembers what it has worked out
 * (many calls ask about the same statements), and is dropped with the
 * snapshot's facts.
 */
export function exitReader(): (node: Node) => Leaves | undefined {
  const continues = new Map<number, boolean>();
  const endings = new Map<number, Map<number, Ending>>();

  function hasContinue(node: Node): boolean {
    let found = continues.get(node.id);
    if (found === undefined) {
      found = node.descendantsOfType('continue_statement').length > 0;
      continues.set(node.id, found);
    }
    return found;
  }

  /** For each statement of a sequence, how the statements after it end. */
  function endingAfter(sequence: Node, statement: Node): Ending {
    let byId = endings.get(sequence.id);
    if (!byId) {
      byId = new Map();
      let after: Ending;
      const statements = sequence.namedChildren;
      for (let i = statements.length - 1; i >= 0; i--) {
        const s = statements[i]!;
        byId.set(s.id, after);
        if (RETURNS.has(s.type)) after = 'return';
        else if (THROWS.has(s.type)) after = 'throw';
        else if (s.type === 'break_statement') after = 'break';
        else if (hasContinue(s)) after = 'continue';
      }
      endings.set(sequence.id, byId);
    }
    return byId.get(statement.id);
  }

  /** How `node`, repeated by a loop, leaves it right after running (if it does). */
  return function leavesLoop(node: Node): Leaves | undefined {
    const loop = repeaterOf(node);
    if (!loop) return undefined;
    const path: Node[] = [];
    for (let p = node.parent; p && p.id !== loop.id; p = p.parent) path.push(p);
    // A try around it (or around what follows) may catch the throw and go round again.
    const caught = path.some((p) => TRIES.has(p.type));
    const lastSwitch = path.findLastIndex((p) => BREAKABLE_SWITCH_TYPES.has(p.type));
    let child = node;
    for (const [i, p] of path.entries()) {
      if (RETURNS.has(p.type) || (THROWS.has(p.type) && !caught)) return 'unit';
      if (SEQUENCES.has(p.type)) {
        // A `continue` in this statement or before the exit would start the next iteration instead.
        if (hasContinue(child)) return undefined;
        const ending = endingAfter(p, child);
        if (ending === 'return' || (ending === 'throw' && !caught)) return 'unit';
        if (ending === 'continue' || ending === 'throw') return undefined;
        // A `break` ends the innermost switch or loop around it; after a switch, what follows it runs.
        if (ending === 'break' && i > lastSwitch) return 'loop';
      }
      child = p;
    }
    return undefined;
  };
}

/**
 * Whether something written after `node`, inside `unit`, runs when `node` does not end the unit: a
 * statement after it (or after a statement holding it) in its sequence. The arms of an if/else, the
 * cases of a switch and the clauses of a try are alternatives, not what follows; the last statement
 * of a body, or a return in a final if/else whose arms all return, is followed by nothing.
 */
export function followedInUnit(node: Node, unit: Node): boolean {
  let child = node;
  for (let p = node.parent; p && p.id !== unit.id; child = p, p = p.parent) {
    if (BODIES.has(p.type) && statementAfter(p, child)) return true;
  }
  return false;
}

function statementAfter(sequence: Node, statement: Node): boolean {
  const statements = sequence.namedChildren;
  const at = statements.findIndex((s) => s.id === statement.id);
  return at >= 0 && statements.slice(at + 1).some((s) => !s.type.includes('comment'));
}
