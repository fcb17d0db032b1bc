/**
 * Lexical tokens of a snippet, comments excluded. A string, regex or template
 * literal is one token; the code inside a template's `${…}` substitutions is
 * tokenised too (its tokens count, the `${` and `}` delimiters do not, as they
 * are part of the template token). TypeScript types and JSX are tokens like
 * any other code; JSX text between tags is one token per run of text.
 * Zero-width tokens tree-sitter inserts to recover from errors do not count.
 */
import { isComment } from './syntax.js';
import type { SyntaxTree } from './tree.js';

const ATOMIC = new Set(['string', 'regex']);

export function countTokens(tree: SyntaxTree): number {
  let tokens = 0;
  const nodes = tree.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!node) continue;
    if (isComment(node)) {
      i = node.lastId;
      continue;
    }
    if (ATOMIC.has(node.type) && node.named) {
      tokens++;
      i = node.lastId;
      continue;
    }
    if (node.type === 'template_string') {
      tokens++;
      continue;
    }
    if (node.children.length > 0 || node.missing || node.end === node.start) continue;
    const parent = node.parent?.type;
    // A template's own pieces (backticks, text) and a substitution's `${`/`}` belong to the template token.
    if (parent === 'template_string' || (parent === 'template_substitution' && !node.named)) continue;
    tokens++;
  }
  return tokens;
}
