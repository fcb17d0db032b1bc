/**
 * Each class of false sentence the engine was once read saying, pinned on
 * code written for it: a division read from a string or a format code, a
 * guard ignored, an overload taken for recursion, an interface called a
 * class with no methods, case labels taken for switches, a canned pattern
 * (debounce, adding up) said of code without its structure, a stack-depth
 * warning and "rewrite as a loop" for recursion through callbacks, and a
 * name echoed back as evidence. Every case is read in the modes and
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
      assert.equal(
        (text.match(/\(a switch\)/g) ?? []).length,
        2,
        'once in the explanation, once in the walkthrough',
      );
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
});
