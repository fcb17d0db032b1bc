import assert from 'node:assert/strict';
import { goDeclarationTotals, goMetrics } from '../../src/engine/metrics/go/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { dedent, measure as measureWith, withTree, type Measured } from './support/measure.js';

describe('Go metrics', () => {
  const parser = new SourceParser();
  after(() => parser.dispose());
  const measure = (code: string): Promise<Measured> =>
    measureWith(parser, goMetrics, 'go', `package p\n\n${dedent(code)}`);

  /** Cyclomatic and cognitive of `func f(a, b, c bool)` with this body. */
  async function fn(body: string): Promise<{ cyclomatic: number; cognitive: number }> {
    const { cyclomatic, cognitive } = (await measure(`func f(a, b, c bool) {\n${dedent(body)}\n}\n`)).unit(
      'f',
    );
    return { cyclomatic, cognitive };
  }

  describe('cyclomatic (lizard CCN, as gocyclo)', () => {
    const cases: [string, string, number][] = [
      ['straight code', 'x := 1\n_ = x', 1],
      ['if, else if (else adds nothing)', 'if a {\n} else if b {\n} else {\n}', 3],
      ['for in all three forms', 'for {\n}\nfor a {\n}\nfor i := range 3 {\n_ = i\n}', 4],
      ['each case clause, not default; case a, b is one', 'switch {\ncase a, b:\ncase c:\ndefault:\n}', 3],
      ['type switch cases', 'switch x := any(a).(type) {\ncase int:\ncase string, bool:\n_ = x\n}', 3],
      ['select cases', 'select {\ncase <-ch:\ncase ch <- 1:\ndefault:\n}', 3],
      ['&& and ||, each operator', '_ = a && b || c && a', 4],
      ['goto, labels and defer add nothing', 'L:\n\tdefer g()\n\tgoto L', 1],
    ];
    for (const [what, body, expected] of cases) {
      it(what, async () => assert.equal((await fn(body)).cyclomatic, expected));
    }
  });

  describe('cognitive (gocognit v1.3.0)', () => {
    it('sumOfPrimes: 7 (for +1, for +2, if +3, labelled continue +1), cyclomatic 4', async () => {
      const m = await measure(`
        func sumOfPrimes(max int) int {
        	total := 0
        OUT:
        	for i := 1; i <= max; i++ {
        		for j := 2; j < i; j++ {
        			if i%j == 0 {
        				continue OUT
        			}
        		}
        		total += i
        	}
        	return total
        }
      `);
      assert.deepEqual([m.unit('sumOfPrimes').cognitive, m.unit('sumOfPrimes').cyclomatic], [7, 4]);
    });

    it('getWords: a switch is 1 however many cases; cyclomatic 4', async () => {
      const m = await measure(`
        func getWords(number int) string {
        	switch number {
        	case 1:
        		return "one"
        	case 2:
        		return "a couple"
        	case 3:
        		return "a few"
        	default:
        		return "lots"
        	}
        }
      `);
      assert.deepEqual([m.unit('getWords').cognitive, m.unit('getWords').cyclomatic], [1, 4]);
    });

    it('adds nesting to if, switch, select and for; else if and else add 1 and nest their bodies', async () => {
      assert.equal((await fn('if a {\n} else if b {\n} else {\n}')).cognitive, 3);
      assert.equal(
        (await fn('for {\nif a {\nswitch {\ncase b:\nselect {}\n}\n}\n}')).cognitive,
        1 + 2 + 3 + 4,
      );
      assert.equal(
        (await fn('if a {\n} else if b {\nif c {\n}\n} else {\nif c {\n}\n}')).cognitive,
        3 + 2 + 2,
      );
      assert.equal((await fn('if x := a; x {\n}')).cognitive, 1);
    });

    it('adds 1 for goto and labelled break / continue only', async () => {
      assert.equal((await fn('L:\nfor {\nbreak L\ncontinue L\ngoto L\n}')).cognitive, 1 + 3);
      assert.equal((await fn('for {\nbreak\ncontinue\n}')).cognitive, 1);
    });

    it('adds 1 per run of like && / || read through parentheses and other binary operators', async () => {
      assert.equal((await fn('_ = a && b && c')).cognitive, 1);
      assert.equal((await fn('_ = a && b || c')).cognitive, 2);
      assert.equal((await fn('_ = a && (b && c)')).cognitive, 1);
      assert.equal((await fn('_ = a && b == (c && a)')).cognitive, 1, 'one run through ==');
      assert.equal((await fn('_ = a && !(b && c)')).cognitive, 2, '! ends a run');
      assert.equal((await fn('_ = (a || b) == (c || a)')).cognitive, 2, 'a run starts at a && / || node');
    });

    it('adds 1 once to each function on a recursion cycle: f(), (f)(), f[T](), recv.M()', async () => {
      const m = await measure(`
        func fact(n int) int {
        	if n <= 1 {
        		return 1
        	}
        	return n * fact(n-1) * fact(n-2)
        }

        func even(n int) bool { return n == 0 || (odd)(n-1) }
        func odd(n int) bool  { return n != 0 && even(n-1) }

        func gen[T any](n T) T { return gen[T](n) }

        func shadowed(n int) int {
        	shadowed := func(int) int { return 0 }
        	return shadowed(n)
        }

        func (t *Tree) Walk() {
        	for _, c := range t.kids {
        		c.Walk()
        	}
        	t.Walk()
        }

        func inClosure() { go func() { inClosure() }() }
      `);
      assert.equal(m.unit('fact').cognitive, 2);
      assert.equal(m.unit('even').cognitive, 2);
      assert.equal(m.unit('odd').cognitive, 2);
      assert.equal(m.unit('gen').cognitive, 1);
      assert.equal(m.unit('shadowed').cognitive, 0, 'a local shadows the function');
      assert.equal(m.unit('Tree.Walk').cognitive, 2, 'only t.Walk() is recursion, not c.Walk()');
      assert.equal(m.unit('inClosure').cognitive, 1, "a closure's call belongs to its declaration");
    });

    it('counts func literals apart; goDeclarationTotals folds them in one level deeper, as gocognit', async () => {
      const code = `package p

func Serve(h int) {
	http.HandleFunc("/", func(w int) {
		if w > 0 && h > 0 {
			go func() {}()
		}
	})
	defer func() {
		for {
		}
	}()
}
`;
      const m = await measureWith(parser, goMetrics, 'go', code);
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.cyclomatic, u.cognitive]),
        [
          ['Serve', 'function', 1, 0],
          ['<func literal in http.HandleFunc()>', 'closure', 3, 2],
          ['<func literal in Serve>', 'closure', 1, 0],
          ['<func literal in Serve>', 'closure', 2, 1],
        ],
      );
      const totals = await withTree(parser, 'go', code, (root) =>
        goDeclarationTotals(root).map((t) => [t.name, t.startLine, t.cyclomatic, t.cognitive]),
      );
      // if at nesting 1: +2, && +1, for at nesting 1: +2.
      assert.deepEqual(totals, [['Serve', 3, 4, 5]]);
    });
  });

  describe('units', () => {
    it('names methods Receiver.Method and func literals by where they are; 1-based lines', async () => {
      const m = await measure(`
        func (s *Stack[T]) Push(v T) {
        	s.items = append(s.items, v)
        }

        func (Stack[T]) Len() int { return 0 }

        func New() *Stack[int] {
        	cmp := func(a, b int) bool { return a < b }
        	sort.Slice(x, func(i, j int) bool { return cmp(i, j) })
        	return nil
        }

        var handler = func() {}

        func asm(x int) int
      `);
      assert.deepEqual(
        m.units.map((u) => [u.name, u.kind, u.startLine, u.endLine]),
        [
          ['Stack.Push', 'method', 3, 5],
          ['Stack.Len', 'method', 7, 7],
          ['New', 'function', 9, 13],
          ['<func literal assigned to cmp>', 'closure', 10, 10],
          ['<func literal in sort.Slice()>', 'closure', 11, 11],
          ['<func literal assigned to handler>', 'closure', 15, 15],
        ],
      );
    });
  });

  describe('Halstead and tokens', () => {
    it('counts operators and operands by hand', async () => {
      const m = await measure(`
        func add(a, b int) int {
        	return a + b
        }
      `);
      // tokens: package p func add ( a , b int ) int { return a + b }
      assert.equal(m.tokens, 17);
      // operators: package func return + — operands: p add a b int int a b
      assert.deepEqual([m.halstead.n1, m.halstead.N1, m.halstead.n2, m.halstead.N2], [4, 4, 5, 8]);
      const add = m.unit('add').halstead;
      assert.deepEqual([add.n1, add.N1, add.n2, add.N2], [3, 3, 4, 7]);
    });

    it('treats call parentheses and indexing as operators, a string or rune as one token', async () => {
      const m = await measure('var s = fmt.Sprint(xs[0], "a b", `raw`, \'c\') // note');
      // package p var s = fmt . Sprint ( xs [ 0 ] , "a b" , `raw` , 'c' )
      assert.equal(m.tokens, 20);
      assert.equal(m.halstead.n1, 6, 'package var = . () []');
    });
  });

  describe('robustness', () => {
    it('measures 5,000 levels of nesting without overflowing the stack', async () => {
      const depth = 5000;
      const ifs = await measure(`func f() {\n${'if x {\n'.repeat(depth)}${'}\n'.repeat(depth)}}`);
      assert.equal(ifs.unit('f').cyclomatic, depth + 1);
      assert.equal(ifs.unit('f').cognitive, (depth * (depth + 1)) / 2);
      const literals = `package p\nfunc f() {\n${'_ = func() {\n'.repeat(depth)}${'}\n'.repeat(depth)}}`;
      const nested = await measureWith(parser, goMetrics, 'go', literals);
      assert.equal(nested.units.length, depth + 1);
      const totals = await withTree(parser, 'go', literals, (root) => goDeclarationTotals(root));
      assert.equal(totals[0]?.cognitive, 0);
    });

    it('measures code with syntax errors without throwing', async () => {
      const m = await measure(`
        func broken(a int) {
        	if a > {
        		return
        }

        func fine(b bool) bool {
        	return b || true
        }
      `);
      assert.ok(m.errorRegions > 0);
      assert.ok(m.tokens > 0);
      const garbage = await measure('func ( { case && || :: ] func');
      assert.ok(garbage.errorRegions > 0);
    });
  });
  describe('increment labels and lines', () => {
    it('a plain else is counted for `else`, and an operator on the next line of a condition on its line', async () => {
      const m = await measure(
        'func f(a, b bool) int {\n\tif a &&\n\t\tb {\n\t\treturn 1\n\t} else {\n\t\treturn 2\n\t}\n}\n',
      );
      const got = m.unit('f').increments.map((i) => `${i.metric} ${i.line} ${i.reason}`);
      assert.ok(got.includes('cyclomatic 4 `&&`'), got.join('\n'));
      assert.ok(got.includes('cognitive 7 `else`'), got.join('\n'));
      assert.ok(!got.some((r) => r.includes('block')), got.join('\n'));
    });
  });
});
