import assert from 'node:assert/strict';
import { javaMetrics } from '../../src/engine/metrics/java/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { dedent, measure as measureWith, type Measured } from './support/measure.js';

describe('Java metrics', () => {
  const parser = new SourceParser();
  after(() => parser.dispose());
  const measure = (code: string): Promise<Measured> => measureWith(parser, javaMetrics, 'java', dedent(code));

  /** Cyclomatic and cognitive of `void f(boolean a, boolean b, boolean c)` with this body. */
  async function fn(body: string): Promise<{ cyclomatic: number; cognitive: number }> {
    const m = await measure(`class T {\nvoid f(boolean a, boolean b, boolean c) {\n${dedent(body)}\n}\n}\n`);
    const { cyclomatic, cognitive } = m.unit('T.f');
    return { cyclomatic, cognitive };
  }

  describe('cyclomatic (lizard CCN)', () => {
    const cases: [string, string, number][] = [
      ['straight code', 'int x = 1;', 1],
      ['if, else if (else adds nothing)', 'if (a) {} else if (b) {} else {}', 3],
      [
        'for, enhanced for, while, do-while',
        'for (;;) {} for (var x : xs) {} while (a) {} do {} while (b);',
        5,
      ],
      ['each catch; finally adds nothing', 'try {} catch (A e) {} catch (B | C e) {} finally {}', 3],
      ['each case label, not default', 'switch (x) { case 1: case 2: break; default: }', 3],
      [
        'arrow cases: case A, B -> is one',
        'int y = switch (x) { case 1, 2 -> 1; case 3 -> 2; default -> 0; };',
        3,
      ],
      ['&&, || and ?:', 'boolean d = a && b || c ? a : b;', 4],
      [
        'generic wildcards are not ?: (lizard miscounts nested ones)',
        'java.util.List<? extends Comparable<? super T>> l = null;',
        1,
      ],
    ];
    for (const [what, body, expected] of cases) {
      it(what, async () => assert.equal((await fn(body)).cyclomatic, expected));
    }
  });

  describe('cognitive (whitepaper, as Sonar)', () => {
    it("the whitepaper's sumOfPrimes is 7 and getWords is 1 (cyclomatic 4 each)", async () => {
      const m = await measure(`
        class W {
          int sumOfPrimes(int max) {
            int total = 0;
            OUT: for (int i = 1; i <= max; ++i) {
              for (int j = 2; j < i; ++j) {
                if (i % j == 0) {
                  continue OUT;
                }
              }
              total += i;
            }
            return total;
          }

          String getWords(int number) {
            switch (number) {
              case 1:
                return "one";
              case 2:
                return "a couple";
              case 3:
                return "a few";
              default:
                return "lots";
            }
          }
        }
      `);
      assert.deepEqual([m.unit('W.sumOfPrimes').cognitive, m.unit('W.sumOfPrimes').cyclomatic], [7, 4]);
      assert.deepEqual([m.unit('W.getWords').cognitive, m.unit('W.getWords').cyclomatic], [1, 4]);
    });

    it('adds nesting to if, loops, switch, catch and ?:; else if and else add 1', async () => {
      assert.equal((await fn('if (a) {} else if (b) {} else {}')).cognitive, 3);
      assert.equal(
        (await fn('while (a) { do { for (;;) { int x = b ? 1 : 2; } } while (c); }')).cognitive,
        1 + 2 + 3 + 4,
      );
      assert.equal(
        (await fn('try { if (a) {} } catch (E e) { if (b) {} } finally { if (c) {} }')).cognitive,
        1 + 1 + 2 + 1,
      );
      assert.equal((await fn('if (a) {} else if (b) { if (c) {} } else { if (c) {} }')).cognitive, 3 + 2 + 2);
      assert.equal((await fn('if (a) return; else return;')).cognitive, 2);
      assert.equal((await fn('int y = switch (1) { case 1 -> a ? 1 : 2; default -> 0; };')).cognitive, 1 + 2);
    });

    it('adds 1 for labelled break / continue only', async () => {
      assert.equal((await fn('L: for (;;) { break L; } for (;;) { continue; }')).cognitive, 1 + 1 + 1);
    });

    it('adds 1 per run of like && / ||; parentheses do not break a run, ! does', async () => {
      assert.equal((await fn('boolean d = a && b && c;')).cognitive, 1);
      assert.equal((await fn('boolean d = a && b || c;')).cognitive, 2);
      assert.equal((await fn('boolean d = a || b && c || a;')).cognitive, 3);
      assert.equal((await fn('boolean d = a && (b && c);')).cognitive, 1);
      assert.equal((await fn('boolean d = a && !(b && c);')).cognitive, 2);
      assert.equal((await fn('boolean d = (a && b) == (c && a);')).cognitive, 2);
    });

    it('adds 1 once to each method on a recursion cycle, matching overloads by argument count', async () => {
      const m = await measure(`
        class R {
          int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1) * this.fact(n - 2); }
          boolean even(int n) { return n == 0 || odd(n - 1); }
          boolean odd(int n) { return n != 0 && even(n - 1); }
          int sum(int[] xs) { return sum(xs, 0); }
          int sum(int[] xs, int from) { return from; }
          void log(String... parts) { if (parts.length > 1) log(parts[0]); }
          void other(R r) { r.other(r); }
          void later() { Runnable run = () -> later(); }
        }
      `);
      assert.equal(m.unit('R.fact').cognitive, 2);
      assert.equal(m.unit('R.even').cognitive, 2);
      assert.equal(m.unit('R.odd').cognitive, 2);
      assert.deepEqual(
        m.units.filter((u) => u.name === 'R.sum').map((u) => u.cognitive),
        [0, 0],
        'sum(xs) calls the other overload',
      );
      assert.equal(m.unit('R.log').cognitive, 1 + 1, 'varargs take any count');
      assert.equal(m.unit('R.other').cognitive, 0, 'another object is not recursion');
      assert.equal(m.unit('R.later').cognitive, 1, "a lambda's call belongs to its method");
    });
  });

  describe('units', () => {
    it('names, kinds and lines of classes, constructors, methods, lambdas and anonymous classes', async () => {
      const m = await measure(`
        public class Stack<T> {
          private final java.util.List<T> items = new java.util.ArrayList<>();

          public Stack() {}

          @Override
          public String toString() {
            return items.toString();
          }

          void each(java.util.function.Consumer<T> action) {
            items.forEach(x -> action.accept(x));
            Runnable r = () -> {};
            Thread t = new Thread(new Runnable() {
              public void run() {}
            });
          }

          interface Visitor { void visit(); default void done() {} }
          enum Op { PLUS { int apply() { return 1; } }; abstract int apply(); }
          record Point(int x) { Point { if (x < 0) throw new IllegalArgumentException(); } }
        }
      `);
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 1, 22],
          ['Stack.Stack', 'constructor', 4, 4],
          ['Stack.toString', 'method', 6, 9],
          ['Stack.each', 'method', 11, 17],
          ['<lambda in items.forEach()>', 'lambda', 12, 12],
          ['<lambda assigned to r>', 'lambda', 13, 13],
          ['<anonymous Runnable>', 'class', 14, 16],
          ['<anonymous Runnable>.run', 'method', 15, 15],
          ['Stack.Visitor', 'class', 19, 19],
          ['Stack.Visitor.done', 'method', 19, 19],
          ['Stack.Op', 'class', 20, 20],
          ['Stack.Op.PLUS', 'class', 20, 20],
          ['Stack.Op.PLUS.apply', 'method', 20, 20],
          ['Stack.Point', 'class', 21, 21],
          ['Stack.Point.Point', 'constructor', 21, 21],
        ],
      );
    });

    it("sums a class's methods and their lambdas, not nested classes'", async () => {
      const m = await measure(`
        class C {
          int limit = Math.random() > 0.5 ? 1 : 2;
          int a(int x) { return x > 0 ? x : -x; }
          void b(java.util.List<Integer> xs) { xs.removeIf(x -> x > 0 && x < 9); }
          class Inner { void c(boolean y) { if (y) {} } }
        }
      `);
      assert.equal(m.unit('C.a').cyclomatic, 2);
      assert.equal(m.unit('C.b').cyclomatic, 1);
      assert.equal(m.unit('<lambda in xs.removeIf()>').cyclomatic, 2);
      assert.equal(m.unit('C').cyclomatic, 2 + 1 + 2);
      assert.equal(m.unit('C').cognitive, 1 + 0 + 1);
      assert.equal(m.unit('C.Inner').cyclomatic, 2);
      assert.equal(m.cyclomatic, 1 + 1 + 1 + 1 + 1);
      assert.equal(m.cognitive, 1 + 1 + 1 + 1);
    });
  });

  describe('Halstead and tokens', () => {
    it('counts operators and operands by hand', async () => {
      const m = await measure(`
        class M {
          int add(int a, int b) { return a + b; }
        }
      `);
      // tokens: class M { int add ( int a , int b ) { return a + b ; } }
      assert.equal(m.tokens, 20);
      const add = m.unit('M.add').halstead;
      // operators: return + — operands: int add int a int b a b
      assert.deepEqual([add.n1, add.N1, add.n2, add.N2], [2, 2, 4, 8]);
      assert.deepEqual([m.halstead.n1, m.halstead.n2], [3, 5], 'class, return, +; M int add a b');
    });

    it('treats call parentheses, array access and ?: as operators, a string as one token', async () => {
      const m = await measure("class S { String s = f(xs[0], \"a b\", c ? 'x' : 'y'); /* note */ }");
      // class S { String s = f ( xs [ 0 ] , "a b" , c ? 'x' : 'y' ) ; }
      assert.equal(m.tokens, 23);
      assert.deepEqual([m.halstead.n1, m.halstead.N1], [5, 5], 'class = () [] ?:');
    });
  });

  describe('robustness', () => {
    it('measures 5,000 levels of nesting without overflowing the stack', async () => {
      const depth = 5000;
      const ifs = await measure(
        `class D { void m() {\n${'if (x) {\n'.repeat(depth)}${'}\n'.repeat(depth)}} }`,
      );
      assert.equal(ifs.unit('D.m').cognitive, (depth * (depth + 1)) / 2);
      const lambdas = await measure(`class D { Object o = ${'() -> '.repeat(depth)}0; }`);
      assert.equal(lambdas.units.length, depth + 1);
      const classes = await measure(`class D {${' class E {'.repeat(depth)}${'}'.repeat(depth)}}`);
      assert.equal(classes.units.length, depth + 1);
      assert.ok((classes.units[depth]?.name.length ?? 0) <= 120, 'deep qualified names are clipped');
      const ands = await measure(`class D { boolean b = ${'(a && '.repeat(depth)}b${')'.repeat(depth)}; }`);
      assert.equal(ands.cognitive, 1);
    });

    it('measures code with syntax errors without throwing', async () => {
      const m = await measure(`
        class Broken {
          void a( { if (x &&) }
          int fine(boolean b) { return b ? 1 : 0; }
        }
      `);
      assert.ok(m.errorRegions > 0);
      assert.ok(m.tokens > 0);
      const garbage = await measure('class { ) -> :: case ? : @ }}} void (');
      assert.ok(garbage.errorRegions > 0);
    });
  });
  describe('increment labels and lines', () => {
    it('`else return null;` and `else { … }` are counted for `else`; `||` on its own line', async () => {
      const m = await measure(`
        class T {
          String f(boolean a, boolean b) {
            if (a
                || b) return "x";
            else return null;
          }
          int g(boolean a) {
            if (a) {
              return 1;
            } else {
              return 2;
            }
          }
        }
      `);
      const f = m.unit('T.f').increments.map((i) => `${i.metric} ${i.line} ${i.reason}`);
      assert.ok(f.includes('cognitive 5 `else`'), f.join('\n'));
      assert.ok(f.includes('cyclomatic 4 `||`'), f.join('\n'));
      assert.ok(!f.some((r) => r.includes('`return`')), f.join('\n'));
      const g = m.unit('T.g').increments.map((i) => `${i.metric} ${i.line} ${i.reason}`);
      assert.ok(g.includes('cognitive 10 `else`'), g.join('\n'));
    });
  });
});
