import type { Node } from 'web-tree-sitter';
import type { UnitFacts } from '../../facts/model.js';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

/** The comment directly above a node (attached: no blank line between), if any. */
function commentAbove(node: Node): Node | undefined {
  const previous = node.previousSibling;
  if (!previous || !previous.type.includes('comment')) return undefined;
  return node.startPosition.row - previous.endPosition.row <= 1 ? previous : undefined;
}

/** Python: a docstring is a string expression as the body's first statement. */
function hasDocstring(node: Node): boolean {
  const body = node.childForFieldName('body');
  const first = body?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  return first?.type === 'expression_statement' && first.namedChild(0)?.type === 'string';
}

/** Whether a unit is part of the snippet's public surface, and the node its doc comment sits above. */
function publicSurface(language: string, unit: UnitFacts): Node | undefined {
  const node = unit.metrics.node;
  const kind = unit.metrics.kind;
  if (kind === 'lambda' || kind === 'arrow' || kind === 'closure') return undefined;
  switch (language) {
    case 'python':
      return unit.parent === undefined && !unit.metrics.name.startsWith('_') ? node : undefined;
    case 'go': {
      const name = node.childForFieldName('name')?.text ?? '';
      return /^[A-Z]/.test(name) ? node : undefined;
    }
    case 'java': {
      const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
      return modifiers && /\bpublic\b/.test(modifiers.text) ? node : undefined;
    }
    default: {
      // JS/TS: exported declarations; the comment sits above the export statement.
      const parent = node.parent;
      return parent?.type === 'export_statement' ? parent : undefined;
    }
  }
}

function documented(language: string, unit: UnitFacts, anchor: Node): boolean {
  if (language === 'python') return hasDocstring(unit.metrics.node);
  const comment = commentAbove(anchor);
  if (!comment) return false;
  if (language === 'go') {
    const name = unit.metrics.node.childForFieldName('name')?.text ?? '';
    return comment.text.startsWith(`// ${name}`) || comment.text.startsWith(`/* ${name}`);
  }
  return comment.text.startsWith('/**');
}

const STYLE: Record<string, string> = {
  python: 'a docstring as its first statement',
  go: 'a comment starting with its name, as godoc expects',
  java: 'a Javadoc comment (/** … */)',
};

/** Public functions and classes without documentation. */
export const missingDoc: Rule = {
  meta: {
    id: 'documentation/missing-doc',
    type: 'documentation',
    severity: 'info',
    languages: TIER1,
    docs: { description: 'An exported or public function or class without a doc comment.' },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const anchor = publicSurface(context.language, unit);
          if (!anchor || documented(context.language, unit, anchor)) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` is ${context.language === 'python' || context.language === 'go' ? 'public' : context.language === 'java' ? 'public' : 'exported'} but undocumented; add ${STYLE[context.language] ?? 'a JSDoc comment (/** … */)'} saying what it does, its parameters and what it returns or throws.`,
          });
        }
      },
    };
  },
};
