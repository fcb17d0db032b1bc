import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { code, lineOf, unwrap } from '../util.js';

const TERNARIES = new Set(['ternary_expression', 'conditional_expression']);

function isTernary(node: Node | null | undefined): node is Node {
  return !!node && TERNARIES.has(unwrap(node).type);
}

/** The enclosing expression once parentheses are left. */
function outside(node: Node): Node | null {
  let p = node.parent;
  while (p?.type === 'parenthesized_expression') p = p.parent;
  return p;
}

/** How many conditional expressions are chained inside this one, itself included. */
function depth(node: Node): number {
  let max = 1;
  const stack: { node: Node; d: number }[] = [{ node, d: 1 }];
  while (stack.length > 0) {
    const { node: n, d } = stack.pop()!;
    max = Math.max(max, d);
    for (const child of n.namedChildren) if (isTernary(child)) stack.push({ node: unwrap(child), d: d + 1 });
  }
  return max;
}

/** A conditional expression inside another's condition or branches. */
export const nestedTernary: Rule = {
  meta: {
    id: 'readability/nested-ternary',
    type: 'readability',
    severity: 'low',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java'],
    docs: { description: 'A conditional (ternary) expression nested directly inside another.' },
  },
  create(context) {
    const python = context.language === 'python';
    const visit = (node: Node) => {
      const parent = outside(node);
      // Report the outermost of a nest once.
      if (
        parent &&
        TERNARIES.has(parent.type) &&
        parent.namedChildren.some((c) => c && unwrap(c).id === node.id)
      )
        return;
      if (!node.namedChildren.some((c) => isTernary(c))) return;
      context.report({
        node,
        message: `${code(node.text, 70)} on line ${lineOf(node)} puts a conditional expression inside another (${depth(node)} levels), so the reader has to work out which condition each value belongs to. Write it as ${python ? 'an if/elif/else statement' : 'if/else statements (or a switch)'} that assigns or returns each value, or look the value up in a table.`,
      });
    };
    return { ternary_expression: visit, conditional_expression: visit };
  },
};
