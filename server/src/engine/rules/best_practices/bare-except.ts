import type { Rule } from '../model.js';

/** `except:` catches everything, including KeyboardInterrupt and SystemExit. */
export const bareExcept: Rule = {
  meta: {
    id: 'best_practices/bare-except',
    type: 'best_practices',
    severity: 'medium',
    languages: ['python'],
    docs: { description: 'A bare except clause.' },
  },
  create(context) {
    return {
      except_clause(node) {
        const caught = node.namedChildren.filter(
          (c) => c !== null && c.type !== 'block' && !c.type.includes('comment'),
        );
        if (caught.length > 0) return;
        context.report({
          node,
          message: `The bare \`except:\` on line ${node.startPosition.row + 1} also catches KeyboardInterrupt and SystemExit; catch the exceptions you expect (or at least \`except Exception:\`).`,
        });
      },
    };
  },
};
