/**
 * A compact, read-only copy of a tree-sitter tree, built once per snippet with
 * a TreeCursor (iteratively: inputs nest thousands of levels deep). Every
 * metric then walks plain JS objects with parent links and field names instead
 * of crossing into WASM for each node, which is both faster and simpler.
 */
import type { Node } from 'web-tree-sitter';

export interface SyntaxNode {
  /** Position in pre-order (document order), 0 for the root. */
  readonly id: number;
  readonly type: string;
  readonly named: boolean;
  /** A zero-width token tree-sitter inserted to recover from an error. */
  readonly missing: boolean;
  /** The field this node fills in its parent (`condition`, `body`, …), if any. */
  readonly field: string | null;
  /** Offsets into `SyntaxTree.text` (UTF-16 code units, like JS strings). */
  readonly start: number;
  readonly end: number;
  readonly parent: SyntaxNode | null;
  readonly children: SyntaxNode[];
  /** Id of the last node in this subtree: the subtree is exactly ids `id ..= lastId`. */
  readonly lastId: number;
}

/** Node types whose tree-sitter node is kept, because they may become units. */
const KEEP_TREE_SITTER_NODE = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'generator_function_declaration',
  'generator_function',
  'arrow_function',
  'method_definition',
  'class_declaration',
  'abstract_class_declaration',
  'class',
  'field_definition',
  'public_field_definition',
  'class_static_block',
]);

export class SyntaxTree {
  readonly root: SyntaxNode;
  /** Every node in pre-order; `nodes[n.id] === n`. */
  readonly nodes: readonly SyntaxNode[];
  readonly #text: string;
  readonly #tsNodes: ReadonlyMap<number, Node>;

  private constructor(root: SyntaxNode, nodes: SyntaxNode[], text: string, tsNodes: Map<number, Node>) {
    this.root = root;
    this.nodes = nodes;
    this.#text = text;
    this.#tsNodes = tsNodes;
  }

  /**
   * Copies the tree under `root`. `resolve` maps a unit candidate (by type and
   * start offset) to the tree-sitter node to report for it, when the copy is
   * made from a different tree than the one the caller holds (see repair.ts).
   */
  static from(root: Node, resolve?: (type: string, start: number) => Node | undefined): SyntaxTree {
    const text = root.text;
    const base = root.startIndex;
    const nodes: SyntaxNode[] = [];
    const tsNodes = new Map<number, Node>();
    const cursor = root.walk();
    try {
      const make = (parent: SyntaxNode | null): SyntaxNode => {
        const node: SyntaxNode = {
          id: nodes.length,
          type: cursor.nodeType,
          named: cursor.nodeIsNamed,
          missing: cursor.nodeIsMissing,
          field: parent ? cursor.currentFieldName : null,
          start: cursor.startIndex - base,
          end: cursor.endIndex - base,
          parent,
          children: [],
          lastId: nodes.length,
        };
        nodes.push(node);
        parent?.children.push(node);
        if (node.named && KEEP_TREE_SITTER_NODE.has(node.type)) {
          const tsNode = resolve ? resolve(node.type, cursor.startIndex) : cursor.currentNode;
          if (tsNode) tsNodes.set(node.id, tsNode);
        }
        return node;
      };
      const rootNode = make(null);
      let current = rootNode;
      walk: for (;;) {
        if (cursor.gotoFirstChild()) {
          current = make(current);
          continue;
        }
        for (;;) {
          if (current === rootNode) break walk;
          if (cursor.gotoNextSibling()) {
            current = make(current.parent);
            continue walk;
          }
          cursor.gotoParent();
          current = current.parent ?? rootNode;
        }
      }
      for (const node of [...nodes].reverse()) {
        const last = node.children[node.children.length - 1];
        // Set once here, while building; read-only for everyone else.
        if (last) (node as { lastId: number }).lastId = last.lastId;
      }
      return new SyntaxTree(rootNode, nodes, text, tsNodes);
    } finally {
      cursor.delete();
    }
  }

  text(node: SyntaxNode): string {
    return this.#text.slice(node.start, node.end);
  }

  /** The tree-sitter node behind a unit candidate (functions, classes, class members). */
  treeSitterNode(node: SyntaxNode): Node | undefined {
    return this.#tsNodes.get(node.id);
  }
}

/** The first child filling `field`, if any. */
export function fieldChild(node: SyntaxNode, field: string): SyntaxNode | undefined {
  for (const child of node.children) if (child.field === field) return child;
  return undefined;
}

/** The first child of the given type, if any. */
export function childOfType(node: SyntaxNode, type: string): SyntaxNode | undefined {
  for (const child of node.children) if (child.type === type) return child;
  return undefined;
}

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
