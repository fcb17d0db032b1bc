import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { code, lineOf, TIER1 } from '../util.js';

/** A condition that is false whatever the input: a false literal, or one `and`-ed with the rest. */
function alwaysFalse(condition: Node): boolean {
  const text = condition.text.replace(/^\(\s*|\s*\)$/g, '').trim();
  return (
    /^(false|False|0|None|null|nil|undefined)$/.test(text) ||
    /^(false|False|0|None|null|nil)\s*(&&|\band\b)/.test(text)
  );
}

const IFS = new Set(['if_statement', 'while_statement']);

/** Code under a condition that can never hold: it never runs. */
export const deadCode: Rule = {
  meta: {
    id: 'maintainability/dead-code',
    type: 'maintainability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description: 'An `if` or `while` whose condition is a constant false (`if 0 and …`, `if (false)`).',
      examples: [
        {
          language: 'javascript',
          bad: 'function save(record) {\n  if (false) {\n    console.log(record);\n  }\n  return store(record);\n}\n',
          good: 'function save(record) {\n  return store(record);\n}\n',
        },
      ],
    },
    messages: {
      alwaysFalse:
        '{{condition}} on line {{line}} is always false, so the {{what}} on {{lines}} never runs. Remove it, or, if it is switched off on purpose, use a named setting so readers know when it applies.',
    },
  },
  create(context) {
    const visit = (node: Node) => {
      if (!IFS.has(node.type)) return;
      const condition = node.childForFieldName('condition');
      if (!condition || !alwaysFalse(condition)) return;
      const body = node.childForFieldName('consequence') ?? node.childForFieldName('body');
      const first = body ? lineOf(body) : lineOf(node);
      const last = (body ?? node).endPosition.row + 1;
      // `(false && x)` reads as `false && x`: the parentheses are the `if`'s own.
      const shown = condition.text.replace(/^\(\s*([\s\S]*?)\s*\)$/, '$1');
      context.report({
        node,
        messageId: 'alwaysFalse',
        data: {
          condition: code(shown, 40),
          line: lineOf(node),
          what: node.type === 'while_statement' ? 'loop body' : 'block',
          lines: first === last ? `line ${first}` : `lines ${first}–${last}`,
        },
      });
    };
    return { if_statement: visit, while_statement: visit };
  },
};
