import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import { enclosingLoop, JS_LIKE, lineOf } from '../util.js';

/** Sequential awaits in a loop. */
export const awaitInLoop: Rule = {
  meta: {
    id: 'performance/await-in-loop',
    type: 'performance',
    severity: 'low',
    languages: [...JS_LIKE, 'python'],
    docs: { description: 'An await inside a loop runs the iterations one after another.' },
  },
  create(context) {
    const python = context.language === 'python';
    const visit = (node: Node) => {
      // Python's grammar also names the bare keyword token `await`.
      if (!node.isNamed) return;
      const loop = enclosingLoop(node);
      // `for await` loops are meant to await each item.
      if (!loop || /^for\s+await\b|^async\s+for\b/.test(loop.text)) return;
      const what = node.text.length > 50 ? `${node.text.slice(0, 49)}…` : node.text;
      context.report({
        node,
        message: `\`${what}\` waits inside the loop on line ${lineOf(loop)}, so each iteration starts only after the previous one finishes. If the iterations are independent, start them all and wait once: ${
          python ? 'await asyncio.gather(*(…))' : 'await Promise.all(items.map(async (item) => …))'
        }.`,
      });
    };
    return python ? { await: visit } : { await_expression: visit };
  },
};
