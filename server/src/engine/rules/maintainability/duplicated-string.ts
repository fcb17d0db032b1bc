import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, code, linesText, stringContent, TIER1 } from '../util.js';

export const MIN_LENGTH = 10;
export const MIN_COUNT = 3;

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

/** The same long string literal written three or more times. */
export const duplicatedString: Rule = {
  meta: {
    id: 'maintainability/duplicated-string',
    type: 'maintainability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description: `The same string literal of ${MIN_LENGTH} or more characters written ${MIN_COUNT} or more times.`,
    },
  },
  create(context) {
    const seen = new Map<string, Node[]>();
    const visit = (node: Node) => {
      const content = stringContent(node);
      if (content === undefined || content.length < MIN_LENGTH || excluded(node)) return;
      const list = seen.get(content) ?? [];
      list.push(node);
      seen.set(content, list);
    };
    const visitors: Record<string, (node: Node) => void> = {};
    for (const type of STRING_TYPES) visitors[type] = visit;
    visitors['Program:exit'] = () => {
      for (const [content, nodes] of seen) {
        if (nodes.length < MIN_COUNT) continue;
        context.report({
          node: nodes[0]!,
          message: `The string ${code(`"${content}"`, 50)} is written ${nodes.length} times (${linesText(nodes.map((n) => n.startPosition.row + 1))}); declare it once as ${CONSTANT[context.language] ?? 'a `const`'} and use that, so a change, or a fix to a typo, happens in one place and the copies cannot drift apart.`,
        });
      }
    };
    return visitors;
  },
};
