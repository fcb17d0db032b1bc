/**
 * Hand-checked cases for the JavaScript/TypeScript metrics: every construct
 * ESLint's `complexity` counts, sonarjs's cognitive-complexity rules (and the
 * whitepaper examples it agrees with), Halstead counts, tokens, unit naming,
 * line numbers, deep nesting and broken code.
 */
import assert from 'node:assert/strict';
import type { LanguageId } from '@code-explain/shared';
import { javascriptMetrics } from '../../src/engine/metrics/javascript/index.js';
import type { HalsteadCounts, SnippetMetrics, UnitKind } from '../../src/engine/metrics/model.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';

/** A unit without its tree-sitter node (the tree is freed once measured). */
interface Unit {
  readonly name: string;
  readonly kind: UnitKind;
  readonly startLine: number;
  readonly endLine: number;
  readonly cyclomatic: number;
  readonly cognitive: number;
  readonly halstead: HalsteadCounts & { readonly volume: number };
}

interface Measured extends Omit<SnippetMetrics, 'units'> {
  readonly units: readonly Unit[];
  readonly errorRegions: number;
}

const parser = new SourceParser({ timeoutMs: 20_000 });

async function measure(code: string, language: LanguageId = 'javascript'): Promise<Measured> {
  const parsed = await parser.parse(code, language);
  const metrics = javascriptMetrics.measure(parsed.snapshot);
  const units = metrics.units.map(({ node: _node, ...unit }) => unit);
  return { ...metrics, units, errorRegions: parsed.errorRegions };
}

function unitNamed(metrics: Measured, name: string): Unit {
  const unit = metrics.units.find((u) => u.name === name);
  assert.ok(unit, `no unit named ${name}; units: ${metrics.units.map((u) => u.name).join(', ')}`);
  return unit;
}

/** The single function `f` of a snippet. */
async function fn(code: string, language: LanguageId = 'javascript'): Promise<Unit> {
  return unitNamed(await measure(code, language), 'f');
}

describe('JavaScript metrics', () => {
  after(() => parser.dispose());

  describe('cyclomatic complexity (ESLint complexity rule)', () => {
    const cases: [string, string, number][] = [
      ['no decision', 'x();', 1],
      ['if', 'if (a) x();', 2],
      ['if / else if / else', 'if (a) x(); else if (b) y(); else z();', 3],
      ['for', 'for (let i = 0; i < n; i++) x();', 2],
      ['for without a test', 'for (;;) x();', 2],
      ['for…in', 'for (const k in o) x();', 2],
      ['for…of', 'for (const v of o) x();', 2],
      ['while', 'while (a) x();', 2],
      ['do…while', 'do x(); while (a);', 2],
      [
        'case with a test, not default',
        'switch (a) { case 1: x(); break; case 2: y(); break; default: z(); }',
        3,
      ],
      ['catch, not try or finally', 'try { x(); } catch (e) { y(); } finally { z(); }', 2],
      ['?:', 'return a ? b : c;', 2],
      ['&&', 'return a && b;', 2],
      ['||', 'return a || b;', 2],
      ['??', 'return a ?? b;', 2],
      ['each operator of a sequence', 'return a && b || c ?? d;', 4],
      ['&&=', 'a &&= b;', 2],
      ['||=', 'a ||= b;', 2],
      ['??=', 'a ??= b;', 2],
      ['plain compound assignment', 'a += b; a **= 2;', 1],
      ['destructuring default in an object', 'const { a = 1, b } = o;', 2],
      ['destructuring default in an array', 'const [a = 1, b = 2] = o;', 3],
      ['destructuring default in an assignment', '({ a = 1 } = o); [b = 2] = p;', 3],
      ['destructuring default in for…of', 'for (const { a = 1 } of xs) x();', 3],
      ['optional member', 'return a?.b;', 2],
      ['optional call', 'return f?.();', 2],
      ['optional subscript', 'return a?.[i];', 2],
      ['each step of a chain', 'return a?.b?.c.d?.();', 4],
      ['labeled break (no decision)', 'l: for (;;) { break l; }', 2],
    ];
    for (const [what, body, expected] of cases) {
      it(`${what}: ${expected}`, async () => {
        assert.equal((await fn(`function f(a, b, o) { ${body} }`)).cyclomatic, expected);
      });
    }

    it('counts default parameters (JavaScript and TypeScript)', async () => {
      assert.equal((await fn('function f(a = 1, { b = 2 } = {}, [c] = []) {}')).cyclomatic, 5);
      assert.equal((await fn('function f(a: number = 1, b?: string) {}', 'typescript')).cyclomatic, 2);
      const ctor = await measure('class A { constructor(private a = 1, public b = 2) {} }', 'typescript');
      assert.equal(unitNamed(ctor, 'A.constructor').cyclomatic, 3);
    });

    it('counts the optional call of the TypeScript grammars (a bare `?.` token there)', async () => {
      assert.equal((await fn('function f() { return g?.(1) ?? h?.x; }', 'typescript')).cyclomatic, 4);
      assert.equal((await fn('function f() { return g?.(1) ?? h?.x; }', 'tsx')).cyclomatic, 4);
    });

    it('keeps nested functions out of their parent', async () => {
      const m = await measure(
        'function f() { if (a) {} const g = () => (b ? 1 : 2); return function () { c && d; }; }',
      );
      assert.equal(unitNamed(m, 'f').cyclomatic, 2);
      assert.equal(unitNamed(m, 'g').cyclomatic, 2);
      assert.equal(unitNamed(m, '<anonymous function>').cyclomatic, 2);
    });

    it('gives a method its parameters and body, but not its computed key', async () => {
      const m = await measure('function f() { return class { [a ?? b](x = 1) { return x?.y; } }; }');
      assert.equal(unitNamed(m, 'f').cyclomatic, 2);
      assert.equal(unitNamed(m, '<anonymous class>.[a ?? b]').cyclomatic, 3);
    });

    it('scores class field initializers and static blocks apart, as ESLint does', async () => {
      const m = await measure('function f() { class A { x = a ?? b; y = 1; static { if (c) {} } } }');
      assert.equal(unitNamed(m, 'f').cyclomatic, 1);
      assert.equal(unitNamed(m, '<initializer of A.x>').cyclomatic, 2);
      assert.equal(unitNamed(m, '<static block of A>').cyclomatic, 2);
      // An initializer without a decision is no unit.
      assert.ok(!m.units.some((u) => u.name === '<initializer of A.y>'));
    });

    it('sums a class from its members, and the snippet from every decision', async () => {
      const m = await measure(
        'if (top) {}\nclass A { m() { if (a) {} } n() { return b && c; } x = d ?? e; }',
      );
      assert.equal(unitNamed(m, 'A').cyclomatic, 2 + 2 + 2);
      assert.equal(m.cyclomatic, 1 + 4);
    });
  });

  describe('cognitive complexity (sonarjs cognitive-complexity)', () => {
    const cases: [string, string, number][] = [
      ['nothing', 'x();', 0],
      ['if', 'if (a) x();', 1],
      ['nested if: +1 for each level', 'if (a) { if (b) { if (c) x(); } }', 1 + 2 + 3],
      ['else if and else: +1 each, no nesting', 'if (a) x(); else if (b) y(); else z();', 3],
      ['else nests its contents', 'if (a) x(); else { if (b) y(); }', 1 + 1 + 2],
      ['the then-branch of an else if nests', 'if (a) x(); else if (b) { if (c) y(); }', 1 + 1 + 2],
      ['nested loops', 'for (;;) { while (a) { do x(); while (b); } }', 1 + 2 + 3],
      ['for…in and for…of', 'for (const k in o) { for (const v of o) x(); }', 1 + 2],
      ['switch: +1 once, cases nest', 'switch (a) { case 1: if (b) x(); break; default: y(); }', 1 + 2],
      ['catch', 'try { if (a) x(); } catch (e) { if (b) y(); } finally { if (c) z(); }', 1 + 1 + 2 + 1],
      ['?: nests both branches', 'return a ? b : c ? d : e;', 1 + 2],
      ['a sequence of && adds one', 'return a && b && c;', 1],
      ['|| sequences add nothing', 'return a || b || c;', 0],
      ['?? sequences add nothing', 'return a ?? b ?? c;', 0],
      ['each && run after another operator adds one', 'return a && b || c && d;', 2],
      ['&& then || adds one', 'return a && b && c || d;', 1],
      ['parentheses do not split a sequence', 'return a && (b && c);', 1],
      ['a nested || does not add', 'return a && (b || c);', 1],
      ['mixed sequence', 'return (a || b) && c && (d ?? e);', 1],
      ['a condition: structure plus sequence', 'if (a && b || c) x();', 1 + 1],
      ['a call breaks a sequence', 'return a && g(b && c);', 2],
      [
        'labeled break and continue: +1 each',
        'l: for (;;) { for (;;) { if (a) break l; continue l; } }',
        1 + 2 + 3 + 1 + 1,
      ],
      ['plain break and continue add nothing', 'for (;;) { if (a) break; continue; }', 1 + 2],
      ['recursion adds nothing', 'return f(a - 1);', 0],
    ];
    for (const [what, body, expected] of cases) {
      it(`${what}: ${expected}`, async () => {
        assert.equal((await fn(`function f(a) { ${body} }`)).cognitive, expected);
      });
    }

    it("Campbell's sumOfPrimes scores 7", async () => {
      const code = `
        function sumOfPrimes(max) {
          let total = 0;
          OUT: for (let i = 1; i <= max; ++i) {  // +1
            for (let j = 2; j < i; ++j) {        // +2 (nesting = 1)
              if (i % j === 0) {                 // +3 (nesting = 2)
                continue OUT;                    // +1
              }
            }
            total += i;
          }
          return total;
        }`;
      assert.equal(unitNamed(await measure(code), 'sumOfPrimes').cognitive, 7);
    });

    it("Campbell's getWords scores 1", async () => {
      const code = `
        function getWords(number) {
          switch (number) {  // +1
            case 1: return "one";
            case 2: return "a couple";
            case 3: return "a few";
            default: return "lots";
          }
        }`;
      assert.equal(unitNamed(await measure(code), 'getWords').cognitive, 1);
    });

    it('departs from the whitepaper where sonarjs does: no +1 for || sequences or for recursion', async () => {
      // The whitepaper scores this 1 (an || sequence) + 1 (recursion); sonarjs scores 0.
      assert.equal((await fn('function f(n) { return n || f(n - 1) || 0; }')).cognitive, 0);
    });

    it('scores nested functions on their own, with nesting starting again at 0', async () => {
      const m = await measure(`
        function outer(a) {
          if (a) {                       // +1 for outer
            const inner = (b) => {
              if (b) { return 1; }       // +1 for inner (not +2, not counted for outer)
            };
            return inner;
          }
        }`);
      assert.equal(unitNamed(m, 'outer').cognitive, 1);
      assert.equal(unitNamed(m, 'inner').cognitive, 1);
    });

    it("reproduces sonarjs's leaked nesting after a function that is a ?: branch", async () => {
      // The `if` after the ternary is scored as if nested once more (+2), as sonarjs does.
      assert.equal(
        (await fn('function f(c, a) { const g = c ? () => 1 : null; if (a) {} }')).cognitive,
        1 + 2,
      );
      assert.equal((await fn('function f(c, a) { const g = c ? 1 : null; if (a) {} }')).cognitive, 1 + 1);
    });

    it('adds nothing for a one-operator short circuit rendered in JSX', async () => {
      const code =
        'function f({ ok, items }) { return <ul>{ok && items.length > 0 && <li/>}{ok || <Empty/>}</ul>; }';
      assert.equal((await fn(code, 'tsx')).cognitive, 0);
      assert.equal((await fn('function f() { return <div>{a && b || <X/>}</div>; }', 'tsx')).cognitive, 1);
    });

    it('counts class field initializers and static blocks for the enclosing function, as sonarjs does', async () => {
      const m = await measure(
        'function f() { class A { x = a && b; static { if (c) {} } m() { if (d) {} } } }',
      );
      assert.equal(unitNamed(m, 'f').cognitive, 2);
      assert.equal(unitNamed(m, 'A.m').cognitive, 1);
      assert.equal(unitNamed(m, '<static block of A>').cognitive, 1);
      assert.equal(unitNamed(m, 'A').cognitive, 1 + 1 + 1);
    });

    it('totals the snippet as its functions plus the top level scored like one more function', async () => {
      const m = await measure(
        'if (a) { if (b) {} }\nfunction f() { if (c) {} }\nclass C { m() { for (;;) {} } }',
      );
      assert.equal(m.cognitive, 1 + 2 + 1 + 1);
      assert.equal(unitNamed(m, 'C').cognitive, 1);
    });

    it('reads `a && b!` as TypeScript does, despite the grammar', async () => {
      // tree-sitter-typescript parses `a && b! && c` as `(a && b)! && c`; it is one sequence.
      const f = await fn('function f() { return a && b! && c && d!.e === 1; }', 'typescript');
      assert.equal(f.cognitive, 1);
      assert.equal(f.cyclomatic, 4);
    });
  });

  describe('Halstead counts (typhonjs-escomplex)', () => {
    it('counts a function body, its head counting for the code around it', async () => {
      const m = await measure('function f(a, b) { return a + b; }');
      // f: return, + | a, b, a… → n1 = 2, N1 = 2, n2 = 2, N2 = 2.
      assert.deepEqual(pick(unitNamed(m, 'f').halstead), { n1: 2, n2: 2, N1: 2, N2: 2 });
      assert.equal(unitNamed(m, 'f').halstead.volume, 4 * Math.log2(4));
      // The snippet adds the head: function | f, a, b.
      assert.deepEqual(pick(m.halstead), { n1: 3, n2: 3, N1: 3, N2: 5 });
    });

    it('counts the head of a nested function (not its body) for the outer function', async () => {
      const m = await measure('function outer() { function inner(x) { return x * 2; } return inner; }');
      // outer: function, return | inner, x, inner.
      assert.deepEqual(pick(unitNamed(m, 'outer').halstead), { n1: 2, n2: 2, N1: 2, N2: 3 });
      // inner: return, * | x, 2.
      assert.deepEqual(pick(unitNamed(m, 'inner').halstead), { n1: 2, n2: 2, N1: 2, N2: 2 });
    });

    it('follows escomplex on members, calls, literals, shorthand properties and templates', async () => {
      const f = await fn('function f(o) { return { o, k: o.a[0], s: `x${o.b}y`, c: g("s", 1) }; }');
      // Operators: return, {}, : ×3, . ×2, [], ``, ${}, () → n1 = 8, N1 = 11.
      // Operands: o ×4 (the shorthand twice), k, a, 0, s, x, b, y, c, g, "s", 1 → n2 = 12, N2 = 15.
      assert.deepEqual(pick(f.halstead), { n1: 8, n2: 12, N1: 11, N2: 15 });
    });

    it('counts no `.`/`()` in an optional chain and no `await`, as escomplex', async () => {
      const f = await fn('async function f(a) { return await a?.b.c(); }');
      // return | a, b, c.
      assert.deepEqual(pick(f.halstead), { n1: 1, n2: 3, N1: 1, N2: 3 });
    });

    it('leaves TypeScript types out', async () => {
      const js = await fn('function f(a, b) { const c = a; return c + b; }');
      const ts = await fn(
        'function f(a: number, b: Map<string, number>): number { const c: number = a as number; return c + b!; }',
        'typescript',
      );
      assert.deepEqual(pick(ts.halstead), pick(js.halstead));
    });

    it('counts the whole class text for a class unit', async () => {
      const m = await measure('class A { m() { return 1; } }');
      // class, return | A, m, 1.
      assert.deepEqual(pick(unitNamed(m, 'A').halstead), { n1: 2, n2: 3, N1: 2, N2: 3 });
    });
  });

  describe('tokens', () => {
    it('counts lexical tokens without comments; a string or regex is one token', async () => {
      assert.equal(
        (await measure('const x = "a b c"; // not a token\n/* nor this */ y = /a+b/g;')).tokens,
        5 + 4,
      );
    });

    it('counts a template literal as one token plus the tokens of its substitutions', async () => {
      assert.equal((await measure('t = `a ${b + 1} c ${d}`;')).tokens, 3 + 1 + 3 + 1);
    });

    it('counts TypeScript types and JSX like any code', async () => {
      assert.equal((await measure('let a: number = 1;', 'typescript')).tokens, 7);
      assert.equal((await measure('x = <a href="u">hi {b}</a>;', 'tsx')).tokens, 16);
    });
  });

  describe('units', () => {
    it('names units by declaration or by where they are stored', async () => {
      const m = await measure(`
        function declared() {}
        function* gen() {}
        const handler = () => {};
        obj.method = function () {};
        const named = function inner() {};
        const api = { get() {}, get size() { return 1; }, set size(v) {}, prop: () => {}, nested: { deep: function () {} } };
        [1, 2].map((x) => x * 2);
        setTimeout(function () {}, 10);
        new Promise((resolve) => resolve());
        (function () {})();
        function withCallback(cb = () => {}) { return () => {}; }
        class Foo {
          constructor() {}
          static create() {}
          get value() { return 1; }
          set value(v) {}
          #secret() {}
          field = () => {};
          "quoted"() {}
        }
        const Bar = class {};
        export default class {}
      `);
      const names = m.units.map((u) => [u.name, u.kind]);
      assert.deepEqual(names, [
        ['declared', 'function'],
        ['gen', 'function'],
        ['handler', 'arrow'],
        ['obj.method', 'function'],
        ['inner', 'function'],
        ['api.get', 'method'],
        ['api.size', 'getter'],
        ['api.size', 'setter'],
        ['api.prop', 'arrow'],
        ['api.nested.deep', 'function'],
        ['<anonymous arrow in map()>', 'arrow'],
        ['<anonymous function in setTimeout()>', 'function'],
        ['<anonymous arrow in new Promise()>', 'arrow'],
        ['<anonymous function (IIFE)>', 'function'],
        ['withCallback', 'function'],
        ['cb', 'arrow'],
        ['<anonymous arrow>', 'arrow'],
        ['Foo', 'class'],
        ['Foo.constructor', 'constructor'],
        ['Foo.create', 'method'],
        ['Foo.value', 'getter'],
        ['Foo.value', 'setter'],
        ['Foo.#secret', 'method'],
        ['Foo.field', 'method'],
        ['Foo.quoted', 'method'],
        ['Bar', 'class'],
        ['default', 'class'],
      ]);
    });

    it('names a JSX event handler after its attribute', async () => {
      const m = await measure(
        'const B = () => <button onClick={() => go()} onBlur={function () {}}>{items.map((i) => i)}</button>;',
        'tsx',
      );
      assert.deepEqual(
        m.units.map((u) => u.name),
        ['B', 'onClick', 'onBlur', '<anonymous arrow in map()>'],
      );
    });

    it('gives 1-based first and last lines, outer units before inner ones', async () => {
      const m = await measure('const a = 1;\n\nfunction outer() {\n  return () => {\n    x();\n  };\n}\n');
      assert.deepEqual(
        m.units.map((u) => [u.name, u.startLine, u.endLine]),
        [
          ['outer', 3, 7],
          ['<anonymous arrow>', 4, 6],
        ],
      );
    });

    it('finds TypeScript units but not signatures without a body', async () => {
      const m = await measure(
        'abstract class A { abstract m(): void; n(): number { return 1; } }\nfunction o(a: string): void;\nfunction o(a: any) {}\ninterface I { p(): void }',
        'typescript',
      );
      assert.deepEqual(
        m.units.map((u) => u.name),
        ['A', 'A.n', 'o'],
      );
    });
  });

  describe('robustness', () => {
    const depth = 5000;

    it(`handles ${depth} nested parentheses`, async () => {
      const m = await measure(`x = ${'('.repeat(depth)}a && b${')'.repeat(depth)};`);
      assert.equal(m.cyclomatic, 2);
      assert.equal(m.cognitive, 1);
    });

    it(`handles ${depth} nested blocks`, async () => {
      const m = await measure(`function f() { ${'{'.repeat(depth)} if (a) {} ${'}'.repeat(depth)} }`);
      assert.equal(unitNamed(m, 'f').cognitive, 1);
    });

    it(`handles ${depth} nested arrays`, async () => {
      const m = await measure(`x = ${'['.repeat(depth)}1${']'.repeat(depth)};`);
      assert.equal(m.halstead.N1, depth + 1);
    });

    it(`handles ${depth} nested ifs (cognitive grows with the nesting)`, async () => {
      const m = await measure(`function f() { ${'if (a) { '.repeat(depth)}${'} '.repeat(depth)}}`);
      assert.equal(unitNamed(m, 'f').cyclomatic, depth + 1);
      assert.equal(unitNamed(m, 'f').cognitive, (depth * (depth + 1)) / 2);
    });

    it(`handles ${depth} nested arrow functions`, async () => {
      const m = await measure(`f = ${'() => '.repeat(depth)}1;`);
      assert.equal(m.units.length, depth);
    });

    it(`handles ${depth} nested && operands`, async () => {
      const m = await measure(`x = ${'a && ('.repeat(depth)}b${')'.repeat(depth)};`);
      assert.equal(m.cyclomatic, depth + 1);
      assert.equal(m.cognitive, 1);
    });

    it('measures code with syntax errors without throwing', async () => {
      const broken = [
        'function f( { if (a) }',
        'class { m() { if (x) }',
        'const x = `unterminated ${a',
        '))) {{{ ??? => => if else',
        'function f() { return a ?. ; }',
        '<div>{a && }</div>',
      ];
      for (const code of broken) {
        for (const language of ['javascript', 'typescript', 'tsx'] as const) {
          const m = await measure(code, language);
          assert.ok(m.errorRegions > 0, `expected ${JSON.stringify(code)} to have errors`);
          assert.ok(m.cyclomatic >= 1 && m.tokens > 0);
        }
      }
    });

    it('still counts what it can read in broken code', async () => {
      const m = await measure('function f(a) {\n  if (a) { return 1; }\n  const x = ;\n}');
      assert.ok(m.errorRegions > 0);
      assert.equal(unitNamed(m, 'f').cyclomatic, 2);
    });

    it('measures an empty snippet', async () => {
      const m = await measure('');
      assert.deepEqual([m.cyclomatic, m.cognitive, m.tokens, m.units.length], [1, 0, 0, 0]);
    });
  });
});

function pick(h: HalsteadCounts): HalsteadCounts {
  return { n1: h.n1, n2: h.n2, N1: h.N1, N2: h.N2 };
}
