/**
 * The performance mode's complexity claims are honest: a walk over a tree is
 * O(n) in its nodes (not O(n²), not exponential), fib-style recursion stays
 * exponential, a list searched inside a loop is O(n·m) with n and m named in
 * the code's words (a set or map is not), and a call on a way out of a loop
 * is not multiplied by its iterations. Every quoted span is the snippet's own.
 */
import assert from 'node:assert/strict';
import { explainRequestSchema, type LanguageId } from '@code-explain/shared';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { ungrounded } from './support/grounded.js';

const lines = (...ls: string[]) => ls.join('\n');

interface Claims {
  readonly estimates: string;
  readonly hotSpots: string;
}

/** The estimate line of the unit whose signature starts with `name(`. */
function lineFor(text: string, name: string): string {
  const line = text.split('\n').find((l) => l.startsWith(`- \`${name}(`));
  assert.ok(line, `no estimate for ${name} in:\n${text}`);
  return line;
}

describe('engine: complexity claims', () => {
  let engine: Engine;
  before(() => {
    engine = createEngine();
  });
  after(() => engine.dispose());

  async function claims(language: LanguageId, code: string): Promise<Claims> {
    const response = await engine.explain(
      explainRequestSchema.parse({ code, language, mode: 'performance' }),
    );
    assert.deepEqual(ungrounded(response, code), [], 'every quoted span is the snippet’s own');
    const section = (title: string) => response.sections.find((s) => s.title === title)!.content;
    return { estimates: section('Estimated time complexity'), hotSpots: section('Hot spots') };
  }

  const TREES: Record<'javascript' | 'python' | 'java' | 'go', [code: string, units: string[]]> = {
    javascript: [
      lines(
        'function walk(node) {',
        '  for (const child of node.children) walk(child);',
        '}',
        'function visit(node) {',
        '  node.children.forEach((c) => visit(c));',
        '}',
        'function size(node) {',
        '  if (!node) return 0;',
        '  return size(node.left) + size(node.right) + 1;',
        '}',
      ),
      ['walk', 'visit', 'size'],
    ],
    python: [
      lines(
        'def walk(node):',
        '    for child in node.children:',
        '        walk(child)',
        '',
        'def depth(node):',
        '    if node is None:',
        '        return 0',
        '    return 1 + max(depth(node.left), depth(node.right))',
        '',
      ),
      ['walk', 'depth'],
    ],
    java: [
      lines(
        'class Tree {',
        '  int count(Node node) {',
        '    if (node == null) return 0;',
        '    return 1 + count(node.left) + count(node.right);',
        '  }',
        '  void walk(Node node) {',
        '    for (Node c : node.getChildren()) {',
        '      walk(c);',
        '    }',
        '  }',
        '}',
      ),
      ['Tree.count', 'Tree.walk'],
    ],
    go: [
      lines(
        'package m',
        '',
        'func Walk(n *Node) int {',
        '\ttotal := 1',
        '\tfor _, c := range n.Children {',
        '\t\ttotal += Walk(c)',
        '\t}',
        '\treturn total',
        '}',
        '',
        'func Count(n *Node) int {',
        '\tif n == nil {',
        '\t\treturn 0',
        '\t}',
        '\treturn 1 + Count(n.Left) + Count(n.Right)',
        '}',
        '',
      ),
      ['Walk', 'Count'],
    ],
  };

  for (const [language, [code, units]] of Object.entries(TREES)) {
    it(`${language}: a recursive walk over a tree is O(n) in its nodes`, async () => {
      const { estimates, hotSpots } = await claims(language as LanguageId, code);
      for (const unit of units) {
        const line = lineFor(estimates, unit);
        assert.match(
          line,
          /: O\(n\) in the number of nodes — each self-call .* goes down to a part of its input/,
        );
        assert.doesNotMatch(line, /O\(n\^|2\^n|exponential/);
      }
      // The self-call in the loop over the children is one call per node, not a cost per iteration.
      assert.doesNotMatch(hotSpots, /calls `(walk|Walk|visit)`/);
    });
  }

  it('names the parts a walk goes down to, quoting the code', async () => {
    const { estimates } = await claims('javascript', TREES.javascript[0]);
    assert.match(lineFor(estimates, 'walk'), /\(`child` from `node\.children`\)/);
    assert.match(lineFor(estimates, 'visit'), /\(`c` from `node\.children`\)/);
    assert.match(lineFor(estimates, 'size'), /\(`node\.left` and `node\.right`\)/);
  });

  const FIBS: Record<'javascript' | 'python' | 'java' | 'go', [code: string, unit: string]> = {
    javascript: ['function fib(n) {\n  return n < 2 ? n : fib(n - 1) + fib(n - 2);\n}\n', 'fib'],
    python: ['def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n', 'fib'],
    java: [
      'class M {\n  int fib(int n) {\n    return n < 2 ? n : fib(n - 1) + fib(n - 2);\n  }\n}\n',
      'M.fib',
    ],
    go: [
      'package m\n\nfunc Fib(n int) int {\n\tif n < 2 {\n\t\treturn n\n\t}\n\treturn Fib(n-1) + Fib(n-2)\n}\n',
      'Fib',
    ],
  };
  for (const [language, [code, unit]] of Object.entries(FIBS)) {
    it(`${language}: fib-style recursion on arithmetic of its parameter stays exponential`, async () => {
      const { estimates } = await claims(language as LanguageId, code);
      assert.match(
        lineFor(estimates, unit),
        /: O\(2\^n\) or worse — it calls itself at 2 places per call .* each on an argument only a constant smaller \(`n ?- ?1` and `n ?- ?2`\)/,
      );
    });
  }

  it('does not call a divide-and-conquer recursion exponential', async () => {
    const code = lines(
      'def merge_sort(xs):',
      '    if len(xs) < 2:',
      '        return xs',
      '    mid = len(xs) // 2',
      '    return merge(merge_sort(xs[:mid]), merge_sort(xs[mid:]))',
      '',
    );
    const line = lineFor((await claims('python', code)).estimates, 'merge_sort');
    assert.match(line, /: not estimated — it calls itself at 2 places per call/);
    assert.doesNotMatch(line, /O\(2\^n\)/);
  });

  it('says less when the calls are cached, in a loop, on different branches or on the same part', async () => {
    const code = lines(
      'from functools import lru_cache',
      '',
      '@lru_cache(maxsize=None)',
      'def fib(n):',
      '    return n if n < 2 else fib(n - 1) + fib(n - 2)',
      '',
      'def again(node, k):',
      '    for i in range(k):',
      '        again(node.left, k)',
      '',
      'def step(n):',
      '    if n % 2:',
      '        return step(n - 1)',
      '    return step(n - 2)',
      '',
      'def twice(node):',
      '    if node:',
      '        twice(node.left)',
      '        twice(node.left)',
      '',
    );
    const { estimates } = await claims('python', code);
    assert.match(lineFor(estimates, 'fib'), /: not estimated — it calls itself .* but caches results/);
    assert.match(
      lineFor(estimates, 'again'),
      /: not estimated — it calls itself inside a loop \(`again\(node\.left, k\)`\)/,
    );
    assert.match(lineFor(estimates, 'step'), /: not estimated — .* not all of them on the same path/);
    assert.match(lineFor(estimates, 'twice'), /: not estimated — it calls itself at 2 places per call/);
    assert.doesNotMatch(estimates, /O\(2\^n\)|in the number of nodes/);
  });

  const SEARCHES: Record<
    'javascript' | 'python' | 'java' | 'go',
    [code: string, unit: string, says: RegExp]
  > = {
    javascript: [
      lines(
        'function pick(orders) {',
        '  const ids = [1, 2, 3];',
        '  const out = [];',
        '  for (const order of orders) {',
        '    if (ids.includes(order.id)) out.push(order);',
        '  }',
        '  return out;',
        '}',
      ),
      'pick',
      /: O\(n·m\) — the loop on line 4 runs over `orders` \(n\) and `ids\.includes\(…\)` searches `ids` \(m\) element by element on every iteration\.$/,
    ],
    python: [
      lines(
        'def pick(orders, ids: list[int]):',
        '    out = []',
        '    for order in orders:',
        '        if order.id in ids:',
        '            out.append(order)',
        '    return out',
        '',
      ),
      'pick',
      /: O\(n·m\) — the loop on line 3 runs over `orders` \(n\) and `order\.id in ids` searches `ids` \(m\) element by element on every iteration\.$/,
    ],
    java: [
      lines(
        'class M {',
        '  int pick(List<Order> orders, List<Integer> ids) {',
        '    int n = 0;',
        '    for (Order order : orders) {',
        '      if (ids.contains(order.id)) n++;',
        '    }',
        '    return n;',
        '  }',
        '}',
      ),
      'M.pick',
      /: O\(n·m\) — the loop on line 4 runs over `orders` \(n\) and `ids\.contains\(…\)` searches `ids` \(m\)/,
    ],
    go: [
      lines(
        'package m',
        '',
        'import "slices"',
        '',
        'func Pick(orders []Order, ids []int) int {',
        '\tn := 0',
        '\tfor _, o := range orders {',
        '\t\tif slices.Contains(ids, o.ID) {',
        '\t\t\tn++',
        '\t\t}',
        '\t}',
        '\treturn n',
        '}',
        '',
      ),
      'Pick',
      /: O\(n·m\) — the loop on line 7 runs over `orders` \(n\) and `slices\.Contains\(…\)` searches `ids` \(m\)/,
    ],
  };
  for (const [language, [code, unit, says]] of Object.entries(SEARCHES)) {
    it(`${language}: a list searched inside a loop is O(n·m), naming n and m`, async () => {
      const { estimates, hotSpots } = await claims(language as LanguageId, code);
      assert.match(lineFor(estimates, unit), says);
      assert.match(hotSpots, /searches `ids` element by element on every iteration of the loop on line \d+/);
    });
  }

  it('says m grows when the searched list grows inside the loop', async () => {
    const code = lines(
      'function unique(ids) {',
      '  const seen = [];',
      '  for (let i = 0; i < ids.length; i++) {',
      '    if (!seen.includes(ids[i])) seen.push(ids[i]);',
      '  }',
      '  return seen;',
      '}',
    );
    assert.match(
      lineFor((await claims('javascript', code)).estimates, 'unique'),
      /O\(n·m\) — the loop on line 3 runs while `i < ids\.length` \(n times\) and `seen\.includes\(…\)` searches `seen` \(m\) .*; `seen` also grows inside the loop \(line 4\)/,
    );
  });

  const LOOKUPS: Record<
    'javascript' | 'typescript' | 'python' | 'java' | 'go',
    [code: string, unit: string]
  > = {
    javascript: [
      lines(
        'function pick(orders) {',
        '  const ids = new Set([1, 2]);',
        '  const byId = new Map();',
        '  let n = 0;',
        '  for (const o of orders) if (ids.has(o.id) || byId.get(o.id)) n++;',
        '  return n;',
        '}',
      ),
      'pick',
    ],
    typescript: [
      lines(
        'function pick(orders: Order[], ids: Set<number>, name: string) {',
        '  let n = 0;',
        '  for (const o of orders) if (ids.has(o.id) || name.includes(o.tag)) n++;',
        '  return n;',
        '}',
      ),
      'pick',
    ],
    python: [
      lines(
        'def pick(orders, names: set[str]):',
        '    allowed = {"a", "b"}',
        '    lookup = {}',
        '    n = 0',
        '    for o in orders:',
        '        if o.kind in allowed or o.id in lookup or o.name in names:',
        '            n += 1',
        '    return n',
        '',
      ),
      'pick',
    ],
    java: [
      lines(
        'class M {',
        '  int pick(List<Order> orders, Set<Integer> ids, Map<Integer, String> byId) {',
        '    int n = 0;',
        '    for (Order o : orders) if (ids.contains(o.id) || byId.containsKey(o.id)) n++;',
        '    return n;',
        '  }',
        '}',
      ),
      'M.pick',
    ],
    go: [
      lines(
        'package m',
        '',
        'func Pick(orders []Order, ids map[int]bool) int {',
        '\tn := 0',
        '\tfor _, o := range orders {',
        '\t\tif ids[o.ID] {',
        '\t\t\tn++',
        '\t\t}',
        '\t}',
        '\treturn n',
        '}',
        '',
      ),
      'Pick',
    ],
  };
  for (const [language, [code, unit]] of Object.entries(LOOKUPS)) {
    it(`${language}: a set or map lookup inside a loop is not O(n·m)`, async () => {
      const { estimates, hotSpots } = await claims(language as LanguageId, code);
      const line = lineFor(estimates, unit);
      assert.match(line, /: O\(n\) — it has one level of loops/);
      assert.doesNotMatch(line, /·m|searches/);
      assert.doesNotMatch(hotSpots, /searches/);
    });
  }

  it('go: a search of a slice literal costs a constant, not a factor m', async () => {
    const code = lines(
      'package m',
      '',
      'import "slices"',
      '',
      'func Pick(orders []Order) int {',
      '\tn := 0',
      '\tfor _, o := range orders {',
      '\t\tif slices.Contains([]string{"new", "paid"}, o.State) {',
      '\t\t\tn++',
      '\t\t}',
      '\t}',
      '\treturn n',
      '}',
      '',
    );
    const { estimates, hotSpots } = await claims('go', code);
    assert.match(lineFor(estimates, 'Pick'), /: O\(n\) — it has one level of loops/);
    assert.doesNotMatch(hotSpots, /searches/);
  });

  it('says less when it cannot tell whether what is searched is a list', async () => {
    const code = lines(
      'def count(items, ids):',
      '    n = 0',
      '    for x in items:',
      '        if x in ids:',
      '            n += 1',
      '    return n',
      '',
    );
    const { estimates, hotSpots } = await claims('python', code);
    assert.match(
      lineFor(estimates, 'count'),
      /: O\(n\) — .*; if `ids` is a list or array \(not a set, map or string\), `x in ids` searches it on every iteration, which makes it O\(n·m\)/,
    );
    assert.match(
      hotSpots,
      /`x in ids` on line 4 searches `ids` on every iteration .*; element by element if it is a list or array\./,
    );
  });

  const EXITS: Record<'javascript' | 'python' | 'java' | 'go', string> = {
    javascript: lines(
      'function first(xs) {',
      '  for (const x of xs) {',
      '    if (ok(x)) return compute(x);',
      '  }',
      '  return null;',
      '}',
    ),
    python: lines(
      'def first(xs):',
      '    for x in xs:',
      '        if ok(x):',
      '            return compute(x)',
      '    return None',
      '',
    ),
    java: lines(
      'class M {',
      '  Order first(List<Order> xs) {',
      '    for (Order x : xs) {',
      '      if (ok(x)) {',
      '        throw fail(x);',
      '      }',
      '    }',
      '    return null;',
      '  }',
      '}',
    ),
    go: lines(
      'package m',
      '',
      'func first(xs []int) int {',
      '\tfor _, x := range xs {',
      '\t\tif ok(x) {',
      '\t\t\treturn compute(x)',
      '\t\t}',
      '\t}',
      '\treturn 0',
      '}',
      '',
    ),
  };
  for (const [language, code] of Object.entries(EXITS)) {
    it(`${language}: a call on the way out of a loop is not multiplied by its iterations`, async () => {
      const { hotSpots } = await claims(language as LanguageId, code);
      const callee = language === 'java' ? 'fail' : 'compute';
      const multiplied = hotSpots.split('\n').filter((l) => /multiplied by the number of iterations/.test(l));
      assert.ok(multiplied.length > 0, hotSpots);
      for (const l of multiplied) assert.doesNotMatch(l, new RegExp(`\`${callee}\``));
      assert.match(
        l(hotSpots, 'way out'),
        new RegExp(
          `calls \`${callee}\` inside a loop but on its way out of it \\(line \\d+\\), so that call runs at most once per call, not once per iteration`,
        ),
      );
      // The test that picks the exit runs every time round.
      assert.match(multiplied.join('\n'), /`ok`/);
    });
  }

  it('takes a call followed by a break as once per run of the loop, but not when a continue can skip the break', async () => {
    const code = lines(
      'def find(xs, ys):',
      '    for x in xs:',
      '        if ok(x):',
      '            found = compute(x)',
      '            break',
      '    for y in ys:',
      '        if ok(y):',
      '            check(y)',
      '            if skip(y):',
      '                continue',
      '            break',
      '    return found',
      '',
    );
    const { hotSpots } = await claims('python', code);
    assert.match(
      hotSpots,
      /calls `compute` inside a loop but on its way out of it \(line 4\), so that call runs at most once per run of the loop/,
    );
    assert.match(hotSpots, /calls `ok`, `check` and `skip` inside a loop; their cost is multiplied/);
  });

  it('does not take a break out of a switch for a way out of the loop', async () => {
    const code = lines(
      'function run(xs) {',
      '  for (const x of xs) {',
      '    switch (x.kind) {',
      '      case 1:',
      '        handle(x);',
      '        break;',
      '    }',
      '  }',
      '}',
    );
    const { hotSpots } = await claims('javascript', code);
    assert.match(hotSpots, /calls `handle` inside a loop; their cost is multiplied/);
    assert.doesNotMatch(hotSpots, /way out/);
  });
});

/** The hot-spot line that mentions `words`. */
function l(text: string, words: string): string {
  const line = text.split('\n').find((x) => x.includes(words));
  assert.ok(line, `no line with "${words}" in:\n${text}`);
  return line;
}
