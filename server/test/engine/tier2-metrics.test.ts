import assert from 'node:assert/strict';
import type { LanguageId } from '@code-explain/shared';
import { TIER2_METRICS } from '../../src/engine/metrics/tier2/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { dedent, measure as measureWith, type Measured } from './support/measure.js';

type Tier2Language = keyof typeof TIER2_METRICS & LanguageId;

/** Wraps a function body in each language: the unit's name, the code, and the body's first line. */
const WRAP: Record<Tier2Language, { unit: string; wrap: (body: string) => string }> = {
  c: { unit: 'f', wrap: (b) => `int f(int a, int b, int c, int x) {\n${b}\n}\n` },
  cpp: { unit: 'f', wrap: (b) => `int f(int a, int b, int c, int x) {\n${b}\n}\n` },
  csharp: { unit: 'T.F', wrap: (b) => `class T {\nvoid F(bool a, bool b, bool c, int x) {\n${b}\n}\n}\n` },
  rust: { unit: 'f', wrap: (b) => `fn f(a: bool, b: bool, c: bool, x: i32) {\n${b}\n}\n` },
  php: { unit: 'f', wrap: (b) => `<?php\nfunction f($a, $b, $c, $x) {\n${b}\n}\n` },
  ruby: { unit: 'f', wrap: (b) => `def f(a, b, c, x)\n${b}\nend\n` },
  kotlin: { unit: 'f', wrap: (b) => `fun f(a: Boolean, b: Boolean, c: Boolean, x: Int) {\n${b}\n}\n` },
  swift: { unit: 'f', wrap: (b) => `func f(a: Bool, b: Bool, c: Bool, x: Int) {\n${b}\n}\n` },
  bash: { unit: 'f', wrap: (b) => `f() {\n${b}\n}\n` },
};

describe('tier-2 metrics', () => {
  const parser = new SourceParser({ timeoutMs: 20_000 });
  after(() => parser.dispose());

  const measure = (language: Tier2Language, code: string): Promise<Measured> =>
    measureWith(parser, TIER2_METRICS[language], language, dedent(code));

  async function fn(
    language: Tier2Language,
    body: string,
  ): Promise<{ cyclomatic: number; cognitive: number }> {
    const { unit, wrap } = WRAP[language];
    const m = await measure(language, wrap(dedent(body)));
    assert.equal(m.errorRegions, 0, `${language} snippet parses cleanly`);
    const { cyclomatic, cognitive } = m.unit(unit);
    return { cyclomatic, cognitive };
  }

  /** [what, body, cyclomatic, cognitive] rows, one `it` each. */
  function table(language: Tier2Language, rows: [string, string, number, number][]): void {
    for (const [what, body, cyclomatic, cognitive] of rows) {
      it(`${what}: cyclomatic ${cyclomatic}, cognitive ${cognitive}`, async () => {
        assert.deepEqual(await fn(language, body), { cyclomatic, cognitive });
      });
    }
  }

  describe('C', () => {
    table('c', [
      ['straight code', 'return a;', 1, 0],
      ['if / else if / else', 'if (a) {} else if (b) {} else {}', 3, 3],
      ['for, while, do-while', 'for (;;) {} while (a) {} do {} while (b);', 4, 3],
      ['each case label, not default', 'switch (x) { case 1: case 2: break; default: break; }', 3, 1],
      ['&&, || and ?:', 'return a && b || c ? 1 : 2;', 4, 3],
      ['nesting: loop > if > ?:', 'while (a) { if (b) { x = c ? 1 : 2; } }', 4, 1 + 2 + 3],
      ['a run of like operators is one increment', 'return a && b && c || (a && b);', 5, 3],
      ['goto', 'goto out; out: return 0;', 1, 1],
      [
        '#if, #ifdef and #elif count; #ifndef, #else and && in a directive do not',
        '#if A && B\nx = 1;\n#elif C\nx = 2;\n#else\nx = 3;\n#endif\n#ifdef D\nx = 4;\n#endif\n#ifndef E\nx = 5;\n#endif',
        4,
        0,
      ],
    ]);

    it('names functions by their declarator, with lines; structs are not units', async () => {
      const m = await measure(
        'c',
        `
        struct node { int v; };
        static int count(const struct node *n) {
          return n ? 1 : 0;
        }
        char *(*pick(int i))(void) { return 0; }
        int prototype(int);
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['count', 'function', 2, 4],
          ['pick', 'function', 5, 5],
        ],
      );
    });

    it('adds 1 for recursion, direct or indirect', async () => {
      const m = await measure(
        'c',
        `
        int fact(int n) { return n < 2 ? 1 : n * fact(n - 1); }
        int even(int n) { return n == 0 ? 1 : odd(n - 1); }
        int odd(int n) { return n == 0 ? 0 : even(n - 1); }
        int plain(int n) { return fact(n); }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.cognitive]),
        [
          ['fact', 2],
          ['even', 2],
          ['odd', 2],
          ['plain', 0],
        ],
      );
    });

    it('counts tokens (a string is one, comments none) and Halstead operators', async () => {
      const m = await measure('c', 'int f(int a) { /* note */ return g(a[0], "x y"); }');
      // int f ( int a ) { return g ( a [ 0 ] , "x y" ) ; }
      assert.equal(m.tokens, 19);
      const f = m.unit('f');
      assert.deepEqual([f.halstead.n1, f.halstead.N1], [3, 3], 'return () []');
      assert.deepEqual([f.halstead.n2, f.halstead.N2], [6, 8], 'int f a g 0 "x y"; int and a twice');
    });
  });

  describe('C++', () => {
    table('cpp', [
      ['range for, try with two catches', 'try { for (auto y : v) {} } catch (E& e) {} catch (...) {}', 4, 3],
      ['and / or are && / ||', 'return a and b or not c;', 3, 2],
      ['an rvalue reference is not &&', 'int&& r = 1; return r;', 1, 0],
    ]);

    it('names classes, methods, constructors, destructors, out-of-class definitions and lambdas', async () => {
      const m = await measure(
        'cpp',
        `
        namespace ns {
        template <typename T>
        class Stack {
         public:
          Stack() {}
          ~Stack() {}
          void push(T v) { if (v) items_.push_back(v); }
          bool operator==(const Stack& o) const { return true; }
          int size() const;
        };
        }
        template <typename T> int ns::Stack<T>::size() const {
          auto f = [](int a) { return a > 0 ? a : -a; };
          std::sort(b, e, [](int x, int y) { return x < y; });
          return f(1);
        }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 3, 10],
          ['Stack.Stack', 'constructor', 5, 5],
          ['Stack.~Stack', 'method', 6, 6],
          ['Stack.push', 'method', 7, 7],
          ['Stack.operator==', 'method', 8, 8],
          ['ns.Stack.size', 'method', 12, 16],
          ['<lambda assigned to f>', 'lambda', 13, 13],
          ['<lambda in std::sort()>', 'lambda', 14, 14],
        ],
      );
      assert.equal(m.unit('Stack').cyclomatic, 1 + 2 + 1 + 1, "a class sums its methods' cyclomatic");
      assert.equal(m.unit('<lambda assigned to f>').cyclomatic, 2, 'lambdas are counted apart');
      assert.equal(m.unit('ns.Stack.size').cyclomatic, 1);
    });
  });

  describe('C#', () => {
    table('csharp', [
      ['if / else if / else', 'if (a) {} else if (b) {} else {}', 3, 3],
      [
        'for, foreach, while, do-while',
        'for (;;) {} foreach (var y in v) {} while (a) {} do {} while (b);',
        5,
        4,
      ],
      ['catch clauses; finally adds nothing', 'try {} catch (IOException e) {} catch {} finally {}', 3, 2],
      [
        'case labels (not default); switch-expression arms add nothing (lizard, Roslyn code metrics)',
        'switch (x) { case 1: case 2: break; default: break; }\nvar y = x switch { 1 => "a", 2 => "b", _ => "c" };',
        3,
        2,
      ],
      [
        '&&, ||, ?: and ??, ??=, ?.; null-coalescing adds no cognitive increment',
        'var s = a && b || c ? "x" : null; s ??= "y"; var n = s?.Length ?? 0;',
        7,
        3,
      ],
      ['nullable types add nothing', 'int? n = null; string? s = null;', 1, 0],
      ['goto', 'goto done; done: return;', 1, 1],
      [
        "a lambda's if, && and ?: count in the method, one nesting level deeper",
        'Func<int, int> g = v => { if (a && b) { return v > 0 ? 1 : 0; } return 0; };',
        1 + 3,
        2 + 1 + 3,
      ],
      [
        'an anonymous method and a lambda inside a lambda nest once more each',
        'Action h = delegate { while (a) { } };\nitems.ForEach(p => items.ForEach(q => { if (q) { } }));',
        1 + 2,
        2 + 3,
      ],
    ]);

    it('names types, members and accessors; lambdas in a member are part of it', async () => {
      const m = await measure(
        'csharp',
        `
        class Stack<T> {
          public Stack() { }
          ~Stack() { }
          public int Count => items.Count(x => x != null && x.Ok);
          public int Size { get { return n; } set { n = value > 0 ? value : 0; } }
          public static Stack<T> operator +(Stack<T> a, Stack<T> b) => a;
          public void Each(Action<T> f) {
            items.ForEach(x => f(x));
            int Local(int q) { return q; }
          }
        }
        interface IShape { double Area(); }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 1, 11],
          ['Stack.Stack', 'constructor', 2, 2],
          ['Stack.~Stack', 'method', 3, 3],
          ['Stack.Count', 'getter', 4, 4],
          ['Stack.Size', 'getter', 5, 5],
          ['Stack.Size', 'setter', 5, 5],
          ['Stack.operator +', 'method', 6, 6],
          ['Stack.Each', 'method', 7, 10],
          ['Stack.Each.Local', 'function', 9, 9],
          ['IShape', 'class', 12, 12],
        ],
      );
      assert.equal(m.unit('Stack.Count').cyclomatic, 2, "the getter's lambda counts in it");
    });

    it('keeps a lambda with no method around it as a unit: a field initializer, a top-level statement', async () => {
      const m = await measure(
        'csharp',
        `
        var top = (int x) => x > 0 && x < 9;
        class Rules {
          Func<int, int> Pick = x => x > 0 ? x : items.Select(y => y ?? 0).Sum();
          int Use() => Pick(1);
        }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.cyclomatic, u.cognitive]),
        [
          ['<lambda assigned to top>', 'lambda', 1, 2, 1],
          ['Rules', 'class', 2, 3 + 1, 1],
          ['<lambda assigned to Pick>', 'lambda', 3, 3, 1],
          ['Rules.Use', 'method', 4, 1, 0],
        ],
      );
    });

    it('counts code inside interpolated strings, and recursion through this', async () => {
      const m = await measure(
        'csharp',
        `
        class R {
          string S(int k) => $"k={(k > 0 ? k : -k)}";
          int Fact(int n) => n < 2 ? 1 : n * this.Fact(n - 1);
        }
      `,
      );
      assert.equal(m.unit('R.S').cyclomatic, 2);
      assert.equal(m.unit('R.Fact').cognitive, 1 + 1);
    });
  });

  describe('Rust', () => {
    table('rust', [
      ['if / else if / else, if let', 'if a {} else if let Some(y) = None::<i32> {} else {}', 3, 3],
      [
        'for, while, while let; loop adds no decision',
        'for i in 0..3 {} while a {} while let Some(y) = None::<i32> {} loop { break; }',
        4,
        4,
      ],
      ['match once, plus each guard', 'let v = match x { 1 => 0, n if n > 2 => 1, _ => 2 };', 3, 1],
      [
        '&&, ||; ? adds a decision but no cognitive',
        'let y = a && b || c; let z: Result<i32, ()> = Ok(1); z?;',
        4,
        2,
      ],
      ['tokens inside macro arguments', 'assert!(a && b || c);', 3, 0],
      ['labelled break', "'outer: for i in 0..3 { for j in 0..3 { break 'outer; } }", 3, 1 + 2 + 1],
      [
        "a closure's if and match (with its guard) count in the fn, one nesting level deeper",
        'let g = |v: i32| if v > 0 { 1 } else { match v { n if n < -5 => 2, _ => 3 } };',
        1 + 3,
        2 + 1 + 3,
      ],
      [
        'a closure inside a closure nests once more',
        'let h = |v: Vec<i32>| v.iter().map(|x| if *x > 0 && a { 1 } else { 0 }).sum::<i32>();',
        1 + 2,
        3 + 1 + 1,
      ],
    ]);

    it('counts a where clause as lizard does, not ?Sized or a bare closure', async () => {
      const m = await measure(
        'rust',
        `
        fn w<T: ?Sized>(t: &&T) -> usize where T: Sized { let f = || 1; f() }
      `,
      );
      assert.equal(m.unit('w').cyclomatic, 2);
    });

    it('names impl blocks, trait impls, traits and methods; closures in a fn are part of it', async () => {
      const m = await measure(
        'rust',
        `
        struct Stack<T> { items: Vec<T> }
        impl<T> Stack<T> {
            pub fn new() -> Self { Stack { items: Vec::new() } }
            fn len(&self) -> usize { self.items.iter().filter(|x| true).count() }
        }
        impl fmt::Display for Stack<i32> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) }
        }
        trait Shape { fn area(&self) -> f64; fn name(&self) -> String { String::new() } }
        fn top() {}
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 2, 5],
          // No `self`: an associated function, called on the type (`Stack::new()`), not a method.
          ['Stack.new', 'function', 3, 3],
          ['Stack.len', 'method', 4, 4],
          ['<Stack as fmt::Display>', 'class', 6, 8],
          ['<Stack as fmt::Display>.fmt', 'method', 7, 7],
          ['Shape', 'class', 9, 9],
          ['Shape.name', 'method', 9, 9],
          ['top', 'function', 10, 10],
        ],
      );
    });

    it('keeps a closure with no fn around it as a unit: a static, a const in an impl', async () => {
      const m = await measure(
        'rust',
        `
        static CLAMP: fn(i32) -> i32 = |x| if x > 0 { x } else { 0 };
        impl T {
            const PICK: fn(bool) -> u8 = |b| match b { true => 1, false => 0 };
            fn f(&self) -> u8 { Self::PICK(true) }
        }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.cyclomatic, u.cognitive]),
        [
          ['<closure assigned to CLAMP>', 'closure', 1, 2, 2],
          ['T', 'class', 2, 2 + 1, 1],
          ['<closure assigned to PICK>', 'closure', 3, 2, 1],
          ['T.f', 'method', 4, 1, 0],
        ],
      );
    });

    it('adds 1 for recursion through self and Self', async () => {
      const m = await measure(
        'rust',
        `
        impl T {
            fn a(&self, n: u32) -> u32 { if n == 0 { 0 } else { self.a(n - 1) } }
            fn b(n: u32) -> u32 { Self::b(n) }
            fn c(&self) -> u32 { other.c() }
        }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.cognitive]),
        [
          ['T', 3 + 1],
          ['T.a', 1 + 1 + 1],
          ['T.b', 1],
          ['T.c', 0],
        ],
      );
    });
  });

  describe('PHP', () => {
    table('php', [
      ['if / elseif / else if / else', 'if ($a) {} elseif ($b) {} else if ($c) {} else {}', 4, 4],
      [
        'for, foreach, while, do-while',
        'for (;;) {} foreach ($a as $v) {} while ($a) {} do {} while ($b);',
        5,
        4,
      ],
      [
        'case labels (not default); match arms (not default)',
        "switch ($x) { case 1: case 2: break; default: break; }\n$y = match ($x) { 1, 2 => 'a', 3 => 'b', default => 'c' };",
        5,
        2,
      ],
      [
        '&&, ||, and, or, ?:; ?? and short ?: add nothing',
        '$y = $a && $b || $c and $a or $b ? 1 : ($a ?? $b ?: $c);',
        6,
        5,
      ],
      [
        'catch; break 2 and goto',
        'try {} catch (E $e) {} while ($a) { while ($b) { break 2; } } goto end; end:',
        4,
        1 + 1 + 2 + 1 + 1,
      ],
      ['nullable types add nothing', '$f = function (?int $v): ?int { return $v; };', 1, 0],
    ]);

    it('names classes, methods, constructors, closures and arrow functions', async () => {
      const m = await measure(
        'php',
        `
        <?php
        class Stack {
            public function __construct(private array $items = []) {}
            public function each(callable $f): void {
                array_map(fn($x) => $x ? 1 : 2, $this->items);
                $g = function ($v) use ($f) { return $f($v); };
            }
        }
        interface I { public function each(callable $f): void; }
        trait T { function t() { return 1; } }
        function top($a) { return $a; }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 2, 8],
          ['Stack.__construct', 'constructor', 3, 3],
          ['Stack.each', 'method', 4, 7],
          ['<arrow fn in array_map()>', 'arrow', 5, 5],
          ['<closure assigned to $g>', 'closure', 6, 6],
          ['I', 'class', 9, 9],
          ['T', 'class', 10, 10],
          ['T.t', 'method', 10, 10],
          ['top', 'function', 11, 11],
        ],
      );
    });

    it('reads interpolated variables as code and $x as one token', async () => {
      const m = await measure('php', '<?php $y = "a {$x->b} $c";');
      // $y = "…" ;  plus $x -> b and $c inside the string
      assert.equal(m.tokens, 8);
    });

    it('finds no units before <?php (the grammar reads that as inline HTML)', async () => {
      const m = await measure('php', 'function f() { return 1; }');
      assert.deepEqual([m.units.length, m.tokens], [0, 0]);
    });
  });

  describe('Ruby', () => {
    table('ruby', [
      ['if / elsif / else', 'if a then 1 elsif b then 2 else 3 end', 3, 3],
      ['unless adds no decision (as lizard) but is an if for cognitive', 'unless a then 1 else 2 end', 1, 2],
      ['modifiers', 'x = 1 if a\nx = 2 unless b\nx += 1 while c\nx -= 1 until a', 4, 4],
      ['while, until, for', 'while a do end\nuntil b do end\nfor i in 1..3 do end', 4, 3],
      ['when clauses; case once', "case x\nwhen 1, 2 then 'a'\nwhen 3 then 'b'\nelse 'c'\nend", 3, 1],
      ['rescue clauses and ensure', 'begin\n  x\nrescue IOError\n  1\nrescue\n  2\nensure\n  3\nend', 4, 2],
      // (y = a && b || c) and a or (b ? 1 : 2): runs && || inside the assignment, and / or outside
      ['and, or, &&, ||, ||= and ?:', 'y = a && b || c and a or b ? 1 : 2\n@z ||= x', 7, 5],
      ['blocks are not units but nest', 'x.each do |i|\n  if i then 1 end\nend', 2, 2],
    ]);

    it('names classes, modules, methods, singleton methods and top-level functions', async () => {
      const m = await measure(
        'ruby',
        `
        module M
          class Stack
            def initialize(items = [])
              @items = items
            end
            def self.of(*xs)
              new(xs)
            end
            class << self
              def build; end
            end
          end
        end
        def helper(x)
          x
        end
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['M', 'class', 1, 13],
          ['M.Stack', 'class', 2, 12],
          ['M.Stack.initialize', 'constructor', 3, 5],
          ['M.Stack.self.of', 'method', 6, 8],
          ['M.Stack.self.build', 'method', 10, 10],
          ['helper', 'function', 14, 16],
        ],
      );
    });

    it('adds 1 for recursion and counts interpolated code', async () => {
      const m = await measure(
        'ruby',
        `
        def fact(n)
          n < 2 ? 1 : n * fact(n - 1)
        end
        def show(x)
          "value: #{x > 0 ? x : -x}"
        end
      `,
      );
      assert.deepEqual([m.unit('fact').cognitive, m.unit('show').cyclomatic], [2, 2]);
    });
  });

  describe('Kotlin', () => {
    table('kotlin', [
      ['if / else if / else', 'if (a) { } else if (b) { } else { }', 3, 3],
      ['for, while, do-while', 'for (i in 1..3) { }\nwhile (a) { }\ndo { } while (b)', 4, 3],
      [
        'when: branches minus one, else included',
        'val y = when (x) {\n  1, 2 -> "a"\n  3 -> "b"\n  else -> "c"\n}',
        3,
        1,
      ],
      [
        'catch; finally adds nothing',
        'try { } catch (e: Exception) { } catch (e: Error) { } finally { }',
        3,
        2,
      ],
      ['&&, || and Elvis ?:', 'val y = a && b || c\nval z = x.takeIf { a } ?: 0', 4, 2],
      [
        'labelled continue',
        'outer@ for (i in 1..3) {\n  for (j in 1..3) {\n    continue@outer\n  }\n}',
        3,
        1 + 2 + 1,
      ],
    ]);

    it('names classes, objects, constructors, accessors, methods and lambdas', async () => {
      const m = await measure(
        'kotlin',
        `
        class Stack<T>(private val cap: Int) {
            var size: Int = 0
                get() = field
                set(value) {
                    if (value > 0) field = value
                }
            constructor() : this(10) {
            }
            fun push(item: T) {
                items.forEach { println(it) }
            }
            companion object {
                fun make() = Stack<Int>()
            }
        }
        fun top(a: Int) = a * 2
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 1, 15],
          ['Stack.size', 'getter', 3, 3],
          ['Stack.size', 'setter', 4, 6],
          ['Stack.Stack', 'constructor', 7, 8],
          ['Stack.push', 'method', 9, 11],
          ['<lambda in items.forEach()>', 'lambda', 10, 10],
          ['Stack.Companion', 'class', 12, 14],
          ['Stack.Companion.make', 'method', 13, 13],
          ['top', 'function', 16, 16],
        ],
      );
    });
  });

  describe('Swift', () => {
    table('swift', [
      ['if / else if / else', 'if a { } else if b { } else { }', 3, 3],
      [
        'guard, for, while, repeat-while',
        'guard a else { return }\nfor i in 0..<3 { }\nwhile b { }\nrepeat { } while c',
        5,
        4,
      ],
      [
        'each case (not default); if case',
        'switch x {\ncase 1, 2: break\ncase 3: break\ndefault: break\n}\nif case .some(let y) = Optional(x) { }',
        5,
        2,
      ],
      ['catch blocks', 'do { try g() } catch let e as E { } catch { }', 3, 2],
      [
        '&&, ||, ?:; ?? adds nothing',
        'let y = (a && b) || c\nlet z = a ? 1 : 2\nlet w = Optional(x) ?? 0',
        4,
        3,
      ],
      [
        'labelled break',
        'outer: for i in 0..<3 {\n  for j in 0..<3 {\n    break outer\n  }\n}',
        3,
        1 + 2 + 1,
      ],
      // The rows below follow lizard's tokenizer; each cyclomatic is what lizard 1.24 reports.
      [
        '`?` after `)` or `]` adds 1 (lizard reads `obj?` as one word)',
        'let y = g()?.h\nlet z = arr[0]?.count\nlet n = obj?.name',
        3,
        0,
      ],
      [
        'optional types ending in `]`, `)` or `>` add 1, `Int?` nothing',
        'var p: [Int]?\nvar q: (() -> Void)?\nvar r: Set<Int>?\nvar s: Int?',
        4,
        0,
      ],
      ['`try?`, `as?` and `??` add nothing', 'let t = try? g()\nlet u = x as? Int\nlet v = o ?? 0', 1, 0],
      [
        'a condition word counts unless it is a label right after `(` or `,` on one line',
        'g(for: x, case: 1, if: 2)\ng(a,\n  while: 3)\nx.catch(1)',
        3,
        0,
      ],
      [
        'nothing counts after `#` on the same line',
        'if #available(iOS 13, *), a && b { }\nlet s = (#line, a || b)\nlet k = a || c',
        3,
        4,
      ],
      ['`?:` adds 1; `??` glued to a name adds 1 (`o?` `?0`)', 'let z = a ? 1 : 2\nlet w = o??0', 3, 1],
      ['nothing counts inside string interpolations', 'let s = "\\(a ? 1 : 2) \\(b && c)"', 1, 2],
    ]);

    it('counts condition tokens in the signature, not in comments', async () => {
      const m = await measure(
        'swift',
        `
        func f(for view: UIView, completion: (() -> Void)?) -> [String]? {
          // if a && b ? c : d
          /* for x in y || z */
          return c ? nil : []
        }
      `,
      );
      // lizard: \`for\`, \`)?\`, \`]?\` and the ternary.
      assert.equal(m.unit('f').cyclomatic, 5);
    });

    it('an enum case adds nothing', async () => {
      const m = await measure('swift', 'enum E { case a, b\n case c }\nfunc f() { }');
      assert.equal(m.cyclomatic, 1);
    });

    it('names types, initializers, accessors, subscripts, methods and closures', async () => {
      const m = await measure(
        'swift',
        `
        class Stack<T> {
            var count: Int { return items.count }
            var top: T? {
                get { return items.last }
                set { if let v = newValue { items.append(v) } }
            }
            init(cap: Int) { }
            deinit { }
            subscript(i: Int) -> T { return items[i] }
            func each(_ f: (T) -> Void) { items.forEach { f($0) } }
        }
        extension Stack { func extra() { } }
        func top() { }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 1, 11],
          ['Stack.count', 'getter', 2, 2],
          ['Stack.top', 'getter', 4, 4],
          ['Stack.top', 'setter', 5, 5],
          ['Stack.init', 'constructor', 7, 7],
          ['Stack.deinit', 'method', 8, 8],
          ['Stack.subscript', 'method', 9, 9],
          ['Stack.each', 'method', 10, 10],
          ['<closure in items.forEach()>', 'closure', 10, 10],
          ['Stack', 'class', 12, 12],
          ['Stack.extra', 'method', 12, 12],
          ['top', 'function', 13, 13],
        ],
      );
      assert.equal(m.units.find((u) => u.kind === 'setter')?.cognitive, 1);
    });
  });

  describe('Bash', () => {
    table('bash', [
      ['if / elif / else', 'if [ "$a" ]; then :; elif [ "$b" ]; then :; else :; fi', 3, 3],
      [
        'for, C-style for, while, until, select',
        'for i in 1 2; do :; done\nfor ((i = 0; i < 3; i++)); do :; done\nwhile a; do :; done\nuntil b; do :; done\nselect o in a b; do break; done',
        6,
        5,
      ],
      [
        'case items, not a lone *)',
        'case "$x" in\n  a|b) echo ab ;;\n  c) ;;\n  *) echo other ;;\nesac',
        3,
        1,
      ],
      ['&& / || between commands, one increment per run', 'a && b && c || d', 4, 2],
      ['logical operators in tests; -a / -o too', '[[ $a == 1 && $b == 2 ]] && [ "$c" -o "$d" ]', 4, 3],
      ['?: in arithmetic', 'echo $(( a > 1 ? 1 : 0 ))', 2, 1],
      ['break N', 'while a; do\n  while b; do\n    break 2\n  done\ndone', 3, 1 + 2 + 1],
    ]);

    it('names functions, reads expansions in strings as code, and adds 1 for recursion', async () => {
      const m = await measure(
        'bash',
        `
        #!/bin/bash
        walk() {
          local d="$1 $(basename "$1")"
          for f in "$1"/*; do
            [ -d "$f" ] && walk "$f"
          done
        }
        function greet {
          echo "hello \${1:-world}"
        }
      `,
      );
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine, u.cyclomatic, u.cognitive]),
        [
          ['walk', 'function', 2, 7, 3, 1 + 1 + 1],
          ['greet', 'function', 8, 10, 1, 0],
        ],
      );
    });
  });

  describe('increment labels and lines', () => {
    /** The unit's increments as `metric line reason` strings. */
    async function reasons(language: Tier2Language, body: string): Promise<string[]> {
      const { unit, wrap } = WRAP[language];
      const m = await measure(language, wrap(dedent(body)));
      return m.unit(unit).increments.map((i) => `${i.metric} ${i.line} ${i.reason}`);
    }

    it('C: a plain else is counted for `else`; each operator of a condition over lines on its own line', async () => {
      const got = await reasons('c', 'if ((a && b)\n    || (b && c)) {\n  x = 1;\n} else x = 2;');
      // The body starts on line 2 of the wrapped code.
      assert.ok(got.includes('cyclomatic 2 `&&`'), got.join('\n'));
      assert.ok(got.includes('cyclomatic 3 `||`'), got.join('\n'));
      assert.ok(got.includes('cyclomatic 3 `&&`'), got.join('\n'));
      assert.ok(got.includes('cognitive 5 `else`'), got.join('\n'));
    });

    it('C#: `else return;` is counted for `else`, and `#if` is named as the directive lizard counts', async () => {
      const got = await reasons('csharp', '#if DEBUG\nx = 1;\n#endif\nif (a) x = 2;\nelse return;');
      assert.ok(got.includes('cognitive 7 `else`'), got.join('\n'));
      assert.ok(!got.some((r) => r.includes('`return`')), got.join('\n'));
      assert.ok(
        got.includes('cyclomatic 3 `#if` (a compile-time condition, counted as lizard counts it)'),
        got.join('\n'),
      );
    });

    for (const language of ['kotlin', 'swift'] as const) {
      it(`${language}: a plain else is counted for \`else\`, quoted as code`, async () => {
        const got = await reasons(language, 'if (a) {\n  return\n} else {\n  return\n}');
        assert.ok(got.includes('cognitive 4 `else`'), got.join('\n'));
      });
    }

    it('Rust: the `&&` on the next line of a while condition is on its own line', async () => {
      const got = await reasons('rust', 'while a\n    && b {\n    break;\n}\nif a {} else { return; }');
      assert.ok(got.includes('cyclomatic 3 `&&`'), got.join('\n'));
      assert.ok(got.includes('cognitive 3 a sequence of `&&`'), got.join('\n'));
      assert.ok(got.includes('cognitive 6 `else`'), got.join('\n'));
    });
  });

  describe('robustness', () => {
    const depth = 5000;
    const nested: Record<Tier2Language, (n: number) => string> = {
      c: (n) => `void m(void) {\n${'if (x) {\n'.repeat(n)}${'}\n'.repeat(n)}}`,
      cpp: (n) => `void m() {\n${'if (x) {\n'.repeat(n)}${'}\n'.repeat(n)}}`,
      csharp: (n) => `class D { void m() {\n${'if (x) {\n'.repeat(n)}${'}\n'.repeat(n)}} }`,
      rust: (n) => `fn m() {\n${'if x {\n'.repeat(n)}${'}\n'.repeat(n)}}`,
      php: (n) => `<?php function m() {\n${'if ($x) {\n'.repeat(n)}${'}\n'.repeat(n)}}`,
      ruby: (n) => `def m\n${'if x\n'.repeat(n)}${'end\n'.repeat(n)}end`,
      kotlin: (n) => `fun m() {\n${'if (x) {\n'.repeat(n)}${'}\n'.repeat(n)}}`,
      swift: (n) => `func m() {\n${'if x {\n'.repeat(n)}${'}\n'.repeat(n)}}`,
      bash: (n) => `m() {\n${'if x; then\n'.repeat(n)}:\n${'fi\n'.repeat(n)}}`,
    };
    for (const language of Object.keys(nested) as Tier2Language[]) {
      it(`${language}: measures ${depth} levels of nested ifs without overflowing the stack`, async () => {
        const m = await measure(language, nested[language](depth));
        const unit = m.units.find((u) => u.kind !== 'class');
        assert.ok(unit, 'the function is a unit');
        assert.equal(unit.cyclomatic, depth + 1);
        assert.equal(unit.cognitive, (depth * (depth + 1)) / 2);
      });
    }

    it('measures deep logical chains and deeply nested closures', async () => {
      const ands = await measure('rust', `fn m() -> bool { ${'(a && '.repeat(depth)}b${')'.repeat(depth)} }`);
      assert.deepEqual([ands.unit('m').cyclomatic, ands.unit('m').cognitive], [depth + 1, 1]);
      const swiftAnds = await measure('swift', `func m() -> Bool { return ${'a && '.repeat(depth)}b }`);
      assert.deepEqual([swiftAnds.unit('m').cyclomatic, swiftAnds.unit('m').cognitive], [depth + 1, 1]);
      const lists = await measure('bash', `m() {\n${'a && '.repeat(depth)}b\n}`);
      assert.deepEqual([lists.unit('m').cyclomatic, lists.unit('m').cognitive], [depth + 1, 1]);
      const closures = await measure('rust', `fn m() { let f = ${'|| '.repeat(depth)}a && b; }`);
      assert.deepEqual(
        closures.units.map((u) => [u.name, u.cyclomatic, u.cognitive]),
        [['m', 2, 1]],
        'nested closures fold into the fn',
      );
    });

    const broken: Record<Tier2Language, string> = {
      c: 'int f( { if (x &&) } int ok(int b) { return b ? 1 : 0; }',
      cpp: 'class { ) -> :: case ? : @ }}} void (',
      csharp: 'class Broken { void a( { if (x &&) } int Fine(bool b) { return b ? 1 : 0; } }',
      rust: 'fn a( { if x && } fn fine(b: bool) -> i32 { if b { 1 } else { 0 } }',
      php: '<?php function a( { if ($x &&) } function fine($b) { return $b ? 1 : 0; }',
      ruby: 'def a(\n  if x &&\nend\ndef fine(b)\n  b ? 1 : 0\nend',
      kotlin: 'fun a( { if (x &&) }\nfun fine(b: Boolean) = if (b) 1 else 0',
      swift: 'func a( { if x && }\nfunc fine(b: Bool) -> Int { return b ? 1 : 0 }',
      bash: 'f() { if then fi; }\nfine() { [ "$1" ] && echo y; }\ncase',
    };
    for (const language of Object.keys(broken) as Tier2Language[]) {
      it(`${language}: measures code with syntax errors without throwing`, async () => {
        const m = await measure(language, broken[language]);
        assert.ok(m.errorRegions > 0);
        assert.ok(m.tokens > 0);
        assert.ok(m.cyclomatic >= 1);
      });
    }
  });
});
