import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { UnitFacts } from '../../facts/model.js';
import type { Rule } from '../model.js';
import { code, TIER1 } from '../util.js';

/** The block of comments directly above a node (no blank line between), first to last. */
function commentsAbove(node: Node): Node[] {
  const block: Node[] = [];
  let next = node;
  for (let c = node.previousSibling; c && c.type.includes('comment'); c = c.previousSibling) {
    if (next.startPosition.row - c.endPosition.row > 1) break;
    block.unshift(c);
    next = c;
  }
  return block;
}

/** Python: a docstring is a string expression as the body's first statement. */
function hasDocstring(node: Node): boolean {
  const body = node.childForFieldName('body');
  const first = body?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  return first?.type === 'expression_statement' && first.namedChild(0)?.type === 'string';
}

/** JS/TS: the export statement a unit is declared by, directly or as `export const f = () => …`. */
function exportOf(node: Node): Node | undefined {
  let p = node.parent;
  if (p?.type === 'variable_declarator' && p.childForFieldName('value')?.id === node.id)
    p = p.parent?.parent ?? null;
  return p?.type === 'export_statement' ? p : undefined;
}

const JAVA_TYPES = new Set([
  'class_declaration',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
  'annotation_type_declaration',
]);

function isPublic(node: Node): boolean {
  return /\bpublic\b/.test(node.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '');
}

/** Whether a unit is part of the snippet's public surface, and the node its doc comment sits above. */
function publicSurface(language: LanguageId, unit: UnitFacts): Node | undefined {
  const node = unit.metrics.node;
  switch (language) {
    case 'python':
      if (unit.metrics.kind === 'lambda') return undefined;
      return unit.parent === undefined && !unit.metrics.name.startsWith('_') ? node : undefined;
    case 'go': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (!/^[A-Z]/.test(name)) return undefined;
      // A method of an unexported type is not part of the package's documented API.
      const receiver = node
        .childForFieldName('receiver')
        ?.namedChildren.find((c) => c?.type === 'parameter_declaration');
      const type = receiver?.childForFieldName('type')?.text.replace(/^\*/, '') ?? '';
      return receiver && !/^[A-Z]/.test(type) ? undefined : node;
    }
    case 'java': {
      if (!isPublic(node)) return undefined;
      // An override inherits its documentation (javadoc copies it).
      if (/@Override\b/.test(node.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? ''))
        return undefined;
      // Members of a class that is not public are not part of the documented API.
      for (let p = node.parent; p; p = p.parent) {
        if (JAVA_TYPES.has(p.type))
          return isPublic(p) || p.type === 'interface_declaration' ? node : undefined;
      }
      return node;
    }
    default:
      return exportOf(node);
  }
}

const WHAT = 'what it does, what its parameters mean and what it returns or throws';

const whatFor = (unit: UnitFacts) =>
  unit.metrics.kind === 'class' ? 'what the class represents and how to use it' : WHAT;

/** Public functions and classes without documentation. */
export const missingDoc: Rule = {
  meta: {
    id: 'documentation/missing-doc',
    type: 'documentation',
    severity: 'info',
    languages: TIER1,
    docs: {
      description: 'An exported or public function or class without a doc comment.',
      examples: [
        {
          language: 'typescript',
          bad: 'export function area(w: number, h: number): number {\n  return w * h;\n}\n',
          good: '/** The area of a w × h rectangle, in the units of w and h squared. */\nexport function area(w: number, h: number): number {\n  return w * h;\n}\n',
        },
        {
          language: 'go',
          bad: 'package shapes\n\n// returns the area\nfunc Area(w, h int) int { return w * h }\n',
          good: 'package shapes\n\n// Area returns the area of a w × h rectangle.\nfunc Area(w, h int) int { return w * h }\n',
        },
      ],
    },
    messages: {
      noDocstring:
        '`{{name}}` is a public module-level {{thing}} without a docstring; add one as its first statement saying {{what}}.',
      noGoDoc:
        '`{{name}}` is exported but has no doc comment; add one directly above it that starts with its name, `// {{name}} …`, and says {{what}}.',
      goDocWithoutName:
        '`{{name}}` is exported, but its comment begins {{begins}} rather than with its name; godoc and linters expect a doc comment that starts with the name, e.g. `// {{name}} …`, followed by {{what}}.',
      noDocComment:
        '`{{name}}` is {{visibility}} but has no {{format}} comment (`/** … */`) directly above it{{commentThere}}; add one saying {{what}}.',
    },
  },
  create(context) {
    const { language } = context;
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const anchor = publicSurface(language, unit);
          if (!anchor) continue;
          const name = unit.metrics.name;
          const line = unit.metrics.startLine;
          const thing = unit.metrics.kind === 'class' ? 'class' : 'function';
          if (language === 'python') {
            if (hasDocstring(unit.metrics.node)) continue;
            context.report({
              line,
              messageId: 'noDocstring',
              data: { name, thing, what: whatFor(unit) },
            });
            continue;
          }
          const comments = commentsAbove(anchor);
          if (language === 'go') {
            const short = unit.metrics.node.childForFieldName('name')?.text ?? name;
            const first = comments[0];
            const text = first?.text.replace(/^\/\/\s?|^\/\*\s*/, '') ?? '';
            if (first && new RegExp(`^((A|An|The) )?${short}\\b`).test(text)) continue;
            context.report(
              first
                ? {
                    line,
                    messageId: 'goDocWithoutName',
                    data: { name: short, begins: code(text, 30), what: WHAT },
                  }
                : { line, messageId: 'noGoDoc', data: { name: short, what: WHAT } },
            );
            continue;
          }
          if (comments.some((c) => c.text.startsWith('/**'))) continue;
          context.report({
            line,
            messageId: 'noDocComment',
            data: {
              name,
              visibility: language === 'java' ? 'public' : 'exported',
              format: language === 'java' ? 'Javadoc' : 'JSDoc',
              commentThere: comments.length > 0 ? ' (the comment there is not a doc comment)' : '',
              what: whatFor(unit),
            },
          });
        }
      },
    };
  },
};
