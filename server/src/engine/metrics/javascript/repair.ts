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
 * back to the caller's snapshot, which is the one every other stage reads.
 */
import { Parser } from 'web-tree-sitter';
import { Snapshot } from '../../parsing/snapshot.js';
import type { SyntaxTree } from './tree.js';

export interface MeasuredTree {
  readonly tree: SyntaxTree;
  /** Non-null `!` tokens blanked out of `tree` (they still count as tokens). */
  readonly blanked: number;
}

const REPARSE_TIMEOUT_MS = 1500;

/** The tree to measure: `tree` itself, or a repaired copy of it. */
export function buildSyntaxTree(tree: Snapshot): MeasuredTree {
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
  for (const offset of bangs) chars[offset - tree.root.start] = ' ';
  const parser = new Parser();
  try {
    parser.setLanguage(tree.grammar);
    const deadline = performance.now() + REPARSE_TIMEOUT_MS;
    // The root starts at its first token; whitespace in front keeps every offset where it was.
    const text = ' '.repeat(tree.root.start) + chars.join('');
    const reparsed = parser.parse(text, null, {
      // Returning true cancels the parse (the .d.ts types the callback as void).
      progressCallback: (() => performance.now() > deadline) as unknown as () => void,
    });
    if (!reparsed) return { tree, blanked: 0 };
    try {
      return { tree: Snapshot.of(reparsed.rootNode, { text }), blanked: bangs.length };
    } finally {
      reparsed.delete();
    }
  } finally {
    parser.delete();
  }
}
