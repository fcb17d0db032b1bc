import type { LanguageId } from '@code-explain/shared';
import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, code, linesText, stringContent, TIER1 } from '../util.js';

interface Options {
  readonly minLength: number;
  readonly minCount: number;
}

const STRING_TYPES = [
  'string',
  'string_literal',
  'interpreted_string_literal',
  'raw_string_literal',
  'template_string',
];

/** Strings that are names of things rather than text: import paths, directives, docstrings, keys, types. */
function excluded(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return true;
  switch (parent.type) {
    case 'import_statement':
    case 'export_statement':
    case 'import_spec':
    case 'expression_statement': // directives ('use strict') and docstrings
    case 'literal_type':
    case 'pair_pattern':
    case 'element_value_pair':
    case 'annotation_argument_list':
      return true;
    case 'pair':
      return parent.childForFieldName('key')?.id === node.id;
    case 'arguments':
    case 'argument_list': {
      const call = parent.parent;
      return !!call && /^(require|import)$/.test(calleeText(call));
    }
  }
  return false;
}

const CONSTANT: Partial<Record<LanguageId, string>> = {
  python: 'a module-level UPPER_CASE constant',
  java: 'a `static final String`',
  go: 'a `const`',
};

/** The same long string literal written `minCount` or more times. */
export const duplicatedString: Rule<Options> = {
  meta: {
    id: 'maintainability/duplicated-string',
    type: 'maintainability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description:
        'The same string literal of `minLength` or more characters written `minCount` or more times (import paths, directives, docstrings and object keys not counted).',
      examples: [
        {
          language: 'python',
          bad: 'def check(user):\n    if not user.active:\n        raise PermissionError("access denied for this account")\n    if user.locked:\n        raise PermissionError("access denied for this account")\n    if user.expired:\n        raise PermissionError("access denied for this account")\n',
          good: 'ACCESS_DENIED = "access denied for this account"\n\n\ndef check(user):\n    if not user.active or user.locked or user.expired:\n        raise PermissionError(ACCESS_DENIED)\n',
        },
      ],
    },
    messages: {
      duplicated:
        'The string {{string}} is written {{count}} times ({{lines}}); declare it once as {{constant}} and use that, so a change, or a fix to a typo, happens in one place and the copies cannot drift apart.',
    },
    options: {
      schema: z.object({ minLength: z.number().int().min(1), minCount: z.number().int().min(2) }),
      defaults: { minLength: 10, minCount: 3 },
      focused: {},
      docs: {
        minLength: 'Shortest string (in characters, quotes not counted) whose copies are counted.',
        minCount: 'How many copies of one string make a finding.',
      },
    },
  },
  create(context) {
    const { minLength, minCount } = context.options;
    const seen = new Map<string, Node[]>();
    const visit = (node: Node) => {
      const content = stringContent(node);
      if (content === undefined || content.length < minLength || excluded(node)) return;
      const list = seen.get(content) ?? [];
      list.push(node);
      seen.set(content, list);
    };
    const visitors: Record<string, (node: Node) => void> = {};
    for (const type of STRING_TYPES) visitors[type] = visit;
    visitors['Program:exit'] = () => {
      for (const [content, nodes] of seen) {
        if (nodes.length < minCount) continue;
        context.report({
          node: nodes[0]!,
          messageId: 'duplicated',
          data: {
            string: code(`"${content}"`, 50),
            count: nodes.length,
            lines: linesText(nodes.map((n) => n.startPosition.row + 1)),
            constant: CONSTANT[context.language] ?? 'a `const`',
          },
        });
      }
    };
    return visitors;
  },
};
