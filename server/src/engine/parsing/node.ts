/**
 * A node of a snapshot (snapshot.ts): a plain JS object copied once from the
 * tree-sitter tree, with the part of tree-sitter's `Node` API the engine
 * reads. Every stage after parsing works on these, so reading a field, a
 * child or a node's text never crosses into WASM (each crossing costs more
 * than the work done with its answer).
 *
 * Differences from tree-sitter's `Node`: `id` is the node's position in
 * pre-order (unique within one snapshot only), and positions count columns
 * in UTF-16 code units from the line start (tree-sitter counts bytes).
 */

import type { Writable } from '../writable.js';

/** The text a snapshot's offsets index into, its line starts, and all its nodes. */
export class SourceText {
  /** Offsets of every `\n`, made on first use. */
  #newlines: Int32Array | undefined;
  /** Every node in pre-order (`nodes[n.id] === n`); filled in once by the copy. */
  nodes: readonly SnapshotNode[] = [];
  /** Where lists of released nodes are kept for reuse (node-pool.ts), if anywhere. */
  lists: ListSource | undefined;
  /** What `derived` made of this text, by the function that made it. */
  readonly #derived = new Map<(source: string) => unknown, unknown>();

  constructor(
    readonly source: string,
    /** Row of offset 0 (non-zero when the snapshot is of a subtree). */
    readonly baseRow = 0,
  ) {}

  /**
   * `make(source)`, made once per text: a whole-file reading (the file's own tables, say) that every unit
   * of the file asks for would otherwise be redone per unit. `make` must depend on the text alone.
   */
  derived<T>(make: (source: string) => T): T {
    if (!this.#derived.has(make)) this.#derived.set(make, make(this.source));
    return this.#derived.get(make) as T;
  }

  /** 0-based row of an offset, as tree-sitter counts rows (only `\n` ends a line). */
  row(offset: number): number {
    const newlines = (this.#newlines ??= newlinesIn(this.source));
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((newlines[middle] ?? 0) < offset) low = middle + 1;
      else high = middle;
    }
    return this.baseRow + low;
  }

  point(offset: number): Point {
    const row = this.row(offset);
    const lineStart = row === this.baseRow ? 0 : (this.#newlines?.[row - this.baseRow - 1] ?? -1) + 1;
    return { row, column: offset - lineStart };
  }
}

/** Released lists of nodes, by length (node-pool.ts). */
export interface ListSource {
  /** A list of exactly `length` nodes, which the caller overwrites; undefined when none is kept. */
  takeList(length: number): SnapshotNode[] | undefined;
}

export interface Point {
  readonly row: number;
  readonly column: number;
}

function newlinesIn(text: string): Int32Array {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const offsets = new Int32Array(count);
  let k = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) offsets[k++] = i;
  return offsets;
}

const NO_CHILDREN: readonly SnapshotNode[] = Object.freeze([]);

export class SnapshotNode {
  #children: SnapshotNode[] | undefined;
  #named: readonly SnapshotNode[] | undefined;
  /** Id of the last node in this subtree: the subtree is exactly ids `id ..= lastId` (set by the copy). */
  lastId: number;
  /** Position among the parent's children (set by the copy). */
  #index = 0;

  constructor(
    readonly doc: SourceText,
    /** Position in pre-order (document order), 0 for the root; tree-sitter's descendant index. */
    readonly id: number,
    readonly type: string,
    readonly named: boolean,
    /** A zero-width token tree-sitter inserted to recover from an error. */
    readonly missing: boolean,
    /** The field this node fills in its parent (`condition`, `body`, …), if any. */
    readonly field: string | null,
    /** Offsets into the snapshot's text (UTF-16 code units, like JS strings). */
    readonly start: number,
    readonly end: number,
    readonly parent: SnapshotNode | null,
  ) {
    this.lastId = id;
  }

  /**
   * Makes this node (one the copy released earlier, see NodePool) a new one,
   * as the constructor would: the same fields in the same order, so reused and
   * new nodes share one shape.
   */
  reuse(
    doc: SourceText,
    id: number,
    type: string,
    named: boolean,
    missing: boolean,
    field: string | null,
    start: number,
    end: number,
    parent: SnapshotNode | null,
  ): this {
    const self = this as Writable<SnapshotNode>;
    self.doc = doc;
    self.id = id;
    self.type = type;
    self.named = named;
    self.missing = missing;
    self.field = field;
    self.start = start;
    self.end = end;
    self.parent = parent;
    this.#children = undefined;
    this.#named = undefined;
    this.lastId = id;
    this.#index = 0;
    return this;
  }

  /**
   * Drops what a released node points to, so a pooled node keeps no text
   * alive; hands its lists of children (all, and named) to `keep`, for the
   * pool to reuse too.
   */
  forget(empty: SourceText, keep: (list: SnapshotNode[]) => void): void {
    const children = this.#children;
    const named = this.#named;
    const self = this as Writable<SnapshotNode>;
    self.doc = empty;
    self.parent = null;
    this.#children = undefined;
    this.#named = undefined;
    if (children !== undefined) keep(children);
    if (named !== undefined && named !== children && named !== NO_CHILDREN) keep(named as SnapshotNode[]);
  }

  /** Gives the node its children, in order, once the copy has made them all; nothing else may call it. */
  adopt(children: SnapshotNode[]): void {
    for (let i = 0; i < children.length; i++) children[i]!.#index = i;
    this.#children = children;
  }

  get children(): readonly SnapshotNode[] {
    return this.#children ?? NO_CHILDREN;
  }

  get namedChildren(): readonly SnapshotNode[] {
    if (this.#named !== undefined) return this.#named;
    // Often every child is named (a call's function and arguments, a block's statements): the
    // same list serves, and no second one is made.
    const children = this.children;
    let count = 0;
    for (let i = 0; i < children.length; i++) if (children[i]!.named) count++;
    if (count === children.length) return (this.#named = children);
    if (count === 0) return (this.#named = NO_CHILDREN);
    const list = this.doc.lists?.takeList(count);
    if (list === undefined) return (this.#named = children.filter((c) => c.named));
    for (let i = 0, k = 0; i < children.length; i++) if (children[i]!.named) list[k++] = children[i]!;
    return (this.#named = list);
  }

  get text(): string {
    return this.doc.source.slice(this.start, this.end);
  }

  get startIndex(): number {
    return this.start;
  }

  get endIndex(): number {
    return this.end;
  }

  get startPosition(): Point {
    return this.doc.point(this.start);
  }

  get endPosition(): Point {
    return this.doc.point(this.end);
  }

  get isNamed(): boolean {
    return this.named;
  }

  get isMissing(): boolean {
    return this.missing;
  }

  get childCount(): number {
    return this.children.length;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  get firstChild(): SnapshotNode | null {
    return this.children[0] ?? null;
  }

  child(index: number): SnapshotNode | null {
    return this.children[index] ?? null;
  }

  namedChild(index: number): SnapshotNode | null {
    return this.namedChildren[index] ?? null;
  }

  /** The first child filling `field`. */
  childForFieldName(field: string): SnapshotNode | null {
    // An index loop: no iterator objects for a call this frequent, in any tier.
    const children = this.children;
    for (let i = 0; i < children.length; i++) if (children[i]!.field === field) return children[i]!;
    return null;
  }

  childrenForFieldName(field: string): SnapshotNode[] {
    return this.children.filter((child) => child.field === field);
  }

  fieldNameForChild(index: number): string | null {
    return this.children[index]?.field ?? null;
  }

  get previousSibling(): SnapshotNode | null {
    return this.#sibling(-1, false);
  }

  get nextSibling(): SnapshotNode | null {
    return this.#sibling(1, false);
  }

  get previousNamedSibling(): SnapshotNode | null {
    return this.#sibling(-1, true);
  }

  get nextNamedSibling(): SnapshotNode | null {
    return this.#sibling(1, true);
  }

  #sibling(step: 1 | -1, named: boolean): SnapshotNode | null {
    const siblings = this.parent?.children;
    if (!siblings) return null;
    for (let i = this.#index + step; i >= 0 && i < siblings.length; i += step) {
      const sibling = siblings[i]!;
      if (!named || sibling.named) return sibling;
    }
    return null;
  }

  /**
   * This node and its descendants of the given types, in document order (as
   * tree-sitter's `descendantsOfType`, which includes the node itself).
   */
  descendantsOfType(types: string | readonly string[]): SnapshotNode[] {
    const wanted = typeof types === 'string' ? [types] : types;
    const found: SnapshotNode[] = [];
    const nodes = this.doc.nodes;
    // A subtree is a run of the pre-order array.
    for (let i = this.id; i <= this.lastId; i++) {
      const node = nodes[i]!;
      if (wanted.includes(node.type)) found.push(node);
    }
    return found;
  }
}
