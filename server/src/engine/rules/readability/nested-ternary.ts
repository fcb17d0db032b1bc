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
    docs: {
      description: 'A conditional (ternary) expression nested directly inside another.',
      examples: [
        {
          language: 'javascript',
          bad: 'const size = n > 100 ? "big" : n > 10 ? "medium" : "small";\n',
          good: 'function sizeOf(n) {\n  if (n > 100) return "big";\n  if (n > 10) return "medium";\n  return "small";\n}\n',
        },
        {
          language: 'python',
          bad: 'size = "big" if n > 100 else ("medium" if n > 10 else "small")\n',
          good: 'if n > 100:\n    size = "big"\nelif n > 10:\n    size = "medium"\nelse:\n    size = "small"\n',
        },
      ],
    },
    messages: {
      nested:
        '{{code}} on line {{line}} puts a conditional expression inside another ({{depth}} levels), so the reader has to work out which condition each value belongs to. Write it as {{instead}} that assigns or returns each value, or look the value up in a table.',
    },
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
        messageId: 'nested',
        data: {
          code: code(node.text, 70),
          line: lineOf(node),
          depth: depth(node),
          instead: python ? 'an if/elif/else statement' : 'if/else statements (or a switch)',
        },
      });
    };
    return { ternary_expression: visit, conditional_expression: visit };
  },
};
