/**
 * Cyclomatic complexity exactly as ESLint's core `complexity` rule (classic
 * variant) counts it: 1 + one per `if`, `for`, `for…in`, `for…of`, `while`,
 * `do…while`, `case` with a test, `catch`, `?:`, `&&`, `||`, `??`, `&&=`,
 * `||=`, `??=`, default value (parameters and destructuring alike, ESTree's
 * AssignmentPattern) and optional-chain step (`a?.b`, `a?.[i]`, `f?.()`).
 *
 * Each decision point counts for the code path it is in, as in ESLint's
 * code-path analysis: a function (its parameters and body — not its name or a
 * method's computed key, which run outside it), a class field initializer, a
 * class static block, or the program.
 */
import type { MetricIncrement } from '../model.js';
import { cyclomaticIncrement, lineOf } from '../common/increments.js';
import { fieldChild, type SyntaxNode, type SyntaxTree } from './tree.js';
import {
  FUNCTION_OWN_FIELDS,
  isDefaultValue,
  isLogical,
  isOptionalChainStep,
  operatorLine,
  operatorOf,
} from './syntax.js';
import type { UnitTable } from './units.js';

export interface DecisionCounts {
  /** Decision points per unit candidate, in its own code path only (classes: always 0). */
  readonly perUnit: Int32Array;
  /** Decision points anywhere in the snippet. */
  readonly total: number;
  /** Each unit candidate's decision points, as increments. */
  readonly increments: MetricIncrement[][];
}

/** A decision point in words: the snippet's own operator or keyword where it has one. */
function decisionIncrement(node: SyntaxNode): MetricIncrement {
  if (node.type === 'switch_case')
    return { metric: 'cyclomatic', line: lineOf(node), points: 1, reason: '`case`' };
  if (node.type === 'ternary_expression') {
    return { metric: 'cyclomatic', line: lineOf(node), points: 1, reason: 'a conditional expression (`?`)' };
  }
  if (node.type === 'binary_expression' || node.type === 'augmented_assignment_expression') {
    return {
      metric: 'cyclomatic',
      line: operatorLine(node),
      points: 1,
      reason: `\`${operatorOf(node) ?? '?'}\``,
    };
  }
  if (isDefaultValue(node))
    return { metric: 'cyclomatic', line: lineOf(node), points: 1, reason: 'a default value' };
  if (isOptionalChainStep(node))
    return { metric: 'cyclomatic', line: lineOf(node), points: 1, reason: '`?.`' };
  return cyclomaticIncrement(node, 1);
}

const LOGICAL_ASSIGNMENTS = new Set(['&&=', '||=', '??=']);

/** Whether ESLint's `complexity` rule adds one for this node. */
export function isDecisionPoint(node: SyntaxNode): boolean {
  switch (node.type) {
    case 'if_statement':
    case 'for_statement':
    case 'for_in_statement':
    case 'while_statement':
    case 'do_statement':
    case 'catch_clause':
    case 'ternary_expression':
      return true;
    // `switch_default` is `default:`, which does not count.
    case 'switch_case':
      return fieldChild(node, 'value') !== undefined;
    case 'binary_expression':
      return isLogical(node);
    case 'augmented_assignment_expression':
      return LOGICAL_ASSIGNMENTS.has(operatorOf(node) ?? '');
    default:
      return isDefaultValue(node) || isOptionalChainStep(node);
  }
}

const SKIPPED = -2;
const PROGRAM = -1;

export function countDecisions(tree: SyntaxTree, table: UnitTable): DecisionCounts {
  const perUnit = new Int32Array(table.units.length);
  const increments: MetricIncrement[][] = table.units.map(() => []);
  let total = 0;
  // owner[id]: the code path a node belongs to (a unit index, PROGRAM, or SKIPPED).
  const owner = new Int32Array(tree.nodes.length);
  for (const node of tree.nodes) {
    let own = PROGRAM;
    const parent = node.parent;
    if (parent) {
      own = owner[parent.id] ?? PROGRAM;
      const unit = own === SKIPPED ? undefined : table.byNode.get(parent.id);
      switch (unit?.role) {
        case 'function':
          if (node.field !== null && FUNCTION_OWN_FIELDS.has(node.field)) own = unit.index;
          break;
        case 'initializer':
          if (node.field === 'value') own = unit.index;
          break;
        case 'static-block':
          if (node.field === 'body') own = unit.index;
          break;
        default:
          break;
      }
    }
    if (own === SKIPPED || table.ignored[node.id] === 1) {
      owner[node.id] = SKIPPED;
      continue;
    }
    owner[node.id] = own;
    if (isDecisionPoint(node)) {
      total++;
      if (own >= 0) {
        perUnit[own] = (perUnit[own] ?? 0) + 1;
        increments[own]?.push(decisionIncrement(node));
      }
    }
  }
  return { perUnit, total, increments };
}
