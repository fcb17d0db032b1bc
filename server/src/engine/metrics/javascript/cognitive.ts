/**
 * Cognitive complexity exactly as eslint-plugin-sonarjs 4.x scores a function
 * (rule S3776, `cognitive-complexity`), which departs from Campbell's
 * whitepaper in a few places:
 *
 * - structural increments (+1 plus the nesting level): `if` (not `else if`),
 *   loops, `switch`, `catch`, `?:`;
 * - flat +1: `else`, `else if`, `break`/`continue` to a label, and a sequence
 *   of logical operators — but only for `&&`: walking the flattened sequence
 *   left to right, each `&&` that does not follow another `&&` adds one; `||`
 *   and `??` add nothing (so `a || b` is 0, `a && b || c && d` is 2);
 * - a logical expression directly inside a JSX `{…}` whose operators are all
 *   the same and none of its operands is a `?:` (`{ok && <A/>}`) adds nothing;
 * - nesting: an `if`'s then and else branches, loop bodies, `switch` cases,
 *   `catch` bodies and both branches of `?:` nest their contents;
 * - no increment for recursion; a nested function is scored on its own, with
 *   nesting restarting at 0, and neither adds to nor nests its parent;
 * - class field initializers and static blocks are not functions to it: their
 *   code counts for the enclosing function (or the top level);
 * - a quirk of its bookkeeping, reproduced here: when a function is itself a
 *   nested branch (`c ? () => a : b`, also an `if`/`else`/loop body), entering
 *   it raises the *enclosing* function's nesting but leaving it lowers the
 *   inner function's, so the enclosing function's nesting stays one higher
 *   for the rest of its code (`x = c ? () => 1 : 0; if (a) {}` scores the
 *   `if` +2).
 *
 * Each unit gets its own score; the top level (code outside any function) is
 * scored like one more function. Field initializers and static blocks also get
 * a score of their own, computed the same way (they are units in our model).
 */
import {
  fieldChild,
  namedChildren,
  estreeParent,
  unwrapParentheses,
  type SyntaxNode,
  type SyntaxTree,
} from './tree.js';
import { FUNCTION_OWN_FIELDS, isIgnored, isLogical, operatorLine, operatorOf } from './syntax.js';
import type { UnitTable } from './units.js';
import type { MetricIncrement } from '../model.js';
import { flatIncrement, lineOf, nestedIncrement, nodeLabel } from '../common/increments.js';

export interface CognitiveScores {
  /** Per unit candidate; classes stay 0 (they are summed from their members later). */
  readonly perUnit: Int32Array;
  /** The code outside every function. */
  readonly topLevel: number;
  /** Each unit candidate's increments. */
  readonly increments: MetricIncrement[][];
}

const TOP_LEVEL = -1;
const NONE = -1;

/** Scoring context of one node: who it counts for, and at which nesting. */
interface Context {
  readonly skipped: boolean;
  /** The function the node counts for (sonarjs's view), or TOP_LEVEL. */
  readonly owner: number;
  readonly nesting: number;
  /** A field initializer or static block the node is also in (own score), or NONE. */
  readonly implicit: number;
  readonly implicitNesting: number;
}

const ROOT: Context = { skipped: false, owner: TOP_LEVEL, nesting: 0, implicit: NONE, implicitNesting: 0 };
const SKIP: Context = { skipped: true, owner: TOP_LEVEL, nesting: 0, implicit: NONE, implicitNesting: 0 };

const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

/** Whether `child` is a node sonarjs nests (it increments nesting on entering it). */
function isNestingNode(parent: SyntaxNode, child: SyntaxNode): boolean {
  switch (parent.type) {
    case 'if_statement':
      return child.field === 'consequence';
    case 'else_clause':
      // `else { … }` nests; `else if` does not (the inner `if` is not nested).
      return child.named && !isIgnored(child) && child.type !== 'if_statement';
    case 'switch_body':
      return child.type === 'switch_case' || child.type === 'switch_default';
    case 'catch_clause':
      return child.field === 'body';
    case 'ternary_expression':
      return child.field === 'consequence' || child.field === 'alternative';
    default:
      return LOOPS.has(parent.type) && child.field === 'body';
  }
}

function childContext(
  table: UnitTable,
  parent: SyntaxNode,
  parentContext: Context,
  child: SyntaxNode,
): Context {
  if (parentContext.skipped || table.ignored[child.id] === 1) return SKIP;
  let context = parentContext;
  const unit = table.byNode.get(parent.id);
  if (unit) {
    const role = unit.role;
    if (role === 'function' && child.field !== null && FUNCTION_OWN_FIELDS.has(child.field)) {
      context = { skipped: false, owner: unit.index, nesting: 0, implicit: NONE, implicitNesting: 0 };
    } else if (
      (role === 'initializer' && child.field === 'value') ||
      (role === 'static-block' && child.field === 'body')
    ) {
      context = { ...context, implicit: unit.index, implicitNesting: 0 };
    }
  }
  if (isNestingNode(parent, child)) {
    context = { ...context, nesting: context.nesting + 1, implicitNesting: context.implicitNesting + 1 };
  }
  return context;
}

export function scoreCognitive(tree: SyntaxTree, table: UnitTable): CognitiveScores {
  const perUnit = new Int32Array(table.units.length);
  const increments: MetricIncrement[][] = table.units.map(() => []);
  let topLevel = 0;
  const contexts: Context[] = new Array<Context>(tree.nodes.length);

  const add = (
    context: Context,
    structural: boolean,
    node: SyntaxNode,
    label: string,
    line = lineOf(node),
  ): void => {
    const increment = (nesting: number) =>
      structural ? nestedIncrement(node, nesting, label) : flatIncrement(line, label);
    const own = structural ? context.nesting + 1 : 1;
    if (context.owner === TOP_LEVEL) topLevel += own;
    else {
      perUnit[context.owner] = (perUnit[context.owner] ?? 0) + own;
      increments[context.owner]?.push(increment(context.nesting));
    }
    if (context.implicit !== NONE) {
      perUnit[context.implicit] =
        (perUnit[context.implicit] ?? 0) + (structural ? context.implicitNesting + 1 : 1);
      increments[context.implicit]?.push(increment(context.implicitNesting));
    }
  };

  // sonarjs's leaked nesting (see above): per function, and from which node on.
  const leaked = new Int32Array(table.units.length);
  const leaks = new Map<number, number[]>();

  for (const node of tree.nodes) {
    const due = leaks.get(node.id);
    if (due) {
      for (const owner of due) leaked[owner] = (leaked[owner] ?? 0) + 1;
      leaks.delete(node.id);
    }
    const parent = node.parent;
    const found = parent ? childContext(table, parent, contexts[parent.id] ?? SKIP, node) : ROOT;
    contexts[node.id] = found;
    if (found.skipped) continue;
    const leak = found.owner === TOP_LEVEL ? 0 : (leaked[found.owner] ?? 0);
    const context = leak === 0 ? found : { ...found, nesting: found.nesting + leak };
    if (table.byNode.get(node.id)?.role === 'function' && found.owner !== TOP_LEVEL && isNestedBranch(node)) {
      const after = node.lastId + 1;
      leaks.set(after, [...(leaks.get(after) ?? []), found.owner]);
    }
    switch (node.type) {
      case 'if_statement':
        // `else if`: +1, no nesting bonus.
        if (parent?.type === 'else_clause') add(context, false, node, 'an `if` after `else`', lineOf(parent));
        else add(context, true, node, '`if`');
        break;
      case 'else_clause':
        if (namedChildren(node).some((c) => c.type !== 'if_statement')) add(context, false, node, '`else`');
        break;
      case 'for_statement':
      case 'for_in_statement':
      case 'while_statement':
      case 'do_statement':
      case 'switch_statement':
      case 'catch_clause':
        add(context, true, node, nodeLabel(node));
        break;
      case 'ternary_expression':
        add(context, true, node, 'a conditional expression (`?`)');
        break;
      case 'break_statement':
      case 'continue_statement':
        if (fieldChild(node, 'label')) add(context, false, node, `${nodeLabel(node)} to a label`);
        break;
      case 'binary_expression':
        if (isLogical(node) && !isLogicalOperand(node)) {
          for (const line of logicalSequenceIncrements(node))
            add(context, false, node, 'a sequence of `&&`', line);
        }
        break;
    }
  }
  return { perUnit, topLevel, increments };
}

/** Whether sonarjs nests this node: it is a branch/body, parentheses being transparent. */
function isNestedBranch(node: SyntaxNode): boolean {
  let branch = node;
  while (branch.parent?.type === 'parenthesized_expression') branch = branch.parent;
  return branch.parent !== null && isNestingNode(branch.parent, branch);
}

/** Whether a logical expression is an operand of another one (parentheses are transparent). */
function isLogicalOperand(node: SyntaxNode): boolean {
  const parent = estreeParent(node);
  return parent !== null && isLogical(parent);
}

function operands(node: SyntaxNode): [SyntaxNode | undefined, SyntaxNode | undefined] {
  const left = fieldChild(node, 'left');
  const right = fieldChild(node, 'right');
  return [left && unwrapParentheses(left), right && unwrapParentheses(right)];
}

/**
 * sonarjs's count for the outermost logical expression of a sequence: flatten
 * the tree of logical operators in order (through parentheses) and add one for
 * each `&&` not preceded by another `&&`. Inside JSX `{…}`, a sequence of one
 * operator without `?:` operands counts nothing.
 */
function logicalSequenceIncrements(root: SyntaxNode): number[] {
  if (estreeParent(root)?.type === 'jsx_expression' && isUniformJsxShortCircuit(root)) return [];
  const lines: number[] = [];
  let previous: string | undefined;
  const stack: SyntaxNode[] = [];
  let current: SyntaxNode | undefined = root;
  for (;;) {
    while (current && isLogical(current)) {
      stack.push(current);
      current = operands(current)[0];
    }
    const node = stack.pop();
    if (!node) break;
    const operator = operatorOf(node);
    if (operator === '&&' && previous !== '&&') lines.push(operatorLine(node));
    previous = operator;
    current = operands(node)[1];
  }
  return lines;
}

/** sonarjs's `getJsxShortCircuitNodes`: one operator throughout and no `?:` among the operands. */
function isUniformJsxShortCircuit(root: SyntaxNode): boolean {
  const operator = operatorOf(root);
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'ternary_expression') return false;
    if (!isLogical(node)) continue;
    if (operatorOf(node) !== operator) return false;
    for (const operand of operands(node)) if (operand) stack.push(operand);
  }
  return true;
}
