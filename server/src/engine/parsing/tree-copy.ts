/**
 * Copies a tree-sitter (sub)tree into plain objects in one iterative cursor
 * walk (inputs nest thousands of levels deep). The binding's raw cursor
 * functions are used when the runtime exposes them (runtime.ts); otherwise the
 * public `TreeCursor`, which gives the same result more slowly.
 */
import type { Node, TreeCursor } from 'web-tree-sitter';
import { rawCursor, treeAddress, type RawCursor } from './runtime.js';
import { SnapshotNode, type SourceText } from './node.js';
import type { NodePool } from './node-pool.js';

/** What the walk reads at the cursor's current node. */
interface Reader {
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): void;
  typeId(): number;
  fieldId(): number;
  start(): number;
  end(): number;
  named(): boolean;
  missing(): boolean;
}

class RawReader implements Reader {
  readonly #raw: RawCursor;
  readonly #tree: number;

  constructor(raw: RawCursor, tree: number) {
    this.#raw = raw;
    this.#tree = tree;
  }

  firstChild(): boolean {
    return this.#raw.gotoFirstChild(this.#tree) === 1;
  }
  nextSibling(): boolean {
    return this.#raw.gotoNextSibling(this.#tree) === 1;
  }
  parent(): void {
    this.#raw.gotoParent(this.#tree);
  }
  typeId(): number {
    return this.#raw.typeId(this.#tree);
  }
  fieldId(): number {
    return this.#raw.fieldId(this.#tree);
  }
  start(): number {
    return this.#raw.startIndex(this.#tree);
  }
  end(): number {
    return this.#raw.endIndex(this.#tree);
  }
  named(): boolean {
    return this.#raw.isNamed(this.#tree) === 1;
  }
  missing(): boolean {
    return this.#raw.isMissing(this.#tree) === 1;
  }
}

class PublicReader implements Reader {
  readonly #cursor: TreeCursor;

  constructor(cursor: TreeCursor) {
    this.#cursor = cursor;
  }

  firstChild(): boolean {
    return this.#cursor.gotoFirstChild();
  }
  nextSibling(): boolean {
    return this.#cursor.gotoNextSibling();
  }
  parent(): void {
    this.#cursor.gotoParent();
  }
  typeId(): number {
    return this.#cursor.nodeTypeId;
  }
  fieldId(): number {
    return this.#cursor.currentFieldId;
  }
  start(): number {
    return this.#cursor.startIndex;
  }
  end(): number {
    return this.#cursor.endIndex;
  }
  named(): boolean {
    return this.#cursor.nodeIsNamed;
  }
  missing(): boolean {
    return this.#cursor.nodeIsMissing;
  }
}

/**
 * Every node under `root` (included) in pre-order, offsets shifted by
 * `-base`. `raw: false` forces the public cursor (for tests).
 */
export function copyTree(
  root: Node,
  base: number,
  doc: SourceText,
  raw = true,
  pool?: NodePool,
): SnapshotNode[] {
  const language = root.tree.language;
  // Only an erroneous tree has MISSING nodes, and those are always zero-width.
  const mayMiss = root.hasError;
  const cursor = root.walk();
  const fast = raw ? rawCursor() : undefined;
  try {
    const reader = fast ? new RawReader(fast, treeAddress(root.tree)) : new PublicReader(cursor);
    return new Copier(reader, language.types, language.fields, base, mayMiss, doc, pool).run();
  } finally {
    // The raw functions moved the cursor without telling its JS object; update it before freeing.
    fast?.sync(cursor);
    cursor.delete();
  }
}

/** One copy: the walk and the nodes made so far. */
class Copier {
  readonly nodes: SnapshotNode[] = [];
  readonly #read: Reader;
  readonly #types: readonly string[];
  readonly #fields: readonly (string | null)[];
  readonly #base: number;
  readonly #mayMiss: boolean;
  readonly #doc: SourceText;
  /**
   * Whether a node type is named, by type id (0 unknown, 1 named, 2 not), as
   * read on the first node of that type: a node is named exactly when its
   * (public) symbol is, so asking once per type is enough.
   */
  readonly #named: Int8Array;
  readonly #pool: NodePool | undefined;

  constructor(
    read: Reader,
    types: readonly string[],
    fields: readonly (string | null)[],
    base: number,
    mayMiss: boolean,
    doc: SourceText,
    pool: NodePool | undefined,
  ) {
    this.#doc = doc;
    this.#pool = pool;
    this.#read = read;
    this.#types = types;
    this.#fields = fields;
    this.#base = base;
    this.#mayMiss = mayMiss;
    this.#named = new Int8Array(types.length);
  }

  run(): SnapshotNode[] {
    const read = this.#read;
    // The children made so far of the node at each depth of the walk, in reused lists; a node
    // gets an exact-size copy of its list once it is finished. Growing each node's own array
    // one push at a time gave most of them room for 17, and the tree is what every
    // collection during the analysis has to copy.
    const kids: SnapshotNode[][] = [];
    const counts: number[] = [];
    const add = (depth: number, node: SnapshotNode) => {
      const list = (kids[depth] ??= []);
      list[counts[depth] ?? 0] = node;
      counts[depth] = (counts[depth] ?? 0) + 1;
    };
    const finish = (node: SnapshotNode, depth: number) => {
      node.lastId = this.nodes.length - 1;
      const n = counts[depth] ?? 0;
      if (n === 0) return;
      const made = kids[depth]!;
      const list = this.#pool?.takeList(n);
      if (list) {
        for (let i = 0; i < n; i++) list[i] = made[i]!;
        node.adopt(list);
      } else node.adopt(made.slice(0, n));
      counts[depth] = 0;
    };
    const top = this.#make(null);
    let current = top;
    let depth = 0;
    walk: for (;;) {
      if (read.firstChild()) {
        const child = this.#make(current);
        add(depth, child);
        current = child;
        depth++;
        continue;
      }
      for (;;) {
        finish(current, depth);
        if (current === top) break walk;
        if (read.nextSibling()) {
          const sibling = this.#make(current.parent);
          add(depth - 1, sibling);
          current = sibling;
          continue walk;
        }
        read.parent();
        depth--;
        current = current.parent ?? top;
      }
    }
    return this.nodes;
  }

  #make(parent: SnapshotNode | null): SnapshotNode {
    const read = this.#read;
    const start = read.start() - this.#base;
    const end = read.end() - this.#base;
    const typeId = read.typeId();
    const id = this.nodes.length;
    const type = this.#types[typeId] || 'ERROR';
    const named = this.#isNamed(typeId);
    const missing = this.#mayMiss && start === end && read.missing();
    const field = parent ? (this.#fields[read.fieldId()] ?? null) : null;
    const reused = this.#pool?.take();
    const node = reused
      ? reused.reuse(this.#doc, id, type, named, missing, field, start, end, parent)
      : new SnapshotNode(this.#doc, id, type, named, missing, field, start, end, parent);
    this.nodes.push(node);
    return node;
  }

  #isNamed(typeId: number): boolean {
    // ERROR (65535) and other ids past the table are asked every time.
    if (typeId >= this.#named.length) return this.#read.named();
    const known = this.#named[typeId];
    if (known === 1) return true;
    if (known === 2) return false;
    const named = this.#read.named();
    this.#named[typeId] = named ? 1 : 2;
    return named;
  }
}
