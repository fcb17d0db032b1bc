/**
 * Released snapshot nodes, for the next copy to reuse (tree-copy.ts).
 *
 * Why: a file's tree is the bulk of what lives while it is analysed, so every
 * young-generation collection during the analysis copies it, and it is
 * promoted only to die after the file. Nodes taken from here already live in
 * the old generation: a copy that reuses them allocates no nodes, and no
 * collection moves them.
 *
 * Only a caller that knows every node of a snapshot is unreachable may
 * release it (the engine, once a response is built); a snapshot never
 * released is collected as usual.
 */
import { SourceText, type ListSource, type SnapshotNode } from './node.js';

/** What a released node points at instead of its text. */
const EMPTY = new SourceText('');

/** The longest list of children kept for reuse. */
const MAX_LIST = 8;

export class NodePool implements ListSource {
  readonly #free: SnapshotNode[] = [];
  /** Released lists of children by length, up to MAX_LIST: most nodes have few children. */
  readonly #lists: SnapshotNode[][][] = Array.from({ length: MAX_LIST + 1 }, () => []);
  /** Most nodes kept: the tree of a file of about 1 MB; the rest are left to the collector. */
  readonly #limit: number;

  /** Keeps a released node's list for `takeList`, if it is short enough. */
  readonly #keep = (list: SnapshotNode[]) => {
    if (list.length < this.#lists.length) this.#lists[list.length]!.push(list);
  };

  constructor(limit = 500_000) {
    this.#limit = limit;
  }

  take(): SnapshotNode | undefined {
    return this.#free.pop();
  }

  /** A released list of children of exactly `length` nodes (which the caller overwrites), if one is kept. */
  takeList(length: number): SnapshotNode[] | undefined {
    return this.#lists[length]?.pop();
  }

  release(nodes: readonly SnapshotNode[]): void {
    const free = this.#free;
    const room = Math.min(nodes.length, this.#limit - free.length);
    for (let i = 0; i < room; i++) {
      const node = nodes[i]!;
      node.forget(EMPTY, this.#keep);
      free.push(node);
    }
  }

  get size(): number {
    return this.#free.length;
  }
}
