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

  it('functions that call one another in a ring are not O(1): their cost is not estimated, and the ring is named', async () => {
    const js = lines(
      'function value(t) {',
      '  if (t.kind === "list") return list(t.items);',
      '  return t.n;',
      '}',
      'function list(items) {',
      '  return items.length ? sum(items) : 0;',
      '}',
      'function sum(items) {',
      '  return value(items[0]);',
      '}',
      '',
    );
    const text = (await claims('javascript', js)).estimates;
    assert.match(
      lineFor(text, 'value'),
      /: not estimated — it is part of a mutual recursion \(`value` → `list` → `sum` → `value`\)/,
    );
    assert.doesNotMatch(text, /O\(1\) — it has no loops or recursion/);
    // Go names its receiver: `p.term()` in a method of `parser` is the snippet's `parser.term`.
    const go = lines(
      'package p',
      '',
      'type parser struct{ toks []string; i int }',
      '',
      'func (p *parser) expr() int {',
      '\tif p.toks[p.i] == "(" {',
      '\t\treturn p.term()',
      '\t}',
      '\treturn 1',
      '}',
      '',
      'func (p *parser) term() int {',
      '\tp.i++',
      '\treturn p.expr()',
      '}',
      '',
    );
    assert.match(
      lineFor((await claims('go', go)).estimates, 'parser.term'),
      /not estimated — it is part of a mutual recursion \(`term` → `expr` → `term`\)/,
    );
  });

  it('a nested loop that only moves forward an index the loop around it never sets back is not multiplied', async () => {
    // The loop around is bounded by a count, not by the index: still, the nested loop's turns, over all
    // of its turns, are bounded by how far `p` can move.
    const c = lines(
      'int skip_names(const unsigned char *p, const unsigned char *end, int count) {',
      '  while (count--) {',
      '    while (p < end && *p != 0) p++;',
      '    p += 5;',
      '    if (p > end) return -1;',
      '  }',
      '  return 0;',
      '}',
      '',
    );
    const line = lineFor((await claims('c', c)).estimates, 'skip_names');
    assert.match(
      line,
      /: O\(n\) — .*the loop on line 3 moves `p` forward, and the loop on line 2 around it never sets it back/,
    );
    // A header that steps the index by a size (`pos += size`) moves it forward too.
    const ts = lines(
      'export function blocks(data: Uint8Array, size: number, out: number[]): void {',
      '  for (let pos = 0; pos < data.length; ) {',
      '    if (data.length - pos >= size) {',
      '      for (; size <= data.length - pos; pos += size) out.push(data[pos]);',
      '      continue;',
      '    }',
      '    pos += 1;',
      '  }',
      '}',
      '',
    );
    assert.match(lineFor((await claims('typescript', ts)).estimates, 'blocks'), /: O\(n\) — /);
    // Set back by the loop around (`p = start`), the index bounds nothing: the loops multiply.
    const back = lines(
      'int rescan(const char *start, const char *end, int count) {',
      '  const char *p = start;',
      '  while (count--) {',
      '    p = start;',
      '    while (p < end && *p != 0) p++;',
      '  }',
      '  return 0;',
      '}',
      '',
    );
    assert.doesNotMatch(lineFor((await claims('c', back)).estimates, 'rescan'), /never sets it back/);
  });

  it('an overload that hands over to another costs what that one costs, picked by its argument count', async () => {
    const java = lines(
      'class Over {',
      '  String[] keys = new String[8];',
      '  String find(String k) {',
      '    return find(k, null);',
      '  }',
      '  String find(String k, String dflt) {',
      '    for (int i = 0; i < keys.length; i++) {',
      '      if (k.equals(keys[i])) return keys[i];',
      '    }',
      '    return dflt;',
      '  }',
      '}',
      '',
    );
    assert.match(
      lineFor((await claims('java', java)).estimates, 'Over.find'),
      /: O\(n\) — it calls `Over\.find`, defined in this snippet, which is O\(n\)/,
    );
  });

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
      /: O\(n\) — .*; if `ids` is a list, array or string \(not a set or map\), `x in ids` searches it on every iteration, which makes it O\(n·m\)/,
    );
    assert.match(
      hotSpots,
      /`x in ids` on line 4 searches `ids` on every iteration .*; element by element if it is a list, array or string\./,
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
      const multiplied = hotSpots
        .split('\n')
        .filter((l) => /each turn that reaches them pays their cost again/.test(l));
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
    assert.match(
      hotSpots,
      /calls `ok`, `check` and `skip` inside a loop; each turn that reaches them pays their cost again/,
    );
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
    assert.match(hotSpots, /calls `handle` inside a loop; each turn that reaches them pays their cost again/);
    assert.doesNotMatch(hotSpots, /way out/);
  });

  describe('a nested loop after which the loop around it always leaves', () => {
    it('does not multiply when a return follows the if around it', async () => {
      const code = lines(
        'function fill(rows, grid) {',
        '  for (let r = 0; r < rows.length; r++) {',
        '    if (rows[r].wide) {',
        '      for (let c = 0; c < grid.length; c++) {',
        '        grid[c] = rows[r];',
        '      }',
        '      return grid;',
        '    }',
        '    mark(rows[r]);',
        '  }',
        '  return grid;',
        '}',
      );
      const { estimates, hotSpots } = await claims('javascript', code);
      assert.match(
        lineFor(estimates, 'fill'),
        /: O\(n\) — .*the loop on line 4 is followed by a way out of the function/,
      );
      assert.doesNotMatch(hotSpots, /innermost loop/);
    });

    it('does not multiply when a break of the loop around it follows, in either arm', async () => {
      const code = lines(
        'def spread(blocks, cells):',
        '    for b in blocks:',
        '        if b.full:',
        '            for c in cells:',
        '                c.take(b)',
        '        else:',
        '            for c in cells:',
        '                c.skip(b)',
        '        break',
        '    return cells',
        '',
      );
      const { estimates, hotSpots } = await claims('python', code);
      assert.match(lineFor(estimates, 'spread'), /: O\(n\) — .*`break` out of the loop on line 2/);
      assert.doesNotMatch(hotSpots, /innermost loop/);
    });

    it('still multiplies when a continue can start the next turn before the way out', async () => {
      const code = lines(
        'function pairs(xs, ys) {',
        '  for (const x of xs) {',
        '    for (const y of ys) {',
        '      if (y === x) continue;',
        '      note(x, y);',
        '    }',
        '    if (x.again) continue;',
        '    return x;',
        '  }',
        '  return null;',
        '}',
      );
      const { estimates, hotSpots } = await claims('javascript', code);
      assert.match(lineFor(estimates, 'pairs'), /: O\(n\^2\) — its loops nest 2 deep/);
      assert.match(hotSpots, /innermost loop on line 3/);
    });

    it('still multiplies when the way out is only taken under a condition', async () => {
      const code = lines(
        'def cross(xs, ys):',
        '    for x in xs:',
        '        for y in ys:',
        '            use(x, y)',
        '        if x.last:',
        '            return x',
        '    return None',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.match(lineFor(estimates, 'cross'), /: O\(n\^2\) — its loops nest 2 deep/);
    });

    it('does not take a raise caught inside the loop around it for a way out', async () => {
      const code = lines(
        'def retry(jobs, parts):',
        '    for j in jobs:',
        '        try:',
        '            for p in parts:',
        '                j.put(p)',
        '            raise Stop()',
        '        except Stop:',
        '            pass',
        '    return jobs',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.match(lineFor(estimates, 'retry'), /: O\(n\^2\) — its loops nest 2 deep/);
    });

    it('does not take a break out of a switch after the nested loop for a way out of the loop around it', async () => {
      const code = lines(
        'function sweep(xs, ys) {',
        '  for (const x of xs) {',
        '    switch (x.kind) {',
        '      case 1:',
        '        for (const y of ys) touch(x, y);',
        '        break;',
        '    }',
        '  }',
        '}',
      );
      const { estimates } = await claims('javascript', code);
      assert.match(lineFor(estimates, 'sweep'), /: O\(n\^2\) — its loops nest 2 deep/);
    });
  });

  describe('a nested loop that takes up from a cursor of the loop around it', () => {
    it('java: `for (i = at; …)` then `at = i` does not multiply', async () => {
      const code = lines(
        'class Chunks {',
        '  int cut(byte[] data, int size, List<Integer> ends) {',
        '    int at = 0;',
        '    while (at < size) {',
        '      int i;',
        '      for (i = at; i < size; i++) {',
        '        if (data[i] == 0) break;',
        '      }',
        '      ends.add(i);',
        '      at = i;',
        '      at++;',
        '    }',
        '    return at;',
        '  }',
        '}',
      );
      const { estimates } = await claims('java', code);
      assert.match(
        lineFor(estimates, 'Chunks.cut'),
        /: O\(n\) — .*the loop on line 6 starts its index at `at`, which is then set to where it stopped/,
      );
    });

    it('java: a cursor set back to the start multiplies', async () => {
      const code = lines(
        'class Chunks {',
        '  int redo(byte[] data, int size) {',
        '    int at = 0, seen = 0;',
        '    while (at < size) {',
        '      int i;',
        '      for (i = at; i < size; i++) seen++;',
        '      at = i;',
        '      at = 0;',
        '    }',
        '    return seen;',
        '  }',
        '}',
      );
      const { estimates } = await claims('java', code);
      assert.match(lineFor(estimates, 'Chunks.redo'), /: O\(n\^2\) — its loops nest 2 deep/);
    });
  });

  describe('loops that take their items from one iterator', () => {
    it('python: nested loops over the same iter(…) are linear together', async () => {
      const code = lines(
        'def words(read):',
        '    out = []',
        '    chars = iter(read, "")',
        '    for c in chars:',
        '        if c == "[":',
        '            for c in chars:',
        '                if c == "]":',
        '                    break',
        '                out.append(c)',
        '    return out',
        '',
      );
      const { estimates, hotSpots } = await claims('python', code);
      assert.match(
        lineFor(estimates, 'words'),
        /: O\(n\) — .*the loop on line 6 takes its items from the same iterator `chars` as the loop on line 4/,
      );
      assert.doesNotMatch(hotSpots, /innermost loop/);
    });

    it('python: a list run over by two nested loops is still O(n^2)', async () => {
      const code = lines(
        'def pairs(items):',
        '    seq = list(items)',
        '    found = []',
        '    for a in seq:',
        '        for b in seq:',
        '            found.append((a, b))',
        '    return found',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.match(lineFor(estimates, 'pairs'), /: O\(n\^2\) — its loops nest 2 deep/);
    });

    it('javascript: a name bound to a call is not taken for an iterator', async () => {
      const code = lines(
        'function pairs(xs) {',
        '  const it = map(xs);',
        '  for (const a of it) {',
        '    for (const b of it) use(a, b);',
        '  }',
        '}',
      );
      const { estimates } = await claims('javascript', code);
      assert.match(lineFor(estimates, 'pairs'), /: O\(n\^2\) — its loops nest 2 deep/);
    });

    it('python: an iterator bound again inside the loop is not taken for one iterator', async () => {
      const code = lines(
        'def again(rows):',
        '    it = iter(rows)',
        '    for r in it:',
        '        it = iter(rows)',
        '        for q in it:',
        '            use(r, q)',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.doesNotMatch(lineFor(estimates, 'again'), /same iterator/);
    });
  });

  describe('an outer loop with no condition', () => {
    const FREE: Record<'python' | 'go' | 'java' | 'rust', string> = {
      python: lines(
        'def serve(queue, names):',
        '    while True:',
        '        job = queue.next()',
        '        if job is None:',
        '            return',
        '        for n in names:',
        '            job.tell(n)',
        '',
      ),
      go: lines(
        'package m',
        '',
        'func serve(q *Queue, names []string) {',
        '\tfor {',
        '\t\tjob := q.Next()',
        '\t\tif job == nil {',
        '\t\t\treturn',
        '\t\t}',
        '\t\tfor _, n := range names {',
        '\t\t\tjob.Tell(n)',
        '\t\t}',
        '\t}',
        '}',
        '',
      ),
      java: lines(
        'class Server {',
        '  void serve(Queue q, String[] names) {',
        '    for (;;) {',
        '      Job job = q.next();',
        '      if (job == null) break;',
        '      for (int i = 0; i < names.length; i++) job.tell(names[i]);',
        '    }',
        '  }',
        '}',
      ),
      rust: lines(
        'fn serve(q: &mut Queue, names: &[String]) {',
        '    loop {',
        '        let job = match q.next() { Some(j) => j, None => return };',
        '        for n in names {',
        '            job.tell(n);',
        '        }',
        '    }',
        '}',
      ),
    };
    for (const [language, code] of Object.entries(FREE)) {
      it(`${language}: its turns are not n: the estimate is per turn of it`, async () => {
        const { estimates, hotSpots } = await claims(language as LanguageId, code);
        const name = language === 'java' ? 'Server.serve' : 'serve';
        const line = lineFor(estimates, name);
        assert.match(
          line,
          /: O\(n\) per turn of the loop on line \d+ — the loop on line \d+ has no condition and repeats until something in it breaks out or returns, so how many turns it takes depends on when that happens; inside it, it has one level of loops/,
        );
        assert.doesNotMatch(line, /O\(n\^2\)/);
        assert.doesNotMatch(hotSpots, /innermost loop/);
      });
    }

    it('python: a counted loop around a nested loop still multiplies', async () => {
      const code = lines(
        'def grid(rows, cols):',
        '    for r in rows:',
        '        for c in cols:',
        '            put(r, c)',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.match(lineFor(estimates, 'grid'), /: O\(n\^2\) — its loops nest 2 deep/);
    });

    it('python: a nested loop with no condition multiplies as t, named', async () => {
      const code = lines(
        'def drain(queues, names):',
        '    for q in queues:',
        '        while True:',
        '            job = q.next()',
        '            if job is None:',
        '                break',
        '            for n in names:',
        '                job.tell(n)',
        '',
      );
      const { estimates } = await claims('python', code);
      const line = lineFor(estimates, 'drain');
      assert.match(line, /: O\(n\^2·t\) — .*t is the most turns the loop on line 3 takes each time it runs/);
      assert.doesNotMatch(line, /O\(n\^3\)/);
    });
  });

  describe('a call of a well-known sort', () => {
    const SORTS: Record<
      'python' | 'javascript' | 'java' | 'go' | 'rust' | 'csharp',
      [string, string, string]
    > = {
      python: [
        lines('def ordered(xs):', '    out = sorted(xs)', '    for x in out:', '        show(x)', ''),
        'ordered',
        'sorted',
      ],
      javascript: [
        lines('function ordered(xs) {', '  xs.sort((a, b) => a - b);', '  for (const x of xs) show(x);', '}'),
        'ordered',
        'xs.sort',
      ],
      java: [
        lines(
          'class Order {',
          '  void ordered(int[] xs) {',
          '    Arrays.sort(xs);',
          '    for (int x : xs) show(x);',
          '  }',
          '}',
        ),
        'Order.ordered',
        'Arrays.sort',
      ],
      go: [
        lines(
          'package m',
          '',
          'func ordered(xs []int) {',
          '\tsort.Ints(xs)',
          '\tfor _, x := range xs {',
          '\t\tshow(x)',
          '\t}',
          '}',
          '',
        ),
        'ordered',
        'sort.Ints',
      ],
      rust: [
        lines(
          'fn ordered(xs: &mut Vec<i32>) {',
          '    xs.sort_unstable();',
          '    for x in xs.iter() {',
          '        show(x);',
          '    }',
          '}',
        ),
        'ordered',
        'xs.sort_unstable',
      ],
      csharp: [
        lines(
          'class Order {',
          '  void Ordered(List<int> xs) {',
          '    xs.Sort();',
          '    foreach (var x in xs) Show(x);',
          '  }',
          '}',
        ),
        'Order.Ordered',
        'xs.Sort',
      ],
    };
    for (const [language, [code, name, callee]] of Object.entries(SORTS)) {
      it(`${language}: makes the estimate O(n log n), naming the call`, async () => {
        const { estimates } = await claims(language as LanguageId, code);
        const line = lineFor(estimates, name);
        assert.ok(
          line.includes(`: O(n log n) — \`${callee}(…)\` on line `) &&
            line.includes('sorts, which takes O(n log n)'),
          line,
        );
      });
    }

    it('python: a sort inside a loop is n times n log n', async () => {
      const code = lines('def each(groups):', '    for g in groups:', '        g.sort()', '');
      const { estimates } = await claims('python', code);
      assert.match(
        lineFor(estimates, 'each'),
        /: O\(n\^2 log n\) — `g\.sort\(…\)` on line 3 sorts.*a loop repeats it/,
      );
    });

    it('python: loops deeper than the sort keep their estimate and name the sort', async () => {
      const code = lines(
        'def grid(xs, ys):',
        '    xs.sort()',
        '    for x in xs:',
        '        for y in ys:',
        '            for z in ys:',
        '                put(x, y, z)',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.match(
        lineFor(estimates, 'grid'),
        /: O\(n\^3\) — its loops nest 3 deep.*; besides, `xs\.sort\(…\)` on line 2 sorts/,
      );
    });

    it('python: a function named like no sort is not taken for one', async () => {
      const code = lines('def plain(xs):', '    arrange(xs)', '    for x in xs:', '        show(x)', '');
      const { estimates } = await claims('python', code);
      assert.match(lineFor(estimates, 'plain'), /: O\(n\) — it has one level of loops/);
    });
  });

  describe('a generator without end', () => {
    it('csharp: a loop with no condition that only yields is told per turn, and as making values until the caller stops', async () => {
      const code = lines(
        'class Seq {',
        '  static IEnumerable<int> Count(int start) {',
        '    for (var i = start; ; i++)',
        '      yield return i;',
        '  }',
        '}',
      );
      const { estimates } = await claims('csharp', code);
      const line = lineFor(estimates, 'Seq.Count');
      assert.match(
        line,
        /: O\(1\) per turn of the loop on line 3 — .*no way out: it yields values \(line 4\) until the caller stops taking them/,
      );
      assert.doesNotMatch(line, /: O\(n\) —/);
      const response = await engine.explain(
        explainRequestSchema.parse({ code, language: 'csharp', mode: 'detailed', audience: 'expert' }),
      );
      const text = response.sections.map((s) => s.content).join('\n');
      assert.match(text, /runs a loop with no end that yields values until the caller stops taking them/);
      assert.doesNotMatch(text, /ends only by breaking out or returning/);
    });

    it('python: a while True generator with a way out keeps its breaking-out wording', async () => {
      const code = lines(
        'def upto(limit):',
        '    i = 0',
        '    while True:',
        '        if i > limit:',
        '            return',
        '        yield i',
        '        i += 1',
        '',
      );
      const { estimates } = await claims('python', code);
      assert.doesNotMatch(lineFor(estimates, 'upto'), /caller stops taking/);
    });

    it('csharp: a yield break is a way out', async () => {
      const code = lines(
        'class Seq {',
        '  static IEnumerable<int> Some(int start) {',
        '    for (var i = start; ; i++) {',
        '      if (i > 9) yield break;',
        '      yield return i;',
        '    }',
        '  }',
        '}',
      );
      const response = await engine.explain(
        explainRequestSchema.parse({ code, language: 'csharp', mode: 'detailed', audience: 'expert' }),
      );
      const text = response.sections.map((s) => s.content).join('\n');
      assert.doesNotMatch(text, /with no end/);
    });
  });

  describe('a work list replaced level by level', () => {
    it('python: a breadth-first walk by levels is linear in the items that pass through it', async () => {
      const code = lines(
        'def levels(root):',
        '    out = []',
        '    frontier = [root]',
        '    while frontier:',
        '        nxt = []',
        '        for node in frontier:',
        '            out.append(node.val)',
        '            for child in node.children:',
        '                nxt.append(child)',
        '        frontier = nxt',
        '    return out',
      );
      const { estimates } = await claims('python', code);
      const line = lineFor(estimates, 'levels');
      assert.match(line, /: O\(n\) — /);
      assert.match(
        line,
        /the loop on line 6 runs over `frontier`, which the loop on line 4 around it replaces on each turn with the items gathered in `nxt`/,
      );
      assert.match(line, /the loop on line 8 adds an item to `nxt` on every turn/);
    });

    it('javascript: a gathering loop that adds only on some turns still counts', async () => {
      const code = lines(
        'function levels(root) {',
        '  let frontier = [root];',
        '  while (frontier.length > 0) {',
        '    const next = [];',
        '    for (const node of frontier) {',
        '      for (const child of node.children) {',
        '        if (child.visible) next.push(child);',
        '      }',
        '    }',
        '    frontier = next;',
        '  }',
        '}',
      );
      const { estimates } = await claims('javascript', code);
      assert.match(
        lineFor(estimates, 'levels'),
        /: O\(n\^2\) — its loops nest 2 deep.*replaces on each turn/,
      );
    });

    it('python: a list that also grows inside the loop is no level-by-level work list', async () => {
      const code = lines(
        'def spread(frontier):',
        '    while frontier:',
        '        nxt = []',
        '        for node in frontier:',
        '            frontier.append(node)',
        '            for child in node.children:',
        '                nxt.append(child)',
        '        frontier = nxt',
      );
      const { estimates } = await claims('python', code);
      assert.match(lineFor(estimates, 'spread'), /: O\(n\^3\) — its loops nest 3 deep/);
    });
  });

  it('c: padding a counter to the next multiple of a constant runs at most a fixed number of times', async () => {
    const code = lines(
      'int expand(const char *s, int n, char *out) {',
      '    int at = 0;',
      '    for (int i = 0; i < n; i++) {',
      '        if (s[i] == 9) {',
      '            out[at++] = 32;',
      '            while ((at + 1) % 4 != 0) out[at++] = 32;',
      '        } else {',
      '            out[at++] = s[i];',
      '        }',
      '    }',
      '    return at;',
      '}',
    );
    const { estimates } = await claims('c', code);
    assert.match(
      lineFor(estimates, 'expand'),
      /: O\(n\) — .*the loop on line 6 runs at most a fixed number of times \(`\(at \+ 1\) % 4 != 0`\)/,
    );
  });

  it('a function that calls one of the snippet whose cost is not estimated is not estimated either', async () => {
    const code = lines(
      'function steps(n) {',
      '  if (n < 2) return n;',
      '  return n % 2 ? steps(n - 1) : steps(n / 2);',
      '}',
      'function start(n) {',
      '  return steps(n);',
      '}',
    );
    const { estimates } = await claims('javascript', code);
    assert.match(
      lineFor(estimates, 'start'),
      /: not estimated — it calls `steps` \(line 6\), defined in this snippet, whose own cost is not estimated/,
    );
    const walk = lines(
      'function walk(node) {',
      '  for (const child of node.children) walk(child);',
      '}',
      'function start(root) {',
      '  return walk(root);',
      '}',
    );
    const walked = await claims('javascript', walk);
    assert.match(
      lineFor(walked.estimates, 'start'),
      /: O\(n\) in the number of nodes — it calls `walk` \(line 5\), which is O\(n\) in the number of nodes/,
    );
  });

  it('a method called on a value of a snippet type built where it is called costs what that method costs', async () => {
    const code = lines(
      "struct Scanner<'a> {",
      "    text: &'a str,",
      '}',
      "impl<'a> Scanner<'a> {",
      '    fn count(&self) -> usize {',
      '        let mut n = 0;',
      '        for c in self.text.chars() {',
      "            if c == ' ' {",
      '                n += 1;',
      '            }',
      '        }',
      '        n',
      '    }',
      '}',
      'fn spaces(text: &str) -> usize {',
      '    Scanner { text }.count()',
      '}',
    );
    const { estimates } = await claims('rust', code);
    assert.match(
      lineFor(estimates, 'spaces'),
      /: O\(n\) — it calls `Scanner\.count`, defined in this snippet, which is O\(n\) in what it runs over \(line 16\)/,
    );
  });

  describe('loops that take about log n turns', () => {
    it('javascript: a binary search that moves one end to the midpoint is O(log n)', async () => {
      const code = lines(
        'function lowerBound(xs, x) {',
        '  let lo = 0, hi = xs.length;',
        '  while (lo < hi) {',
        '    const mid = (lo + hi) >>> 1;',
        '    if (xs[mid] < x) lo = mid + 1;',
        '    else hi = mid;',
        '  }',
        '  return lo;',
        '}',
      );
      const { estimates } = await claims('javascript', code);
      assert.match(
        lineFor(estimates, 'lowerBound'),
        /: O\(log n\) — the loop on line 3 halves the range from `lo` to `hi` on every turn \(`mid = \(lo \+ hi\) >>> 1`\)/,
      );
    });

    it('python: a climb to the parent index, taken on every turn that goes on, is O(log n)', async () => {
      const code = lines(
        'def bubble(items, at, floor):',
        '    item = items[at]',
        '    while at > floor:',
        '        up = (at - 1) >> 1',
        '        above = items[up]',
        '        if item < above:',
        '            items[at] = above',
        '            at = up',
        '            continue',
        '        break',
        '    items[at] = item',
      );
      const { estimates } = await claims('python', code);
      assert.match(
        lineFor(estimates, 'bubble'),
        /: O\(log n\) — the loop on line 3 shrinks `at` geometrically on every turn \(`up = \(at - 1\) >> 1` and `at = up`\)/,
      );
    });

    it('go: shifting a number right until it is zero is O(log n)', async () => {
      const code = lines(
        'package bits',
        '',
        'func width(n uint) int {',
        '\tw := 0',
        '\tfor n > 0 {',
        '\t\tw++',
        '\t\tn >>= 1',
        '\t}',
        '\treturn w',
        '}',
      );
      const { estimates } = await claims('go', code);
      assert.match(
        lineFor(estimates, 'width'),
        /: O\(log n\) — the loop on line 5 shrinks `n` geometrically on every turn/,
      );
    });

    it('java: a doubling loop inside a counting loop is O(n log n)', async () => {
      const code = lines(
        'class Powers {',
        '  static int count(int n) {',
        '    int total = 0;',
        '    for (int i = 0; i < n; i++) {',
        '      for (int p = 1; p < n; p *= 2) total++;',
        '    }',
        '    return total;',
        '  }',
        '}',
      );
      const { estimates } = await claims('java', code);
      assert.match(
        lineFor(estimates, 'Powers.count'),
        /: O\(n log n\) — it has one level of loops.*: the loop on line 5 grows `p` geometrically on every turn \(`p \*= 2`\)/,
      );
    });

    it('stays linear when the index also moves by steps, halves only on some turns, or is not the only end', async () => {
      const cases: [LanguageId, string, string][] = [
        [
          'javascript',
          'collatz',
          lines(
            'function collatz(n) {',
            '  let steps = 0;',
            '  while (n > 1) {',
            '    if (n % 2 === 0) n /= 2;',
            '    else n = 3 * n + 1;',
            '    steps++;',
            '  }',
            '  return steps;',
            '}',
          ),
        ],
        [
          'python',
          'drain',
          lines(
            'def drain(n, even):',
            '    while n > 0:',
            '        if even(n):',
            '            n //= 2',
            '        n -= 1',
          ),
        ],
        [
          'javascript',
          'scan',
          lines(
            'function scan(xs, x) {',
            '  let lo = 0, hi = xs.length;',
            '  while (lo < hi) {',
            '    const mid = (lo + hi) >> 1;',
            '    if (xs[mid] === x) return mid;',
            '    lo++;',
            '  }',
            '  return -1;',
            '}',
          ),
        ],
        [
          'go',
          'either',
          lines(
            'package p',
            '',
            'func either(n, m int) int {',
            '\tfor n > 0 || m > 0 {',
            '\t\tn /= 2',
            '\t\tm--',
            '\t}',
            '\treturn n',
            '}',
          ),
        ],
      ];
      for (const [language, name, code] of cases) {
        const { estimates } = await claims(language, code);
        assert.match(lineFor(estimates, name), /: O\(n\) — it has one level of loops/, `${language} ${name}`);
      }
    });
  });
});

/** The hot-spot line that mentions `words`. */
function l(text: string, words: string): string {
  const line = text.split('\n').find((x) => x.includes(words));
  assert.ok(line, `no line with "${words}" in:\n${text}`);
  return line;
}
