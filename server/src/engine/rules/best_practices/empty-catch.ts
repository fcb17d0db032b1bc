import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import { lineOf } from '../util.js';

function isEmptyBlock(block: Node | null): boolean {
  if (!block) return false;
  // Comments alone still swallow the error, but they show it was deliberate.
  if (block.namedChildren.some((c) => c?.type.includes('comment'))) return false;
  return block.namedChildren.every((c) => c === null || c.type === 'pass_statement');
}

/** Errors caught and silently dropped. */
export const emptyCatch: Rule = {
  meta: {
    id: 'best_practices/empty-catch',
    type: 'best_practices',
    severity: 'medium',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java'],
    docs: { description: 'A catch/except block that does nothing with the error.' },
  },
  create(context) {
    const report = (node: Node) =>
      context.report({
        node,
        message: `The error handler on line ${lineOf(node)} is empty, so failures vanish without a trace; log the error, rethrow it, or add a comment saying why it is safe to ignore.`,
      });
    if (context.language === 'python') {
      return {
        except_clause(node) {
          const block = node.namedChildren.find((c) => c?.type === 'block') ?? null;
          if (isEmptyBlock(block)) report(node);
        },
      };
    }
    return {
      catch_clause(node) {
        if (isEmptyBlock(node.childForFieldName('body'))) report(node);
      },
    };
  },
};
