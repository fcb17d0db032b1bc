import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { BREAKABLE_SWITCH_TYPES } from '../../nodes.js';
import { LOOP_TYPES, linesText, TIER1 } from '../util.js';

interface Options {
  readonly maxDepth: number;
}

/** Python's `match` nests like a switch, though no `break` leaves it. */
const SWITCHES: ReadonlySet<string> = new Set([...BREAKABLE_SWITCH_TYPES, 'match_statement']);

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

/** One level of nesting, and the line a reader finds it on: an `elif` or `else if` arm's own line. */
interface Level {
  readonly node: Node;
  readonly line: number;
}

/** Arms of a chain that are written on lines of their own: Python's `elif` and `else`, an `else if`. */
function isArm(node: Node): boolean {
  return (
    node.type === 'elif_clause' ||
    node.type === 'else_clause' ||
    (node.type === 'if_statement' && isElseIf(node))
  );
}

/**
 * The deepest chain of nested loops, conditions and switches in a unit, not
 * counting nested functions (they are units of their own). Iterative. A level
 * reached through an `elif` or `else` arm is cited at that arm's line: the
 * code inside it is not under the chain's first condition.
 */
export function deepestChain(unit: Node, otherUnits: ReadonlySet<number>): Level[] {
  let deepest: Level[] = [];
  const stack: { node: Node; chain: Level[] }[] = [{ node: unit, chain: [] }];
  while (stack.length > 0) {
    const { node, chain: outer } = stack.pop()!;
    if (node.id !== unit.id && otherUnits.has(node.id)) continue;
    let chain = outer;
    if (node.id !== unit.id && nests(node)) chain = [...outer, { node, line: node.startPosition.row + 1 }];
    else if (isArm(node) && outer.length > 0)
      chain = [
        ...outer.slice(0, -1),
        { node: outer[outer.length - 1]!.node, line: node.startPosition.row + 1 },
      ];
    if (chain.length > deepest.length) deepest = chain;
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      if (child) stack.push({ node: child, chain });
    }
  }
  return deepest;
}

/** Loops and conditions nested deeper than `maxDepth` levels. */
export const deepNesting: Rule<Options> = {
  meta: {
    id: 'readability/deep-nesting',
    type: 'readability',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description: 'Loops, conditions and switches nested more than `maxDepth` levels deep in one function.',
      examples: [
        {
          language: 'python',
          bad: 'def f(rows):\n    for row in rows:\n        if row:\n            for cell in row:\n                if cell:\n                    if cell > 1:\n                        print(cell)\n',
          good: 'def f(rows):\n    for row in rows:\n        print_cells(row)\n\ndef print_cells(row):\n    for cell in row or []:\n        if cell and cell > 1:\n            print(cell)\n',
        },
      ],
    },
    messages: {
      tooDeep:
        '{{name}} nests loops and conditions {{depth}} levels deep: the one on line {{line}} is inside those on {{outer}}. Return early for the exceptional cases (guard clauses) and move the inner levels into functions named after what they do, so no function goes deeper than {{max}}.',
    },
    options: {
      schema: z.object({ maxDepth: z.number().int().min(1) }),
      defaults: { maxDepth: 4 },
      focused: { maxDepth: 3 },
      docs: { maxDepth: 'Deepest nesting of loops, conditions and switches allowed in one function.' },
    },
  },
  create(context) {
    const max = context.options.maxDepth;
    return {
      'Program:exit'() {
        const unitIds = new Set(context.facts.units.map((u) => u.metrics.node.id));
        for (const unit of context.facts.units) {
          // The facts count `else if` as a level too, so they can only overstate: a cheap first filter.
          if (unit.metrics.kind === 'class' || unit.maxNesting <= max) continue;
          const chain = deepestChain(unit.metrics.node, unitIds);
          if (chain.length <= max) continue;
          const line = chain[chain.length - 1]!.line;
          context.report({
            line,
            messageId: 'tooDeep',
            data: {
              name: `\`${unit.metrics.name}\``,
              depth: chain.length,
              line,
              outer: linesText(chain.slice(0, -1).map((level) => level.line)),
              max,
            },
          });
        }
      },
    };
  },
};
