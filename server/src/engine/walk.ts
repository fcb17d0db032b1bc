/**
 * Iterative tree walks. Input can nest thousands of levels deep, which would
 * overflow the JS stack in a recursive walk, so nothing here recurses.
 */
import type { Node } from 'web-tree-sitter';

export const SKIP_CHILDREN = Symbol('skip-children');

/**
 * Visits `root` and its descendants in document order (pre-order). The
 * visitor may return SKIP_CHILDREN to leave a subtree out. `depth` counts
 * from 0 at root.
 */
export function walk(
  root: Node,
  visit: (node: Node, depth: number) => typeof SKIP_CHILDREN | undefined,
): void {
  const nodes: Node[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (visit(node, depth) === SKIP_CHILDREN) continue;
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
}

/** 1-based first and last line of a node. */
export function lineSpan(node: Node): { startLine: number; endLine: number } {
  return { startLine: node.startPosition.row + 1, endLine: node.endPosition.row + 1 };
}
