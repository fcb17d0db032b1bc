import assert from 'node:assert/strict';
import { pythonMetrics } from '../../src/engine/metrics/python/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { dedent, measure as measureWith, type Measured } from './support/measure.js';

describe('Python metrics', () => {
  const parser = new SourceParser();
  after(() => parser.dispose());
  const measure = (code: string): Promise<Measured> =>
    measureWith(parser, pythonMetrics, 'python', dedent(code));

  /** Cyclomatic and cognitive of the only function in `body` (indented under `def f(a, b, c):`). */
  async function fn(body: string): Promise<{ cyclomatic: number; cognitive: number }> {
    const lines = dedent(body)
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n');
    const { cyclomatic, cognitive } = (await measure(`def f(a, b, c):\n${lines}\n`)).unit('f');
    return { cyclomatic, cognitive };
  }

  describe('cyclomatic (lizard CCN)', () => {
    const cases: [string, string, number][] = [
      ['straight code', 'return a', 1],
      ['if', 'if a:\n    return 1', 2],
      ['if / elif / else (else adds nothing)', 'if a:\n    pass\nelif b:\n    pass\nelse:\n    pass', 3],
      [
        'for, async for and while',
        'for x in a:\n    pass\nasync for y in b:\n    pass\nwhile b:\n    pass',
        4,
      ],
      [
        'each except, and finally',
        'try:\n    pass\nexcept A:\n    pass\nexcept B:\n    pass\nfinally:\n    pass',
        4,
      ],
      ['try / else alone adds nothing', 'try:\n    pass\nexcept A:\n    pass\nelse:\n    pass', 2],
      ['and / or, each operator', 'return a and b or c', 3],
      ['conditional expression', 'return a if b else c', 2],
      ['comprehension for and if', 'return [x for x in a if x for y in x]', 4],
      [
        'case clauses (case _ too) and guards',
        'match a:\n    case 1 if b:\n        pass\n    case _:\n        pass',
        4,
      ],
      ['with adds nothing', 'with a as b:\n    pass', 1],
      ['code inside f-string braces', 'return f"{a if b else c}"', 2],
    ];
    for (const [what, body, expected] of cases) {
      it(what, async () => assert.equal((await fn(body)).cyclomatic, expected));
    }

    it("leaves a lambda's and a nested def's decisions to them", async () => {
      const m = await measure(`
        def outer(xs):
            def inner(x):
                return x if x else 0
            return sorted(xs, key=lambda v: v or 0)
      `);
      assert.equal(m.unit('outer').cyclomatic, 1);
      assert.equal(m.unit('outer.inner').cyclomatic, 2);
      assert.equal(m.unit('<lambda in sorted()>').cyclomatic, 2);
      assert.equal(m.cyclomatic, 3, 'snippet: 1 + every decision point');
    });
  });

  describe('cognitive (whitepaper)', () => {
    it('sum_of_primes: 7 (for +1, nested for +2, nested if +3, for-else +1), cyclomatic 4', async () => {
      const m = await measure(`
        def sum_of_primes(max):
            total = 0
            for i in range(1, max + 1):
                for j in range(2, i):
                    if i % j == 0:
                        break
                else:
                    total += i
            return total
      `);
      assert.deepEqual([m.unit('sum_of_primes').cognitive, m.unit('sum_of_primes').cyclomatic], [7, 4]);
    });

    it('get_words: a match is one switch (1); lizard counts every case, case _ too (5)', async () => {
      const m = await measure(`
        def get_words(number):
            match number:
                case 1:
                    return "one"
                case 2:
                    return "a couple"
                case 3:
                    return "a few"
                case _:
                    return "lots"
      `);
      assert.deepEqual([m.unit('get_words').cognitive, m.unit('get_words').cyclomatic], [1, 5]);
    });

    it('adds nesting to if, loops, except and conditional expressions; elif and else add 1', async () => {
      assert.equal((await fn('if a:\n    pass\nelif b:\n    pass\nelse:\n    pass')).cognitive, 3);
      assert.equal(
        (await fn('for x in a:\n    if x:\n        while b:\n            pass')).cognitive,
        1 + 2 + 3,
      );
      assert.equal(
        (await fn('try:\n    if a:\n        pass\nexcept E:\n    if b:\n        pass')).cognitive,
        1 + 1 + 2,
      );
      assert.equal((await fn('if a:\n    return b if c else a')).cognitive, 1 + 2);
      assert.equal((await fn('with a:\n    if b:\n        pass\nfinally_ = 1')).cognitive, 1);
      assert.equal((await fn('while a:\n    pass\nelse:\n    if b:\n        pass')).cognitive, 1 + 1 + 2);
    });

    it('nests elif and else bodies one level deeper than the if', async () => {
      assert.equal(
        (await fn('if a:\n    pass\nelif b:\n    if c:\n        pass\nelse:\n    if c:\n        pass'))
          .cognitive,
        1 + 1 + 2 + 1 + 2,
      );
    });

    it('adds 1 per run of like boolean operators; parentheses do not break a run, not does', async () => {
      assert.equal((await fn('return a and b and c')).cognitive, 1);
      assert.equal((await fn('return a and b or c')).cognitive, 2);
      assert.equal((await fn('return a or b and c or a')).cognitive, 3);
      assert.equal((await fn('return a and (b and c)')).cognitive, 1);
      assert.equal((await fn('return a and not (b and c)')).cognitive, 2);
      assert.equal((await fn('if a and b:\n    pass')).cognitive, 2);
    });

    it('does not count comprehensions, with, try or finally', async () => {
      assert.equal((await fn('return [x for x in a if x]')).cognitive, 0);
      assert.equal((await fn('try:\n    pass\nfinally:\n    pass')).cognitive, 0);
    });

    it('starts each nested unit at nesting 0 and leaves its code out of the enclosing one', async () => {
      const m = await measure(`
        def outer(a):
            if a:
                def inner(b):
                    if b:
                        pass
                return inner
      `);
      assert.equal(m.unit('outer').cognitive, 1);
      assert.equal(m.unit('outer.inner').cognitive, 1);
      assert.equal(m.cognitive, 2);
    });

    it('adds 1 once to each function on a recursion cycle, direct or indirect', async () => {
      const m = await measure(`
        def fact(n):
            return 1 if n <= 1 else n * fact(n - 1) * fact(n - 2)

        def even(n):
            return True if n == 0 else odd(n - 1)

        def odd(n):
            return False if n == 0 else even(n - 1)

        def calls_even(n):
            return even(n)

        class Tree:
            def walk(self, node):
                for child in node:
                    self.walk(child)

            @staticmethod
            def size(node):
                return self.size(node)
      `);
      assert.equal(m.unit('fact').cognitive, 2);
      assert.equal(m.unit('even').cognitive, 2);
      assert.equal(m.unit('odd').cognitive, 2);
      assert.equal(m.unit('calls_even').cognitive, 0);
      assert.equal(m.unit('Tree.walk').cognitive, 2);
      assert.equal(m.unit('Tree.size').cognitive, 0, 'a static method has no self');
    });

    it('does not take a method for the module function of the same name', async () => {
      const m = await measure(`
        def run():
            pass

        class Job:
            def run(self):
                run()
      `);
      assert.equal(m.unit('Job.run').cognitive, 0);
    });
  });

  describe('units', () => {
    it('names and kinds: qualified methods, constructors, properties, nested defs, lambdas, classes', async () => {
      const m = await measure(`
        class Stack:
            def __init__(self):
                self.items = []

            @property
            def top(self):
                return self.items[-1]

            @top.setter
            def top(self, value):
                self.items[-1] = value

            def push(self, item):
                self.items.append(item)

            class Node:
                async def visit(self):
                    pass

        def outer():
            def inner():
                pass
            key = lambda v: v
            return sorted([], key=lambda v: -v)

        handler = lambda: None
        register(lambda: None)
        self.items.sort(key=lambda x: x)
      `);
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack', 'class', 1, 18],
          ['Stack.__init__', 'constructor', 2, 3],
          ['Stack.top', 'getter', 6, 7],
          ['Stack.top', 'setter', 10, 11],
          ['Stack.push', 'method', 13, 14],
          ['Stack.Node', 'class', 16, 18],
          ['Stack.Node.visit', 'method', 17, 18],
          ['outer', 'function', 20, 24],
          ['outer.inner', 'function', 21, 22],
          ['<lambda assigned to key>', 'lambda', 23, 23],
          ['<lambda in sorted()>', 'lambda', 24, 24],
          ['<lambda assigned to handler>', 'lambda', 26, 26],
          ['<lambda in register()>', 'lambda', 27, 27],
          ['<lambda in sort()>', 'lambda', 28, 28],
        ],
      );
    });

    it("sums a class's methods for its cyclomatic and cognitive; Halstead covers its whole text", async () => {
      const m = await measure(`
        class C:
            limit = 1 if x else 2

            def a(self, x):
                if x:
                    return [v for v in x if v]

            def b(self, y):
                return y and self.limit
      `);
      const c = m.unit('C');
      assert.equal(m.unit('C.a').cyclomatic, 4);
      assert.equal(m.unit('C.b').cyclomatic, 2);
      assert.equal(c.cyclomatic, 6, 'class-level code is not a method');
      assert.equal(c.cognitive, m.unit('C.a').cognitive + m.unit('C.b').cognitive);
      assert.equal(m.cognitive, c.cognitive + 1, 'the snippet also counts class-level code');
      assert.ok(c.halstead.length > m.unit('C.a').halstead.length + m.unit('C.b').halstead.length);
      assert.equal(m.cyclomatic, 1 + 1 + 3 + 1);
    });
  });

  describe('Halstead and tokens', () => {
    it('counts operators and operands by hand', async () => {
      const m = await measure(`
        def add(a, b):
            return a + b
      `);
      // operators: def return +  — operands: add a b a b ( "(" ")" "," ":" are punctuation )
      assert.deepEqual([m.halstead.n1, m.halstead.N1, m.halstead.n2, m.halstead.N2], [3, 3, 3, 5]);
      assert.equal(m.tokens, 12);
      assert.equal(m.unit('add').halstead.volume, 8 * Math.log2(6));
    });

    it('treats call parentheses and subscription as operators, a string (f-strings too) as one token', async () => {
      const m = await measure(`print(xs[0], "a b c", f"{n!r:>{w}} items")  # a comment`);
      // print ( xs [ 0 ] , "a b c" , <f-string> n w )
      assert.equal(m.tokens, 13);
      assert.equal(m.halstead.n1, 2, 'only () and []');
      assert.equal(m.halstead.N2, 7, 'print xs 0 "a b c" f-string n w');
    });
  });

  describe('robustness', () => {
    it('measures 5,000 levels of nesting without overflowing the stack', async () => {
      const depth = 5000;
      const ands = await measure(`x = ${'(a and '.repeat(depth)}b${')'.repeat(depth)}`);
      assert.equal(ands.cyclomatic, depth + 1);
      assert.equal(ands.cognitive, 1, 'one run of and through all the parentheses');
      const conditionals = await measure(`x = ${'(1 if a else '.repeat(depth)}0${')'.repeat(depth)}`);
      assert.equal(conditionals.cognitive, (depth * (depth + 1)) / 2);
      const lambdas = await measure(`f = ${'lambda: '.repeat(depth)}0`);
      assert.equal(lambdas.units.length, depth);
      assert.equal(lambdas.units[depth - 1]?.name, '<lambda>');
    });

    it('measures code with syntax errors without throwing', async () => {
      const m = await measure(`
        def broken(a):
            if a and:
                return

        def fine(b):
            return b or 1

        x = (1 +
      `);
      assert.ok(m.errorRegions > 0);
      assert.equal(m.unit('fine').cyclomatic, 2);
      assert.equal(m.unit('broken').cognitive, 2);
      const garbage = await measure('def (:\n  ]] lambda if else and\n\tclass :: @@');
      assert.ok(garbage.errorRegions > 0);
      assert.ok(garbage.tokens > 0);
    });
  });
});
