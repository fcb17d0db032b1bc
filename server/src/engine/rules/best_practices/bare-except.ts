import type { Rule } from '../model.js';
import { lineOf } from '../util.js';

/** `except:` catches everything, including KeyboardInterrupt and SystemExit. */
export const bareExcept: Rule = {
  meta: {
    id: 'best_practices/bare-except',
    type: 'best_practices',
    severity: 'medium',
    languages: ['python'],
    docs: {
      description: 'A bare except clause, which also catches KeyboardInterrupt and SystemExit.',
      examples: [
        {
          language: 'python',
          bad: 'import json\n\ndef load(path):\n    try:\n        with open(path) as f:\n            return json.load(f)\n    except:\n        return {}\n',
          good: 'import json\n\ndef load(path):\n    try:\n        with open(path) as f:\n            return json.load(f)\n    except (OSError, json.JSONDecodeError):\n        return {}\n',
        },
      ],
    },
    messages: {
      bareExcept:
        'The bare `except:` on line {{line}} catches every exception, including KeyboardInterrupt (Ctrl-C) and SystemExit, and hides bugs such as a mistyped name; name the exceptions you expect (e.g. `except (ValueError, OSError):`), or at least use `except Exception:`.',
    },
  },
  create(context) {
    return {
      except_clause(node) {
        const caught = node.namedChildren.filter(
          (c) => c !== null && c.type !== 'block' && !c.type.includes('comment'),
        );
        if (caught.length > 0) return;
        context.report({ node, messageId: 'bareExcept', data: { line: lineOf(node) } });
      },
    };
  },
};
