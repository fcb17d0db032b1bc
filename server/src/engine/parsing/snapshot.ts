/**
 * A read-only, plain-object copy of a tree-sitter tree, made once per parse
 * (tree-copy.ts). Every later stage — metrics, facts, rules, composition —
 * reads the copy: walking it, reading fields and slicing text never cross
 * into WASM, and it needs no freeing (the tree-sitter tree is deleted as soon
 * as the copy is made). A snapshot copied with a pool may be released once
 * nothing reads it, so that the next copy reuses its nodes (node-pool.ts).
 */
import type { Language, Node } from 'web-tree-sitter';
import { SourceText, type SnapshotNode } from './node.js';
import type { NodePool } from './node-pool.js';
import { copyTree } from './tree-copy.js';

export { SnapshotNode, SourceText, type Point } from './node.js';

export interface SnapshotOptions {
  /**
   * The whole parsed source. When given, node offsets index into it; when
   * not, the snapshot holds `root.text` and offsets are relative to the root.
   */
  readonly text?: string;
  /** False forces the public cursor API (for tests). */
  readonly raw?: boolean;
  /** Where the copy takes released nodes from, and `release` returns them to. */
  readonly pool?: NodePool;
}

export class Snapshot {
  readonly root: SnapshotNode;
  /** Every node in pre-order; `nodes[n.id] === n`. */
  readonly nodes: readonly SnapshotNode[];
  /** The text node offsets index into. */
  readonly source: string;
  /** The grammar the tree was parsed with (for a repeat parse, see metrics/javascript/repair.ts). */
  readonly grammar: Language;
  readonly #doc: SourceText;
  #pool: NodePool | undefined;

  private constructor(root: Node, options: SnapshotOptions) {
    const whole = options.text !== undefined;
    this.source = whole ? (options.text ?? '') : root.text;
    const base = whole ? 0 : root.startIndex;
    this.grammar = root.tree.language;
    this.#doc = new SourceText(this.source, whole ? 0 : root.startPosition.row);
    this.#pool = options.pool;
    this.#doc.lists = options.pool;
    this.nodes = copyTree(root, base, this.#doc, options.raw ?? true, this.#pool);
    this.#doc.nodes = this.nodes;
    const top = this.nodes[0];
    if (!top) throw new Error('empty tree copy');
    this.root = top;
  }

  /** Copies the tree under `root` (its whole tree, usually); the tree may be deleted afterwards. */
  static of(root: Node, options: SnapshotOptions = {}): Snapshot {
    return new Snapshot(root, options);
  }

  /**
   * Hands every node back to the pool the copy took from, for the next copy to
   * reuse: only when nothing will read this snapshot or any of its nodes again.
   * Without a pool, or a second time, it does nothing.
   */
  release(): void {
    const pool = this.#pool;
    this.#pool = undefined;
    pool?.release(this.nodes);
  }

  text(node: SnapshotNode): string {
    return this.source.slice(node.start, node.end);
  }

  /** 0-based row of an offset, as tree-sitter counts rows (only `\n` ends a line). */
  row(offset: number): number {
    return this.#doc.row(offset);
  }

  startRow(node: SnapshotNode): number {
    return this.row(node.start);
  }

  endRow(node: SnapshotNode): number {
    return this.row(node.end);
  }

  /** The innermost node of `type` starting at `start`, if any. */
  find(type: string, start: number): SnapshotNode | undefined {
    let found: SnapshotNode | undefined;
    for (let i = this.#firstAt(start); i < this.nodes.length; i++) {
      const node = this.nodes[i]!;
      if (node.start !== start) break;
      if (node.type === type) found = node;
    }
    return found;
  }

  /** Index of the first node (in pre-order) starting at or after `offset`; starts never decrease. */
  #firstAt(offset: number): number {
    let low = 0;
    let high = this.nodes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.nodes[middle]?.start ?? 0) < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The first child filling `field`, if any (tree-sitter's `childForFieldName`). */
export function fieldChild(node: SnapshotNode, field: string): SnapshotNode | undefined {
  return node.childForFieldName(field) ?? undefined;
}

/** Every child filling `field` (tree-sitter's `childrenForFieldName`). */
export function fieldChildren(node: SnapshotNode, field: string): SnapshotNode[] {
  return node.childrenForFieldName(field);
}

/** The first child of the given type, if any. */
export function childOfType(node: SnapshotNode, type: string): SnapshotNode | undefined {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.type === type) return children[i]!;
  return undefined;
}
