/**
 * Every stage after parsing reads the snapshot instead of the tree-sitter
 * tree, so the snapshot must say exactly what the tree says. These tests walk
 * real code of several languages in both at once and compare every node, and
 * check that the fast (raw cursor) copy and the public-API copy are equal.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageId } from '@code-explain/shared';
import { Parser, type Node } from 'web-tree-sitter';
import type { SnapshotNode } from '../../src/engine/parsing/node.js';
import { NodePool } from '../../src/engine/parsing/node-pool.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { rawCursor } from '../../src/engine/parsing/runtime.js';
import { Snapshot } from '../../src/engine/parsing/snapshot.js';
import { SKIP_CHILDREN, walk } from '../../src/engine/walk.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

function lodashFiles(count: number): string[] {
  const dir = dirname(require.resolve('lodash/package.json'));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js') && !f.startsWith('_'))
    .sort()
    .slice(0, count)
    .map((f) => join(dir, f));
}

const CASES: readonly { language: LanguageId; files: () => string[] }[] = [
  { language: 'javascript', files: () => [...lodashFiles(40), require.resolve('lodash/lodash.js')] },
  {
    language: 'typescript',
    files: () => [join(here, 'fixtures/cache.ts'), join(here, '../../src/engine/engine.ts')],
  },
  { language: 'python', files: () => [join(here, 'fixtures/inventory.py')] },
  { language: 'go', files: () => [join(here, 'fixtures/workers.go')] },
  { language: 'java', files: () => [join(here, 'fixtures/Accounts.java')] },
];

/** Compares the tree under `tsRoot` with its snapshot, node by node in pre-order; returns how many were compared. */
function compareTrees(tsRoot: Node, snapshot: Snapshot, where: string): number {
  // eslint-disable-next-line no-control-regex -- ASCII is exactly U+0000..U+007F
  const ascii = /^[\x00-\x7f]*$/.test(snapshot.source);
  let id = 0;
  const stack: { node: Node; field: string | null }[] = [{ node: tsRoot, field: null }];
  while (stack.length > 0) {
    const { node, field } = stack.pop()!;
    const copy = snapshot.nodes[id];
    const at = `${where}: node ${id} (${node.type} at ${node.startPosition.row + 1}:${node.startPosition.column + 1})`;
    assert.ok(copy, `${at}: missing from the snapshot`);
    assert.equal(copy.id, id, at);
    assert.equal(copy.type, node.type, at);
    assert.equal(copy.isNamed, node.isNamed, at);
    assert.equal(copy.isMissing, node.isMissing, at);
    assert.equal(copy.field, field, at);
    assert.equal(copy.startIndex, node.startIndex, at);
    assert.equal(copy.endIndex, node.endIndex, at);
    assert.equal(copy.text, node.text, at);
    assert.equal(copy.startPosition.row, node.startPosition.row, at);
    assert.equal(copy.endPosition.row, node.endPosition.row, at);
    if (ascii) {
      assert.equal(copy.startPosition.column, node.startPosition.column, at);
      assert.equal(copy.endPosition.column, node.endPosition.column, at);
    }
    assert.equal(copy.childCount, node.childCount, at);
    assert.equal(copy.namedChildCount, node.namedChildCount, at);
    assert.equal(copy.parent?.startIndex, node.parent?.startIndex, at);
    for (let i = node.childCount - 1; i >= 0; i--) {
      stack.push({ node: node.child(i)!, field: node.fieldNameForChild(i) });
    }
    id++;
  }
  assert.equal(id, snapshot.nodes.length, `${where}: the snapshot has extra nodes`);
  return id;
}

describe('the snapshot of a tree', () => {
  const sources = new SourceParser();
  after(() => sources.dispose());

  for (const { language, files } of CASES) {
    it(`says what tree-sitter says about every node (${language}, real code)`, async () => {
      const grammar = await sources.language(language);
      const parser = new Parser();
      parser.setLanguage(grammar);
      let compared = 0;
      try {
        for (const file of files()) {
          const code = readFileSync(file, 'utf8');
          const tree = parser.parse(code)!;
          try {
            const fast = Snapshot.of(tree.rootNode, { text: code });
            compared += compareTrees(tree.rootNode, fast, file);
            const slow = Snapshot.of(tree.rootNode, { text: code, raw: false });
            compared += compareTrees(tree.rootNode, slow, `${file} (public cursor)`);
          } finally {
            tree.delete();
          }
        }
      } finally {
        parser.delete();
      }
      assert.ok(compared > 400, `only ${compared} nodes compared`);
    });
  }

  for (const { language, files } of CASES) {
    it(`says the same when made from the nodes of released snapshots (${language})`, async () => {
      const grammar = await sources.language(language);
      const parser = new Parser();
      parser.setLanguage(grammar);
      const pool = new NodePool();
      let before: readonly SnapshotNode[] = [];
      let reused = 0;
      try {
        // Each file's copy takes the nodes the one before released: other types, fields,
        // parents and children than they had, which the comparison must not see.
        for (const file of [...files(), ...files().reverse()]) {
          const code = readFileSync(file, 'utf8');
          const tree = parser.parse(code)!;
          try {
            const snapshot = Snapshot.of(tree.rootNode, { text: code, pool });
            const earlier = new Set(before);
            reused += snapshot.nodes.filter((n) => earlier.has(n)).length;
            compareTrees(tree.rootNode, snapshot, `${file} (reused nodes)`);
            // Siblings and subtree ends, which the comparison does not read, are a reused node's own too.
            for (const node of snapshot.nodes) {
              const children = node.children;
              for (let i = 0; i < children.length; i++) {
                assert.equal(
                  children[i]!.nextSibling,
                  children[i + 1] ?? null,
                  `${file}: node ${children[i]!.id}`,
                );
                assert.equal(
                  children[i]!.previousSibling,
                  children[i - 1] ?? null,
                  `${file}: node ${children[i]!.id}`,
                );
              }
              assert.equal(node.lastId, children.at(-1)?.lastId ?? node.id, `${file}: node ${node.id}`);
              assert.deepEqual(
                node.namedChildren.map((c) => c.id),
                children.filter((c) => c.named).map((c) => c.id),
                `${file}: node ${node.id}`,
              );
            }
            snapshot.release();
            const kept = pool.size;
            snapshot.release();
            assert.equal(pool.size, kept, 'a second release gave the nodes back twice');
            // What is kept for reuse holds no text or tree of the file it came from.
            assert.ok(
              snapshot.nodes.every(
                (n) => n.doc.source === '' && n.parent === null && n.children.length === 0,
              ),
              `${file}: a released node keeps what it pointed to`,
            );
            before = snapshot.nodes;
          } finally {
            tree.delete();
          }
        }
      } finally {
        parser.delete();
      }
      assert.ok(reused > 100, `only ${reused} nodes were reused`);
    });
  }

  it('is made with the raw cursor functions (the fast path is in use)', async () => {
    await sources.parse('x', 'javascript');
    assert.ok(
      rawCursor(),
      'web-tree-sitter no longer exposes the cursor exports; copies fall back to the slow path',
    );
  });

  it('answers field, sibling and descendant questions like tree-sitter', async () => {
    const code =
      'function f(a, b = 1) {\n  // note\n  if (a) { g(a); } else { h(b); }\n  return a ?? b;\n}\n';
    const grammar = await sources.language('javascript');
    const parser = new Parser();
    parser.setLanguage(grammar);
    const tree = parser.parse(code)!;
    try {
      const snapshot = Snapshot.of(tree.rootNode, { text: code });
      const pairs: [Node, SnapshotNode][] = [];
      const tsNodes: Node[] = [];
      const stack = [tree.rootNode];
      while (stack.length > 0) {
        const n = stack.pop()!;
        tsNodes.push(n);
        for (let i = n.childCount - 1; i >= 0; i--) stack.push(n.child(i)!);
      }
      tsNodes.forEach((n, i) => pairs.push([n, snapshot.nodes[i]!]));
      const same = (a: Node | null | undefined, b: SnapshotNode | null | undefined) =>
        a && b ? a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type : !a && !b;
      for (const [n, s] of pairs) {
        for (const field of [
          'name',
          'parameters',
          'body',
          'condition',
          'consequence',
          'alternative',
          'left',
        ]) {
          assert.ok(same(n.childForFieldName(field), s.childForFieldName(field)), `${n.type}.${field}`);
          assert.equal(s.childrenForFieldName(field).length, n.childrenForFieldName(field).length);
        }
        assert.ok(same(n.previousSibling, s.previousSibling), `${n.type} previousSibling`);
        assert.ok(same(n.nextSibling, s.nextSibling), `${n.type} nextSibling`);
        assert.ok(same(n.nextNamedSibling, s.nextNamedSibling), `${n.type} nextNamedSibling`);
        assert.ok(same(n.previousNamedSibling, s.previousNamedSibling), `${n.type} previousNamedSibling`);
        assert.ok(same(n.firstChild, s.firstChild), `${n.type} firstChild`);
        assert.deepEqual(
          s.descendantsOfType(['identifier', 'comment']).map((d) => d.startIndex),
          n.descendantsOfType(['identifier', 'comment']).map((d) => d.startIndex),
          `${n.type} descendantsOfType`,
        );
      }
    } finally {
      tree.delete();
      parser.delete();
    }
  });

  it('walks a subtree in pre-order with depths, skipping subtrees on request', async () => {
    const { snapshot } = await sources.parse('a(b(c), d); e;', 'javascript');
    const seen: string[] = [];
    walk(snapshot.root, (node, depth) => {
      if (node.isNamed) seen.push(`${depth}:${node.type === 'identifier' ? node.text : node.type}`);
      return node.type === 'arguments' && node.text === '(c)' ? SKIP_CHILDREN : undefined;
    });
    assert.deepEqual(seen, [
      '0:program',
      '1:expression_statement',
      '2:call_expression',
      '3:a',
      '3:arguments',
      '4:call_expression',
      '5:b',
      '5:arguments',
      '4:d',
      '1:expression_statement',
      '2:e',
    ]);
  });
});
