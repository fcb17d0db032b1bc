/**
 * Each class of false sentence the engine was once read saying, pinned on
 * code written for it: a division read from a string or a format code, a
 * guard ignored, an overload taken for recursion, an interface called a
 * class with no methods, case labels taken for switches, a canned pattern
 * (debounce, adding up) said of code without its structure, a stack-depth
 * warning and "rewrite as a loop" for recursion through callbacks, and a
 * name echoed back as evidence; a `break` in a `switch` or in a loop's
 * `else` given to the wrong loop, `*=` called adding, case patterns called
 * the default, a switch on a fresh value called a state machine, the
 * snippet's own functions called outside calls, "changes nothing" of code
 * that writes through a pointer or a receiver, a doc comment's code and
 * brackets lost, and loops that share an index multiplied; a catch answered with calls that cannot
 * throw what it catches, the arms of an `#if` told as if both ran, and a closure said to use a name
 * that is only a key, a property or its own. Every case is read in the modes and
 * audiences that write the sentence (detailed and expert write the most).
 */
import assert from 'node:assert/strict';
import { explainRequestSchema, type ExplainRequestInput, type LanguageId } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';

const engine = createEngine();
after(() => engine.dispose());

/** Everything a reader sees: the explanation and every section, in the given mode and audience. */
async function said(
  language: LanguageId,
  code: string,
  extra: Partial<ExplainRequestInput> = {},
): Promise<string> {
  const response = await engine.explain(
    explainRequestSchema.parse({ code, language, mode: 'detailed', audience: 'expert', ...extra }),
  );
  return [response.explanation, ...response.sections.map((s) => `## ${s.title}\n${s.content}`)].join('\n\n');
}

/** The Dependencies section of what `said` returns. */
const dependencies = (text: string) => (text.split('## Dependencies\n')[1] ?? '').split('\n## ')[0] ?? '';

describe('engine: no false sentence', () => {
  describe('a division is read from operators, never from text', () => {
    it('a slash in a string and format codes are no division', async () => {
      const text = await said(
        'javascript',
        'function purge(dir, q) {\n  const cmd = "rm -rf /tmp/" + dir;\n  console.log("%q %r", cmd, q);\n  return cmd;\n}\n',
      );
      assert.doesNotMatch(text, /divides by/);
    });

    it('Python: `%` formatting and pathlib’s `/` are no division', async () => {
      const text = await said(
        'python',
        'def label(name, count, root, leaf):\n    text = "%s has %d" % (name, count)\n    return root / leaf, text\n',
      );
      assert.doesNotMatch(text, /divides by/);
    });

    it('a real division by a parameter nothing checks is said, with its line', async () => {
      const text = await said('javascript', 'function share(total, people) {\n  return total / people;\n}\n');
      assert.match(text, /Division: it divides by `people` \(line 2\), and nothing in it rules out zero\./);
    });

    it('Python: a division by an int parameter is said; an unannotated one is not (it may be a path)', async () => {
      assert.match(
        await said('python', 'def per_item(total, n: int):\n    return total / n\n'),
        /divides by `n`/,
      );
      assert.doesNotMatch(
        await said('python', 'def per_item(total, n):\n    return total / n\n'),
        /divides by/,
      );
    });
  });

  describe('a guard is not ignored', () => {
    const guarded: readonly [string, LanguageId, string][] = [
      [
        'a range check that throws',
        'javascript',
        'function digits(value, base) {\n  if (base < 2 || base > 36) throw new RangeError("base");\n  let out = 0;\n  while (value > 0) {\n    value = Math.floor(value / base);\n    out++;\n  }\n  return out;\n}\n',
      ],
      [
        'a truthiness test',
        'python',
        'def ratio(a, b: int):\n    if not b:\n        return 0\n    return a / b\n',
      ],
      [
        'a default put in its place',
        'java',
        'class R {\n  static int per(int a, int b) {\n    b = Math.max(b, 1);\n    return a / b;\n  }\n}\n',
      ],
      [
        'a check in another function it calls',
        'go',
        'package m\n\nfunc Per(a, b int) int {\n\tmustPositive(b)\n\treturn a % b\n}\n',
      ],
    ];
    for (const [what, language, code] of guarded)
      it(what, async () => assert.doesNotMatch(await said(language, code), /divides by/));
  });

  describe('an overload is not recursion', () => {
    it('Java: a call to the overload with more arguments', async () => {
      const text = await said(
        'java',
        "class Text {\n  static String pad(String s) {\n    return pad(s, 8);\n  }\n  static String pad(String s, int width) {\n    StringBuilder b = new StringBuilder(s);\n    while (b.length() < width) b.append(' ');\n    return b.toString();\n  }\n}\n",
      );
      assert.doesNotMatch(text, /uses recursion|Recursive \(|calls itself|Depth:|lead back/);
    });

    it('C#: the same, and a real self-call among overloads is still recursion', async () => {
      const text = await said(
        'csharp',
        'class Text {\n  static string Repeat(string s) => Repeat(s, 2);\n  static string Repeat(string s, int n) {\n    if (n <= 0) return "";\n    return s + Repeat(s, n - 1);\n  }\n}\n',
      );
      assert.match(text, /`Text\.Repeat\(s, n\)`[^\n]*Recursive \(1 self-call site\)/);
      assert.doesNotMatch(text, /`Text\.Repeat\(s\)`[^\n]*Recursive/);
    });
  });

  describe('structure is read as declared', () => {
    it('C#: an interface is an interface, and declares its methods', async () => {
      const text = await said(
        'csharp',
        'public interface IStore\n{\n    string Get(string key);\n    void Put(string key, string value);\n    bool Remove(string key);\n}\n',
      );
      assert.match(text, /Interface `IStore` \(lines 1–6\) declares 3 methods: `Get`, `Put` and `Remove`\./);
      assert.doesNotMatch(text, /no methods|class `IStore`/i);
    });

    it('Java: an interface too, and a class keeps its methods', async () => {
      const text = await said(
        'java',
        'interface Shape {\n  double area();\n  double perimeter();\n}\nclass Square implements Shape {\n  double side;\n  public double area() { return side * side; }\n  public double perimeter() { return 4 * side; }\n}\n',
      );
      assert.match(text, /Interface `Shape` \(lines 1–4\) declares 2 methods: `area` and `perimeter`\./);
      assert.match(text, /Class `Square` \(lines 5–9\) has 2 methods: `area` and `perimeter`\./);
    });

    it('C: a switch is one switch, its case labels are its arms', async () => {
      const text = await said(
        'c',
        "int kind(int ch) {\n    switch (ch) {\n    case 'a':\n    case 'b':\n        return 1;\n    case 'z':\n        return 2;\n    default:\n        return 0;\n    }\n}\n",
      );
      assert.equal((text.match(/\(a switch\)/g) ?? []).length, 1, 'once, in the walkthrough');
      assert.match(text, /3 arms, `'a'` or `'b'` \(line 3\), `'z'` \(line 6\) and the default \(line 8\)/);
      assert.doesNotMatch(text, /value of `'a'`/);
    });

    it('PHP: the same', async () => {
      const text = await said(
        'php',
        '<?php\nfunction kind($c) {\n  switch ($c) {\n    case 1:\n      return "one";\n    default:\n      return "many";\n  }\n}\n',
      );
      assert.doesNotMatch(text, /value of `1`/);
    });
  });

  describe('a comment is given to what it is about', () => {
    it('a comment above the imports labels them: it is not what the file is for', async () => {
      const text = await said(
        'javascript',
        "/**\n * Module dependencies.\n */\n\nvar fs = require('fs');\n\n/** Reads the settings file. */\nfunction load(p) {\n  return fs.readFileSync(p, 'utf8');\n}\n",
      );
      assert.doesNotMatch(text, /Module dependencies/);
      assert.match(text, /According to its JSDoc \(line 7\), `load\(p\)` reads the settings file\./);
    });

    it('Python: the same above `import`', async () => {
      const text = await said(
        'python',
        '# Third-party imports\nimport json\n\n\ndef dump(x):\n    return json.dumps(x)\n',
      );
      assert.doesNotMatch(text, /Third-party imports/);
    });
  });

  describe('a pattern is named only with the structure that defines it', () => {
    it('a debounce cancels and restarts one timer in the same function', async () => {
      const text = await said(
        'javascript',
        'function debounce(fn, wait) {\n  let timer;\n  return (...args) => {\n    clearTimeout(timer);\n    timer = setTimeout(() => fn(...args), wait);\n  };\n}\n',
      );
      assert.match(
        text,
        /builds a debounced function: the function it creates cancels the pending timer \(`clearTimeout\(timer\)`, line 4\)/,
      );
    });

    it('a timer kept and re-armed, with its cancel elsewhere, is no debounce', async () => {
      const text = await said(
        'javascript',
        'class Flusher {\n  schedule(fn, wait) {\n    if (this.timer) return;\n    this.timer = setTimeout(() => { this.timer = null; fn(); }, wait);\n  }\n  cancel() {\n    clearTimeout(this.timer);\n    this.timer = null;\n  }\n}\n',
      );
      assert.doesNotMatch(text, /debounc|cancels the pending timer/);
    });

    it('building a string is not adding up', async () => {
      const text = await said(
        'javascript',
        'function joinTitles(rows) {\n  let out = "";\n  for (const row of rows) {\n    if (!row.title) continue;\n    out += row.title + ";";\n  }\n  return out;\n}\n',
      );
      assert.doesNotMatch(text, /adds up values|returns the total/);
      assert.match(text, /builds the string `out` piece by piece from `rows`/);
    });

    it('Python: extending a list with `+=` is not adding up', async () => {
      const text = await said(
        'python',
        'def keep_short(words):\n    kept = []\n    for w in words:\n        if len(w) < 4:\n            kept += [w]\n    return kept\n',
      );
      assert.doesNotMatch(text, /adds up values|returns the total/);
    });

    it('a sum is still a sum', async () => {
      const text = await said(
        'go',
        'package m\n\nfunc Sum(xs []int) int {\n\ttotal := 0\n\tfor _, x := range xs {\n\t\ttotal += x\n\t}\n\treturn total\n}\n',
      );
      assert.match(text, /adds up values from `xs` into `total` and returns the total/);
    });

    it('a name is not evidence: a method that refuses to read is not said to read', async () => {
      const text = await said(
        'java',
        'class Proxyish implements java.io.Serializable {\n  private void readObject(java.io.ObjectInputStream in) throws java.io.InvalidObjectException {\n    throw new java.io.InvalidObjectException("proxy required");\n  }\n}\n',
      );
      assert.doesNotMatch(text, /suggests|reads object/);
    });
  });

  describe('stack depth is claimed only where frames pile up', () => {
    const retry =
      'function fetchRetry(url, attempts) {\n  return fetch(url).catch((err) => {\n    if (attempts <= 0) throw err;\n    return fetchRetry(url, attempts - 1);\n  });\n}\n';

    it('recursion through a promise callback: no depth warning', async () => {
      assert.doesNotMatch(await said('javascript', retry), /Depth:|overflow/);
    });

    it('…and no advice to rewrite it as a loop', async () => {
      assert.doesNotMatch(
        await said('javascript', retry, { mode: 'comparative' }),
        /as a loop|explicit stack/,
      );
    });

    it('an async function calling itself: no depth warning', async () => {
      const text = await said(
        'javascript',
        'async function poll(job, tries) {\n  const done = await job.check();\n  if (done || tries === 0) return done;\n  return poll(job, tries - 1);\n}\n',
      );
      assert.doesNotMatch(text, /Depth:|overflow/);
    });

    it('a countdown says how deep it goes, not that any input overflows it', async () => {
      const text = await said(
        'python',
        'def attempt(op, retries: int):\n    try:\n        return op()\n    except OSError:\n        if retries == 0:\n            raise\n        return attempt(op, retries - 1)\n',
      );
      assert.match(
        text,
        /Depth: each call adds a frame and calls itself on `retries - 1`, so the stack is as deep as the number of steps down to the base case\./,
      );
      assert.doesNotMatch(text, /grows with the input/);
    });

    it('Rust: a call from a nested `fn` is that function’s, not a self-call', async () => {
      const text = await said(
        'rust',
        'fn outer(n: u32) -> u32 {\n    fn outer_helper(k: u32) -> u32 { if k == 0 { 0 } else { outer(k - 1) } }\n    outer_helper(n)\n}\n',
      );
      assert.doesNotMatch(text, /`outer\(n\)`[^\n]*(Recursive|calls itself)/);
    });
  });
  describe('a jump is given to the statement it leaves', () => {
    it('a `break` in a `case` ends the switch, not the loop (JavaScript, Java, C, C#, Go)', async () => {
      const cases: Array<[LanguageId, string]> = [
        [
          'javascript',
          'function count(items) {\n  let n = 0;\n  for (const it of items) {\n    switch (it.kind) {\n      case "a":\n        n += 2;\n        break;\n      default:\n        n += 1;\n    }\n  }\n  return n;\n}\n',
        ],
        [
          'java',
          'class T {\n  int count(int[] items) {\n    int n = 0;\n    for (int it : items) {\n      switch (it) {\n        case 1:\n          n += 2;\n          break;\n        default:\n          n += 1;\n      }\n    }\n    return n;\n  }\n}\n',
        ],
        [
          'c',
          'int count(const int *items, int len) {\n  int n = 0;\n  for (int i = 0; i < len; i++) {\n    switch (items[i]) {\n    case 1:\n      n += 2;\n      break;\n    default:\n      n += 1;\n    }\n  }\n  return n;\n}\n',
        ],
        [
          'csharp',
          'class T {\n  int Count(int[] items) {\n    int n = 0;\n    foreach (var it in items) {\n      switch (it) {\n        case 1:\n          n += 2;\n          break;\n        default:\n          n += 1;\n          break;\n      }\n    }\n    return n;\n  }\n}\n',
        ],
        [
          'go',
          'package t\n\nfunc count(items []int) int {\n\tn := 0\n\tfor _, it := range items {\n\t\tswitch it {\n\t\tcase 1:\n\t\t\tif n > 9 {\n\t\t\t\tbreak\n\t\t\t}\n\t\t\tn += 2\n\t\tdefault:\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n',
        ],
      ];
      for (const [language, code] of cases) {
        const text = await said(language, code);
        assert.doesNotMatch(text, /\bstops\b|leaves the loop/, `${language}: ${text}`);
      }
    });

    it('a labelled `break` leaves the loop it names, and a plain one in an inner loop leaves only that one', async () => {
      const text = await said(
        'javascript',
        'function find(grid, x) {\n  let hits = 0;\n  outer: for (const row of grid) {\n    for (const cell of row) {\n      if (cell === x) break outer;\n      if (cell < 0) break;\n      hits++;\n    }\n  }\n  return hits;\n}\n',
      );
      assert.match(text, /The loop on lines 3–9[^\n]*stops when `cell === x` \(line 5\)/);
      assert.doesNotMatch(text, /The loop on lines 3–9[^\n]*stops when `cell < 0`/);
      assert.match(text, /The loop on lines 4–8[^\n]*stops when `cell < 0` \(line 6\)/);
    });

    it('Python: a `break` in an inner loop’s `else` leaves the outer loop, and the `else` is told', async () => {
      const text = await said(
        'python',
        'def pack(boxes, limit):\n    rows = []\n    while boxes:\n        row = []\n        while boxes:\n            if len(row) >= limit:\n                break\n            row.append(boxes.pop())\n        else:\n            if not row:\n                break\n        rows.append(row)\n    return rows\n',
      );
      assert.match(text, /The loop on lines 3–12[^\n]*stops when `not row` \(line 11\)/);
      assert.doesNotMatch(text, /The loop on lines 5–11[^\n]*line 11\)/);
      assert.match(text, /Its `else` \(line 9\) runs only when the loop ends without a `break`\./);
    });
  });

  describe('a compound assignment is named by its operator', () => {
    it('`*=` multiplies, `/=` divides, `-=` subtracts: none of them adds', async () => {
      const text = await said(
        'javascript',
        'function scale(values, f) {\n  let product = 1;\n  let rest = 100;\n  let ratio = 1;\n  for (const v of values) {\n    product *= v;\n    rest -= v;\n    ratio /= f;\n  }\n  return [product, rest, ratio];\n}\n',
      );
      assert.match(text, /multiplies `product` by `v` \(line 6\)/);
      assert.match(text, /subtracts `v` from `rest` \(line 7\)/);
      assert.match(text, /divides `ratio` by `f` \(line 8\)/);
      assert.doesNotMatch(text, /adds to `(product|rest|ratio)`/);
    });

    it('Go: `out = append(out, x)` adds items to `out`; it does not set it', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc evens(xs []int) []int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tif x%2 == 0 {\n\t\t\tout = append(out, x)\n\t\t}\n\t\tif x < 0 {\n\t\t\tbreak\n\t\t}\n\t}\n\treturn out\n}\n',
      );
      assert.match(text, /adds items to `out` \(line 7\)/);
      assert.doesNotMatch(text, /sets `out`/);
    });
  });

  describe('a name written in the code is used, not a stand-in', () => {
    it('Rust: a method of `impl Trait for u128` is named `<u128 as Trait>.fmt`, not “the method on line 4”', async () => {
      const text = await said(
        'rust',
        'trait Unsigned { fn fmt(self) -> usize; }\n\nimpl Unsigned for u128 {\n    fn fmt(self) -> usize {\n        if self == 0 {\n            return 1;\n        }\n        2\n    }\n}\n',
      );
      assert.match(text, /Impl block `<u128 as Unsigned>` \(lines 3–10\) has 1 method: `fmt`/);
      assert.match(text, /`<u128 as Unsigned>\.fmt` is a method on lines 4–9/);
      assert.doesNotMatch(text, /the method on line 4|the class on line 3|written inline/);
    });
  });

  describe('switch labels are read as written', () => {
    it('C#: patterns and `when` guards are labels, not the default', async () => {
      const text = await said(
        'csharp',
        'class T {\n  enum Kind { A, B, C }\n  static int Score(Kind k, int n) {\n    switch (k) {\n      case Kind.A:\n        return 1;\n      case Kind.B when n > 2:\n        return 2;\n      default:\n        return 0;\n    }\n  }\n}\n',
      );
      assert.match(
        text,
        /3 arms, `Kind\.A` \(line 5\), `Kind\.B when n > 2` \(line 7\) and the default \(line 9\)/,
      );
    });
  });

  describe('a state machine needs state', () => {
    it('a switch on a value read afresh each turn is not one; a switch whose arms set what it switches on is', async () => {
      const fresh = await said(
        'javascript',
        'function kinds(text) {\n  const out = [];\n  for (let i = 0; i < text.length; i++) {\n    const c = text[i];\n    switch (c) {\n      case "(":\n        out.push("open");\n        break;\n      default:\n        out.push("other");\n    }\n  }\n  return out;\n}\n',
      );
      assert.doesNotMatch(fresh, /state machine/);
      const machine = await said(
        'javascript',
        'function strings(text) {\n  let mode = "code";\n  let n = 0;\n  for (const c of text) {\n    switch (mode) {\n      case "code":\n        if (c === \'"\') mode = "string";\n        break;\n      case "string":\n        if (c === \'"\') { mode = "code"; n++; }\n        break;\n    }\n  }\n  return n;\n}\n',
      );
      assert.match(machine, /state machine: a `switch` on `mode`/);
      // Declared outside the loop but read afresh at the top of each turn: an arm's change does not last.
      const reread = await said(
        'javascript',
        'function decode(s) {\n  let c;\n  let out = "";\n  let i = 0;\n  while (i < s.length) {\n    c = s[i];\n    switch (c) {\n      case "%":\n        c = s[i + 1];\n        out += c;\n        i += 2;\n        break;\n      default:\n        out += c;\n        i++;\n    }\n  }\n  return out;\n}\n',
      );
      assert.doesNotMatch(reread, /state machine/);
    });
  });

  describe('what is outside the snippet is outside it', () => {
    it('a function of the snippet called by its full name or on its own type’s receiver is not an outside call', async () => {
      const js = await said(
        'javascript',
        "exports.sign = function (val) {\n  return val + '.' + val.length;\n};\nexports.check = function (input) {\n  return exports.sign(input.slice(0, 3)) === input;\n};\n",
      );
      assert.doesNotMatch(dependencies(js), /`exports\.sign`/);
      assert.match(dependencies(js), /`input\.slice`/);
      const go = await said(
        'go',
        'package t\n\ntype Lexer struct{ pos int }\n\nfunc (l *Lexer) skip() { l.pos++ }\n\nfunc (l *Lexer) Next(s string) byte {\n\tl.skip()\n\treturn s[l.pos]\n}\n',
      );
      assert.doesNotMatch(dependencies(go), /`l\.skip`/);
    });
  });

  describe('"changes nothing" only when nothing can have changed', () => {
    it('C: writes through pointer parameters are told; a Go method’s writes through its receiver are too', async () => {
      const c = await said(
        'c',
        'struct buf { char *data; unsigned len; };\n\nvoid grow(struct buf *b, unsigned n, int *count) {\n  b->len += n;\n  *count = *count + 1;\n}\n',
      );
      assert.match(c, /changes `b` \(line 4\) and what `count` points to \(line 5\) in place/);
      assert.doesNotMatch(c, /changes no parameter or field/);
      const go = await said(
        'go',
        'package t\n\ntype Cursor struct{ pos int }\n\nfunc (c *Cursor) Move(n int) {\n\tc.pos += n\n}\n',
      );
      assert.match(go, /sets `c\.pos` \(line 6\)/);
      assert.doesNotMatch(go, /changes no parameter or field/);
    });

    it('Java: an assignment to a name it does not declare may be a field: nothing is said to be unchanged', async () => {
      const text = await said(
        'java',
        'class T {\n  int hits;\n  void hit(int n) {\n    hits = n + 1;\n  }\n}\n',
      );
      assert.doesNotMatch(text, /changes no parameter or field/);
      const local = await said(
        'java',
        'class T {\n  int twice(int n) {\n    int m = n * 2;\n    return m;\n  }\n}\n',
      );
      assert.match(local, /changes no parameter or field/);
    });
  });

  describe('a doc comment is quoted as written', () => {
    it('code spans stay code, a range’s brackets stay, an intra-doc link reads as its name', async () => {
      const text = await said(
        'rust',
        '/// Returns the index in `[0, len)` of the first byte equal to `needle`, as [`usize`].\npub fn find(hay: &[u8], needle: u8) -> Option<usize> {\n    hay.iter().position(|&b| b == needle)\n}\n',
      );
      assert.match(text, /returns the index in `\[0, len\)` of the first byte equal to `needle`, as `usize`/);
    });
  });

  describe('the cost of nested loops is what they do, not how they nest', () => {
    it('an inner loop moving the outer loop’s index, and a loop of a fixed count, multiply nothing', async () => {
      const text = await said(
        'go',
        "package t\n\nfunc fields(s string) int {\n\tn := 0\n\ti := 0\n\tfor i < len(s) {\n\t\tfor i < len(s) && s[i] == ' ' {\n\t\t\ti++\n\t\t}\n\t\tn++\n\t\tfor i < len(s) && s[i] != ' ' {\n\t\t\ti++\n\t\t}\n\t}\n\treturn n\n}\n\nfunc sum4(b []int) int {\n\tt := 0\n\tfor j := 0; j < 4; j++ {\n\t\tt += b[j]\n\t}\n\treturn t\n}\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /`fields\(s\)`: O\(n\) — [^\n]*moves the same `i` as the loop on line 6/);
      assert.doesNotMatch(text, /O\(n\^2\)/);
      assert.match(
        text,
        /`sum4\(b\)`: O\(1\) — the loop on line 20 runs at most a fixed number of times \(`j < 4`\)/,
      );
    });

    it('an inner loop that starts its index afresh each turn multiplies', async () => {
      const text = await said(
        'go',
        'package t\n\nfunc pairs(s []int) int {\n\tn := 0\n\tfor i := 0; i < len(s); i++ {\n\t\tfor j := 0; j < len(s); j++ {\n\t\t\tif s[i] == s[j] {\n\t\t\t\tn++\n\t\t\t}\n\t\t}\n\t}\n\treturn n\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /`pairs\(s\)`: O\(n\^2\)/);
    });
  });
  describe('the second panel’s classes', () => {
    it('learning: what happens when a condition with an else arm is false is not answered “skipped”', async () => {
      const text = await said(
        'python',
        'def grade(score, curve):\n    if score is None:\n        return 0\n    if curve:\n        score = score * 1.1\n    else:\n        score = score - 1\n    return score\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /when `curve` is false[^\n]*\n[^\n]*skipped/);
      assert.match(
        text,
        /return `0` \(the `if` on line 2\)\?\n\s*Answer: Those for which `score is None` holds: then it returns `0` at once\./,
      );
    });

    it('a loop counting down (`while (i > 0)`) is not a fixed number of turns', async () => {
      const text = await said(
        'csharp',
        'class R {\n  static int Sum(int[] xs) {\n    var i = xs.Length;\n    var t = 0;\n    while (i > 0) {\n      t += xs[--i];\n    }\n    return t;\n  }\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /fixed number of times/);
      assert.match(text, /`R\.Sum\(xs\)`: O\(n\)/);
    });

    it('Python: names set together in a loop (`a, b = b, a + b`) are each told', async () => {
      const text = await said(
        'python',
        'def fib(n):\n    a, b = 0, 1\n    while True:\n        if n == 0:\n            break\n        a, b = b, a + b\n        n -= 1\n    return a\n',
      );
      assert.match(
        text,
        /The loop on lines 3–7 runs until something inside it leaves it\. Inside, it sets `a` \(line 6\), sets `b` \(line 6\)/,
      );
    });

    it('a counter used as an index is a position written, not a count that can overflow', async () => {
      const text = await said(
        'java',
        'class C {\n  static int copy(byte[] src, byte[] dst) {\n    int dp = 0;\n    for (byte b : src) {\n      if (b != 0) dst[dp++] = b;\n    }\n    return dp;\n  }\n}\n',
      );
      assert.doesNotMatch(text, /counts items|Overflow: `dp`/);
    });

    it('code the parser could not read is not said to define nothing', async () => {
      // A doc comment that lost its opening `/**`: the parser gives up on what follows.
      const text = await said(
        'typescript',
        "import { a } from './a';\n\n * Picks the servers.\n * @param xs - the servers\n */\nfunction pick(xs: number[]): number[] {\n  return xs.filter((x) => x > a);\n}\n",
      );
      assert.match(text, /could not make sense of/);
      assert.doesNotMatch(text, /defines no functions|is top-level code|The code has no loops/);
    });

    it('Rust: a function whose value is its last expression is not said to have no return', async () => {
      const text = await said(
        'rust',
        'fn sign(n: i32) -> i32 {\n    if n < 0 {\n        -1\n    } else {\n        1\n    }\n}\n',
      );
      assert.doesNotMatch(text, /has no return statement/);
      // Its tail `if` gives the value of the arm taken: each arm's value is what it returns.
      assert.match(text, /`sign\(n\)`: inputs `n`; returns `-1` or `1`\./);
    });
  });
  describe('the third panel’s classes', () => {
    it('a literal returned before the question keeps the function from answering only that question', async () => {
      const text = await said(
        'typescript',
        'export function isStale(e: Entry, version: number): boolean {\n  if (!e.loaded) {\n    return true;\n  }\n  return e.version !== version;\n}\n',
        { mode: 'quick' },
      );
      assert.doesNotMatch(text, /it returns whether `e\.version` differs from `version`/);
      assert.match(
        text,
        /returns `true` when `!e\.loaded` \(line 3\), and otherwise whether `e\.version` differs from `version` \(line 5\)/,
      );
    });

    it('a chained method is one dependency, and a method of a literal is named by its method', async () => {
      const js = dependencies(
        await said(
          'javascript',
          "function clean(s) {\n  return s\n    .replace(/=/g, '')\n    .replace(/-/g, '+');\n}\n",
        ),
      );
      assert.doesNotMatch(js, /`s \.replace`/);
      assert.match(js, /`\.replace`/);
      const py = dependencies(
        await said(
          'python',
          'def shout(name):\n    return "a rather long greeting for you, {}!!".format(name).upper()\n',
        ),
      );
      assert.doesNotMatch(py, /`"a rather/);
      assert.match(py, /`\.format`/);
    });

    it('loops that run down the same slice, or one the function leaves right after, do not multiply', async () => {
      const consumed = await said(
        'go',
        "package p\n\nfunc scan(chunk, s string) bool {\n\tfor len(chunk) > 0 {\n\t\tswitch chunk[0] {\n\t\tcase '[':\n\t\t\tchunk = chunk[1:]\n\t\t\tfor {\n\t\t\t\tif len(chunk) > 0 && chunk[0] == ']' {\n\t\t\t\t\tchunk = chunk[1:]\n\t\t\t\t\tbreak\n\t\t\t\t}\n\t\t\t\tchunk = chunk[1:]\n\t\t\t}\n\t\tdefault:\n\t\t\tchunk = chunk[1:]\n\t\t}\n\t}\n\treturn s == \"\"\n}\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        consumed,
        /O\(n\) — [^\n]*the loop on line 8 runs down the same `chunk` as the loop on line 4/,
      );
      assert.doesNotMatch(consumed, /O\(n\^2\)|innermost loop on line 8 runs for every iteration/);
      const once = await said(
        'java',
        "class P {\n  static int parse(char[] cs, int end) {\n    int v = 0;\n    for (int i = 0; i < end; i++) {\n      int next = v * 10 + (cs[i] - '0');\n      if (next < v) {\n        for (int j = i + 1; j < end; j++) {\n          if (cs[j] == ' ') return -1;\n        }\n        return -2;\n      }\n      v = next;\n    }\n    return v;\n  }\n}\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        once,
        /O\(n\) — [^\n]*the loop on line 7 is followed by a way out of the function, so it runs at most once per call/,
      );
      // Nested loops that do multiply are still told, and a conditional inner loop only "can" run each time.
      const nested = await said(
        'javascript',
        'function pairs(xs) {\n  let n = 0;\n  for (const a of xs) {\n    if (a > 0) {\n      for (const b of xs) n += a * b;\n    }\n  }\n  return n;\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(nested, /O\(n\^2\)/);
      assert.match(nested, /the innermost loop on line 5 can run for every iteration of the loops around it/);
    });

    it('a callback is not said to change what only a callback inside it changes', async () => {
      const text = await said(
        'javascript',
        'function merge(target, sources) {\n  var src, val;\n  sources.forEach(function (obj) {\n    Object.keys(obj).forEach(function (key) {\n      src = target[key];\n      val = obj[key];\n      target[key] = val || src;\n    });\n  });\n  return target;\n}\n',
      );
      assert.doesNotMatch(text, /function passed to `forEach` on line 3[^\n]*changes `src`/);
      assert.match(
        text,
        /function passed to `forEach` on line 4[^\n]*It is a closure: it uses `src`, `target`, `val` and `obj` from the functions around it, and changes `src` and `val`/,
      );
    });
  });

  describe('the purpose corpus’s third sample', () => {
    it('a generator’s `for … in` is no membership test, so the function answers no yes-or-no question', async () => {
      const text = await said(
        'python',
        'def row_values(self, row):\n    return (row.get(name, self.blank) for name in self.columns)\n',
        { mode: 'quick' },
      );
      assert.doesNotMatch(text, /answers yes or no|is in `self\.columns`/);
    });

    it('Go: the labels of a switch on a value are not told as conditions', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc size(k Kind) (int, error) {\n\tswitch k {\n\tcase Small:\n\t\treturn 1, nil\n\tcase Big:\n\t\treturn 9, nil\n\t}\n\treturn 0, errKind\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /when `Small`|when `Big`/);
    });

    it('a Java method that only shares `toString`’s name is not said to be what printing shows', async () => {
      const text = await said(
        'java',
        'class Addr {\n  private static String toString(String host, int port) {\n    return host + ":" + port;\n  }\n}\n',
      );
      assert.doesNotMatch(text, /the language calls `toString`/);
    });
  });

  describe('learning: a catch is answered with the calls that can throw what it catches', () => {
    const learning = { mode: 'learning', audience: 'beginner' } as const;
    /** The answer under the question about the error handler. */
    const catchAnswer = (text: string) =>
      /error handler on line \d+\?\n\s*Answer: ([^\n]*)/.exec(text)?.[1] ?? '';

    it('Java: `names.add` is not said to throw the `NumberFormatException` caught; `Integer.parseInt` is', async () => {
      const answer = catchAnswer(
        await said(
          'java',
          'import java.util.List;\n\nclass Reader {\n  static int readAll(List<String> items, List<String> names) {\n    int n = 0;\n    for (String s : items) {\n      try {\n        n = Integer.parseInt(s);\n        names.add(s);\n      } catch (NumberFormatException e) {\n        System.out.println("skip " + s);\n      }\n    }\n    return n;\n  }\n}\n',
          learning,
        ),
      );
      assert.match(answer, /^`Integer\.parseInt`, which throws `NumberFormatException`\./);
      assert.match(answer, /Nothing here shows that `names\.add` throws it\./);
      assert.doesNotMatch(answer, /The calls in the block it guards/);
    });

    it('Python: `print` is not said to raise the `ValueError` caught; a JSON decode error is a kind of it', async () => {
      const answer = catchAnswer(
        await said(
          'python',
          'import json\n\ndef load_all(texts):\n    out = []\n    for t in texts:\n        try:\n            out.append(json.loads(t))\n            print(t)\n        except ValueError as err:\n            print("bad", err)\n    return out\n',
          learning,
        ),
      );
      assert.match(answer, /`json\.loads`, which raises `JSONDecodeError` \(a kind of `ValueError`\)/);
      assert.doesNotMatch(answer, /`print`, which|calls in the block it guards/);
    });

    it('C#: with no call known to throw the `FormatException` caught, it says so instead of naming one', async () => {
      const answer = catchAnswer(
        await said(
          'csharp',
          'class Reader {\n  static int Read(string s) {\n    try {\n      Log(s);\n      return Convert(s);\n    } catch (FormatException) {\n      return 0;\n    }\n  }\n}\n',
          learning,
        ),
      );
      assert.match(
        answer,
        /catches `FormatException`.*which of the calls it guards \(`Log` and `Convert`\) can throw it is not visible here/,
      );
    });

    it('a catch-all still names every call it guards', async () => {
      const js = catchAnswer(
        await said(
          'javascript',
          'function load(text) {\n  try {\n    const v = JSON.parse(text);\n    show(v);\n  } catch (e) {\n    console.error(e);\n  }\n}\n',
          learning,
        ),
      );
      assert.equal(js, 'The calls in the block it guards: `JSON.parse` and `show`.');
      const java = catchAnswer(
        await said(
          'java',
          'class R {\n  static void run(String s) {\n    try {\n      Integer.parseInt(s);\n      save(s);\n    } catch (Exception e) {\n      log(e);\n    }\n  }\n}\n',
          learning,
        ),
      );
      assert.equal(java, 'The calls in the block it guards: `Integer.parseInt` and `save`.');
    });
  });

  describe('C: the arms of `#if`/`#ifdef` … `#else` are alternatives, not steps in a row', () => {
    const code =
      'int page_size(int n) {\n#ifdef _WIN32\n    if (n < 0) return -1;\n    return win_page(n);\n#else\n    while (n > 4096) n = n / 2;\n    return posix_page(n);\n#endif\n}\n\nint tally(int *xs, int n) {\n    int total = 0;\n    for (int i = 0; i < n; i++) {\n#if defined(WIDE) && WIDE > 1\n        total += 2 * xs[i];\n#elif defined(NARROW)\n        total += xs[i] / 2;\n#else\n        total += xs[i];\n#endif\n    }\n    return total;\n}\n';

    it('tells the arms as alternatives with their compile-time conditions', async () => {
      const text = await said('c', code);
      assert.match(
        text,
        /It follows one of 2 paths chosen when the code is compiled \(lines 2–8\) — when `_WIN32` is defined, it returns `-1` if `n < 0` \(line 3\), returns `win_page\(n\)` \(line 4\) and calls `win_page`; otherwise, it repeats a loop while `n > 4096` holds \(line 6\), returns `posix_page\(n\)` \(line 7\) and calls `posix_page`\./,
      );
      assert.doesNotMatch(text, /returns `win_page\(n\)` \(line 4\), repeats a loop/);
      assert.match(text, /calls some of `win_page` and `posix_page`, depending on how it is compiled/);
    });

    it('a change made in each arm is one of them, not several in a row', async () => {
      const text = await said('c', code);
      assert.match(
        text,
        /adds to `total` \(line 15, line 17 or line 19, whichever arm of the conditional on lines 14–20 is compiled\)/,
      );
      assert.doesNotMatch(text, /adds to `total` \(lines 15, 17 and 19\)/);
    });

    it('functions defined in both arms are versions, each compiled only under its condition', async () => {
      const text = await said(
        'c',
        '#ifndef USE_SLASH\nint sep(void) { return 92; }\n#else\nint sep(void) { return 47; }\n#endif\n\nint twice(void) { return 2 * sep(); }\n',
      );
      assert.match(
        text,
        /defines function `sep` \(2 versions, one per arm of the conditional on lines 1–5\)/,
      );
      assert.match(text, /It is compiled only when `USE_SLASH` is not defined/);
      assert.match(text, /It is compiled only when `USE_SLASH` is defined/);
      assert.doesNotMatch(text, /function `sep`, function `sep`/);
    });

    it('a loop and a cost that only one arm has are told with that arm’s condition', async () => {
      const text = await said(
        'c',
        'int pairs(int *xs, int n) {\n    int best = 0;\n#ifdef ALL_PAIRS\n    for (int i = 0; i < n; i++)\n        for (int j = 0; j < n; j++)\n            best += xs[i] * xs[j];\n#else\n    best = xs[0];\n#endif\n    return best;\n}\n',
      );
      assert.match(
        text,
        /The loop on lines 4–6 \(compiled only when `ALL_PAIRS` is defined\) runs while `i < n` holds/,
      );
      assert.match(
        text,
        /Cost: O\(n\^2\) — its loops nest 2 deep[^.]*\(compiled only when `ALL_PAIRS` is defined\)/,
      );
    });

    it('C#: `#if DEBUG` … `#else` arms are alternatives too', async () => {
      const text = await said(
        'csharp',
        'class Pick {\n  int Choose(int n) {\n#if DEBUG\n    return Slow(n);\n#else\n    return Fast(n);\n#endif\n  }\n}\n',
      );
      assert.match(
        text,
        /when `DEBUG` is defined, it returns `Slow\(n\)` \(line 4\) and calls `Slow`; otherwise, it returns `Fast\(n\)` \(line 6\)/,
      );
      assert.doesNotMatch(text, /returns `Slow\(n\)` \(line 4\) and returns `Fast\(n\)`/);
    });

    it('code without a conditional is told in sequence as before', async () => {
      const text = await said('c', 'int top(int n) {\n    while (n > 9) n = n / 10;\n    return n;\n}\n');
      assert.match(text, /repeats a loop while `n > 9` holds \(line 2\) and returns `n` \(line 3\)/);
      assert.doesNotMatch(text, /paths chosen when the code is compiled/);
    });
  });

  describe('a closure uses a name only where it refers to the enclosing function’s variable', () => {
    it('TypeScript: a key, a property, a string and a shadowing parameter are no use', async () => {
      const text = await said(
        'typescript',
        'export function makeCounter(step: number, label: string) {\n  let count = 0;\n  const bump = () => {\n    count += step;\n    return count;\n  };\n  const describe = (label: string) => ({ label, count: 1 }).count;\n  const read = (obj: { step: number }) => obj.step + " count";\n  return { bump, describe, read };\n}\n',
      );
      assert.match(
        text,
        /`bump\(\)`[^\n]*It is a closure: it uses `count` and `step` from the function around it \(`makeCounter`\), and changes `count`/,
      );
      assert.doesNotMatch(text, /`describe\(label\)`[^\n]*It is a closure/);
      assert.doesNotMatch(text, /`read\(obj\)`[^\n]*It is a closure/);
    });

    it('Python: a keyword argument’s name and a name the nested def sets itself are no use; `nonlocal` is', async () => {
      const text = await said(
        'python',
        'def make(step, limit):\n    count = 0\n\n    def bump():\n        nonlocal count\n        count = count + step\n        return count\n\n    def check(x):\n        limit = 3\n        return dict(step=1).get("step") + x < limit\n\n    return bump, check\n',
      );
      assert.match(
        text,
        /`make\.bump\(\)`[^\n]*it uses `count` and `step` from the function around it \(`make`\), and changes `count`/,
      );
      assert.doesNotMatch(text, /`make\.check\(x\)`[^\n]*It is a closure/);
    });

    it('Go: a struct literal’s field name and a selector are no use', async () => {
      const text = await said(
        'go',
        'package main\n\nfunc build(total int, name string) (func() int, func(string) int) {\n\tcount := 0\n\tinc := func() int {\n\t\tcount += total\n\t\treturn count\n\t}\n\tsize := func(name string) int {\n\t\tp := Point{count: 1}\n\t\treturn len(name) + p.total\n\t}\n\treturn inc, size\n}\n',
      );
      assert.match(
        text,
        /it uses `count` and `total` from the function around it \(`build`\), and changes `count`/,
      );
      assert.doesNotMatch(text, /function literal on line 9[^\n]*It is a closure/);
    });
  });

  describe('only a return something runs after is an early exit', () => {
    const early = (name: string) => new RegExp(`\`${name}\\(a\\)\` leaves early`);

    it('the final if/else whose arms both return is the normal end, not an early exit', async () => {
      const text = await said(
        'javascript',
        "function size(a) {\n  if (a > 3) {\n    return 'big';\n  } else {\n    return 'small';\n  }\n}\n",
      );
      assert.doesNotMatch(text, /leaves early/);
    });

    it('a guard followed by more code is an early exit; the last return is not', async () => {
      const text = await said(
        'typescript',
        'function half(a: number) {\n  if (a < 0) return 0;\n  const b = a / 2;\n  return b;\n}\n',
      );
      assert.match(text, /`half\(a\)` leaves early on line 2, returning `0`/);
      assert.doesNotMatch(text, /leaves early on line 4/);
    });

    it('Python and Java: arms of a final if/else or switch are no early exits; a return in a loop is', async () => {
      const py = await said(
        'python',
        "def size(a):\n    if a > 3:\n        return 'big'\n    else:\n        return 'small'\n\ndef first(a):\n    for x in a:\n        if x:\n            return x\n    return None\n",
      );
      assert.doesNotMatch(py, early('size'));
      assert.match(py, /`first\(a\)` leaves early on line 10, returning `x`/);
      assert.doesNotMatch(py, /leaves early on line 11/);
      const java = await said(
        'java',
        'class K {\n  int pick(int a) {\n    if (a > 3) return 1; else return 2;\n  }\n  int code(int a) {\n    switch (a) {\n      case 1: return 10;\n      default: return 20;\n    }\n  }\n}\n',
      );
      assert.doesNotMatch(java, /leaves early/);
    });

    it('Go: a return after an `if` that returns is the normal end', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc clamp(a int) int {\n\tif a > 9 {\n\t\treturn 9\n\t}\n\treturn a\n}\n',
      );
      assert.match(text, /`clamp\(a\)` leaves early on line 5, returning `9`/);
      assert.doesNotMatch(text, /leaves early on line 7/);
    });
  });
  describe('a conversion is no construction', () => {
    it('JavaScript: `Number(x)` without `new` converts; `new Date(x)` creates', async () => {
      const text = await said(
        'javascript',
        'function toCount(x) {\n  return Number(x);\n}\nfunction when(x) {\n  return new Date(x);\n}\nfunction pick(s, d, n) {\n  return Boolean(s) ? d : BigInt(n);\n}\n',
      );
      assert.doesNotMatch(text, /new `(Number|Boolean|BigInt)`/);
      assert.match(text, /converts `x` to a number and returns it \(line 2\)/);
      assert.match(text, /creates and returns a new `Date` \(line 5\)/);
    });

    it('Python: `int(s)` converts, calling a class creates', async () => {
      const text = await said(
        'python',
        'def parse(s):\n    return int(s)\n\ndef origin(x):\n    return Point(x, 0)\n',
      );
      assert.match(text, /converts `s` to an integer and returns it \(line 2\)/);
      assert.match(text, /creates and returns a new `Point` \(line 5\)/);
    });

    it('Java: a long `new` is still a creation; a call on the new object returns that call’s value', async () => {
      const text = await said(
        'java',
        'class A {\n  Parser make(String source, int width, int height, boolean strict) {\n    return new Parser(source, width, height, strict, "a long default value to pass the clip");\n  }\n  String name(String s) {\n    return new Parser(s).name();\n  }\n}\n',
      );
      assert.match(
        text,
        /`A\.make\(source, width, height, strict\)` is a [^\n]*It creates and returns a new `Parser` \(line 3\)/,
      );
      assert.doesNotMatch(text, /`A\.name\(s\)` is a [^\n]*creates/);
    });

    it('Go and C#: `T(x)` and a capitalised call create nothing', async () => {
      const go = await said(
        'go',
        'package p\n\ntype Celsius float64\n\nfunc widen(n int32) int64 {\n\treturn int64(n)\n}\n\nfunc temp(f float64) Celsius {\n\treturn Celsius(f)\n}\n',
      );
      assert.doesNotMatch(go, /creates and returns a new/);
      assert.match(go, /converts `n` to an int64 and returns it \(line 6\)/);
      // A conversion calls no function in Go: it is not listed among the calls.
      assert.doesNotMatch(go, /calls `int64`|`int64` and|: `int64`/);
      const cs = await said(
        'csharp',
        'class K {\n  public int Run(int x) {\n    return Compute(x);\n  }\n}\n',
      );
      assert.doesNotMatch(cs, /creates and returns a new `Compute`/);
    });
  });
  describe('a generator expression builds no collection', () => {
    it('Python: `sum(x * x for x in xs)` goes through `xs` lazily; a list comprehension builds a list', async () => {
      const text = await said(
        'python',
        "def total(xs):\n    return sum(x * x for x in xs)\n\ndef shout(s):\n    return ''.join(c.upper() for c in s)\n\ndef later(xs):\n    g = (x + 1 for x in xs)\n    return g\n\ndef evens(xs):\n    return [x for x in xs if x % 2 == 0]\n",
      );
      assert.match(text, /goes through `xs` lazily with a generator expression, feeding `sum`/);
      assert.match(text, /goes through `s` lazily with a generator expression, feeding `''\.join`/);
      assert.match(text, /makes a generator expression over `xs` \(lazy: it yields its values one at a time/);
      assert.match(text, /builds a collection with a comprehension over `xs` \(line 12\)/);
      assert.doesNotMatch(text, /builds a collection with a comprehension over `(xs|s)` \(line (2|5|8)\)/);
    });

    it('learning: a generator expression is explained as one, not as a comprehension', async () => {
      const text = await said('python', 'def total(xs):\n    return sum(x * x for x in xs)\n', {
        mode: 'learning',
        audience: 'beginner',
      });
      assert.match(text, /generator expression\*\* — [^\n]*builds no collection/i);
      assert.doesNotMatch(text, /\*\*comprehension\*\*|builds a collection/i);
    });
  });
  describe('a callback pipeline is a loop over its receiver in the cost', () => {
    const cost = (text: string, sig: string) =>
      new RegExp(`${sig.replace(/[()]/g, '\\$&')}: (O\\([^)]*\\)[^\\n]*)`).exec(text)?.[1] ?? '';

    it('JavaScript: `xs.map(…)` is O(n) in `xs`; `ys.filter(…)` inside a loop over another collection is O(n·m)', async () => {
      const text = await said(
        'javascript',
        'function totals(orders) {\n  return orders.map((o) => o.price * o.qty);\n}\nfunction matches(users, banned) {\n  const out = [];\n  for (const u of users) {\n    out.push(banned.filter((b) => b.id === u.id));\n  }\n  return out;\n}\nfunction label(a) {\n  return a + 1;\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(text, '`totals(orders)`'),
        /^O\(n\) — the `\.map` callback on line 2 runs once per item of `orders`/,
      );
      assert.match(
        cost(text, '`matches(users, banned)`'),
        /^O\(n·m\) — the `\.filter` callback on line 7 runs once per item of `banned` \(m\) on every iteration of the loop on line 6 over `users` \(n\)/,
      );
      assert.match(cost(text, '`label(a)`'), /^O\(1\) — it has no loops or recursion/);
      assert.doesNotMatch(cost(text, '`totals(orders)`'), /no loops/);
    });

    it('TypeScript: a loop inside a `forEach` callback multiplies; a pipeline in a returned function is not run', async () => {
      const text = await said(
        'typescript',
        'function cross(xs: number[], ys: number[]) {\n  let t = 0;\n  xs.forEach((x) => {\n    for (const y of ys) t += x * y;\n  });\n  return t;\n}\nfunction later(xs: number[]) {\n  return () => xs.map((x) => x + 1);\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(text, '`cross(xs, ys)`'),
        /^O\(n·m\) — the loop on line 4 runs over `ys` \(m\) on every call of the `\.forEach` callback on line 3 over `xs` \(n\)/,
      );
      assert.match(cost(text, '`later(xs)`'), /^O\(1\)/);
    });

    it('Java streams, C# LINQ, Rust iterators and Python `map`: linear; `Optional.map` and `Option::map` are no loops', async () => {
      const java = await said(
        'java',
        'import java.util.*;\nclass P {\n  List<Integer> lens(List<String> names) {\n    return names.stream().map(s -> s.length()).toList();\n  }\n  Optional<Integer> maybe(Optional<String> o) {\n    return o.map(s -> s.length());\n  }\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(java, '`P.lens(names)`'),
        /^O\(n\) — the `\.map` callback on line 4 runs once per item of `names`/,
      );
      assert.match(cost(java, '`P.maybe(o)`'), /^O\(1\)/);
      const cs = await said(
        'csharp',
        'using System.Linq;\nclass P {\n  public int[] Doubled(int[] xs) {\n    return xs.Where(x => x > 0).Select(x => x * 2).ToArray();\n  }\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(cs, '`P.Doubled(xs)`'),
        /^O\(n\) — the `\.Where` callback on line 4 runs once per item of `xs`/,
      );
      const rust = await said(
        'rust',
        'fn doubled(xs: &Vec<i32>) -> Vec<i32> {\n    xs.iter().map(|x| x * 2).collect()\n}\n\nfn maybe(o: Option<i32>) -> Option<i32> {\n    o.map(|x| x + 1)\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(rust, '`doubled(xs)`'),
        /^O\(n\) — the `\.map` callback on line 2 runs once per item of `xs`/,
      );
      assert.match(cost(rust, '`maybe(o)`'), /^O\(1\)/);
      const py = await said(
        'python',
        'def doubled(xs):\n    return list(map(lambda x: x * 2, xs))\n\ndef total(xs):\n    return sum(x * x for x in xs)\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(py, '`doubled(xs)`'),
        /^O\(n\) — the `map` callback on line 2 runs once per item of `xs`/,
      );
      assert.match(cost(py, '`total(xs)`'), /^O\(n\)/);
    });

    it('a loop of a fixed count does not hide a pipeline; a range’s `map` in Rust is linear in the range', async () => {
      const js = await said(
        'javascript',
        'function rows(xs) {\n  const out = [];\n  for (let i = 0; i < 4; i++) {\n    out.push(xs.map((x) => x * i));\n  }\n  return out;\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(js, '`rows(xs)`'),
        /^O\(n\) — the `\.map` callback on line 4 runs once per item of `xs`/,
      );
      const rust = await said(
        'rust',
        'fn squares(n: u32) -> Vec<u32> {\n    (0..n).map(|i| i * i).collect()\n}\n',
        {
          mode: 'performance',
        },
      );
      assert.match(
        cost(rust, '`squares(n)`'),
        /^O\(n\) — the `\.map` callback on line 2 runs once per item of `\(0\.\.n\)`/,
      );
    });

    it('a lazy pipeline nothing consumes runs nothing: Python’s `map`, a Java stream with no terminal step, a generator kept', async () => {
      const py = await said(
        'python',
        'def later(xs):\n    return map(lambda x: x * 2, xs)\n\ndef now(xs):\n    return list(map(lambda x: x * 2, xs))\n\ndef kept(xs):\n    g = (x + 1 for x in xs)\n    return g\n',
        { mode: 'performance' },
      );
      assert.match(cost(py, '`later(xs)`'), /^O\(1\)/);
      assert.match(
        cost(py, '`now(xs)`'),
        /^O\(n\) — the `map` callback on line 5 runs once per item of `xs`/,
      );
      assert.match(
        cost(py, '`kept(xs)`'),
        /^O\(1\) — no loop or recursion runs here: the generator expression on line 8 yields its values only as they are asked for/,
      );
      const java = await said(
        'java',
        'import java.util.*;\nimport java.util.stream.*;\nclass L {\n  Stream<Integer> later(List<String> names) {\n    return names.stream().map(s -> s.length());\n  }\n  long now(List<String> names) {\n    return names.stream().filter(s -> s.isEmpty()).count();\n  }\n}\n',
        { mode: 'performance' },
      );
      assert.match(cost(java, '`L.later(names)`'), /^O\(1\)/);
      assert.match(
        cost(java, '`L.now(names)`'),
        /^O\(n\) — the `\.filter` callback on line 8 runs once per item of `names`/,
      );
    });

    it('Ruby: a block given to `each` or `map` runs once per item; `n.times` runs `n` times; `.lazy` runs nothing', async () => {
      const text = await said(
        'ruby',
        'def total(xs)\n  t = 0\n  xs.each do |x|\n    t += x\n  end\n  t\nend\n\ndef common(xs, ys)\n  xs.select { |x| ys.any? { |y| y == x } }\nend\n\ndef later(xs)\n  xs.lazy.map { |x| x * 2 }\nend\n\ndef ticks(n)\n  n.times { |i| puts i }\nend\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(text, '`total(xs)`'),
        /^O\(n\) — the `\.each` callback on line 3 runs once per item of `xs`/,
      );
      assert.match(
        cost(text, '`common(xs, ys)`'),
        /^O\(n·m\) — the `\.any\?` callback on line 10 runs once per item of `ys` \(m\) on every call of the `\.select` callback on line 10 over `xs` \(n\)/,
      );
      assert.match(cost(text, '`later(xs)`'), /^O\(1\)/);
      assert.match(cost(text, '`ticks(n)`'), /^O\(n\) — the `\.times` callback on line 18 runs `n` times/);
    });

    it('a search in a pipeline’s callback multiplies with it', async () => {
      const text = await said(
        'javascript',
        'function common(xs) {\n  const ys = [1, 2, 3];\n  return xs.filter((x) => ys.includes(x));\n}\n',
        { mode: 'performance' },
      );
      assert.match(
        cost(text, '`common(xs)`'),
        /^O\(n·m\) — the `\.filter` callback on line 3 runs once per item of `xs` \(n\), and `ys\.includes\(…\)` searches `ys` \(m\)/,
      );
    });
  });

  describe('Go: a bare `return` returns the named results', () => {
    const splitter =
      "package kv\n\nfunc cut(line string) (key string, value string, found bool) {\n\tfor i := 0; i < len(line); i++ {\n\t\tif line[i] == ':' {\n\t\t\tkey, value, found = line[:i], line[i+1:], true\n\t\t\treturn\n\t\t}\n\t}\n\treturn\n}\n";

    it('names what it returns, in every mode that tells returns', async () => {
      for (const extra of [
        {},
        { mode: 'standard' as const },
        { mode: 'learning' as const, audience: 'beginner' as const },
      ]) {
        const text = await said('go', splitter, extra);
        assert.doesNotMatch(text, /without a value/);
      }
      const text = await said('go', splitter);
      assert.match(
        text,
        /`cut\(line\)`: inputs `line`; returns its named results `key`, `value` and `found`\./,
      );
      assert.match(text, /leaves early on line 7, returning its named results `key`, `value` and `found`/);
    });

    it('a bare `return` with unnamed results, or none, still returns without a value', async () => {
      const text = await said(
        'go',
        'package log\n\nfunc note(msg string) {\n\tif msg == "" {\n\t\treturn\n\t}\n\tprintln(msg)\n}\n',
      );
      assert.match(text, /returns without a value/);
      assert.doesNotMatch(text, /named result/);
    });
  });

  describe('parameters that hand a value back are outputs, and setting them is a change', () => {
    const reader =
      'static class Hex {\n    static bool TryNibble(string text, int at, out int nibble) {\n        nibble = 0;\n        if (at >= text.Length) return false;\n        nibble = System.Convert.ToInt32(text.Substring(at, 1), 16);\n        return true;\n    }\n}\n';

    it('C#: an `out` parameter is no input, and assigning it is no "changes nothing"', async () => {
      const text = await said('csharp', reader);
      assert.match(text, /inputs `text` and `at`; outputs `nibble` \(`out` parameter\)/);
      assert.doesNotMatch(text, /inputs `text`, `at` and `nibble`/);
      assert.doesNotMatch(text, /changes no parameter/);
      assert.match(text, /sets its `out` parameter `nibble` \(line 3\)/);
    });

    it('C#: a `ref` parameter is an input handed back, and `+=` on it changes the caller’s variable', async () => {
      const text = await said(
        'csharp',
        'class Tally {\n    static void Add(ref int sum, int amount) {\n        sum += amount;\n    }\n}\n',
      );
      assert.match(text, /inputs `sum` and `amount` \(`sum` by `ref`: the caller sees any change to it\)/);
      assert.doesNotMatch(text, /changes no parameter/);
    });

    it('Swift: an `inout` parameter assigned is a change the caller sees', async () => {
      const text = await said(
        'swift',
        'func cap(_ level: inout Int, at top: Int) {\n    if level > top {\n        level = top\n    }\n}\n',
      );
      assert.match(text, /`level` is an `inout` parameter/);
      assert.doesNotMatch(text, /changes no parameter/);
    });

    it('a plain C# parameter assigned is still a local, and stays an input', async () => {
      const text = await said(
        'csharp',
        'class Clip {\n    static int Low(int n) {\n        n = n < 0 ? 0 : n;\n        return n;\n    }\n}\n',
      );
      assert.match(text, /inputs `n`; returns `n`/);
      assert.doesNotMatch(text, /`out`|`ref`/);
    });
  });

  describe('C: a `goto` to a label that returns is an early exit', () => {
    const opener =
      '#include <stdio.h>\n\nint open_both(const char *a, const char *b, FILE **fa, FILE **fb) {\n    *fa = fopen(a, "r");\n    if (*fa == NULL)\n        goto bail;\n    *fb = fopen(b, "r");\n    if (*fb == NULL)\n        goto bail;\n    return 0;\nbail:\n    if (*fa) fclose(*fa);\n    return -1;\n}\n';

    it('counts the jumps and names the label, and claims no value past a branch', async () => {
      const text = await said('c', opener);
      assert.doesNotMatch(text, /No throw, catch, error return or early return/);
      assert.doesNotMatch(
        text,
        /the code there returns/,
        'a branch on the way: what it returns is not claimed',
      );
      assert.match(text, /jumps to the label `bail` \(line 11\) with 2 `goto` statements \(lines 6 and 9\)/);
    });

    it('where the label runs straight to a return, says the value', async () => {
      const text = await said(
        'c',
        '#include <stdlib.h>\n\nint fill(int **out, int n) {\n    int *buf = malloc(n * sizeof(int));\n    if (buf == NULL)\n        goto oom;\n    *out = buf;\n    return 1;\noom:\n    *out = NULL;\n    return 0;\n}\n',
      );
      assert.match(
        text,
        /jumps to the label `oom` \(line 9\) with 1 `goto` statement \(line 6\); the code there returns `0` \(line 11\)/,
      );
    });

    it('Go: a `goto` forward to a return is told too; a jump back (a retry) is no exit', async () => {
      const go = await said(
        'go',
        'package q\n\nfunc first(xs []int) int {\n\tif len(xs) == 0 {\n\t\tgoto empty\n\t}\n\treturn xs[0]\nempty:\n\treturn -1\n}\n',
      );
      assert.match(
        go,
        /jumps to the label `empty` \(line 8\) with 1 `goto` statement \(line 5\); the code there returns `-1` \(line 9\)/,
      );
      const retry = await said(
        'c',
        'int read_retry(int fd, char *buf) {\n    int tries = 0;\nagain:\n    tries++;\n    if (tries < 3 && buf[0] == 0)\n        goto again;\n    return tries;\n}\n',
      );
      assert.doesNotMatch(retry, /jumps to the label/);
    });

    it('code without `goto` or early exits still says there is none', async () => {
      const text = await said('c', 'int twice(int x) {\n    int y = x * 2;\n    return y;\n}\n');
      assert.match(text, /No throw, catch, error return or early return appears in this code/);
    });
  });

  describe('JavaScript: a function that reads `arguments` takes arguments', () => {
    it('no named parameters is not "no inputs"', async () => {
      const text = await said(
        'javascript',
        'var joinAll = function () {\n  var sep = arguments[0];\n  var parts = Array.prototype.slice.call(arguments, 1);\n  return parts.join(sep);\n};\n',
      );
      assert.doesNotMatch(text, /takes no parameters|no inputs/);
      assert.match(
        text,
        /names no parameters and takes its arguments through `arguments` \(any number of them\)/,
      );
      assert.match(text, /inputs through `arguments` \(any number of them\)/);
    });

    it('TypeScript, in learning mode too: a method reading `arguments` takes arguments', async () => {
      const text = await said(
        'typescript',
        'class Log {\n  line(): string {\n    return Array.from(arguments).join(" ");\n  }\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /takes no parameters/);
      assert.match(text, /takes its arguments through `arguments`/);
    });

    it('named parameters and `arguments.length`: further arguments too', async () => {
      const text = await said(
        'javascript',
        'function pick(first) {\n  return arguments.length > 1 ? arguments[1] : first;\n}\n',
      );
      assert.match(text, /inputs `first`, and any further ones through `arguments`/);
    });

    it('an arrow function has no `arguments` of its own; a function without it takes none', async () => {
      const text = await said(
        'javascript',
        'function wrap() {\n  const inner = () => 1;\n  return inner();\n}\n',
      );
      assert.match(text, /`wrap\(\)`: no inputs/);
      assert.doesNotMatch(text, /through `arguments`/);
    });
  });

  describe('a raise or throw is tied only to the condition it plainly follows from', () => {
    const python = [
      'def read_groups(chars, skipped):',
      '    groups = []',
      '    group = []',
      '    for ch in chars:',
      "        if 'a' <= ch <= 'k':",
      '            group.append(ch)',
      '            if len(group) == 3:',
      '                total = 0',
      '                try:',
      '                    groups.append(int(total))',
      '                except OverflowError:',
      "                    raise ValueError('too big') from None",
      "        elif ch == '-':",
      '            groups.append(None)',
      '        elif ch in skipped:',
      '            continue',
      '        else:',
      "            raise ValueError('stray')",
      '    return groups',
      '',
    ].join('\n');

    it('Python: a raise after a `try` is not said to happen whenever the `if` holds', async () => {
      const text = await said('python', python);
      assert.doesNotMatch(text, /raises `ValueError\('too big'\)` when/);
      assert.match(text, /raises `ValueError\('too big'\)` \(line 12\)/);
    });

    it('Python: an `else` raise at the end of a chain is tied to all the conditions, not the first', async () => {
      const text = await said('python', python);
      assert.doesNotMatch(text, /`'a' <= ch <= 'k'` does not hold/);
      // Told arm by arm: the `else` arm is the one taken when no condition above it holds.
      assert.match(text, /the `if` chain on line 5 takes one of 4 ways: when `'a' <= ch <= 'k'` \(line 5\)/);
      assert.match(
        text,
        /; when `ch in skipped` \(line 15\), it skips to the next turn \(line 16\); otherwise \(line 17\), it raises `ValueError\('stray'\)` \(line 18\)\./,
      );
      assert.doesNotMatch(text, /`ValueError\('too big'\)` in some cases \(line 12\), and in some cases/);
    });

    it('a throw first under its `if` is still tied to it (JavaScript, Go)', async () => {
      const js = await said(
        'javascript',
        "function firstBad(rows) {\n  for (const row of rows) {\n    if (row < 0) {\n      throw new RangeError('negative');\n    }\n  }\n  return rows;\n}\n",
      );
      assert.match(js, /throws `new RangeError\('negative'\)` when `row < 0` \(line 4\)/);
      const go = await said(
        'go',
        'package p\n\nfunc total(parts []string) (int, error) {\n\tsum := 0\n\tfor _, p := range parts {\n\t\tif len(p) > 2 {\n\t\t\tn, err := size(p)\n\t\t\tif err != nil {\n\t\t\t\treturn 0, err\n\t\t\t}\n\t\t\tsum += n\n\t\t} else {\n\t\t\treturn 0, errTiny\n\t\t}\n\t}\n\treturn sum, nil\n}\n',
      );
      // Nested in the `len(p) > 2` arm, `err != nil` alone is not when it returns.
      assert.match(go, /returns `0, err` in some cases, ending the function \(line 9\)/);
      assert.match(go, /returns `0, errTiny` when `len\(p\) > 2` does not hold/);
      const top = await said(
        'go',
        'package p\n\nfunc total(parts []string) (int, error) {\n\tsum := 0\n\tfor _, p := range parts {\n\t\tn, err := size(p)\n\t\tif err != nil {\n\t\t\treturn 0, err\n\t\t}\n\t\tsum += n\n\t}\n\treturn sum, nil\n}\n',
      );
      assert.match(top, /returns `0, err` when `err != nil`, ending the function \(line 8\)/);
    });

    it('Java and C#: a throw in a `catch` under an `if`, or in an `else if`, is not the first condition’s', async () => {
      const java = await said(
        'java',
        'class Tally {\n  int sum(String[] parts) {\n    int n = 0;\n    for (String p : parts) {\n      if (p.isEmpty()) {\n        try { n += Integer.parseInt(p); } catch (NumberFormatException e) { throw new IllegalStateException("odd"); }\n      } else if (p.equals("end")) {\n        throw new IllegalArgumentException("end");\n      }\n    }\n    return n;\n  }\n}\n',
      );
      assert.doesNotMatch(java, /IllegalStateException\("odd"\)` when/);
      assert.match(
        java,
        /throws `new IllegalArgumentException\("end"\)` when `p\.equals\("end"\)` holds and no condition above it did/,
      );
      const csharp = await said(
        'csharp',
        'class Tally {\n  int Sum(string[] parts) {\n    int n = 0;\n    foreach (var p in parts) {\n      if (p.Length > 1) {\n        Log(p);\n        throw new System.Exception("long");\n      } else if (p == "x") {\n        n++;\n      } else {\n        throw new System.Exception("short");\n      }\n    }\n    return n;\n  }\n}\n',
      );
      assert.doesNotMatch(csharp, /Exception\("long"\)` when/);
      assert.doesNotMatch(csharp, /`p\.Length > 1` does not hold/);
      // Told arm by arm: the `else` is the way taken when neither condition above it holds.
      assert.match(
        csharp,
        /the `if` chain on line 5 takes one of 3 ways: when `p\.Length > 1` \(line 5\), it calls `Log` \(line 6\) and throws `new System\.Exception\("long"\)` \(line 7\); when `p == "x"` \(line 8\), it increments `n` \(line 9\); otherwise \(line 10\), it throws `new System\.Exception\("short"\)` \(line 11\)\./,
      );
    });
  });

  describe('values that fall through into the default arm reach it too', () => {
    it('Go: a `fallthrough` arm’s label is among the values that reach the default', async () => {
      const text = await said(
        'go',
        "package p\n\nfunc kind(word string) int {\n\tk := 0\n\tswitch word[0] {\n\tcase '#':\n\t\tk = 1\n\tcase '!':\n\t\tk = 2\n\tcase '~':\n\t\tword = word[1:]\n\t\tfallthrough\n\tdefault:\n\t\tk = len(word)\n\t}\n\treturn k\n}\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /Any value other than `'#'`, `'!'` or `'~'`/);
      assert.match(
        text,
        /Any value other than `'#'` or `'!'`, and `'~'` too, whose arm falls through into it\./,
      );
    });

    it('C: `case` arms with no `break` before the default reach it', async () => {
      const text = await said(
        'c',
        "int score(char c, int n) {\n  switch (c) {\n  case 'x':\n    n += 1;\n    break;\n  case 'y':\n    n += 2;\n  case 'z':\n    n *= 3;\n  default:\n    n -= 1;\n  }\n  return n;\n}\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(
        text,
        /Any value other than `'x'`, and `'y'` and `'z'` too, whose arms fall through into it\./,
      );
    });

    it('JavaScript: arms that end in `break` leave the default to the other values alone', async () => {
      const text = await said(
        'javascript',
        "function tone(mood) {\n  let t = 0;\n  switch (mood) {\n    case 'calm':\n      t = 1;\n      break;\n    case 'loud':\n      t = 2;\n      break;\n    default:\n      t = 3;\n  }\n  return t;\n}\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(text, /Any value other than `'calm'` or `'loud'`\./);
    });
    it('a return in an arm another falls into is not tied to that arm’s labels alone', async () => {
      const text = await said(
        'javascript',
        'function step(c) {\n  let n = 0;\n  switch (c) {\n    case 1:\n      n = 1;\n      break;\n    case 2:\n      n = 2;\n    case 3:\n      return n + 5;\n    default:\n      n = 9;\n  }\n  return n;\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /returns `n \+ 5` when `c` is `3`/);
      // A label of a switch with a subject is a value, not a condition of its own.
      assert.doesNotMatch(text, /when `3`/);
    });
  });

  describe('the empty-input question is asked only of what could be empty', () => {
    it('Python: a loop over a padded or computed sequence, or a local built to a size, is not asked about', async () => {
      const text = await said(
        'python',
        "def pad_sum(blob):\n    total = 0\n    for ch in blob + 'zzzz':\n        total += ord(ch)\n    for k in range(3):\n        total += k\n    return total\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /when `blob \+ 'zzzz'` is empty/);
      assert.doesNotMatch(text, /when `range\(3\)` is empty/);
    });

    it('a loop over a parameter, or a view of one, is asked about', async () => {
      const py = await said(
        'python',
        'def count_keys(table):\n    n = 0\n    for key, val in table.items():\n        n += 1\n    return n\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(py, /do when `table\.items\(\)` is empty\?/);
      const js = await said(
        'javascript',
        'function longest(words) {\n  let best = 0;\n  for (const w of words) {\n    best = Math.max(best, w.length);\n  }\n  return best;\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(js, /do when `words` is empty\?/);
    });
  });

  describe('a method called on a part of its own object is not an outside call', () => {
    it('Go: `t.next.put` and `t.kids[i].put` in `put` are most likely recursion, not outside functions', async () => {
      const text = dependencies(
        await said(
          'go',
          'package p\n\ntype cell struct {\n\tnext *cell\n\tkids []*cell\n\tval  string\n}\n\nfunc (t *cell) put(key, val string, peer *store) {\n\tif len(key) == 0 {\n\t\tt.val = val\n\t\treturn\n\t}\n\tif t.next != nil {\n\t\tt.next.put(key[1:], val, peer)\n\t}\n\tt.kids[key[0]].put(key[1:], val, peer)\n\tpeer.record(key)\n}\n',
        ),
      );
      assert.doesNotMatch(text, /outside this snippet[^\n]*`t\.next\.put`/);
      assert.doesNotMatch(text, /outside this snippet[^\n]*`t\.kids\[key\[0\]\]\.put`/);
      assert.match(text, /outside this snippet[^\n]*`peer\.record`/);
      assert.match(
        text,
        /`t\.next\.put` and `t\.kids\[key\[0\]\]\.put` call a method of the same name on a part reached from the object itself/,
      );
    });

    it('TypeScript and Python: `this.left.insert`, `self.kids[i].walk` likewise; another method’s name is outside', async () => {
      const ts = dependencies(
        await said(
          'typescript',
          'class Node {\n  left: Node | null = null;\n  insert(v: number, log: Sink): void {\n    if (this.left) this.left.insert(v, log);\n    this.left?.sink.flush();\n  }\n}\n',
        ),
      );
      assert.match(ts, /`this\.left\.insert` calls a method of the same name/);
      assert.doesNotMatch(ts, /outside this snippet[^\n]*`this\.left\.insert`/);
      const py = dependencies(
        await said(
          'python',
          'class Walker:\n    def walk(self, seen):\n        seen.add(self)\n        for i in range(len(self.kids)):\n            self.kids[i].walk(seen)\n',
        ),
      );
      assert.match(py, /`self\.kids\[i\]\.walk` calls a method of the same name/);
      assert.match(py, /outside this snippet[^\n]*`seen\.add`/);
    });
    it('C#: `this.Next.Insert` and `this.Kids[v].Insert` in `Insert` likewise; a parameter’s method is outside', async () => {
      const text = dependencies(
        await said(
          'csharp',
          'class Bag {\n  Bag Next;\n  Bag[] Kids;\n  void Insert(int v, Log log) {\n    if (Next != null) this.Next.Insert(v, log);\n    this.Kids[v].Insert(v, log);\n    log.Write(v);\n  }\n}\n',
        ),
      );
      assert.match(text, /`this\.Next\.Insert` and `this\.Kids\[v\]\.Insert` call a method of the same name/);
      assert.match(text, /outside this snippet[^\n]*`log\.Write`/);
      assert.doesNotMatch(text, /outside this snippet[^\n]*Insert/);
    });
  });

  describe('the fourth panel’s classes', () => {
    it('a builder appended to after an inner loop is built in the loop around both', async () => {
      const text = await said(
        'java',
        'class L {\n  String line(char[] cb, int n) {\n    StringBuilder s = new StringBuilder();\n    int at = 0;\n    for (;;) {\n      int i;\n      for (i = at; i < n; i++) {\n        if (cb[i] == 10) break;\n      }\n      s.append(cb, at, i - at);\n      if (i < n) return s.toString();\n      at = refill();\n    }\n  }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /builds a string in `s`, in the loop on line 5/);
      assert.doesNotMatch(text, /builds a string in `s`, in the loop on line 7/);
    });
    it('a counter the body never reads only caps the turns, and an index stepped round a ring is said so', async () => {
      const text = await said(
        'c',
        'size_t probe_free(size_t *cells, size_t cap, size_t start) {\n    size_t j = start;\n    for (size_t x = 0; x < (cap - 1); x++) {\n        j = (j + 1) & (cap - 1);\n        if (cells[j] == 0) {\n            break;\n        }\n    }\n    return j;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /Its counter `x` is not read inside: it only caps the loop at `cap - 1` turns\./);
      assert.match(
        text,
        /Line 4 steps `j` on round a ring of `cap` places: past the last it starts again from 0, by masking with `cap - 1`, which does the same when `cap` is a power of two\./,
      );
      const read = await said(
        'c',
        'int sum(int *a, int n) {\n    int t = 0;\n    for (int i = 0; i < n; i++) {\n        t += a[i];\n        if (t > 100) {\n            break;\n        }\n    }\n    return t;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(read, /The loop on lines 3–8/);
      assert.doesNotMatch(read, /only caps the loop/);
      // Stepping by two, the counter caps the loop at half the bound: not said to be the bound.
      const byTwo = await said(
        'c',
        'size_t probe_pairs(size_t *cells, size_t cap, size_t start) {\n    size_t j = start;\n    for (size_t x = 0; x < cap; x += 2) {\n        j = (j + 1) & (cap - 1);\n        if (cells[j] == 0) {\n            break;\n        }\n    }\n    return j;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(byTwo, /The loop on lines 3–8/);
      assert.doesNotMatch(byTwo, /only caps the loop/);
    });
    it('a call of the module’s or the object’s own function in a loop adds nothing to a collection', async () => {
      const text = await said(
        'javascript',
        'exports.put = function (path, val, obj) {\n  for (let i = 0; i < obj.length; i++) {\n    exports.put(path.slice(1), val, obj[i]);\n  }\n  const out = [];\n  for (const x of obj) out.push(x);\n  return out;\n};\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /adds items to `exports`/);
      assert.match(text, /builds `out` from each item of `obj`/);
    });
    it('a parameter tag’s later lines are no caveat of the function', async () => {
      const text = await said(
        'java',
        'class R {\n  /**\n   * Reads a line of text.\n   *\n   * @param term Output: whether a terminator was seen\n   *             while reading; may be {@code null}.\n   * @return the line\n   */\n  String readLine(boolean[] term) {\n    return "";\n  }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /while reading; may be/);
    });
    it('a walk that returns what an inner `while` built is no search for a match', async () => {
      const walk = await said(
        'python',
        'def find_loop(graph):\n    for start in graph:\n        path = [start]\n        node = start\n        while True:\n            node = graph[node]\n            if node in path:\n                return path + [node]\n            if node is None:\n                break\n            path.append(node)\n    return None\n',
        { mode: 'quick' },
      );
      assert.doesNotMatch(walk, /returns the first match/);
      const search = await said(
        'python',
        'def format_for(filename, formats):\n    for name, info in formats.items():\n        for ext in info:\n            if filename.endswith(ext):\n                return name\n    return None\n',
        { mode: 'quick' },
      );
      assert.match(search, /searches `formats\.items\(\)` and returns the first match, `name`/);
    });
    it('the author’s comments outside loops are told with the step each explains', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc (s *state) charge(n int) {\n\t// Each request pays a fixed toll, so tiny requests cannot flood us.\n\ts.budget -= 16 + n\n\ts.budget = max(s.budget, 0)\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        text,
        /Its author's comments explain its steps: “Each request pays a fixed toll, so tiny requests cannot flood us\.” \(line 4, about line 5\)/,
      );
    });
    it('Go’s `if err != nil { return }` is one step, told once with how many times it comes', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc (r *rd) begin() {\n\tvar line []byte\n\tline, r.err = readLine(r.src)\n\tif r.err != nil {\n\t\treturn\n\t}\n\tline, r.err = trim(line)\n\tif r.err != nil {\n\t\treturn\n\t}\n\tr.n, r.err = parse(line)\n\tif r.err != nil {\n\t\treturn\n\t}\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /returns if `r\.err != nil` \(at 3 points\)/);
      assert.doesNotMatch(text, /branches on whether `r\.err != nil`/);
      // Both fields on the left of `r.n, r.err = …` are set.
      assert.match(text, /It sets `r\.err` \(line 5\) and `r\.n` \(line 13\)/);
    });
    it('Go’s blank identifier is never a variable the loop sets, and one more place is one place', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc (c *cr) Read(b []byte) (n int, err error) {\n\tfor c.err == nil {\n\t\tif c.n == 0 {\n\t\t\tbreak\n\t\t}\n\t\t_, c.err = c.r.Discard(1)\n\t\tif c.err != nil {\n\t\t\tbreak\n\t\t}\n\t\tif n > 9 {\n\t\t\tbreak\n\t\t}\n\t\tif n > 8 {\n\t\t\tbreak\n\t\t}\n\t\tif n > 7 {\n\t\t\tbreak\n\t\t}\n\t\tif n > 6 {\n\t\t\tbreak\n\t\t}\n\t\tn++\n\t}\n\treturn n, c.err\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /sets `_`/);
      assert.match(text, /leaves in 1 more place\./);
    });
  });

  describe('the fourth panel’s classes: effects, errors, recursion and names', () => {
    /** One section of what `said` returns. */
    const section = (text: string, title: string) =>
      (text.split(`## ${title}\n`)[1] ?? '').split('\n## ')[0] ?? '';

    it('a method of the same name on a field the snippet types as another type is not recursion', async () => {
      const go = await said(
        'go',
        'package p\n\nimport "strings"\n\ntype tee struct {\n\tsrc *strings.Reader\n\tseen int\n}\n\nfunc (t *tee) Read(p []byte) (int, error) {\n\tn, err := t.src.Read(p)\n\tt.seen += n\n\treturn n, err\n}\n',
      );
      assert.doesNotMatch(go, /recursion/);
      assert.match(dependencies(go), /`t\.src\.Read`/);
      const java = await said(
        'java',
        'class Outer {\n  private Inner inner;\n\n  int parse(String s) {\n    return this.inner.parse(s) + 1;\n  }\n}\n',
      );
      assert.doesNotMatch(java, /most likely this same method/);
    });
    it('a field of the method’s own type, or of no type the snippet shows, is still read as recursion', async () => {
      const typed = await said(
        'go',
        'package p\n\ntype tree struct {\n\tleft *tree\n\tval  int\n}\n\nfunc (t *tree) add(v int) {\n\tif t.left != nil {\n\t\tt.left.add(v)\n\t}\n\tt.val += v\n}\n',
      );
      assert.match(
        dependencies(typed),
        /`t\.left\.add` calls a method of the same name on a part reached from the object itself/,
      );
    });

    it('Go’s panic, os.Exit and an error kept in a field are error paths: “no throw” is not said', async () => {
      const panics = await said(
        'go',
        'package p\n\nfunc half(n int) int {\n\tif n%2 != 0 {\n\t\tpanic("odd")\n\t}\n\treturn n / 2\n}\n',
      );
      assert.doesNotMatch(panics, /No throw, catch, error return or early return/);
      assert.match(
        section(panics, 'Error paths and early exits'),
        /`half\(n\)` panics on line 5: `panic\("odd"\)`/,
      );
      const exits = await said(
        'go',
        'package p\n\nimport "os"\n\nfunc stop(code int) {\n\tos.Exit(code)\n}\n',
      );
      assert.match(exits, /`stop\(code\)` ends the whole program on line 6: `os\.Exit\(code\)`/);
      const kept = await said(
        'go',
        'package p\n\nimport "errors"\n\ntype dec struct {\n\tpos int\n\terr error\n}\n\nfunc (d *dec) step() {\n\tif d.pos > 3 {\n\t\td.err = errors.New("too far")\n\t} else {\n\t\td.pos++\n\t}\n}\n',
      );
      assert.doesNotMatch(kept, /No throw, catch, error return/);
      assert.match(kept, /stores an error value in `d\.err` \(line 12\)/);
    });
    it('code with no throw, panic or error field is still said to have none', async () => {
      const text = await said('go', 'package p\n\nfunc twice(n int) int {\n\treturn n * 2\n}\n');
      assert.match(text, /No throw, catch, error return or early return appears in this code/);
    });

    it('a method of unknown effect called on a parameter: “changes no parameter” is not said', async () => {
      const called = await said(
        'csharp',
        'using System.Collections.Generic;\n\nclass Walk {\n  static int Next(IEnumerator<int> items) {\n    items.MoveNext();\n    return items.Current;\n  }\n}\n',
      );
      assert.doesNotMatch(called, /changes no parameter or field/);
      const pure = await said(
        'csharp',
        'class Calc {\n  static int Twice(int x) {\n    return x * 2;\n  }\n}\n',
      );
      assert.match(pure, /and it changes no parameter or field in place/);
    });
    it('a field changed by a mutating method is a side effect, told with the method', async () => {
      const text = await said(
        'rust',
        'struct Bag {\n    items: Vec<i32>,\n}\n\nimpl Bag {\n    fn add(&mut self, x: i32) {\n        self.items.push(x);\n        self.items.sort();\n    }\n}\n',
      );
      const effects = section(text, 'Side effects');
      assert.doesNotMatch(effects, /None of its calls/);
      assert.match(effects, /changes `self\.items` in place \(`push`, line 7\)/);
    });
    it('Java: a field assigned by its bare name is a side effect; a local of the same name is not', async () => {
      const field = await said(
        'java',
        'class Counter {\n  private int hits, misses;\n\n  void bump(boolean hit) {\n    if (hit) {\n      hits = hits + 1;\n    } else {\n      misses++;\n    }\n  }\n}\n',
      );
      assert.match(section(field, 'Side effects'), /sets `hits` \(line 6\) and `misses` \(line 8\)/);
      const local = await said(
        'java',
        'class Counter {\n  private int hits;\n\n  int fresh() {\n    int hits = 0;\n    hits = hits + 2;\n    return hits;\n  }\n}\n',
      );
      assert.doesNotMatch(local, /sets `hits`/);
    });

    it('recursion: only a return on what each self-call changes is its base case; a guard on the rest is not', async () => {
      const text = await said(
        'javascript',
        'function build(opts, depth) {\n  if (!opts) {\n    return null;\n  }\n  if (depth > 3) {\n    return opts;\n  }\n  return build(opts, depth + 1);\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(
        text,
        /What stops `build\(opts, depth\)` from calling itself forever\?\n {3}Answer: The check on line 5: when `depth > 3` holds/,
      );
      assert.doesNotMatch(text, /The check on line 2/);
      const validated = await said(
        'javascript',
        'function put(path, obj, value) {\n  if (!Array.isArray(path)) {\n    throw new TypeError("bad path");\n  }\n  for (const key of Object.keys(obj)) {\n    put(path, obj[key], value);\n  }\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(validated, /What stops `put/);
    });

    it('Python’s StopIteration is the end of an iteration, not an error', async () => {
      const code =
        'def drain(it):\n    out = []\n    while True:\n        try:\n            out.append(next(it))\n        except StopIteration:\n            break\n    return out\n';
      const learning = await said('python', code, { mode: 'learning', audience: 'beginner' });
      assert.doesNotMatch(learning, /not visible here/);
      assert.doesNotMatch(learning, /\*\*Exception\*\*/);
      assert.match(learning, /the normal end of an iteration, not an error/);
      const detailed = await said('python', code);
      assert.doesNotMatch(detailed, /catches errors on line 6|handles errors/);
      assert.match(detailed, /handles the end of an iteration on line 6/);
      const other = await said(
        'python',
        'def parse(s):\n    try:\n        return int(s)\n    except ValueError:\n        return None\n',
      );
      assert.match(other, /catches errors on line 4/);
    });

    it('Go’s interface methods are reached through their interface; the language does not call them', async () => {
      const go = await said(
        'go',
        'package p\n\ntype zeros struct{}\n\nfunc (z zeros) Read(p []byte) (int, error) {\n\tfor i := range p {\n\t\tp[i] = 0\n\t}\n\treturn len(p), nil\n}\n',
      );
      assert.doesNotMatch(go, /the language calls `Read`/);
      assert.match(
        go,
        /`Read` is the method of the io\.Reader interface: callers can reach it through that interface, line 5/,
      );
      const java = await said(
        'java',
        'class Point {\n  int x;\n\n  public int hashCode() {\n    return x;\n  }\n}\n',
      );
      assert.match(java, /the standard library calls `hashCode` by that name/);
      const python = await said('python', 'class Box:\n    def __len__(self):\n        return 3\n');
      assert.match(python, /the language calls `__len__` by that name/);
    });

    it('a Rust impl block is not called a class', async () => {
      const code =
        'struct Bag {\n    items: Vec<i32>,\n}\n\nimpl Bag {\n    fn size(&self) -> usize {\n        self.items.len()\n    }\n}\n';
      const comparative = await said('rust', code, { mode: 'comparative' });
      assert.match(comparative, /organised around 1 impl block \(`Bag`\)/);
      assert.doesNotMatch(comparative, /\bclass(es)?\b/);
      const learning = await said('rust', code, { mode: 'learning', audience: 'beginner' });
      assert.doesNotMatch(learning, /\*\*Class\*\*/);
      const java = await said('java', 'class Bag {\n  int size() {\n    return 0;\n  }\n}\n', {
        mode: 'comparative',
      });
      assert.match(java, /organised around 1 class \(`Bag`\)/);
    });
  });

  describe('the fifth panel’s classes', () => {
    it('a guard nested in another `if` is not asked about as if its own condition were enough', async () => {
      const text = await said(
        'python',
        "def readline(self):\n    if not self._lines:\n        if self._closed:\n            return ''\n        return None\n    return self._lines.pop()\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /Those for which `self\._closed` holds/);
      assert.doesNotMatch(text, /returns `''` when `self\._closed`/);
    });

    it('C#: `return this;` returns `this`, not "without a value"', async () => {
      const text = await said(
        'csharp',
        'class Builder {\n  private readonly List<string> _items = new List<string>();\n  public Builder Add(string v) {\n    _items.Add(v);\n    return this;\n  }\n}\n',
      );
      assert.match(text, /`Builder\.Add\(v\)`: inputs `v`; returns `this`/);
      assert.doesNotMatch(text, /returns without a value/);
    });

    it('hot spots leave out conversions and lengths written like calls', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc sum(p []byte, h Hasher) uint32 {\n\tvar t uint32\n\tfor i := 0; i < len(p); i++ {\n\t\tt += uint32(p[i])\n\t\th.Write(p[i:])\n\t}\n\treturn t\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /`sum\(p, h\)` calls `h\.Write` inside a loop/);
      assert.doesNotMatch(text, /calls [^.]*`uint32`[^.]*inside a loop/);
      assert.doesNotMatch(text, /calls [^.]*`len`[^.]*inside a loop/);
    });

    it('a Rust `else if` chain is one level of nesting, not one more per arm', async () => {
      const text = await said(
        'rust',
        'fn rank(a: u32, b: u32, c: u32) -> u32 {\n    if a > 0 {\n        1\n    } else if b > 0 {\n        2\n    } else if c > 0 {\n        if c > 9 {\n            4\n        } else {\n            3\n        }\n    } else {\n        0\n    }\n}\n',
        { mode: 'standard', audience: 'expert' },
      );
      assert.doesNotMatch(text, /nests loops and branches \d+ levels deep/);
    });

    it('a scan that runs ahead of the outer index and hands its position back does not multiply the cost', async () => {
      const code = (reset: string) =>
        `function words(s) {\n  let out = 0;\n  for (let i = 0; i < s.length; i++) {\n    if (s[i] !== ' ') {\n      let j = i + 1;\n      while (j < s.length && s[j] !== ' ') {\n        j++;\n      }\n      out++;\n      i = ${reset};\n    }\n  }\n  return out;\n}\n`;
      const linear = await said('javascript', code('j - 1'), {
        mode: 'performance',
        audience: 'intermediate',
      });
      assert.match(linear, /`words\(s\)`: O\(n\) — [^\n]*the loop on line 6 scans ahead from `i`/);
      // Set back to the start, the outer index is no cursor: the loops multiply.
      const quadratic = await said('javascript', code('0'), {
        mode: 'performance',
        audience: 'intermediate',
      });
      assert.doesNotMatch(quadratic, /scans ahead/);
    });

    it('a loop that takes the first item of a list each turn is not called O(n)', async () => {
      const text = await said(
        'python',
        'def drain(jobs):\n    done = []\n    while jobs:\n        done.append(jobs.pop(0))\n    return done\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /`drain\(jobs\)`: O\(n·m\) — a loop calls `jobs\.pop\(…\)` on each turn \(line 4\)/);
      assert.match(
        text,
        /`jobs\.pop\(0\)` on line 4 takes the first item of `jobs` inside the loop on line 3/,
      );
    });

    it('a condition on a value the code set itself is not asked about as inputs', async () => {
      const text = await said(
        'c',
        '#include <string.h>\nconst char *put(const char *key, int copy) {\n  if (copy) {\n    key = strdup(key);\n    if (key == NULL) {\n      return NULL;\n    }\n  }\n  if (key[0] == 0) {\n    return "";\n  }\n  return key;\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /Which inputs make `put\(key, copy\)` return `NULL`/);
      assert.doesNotMatch(text, /returns `NULL` when `key == NULL`/);
    });

    it('"as the loop left it" only where nothing sets the value between the loop and the return', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc update(crc uint32, p []byte) uint32 {\n\tcrc = ^crc\n\tfor _, v := range p {\n\t\tif v == 0 {\n\t\t\tbreak\n\t\t}\n\t\tcrc = crc>>8 ^ uint32(v)\n\t}\n\tcrc = ^crc\n\treturn crc\n}\n\nfunc sum(p []byte) int {\n\tt := 0\n\tfor _, v := range p {\n\t\tif v == 0 {\n\t\t\tbreak\n\t\t}\n\t\tt += int(v)\n\t}\n\treturn t\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /returns `crc` as the loop left it/);
      assert.match(text, /After it, line 23 returns `t` as the loop left it\./);
    });

    it('a doc comment quoting `[b]` inside a string keeps its brackets; a Rust intra-doc link loses them', async () => {
      const js = await said(
        'javascript',
        "// Splits a key like \"a[b][c[]]\" into ['a', '[b]', '[c[]]'].\nfunction split(key) {\n  return key.split('[');\n}\n",
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.match(js, /into \['a', '\[b\]', '\[c\[\]\]'\]/);
      const rust = await said(
        'rust',
        '/// Swaps two items, as [`swap`] does.\nfn flip(a: &mut i32) {\n    *a = -*a;\n}\n',
        {
          mode: 'quick',
          audience: 'intermediate',
        },
      );
      assert.match(rust, /as `swap` does/);
    });

    it('each `&&` of a condition split over lines counts on its own line, in both numbers', async () => {
      const response = await engine.explain(
        explainRequestSchema.parse({
          code: 'function f(a, b, c) {\n  if (\n    a\n    && b\n    && c\n  ) return 1;\n  return 0;\n}\n',
          language: 'javascript',
        }),
      );
      const ands = (response.metadata.units ?? [])[0]!.increments!.filter((i) => i.reason.includes('&&'));
      assert.deepEqual(
        ands.map((i) => [i.metric, i.line]),
        [
          ['cyclomatic', 4],
          ['cognitive', 4],
          ['cyclomatic', 5],
        ],
      );
    });

    it('a method’s changes to its object’s fields include writes into a field’s array, `++` and `ref` arguments', async () => {
      const cs = await said(
        'csharp',
        'class Ring {\n  private int[] _items;\n  private int _end;\n  private int _size;\n  public void Push(int item) {\n    _items[_end] = item;\n    Step(ref _end);\n    ++_size;\n  }\n  private void Step(ref int i) {\n    if (++i == _items.Length) i = 0;\n  }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        cs,
        /It writes into `_items` \(line 6\)\. It passes `_end` by `ref` to `Step` \(line 7\), which can set it\. It sets `_size` \(line 8\)\./,
      );
      const java = await said(
        'java',
        'class Bits {\n  private long[] words;\n  void set(int i) {\n    words[i >> 6] |= 1L << i;\n  }\n}\n',
        { mode: 'detailed', audience: 'intermediate' },
      );
      assert.match(java, /writes into `words` \(line 4\)/);
      assert.doesNotMatch(java, /changes no parameter or field/);
    });

    it('C#: a class listing only interfaces implements them; a base class is what it extends', async () => {
      const only = await said(
        'csharp',
        'using System.Collections.Generic;\n/// <summary>A ring of items.</summary>\npublic class Ring<T> : IEnumerable<T> {\n  private T[] _items;\n  public int Count() { return _items.Length; }\n}\n',
      );
      assert.match(only, /It implements `IEnumerable` \(line 3\)/);
      assert.doesNotMatch(only, /kind of `IEnumerable`/);
      const mixed = await said(
        'csharp',
        'public class Cat : Animal, IComparable {\n  public int CompareTo(object o) { return 0; }\n}\n',
      );
      assert.match(mixed, /It is a kind of `Animal`: it extends it/);
    });

    it('a Rust tail comparison is said whole, and `if let Some(x) = e` as a test of `e`', async () => {
      const text = await said(
        'rust',
        'fn same(a: &Ver, b: &Ver) -> bool {\n    if a.major != b.major {\n        return false;\n    }\n    if let Some(minor) = b.minor {\n        if a.minor != minor {\n            return false;\n        }\n    }\n    a.pre == b.pre\n}\n',
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.match(text, /whether `a\.pre` equals `b\.pre` otherwise \(line 10\)/);
      assert.doesNotMatch(text, /whether `a\.pre` is true/);
      assert.match(text, /`false` when `b\.minor` is `Some\(minor\)` and `a\.minor` differs from `minor`/);
    });

    it('a doc sentence that leads into a format shown below it is not cut to a dangling clause', async () => {
      const text = await said(
        'go',
        'package p\n\n// validRecord reports whether the pair is valid where each record is formatted as:\n//\n//\t"%d %s=%s\\n"\nfunc validRecord(k, v string) bool {\n\treturn k != "" && v != ""\n}\n',
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.match(text, /`validRecord\(k, v\)` reports whether the pair is valid\./);
      assert.doesNotMatch(text, /formatted as\./);
    });

    it('a call chain split over lines is quoted as one chain, with no space before its dots', async () => {
      const text = await said(
        'javascript',
        "function fromBase64(base64) {\n  return base64\n    .replace(/=/g, '')\n    .replace(/\\+/g, '-');\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /It returns `base64\.replace\(\/=\/g, ''\)\.replace\(\/\\\+\/g, '-'\)`/);
      assert.doesNotMatch(text, /`base64 \.replace/);
    });

    it('what the well-known APIs called across the functions mean together is said first', async () => {
      const text = await said(
        'javascript',
        "const crypto = require('crypto');\n\nfunction check(key) {\n  if (typeof key !== 'string') throw new TypeError('key');\n  if (key.length < 8) throw new TypeError('short');\n}\n\nfunction signer(key) {\n  return (msg) => crypto.createSign('RSA-SHA256').update(msg).sign(key, 'base64');\n}\n\nfunction verifier(pub) {\n  return (msg, sig) => crypto.createVerify('RSA-SHA256').update(msg).verify(pub, sig, 'base64');\n}\n",
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.match(
        text,
        /inside them\. Across its functions, the code signs data with a private key \(`crypto\.createSign`, line 9\) and checks a signature with a public key \(`crypto\.createVerify`, line 13\)\./,
      );
    });

    it('a file header right above the imports says what the file is for; a dependencies label does not', async () => {
      const header = await said(
        'javascript',
        "//\n// Histogram:\n//\n// counts of values in fixed-width buckets, kept as they stream in\n//\nvar Tree = require('bintrees').RBTree;\n\nfunction add(h, x) {\n  h.counts[Math.floor(x / h.width)] += 1;\n}\n",
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.match(
        header,
        /Its opening comment \(line 1\) says: “Histogram: counts of values in fixed-width buckets, kept as they stream in\.”/,
      );
      const label = await said(
        'javascript',
        "/**\n * Module dependencies.\n */\nvar Tree = require('bintrees').RBTree;\n\nfunction add(h, x) {\n  h.counts[Math.floor(x / h.width)] += 1;\n}\n",
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.doesNotMatch(label, /Module dependencies/);
    });

    it('output a debug switch turns on is not what the code does; its `else` still is', async () => {
      const py = await said(
        'python',
        'class Lex:\n    def next(self):\n        ch = self.src.read(1)\n        if self.debug >= 3:\n            print("read", ch)\n        return ch\n',
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.doesNotMatch(py, /prints output/);
      const js = await said(
        'javascript',
        'function f(x) {\n  if (verbose) {\n    console.log(x);\n  } else {\n    console.log("quiet");\n  }\n  return x;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(js, /writes to the log \(`console\.log`, line 5\)/);
    });

    it('learning questions are asked only where the answer says something the code does not already say', async () => {
      const text = await said(
        'javascript',
        "function check(key) {\n  if (Buffer.isBuffer(key)) {\n    log(key);\n    return;\n  }\n  if (typeof key === 'string') {\n    log(key);\n    return;\n  }\n  throw new TypeError('bad key');\n}\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /are skipped, and it goes on after them/);
      assert.doesNotMatch(text, /which inputs reach each one\?\n\s*Answer: Line \d+ and line \d+\./);
      const guarded = await said(
        'python',
        'def sign(x):\n    if x < 0:\n        return -1\n    if x == 0:\n        return 0\n    return 1\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(
        guarded,
        /line 3 returns `-1` when `x < 0`, line 5 returns `0` when `x == 0` and line 6 returns `1`/i,
      );
    });

    it('"no findings" in security mode lists only the checks that ran for the language, and says what C is not checked for', async () => {
      const c = await said(
        'c',
        'int copy(char *dst, const char *src, int n) {\n  for (int i = 0; i <= n; i++) dst[i] = src[i];\n  return n;\n}\n',
        {
          mode: 'security',
          audience: 'intermediate',
        },
      );
      assert.doesNotMatch(c, /SQL injection|cross-site scripting/);
      assert.match(c, /No check here reads memory safety \(buffer bounds, off-by-one writes/);
      const js = await said('javascript', 'function add(a, b) {\n  return a + b;\n}\n', {
        mode: 'security',
        audience: 'intermediate',
      });
      assert.match(
        js,
        /The security checks that ran for JavaScript look for [^;]*SQL injection[^;]*; none matched\./,
      );
      assert.doesNotMatch(js, /memory safety/);
    });

    it('an inner loop that moves the outer loop’s own header counter does not multiply the cost', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc blocks(lines [][]int, col int) int {\n\tn := 0\n\tfor this := 0; this < len(lines); this++ {\n\t\tif col >= len(lines[this]) {\n\t\t\tcontinue\n\t\t}\n\t\tfor ; this < len(lines); this++ {\n\t\t\tif col >= len(lines[this]) {\n\t\t\t\tbreak\n\t\t\t}\n\t\t\tn += lines[this][col]\n\t\t}\n\t}\n\treturn n\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`blocks\(lines, col\)`: O\(n\) — [^\n]*the loop on line 9 moves the same `this` as the loop on line 5 around it/,
      );
      assert.doesNotMatch(text, /runs for every iteration of the loops around it/);
    });

    it('a comment in an inner loop told on its own is quoted once', async () => {
      const text = await said(
        'javascript',
        'function grid(rows) {\n  let total = 0;\n  for (const row of rows) {\n    let best = 0;\n    for (const cell of row) {\n      // the widest cell sets the column\n      if (cell > best) best = cell;\n      if (cell < 0) break;\n    }\n    total += best;\n    if (total > 100) break;\n  }\n  return total;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /The loop on lines 5–9/);
      assert.equal(text.split('“the widest cell sets the column”').length - 1, 1, text);
    });

    it('no "when it is empty" answer where an assertion or a check before the loop rules it out', async () => {
      const rust = await said(
        'rust',
        'fn build(patterns: &Patterns) -> Table {\n    assert!(patterns.len() >= 1);\n    let mut t = Table::new();\n    for p in patterns.iter() {\n        t.add(p);\n    }\n    t\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(rust, /is empty\?/);
      const python = await said(
        'python',
        'def total(xs):\n    if not xs:\n        return None\n    t = 0\n    for x in xs:\n        t += x\n    return t\n',
      );
      assert.doesNotMatch(python, /Empty input: if `xs` is empty, the loop/);
      // Unchecked, the question stands.
      const plain = await said(
        'python',
        'def total(xs):\n    t = 0\n    for x in xs:\n        t += x\n    return t\n',
        {
          mode: 'learning',
          audience: 'beginner',
        },
      );
      assert.match(plain, /when `xs` is empty\?/);
    });

    it('says what C# `=>` members return, and never "whose methods hold the logic" of a class without methods', async () => {
      const cs = await said(
        'csharp',
        'class L {\n    private readonly string _v;\n    public int Size => _v.Length;\n    public int Twice(int x) => x * 2;\n}\n',
      );
      assert.match(cs, /`L\.Size`: returns `_v\.Length`, the expression after its `=>`/);
      assert.match(cs, /`L\.Twice\(x\)`: inputs `x`; returns `x \* 2`/);
      assert.doesNotMatch(cs, /has no return statement/);
      const py = await said(
        'python',
        'class ReadFailed(Exception):\n    pass\n\ndef load(p):\n    return open(p).read()\n\ndef save(p, s):\n    open(p, "w").write(s)\n',
        { mode: 'comparative', audience: 'intermediate' },
      );
      assert.match(
        py,
        /The code has 1 class \(`ReadFailed`\), with no methods, and 2 functions outside it\./,
      );
      assert.doesNotMatch(py, /whose methods hold the logic/);
    });

    it('what a loop changes only on its way out of the function is not what the code after it sees', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc check(s string) (string, error) {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] == \'%\' {\n\t\t\ts = s[i:]\n\t\t\tif len(s) > 3 {\n\t\t\t\ts = s[:3]\n\t\t\t}\n\t\t\treturn "", fmt.Errorf("bad escape %q", s)\n\t\t}\n\t}\n\treturn s, nil\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /which the loop changed/);
      assert.doesNotMatch(text, /cuts `s` down/);
      // The change itself is still told, where it happens.
      assert.match(text, /sets `s` \(lines 6 and 8\)/);
    });

    it('a cost counts the functions of the snippet it calls', async () => {
      const go = await said(
        'go',
        'package p\n\nfunc Unquote(s string) string {\n\treturn unquote(s, 0)\n}\n\nfunc unquote(s string, mode int) string {\n\tout := []byte{}\n\tfor i := 0; i < len(s); i++ {\n\t\tout = append(out, s[i])\n\t}\n\treturn string(out)\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        go,
        /`Unquote\(s\)`: O\(n\) — it calls `unquote`, defined in this snippet, which is O\(n\)/,
      );
      const js = await said(
        'javascript',
        'function take(xs) {\n  let i = 0;\n  for (const x of xs) i += x;\n  return i;\n}\nfunction drain(lists) {\n  let t = 0;\n  for (const l of lists) t += take(l);\n  return t;\n}\nfunction other(db, lists) {\n  for (const l of lists) db.take(l);\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        js,
        /`drain\(lists\)`: O\(n·m\) — a loop calls `take`, defined in this snippet, which is O\(n\) in what it runs over, on each turn \(line 8\)/,
      );
      // `db.take` is some other object's method: not the snippet's `take`.
      assert.match(js, /`other\(db, lists\)`: O\(n\) — it has one level of loops/);
    });

    it('a commented-out `case` is not an explanation, and a loop’s same exits are told once', async () => {
      const text = await said(
        'c',
        "int kind(const char *p) {\n  int i = 0;\n  while (p[i]) {\n    switch (p[i]) {\n      case 'a': return 1;\n/*    case 'b': { return 2; } break; <-- not working */\n      case 'c':\n        if (p[i + 1] == 'x') {\n          if (i > 3) return 0;\n        }\n        if (p[i + 1] == 'y') {\n          if (i > 5) return 0;\n        }\n        break;\n    }\n    i++;\n  }\n  return -1;\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /“case 'b'/);
      assert.match(text, /returns `0` in some cases, ending the function \(lines 9 and 12\)/);
      assert.doesNotMatch(text, /returns `0`[^(]*\(line 9\)/);
    });

    it('a doc comment over several `///` lines is read whole, not cut at its first line', async () => {
      const text = await said(
        'rust',
        'impl Finder {\n    /// Return the first match in the given haystack, beginning the\n    /// search at `at`.\n    pub fn find_at(&self, haystack: &[u8], at: usize) -> Option<usize> {\n        if at >= haystack.len() {\n            return None;\n        }\n        Some(at)\n    }\n}\n',
        { mode: 'quick', audience: 'intermediate' },
      );
      assert.match(text, /returns the first match in the given haystack, beginning the search at `at`\./);
      assert.doesNotMatch(text, /beginning the\./);
    });

    it('a comment between the parts of a condition is not quoted as part of it', async () => {
      const cases: [LanguageId, string, RegExp][] = [
        [
          'csharp',
          'class C {\n    public int F(int[] costs, string s) {\n        if (costs.Length == 0\n            // never true, but it lets the JIT drop a check\n            || costs.Length != s.Length)\n        {\n            return s.Length;\n        }\n        return costs[0];\n    }\n}\n',
          /returns `s\.Length` when `costs` is empty or `costs\.Length` differs from `s\.Length`/,
        ],
        [
          'javascript',
          'function f(a, b) {\n  while (a < b /* the end */ && a > 0) {\n    a++;\n  }\n  return a;\n}\n',
          /while `a < b && a > 0`/,
        ],
        [
          'python',
          'def f(a, b):\n    if (a < b  # the end\n            and a > 0):\n        return a\n    return b\n',
          /returns `a` when `a` is less than `b` and `a` is greater than `0`/,
        ],
      ];
      for (const [language, code, expected] of cases) {
        const text = await said(language, code);
        assert.match(text, expected, language);
        assert.doesNotMatch(text, /`[^`]*(never true|the end)[^`]*`/, language);
      }
    });
  });

  describe('the seventh panel’s classes', () => {
    it('code whose only decisions are assertions or `&&` is not said to have no branching', async () => {
      const cases: [LanguageId, string][] = [
        ['python', 'def f(xs):\n    assert xs, "empty"\n    return xs[0]\n'],
        ['rust', 'fn first(xs: &[u8]) -> u8 {\n    assert!(!xs.is_empty());\n    xs[0]\n}\n'],
        ['javascript', 'function ok(a, b) {\n  return a > 0 && b > 0;\n}\n'],
      ];
      for (const [language, code] of cases) {
        const text = await said(language, code, { mode: 'learning', audience: 'beginner' });
        assert.doesNotMatch(text, /no branching/, language);
      }
      const plain = await said('python', 'def f(x):\n    print(x)\n', {
        mode: 'learning',
        audience: 'beginner',
      });
      assert.match(plain, /There is no branching, looping or error handling here to ask about\./);
    });

    it('a Python `__next__` is told by the role a for loop gives it, not as giving an item', async () => {
      const text = await said(
        'python',
        'class Lines:\n    def __next__(self):\n        raise StopIteration\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /gives the next item/);
      assert.match(text, /what a for loop calls for each next item/);
    });

    it('a type declared in parts is one type, each part told as a part', async () => {
      const cs = await said(
        'csharp',
        'public partial class Builder\n{\n    public int Count { get; set; }\n}\n\npublic partial class Builder\n{\n    public Builder Add(string s) { Count++; return this; }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        cs,
        /defines class `Builder` \(in 2 parts: lines 1–4 and lines 6–9\), with 1 nested unit inside it\./,
      );
      assert.match(cs, /The part of class `Builder` on lines 1–4 has no methods\./);
      assert.doesNotMatch(cs, /class `Builder` and class `Builder`/);
      const rust = await said(
        'rust',
        'struct P { x: u32 }\nimpl P {\n    fn a(&self) -> u32 { self.x }\n}\nimpl P {\n    fn b(&self) -> u32 { self.x + 1 }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(rust, /defines 2 `impl` blocks for `P` \(lines 2–4 and lines 5–7\)/);
      assert.match(rust, /The `impl` block for `P` on lines 5–7 has 1 method: `b`\./);
    });
  });

  describe('the eighth panel’s classes', () => {
    it('generated code gets no advice on its layout, names or comments, and flaws still count', async () => {
      const body =
        'func parse(s string) int {\n\tn := 0\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] >= 48 {\n\t\t\tif s[i] <= 57 {\n\t\t\t\tif n < 1000 {\n\t\t\t\t\tif n >= 0 {\n\t\t\t\t\t\tn = n*10 + int(s[i]-48)\n\t\t\t\t\t}\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n\treturn n\n}\n';
      const explain = (code: string) =>
        engine.explain(explainRequestSchema.parse({ code, language: 'go', mode: 'standard' }));
      const handWritten = await explain(`package p\n\n${body}`);
      assert.ok(
        handWritten.suggestions.some((x) => x.type === 'readability' || x.type === 'maintainability'),
      );
      const generated = await explain(`// Code generated by gen.go; DO NOT EDIT.\n\npackage p\n\n${body}`);
      assert.deepEqual(
        generated.suggestions.filter((x) =>
          ['readability', 'maintainability', 'documentation'].includes(x.type),
        ),
        [],
      );
    });

    it('a generated-code marker at the top of a file is not read as what the file is for', async () => {
      const text = await said(
        'go',
        '// Code generated by gen_tables.go; DO NOT EDIT.\n\npackage tables\n\n// lookup finds the slot of key in t.\nfunc lookup(t []int, key int) int {\n\tfor i, v := range t {\n\t\tif v == key {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /According to its opening comment/);
      assert.match(
        text,
        /It says it is generated code \(line 1: “Code generated by gen_tables\.go; DO NOT EDIT\.”\)/,
      );
      assert.match(text, /`lookup\(t, key\)` finds the slot of key in t/);
    });

    it('a licence header right above the first function is not that function’s doc', async () => {
      const cases: [LanguageId, string][] = [
        [
          'javascript',
          '/*! tinylib. MIT License. A. Author <https://example.test> */\nexports.f = function (a) {\n  return a + 1\n}\n',
        ],
        ['c', '/* zlib-ish. BSD-3-Clause License. */\nint f(int a) {\n    return a + 1;\n}\n'],
      ];
      for (const [language, code] of cases) {
        const text = await said(language, code, { mode: 'standard', audience: 'intermediate' });
        assert.doesNotMatch(text, /License|tinylib|zlib-ish/, language);
      }
    });

    it('quiz answers: every value a function returns, the return right after a skipped `if`, no guard question past an earlier exit', async () => {
      const decode = await said(
        'javascript',
        'function decode(bits, scale) {\n  let e = bits >> 4;\n  if (e === 0) {\n    e = 1;\n  } else if (e === 15) {\n    return bits ? NaN : Infinity;\n  }\n  return e * scale;\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(decode, /It returns `bits \? NaN : Infinity` \(line 6\) or `e \* scale` \(line 8\)/);
      const next = await said(
        'go',
        'package p\n\nfunc pick(n int, last bool) int {\n\tif n > 0 {\n\t\tif last {\n\t\t\treturn 1\n\t\t}\n\t\treturn 0\n\t}\n\treturn -1\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(next, /goes on past the `if`, to line 8, which returns `0`/);
      assert.doesNotMatch(next, /It does not return; /);
      const guarded = await said(
        'csharp',
        'class P {\n    public int Parse(string s, object acc) {\n        if (acc == null) throw new ArgumentNullException(nameof(acc));\n        if (string.IsNullOrEmpty(s)) return 0;\n        return s.Length;\n    }\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(guarded, /Which inputs make `P\.Parse\(s, acc\)` return `0`/);
    });

    it('a C# `void` method with an expression body returns nothing; a call passing `errorSelector` is no error return', async () => {
      const text = await said(
        'csharp',
        'class P {\n    public void Parse(string s) => _ = TryParse(s, null);\n    public int TryParse(string s, Func<int> errorSelector) {\n        var v = s.Length;\n        return v > 0 ? Use(v, v, 1, errorSelector) : Use(v, 0, 1, errorSelector);\n    }\n}\n',
      );
      assert.match(
        text,
        /runs `_ = TryParse\(s, null\)`, the expression after its `=>`, and returns nothing \(it is `void`\)/,
      );
      assert.doesNotMatch(text, /returns an error/);
    });

    it('a property with code of its own is not counted as a method', async () => {
      const text = await said(
        'csharp',
        'class Field {\n    int min, max;\n    public int Count => max - min + 1;\n    public bool Has(int v) { return v >= min && v <= max; }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /has 1 method: `Has`, and 1 property with code of its own: `Count`\./);
    });

    it('a term’s example is the declaration’s line, not the annotation above it', async () => {
      const text = await said(
        'java',
        'class F {\n    @SuppressWarnings("unchecked")\n    public int size(java.util.List list) {\n        return list.size();\n    }\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /In this code: `@SuppressWarnings/);
      assert.match(
        text,
        /\*\*parameter\*\*: .*In this code: `public int size\(java\.util\.List list\) \{` \(line 3\)/,
      );
    });

    it('comparative mode offers a loop only for recursion as deep as its input', async () => {
      const split = await said(
        'go',
        'package p\n\nfunc sortRange(a []int, lo, hi int) {\n\tif hi-lo < 2 {\n\t\treturn\n\t}\n\tmid := partition(a, lo, hi)\n\tsortRange(a, lo, mid)\n\tsortRange(a, mid+1, hi)\n}\n',
        { mode: 'comparative', audience: 'intermediate' },
      );
      assert.doesNotMatch(split, /Rewrite as a loop/);
      const countdown = await said(
        'python',
        'def total(n):\n    if n == 0:\n        return 0\n    return n + total(n - 1)\n',
        { mode: 'comparative', audience: 'intermediate' },
      );
      assert.match(countdown, /Rewrite as a loop/);
    });

    it('an `elif` told after a step of another branch names the arm it follows', async () => {
      const text = await said(
        'python',
        'def kind(line, sections, strict, seen):\n    mo = line.startswith("[")\n    if mo:\n        if line in sections:\n            if strict and line in seen:\n                raise ValueError(line)\n            seen.add(line)\n        elif line == "[DEFAULT]":\n            return 0\n    elif not sections:\n        raise KeyError(line)\n    return 1\n',
      );
      assert.match(
        text,
        /branches on whether `line == "\[DEFAULT\]"` when `line in sections` \(line 4\) does not hold \(line 8\)/,
      );
      assert.doesNotMatch(text, /\(line 5\), otherwise branches on/);
    });

    it('parameters that gather the rest are shown as written: `*args`, `**kwargs`, `...rest`', async () => {
      const py = await said(
        'python',
        'class Handler:\n    def __init__(self, *args, directory=None, **kwargs):\n        self.directory = directory\n        self.rest = (args, kwargs)\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(py, /`Handler\.__init__\(self, \*args, directory, \*\*kwargs\)`/);
      assert.match(py, /takes 3 parameters besides `self` \(`\*args`, `directory` and `\*\*kwargs`\)/);
      const js = await said('javascript', 'function join(sep, ...parts) {\n  return parts.join(sep);\n}\n');
      assert.match(js, /`join\(sep, \.\.\.parts\)`/);
    });

    it('checks on state the code changed since an earlier check are not told as checks made in turn', async () => {
      const text = await said(
        'go',
        'package p\n\ntype reader struct{ n int }\n\nfunc (p *reader) Read(d []byte) (int, error) {\n\tif p.n == 0 {\n\t\treturn 0, nil\n\t}\n\tp.n = fill(d)\n\tif p.n == 0 {\n\t\treturn 0, errShort\n\t}\n\treturn p.n, nil\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /checks in turn/);
    });
  });

  describe('the ninth panel’s classes', () => {
    it('an every-item check falls through when no item fails, not when none passes', async () => {
      const text = await said(
        'javascript',
        'function startsWith(buf, pos, needle) {\n  for (let i = 0; i < needle.length; i++) {\n    if (buf[pos + i] !== needle[i]) return false;\n  }\n  return true;\n}\n',
      );
      assert.doesNotMatch(text, /when no item passes the test, it falls through to `true`/);
    });

    it('comparative mode offers no for-each loop where the index is written through or outlives the loop', async () => {
      const text = await said(
        'java',
        'class Parts {\n    static String[] make(int n, String[] names) {\n        String[] out = new String[names.length];\n        for (int i = 0; i < out.length; i++) {\n            out[i] = names[i];\n        }\n        int j;\n        for (j = 0; j < names.length; j++) {\n            if (names[j] == null) break;\n        }\n        return j < n ? out : names;\n    }\n}\n',
        { mode: 'comparative', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /enhanced `for/);
    });

    it('a call in a `return` inside a C# loop runs once per call, not once per turn', async () => {
      const text = await said(
        'csharp',
        'class T {\n    string Take(string s) {\n        var sb = new StringBuilder();\n        for (var i = 0; i < s.Length; i++) {\n            if (s[i] == \'}\') return sb.ToString();\n            sb.Append(s[i]);\n        }\n        return "";\n    }\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /calls `sb\.ToString` inside a loop but on its way out of it \(line 5\)/);
    });

    it('methods and C macros the snippet defines are not listed as defined outside it', async () => {
      const go = await said(
        'go',
        'package p\n\ntype buf struct{ b []byte }\n\nfunc (b *buf) add(c byte) { b.b = append(b.b, c) }\n\nfunc clean(s string) string {\n\tvar out buf\n\tfor i := 0; i < len(s); i++ {\n\t\tout.add(s[i])\n\t}\n\treturn string(out.b)\n}\n',
      );
      assert.doesNotMatch(dependencies(go), /`out\.add`/);
      const c = await said(
        'c',
        '#define CHECK_END() if (p == end) return -1\n\nint count(const char *p, const char *end) {\n    int n = 0;\n    while (*p != 0) {\n        CHECK_END();\n        n++;\n        p++;\n    }\n    return n;\n}\n',
      );
      assert.doesNotMatch(dependencies(c), /CHECK_END/);
    });

    it('Rust’s `?` is not told as a `try` block', async () => {
      const text = await said(
        'rust',
        'fn total(items: &[&str]) -> Result<u64, std::num::ParseIntError> {\n    let mut sum = 0;\n    for item in items {\n        sum += item.parse::<u64>()?;\n    }\n    Ok(sum)\n}\n',
      );
      assert.doesNotMatch(text, /under `try`/);
      assert.match(text, /passes errors up to its caller with `\?`/);
    });

    it('an `else` is counted on its own line when its brace is on the next', async () => {
      const response = await engine.explain(
        explainRequestSchema.parse({
          code: 'class P {\n    int Sign(int x)\n    {\n        if (x > 0)\n        {\n            return 1;\n        }\n        else\n        {\n            return -1;\n        }\n    }\n}\n',
          language: 'csharp',
        }),
      );
      const increments = response.metadata.units?.flatMap((u) => u.increments ?? []) ?? [];
      assert.ok(
        increments.some((i) => i.reason === '`else`' && i.line === 8),
        JSON.stringify(increments),
      );
      assert.ok(!increments.some((i) => i.reason === '`else`' && i.line === 9));
    });

    it('an inner loop under a `switch` arm can run on every turn, not does', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc undo(parts []string, out []byte) []byte {\n\tfor _, p := range parts {\n\t\tswitch p {\n\t\tcase "..":\n\t\t\tfor len(out) > 0 && out[len(out)-1] != 47 {\n\t\t\t\tout = out[:len(out)-1]\n\t\t\t}\n\t\tdefault:\n\t\t\tout = append(out, p...)\n\t\t}\n\t}\n\treturn out\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /innermost loop on line 7 runs for every iteration/);
    });
  });

  describe('the tenth panel’s classes', () => {
    it('an element written through an index (`tab[i++][1] = v`) is stored into the array, not only an index bumped', async () => {
      const text = await said(
        'java',
        "class Pairs {\n  String[][] tab = new String[8][2];\n  int read(String s) {\n    int i = 0;\n    for (int end = 0; end < s.length(); end++) {\n      if (s.charAt(end) == ',') {\n        tab[i++][1] = s.substring(0, end);\n        s = s.substring(end + 1);\n      }\n    }\n    return i;\n  }\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /stores into `tab` \(line 7\)/);
      assert.match(text, /increments `i` \(line 7\)/);
    });

    it('a `.set(…)` call writes in place: said to store into, not to add items to', async () => {
      const text = await said(
        'typescript',
        'export function fill(buf: Uint8Array, chunks: Uint8Array[]): number {\n  let pos = 0;\n  for (const c of chunks) {\n    buf.set(c, pos);\n    pos += c.length;\n  }\n  return pos;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /stores into `buf` \(line 4\)/);
      assert.doesNotMatch(text, /adds items to `buf`/);
    });

    it('no “when it is empty” question about a loop an earlier return may keep an empty input from', async () => {
      const text = await said(
        'python',
        'def quote(s, raw):\n    if raw:\n        return s\n    out = []\n    for ch in s:\n        out.append("\\\\" + ch)\n    return "".join(out)\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /when `s` is empty\?/);
    });

    it('a branch whose `else` returns on a line of its own gives each return its own line', async () => {
      const text = await said(
        'python',
        'def pick(m):\n    if m[1]:\n        return chr(int(m[1], 8))\n    else:\n        return m[2]\n',
      );
      assert.match(
        text,
        /returns `chr\(int\(m\[1\], 8\)\)` if `m\[1\]` \(line 2\), and otherwise returns `m\[2\]` \(line 5\)/,
      );
      assert.doesNotMatch(text, /otherwise returns `m\[2\]` \(line 2\)/);
    });

    it('Rust: every arm of a tail `if … else if` or `match` gives a return value, not only explicit returns', async () => {
      const text = await said(
        'rust',
        "enum Style { Plain, Quoted, Mixed }\n\nfn style(s: &str) -> Style {\n    if s.is_empty() {\n        return Style::Quoted;\n    }\n    let q = s.contains('\"');\n    if !q {\n        Style::Plain\n    } else if s.len() > 1 {\n        match s.chars().next() {\n            Some('\"') => Style::Quoted,\n            _ => Style::Mixed,\n        }\n    } else {\n        Style::Quoted\n    }\n}\n",
      );
      assert.match(
        text,
        /`style\(s\)`: inputs `s`; returns `Style::Quoted`, `Style::Plain` or `Style::Mixed`\./,
      );
    });

    it('C: a function-pointer parameter is read with the others, not the whole list lost', async () => {
      const text = await said(
        'c',
        'int walk(const unsigned char *r, int rlen, int (*callback)(void *, int, const void *, int), void *ctx)\n{\n\tif (rlen < 12) return -1;\n\treturn callback(ctx, r[0], r, rlen);\n}\n',
      );
      assert.match(text, /`walk\(r, rlen, callback, ctx\)`: inputs `r`, `rlen`, `callback` and `ctx`/);
    });

    it('Go: methods declared on a type are not “functions without classes”', async () => {
      const text = await said(
        'go',
        'package p\n\ntype stack struct{ items []int }\n\nfunc (s *stack) push(x int) { s.items = append(s.items, x) }\n\nfunc (s *stack) size() int { return len(s.items) }\n\nfunc helper() int { return 1 }\n',
        { mode: 'comparative', audience: 'intermediate' },
      );
      assert.match(text, /The code is organised as 2 methods of `stack` and 1 function, without classes\./);
    });

    it('C: a write through a pointer parameter changes the memory it points to, not the parameter', async () => {
      const text = await said(
        'c',
        'void terminate(char *dest, const char *src) {\n\twhile (*src) *dest++ = *src++;\n\t*dest = 0;\n}\n',
        {
          mode: 'standard',
          audience: 'intermediate',
        },
      );
      assert.match(
        text,
        /It writes through its pointer parameter `dest` \(`\*dest`, line 3\), into memory its caller owns\./,
      );
      assert.doesNotMatch(text, /changes its parameter `dest`/);
    });

    it('Python and Java `assert` statements are ways out, not “no throw appears”', async () => {
      const python = await said(
        'python',
        'def halves(xs):\n    assert xs, "empty"\n    out = []\n    for x in xs:\n        assert x >= 0\n        out.append(x // 2)\n    return out\n',
      );
      assert.doesNotMatch(python, /No throw, catch, error return or early return appears/);
      assert.match(
        python,
        /`halves\(xs\)` asserts on lines 2 and 5: each raises an AssertionError when its condition is false \(unless Python runs with -O\)\./,
      );
      const java = await said(
        'java',
        'class H {\n  static int half(int x) {\n    assert x >= 0 : "negative";\n    return x / 2;\n  }\n}\n',
      );
      assert.match(
        java,
        /asserts on line 3: each throws an AssertionError when its condition is false and assertions are enabled/,
      );
    });
  });

  describe('the eleventh panel’s classes', () => {
    it('Go: a `Len` method is sort.Interface’s only beside `Less` and `Swap` on the same type', async () => {
      const alone = await said(
        'go',
        'package p\n\ntype Buffer struct{ buf []byte; off int }\n\n// Len returns the number of unread bytes.\nfunc (b *Buffer) Len() int { return len(b.buf) - b.off }\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(alone, /sort\.Interface/);
      const sorted = await said(
        'go',
        'package p\n\ntype byAge []int\n\nfunc (a byAge) Len() int { return len(a) }\nfunc (a byAge) Less(i, j int) bool { return a[i] < a[j] }\nfunc (a byAge) Swap(i, j int) { a[i], a[j] = a[j], a[i] }\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(sorted, /sort\.Interface/);
    });

    it('a call that never returns (`longjmp`, `exit`, `panic`) is no hot spot a loop repeats', async () => {
      const text = await said(
        'c',
        '#include <setjmp.h>\nint need(int *have, int want, jmp_buf env) {\n  int got = 0;\n  while (got < want) {\n    if (have[got] < 0) longjmp(env, 1);\n    got++;\n  }\n  return got;\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /calls `longjmp` inside a loop/);
    });

    it('a bare call of a parameter is not the snippet’s function of the same name', async () => {
      const text = await said(
        'javascript',
        'function all(addrs, trust) {\n  const out = [];\n  for (let i = 0; i < addrs.length; i++) {\n    if (trust(addrs[i], i)) out.push(addrs[i]);\n  }\n  return out;\n}\nfunction trust(addr) {\n  for (const c of addr) if (c === ":") return true;\n  return false;\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /a loop calls `trust`, defined in this snippet/);
    });

    it('a for-each loop over a slice with constant bounds (`s[2:6]`) takes a fixed number of turns', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc hex4(s []byte) rune {\n\tvar r rune\n\tfor _, c := range s[2:6] {\n\t\tif c < 48 || c > 57 {\n\t\t\treturn -1\n\t\t}\n\t\tr = r*16 + rune(c-48)\n\t}\n\treturn r\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`hex4\(s\)`: O\(1\) — the loop on line 5 runs at most a fixed number of times \(`s\[2:6\]`\)/,
      );
    });

    it('the lines of a note left out go with it, and a note closing the block above explains nothing below', async () => {
      const text = await said(
        'python',
        'def count(rows):\n    n = 0\n    # XXX This may well be wrong.  Which rule says\n    # rows are never empty?\n    for r in rows:\n        while r:\n            r = r[1:]\n            n += 1\n        # end while\n        n += 1\n    return n\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /rows are never empty/);
      assert.doesNotMatch(text, /“end while”/);
    });

    it('`+= 2` is told as adding 2, not incrementing; a total grown by sizes is added up, not counted', async () => {
      const text = await said(
        'typescript',
        'export function byteCount(str: string): number {\n  let byteLength = 0;\n  for (let pos = 0; pos < str.length; pos++) {\n    const value = str.charCodeAt(pos);\n    if (value < 0x80) {\n      byteLength++;\n    } else if (value < 0x800) {\n      byteLength += 2;\n    } else {\n      byteLength += 3;\n    }\n  }\n  return byteLength;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /when `value < 0x800` \(line 7\), it adds 2 to `byteLength` \(line 8\)/);
      assert.doesNotMatch(text, /counts items/);
    });

    it('an index bumped inside an expression of a statement the arm always runs is no “further check”', async () => {
      const text = await said(
        'javascript',
        'function decode(bytes, offset, end) {\n  const units = [];\n  while (offset < end) {\n    const byte1 = bytes[offset++];\n    if ((byte1 & 0x80) === 0) {\n      units.push(byte1);\n    } else if ((byte1 & 0xe0) === 0xc0) {\n      const byte2 = bytes[offset++] & 0x3f;\n      units.push(((byte1 & 0x1f) << 6) | byte2);\n    } else {\n      const b = ok(byte1) && bytes[offset++];\n      units.push(b);\n    }\n  }\n  return units;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        text,
        /when `\(byte1 & 0xe0\) === 0xc0` \(line 7\), it increments `offset` \(line 8\) and adds items to `units` \(line 9\);/,
      );
      // After `&&`, it may not run.
      assert.match(
        text,
        /otherwise \(line 10\), it adds items to `units` \(line 12\), and depending on further checks, increments `offset` \(line 11\)\./,
      );
    });

    it('a value switch inside one branch of a loop acts on some characters only, not “on each character”', async () => {
      const nested = await said(
        'go',
        "package p\n\nfunc unescape(s string) []byte {\n\tb := make([]byte, 0, len(s))\n\tfor r := 0; r < len(s); r++ {\n\t\tc := s[r]\n\t\tif c == '\\\\' && r+1 < len(s) {\n\t\t\tr++\n\t\t\tswitch s[r] {\n\t\t\tcase 'n':\n\t\t\t\tb = append(b, '\\n')\n\t\t\tcase 't':\n\t\t\t\tb = append(b, '\\t')\n\t\t\tcase '\"':\n\t\t\t\tb = append(b, '\"')\n\t\t\t}\n\t\t\tcontinue\n\t\t}\n\t\tb = append(b, c)\n\t}\n\treturn b\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(nested, /acts on each character by its value/);
      const every = await said(
        'go',
        "package p\n\nfunc count(s string) (n int) {\n\tfor r := 0; r < len(s); r++ {\n\t\tswitch s[r] {\n\t\tcase 'a':\n\t\t\tn++\n\t\tcase 'b':\n\t\t\tn += 2\n\t\tcase 'c':\n\t\t\tn += 3\n\t\t}\n\t}\n\treturn n\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(every, /acts on each character by its value/);
    });
  });
  describe('the twelfth panel’s classes', () => {
    it('a body that decides inside an expression is not said to have no branches', async () => {
      const text = await said(
        'typescript',
        'class Code {\n  private items: string[];\n  constructor(code: string | string[]) {\n    this.items = typeof code === "string" ? [code] : code;\n  }\n  get str(): string {\n    return (this.cached ??= this.items.join(""));\n  }\n}\n',
        { mode: 'detailed', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /no loops, branches or returns/);
      assert.match(text, /it decides inside expressions \(1 decision/);
      assert.doesNotMatch(text, /short functions? with no loop.*`Code\.str\(\)`/);
    });

    it('serialising a value is no side effect', async () => {
      const text = await said(
        'javascript',
        'function safeStringify(x) {\n  return JSON.stringify(x).replace(/\\u2028/g, "\\\\u2028");\n}\n',
      );
      const effects = (text.split('## Side effects\n')[1] ?? '').split('\n## ')[0] ?? '';
      assert.match(effects, /None of its calls/);
      assert.doesNotMatch(effects, /serialises|JSON\.stringify/);
    });

    it('a generator yields values, and `yield from` yields every item of what it delegates to', async () => {
      const text = await said(
        'python',
        'def chain(a, b):\n    for x in a:\n        yield x\n    yield from b\n    return\n',
      );
      assert.match(text, /`chain\(a, b\)`: inputs `a` and `b`; yields values \(it is a generator/);
      assert.match(text, /yields every item of `b` in turn \(line 4\)/);
      assert.doesNotMatch(text, /yields `b`/);
    });

    it('Rust: `ptr.add(i)` is pointer arithmetic, not a change in place', async () => {
      const text = await said(
        'rust',
        'struct G { start: *mut u8, n: usize }\nimpl Drop for G {\n    fn drop(&mut self) {\n        for i in 0..self.n {\n            unsafe { core::ptr::drop_in_place(self.start.add(i)); }\n        }\n    }\n}\n',
      );
      assert.doesNotMatch(text, /changes `self\.start` in place/);
    });
    it('TypeScript: a rest parameter is labelled `...args` once', async () => {
      const text = await said(
        'typescript',
        'export function tag(strs: TemplateStringsArray, ...args: unknown[]): string {\n  return strs.join("") + args.length;\n}\n',
      );
      assert.match(text, /`tag\(strs, \.\.\.args\)`/);
      assert.doesNotMatch(text, /\.\.\.\.\.\./);
    });

    it('learning: a guarded call written in the snippet is visible, with the lines it raises on', async () => {
      const text = await said(
        'python',
        "class R:\n    def _size(self):\n        line = self.fp.readline()\n        try:\n            return int(line, 16)\n        except ValueError:\n            self.close()\n            raise\n\n    def left(self):\n        try:\n            n = self._size()\n        except ValueError:\n            raise IncompleteRead(b'')\n        return n\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(text, /`self\._size`, written in this snippet, can raise \(line 8\)/);
      assert.doesNotMatch(text, /\(`self\._size`\) can raise it is not visible here/);
    });

    it('learning: a returned variable the body changes is not said to depend only on what it names', async () => {
      const text = await said(
        'c',
        'int put(char *buf, int idx, int n) {\n  for (int i = 0; i < n; i++) {\n    buf[idx++] = 0;\n  }\n  return idx;\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.match(text, /It returns `idx` \(line 5\), as the code before it leaves it\./);
      assert.doesNotMatch(text, /which uses `idx`/);
    });
    it('a loop left once a forward-only counter reaches a constant runs a fixed number of times', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc parse(b []byte, off int) (ret int, err error) {\n\tfor shifted := 0; off < len(b); shifted++ {\n\t\tif shifted == 5 {\n\t\t\treturn 0, errLong\n\t\t}\n\t\tret = ret<<7 | int(b[off]&0x7f)\n\t\tif b[off]&0x80 == 0 {\n\t\t\treturn ret, nil\n\t\t}\n\t\toff++\n\t}\n\treturn 0, errShort\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`parse\(b, off\)`: O\(1\) — the loop on line 4 runs at most a fixed number of times \(it leaves at line 6 once `shifted == 5`\)/,
      );
      // A counter that is also set back caps nothing.
      const reset = await said(
        'go',
        'package p\n\nfunc scan(b []byte) (n int) {\n\tk := 0\n\tfor i := 0; i < len(b); i++ {\n\t\tif k == 5 {\n\t\t\treturn\n\t\t}\n\t\tk++\n\t\tif b[i] == 0 {\n\t\t\tk = 0\n\t\t}\n\t\tn++\n\t}\n\treturn\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.doesNotMatch(reset, /`scan\(b\)`: O\(1\)/);
    });
    it('a well-known copy of a length that is no constant costs O(n), not O(1)', async () => {
      const rust = await said(
        'rust',
        'impl<T> V<T> {\n    pub fn insert(&mut self, index: usize, element: T) {\n        let len = self.len;\n        unsafe {\n            let p = self.ptr.add(index);\n            ptr::copy(p, p.add(1), len - index);\n            ptr::write(p, element);\n        }\n        self.len = len + 1;\n    }\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(rust, /`V\.insert`: O\(n\) — `ptr::copy\(…\)` on line 6 copies, moves or fills memory/);
      const c = await said(
        'c',
        '#include <string.h>\nvoid put4(char *d, const char *s) { memcpy(d, s, 4); }\nvoid put(char *d, const char *s, size_t n) { memmove(d, s, n); }\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(c, /`put4\(d, s\)`: O\(1\)/);
      assert.match(c, /`put\(d, s, n\)`: O\(n\) — `memmove\(…\)` on line 3/);
      const java = await said(
        'java',
        'class A {\n  static int[] grow(int[] a, int n) {\n    int[] b = new int[n];\n    System.arraycopy(a, 0, b, 0, a.length);\n    return b;\n  }\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(java, /`A\.grow\(a, n\)`: O\(n\) — `System\.arraycopy\(…\)` on line 4/);
    });
  });
  describe('the thirteenth panel’s classes', () => {
    it('an item put into a parameter and taken out again is no change the caller sees', async () => {
      const text = await said(
        'javascript',
        "function order(graph, start) {\n  const out = [];\n  function walk(node, path) {\n    if (path.has(node)) throw new Error('cycle at ' + node);\n    path.add(node);\n    for (const next of graph.get(node) || []) walk(next, path);\n    path.delete(node);\n    out.push(node);\n  }\n  walk(start, new Set());\n  return out.reverse();\n}\n",
      );
      assert.doesNotMatch(text, /changes its parameter `path`[^.]*so the caller sees the change/);
      assert.doesNotMatch(text, /changes `path` \(line 5\) in place/);
      assert.match(
        text,
        /puts `node` into its parameter `path` \(`path\.add`, line 5\) and takes it out again on line 7/,
      );
      // A return between them would leave the item in: then it is a change.
      const early = await said(
        'javascript',
        'function mark(node, seen) {\n  seen.add(node);\n  if (node.done) return true;\n  seen.delete(node);\n  return false;\n}\n',
      );
      assert.match(early, /changes its parameter `seen`/);
    });

    it('a function with branches and no loop nests branches, not loops', async () => {
      const text = await said(
        'python',
        'def pick(a, b, c, d):\n    if a:\n        if b:\n            if c:\n                if d:\n                    return 1\n    return 0\n',
      );
      assert.match(text, /`pick\(a, b, c, d\)` nests branches 4 levels deep/);
      assert.doesNotMatch(text, /nests loops and branches/);
    });

    it('`strings.ContainsAny` is any one of the characters, not the string', async () => {
      const text = await said(
        'go',
        'package p\n\nimport "strings"\n\nfunc special(host string) bool {\n\treturn strings.ContainsAny(host, ":%")\n}\n',
      );
      assert.match(text, /`host` contains any character of `":%"`/);
      assert.doesNotMatch(text, /`host` contains `":%"`/);
    });

    it('a loop that writes its output elsewhere does not "add up values" into the count it keeps', async () => {
      const text = await said(
        'c',
        'unsigned long copy_runs(const unsigned char *src, unsigned char *dst, unsigned long size)\n{\n\tunsigned long done = 0;\n\twhile (done < size) {\n\t\tunsigned long n = *src++;\n\t\tunsigned long i;\n\t\tfor (i = n; i > 0; --i) {\n\t\t\t*dst++ = *src++;\n\t\t}\n\t\tdone += n;\n\t}\n\treturn done;\n}\n',
      );
      assert.doesNotMatch(text, /adds up values into `done`/);
      assert.doesNotMatch(text, /Overflow: `done`/);
      // …and the copy loop's turns add up to the outer loop's bound: linear, not quadratic.
      assert.match(
        text,
        /O\(n\) — [^\n]*the loop on line 7 runs `n` times, and the loop on line 4 around it adds `n` to `done`, which its condition bounds \(`done < size`\)/,
      );
      assert.doesNotMatch(text, /O\(n\^2\)/);
    });

    it('a number read afresh on each turn is not "packed" across turns', async () => {
      const text = await said(
        'c',
        'int next(struct s *bs, unsigned long *out);\nunsigned long last(struct s *bs, int n)\n{\n\tunsigned long off = 0;\n\twhile (n-- > 0) {\n\t\tif (!next(bs, &off)) return 0;\n\t\toff = (off << 8) + *bs->src++;\n\t}\n\treturn off;\n}\n',
      );
      assert.doesNotMatch(text, /packs bits into `off`/);
      const fresh = await said(
        'javascript',
        'function lastGroup(groups) {\n  let v = 0;\n  for (const g of groups) {\n    v = g.head;\n    v = (v << 4) | g.tail;\n  }\n  return v;\n}\n',
      );
      assert.doesNotMatch(fresh, /packs bits into `v`/);
      // Carried from turn to turn, it is: the sentence stays where it is true.
      const packed = await said(
        'javascript',
        'function fromHex(s) {\n  let v = 0;\n  for (const ch of s) {\n    v = (v << 4) | parseInt(ch, 16);\n  }\n  return v;\n}\n',
      );
      assert.match(packed, /packs bits into `v`: each turn of the loop on line 3 shifts `v` left by 4 bits/);
    });

    it('a caller costs what its callee costs, with what that callee calls', async () => {
      const text = await said(
        'javascript',
        'function visit(n, seen) {\n  if (seen.has(n)) return;\n  seen.add(n);\n  for (const c of n.kids) visit(c, seen);\n  for (const c of n.kids) visit(c, seen);\n}\nfunction sortAll(nodes) {\n  const seen = new Set();\n  for (const n of nodes) visit(n, seen);\n  return seen;\n}\nfunction entry(nodes) {\n  return sortAll(nodes);\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      const sortAll = /- `sortAll\(nodes\)`: ([^\n]*)/.exec(text)?.[1] ?? '';
      const entry = /- `entry\(nodes\)`: ([^\n]*)/.exec(text)?.[1] ?? '';
      assert.ok(sortAll, text);
      // Whatever `sortAll` is said to cost, `entry`, which only hands over to it, is said to cost the same.
      assert.equal(entry.split(' — ')[0], sortAll.split(' — ')[0], text);
    });

    it('a method of an object a function of the snippet builds costs what that method costs', async () => {
      const text = await said(
        'javascript',
        'function makeCoder(base) {\n  return {\n    encode(bytes) {\n      const out = [];\n      for (const b of bytes) {\n        let carry = b;\n        for (let j = 0; j < out.length; j++) {\n          carry += out[j] << 8;\n          out[j] = carry % base;\n          carry = (carry / base) | 0;\n        }\n        while (carry > 0) {\n          out.push(carry % base);\n          carry = (carry / base) | 0;\n        }\n      }\n      return out;\n    },\n  };\n}\nconst coder = makeCoder(58);\nfunction encode58(bytes) {\n  return coder.encode(bytes);\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /- `encode58\(bytes\)`: O\(n\^2\) — it calls `encode`, defined in this snippet/);
    });

    it('the hot spot is the loop that multiplies, not one inside it that shares its index', async () => {
      const text = await said(
        'javascript',
        'function decode(digits, base) {\n  const limbs = [];\n  let i = 0;\n  while (i < digits.length) {\n    let group = 0;\n    const end = i + 5;\n    while (i < end && i < digits.length) {\n      group = group * base + digits[i];\n      i++;\n    }\n    let carry = group;\n    for (let j = 0; j < limbs.length; j++) {\n      carry += limbs[j] * 100000;\n      limbs[j] = carry & 0xffff;\n      carry = Math.floor(carry / 65536);\n    }\n    limbs.push(carry);\n  }\n  return limbs;\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(text, /`decode\(digits, base\)`: the innermost loop on line 12 runs for every iteration/);
      assert.doesNotMatch(text, /innermost loop on line 7/);
    });

    it('loops bounded by a local only ever set to numbers run a fixed number of times', async () => {
      const text = await said(
        'go',
        "package p\n\nfunc decode(s string, c byte) (v rune) {\n\tsize := 0\n\tswitch c {\n\tcase 'x':\n\t\tsize = 2\n\tcase 'u':\n\t\tsize = 4\n\t}\n\tfor j := 0; j < size; j++ {\n\t\tv = v<<4 | rune(s[j])\n\t}\n\treturn v\n}\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`decode\(s, c\)`: O\(1\) — the loop on line 11 runs at most a fixed number of times \(`j < size`, and `size` is only ever set to a number\)/,
      );
      // A bound the caller passes is no fixed count.
      const passed = await said(
        'go',
        'package p\n\nfunc sum(xs []int, size int) (t int) {\n\tfor j := 0; j < size; j++ {\n\t\tt += xs[j]\n\t}\n\treturn t\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(passed, /`sum\(xs, size\)`: O\(n\)/);
    });

    it('a call made only under a condition is said to cost that much only then', async () => {
      const text = await said(
        'java',
        'class Ring {\n    Object[] items = new Object[8];\n    int head, tail;\n    void grow() {\n        Object[] bigger = new Object[items.length * 2];\n        for (int i = 0; i < items.length; i++) bigger[i] = items[(head + i) % items.length];\n        tail = items.length; head = 0; items = bigger;\n    }\n    void add(Object e) {\n        items[tail] = e;\n        tail = (tail + 1) % items.length;\n        if (tail == head) grow();\n    }\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`Ring\.add\(e\)`: O\(n\) — it calls `Ring\.grow`[^\n]*but only when the condition around that call holds; on the other calls it is O\(1\)/,
      );
    });

    it('a C function is shown by its name, not by its return type on the line above', async () => {
      const text = await said(
        'c',
        'static int\ncount_bits(unsigned long v, int limit)\n{\n\tint n = 0;\n\twhile (v != 0 && n < limit) {\n\t\tn += v & 1;\n\t\tv >>= 1;\n\t}\n\treturn n;\n}\n',
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /`static int`/);
      assert.match(text, /In this code, line 2: `count_bits\(unsigned long v, int limit\)`/);
    });

    it('a `case` arm that returns is one of the switch’s answers, not an early way out', async () => {
      const text = await said(
        'go',
        "package p\n\nfunc unhex(b byte) (byte, bool) {\n\tswitch {\n\tcase '0' <= b && b <= '9':\n\t\treturn b - '0', true\n\tcase 'a' <= b && b <= 'f':\n\t\treturn b - 'a' + 10, true\n\t}\n\treturn 0, false\n}\n",
      );
      assert.doesNotMatch(text, /leaves early on line 6/);
      assert.match(
        text,
        /`unhex\(b\)` returns from the `case` on line 5 \(line 6, returning `b - '0', true`\)/,
      );
    });

    it('a conditional’s increment names the line of its `?`', async () => {
      const text = await said(
        'java',
        'class A {\n  int f(int a, int b) {\n    return a > b\n        ? a\n        : b;\n  }\n}\n',
      );
      assert.match(text, /cognitive 1: \+1 for `\?` \(line 4\)/);
      assert.match(text, /\+1 for `\?` \(line 4\)\./);
    });

    it('a return after a switch that ended is not given that switch’s last label', async () => {
      const text = await said(
        'go',
        "package p\n\nimport \"errors\"\n\nvar ErrSyntax = errors.New(\"syntax\")\n\nfunc esc(s string, c byte) (v int, err error) {\n\tswitch c {\n\tcase 'a':\n\t\treturn 7, nil\n\tcase 'x', 'u', 'U':\n\t\tn := 0\n\t\tswitch c {\n\t\tcase 'x':\n\t\t\tn = 2\n\t\tcase 'u':\n\t\t\tn = 4\n\t\tcase 'U':\n\t\t\tn = 8\n\t\t}\n\t\tif len(s) < n {\n\t\t\terr = ErrSyntax\n\t\t\treturn\n\t\t}\n\t\treturn len(s), nil\n\t}\n\terr = ErrSyntax\n\treturn\n}\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /line 23 when `c` is `'U'`/);
      assert.match(text, /line 25 returns `len\(s\), nil` when `c` is `'x'`, `'u'` or `'U'`/);
    });

    it('a throw statement is counted as one, not as every way to end by an exception', async () => {
      const text = await said(
        'csharp',
        "class W {\n  string Clean(string field) {\n    if (field[0] == '\"' && field[1] == '=') {\n      throw new System.ArgumentException(\"formula\");\n    }\n    return field;\n  }\n}\n",
      );
      assert.doesNotMatch(text, /can end by throwing \(1 place\)/);
      // Told with the error paths, not as a side effect.
      assert.match(
        text,
        /## Error paths and early exits\n- `W\.Clean\(field\)` throws `new System\.ArgumentException\("formula"\)` on line 4/,
      );
      assert.doesNotMatch(text.split('## Side effects')[1]!.split('\n## ')[0]!, /throws/);
    });
  });
  describe('the fourteenth panel’s classes', () => {
    it('a C `case` whose braced block ends in a return does not fall through', async () => {
      const text = await said(
        'c',
        "const char *classend(const char *p, const char *end) {\n  switch (*p++) {\n    case '%': {\n      if (p == end) return 0;\n      return p + 1;\n    }\n    case '[': {\n      if (*p == '^') p++;\n      return p + 1;\n    }\n    default: {\n      return p;\n    }\n  }\n}\n",
        { mode: 'learning', audience: 'beginner' },
      );
      assert.doesNotMatch(text, /falls through into the next/);
      assert.doesNotMatch(text, /whose arms fall through into it/);
      // A block with no jump at its end still runs on into the next arm.
      const runsOn = await said(
        'javascript',
        "function f(k) {\n  let n = 0;\n  switch (k) {\n    case 'a': {\n      n++;\n    }\n    case 'b':\n      n++;\n      break;\n    default:\n      n = -1;\n  }\n  return n;\n}\n",
      );
      assert.match(runsOn, /`'a'` \(line 4, falls through into the next\)/);
    });

    it('a loop whose body ends in its own break or return runs at most once', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc first(p []byte) (rune, int) {\n\tfor _, b := range p {\n\t\tif b < 0x80 {\n\t\t\treturn rune(b), 1\n\t\t}\n\t\tbreak\n\t}\n\treturn 0, 0\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`first\(p\)`: O\(1\) — the loop on line 4 ends its first turn with the `break` on line 8, and nothing in it starts another, so it runs at most once/,
      );
      // A `continue` starts another turn: no longer once.
      const again = await said(
        'go',
        'package p\n\nfunc count(p []byte) (n int) {\n\tfor _, b := range p {\n\t\tif b == 0 {\n\t\t\tcontinue\n\t\t}\n\t\tn++\n\t\tbreak\n\t}\n\treturn n\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.doesNotMatch(again, /runs at most once/);
    });

    it('a loop counting down from a number to a number runs a fixed number of times', async () => {
      const text = await said(
        'javascript',
        'function tail(x) {\n  const out = [];\n  for (let i = 9; i >= 0; i--) {\n    out.push(x[i]);\n  }\n  return out;\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`tail\(x\)`: O\(1\) — the loop on line 3 runs at most a fixed number of times \(it counts `i` down from 9 while `i >= 0`\)/,
      );
      const passed = await said(
        'javascript',
        'function tail(x, k) {\n  const out = [];\n  for (let i = k; i >= 0; i--) {\n    out.push(x[i]);\n  }\n  return out;\n}\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(passed, /`tail\(x, k\)`: O\(n\)/);
    });

    it('`i = i + 1` moves an index forward, so a loop inside that moves it too shares its steps', async () => {
      const text = await said(
        'python',
        "def subst(field, params):\n    res = ''\n    i, n = 0, len(field)\n    while i < n:\n        c = field[i]; i = i+1\n        if c == '{':\n            start = i\n            while i < n and field[i] != '}':\n                i = i+1\n            res = res + params.get(field[start:i], '')\n            i = i+1\n        else:\n            res = res + c\n    return res\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        text,
        /`subst\(field, params\)`: O\(n\) — [^\n]*the loop on line 8 moves the same `i` as the loop on line 4 around it/,
      );
      assert.doesNotMatch(text, /O\(n\^2\)/);
      const told = await said(
        'python',
        "def skip(s):\n    i = 0\n    while i < len(s) and s[i] == ' ':\n        i = i + 2\n    return i\n",
      );
      assert.doesNotMatch(told, /sets `i` \(line 4\)/);
    });
  });

  describe('classes found reading fresh code before the fifteenth panel', () => {
    it('an arrow function whose body chooses between values answers no yes-or-no question', async () => {
      const text = await said(
        'javascript',
        "const pick = (a, b) => a === b ?\n  { kind: 'same', v: String(a) }\n  : { kind: 'range', lo: a, hi: b };\nconst same = (a, b) => a === b;\n",
      );
      assert.doesNotMatch(text, /`pick\(a, b\)` answers yes or no/);
      assert.doesNotMatch(text, /It answers yes or no: it returns whether `a` equals `b` \(line 1\)/);
      // A body that is the question itself still answers it.
      assert.match(text, /`same\(a, b\)` answers yes or no: it returns whether `a` equals `b` \(line 4\)/);
    });

    it('a loop over a collection whose size is written in the code does not multiply the cost', async () => {
      const python = await said(
        'python',
        "def tally(data):\n    ascii = [chr(c) for c in range(127)]\n    counts = {}\n    for line in data:\n        for ch in ascii:\n            counts[ch] = counts.get(ch, 0) + 1\n        for sep in ',', ';':\n            counts[sep] = 0\n    return counts\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(
        python,
        /`tally\(data\)`: O\(n\) — .*the loop on line 5 runs at most a fixed number of times \(it runs over `ascii`, which is set once to a collection of fixed size and never grown\)/,
      );
      const js = await said(
        'javascript',
        "function count(lines) {\n  let n = 0;\n  const seps = [',', ';'];\n  for (const line of lines) {\n    for (const sep of seps) {\n      if (line.includes(sep)) n++;\n    }\n  }\n  return n;\n}\n",
        { mode: 'performance', audience: 'intermediate' },
      );
      // The search inside is counted once per line, not once per line and separator pair of a size n.
      assert.match(js, /`count\(lines\)`: O\(n·m\)|`count\(lines\)`: O\(n\) — /);
      assert.doesNotMatch(js, /`count\(lines\)`: O\(n\^2/);
      // A list that grows is no longer of written size.
      const grown = await said(
        'python',
        'def spread(data):\n    seen = [0]\n    for x in data:\n        for y in seen:\n            print(x, y)\n        seen.append(x)\n',
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(grown, /`spread\(data\)`: O\(n\^2\)/);
    });

    it('a running best is told as what it keeps, and only where nothing else sets it', async () => {
      const go =
        'package p\n\nfunc best(items []item, skip bool) (name string, at int) {\n\ttop := 0\n\tfor i, it := range items {\n\t\tif it.score > top && !(skip && i == 0) {\n\t\t\ttop = it.score\n\t\t\tname = it.name\n\t\t\tat = i\n\t\t}\n\t}\n\treturn\n}\n';
      const text = await said('go', go, { mode: 'standard', audience: 'intermediate' });
      assert.match(
        text,
        /It keeps the highest `it\.score` seen so far in `top` \(lines 6 and 7\), counting only turns where `!\(skip && i == 0\)` also holds, and sets `name` and `at` with it \(lines 8 and 9\)\./,
      );
      assert.doesNotMatch(text, /sets `top` \(line 7\)/);
      const lowest = await said(
        'python',
        'def nearest(points, x):\n    best = None\n    gap = 10 ** 9\n    for p in points:\n        if abs(p - x) < gap:\n            gap = abs(p - x)\n            best = p\n    return best\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        lowest,
        /It keeps the lowest `abs\(p - x\)` seen so far in `gap` \(lines 5 and 6\), and sets `best` with it \(line 7\)\./,
      );
      // Set again elsewhere in the loop (a reset), it is no running best.
      const reset = await said(
        'python',
        'def runs(xs):\n    top = 0\n    cur = 0\n    for x in xs:\n        if x > top:\n            top = x\n        if x == 0:\n            top = 0\n        cur += x\n    return top, cur\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(reset, /keeps the highest/);
      // The loop's own item, fresh each turn, keeps nothing from one turn to the next (a clamp).
      const clamp = await said(
        'go',
        'package p\n\nfunc blocks(size int64) (n int64) {\n\tfor _, want := range []int64{1024, 65536} {\n\t\tif want > size {\n\t\t\twant = size\n\t\t}\n\t\tn += want\n\t}\n\treturn\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(clamp, /keeps the lowest/);
      // Declared in the loop each turn, likewise.
      const declared = await said(
        'javascript',
        'function f(xs, cap) {\n  let t = 0;\n  for (const x of xs) {\n    let w = x * 2;\n    if (cap < w) {\n      w = cap;\n    }\n    t += w;\n  }\n  return t;\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(declared, /keeps the (lowest|highest)/);
    });

    it('a walk that moves down in one branch and along in another is told move by move', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc find(root *trie, s string) int {\n\tn := 0\n\tnode := root\n\tfor node != nil && s != "" {\n\t\tif node.table != nil {\n\t\t\tb := s[0]\n\t\t\tnode = node.table[b]\n\t\t\ts = s[1:]\n\t\t\tn++\n\t\t} else {\n\t\t\tnode = node.next\n\t\t}\n\t}\n\treturn n\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        text,
        /Line 9 moves `node` down into `node\.table\[b\]`\. Line 13 moves `node` on to `node\.next`\./,
      );
      assert.doesNotMatch(text, /sets `node` \(lines 9 and 13\)/);
      // Set to something else too (`node = root`), it is no walk.
      const restart = await said(
        'go',
        'package p\n\nfunc find(root *trie, s string) int {\n\tn := 0\n\tnode := root\n\tfor node != nil && s != "" {\n\t\tif node.table != nil {\n\t\t\tb := s[0]\n\t\t\tnode = node.table[b]\n\t\t\ts = s[1:]\n\t\t\tn++\n\t\t} else {\n\t\t\tnode = root\n\t\t}\n\t}\n\treturn n\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(restart, /moves `node` down into/);
    });

    it('a change made on one line by a compound assignment says by what', async () => {
      const text = await said(
        'java',
        'class D {\n  int pack(int[] src, int sp, int sl) {\n    int bits = 0;\n    int shift = 18;\n    int total = 0;\n    while (sp < sl) {\n      int b = src[sp++];\n      bits |= (b << shift);\n      shift -= 6;\n      total += b * 2;\n      if (shift < 0) {\n        shift = 18;\n      }\n    }\n    return bits + total;\n  }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /sets the bits of `\(b << shift\)` in `bits` \(line 8\)/);
      assert.match(text, /adds `b \* 2` to `total` \(line 10\)/);
      // Added to on two lines by different amounts: no one operand to quote.
      const two = await said(
        'python',
        'def f(xs):\n    t = 0\n    for x in xs:\n        t += x\n        if x > 9:\n            t += 1 + x\n        print(t)\n    return t\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(two, /adds `x` to `t`/);
    });

    it('a loop that only moves an index past a run of items is told as a skip', async () => {
      const c = await said(
        'c',
        "int span(const char *s, int i, int n) {\n    while (i < n && (s[i] == ' ' || s[i] == '\\t'))\n        i++;\n    int end = n;\n    while (end > i && s[end - 1] == '\\n')\n        end--;\n    return end - i;\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        c,
        /skips `i` forward over every item where `\(s\[i\] == ' ' \|\| s\[i\] == '\\t'\)` holds, staying within `i < n`, skips `end` back over every item where `s\[end - 1\] == '\\n'` holds, staying within `end > i`/,
      );
      // A body that does more than move the index is no skip; nor is a test that reads no item.
      const more = await said(
        'python',
        "def f(s, i, n):\n    while i < n and s[i] == ' ':\n        i += 1\n        print(i)\n    while i < n and n > 3:\n        i += 1\n    return i\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(more, /skips `i`/);
    });

    it('a loop with no condition is not said to repeat "while 1 holds", nor to run over it', async () => {
      const text = await said(
        'python',
        "def copy(src, out):\n    out.write(b'[')\n    while 1:\n        line = src.readline()\n        if not line:\n            break\n        out.write(line)\n    out.write(b']')\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /repeats a loop until something inside it leaves it/);
      assert.doesNotMatch(text, /while `1` holds|over `1`/);
      // Writes before and after the loop: not all of them are in it.
      assert.doesNotMatch(text, /writes its output to `out`, in the loop/);
    });

    it('an item put at the end by index (`arr[arr.length] = v`) is added, not set', async () => {
      const text = await said(
        'javascript',
        'function hex(bytes) {\n  var arr = [];\n  for (var i = 0; i < bytes.length; ++i) {\n    if (bytes[i] < 16) arr[arr.length] = "0";\n    arr[arr.length] = bytes[i].toString(16);\n  }\n  return arr.join("");\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /sets `arr\[arr\.length\]`/);
      assert.match(text, /adds items to `arr` \(lines 4 and 5\)/);
    });

    it('"every item passes a test" only where the loop itself answers, with no `break` and the answer right after', async () => {
      const text = await said(
        'java',
        'class L {\n    boolean batch(Object[] es, java.util.Collection<?> c, boolean keep, int from, int end) {\n        int r;\n        for (r = from;; r++) {\n            if (r == end)\n                return false;\n            if (c.contains(es[r]) != keep)\n                break;\n        }\n        int w = r++;\n        for (; r < end; r++) {\n            if (c.contains(es[r]) == keep)\n                es[w++] = es[r];\n        }\n        return true;\n    }\n    boolean allPositive(int[] xs) {\n        for (int x : xs) {\n            if (x <= 0) return false;\n        }\n        return true;\n    }\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /`L\.batch\([^)]*\)` [^.]*checks whether every item/);
      assert.match(text, /`L\.allPositive\(xs\)` [^.]*\. It checks whether every item of `xs` passes a test/);
    });

    it('C: a call that never returns (`exit`, `longjmp`, `luaL_error`) is a way out', async () => {
      const text = await said(
        'c',
        'static int at(lua_State *L, const char *p, const char *end) {\n    if (p >= end)\n        luaL_error(L, "pattern ends too soon");\n    if (*p == 0)\n        exit(2);\n    return *p;\n}\n',
      );
      assert.match(text, /`at\(L, p, end\)` leaves on line 3 without returning: `luaL_error` never returns/);
      assert.match(text, /`at\(L, p, end\)` ends the whole program on line 5: `exit\(2\)`/);
      assert.doesNotMatch(text, /No throw, catch, error return or early return appears/);
    });

    it('elements of a parameter swapped together are a change the caller sees', async () => {
      const js = await said(
        'javascript',
        'function shuffle(a, rand) {\n  for (let i = a.length - 1; i > 0; i--) {\n    const j = Math.floor(rand() * (i + 1));\n    [a[i], a[j]] = [a[j], a[i]];\n  }\n  return a;\n}\n',
      );
      assert.match(js, /`shuffle\(a, rand\)` changes `a` \(line 4\) in place, which its caller passed in/);
      const py = await said(
        'python',
        'def rev(a):\n    i, j = 0, len(a) - 1\n    while i < j:\n        a[i], a[j] = a[j], a[i]\n        i += 1\n        j -= 1\n',
      );
      assert.match(py, /`rev\(a\)` changes `a` \(line 4\) in place/);
    });

    it('a Rust associated function without `self` is no method', async () => {
      const text = await said(
        'rust',
        "pub struct Bytes<'a> { slice: &'a [u8], pos: usize }\n\nimpl<'a> Bytes<'a> {\n    pub fn new(slice: &'a [u8]) -> Bytes<'a> {\n        Bytes { slice, pos: 0 }\n    }\n\n    pub fn peek(&self) -> Option<u8> {\n        self.slice.get(self.pos).copied()\n    }\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /`Bytes\.new\(slice\)` is a method/);
      assert.doesNotMatch(text, /has 2 methods/);
      assert.match(text, /has 2 functions: `new` and `peek`/);
      assert.match(text, /`Bytes\.peek` is a method/);
    });

    it('a table the file writes out at its top level is of fixed size, unless something grows it', async () => {
      const table =
        "const UNITS = {\n  'k': 1e3, // a ']' in a comment\n  'M': 1e6,\n  'G': 1e9,\n};\nfunction scale(words) {\n  let total = 0;\n  for (const w of words) {\n    for (const [suffix, factor] of Object.entries(UNITS)) {\n      if (w.endsWith(suffix)) total += factor;\n    }\n  }\n  return total;\n}\n";
      const text = await said('javascript', table, { mode: 'performance', audience: 'intermediate' });
      assert.match(
        text,
        /`scale\(words\)`: O\(n\) — .*it runs over `Object\.entries\(UNITS\)`, and `UNITS` is set once to a collection of fixed size and never grown/,
      );
      const grown = await said(
        'javascript',
        `${table}function learn(name, factor) {\n  UNITS[name] = factor;\n}\n`,
        { mode: 'performance', audience: 'intermediate' },
      );
      assert.match(grown, /`scale\(words\)`: O\(n\^2\)/);
    });
  });

  describe('the fifteenth panel’s classes', () => {
    const cost = (language: LanguageId, code: string) =>
      said(language, code, { mode: 'performance', audience: 'intermediate' });

    it('a loop that only sets what its condition reads to new values is not costed by a size', async () => {
      const text = await cost(
        'python',
        'def draw(rng, limit):\n    bits = limit.bit_length()\n    r = rng(bits)\n    while r >= limit:\n        r = rng(bits)\n    return r\n',
      );
      assert.match(
        text,
        /`draw\(rng, limit\)`: not estimated — the loop on line 4 runs while `r >= limit`, and it only sets `r` to new values, moving toward no end/,
      );
      // A loop that moves its index toward the end is still costed.
      const moving = await cost(
        'python',
        'def f(xs, n):\n    i = 0\n    while i < n:\n        i += 2\n    return i\n',
      );
      assert.match(moving, /`f\(xs, n\)`: O\(n\)/);
    });

    it('a count set only to small numbers and counted down to zero runs a fixed number of times', async () => {
      const text = await cost(
        'c',
        'unsigned take(const unsigned char *p, unsigned u) {\n    int len;\n    if (u >= 0xe0) len = 2; else len = 1;\n    while (len) {\n        u = (u << 6) | (*p++ & 0x3f);\n        len--;\n    }\n    return u;\n}\n',
      );
      assert.match(
        text,
        /`take\(p, u\)`: O\(1\) — the loop on line 4 runs at most a fixed number of times \(it counts `len` down to zero, and `len` is only ever set to a number\)/,
      );
      // Set from a parameter, it is no fixed count.
      const param = await cost(
        'c',
        'unsigned take(const unsigned char *p, int n) {\n    unsigned u = 0;\n    int len = n;\n    while (len) {\n        u += *p++;\n        len--;\n    }\n    return u;\n}\n',
      );
      assert.match(param, /`take\(p, n\)`: O\(n\)/);
    });

    it('a call inside a loop of fixed size is not multiplied, and a call in an `if` head is no conditional cost', async () => {
      const text = await cost(
        'go',
        'package p\n\nfunc scan(b []byte) int {\n\tfor i := len(b) - 1; i >= 0; i-- {\n\t\tif b[i] == 0 {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n\nfunc find(data []byte) int {\n\tfor _, n := range []int{16, 256} {\n\t\tif n > len(data) {\n\t\t\tn = len(data)\n\t\t}\n\t\tif p := scan(data[len(data)-n:]); p >= 0 {\n\t\t\treturn p\n\t\t}\n\t}\n\treturn -1\n}\n',
      );
      assert.match(
        text,
        /`find\(data\)`: O\(n\) — it calls `scan`, defined in this snippet, which is O\(n\) in what it runs over \(line 17\); besides/,
      );
      assert.doesNotMatch(text, /`find\(data\)`: O\(n·m\)/);
      assert.doesNotMatch(text, /only when the condition around that call holds/);
    });

    it('a Go method reads and changes its receiver', async () => {
      const text = await said(
        'go',
        'package p\n\ntype cursor []byte\n\nfunc (c *cursor) next() byte {\n\tv := (*c)[0]\n\t*c = (*c)[1:]\n\treturn v\n}\n\nfunc (s *stats) hit() {\n\ts.hits++\n}\n',
      );
      assert.match(text, /`cursor\.next\(\)`: no inputs besides its receiver `c`; returns `v`/);
      assert.match(
        text,
        /## Side effects\n- `cursor\.next\(\)` sets `\*c` \(line 7\)\.\n- `stats\.hit\(\)` sets `s\.hits` \(line 12\)\./,
      );
    });

    it('C: a pointer advanced through a pointer to it (`(*p)++`) is a write the caller sees', async () => {
      const text = await said(
        'c',
        'unsigned take(const unsigned char **p, unsigned n) {\n    unsigned u = **p;\n    (*p)++;\n    return u + n;\n}\n',
      );
      assert.match(
        text,
        /It writes through its pointer parameter `p` \(`\(\*p\)\+\+`, line 3\), into memory its caller owns/,
      );
      assert.match(text, /`take\(p, n\)` changes what `p` points to \(line 3\) in place/);
    });

    it('a comment set apart by a blank line is not given to the statement below the gap', async () => {
      const text = await said(
        'python',
        'def f(xs):\n    # Two ways to do this: a pool or a set.\n    # The pool is used when it is smaller.\n\n    n = len(xs)\n    # count them\n    total = 0\n    for x in xs:\n        total += x\n    return total, n\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        text,
        /“Two ways to do this: a pool or a set\. The pool is used when it is smaller\.” \(line 2\) and “count them” \(line 6, about line 7\)/,
      );
    });

    it('a deferred or immediately called closure keeps no state between calls', async () => {
      const text = await said(
        'go',
        'package p\n\nimport "fmt"\n\nfunc parse(s string) (n int, err error) {\n\tat := 0\n\tdefer func() {\n\t\tif err != nil {\n\t\t\terr = fmt.Errorf("at %d: %w", at, err)\n\t\t}\n\t}()\n\tfor at < len(s) {\n\t\tat++\n\t}\n\treturn at, nil\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /state kept between its calls/);
      assert.match(
        text,
        /changes `err` of that function as it returns \(it is deferred, so it runs once, then\)/,
      );
    });

    it('recursion on an argument that is no part of the input is not given a depth', async () => {
      const text = await cost(
        'python',
        'def pick(items, k, weights=None):\n    # Memory use stays small.\n    if weights is not None:\n        chosen = pick(range(sum(weights)), k)\n        return [items[c % len(items)] for c in chosen]\n    return list(items)[:k]\n',
      );
      assert.match(
        text,
        /`pick\(items, k, weights\)`: not estimated — it calls itself \(`pick\(range\(sum\(weights\)\), k\)`\) on arguments that are neither a part of its input nor a constant smaller/,
      );
      // "Memory" in a comment is no cache.
      assert.doesNotMatch(text, /caches results/);
    });
  });

  describe('the sixteenth panel’s classes', () => {
    const cost = (language: LanguageId, code: string) =>
      said(language, code, { mode: 'performance', audience: 'intermediate' });

    it('a value put back in its own name (`name = name.Remove(…)`) is no change the caller sees', async () => {
      const text = await said(
        'csharp',
        'class T {\n    static string Clean(string name, System.Collections.Generic.List<string> seen) {\n        int index = name.IndexOf("//");\n        while (index >= 0) {\n            name = name.Remove(index, 1);\n            index = name.IndexOf("//");\n        }\n        seen.Add(name);\n        return name;\n    }\n}\n',
      );
      assert.doesNotMatch(text, /changes its parameter `name`/);
      assert.match(text, /changes its parameter `seen` \(`seen\.Add`, line 8\)/);
      // It changes the string it searches as well as the index: no "moving toward no end".
      const perf = await cost(
        'csharp',
        'class T {\n    static string Clean(string name) {\n        int index = name.IndexOf("//");\n        while (index >= 0) {\n            name = name.Remove(index, 1);\n            index = name.IndexOf("//");\n        }\n        return name;\n    }\n}\n',
      );
      assert.doesNotMatch(perf, /moving toward no end/);
    });

    it('a Rust `match` always takes one of its arms', async () => {
      const text = await said(
        'rust',
        'fn parse(parts: &[&str]) -> Result<u32, ()> {\n    let mut total = 0u32;\n    for p in parts {\n        match p.parse::<u32>().ok() {\n            Some(n) if n > 255 => return Err(()),\n            Some(n) => total = total * 256 + n,\n            None => return Err(()),\n        }\n    }\n    Ok(total)\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(text, /the `match` on line 4 takes one of its 3 arms:/);
      assert.doesNotMatch(text, /or none, when no arm matches/);
    });

    it('a callback further down a call spread over lines is not given the comment above the call', async () => {
      const text = await said(
        'javascript',
        "function run(source, sink) {\n  // Start the inner subscription.\n  source.subscribe(\n    wrap(\n      sink,\n      (value) => {\n        sink.next(value);\n      },\n      () => {\n        sink.done();\n      },\n    ),\n  );\n  // Handle requests.\n  app.get('/x', (req, res) => res.send(1));\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /comment above it \(line 2\)/);
      assert.match(text, /According to its comment above it \(line 14\), it handles requests/);
    });

    it('a self-call in a loop of a callback handed on is not a self-call in a loop of the function', async () => {
      const text = await cost(
        'javascript',
        'function drain(queue, done) {\n  const item = queue.shift();\n  if (!item) return done();\n  item.run(() => {\n    while (queue.length > 8) {\n      drain(queue, done);\n    }\n  });\n}\n',
      );
      assert.doesNotMatch(text, /calls itself inside a loop/);
    });

    it('"after it" is the return the code reaches past the loop, not an error exit under a condition', async () => {
      const text = await said(
        'go',
        'package p\n\nimport "errors"\n\nfunc quantum(src []byte) (n int, err error) {\n\tsi := 0\n\tfor si < len(src) && src[si] != 61 {\n\t\tsi++\n\t}\n\tif si > 4 {\n\t\treturn si, errors.New("long")\n\t}\n\tn = si * 6\n\treturn si, err\n}\n',
        { mode: 'detailed', audience: 'expert' },
      );
      assert.doesNotMatch(text, /After it, line 11 returns/);
      // `err` passed on is an error only when it is not nil.
      assert.match(text, /returns `si, err` on line 14: an error whenever `err` is not nil/);
      assert.doesNotMatch(text, /returns an error on line 14/);
    });

    it('a walk that calls itself on each part in its loop is not "no calls inside loops"', async () => {
      const text = await cost(
        'python',
        'def depth(node):\n    best = 0\n    for child in node.children:\n        best = max(best, depth(child))\n    return best + 1\n',
      );
      assert.doesNotMatch(text, /No nested loops or calls inside loops/);
    });

    it('a nested loop that moves the counter the loop around it stops on is not multiplied', async () => {
      const text = await cost(
        'java',
        'class R {\n    static void cycle(int[] a, int d) {\n        int n = a.length;\n        for (int start = 0, moved = 0; moved != n; start++) {\n            int v = a[start];\n            int i = start;\n            do {\n                i += d;\n                if (i >= n) i -= n;\n                int t = a[i];\n                a[i] = v;\n                v = t;\n                moved++;\n            } while (i != start);\n        }\n    }\n}\n',
      );
      assert.match(
        text,
        /`R\.cycle\(a, d\)`: O\(n\) — .*the loop on line 7 moves `moved` forward by one on every turn/,
      );
      // Moved only on some turns, it bounds nothing.
      const some = await cost(
        'java',
        'class R {\n    static void cycle(int[] a, int d) {\n        int n = a.length;\n        for (int start = 0, moved = 0; moved != n; start++) {\n            int i = start;\n            do {\n                i += d;\n                if (i >= n) { i -= n; moved++; }\n            } while (i != start);\n        }\n    }\n}\n',
      );
      assert.match(some, /`R\.cycle\(a, d\)`: O\(n\^2\)/);
    });

    it('"O(1) on the other calls" only where no other call costs more', async () => {
      const text = await cost(
        'java',
        'class C {\n    static void grow(int[] a) { for (int i = 0; i < a.length; i++) a[i]++; }\n    static void shrink(int[] a) { for (int i = 0; i < a.length; i++) a[i]--; }\n    static void pick(int[] a, boolean up) {\n        if (up) grow(a);\n        else shrink(a);\n    }\n    static void maybe(int[] a, boolean up) {\n        if (up) grow(a);\n    }\n}\n',
      );
      assert.doesNotMatch(text, /`C\.pick\(a, up\)`[^\n]*on the other calls it is O\(1\)/);
      assert.match(text, /`C\.maybe\(a, up\)`[^\n]*on the other calls it is O\(1\)/);
    });

    it('`memcmp` reads memory, it does not copy it; a field emptied by `del` is changed', async () => {
      const c = await cost(
        'c',
        '#include <string.h>\nint same(const char *a, const char *b, size_t n) {\n    return memcmp(a, b, n) == 0;\n}\n',
      );
      assert.match(c, /`memcmp\(…\)` on line 3 reads memory item by item \(comparing or measuring\)/);
      assert.doesNotMatch(c, /copies/);
      const py = await said(
        'python',
        'class R:\n    def take(self, n):\n        chunk = bytes(self._buf[:n])\n        del self._buf[:n]\n        return chunk\n',
      );
      assert.match(py, /`R\.take\(self, n\)` changes `self\._buf` in place \(`del`, line 4\)/);
    });

    it('a call commented out over two lines is not an author’s note', async () => {
      const text = await said(
        'c',
        "int walk(const char *s, int n) {\n    int i, d = 0;\n    for (i = 0; i < n; i++) {\n        // printf(\"K %s [%.*s] %d\\n\", s, i, s,\n        //        d);\n        if (s[i] == '[') d++;\n        // count closing brackets too\n        if (s[i] == ']') d--;\n    }\n    return d;\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.doesNotMatch(text, /printf/);
      assert.match(text, /“count closing brackets too” \(line 7, about line 8\)/);
    });

    it('C: a macro the snippet defines is expanded, not called, and what it returns is returned', async () => {
      const text = await said(
        'c',
        "int find_key(const char *s, int n, int *len) {\n#define CHECKRET(x) do { if (depth == 0) { *len = x; return j; } } while (0)\n  int depth = 0, j = 0;\n  for (j = 0; j < n; j++) {\n    if (s[j] == '{') depth++;\n    else if (s[j] == '}') { depth--; CHECKRET(j + 1); }\n    if (depth > 30) return -2;\n  }\n  return -1;\n#undef CHECKRET\n}\n",
      );
      assert.match(text, /returns `-2`, `-1` or `j` \(through the macro `CHECKRET`\)/);
      assert.match(text, /expands the macro `CHECKRET` \(defined on line 2\), which can return `j` from it/);
      assert.doesNotMatch(text, /calls `CHECKRET`/);
    });

    it('a closure that deletes from or fills a collection of the function around it changes it', async () => {
      const text = await said(
        'javascript',
        "function parse(text) {\n  const tokens = [];\n  let spaces = [];\n  let hasTag = false;\n  function strip() {\n    if (hasTag) {\n      while (spaces.length) delete tokens[spaces.pop()];\n    } else {\n      spaces = [];\n    }\n    hasTag = false;\n  }\n  for (const c of text) {\n    if (c === ' ') spaces.push(tokens.length);\n    tokens.push(c);\n    if (c === '\\n') strip();\n  }\n  return tokens;\n}\n",
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        text,
        /and changes `hasTag` and `spaces`, state kept between its calls, and changes the contents of `tokens`, which that function holds/,
      );
    });

    it('a skip quotes its test as written, and only with its bounds first', async () => {
      const text = await said(
        'go',
        'package p\n\nfunc prefix(a, b string) string {\n\ti := 0\n\tfor i < len(a) && i < len(b) && a[i] == b[i] && (a[i] <= 32 || a[i] == 42) {\n\t\ti++\n\t}\n\treturn a[0:i]\n}\n\nfunc label(s string) int {\n\ti := 1\n\tfor i < len(s) && s[i] == 45 && i <= 63 {\n\t\ti++\n\t}\n\treturn i\n}\n',
        { mode: 'standard', audience: 'intermediate' },
      );
      assert.match(
        text,
        /skips `i` forward over every item where `a\[i\] == b\[i\] && \(a\[i\] <= 32 \|\| a\[i\] == 42\)` holds, staying within `i < len\(a\) && i < len\(b\)`/,
      );
      assert.doesNotMatch(text, /skips `i` forward over every item where `s\[i\] == 45`/);
    });
  });
});
