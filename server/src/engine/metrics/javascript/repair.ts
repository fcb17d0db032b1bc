/**
 * Works around a tree-sitter-typescript precedence bug: a non-null assertion
 * `!` binds more loosely than every binary operator there, so `a && b!` parses
 * as `(a && b)!` and `a && f()!.x === 1` as `((a && f())!.x) === 1`. The
 * counts of operators and decision points come out the same, but the shape is
 * wrong, and sonarjs's logical-sequence rule depends on the shape.
 *
 * When a tree shows the bug (a non-null assertion wrapping a binary
 * expression), the snippet is parsed again with every non-null `!` replaced by
 * a space — offsets, lines and columns stay the same, and no metric counts the
 * assertion itself — and the metrics read that tree. Unit nodes are mapped
 * back to the caller's tree, which is the one that lives on.
 */
import { Parser, type Node } from 'web-tree-sitter';
import { SyntaxTree } from './tree.js';

export interface MeasuredTree {
  readonly tree: SyntaxTree;
  /** Non-null `!` tokens blanked out of `tree` (they still count as tokens). */
  readonly blanked: number;
}

const REPARSE_TIMEOUT_MS = 1500;

export function buildSyntaxTree(root: Node): MeasuredTree {
  const tree = SyntaxTree.from(root);
  // Only a whole tree can be parsed again on its own.
  if (root.parent !== null) return { tree, blanked: 0 };
  const bangs: number[] = [];
  let misparsed = false;
  for (const node of tree.nodes) {
    if (node.type !== 'non_null_expression') continue;
    if (node.children.find((c) => c.named)?.type === 'binary_expression') misparsed = true;
    const bang = node.children[node.children.length - 1];
    if (bang?.type === '!' && !bang.named) bangs.push(bang.start);
  }
  if (!misparsed) return { tree, blanked: 0 };

  const chars = tree.text(tree.root).split('');
  for (const offset of bangs) chars[offset] = ' ';
  const parser = new Parser();
  try {
    parser.setLanguage(root.tree.language);
    const deadline = performance.now() + REPARSE_TIMEOUT_MS;
    // The root starts at its first token; whitespace in front keeps every offset where it was.
    const reparsed = parser.parse(' '.repeat(root.startIndex) + chars.join(''), null, {
      // Returning true cancels the parse (the .d.ts types the callback as void).
      progressCallback: (() => performance.now() > deadline) as unknown as () => void,
    });
    if (!reparsed) return { tree, blanked: 0 };
    try {
      const fixed = SyntaxTree.from(reparsed.rootNode, (type, start) => originalNode(root, type, start));
      return { tree: fixed, blanked: bangs.length };
    } finally {
      reparsed.delete();
    }
  } finally {
    parser.delete();
  }
}

/** The node of `type` starting at `start` in the caller's tree. */
function originalNode(root: Node, type: string, start: number): Node | undefined {
  let node = root.descendantForIndex(start, start);
  while (node && !(node.type === type && node.startIndex === start)) node = node.parent;
  return node ?? undefined;
}
