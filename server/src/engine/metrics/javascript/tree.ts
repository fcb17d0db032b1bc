/**
 * The metrics read the snippet's snapshot (parsing/snapshot.ts): plain JS
 * objects with parent links and field names, walked in pre-order by id. These
 * are the JavaScript-specific helpers on top of it.
 */
import type { Snapshot, SnapshotNode } from '../../parsing/snapshot.js';

export { childOfType, fieldChild } from '../../parsing/snapshot.js';
export type SyntaxNode = SnapshotNode;
export type SyntaxTree = Snapshot;

export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c) => c.named && c.type !== 'comment' && c.type !== 'html_comment');
}

/** Node types that only wrap an expression in ESTree terms (parentheses vanish there). */
const TRANSPARENT = new Set(['parenthesized_expression']);

/** The expression inside any parentheses around it. */
export function unwrapParentheses(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (TRANSPARENT.has(current.type)) {
    const inner = namedChildren(current);
    if (inner.length !== 1 || !inner[0]) break;
    current = inner[0];
  }
  return current;
}

/** The nearest ancestor that is not a parenthesized expression (ESTree's parent). */
export function estreeParent(node: SyntaxNode): SyntaxNode | null {
  let parent = node.parent;
  while (parent && TRANSPARENT.has(parent.type)) parent = parent.parent;
  return parent;
}
