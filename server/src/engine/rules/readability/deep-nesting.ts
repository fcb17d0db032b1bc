import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { LOOP_TYPES, linesText, TIER1 } from '../util.js';

export const MAX_NESTING = 4;

const SWITCHES = new Set([
  'switch_statement',
  'switch_expression',
  'expression_switch_statement',
  'type_switch_statement',
  'select_statement',
  'match_statement',
]);

/** `else if` continues a chain at the same depth; it is not a nested `if`. */
function isElseIf(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'else_clause') return true;
  return parent.type === 'if_statement' && parent.childForFieldName('alternative')?.id === node.id;
}

function nests(node: Node): boolean {
  if (LOOP_TYPES.has(node.type) || SWITCHES.has(node.type)) return true;
  return node.type === 'if_statement' && !isElseIf(node);
}

/**
 * The deepest chain of nested loops, conditions and switches in a unit, not
 * counting nested functions (they are units of their own). Iterative.
 */
export function deepestChain(unit: Node, otherUnits: ReadonlySet<number>): Node[] {
  let deepest: Node[] = [];
  const stack: { node: Node; chain: Node[] }[] = [{ node: unit, chain: [] }];
  while (stack.length > 0) {
    const { node, chain: outer } = stack.pop()!;
    if (node.id !== unit.id && otherUnits.has(node.id)) continue;
    const chain = node.id !== unit.id && nests(node) ? [...outer, node] : outer;
    if (chain.length > deepest.length) deepest = chain;
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      if (child) stack.push({ node: child, chain });
    }
  }
  return deepest;
}

/** Loops and conditions nested deeper than four levels. */
export const deepNesting: Rule = {
  meta: {
    id: 'readability/deep-nesting',
    type: 'readability',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description: `Loops, conditions and switches nested more than ${MAX_NESTING} levels deep in one function.`,
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const unitIds = new Set(context.facts.units.map((u) => u.metrics.node.id));
        for (const unit of context.facts.units) {
          // The facts count `else if` as a level too, so they can only overstate: a cheap first filter.
          if (unit.metrics.kind === 'class' || unit.maxNesting <= MAX_NESTING) continue;
          const chain = deepestChain(unit.metrics.node, unitIds);
          if (chain.length <= MAX_NESTING) continue;
          const innermost = chain[chain.length - 1]!;
          const line = innermost.startPosition.row + 1;
          context.report({
            line,
            message: `\`${unit.metrics.name}\` nests loops and conditions ${chain.length} levels deep: the one on line ${line} is inside those on ${linesText(chain.slice(0, -1).map((n) => n.startPosition.row + 1))}. Return early for the exceptional cases (guard clauses) and move the inner levels into functions named after what they do, so no function goes deeper than ${MAX_NESTING}.`,
          });
        }
      },
    };
  },
};
