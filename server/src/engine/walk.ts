/**
 * Tree walks over a snapshot. Input can nest thousands of levels deep, which
 * would overflow the JS stack in a recursive walk, so nothing here recurses:
 * a subtree is a run of the snapshot's pre-order array (ids `id ..= lastId`),
 * so a walk is a loop over that run, and skipping a subtree is a jump.
 */
import type { SnapshotNode as Node } from './parsing/node.js';

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
  const nodes = root.doc.nodes;
  // Last ids of the nodes above the current one: its depth is how many there are.
  const open: number[] = [];
  for (let i = root.id; i <= root.lastId;) {
    const node = nodes[i]!;
    while (open.length > 0 && i > open[open.length - 1]!) open.pop();
    if (visit(node, open.length) === SKIP_CHILDREN) {
      i = node.lastId + 1;
      continue;
    }
    open.push(node.lastId);
    i++;
  }
}

/** 1-based first and last line of a node. */
export function lineSpan(node: Node): { startLine: number; endLine: number } {
  return { startLine: node.startPosition.row + 1, endLine: node.endPosition.row + 1 };
}
