import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { lineOf } from '../util.js';

/**
 * A handler whose last statement is a bare `raise` cleans up and lets the exception go on (PEP 8 names
 * it as the one fair use of `except:`); one ending in `sys.exit`/`os._exit` ends the process. Neither
 * hides anything.
 */
function passesOn(clause: Node): boolean {
  const body = clause.namedChildren.find((c) => c?.type === 'block');
  const last = body?.namedChildren.filter((c) => c !== null && !c.type.includes('comment')).at(-1);
  if (!last) return false;
  if (last.type === 'raise_statement') return last.namedChildren.length === 0;
  return last.type === 'expression_statement' && /^(sys\.exit|os\._exit)\(/.test(last.text);
}

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
        if (passesOn(node)) return;
        context.report({ node, messageId: 'bareExcept', data: { line: lineOf(node) } });
      },
    };
  },
};
