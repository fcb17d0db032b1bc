/**
 * The shared bindings table (src/engine/scope/bindings.ts): what a name holds
 * at a use, which bindings a use sees, and what changes it inside a loop, in
 * every tier-1 language, through the real parser.
 */
import assert from 'node:assert/strict';
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../src/engine/parsing/node.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { bindingsOf, type Bindings } from '../../src/engine/scope/bindings.js';

const lines = (...ls: string[]) => ls.join('\n');

interface Parsed {
  readonly bindings: Bindings;
  /** The innermost node starting where `marker` last occurs in the code (or its `nth` occurrence). */
  at(marker: string, nth?: number): Node;
  /** The first loop of a type. */
  loop(type: string): Node;
}

describe('engine: bindings', () => {
  let parser: SourceParser;
  before(() => {
    parser = new SourceParser();
  });
  after(() => parser.dispose());

  async function parse(language: LanguageId, code: string): Promise<Parsed> {
    const { snapshot } = await parser.parse(code, language);
    const nodes = snapshot.nodes;
    return {
      bindings: bindingsOf(language, snapshot.root),
      at(marker, nth) {
        let offset = -1;
        for (let i = 0; i < (nth ?? 1); i++) offset = code.indexOf(marker, offset + 1);
        if (nth === undefined) offset = code.lastIndexOf(marker);
        assert.ok(offset >= 0, `marker ${marker}`);
        const found = nodes.filter((n) => n.start === offset);
        return found[found.length - 1]!;
      },
      loop(type) {
        const found = nodes.find((n) => n.type === type);
        assert.ok(found, type);
        return found;
      },
    };
  }

  const holds = (p: Parsed, name: string, marker = name, nth?: number) =>
    p.bindings.holds(name, p.at(marker, nth));

  describe('javascript', () => {
    const code = lines(
      'const seen = [];',
      "const allowed = new Set(['a']);",
      "let label = 'x';",
      'function f(ids, ...rest) {',
      '  const index = new Map();',
      '  for (const id of ids) {',
      '    seen.push(id);',
      '    label += id;',
      '  }',
      '  return seen.includes(1) && allowed.has(1) && rest.includes(2) && ids.includes(3) && index.get(1);',
      '}',
      'function g() {',
      '  const seen = new Set();',
      '  return seen.has(1);',
      '}',
      'let ys = [];',
      'ys = load();',
    );

    it('tells lists, sets, maps, strings and parameters from what is written', async () => {
      const p = await parse('javascript', code);
      assert.equal(holds(p, 'seen', 'seen.includes'), 'list');
      assert.equal(holds(p, 'allowed', 'allowed.has'), 'set');
      assert.equal(holds(p, 'index', 'index.get'), 'map');
      assert.equal(holds(p, 'label', 'label +='), 'string');
      assert.equal(holds(p, 'rest', 'rest.includes'), 'list');
      assert.equal(holds(p, 'ids', 'ids.includes'), 'unknown');
    });

    it('sees the innermost function that binds a name', async () => {
      const p = await parse('javascript', code);
      assert.equal(holds(p, 'seen', 'seen.has'), 'set');
      assert.deepEqual(
        p.bindings.visible('seen', p.at('seen.includes')).map((b) => [b.line, b.kind]),
        [[1, 'declaration']],
      );
      assert.equal(p.bindings.all('seen').length, 2);
    });

    it('says unknown when untyped bindings disagree', async () => {
      const p = await parse('javascript', code);
      assert.equal(holds(p, 'ys', 'ys = load'), 'unknown');
    });

    it('finds what changes a name inside a loop', async () => {
      const p = await parse('javascript', code);
      const loop = p.loop('for_in_statement');
      assert.deepEqual(
        { ...p.bindings.changedIn('seen', loop), node: undefined },
        { node: undefined, line: 7, how: 'mutation', method: 'push' },
      );
      assert.equal(p.bindings.changedIn('label', loop)?.how, 'append');
      assert.equal(p.bindings.changedIn('allowed', loop), undefined);
      // The loop's own variable is bound by its header, not changed in it.
      assert.equal(p.bindings.changedIn('id', loop), undefined);
    });
  });

  describe('typescript', () => {
    it('lets a declared type decide over later assignments', async () => {
      const p = await parse(
        'typescript',
        lines(
          'function f(names: string[], tags: Set<string>, n: number, byId: Map<string, number>) {',
          '  let xs: string[] = load();',
          '  xs = other();',
          '  const cast = [] as string[];',
          '  return names.includes(a) && tags.has(a) && n && byId && xs.includes(a) && cast;',
          '}',
        ),
      );
      assert.equal(holds(p, 'names', 'names.includes'), 'list');
      assert.equal(holds(p, 'tags', 'tags.has'), 'set');
      assert.equal(holds(p, 'n', 'n &&'), 'number');
      assert.equal(holds(p, 'byId', 'byId &&'), 'map');
      assert.equal(holds(p, 'xs', 'xs.includes'), 'list');
      assert.equal(holds(p, 'cast', 'cast;'), 'list');
    });
  });

  describe('python', () => {
    const code = lines(
      'ALLOWED = {"a", "b"}',
      'def f(items, ids: list[int], **opts):',
      '    seen = []',
      '    out = ""',
      '    lookup = dict()',
      '    for x in items:',
      '        seen.append(x)',
      '        out = out + x',
      '    return x in seen, x in ALLOWED, x in ids, x in items, opts, lookup, out',
      '',
    );

    it('tells lists, sets, dicts, strings and parameters', async () => {
      const p = await parse('python', code);
      assert.equal(holds(p, 'seen', 'seen,'), 'list');
      assert.equal(holds(p, 'ALLOWED', 'ALLOWED,'), 'set');
      assert.equal(holds(p, 'ids', 'ids,'), 'list');
      assert.equal(holds(p, 'items', 'items,'), 'unknown');
      assert.equal(holds(p, 'opts', 'opts,'), 'map');
      assert.equal(holds(p, 'lookup', 'lookup,'), 'map');
    });

    it('takes `s = s + x` as an append to the string, not a new binding', async () => {
      const p = await parse('python', code);
      assert.equal(holds(p, 'out', 'out\n'), 'string');
      assert.deepEqual(
        p.bindings.visible('out', p.at('out\n')).map((b) => b.line),
        [4],
      );
      assert.deepEqual(
        p.bindings.updates('out').map((u) => [u.line, u.how]),
        [[8, 'append']],
      );
    });

    it('finds what changes a name inside a loop', async () => {
      const p = await parse('python', code);
      const loop = p.loop('for_statement');
      assert.equal(p.bindings.changedIn('seen', loop)?.how, 'mutation');
      assert.equal(p.bindings.changedIn('seen', loop)?.line, 7);
      assert.equal(p.bindings.changedIn('lookup', loop), undefined);
    });

    it('sees module-level names from a function that does not bind them', async () => {
      const p = await parse('python', code);
      const [binding] = p.bindings.visible('ALLOWED', p.at('ALLOWED,'));
      assert.equal(binding?.line, 1);
      assert.equal(binding?.scope.type, 'module');
    });
  });

  describe('java', () => {
    const code = lines(
      'class A {',
      '  private final List<String> names = new ArrayList<>();',
      '  void f(Set<String> tags, String s, String... rest) {',
      '    var copy = new ArrayList<String>();',
      '    String out = "";',
      '    for (String x : tags) {',
      '      out += x;',
      '      copy.add(x);',
      '    }',
      '    names.contains(s); tags.contains(s); copy.contains(s); use(rest, out);',
      '  }',
      '}',
    );

    it('reads kinds from declared types, `var` from the value', async () => {
      const p = await parse('java', code);
      assert.equal(holds(p, 'names', 'names.contains'), 'list');
      assert.equal(holds(p, 'tags', 'tags.contains'), 'set');
      assert.equal(holds(p, 's', 's)'), 'string');
      assert.equal(holds(p, 'rest', 'rest,'), 'list');
      assert.equal(holds(p, 'copy', 'copy.contains'), 'list');
      assert.equal(holds(p, 'out', 'out)'), 'string');
      assert.equal(holds(p, 'x', 'x;'), 'string');
    });

    it('finds appends and mutations inside the loop', async () => {
      const p = await parse('java', code);
      const loop = p.loop('enhanced_for_statement');
      assert.equal(p.bindings.changedIn('out', loop)?.how, 'append');
      assert.equal(p.bindings.changedIn('copy', loop)?.how, 'mutation');
      assert.equal(p.bindings.changedIn('names', loop), undefined);
    });
  });

  describe('csharp', () => {
    const code = lines(
      'class A {',
      '  private readonly List<string> names = new List<string>();',
      '  void F(HashSet<string> tags, string s, int n, Dictionary<string, int> counts) {',
      '    var copy = new List<string>();',
      '    string output = "";',
      '    var label = $"#{n}";',
      '    int[] sizes = new int[3];',
      '    foreach (var x in tags) {',
      '      output += x;',
      '      copy.Add(x);',
      '    }',
      '    try { Use(output); } catch (IOException ex) { Use(ex); }',
      '    Func<string, int> len = t => t.Length;',
      '    names.Contains(s); tags.Contains(s); copy.Contains(s); Use(n, counts, label, sizes);',
      '  }',
      '}',
    );

    it('reads kinds from declared types, `var` from the value', async () => {
      const p = await parse('csharp', code);
      assert.equal(holds(p, 'names', 'names.Contains'), 'list');
      assert.equal(holds(p, 'tags', 'tags.Contains'), 'set');
      assert.equal(holds(p, 's', 's); Use'), 'string');
      assert.equal(holds(p, 'n', 'n,'), 'number');
      assert.equal(holds(p, 'counts', 'counts,'), 'map');
      assert.equal(holds(p, 'copy', 'copy.Contains'), 'list');
      assert.equal(holds(p, 'output', 'output)'), 'string');
      assert.equal(holds(p, 'label', 'label,'), 'string');
      assert.equal(holds(p, 'sizes', 'sizes)'), 'list');
    });

    it('binds foreach, catch and lambda variables', async () => {
      const p = await parse('csharp', code);
      assert.deepEqual(
        p.bindings.visible('x', p.at('x;')).map((b) => b.kind),
        ['loop-variable'],
      );
      assert.deepEqual(
        p.bindings.visible('ex', p.at('ex)')).map((b) => b.kind),
        ['parameter'],
      );
      assert.deepEqual(
        p.bindings.visible('t', p.at('t.Length')).map((b) => b.kind),
        ['parameter'],
      );
    });

    it('finds appends and mutations inside the loop', async () => {
      const p = await parse('csharp', code);
      const loop = p.loop('foreach_statement');
      assert.equal(p.bindings.changedIn('output', loop)?.how, 'append');
      assert.equal(p.bindings.changedIn('copy', loop)?.how, 'mutation');
      assert.equal(p.bindings.changedIn('names', loop), undefined);
    });
  });

  describe('go', () => {
    const code = lines(
      'package m',
      'var names = []string{"a"}',
      'func F(ids []int, seen map[int]bool, s string) {',
      '\tout := ""',
      '\tbuf := make([]int, 0)',
      '\ta, b := 1, "x"',
      '\tfor _, id := range ids {',
      '\t\tout += "x"',
      '\t\tbuf = append(buf, id)',
      '\t}',
      '\tuse(names, ids, seen, s, out, buf, a, b)',
      '}',
      '',
    );

    it('reads kinds from types, literals and make', async () => {
      const p = await parse('go', code);
      assert.equal(holds(p, 'names', 'names,'), 'list');
      assert.equal(holds(p, 'ids', 'ids,'), 'list');
      assert.equal(holds(p, 'seen', 'seen,'), 'map');
      assert.equal(holds(p, 's', 's,'), 'string');
      assert.equal(holds(p, 'out', 'out,'), 'string');
      assert.equal(holds(p, 'a', 'a,'), 'number');
      assert.equal(holds(p, 'b', 'b)'), 'string');
    });

    it('keeps a declared kind through s = append(s, x), and reports it as the slice growing in a loop', async () => {
      const p = await parse('go', code);
      assert.equal(holds(p, 'buf', 'buf,'), 'list');
      const loop = p.loop('for_statement');
      assert.deepEqual(
        { ...p.bindings.changedIn('buf', loop), node: undefined },
        { node: undefined, line: 9, how: 'append', method: 'append' },
      );
      assert.equal(p.bindings.changedIn('out', loop)?.how, 'append');
    });
  });
});
