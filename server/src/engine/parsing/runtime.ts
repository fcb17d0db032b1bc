/**
 * The tree-sitter WASM runtime, one per process, and direct access to the
 * binding's tree-cursor functions for bulk reads (see tree-copy.ts).
 *
 * web-tree-sitter's public `TreeCursor` copies the cursor into and out of the
 * WASM heap through generic accessors on every call, which dominates the cost
 * of reading a whole tree. Its binding keeps the current cursor in a transfer
 * buffer between calls, so reading a tree with the raw exported functions
 * needs no copying at all. Emscripten uses the options object passed to
 * `Parser.init` as the module, which is how the exports are reached.
 *
 * This depends on web-tree-sitter internals (pinned to an exact version in
 * package.json): the exports are checked when the runtime starts, and when
 * anything is missing the public API is used instead.
 */
import { Parser, type Tree, type TreeCursor } from 'web-tree-sitter';

/** The binding's cursor functions: each reads the cursor from the transfer buffer and takes the tree's address. */
export interface RawCursor {
  gotoFirstChild(tree: number): number;
  gotoNextSibling(tree: number): number;
  gotoParent(tree: number): number;
  typeId(tree: number): number;
  fieldId(tree: number): number;
  startIndex(tree: number): number;
  endIndex(tree: number): number;
  isNamed(tree: number): number;
  isMissing(tree: number): number;
  /** Copies the cursor left in the transfer buffer back into its JS object, so it can be deleted. */
  sync(cursor: TreeCursor): void;
}

type Exports = Record<string, unknown>;

const EXPORTS = {
  gotoFirstChild: '_ts_tree_cursor_goto_first_child_wasm',
  gotoNextSibling: '_ts_tree_cursor_goto_next_sibling_wasm',
  gotoParent: '_ts_tree_cursor_goto_parent_wasm',
  typeId: '_ts_tree_cursor_current_node_type_id_wasm',
  fieldId: '_ts_tree_cursor_current_field_id_wasm',
  startIndex: '_ts_tree_cursor_start_index_wasm',
  endIndex: '_ts_tree_cursor_end_index_wasm',
  isNamed: '_ts_tree_cursor_current_node_is_named_wasm',
  isMissing: '_ts_tree_cursor_current_node_is_missing_wasm',
} as const;

/** The cursor's four handle words, as web-tree-sitter stores them on the object. */
const CURSOR_WORDS = 4;

function rawCursorOf(binding: Exports): RawCursor | undefined {
  const fns: Partial<Record<keyof typeof EXPORTS, (tree: number) => number>> = {};
  for (const [name, exported] of Object.entries(EXPORTS) as [keyof typeof EXPORTS, string][]) {
    const fn = binding[exported];
    if (typeof fn !== 'function') return undefined;
    fns[name] = fn as (tree: number) => number;
  }
  const init = binding['_ts_init'];
  const getValue = binding['getValue'];
  if (typeof init !== 'function' || typeof getValue !== 'function') return undefined;
  // `_ts_init` only (re)writes the version numbers into the transfer buffer and returns its address.
  const transfer = (init as () => unknown)();
  if (typeof transfer !== 'number') return undefined;
  const read = getValue as (address: number, type: string) => number;
  return {
    ...(fns as Required<typeof fns>),
    sync(cursor) {
      const words = cursor as unknown as Record<number, number>;
      for (let i = 0; i < CURSOR_WORDS; i++) words[i] = read(transfer + 4 * i, 'i32');
    },
  };
}

interface Runtime {
  readonly ready: Promise<void>;
  /** Set once `ready` resolves, if the binding's exports are as expected. */
  raw?: RawCursor;
}

// The WASM runtime is one per process whatever we do, so its initialisation
// (and what it exposes) is memoised at module level; everything built on it is
// per SourceParser.
let runtime: Runtime | undefined;

/** Starts the runtime (once per process). */
export function initRuntime(): Promise<void> {
  if (!runtime) {
    const binding: Exports = {};
    const started: Runtime = {
      // If the runtime was already started elsewhere, `binding` stays empty and the public API is used.
      ready: Parser.init(binding).then(() => {
        started.raw = rawCursorOf(binding);
      }),
    };
    runtime = started;
  }
  return runtime.ready;
}

/** The raw cursor functions, once the runtime has started with them available. */
export function rawCursor(): RawCursor | undefined {
  return runtime?.raw;
}

/** The tree's address in the WASM heap. */
export function treeAddress(tree: Tree): number {
  return (tree as unknown as Record<number, number>)[0] ?? 0;
}
