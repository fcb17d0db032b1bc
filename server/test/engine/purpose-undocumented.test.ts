/**
 * What a function with no doc comment is for, from the evidence its code
 * gives: what a yes-or-no function asks (its returned condition in words, or
 * the cases that return `true`), and the methods a language calls by name.
 * Said in quick mode as in standard; never said of code that only looks
 * like it (a choice between values, a declared non-boolean result).
 */
import assert from 'node:assert/strict';
import { explainRequestSchema, type LanguageId } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';

const engine = createEngine();
after(() => engine.dispose());

async function quick(language: LanguageId, code: string): Promise<string> {
  const response = await engine.explain(explainRequestSchema.parse({ code, language, mode: 'quick' }));
  return response.explanation;
}

describe('engine: purpose without a doc comment', () => {
  describe('a yes-or-no function says what it asks', () => {
    const cases: Array<[LanguageId, string, RegExp]> = [
      [
        'python',
        'def inside(root, path):\n    return path.startswith(root)\n',
        /it returns whether `path` starts with `root` \(line 2\)/,
      ],
      [
        'javascript',
        'function unknown(name, seen) {\n  return name.length === 0 || !seen.has(name) && name !== "x";\n}\n',
        /^(?![\s\S]*answers yes or no)/,
      ],
      [
        'javascript',
        'function known(name, seen) {\n  return name.length === 0 || seen.has(name);\n}\n',
        /it returns whether `name` is empty or `seen` contains `name` \(line 2\)/,
      ],
      [
        'go',
        "package p\n\nfunc isOctal(c byte) bool {\n\treturn '0' <= c && c <= '7'\n}\n",
        /it returns whether `c` is between `'0'` and `'7'` \(line 4\)/,
      ],
      [
        'java',
        'static boolean missing(Object o, java.util.List<Object> xs) {\n  return o == null || xs.isEmpty();\n}\n',
        /it returns whether `o` is `null` or `xs` is empty \(line 2\)/,
      ],
      [
        'typescript',
        'export function tooLong(line: string, limit: number): boolean {\n  return line.length > limit;\n}\n',
        /it returns whether `line\.length` is greater than `limit` \(line 2\)/,
      ],
    ];
    for (const [language, code, expected] of cases)
      it(`${language}: ${code
        .split('\n')
        .find((l) => /return/.test(l))
        ?.trim()}`, async () => {
        assert.match(await quick(language, code), expected);
      });

    it('returns `true` under conditions and `false` last: the cases are told', async () => {
      const text = await quick(
        'python',
        'def vowel(c):\n    if c in "aeiou":\n        return True\n    elif c == "y":\n        return True\n    return False\n',
      );
      assert.match(
        text,
        /it returns `True` when `c` is in `"aeiou"` or `c` equals `"y"`, and `False` otherwise \(lines 3, 5 and 6\)/,
      );
    });

    it('the same question returned on two paths is one question', async () => {
      assert.match(
        await quick(
          'javascript',
          "function isPercent(v) {\n  if (typeof v === 'number') {\n    return v >= 0 && v <= 100;\n  }\n  if (typeof v === 'string') {\n    v = Number(v);\n    return v >= 0 && v <= 100;\n  }\n  return false;\n}\n",
        ),
        /returns whether `v` is between `0` and `100` when `typeof v` equals `'number'` \(line 3\), whether `v` is between `0` and `100` when `typeof v` equals `'string'` \(line 7\) and `false` otherwise \(line 9\)/,
      );
    });

    it('a choice between values, or a declared result that is no boolean, is no yes-or-no question', async () => {
      assert.doesNotMatch(
        await quick(
          'typescript',
          'export function positive(v: number): number | null {\n  return v != null && v >= 0 ? v : null;\n}\n',
        ),
        /answers yes or no/,
      );
      assert.doesNotMatch(
        await quick('python', 'def pick(a, b):\n    return a if a > b else b\n'),
        /answers yes or no/,
      );
      assert.doesNotMatch(
        await quick('go', 'package p\n\nfunc diff(a, b int) int {\n\treturn a - b\n}\n'),
        /answers yes or no/,
      );
      // A `true` that some other statement decides first is no case of its own.
      assert.doesNotMatch(
        await quick(
          'python',
          'def odd(n, log):\n    if n % 2:\n        log.append(n)\n        return True\n    return False\n',
        ),
        /answers yes or no/,
      );
    });
  });

  describe('a yes-or-no answer with early exits, locals and choices (issue 31)', () => {
    it('a literal returned as soon as a check in a loop holds, then the question asked last', async () => {
      const text = await quick(
        'javascript',
        "function balanced(s) {\n  let depth = 0;\n  for (const c of s) {\n    if (c === '[') depth++;\n    else if (c === ']') {\n      depth--;\n      if (depth < 0) return false;\n    }\n  }\n  return depth === 0;\n}\n",
      );
      assert.match(
        text,
        /returns `false` as soon as `c` equals `'\]'` and `depth` is less than `0` \(line 7\), and otherwise whether `depth` equals `0` \(line 10\)/,
      );
    });
    it('no early exit is told where an `else` or an overlapping `elif` would need a negation said', async () => {
      const viaElse = await quick(
        'python',
        'def all_small(xs):\n    for x in xs:\n        if x < 10:\n            pass\n        else:\n            return False\n    return len(xs) > 0\n',
      );
      assert.doesNotMatch(viaElse, /as soon as/);
      const overlapping = await quick(
        'python',
        "def ok(s):\n    for c in s:\n        if c in '([':\n            pass\n        elif c == '(':\n            return False\n    return len(s) == 0\n",
      );
      assert.doesNotMatch(overlapping, /as soon as/);
    });
    it('a local that holds one yes-or-no expression is said as that question', async () => {
      const text = await quick(
        'go',
        'package p\n\nfunc withinLimit(n int, raw string) bool {\n\tunder := n <= defaultLimit\n\tif raw == "" {\n\t\treturn under\n\t}\n\tlimit, err := parse(raw)\n\tif err != nil {\n\t\treturn under\n\t}\n\treturn n < limit\n}\n',
      );
      assert.match(
        text,
        /returns whether `n` is at most `defaultLimit` when `raw` equals `""` \(line 6\), whether `n` is at most `defaultLimit` when `err` is not `nil` \(line 10\) and whether `n` is less than `limit` otherwise \(line 12\)/,
      );
      // Written again after it is set: what it holds at the return is not what it was given.
      const rewritten = await quick(
        'go',
        'package p\n\nfunc f(n int, raw string) bool {\n\tunder := n <= defaultLimit\n\tif raw == "" {\n\t\treturn under\n\t}\n\tunder = check(raw)\n\treturn under\n}\n',
      );
      assert.doesNotMatch(rewritten, /whether `n` is at most/);
      // What it reads changes after: the question asked where it was set is not the one at the return.
      const moved = await quick(
        'go',
        'package p\n\nfunc g(n int, raw string) bool {\n\tunder := n <= defaultLimit\n\tn++\n\tif raw == "" {\n\t\treturn under\n\t}\n\treturn false\n}\n',
      );
      assert.doesNotMatch(moved, /whether `n` is at most/);
    });
    it('a return under two nested `if`s is told with both conditions; a throw before it keeps it untold', async () => {
      assert.match(
        await quick(
          'javascript',
          "function isSlot(v) {\n  if (typeof v === 'number') {\n    return v >= 0 && v < 8;\n  }\n  if (typeof v === 'string') {\n    if (v === '') return false;\n    v = Number(v);\n    return v >= 0 && v < 8;\n  }\n  return false;\n}\n",
        ),
        /`false` when `typeof v` equals `'string'` and `v` equals `''` \(line 6\), whether `v` is at least `0` and `v` is less than `8` when `typeof v` equals `'string'` \(line 8\) and `false` otherwise \(line 10\)/,
      );
      assert.doesNotMatch(
        await quick(
          'javascript',
          "function isSlot(v) {\n  if (typeof v === 'string') {\n    if (v === '') throw new Error('empty');\n    return v.length < 8;\n  }\n  return false;\n}\n",
        ),
        /checks in turn/,
      );
    });
    it('a variable set inside a closure is not said as the question its closure asked', async () => {
      const text = await quick(
        'go',
        'package p\n\nfunc supported() bool {\n\tonce.Do(func() {\n\t\terr := probe()\n\t\tok = err == nil\n\t})\n\treturn ok\n}\n',
      );
      assert.doesNotMatch(text, /whether `err` is `nil`/);
    });
    it('a last `return c ? a : b` is one more case, and `min` the smaller of two', async () => {
      assert.match(
        await quick(
          'typescript',
          'export function nonNegative(v: number | null): number | null {\n  return v != null && v >= 0 ? v : null;\n}\n',
        ),
        /returns `v` when `v` is not `null` and `v` is at least `0` \(line 2\) and `null` otherwise \(line 2\)/,
      );
      assert.match(
        await quick(
          'javascript',
          'function earliest(a, b) {\n  if (a === 0) return b;\n  if (b === 0) return a;\n  return Math.min(a, b);\n}\n',
        ),
        /`a` when `b` equals `0` \(line 3\) and the smaller of `a` and `b` otherwise \(line 4\)/,
      );
    });
    it('`a || (b && c)` is said with the grouping the parentheses give, and never without them', async () => {
      assert.match(
        await quick(
          'typescript',
          'function retryable(e: Failure): boolean {\n  return e.timedOut || (e.code !== 11 && e.code !== 12);\n}\n',
        ),
        /whether either `e\.timedOut` is true, or both `e\.code` differs from `11` and `e\.code` differs from `12`/,
      );
      assert.doesNotMatch(
        await quick(
          'typescript',
          'function retryable(e: Failure): boolean {\n  return e.timedOut || e.code !== 11 && e.code !== 12;\n}\n',
        ),
        /returns whether/,
      );
    });
    it('`!!x` asks whether its parts are truthy, not true', async () => {
      assert.match(
        await quick(
          'javascript',
          "function isStream(o) {\n  if (!o) return false;\n  return !!(o.pipe && typeof o.on === 'function');\n}\n",
        ),
        /otherwise whether `o\.pipe` is truthy and `typeof o\.on` equals `'function'` \(line 3\)/,
      );
    });
  });

  describe('returns under conditions are told in turn, with what each gives back', () => {
    it('Go: a check that returns an error for each problem, and nil at the end', async () => {
      const text = await quick(
        'go',
        'package p\n\nfunc checkName(s string) error {\n\tif s == "" {\n\t\treturn errEmpty\n\t}\n\thead := s[0]\n\tif head == \'-\' {\n\t\treturn errDash\n\t}\n\treturn nil\n}\n',
      );
      assert.match(
        text,
        /checks in turn and returns `errEmpty` when `s` equals `""` \(line 5\), `errDash` when `head` equals `'-'` \(line 9\) and `nil` otherwise \(line 11\)/,
      );
    });

    it('TypeScript: one guarded return and the rest', async () => {
      const text = await quick(
        'typescript',
        'export function orDefault(port: number, fallback: number): number {\n  if (port === 0) return fallback;\n  return port;\n}\n',
      );
      assert.match(
        text,
        /returns `fallback` when `port` equals `0` \(line 2\) and `port` otherwise \(line 3\)/,
      );
    });

    it('a return inside a loop under the condition is not said to follow from the condition alone', async () => {
      const text = await quick(
        'python',
        'def first(x, z):\n    if x:\n        for y in z:\n            return y\n    return None\n',
      );
      assert.doesNotMatch(text, /when `x`/);
    });
  });

  describe('well-known calls say what they do', () => {
    it('JavaScript and Go: an HMAC computed and compared in constant time are both told', async () => {
      const js = await quick(
        'javascript',
        "const crypto = require('crypto');\nfunction verify(value, mac, key) {\n  const expected = crypto.createHmac('sha256', key).update(value).digest();\n  return crypto.timingSafeEqual(expected, mac);\n}\n",
      );
      assert.match(js, /computes an HMAC, a keyed hash that signs a value \(`crypto\.createHmac`, line 3\)/);
      assert.match(js, /compares two secrets in constant time[^(]*\(`crypto\.timingSafeEqual`, line 4\)/);
      const go = await quick(
        'go',
        'package p\n\nimport (\n\t"crypto/hmac"\n\t"crypto/sha256"\n)\n\nfunc valid(msg, mac, key []byte) bool {\n\th := hmac.New(sha256.New, key)\n\th.Write(msg)\n\treturn hmac.Equal(mac, h.Sum(nil))\n}\n',
      );
      assert.match(go, /computes an HMAC[^(]*\(`hmac\.New`, line 9\)/);
      assert.match(go, /compares two secrets in constant time[^(]*\(`hmac\.Equal`, line 11\)/);
    });
  });

  describe('a method the language (or its library, or an interface) gives a meaning by name says what it is for', () => {
    const cases: Array<[LanguageId, string, RegExp]> = [
      [
        'python',
        'class Box:\n    def __contains__(self, item):\n        return item in self.items\n',
        /decides what x in obj answers \(the language calls `__contains__` by that name, line 2\)/,
      ],
      [
        'go',
        'package p\n\ntype ByAge []int\n\nfunc (a ByAge) Less(i, j int) bool { return a[i] < a[j] }\n',
        /decides the order sort and container\/heap put items in \(sort\.Interface\) \(`Less` is the method of the sort\.Interface interface: callers can reach it through that interface/,
      ],
      [
        'java',
        'class Point {\n  int x;\n  @Override\n  public int hashCode() {\n    return x * 31;\n  }\n}\n',
        /gives the hash HashMap and HashSet file an object under, which must agree with equals \(the standard library calls `hashCode`/,
      ],
      [
        'csharp',
        'class Pool : System.IDisposable {\n  public void Dispose() {\n    Clear();\n  }\n}\n',
        /releases what the object holds, as a using block does at its end \(IDisposable\) \(the language calls `Dispose`/,
      ],
    ];
    for (const [language, code, expected] of cases)
      it(`${language}: ${code
        .split('\n')
        .find((l) => /def |func |public /.test(l))
        ?.trim()}`, async () => {
        const response = await engine.explain(
          explainRequestSchema.parse({ code, language, mode: 'detailed' }),
        );
        assert.match([response.explanation, ...response.sections.map((s) => s.content)].join('\n'), expected);
      });

    it('a class that says nothing of itself is told, in quick mode, by what its most important method is for', async () => {
      const text = await quick(
        'python',
        'class Registry:\n    def __contains__(self, name):\n        return name in self.names\n',
      );
      assert.match(text, /`Registry\.__contains__\(self, name\)` decides what x in obj answers/);
    });

    it('a function of that name outside a class is not one (Python dunders aside)', async () => {
      assert.doesNotMatch(
        await quick('java', 'class U {\n  static String render(int n) {\n    return "" + n;\n  }\n}\n'),
        /the language calls/,
      );
      assert.doesNotMatch(
        await quick('javascript', 'function toString(x) {\n  return String(x);\n}\n'),
        /the language calls `toString`/,
      );
    });
  });

  describe('the shape of the whole body says what it is for', () => {
    it('a function that hands its work to one call says which', async () => {
      assert.match(
        await quick(
          'python',
          'def split_host(addr):\n    addr = os.fspath(addr)\n    if isinstance(addr, bytes):\n        return _split(addr, b":")\n    else:\n        return _split(addr, ":")\n',
        ),
        /hands the work to `_split` and returns what that gives \(lines 4 and 6\)/,
      );
      // Something else happens on the way (a write to a parameter): no mere hand-over.
      assert.doesNotMatch(
        await quick(
          'typescript',
          'export function prune(seen: Map<string, number>, key: string): number {\n  if (key.length > 3) {\n    seen.delete(key);\n  }\n  return count(seen);\n}\n',
        ),
        /hands the work/,
      );
    });

    it('a deprecated wrapper says it is deprecated and where the work goes', async () => {
      assert.match(
        await quick(
          'python',
          'def old_join(a, b):\n    warnings.warn("use join() instead", DeprecationWarning, stacklevel=2)\n    return join(a, b)\n',
        ),
        /is marked deprecated \(`warnings\.warn`, line 2\) and hands the work to `join`, returning what that gives \(line 3\)/,
      );
      assert.doesNotMatch(
        await quick('python', 'def note(a):\n    warnings.warn("odd value", UserWarning)\n    return a\n'),
        /deprecated/,
      );
    });

    it('writes to one stream are told with what they write; a Java builder returned is a string built', async () => {
      assert.match(
        await quick(
          'python',
          'def dump_pairs(pairs, out):\n    write = out.write\n    for key, value in pairs:\n        write(key)\n        write("=")\n        write(value)\n',
        ),
        /writes its output to `out`, in the loop on line 3 over `pairs` \(lines 4, 5 and 6\), including `"="`/,
      );
      assert.match(
        await quick(
          'java',
          "static String label(String name, int n) {\n  StringBuilder sb = new StringBuilder();\n  sb.append(name);\n  sb.append(':');\n  sb.append(n);\n  return sb.toString();\n}\n",
        ),
        /builds a string in `sb` \(lines 3, 4 and 5\), including `':'`, and returns it \(line 6\)/,
      );
      // A Python list's append collects; it writes to no stream.
      assert.doesNotMatch(
        await quick(
          'python',
          'def evens(xs):\n    out = []\n    for x in xs:\n        out.append(x * 2)\n    return out\n',
        ),
        /writes its output|builds a string/,
      );
    });

    it('a switch whose every case returns a fixed value is a mapping', async () => {
      const text = await quick(
        'typescript',
        'export function weight(size: Size): number {\n  switch (size) {\n    case Size.Small:\n      return 1;\n    case Size.Medium:\n      return 2;\n    case Size.Large:\n      return 4;\n    default:\n      return 0;\n  }\n}\n',
      );
      assert.match(
        text,
        /maps `size` to a `number`, one per case \(4 cases, `switch` on line 2\): `Size\.Small` gives `1`, `Size\.Medium` gives `2`, and so on/,
      );
      // An arm that does something besides returning makes it no mapping.
      assert.doesNotMatch(
        await quick(
          'typescript',
          'export function weigh(size: Size): number {\n  switch (size) {\n    case Size.Small:\n      log(size);\n      return 1;\n    case Size.Medium:\n      return 2;\n    default:\n      return 0;\n  }\n}\n',
        ),
        /maps `size`/,
      );
    });

    it('Go: case labels of a switch on a value are no conditions told in turn', async () => {
      const text = await quick(
        'go',
        "package p\n\nfunc rank(c byte) (int, error) {\n\tswitch c {\n\tcase 'a':\n\t\treturn 1, nil\n\tcase 'b':\n\t\treturn 2, nil\n\tcase 'c':\n\t\treturn 3, nil\n\t}\n\treturn 0, errBad\n}\n",
      );
      assert.doesNotMatch(text, /when `'a'`/);
      assert.match(text, /maps `c` to a fixed value, one per case \(3 cases, `switch` on line 4\)/);
    });

    it('every return one of a few constants of one type: the outcomes are told', async () => {
      assert.match(
        await quick(
          'java',
          'class V {\n  static Check check(String s) {\n    if (s == null) return Check.MISSING;\n    if (s.length() > 64) return Check.TOO_LONG;\n    return Check.OK;\n  }\n}\n',
        ),
        /answers with one of 3 outcomes of `Check`: `Check\.MISSING`, `Check\.TOO_LONG` or `Check\.OK` \(lines 3, 4 and 5\)/,
      );
      assert.doesNotMatch(
        await quick(
          'java',
          'class V {\n  static Object pick(boolean a) {\n    if (a) return Check.OK;\n    return null;\n  }\n}\n',
        ),
        /outcomes of/,
      );
    });

    it('fields set on a parameter that is then returned', async () => {
      assert.match(
        await quick(
          'javascript',
          'function stamp(entry, user) {\n  entry.by = user.name;\n  entry.at = Date.now();\n  return entry;\n}\n',
        ),
        /sets `by` and `at` on `entry` and returns it \(lines 2 and 3\)/,
      );
    });

    it('an `if` with an `else` at the end: the `else` is the otherwise', async () => {
      assert.match(
        await quick(
          'python',
          'def pick_args(key, args, kwargs):\n    if isinstance(key, int):\n        return args[key]\n    else:\n        return kwargs[key]\n',
        ),
        /returns `args\[key\]` when `key` is a `int` \(line 3\) and `kwargs\[key\]` otherwise \(line 5\)/,
      );
    });

    it('lazy initialisation through a local copy of the field', async () => {
      assert.match(
        await quick(
          'java',
          'class Conf {\n  private static Settings cached;\n  static Settings settings() {\n    Settings s = cached;\n    if (s == null) {\n      s = cached = Settings.load();\n    }\n    return s;\n  }\n}\n',
        ),
        /creates `cached` on first use and reuses it afterwards \(line 5\)/,
      );
      // A parameter given a default is no cache.
      assert.doesNotMatch(
        await quick(
          'python',
          'def names(given):\n    if given is None:\n        given = []\n    return given\n',
        ),
        /on first use/,
      );
    });

    it('a binary search whose midpoint is computed without a `mid` name', async () => {
      assert.match(
        await quick(
          'go',
          'package p\n\nfunc lastAtMost(a []int, x int) int {\n\ti, j := 0, len(a)\n\tfor i < j {\n\t\th := int(uint(i+j) >> 1)\n\t\tif a[h] <= x {\n\t\t\ti = h + 1\n\t\t} else {\n\t\t\tj = h\n\t\t}\n\t}\n\treturn i - 1\n}\n',
        ),
        /runs a binary search, halving the range while `i < j` \(line 5\)/,
      );
    });

    it('a function whose every return appends to a parameter says so', async () => {
      assert.match(
        await quick(
          'go',
          'package p\n\nfunc putPair(dst []byte, v uint16) []byte {\n\tif v < 256 {\n\t\treturn append(dst, byte(v))\n\t}\n\treturn append(dst, byte(v>>8), byte(v))\n}\n',
        ),
        /appends to `dst` and returns the result: every return \(lines 5 and 7\) gives what `append` makes of `dst`, with values made from `v`\./,
      );
      // Grown only by `append` in a loop, then returned.
      assert.match(
        await quick(
          'go',
          'package p\n\nfunc evens(out []int, xs []int) []int {\n\tfor _, x := range xs {\n\t\tif x%2 == 0 {\n\t\t\tout = append(out, x)\n\t\t}\n\t}\n\treturn out\n}\n',
        ),
        /appends to `out` with `append` and returns it \(lines 6 and 9\)\./,
      );
      // One return gives something else, or the slice is also cut or built anew: no such sentence.
      for (const code of [
        'package p\n\nfunc put(p []byte, b byte) []byte {\n\tif b == 0 {\n\t\treturn p[:0]\n\t}\n\treturn append(p, b)\n}\n',
        'package p\n\nfunc grow(p []byte, n int) []byte {\n\tfor i := 0; i < n; i++ {\n\t\tp = append(p, 0)\n\t}\n\tp = p[1:]\n\treturn p\n}\n',
        'package p\n\nfunc fresh(p []byte, b byte) []byte {\n\tq := make([]byte, 0)\n\treturn append(q, p...)\n}\n',
      ])
        assert.doesNotMatch(await quick('go', code), /appends to/);
    });

    it('an ASCII case change under a letter-range test is told', async () => {
      assert.match(
        await quick(
          'go',
          "package p\n\nfunc up(b []byte) {\n\tfor i, c := range b {\n\t\tif c >= 'a' && c <= 'z' {\n\t\t\tc -= 32\n\t\t}\n\t\tb[i] = c\n\t}\n}\n",
        ),
        /turns ASCII lower-case letters in `c` to upper case \(`c -= 32` when `c >= 'a' && c <= 'z'`, line 5\)/,
      );
      assert.match(
        await quick(
          'java',
          "class A {\n  static char low(char ch) {\n    if (ch >= 'A' && ch <= 'Z') {\n      ch += 'a' - 'A';\n    }\n    return ch;\n  }\n}\n",
        ),
        /turns ASCII upper-case letters in `ch` to lower case/,
      );
      // Another shift (a Caesar cipher), the wrong direction, or a range that is not the alphabet.
      for (const code of [
        "package p\n\nfunc rot(c byte) byte {\n\tif 'a' <= c && c <= 'z' {\n\t\tc -= 3\n\t}\n\treturn c\n}\n",
        "package p\n\nfunc odd(c byte) byte {\n\tif 'a' <= c && c <= 'z' {\n\t\tc += 32\n\t}\n\treturn c\n}\n",
        "package p\n\nfunc hex(c byte) byte {\n\tif 'a' <= c && c <= 'f' {\n\t\tc -= 32\n\t}\n\treturn c\n}\n",
      ])
        assert.doesNotMatch(await quick('go', code), /case letters/);
    });

    it('a Go function that sets fields of its named result says so', async () => {
      assert.match(
        await quick(
          'go',
          'package p\n\nfunc (t *Table) cell(i int) (c Cell) {\n\tc.Row = i / t.w\n\tc.Col, c.Width = i%t.w, t.w\n\treturn\n}\n',
        ),
        /sets `Row`, `Col` and `Width` on its result `c` and returns it \(lines 4 and 5\)/,
      );
      // A named result that is set as a whole, or returned with another value, is no filled result.
      assert.doesNotMatch(
        await quick(
          'go',
          'package p\n\nfunc (t *Table) cell(i int) (c Cell) {\n\tc.Row = i / t.w\n\tc.Col = i % t.w\n\treturn t.last\n}\n',
        ),
        /on its result/,
      );
    });

    it('a check that ends the body and fails is told, with the writes before it', async () => {
      assert.match(
        await quick(
          'go',
          'package p\n\nfunc (s *Sink) put(b []byte) {\n\t_, err := s.w.Write(b)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n}\n',
        ),
        /writes its output to `s\.w` \(line 4\), and then panics when `err != nil` \(line 5\)\./,
      );
      assert.match(
        await quick(
          'java',
          'class Q {\n  void take(int n) {\n    left -= n;\n    if (left < 0) {\n      throw new IllegalStateException("over");\n    }\n  }\n}\n',
        ),
        /ends by checking: it throws `IllegalStateException` when `left < 0` \(line 4\)\./,
      );
      // Code after the check, an `else`, or a check that is the whole body: no such sentence.
      for (const code of [
        'class Q {\n  void take(int n) {\n    left -= n;\n    if (left < 0) {\n      throw new IllegalStateException("over");\n    }\n    count++;\n  }\n}\n',
        'class Q {\n  void take(int n) {\n    left -= n;\n    if (left < 0) {\n      throw new IllegalStateException("over");\n    } else {\n      count++;\n    }\n  }\n}\n',
        'class Q {\n  void take(int n) {\n    if (n < 0) {\n      throw new IllegalArgumentException("n");\n    }\n  }\n}\n',
      ])
        assert.doesNotMatch(await quick('java', code), /ends by checking|and then throws/);
    });

    it('a loop over every index that builds what an arm returns is told with its condition', async () => {
      assert.match(
        await quick(
          'javascript',
          'function each(xs, f) {\n  if (Array.isArray(xs)) {\n    const out = [];\n    for (let k = 0; k < xs.length; k++) {\n      out.push(f(xs[k]));\n    }\n    return out;\n  }\n  return f(xs);\n}\n',
        ),
        /When `Array\.isArray\(xs\)` \(line 2\), it builds `out` from each item of `xs` and returns it \(loop on line 4\)\./,
      );
      // Every other index, an index changed in the body, or an arm that does not return what it built.
      for (const code of [
        'function each(xs, f) {\n  if (Array.isArray(xs)) {\n    const out = [];\n    for (let k = 0; k < xs.length; k += 2) {\n      out.push(f(xs[k]));\n    }\n    return out;\n  }\n  return f(xs);\n}\n',
        'function each(xs, f) {\n  if (Array.isArray(xs)) {\n    const out = [];\n    for (let k = 0; k < xs.length; k++) {\n      out.push(f(xs[k]));\n      k = skip(xs, k);\n    }\n    return out;\n  }\n  return f(xs);\n}\n',
        'function each(xs, f) {\n  if (Array.isArray(xs)) {\n    const out = [];\n    for (let k = 0; k < xs.length; k++) {\n      out.push(f(xs[k]));\n    }\n    save(out);\n  }\n  return f(xs);\n}\n',
      ])
        assert.doesNotMatch(await quick('javascript', code), /from each item/);
    });

    it('removing from a parameter declared as a collection is told', async () => {
      assert.match(
        await quick(
          'typescript',
          'export function forget(seen: Map<string, number>, key: string): number {\n  if (key.length > 3) {\n    seen.delete(key);\n  }\n  return seen.size;\n}\n',
        ),
        /can remove from its parameter `seen`, a `Map` \(`seen\.delete`, line 3\)\./,
      );
      assert.match(
        await quick(
          'java',
          'class Q {\n  static int drain(java.util.Deque<Integer> work) {\n    int first = work.pollFirst();\n    return first * 2;\n  }\n}\n',
        ),
        /removes from its parameter `work`, a `java\.util\.Deque` \(`work\.pollFirst`, line 3\)\./,
      );
      // A type of its own with a `delete` method, or no declared type: nothing is said.
      for (const [language, code] of [
        [
          'typescript',
          'export function drop(cache: Store, key: string): number {\n  cache.delete(key);\n  return 1;\n}\n',
        ],
        ['javascript', 'function drop(cache, key) {\n  cache.delete(key);\n  return 1;\n}\n'],
      ] as const)
        assert.doesNotMatch(await quick(language, code), /remove/);
    });

    it('a field of the object created when it is still unset is lazy initialisation', async () => {
      assert.match(
        await quick(
          'javascript',
          'const api = {\n  get client() {\n    if (!this.conn) {\n      this.conn = new Client(this.url);\n    }\n    return this.conn;\n  },\n};\n',
        ),
        /creates `this\.conn` on first use and reuses it afterwards \(line 3\)/,
      );
      // What is stored may itself be falsy: `!this.n` does not prove it unset.
      assert.doesNotMatch(
        await quick(
          'javascript',
          'const api = {\n  get count() {\n    if (!this.n) {\n      this.n = compute(this.items);\n    }\n    return this.n;\n  },\n};\n',
        ),
        /on first use/,
      );
    });

    it('guards that raise name what they raise and the parameter they all test', async () => {
      assert.match(
        await quick(
          'python',
          'def put(self, name, value):\n    if not name:\n        raise KeyError("empty")\n    if name in self._frozen:\n        raise KeyError(name)\n    self._data[name] = value\n',
        ),
        /checks first: 2 conditions raise an error \(`KeyError`, from line 2\), each testing `name`\./,
      );
      // Different types, and conditions on different parameters: told without them.
      const mixed = await quick(
        'python',
        'def put(self, name, value):\n    if not name:\n        raise KeyError("empty")\n    if value is None:\n        raise ValueError("none")\n    self._data[name] = value\n',
      );
      assert.match(mixed, /2 conditions raise an error \(from line 2\)\./);
    });

    it('a loop that returns its index at the first turn a test holds says it finds the first index', async () => {
      assert.match(
        await quick(
          'java',
          'class S {\n  static int firstDigit(String s, int from) {\n    for (int i = from; i < s.length(); i++) {\n      if (Character.isDigit(s.charAt(i))) {\n        return i;\n      }\n    }\n    return s.length();\n  }\n}\n',
        ),
        /returns the first `i` at which `Character\.isDigit\(s\.charAt\(i\)\)` holds, counting up by one \(line 4\), or `s\.length\(\)` when the loop ends without one \(line 8\)\./,
      );
      // A step of two, an index moved in the body too, a break, or work after the loop: not the first index.
      for (const code of [
        'function f(xs, i) {\n  for (; i < xs.length; i += 2) {\n    if (xs[i] === 0) return i;\n  }\n  return -1;\n}\n',
        'function f(xs, i) {\n  for (; i < xs.length; i++) {\n    if (xs[i] === 0) return i;\n    if (xs[i] === 9) i++;\n  }\n  return -1;\n}\n',
        'function f(xs, i) {\n  for (; i < xs.length; i++) {\n    if (xs[i] === 0) return i;\n    if (xs[i] === 9) break;\n  }\n  return -1;\n}\n',
        'function f(xs, i) {\n  while (++i < xs.length) {\n    if (xs[i] === 0) return i;\n  }\n  return -1;\n}\n',
      ])
        assert.doesNotMatch(await quick('javascript', code), /at which .* holds, counting up/);
    });

    it('a loop that moves an index to its parent in an array-kept tree says it climbs to the root', async () => {
      assert.match(
        await quick(
          'python',
          'def bubble(heap, pos):\n    item = heap[pos]\n    while pos > 0:\n        up = (pos - 1) >> 1\n        if heap[up] <= item:\n            break\n        heap[pos] = heap[up]\n        pos = up\n    heap[pos] = item\n',
        ),
        /climbs towards the root of a binary tree kept in an array: the loop moves `pos` up to its parent index, `\(pos - 1\) >> 1` \(lines 4 and 8\)\./,
      );
      // The children of an index, or an index moved another way too: no climb.
      for (const code of [
        'def down(heap, pos):\n    while pos < len(heap):\n        child = 2 * pos + 1\n        heap[pos] = heap[child]\n        pos = child\n',
        'def odd(heap, pos):\n    while pos > 0:\n        up = (pos - 1) >> 1\n        pos = up\n        pos -= 1\n',
      ])
        assert.doesNotMatch(await quick('python', code), /climbs towards the root/);
    });

    it('a loop that multiplies by a base and adds a digit says it reads a number digit by digit', async () => {
      const cases: Array<[LanguageId, string, RegExp]> = [
        [
          'c',
          "int atoi10(const char *s) {\n  int n = 0;\n  while (*s >= '0' && *s <= '9')\n    n = 10 * n + (*s++ - '0');\n  return n;\n}\n",
          /reads a number digit by digit: each turn of the loop on line 3 multiplies `n` by `10` and adds the next digit, `\*s\+\+ - '0'` \(line 4\)\./,
        ],
        [
          'java',
          'class P {\n  static int p(String s, int radix) {\n    int r = 0;\n    for (int i = 0; i < s.length(); i++) {\n      int d = Character.digit(s.charAt(i), radix);\n      r *= radix;\n      r -= d;\n    }\n    return -r;\n  }\n}\n',
          /multiplies `r` by `radix` \(line 6\) and subtracts the next digit, `d` \(line 7\)\./,
        ],
        [
          'go',
          "package p\n\nfunc parse(s []byte, base int) (uint64, bool) {\n\tvar n uint64\n\tfor _, c := range s {\n\t\tn *= uint64(base)\n\t\tn1 := n + uint64(c-'0')\n\t\tif n1 < n {\n\t\t\treturn 0, false\n\t\t}\n\t\tn = n1\n\t}\n\treturn n, true\n}\n",
          /multiplies `n` by `uint64\(base\)` \(line 6\) and adds the next digit, `uint64\(c-'0'\)` \(line 7\)\./,
        ],
        [
          'rust',
          'fn parse(s: &str) -> Option<u64> {\n    let mut n: u64 = 0;\n    for c in s.chars() {\n        let d = c.to_digit(10)? as u64;\n        n = n.checked_mul(10)?.checked_add(d)?;\n    }\n    Some(n)\n}\n',
          /multiplies `n` by `10` and adds the next digit, `d` \(line 5\)\./,
        ],
        [
          'python',
          'def unpack(text):\n    buf = 0\n    for ch in text:\n        buf = (buf << 5) | ALPHABET.index(ch)\n    return buf\n',
          /packs bits into `buf`: each turn of the loop on line 3 shifts `buf` left by 5 bits and ORs in `ALPHABET\.index\(ch\)` \(line 4\)\./,
        ],
      ];
      for (const [language, code, expected] of cases) assert.match(await quick(language, code), expected);
    });

    it('constants of a known algorithm or format say whose they are', async () => {
      const cases: Array<[LanguageId, string, RegExp]> = [
        [
          'go',
          'package p\n\nfunc table() (t [256]uint32) {\n\tfor i := range t {\n\t\tc := uint32(i)\n\t\tfor k := 0; k < 8; k++ {\n\t\t\tif c&1 == 1 {\n\t\t\t\tc = 0xEDB88320 ^ (c >> 1)\n\t\t\t} else {\n\t\t\t\tc >>= 1\n\t\t\t}\n\t\t}\n\t\tt[i] = c\n\t}\n\treturn\n}\n',
          /uses the constants of CRC-32: `0xEDB88320` \(line 8\) is the CRC-32 polynomial, bit-reversed\./,
        ],
        [
          'csharp',
          'class H {\n  static uint Fnv(byte[] data) {\n    uint h = 2166136261u;\n    foreach (var b in data) { h ^= b; h *= 16777619; }\n    return h;\n  }\n}\n',
          /uses the constants of FNV: `2166136261u` \(line 3\) is 32-bit FNV's offset basis and `16777619` \(line 4\) is 32-bit FNV's prime\./,
        ],
        [
          'typescript',
          'export function put(c: number, out: number[]): void {\n  if (c < 0x80) out.push(c);\n  else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));\n  else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));\n}\n',
          /uses the constants of UTF-8: `0x80` \(line 2\), `0x3f` \(line 3\), `0xc0` \(line 3\) and `0xe0` \(line 4\) are the markers and masks of UTF-8's byte layout\./,
        ],
        [
          'python',
          'def b32(data):\n    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"\n    return "".join(alphabet[x] for x in data)\n',
          /uses a well-known constant: `"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"` \(line 2\) is the Base32 alphabet \(RFC 4648\)\./,
        ],
      ];
      for (const [language, code, expected] of cases) assert.match(await quick(language, code), expected);
      // Common values alone, or a set short of what marks it: nothing said.
      for (const code of [
        'function f(c) {\n  return c < 0x80 ? c : (c & 0x3f) | 0x80;\n}\n',
        'function f(x) {\n  return x * 38 + 72;\n}\n',
      ])
        assert.doesNotMatch(await quick('javascript', code), /constants? of|well-known constant/);
    });

    it("the author's step headings in the imperative outline what it does, quoted once", async () => {
      const code =
        'def plan(jobs, board):\n    # Sort the jobs by deadline.\n    ordered = sorted(jobs, key=deadline)\n    # ordered holds the earliest first\n    first = ordered[0]\n    # Give each job the latest free slot before its deadline.\n    for job in ordered:\n        board.place(job, first)\n';
      assert.match(
        await quick('python', code),
        /its comments outline its steps: “Sort the jobs by deadline” \(line 2\), then “Give each job the latest free slot before its deadline” \(line 6\)\./,
      );
      const response = await engine.explain(
        explainRequestSchema.parse({ code, language: 'python', mode: 'standard' }),
      );
      assert.equal(response.explanation.match(/Sort the jobs by deadline/g)?.length, 1);
      // A note that is no heading stays a note on its step.
      assert.match(response.explanation, /“ordered holds the earliest first” \(line 4/);
      // Comments that describe rather than command outline nothing.
      assert.doesNotMatch(
        await quick(
          'python',
          'def f(xs):\n    # the total so far\n    t = 0\n    for x in xs:\n        t += x\n    return t\n',
        ),
        /outline its steps|heads a step/,
      );
    });

    it('a hash that multiplies and adds is neither a number read from digits nor a total', async () => {
      for (const code of [
        'def h(s):\n    h = 0\n    for c in s:\n        h = h * 31 + ord(c)\n    return h\n',
        'def h(s):\n    h = 0\n    for c in s:\n        h *= 31\n        h += ord(c)\n    return h\n',
        // A multiplier that is read again before a digit is put in: no Horner step.
        'def f(s, base):\n    n = 0\n    for c in s:\n        n *= base\n        n = abs(n)\n        n += int(c)\n    return n\n',
      ]) {
        const said = await quick('python', code);
        assert.doesNotMatch(said, /digit by digit|adds up values/);
      }
    });

    it('a counting loop that only tests and breaks says it searches for the first index', async () => {
      assert.match(
        await quick(
          'java',
          'class F {\n  static int find(String t, char c) {\n    int i;\n    for (i = 0; i < t.length(); i += 2) {\n      if (t.charAt(i) == c) {\n        break;\n      }\n    }\n    return i;\n  }\n}\n',
        ),
        /searches `t` for the first `i` at which the test on line 5 holds \(`i \+= 2` each turn, loop on line 4\), and stops there\./,
      );
      assert.match(
        await quick(
          'java',
          'class F {\n  static int find(String t, char c) {\n    int i = 0;\n    if (c != 0) {\n      for (; i < t.length(); i++) {\n        if (t.charAt(i) == c) break;\n      }\n    }\n    return i;\n  }\n}\n',
        ),
        /When `c != 0` \(line 4\), it searches `t` for the first `i`/,
      );
      // Work besides the test, or a loop in an `else`: no search is told.
      for (const code of [
        'class F {\n  static int find(String t, char c) {\n    int i;\n    for (i = 0; i < t.length(); i++) {\n      if (t.charAt(i) == c) break;\n      n++;\n    }\n    return i;\n  }\n}\n',
        'class F {\n  static int find(String t, char c) {\n    int i = 0;\n    if (c == 0) {\n      i = -1;\n    } else {\n      for (; i < t.length(); i++) {\n        if (t.charAt(i) == c) break;\n      }\n    }\n    return i;\n  }\n}\n',
      ])
        assert.doesNotMatch(await quick('java', code), /searches `t`/);
    });

    it('a value cut to its first items in place is told, with the condition it is cut under', async () => {
      assert.match(
        await quick(
          'java',
          'class P {\n  void put(String s, int max) {\n    if (max >= 0 && max < s.length())\n      s = s.substring(0, max);\n    out.add(s);\n  }\n}\n',
        ),
        /cuts `s` down to its first `max` characters \(line 4\), when `max >= 0 && max < s\.length\(\)` \(line 3\)\./,
      );
      assert.match(
        await quick('python', 'def head(rows, n):\n    rows = rows[:n]\n    emit(rows)\n'),
        /cuts `rows` down to its first `n` items \(line 2\)\./,
      );
      // Another start, or a cut into another name: nothing is cut in place.
      for (const [language, code] of [
        ['javascript', 'function tail(s, n) {\n  s = s.slice(1, n);\n  emit(s);\n}\n'],
        ['python', 'def head(rows, n):\n    first = rows[:n]\n    emit(first)\n'],
      ] as const)
        assert.doesNotMatch(await quick(language, code), /cuts `/);
    });

    it('a method named like a protocol but with other parameters is no protocol', async () => {
      const text = await quick(
        'java',
        'class Url {\n  private String toString(String scheme, String host) {\n    return scheme + "://" + host;\n  }\n}\n',
      );
      assert.doesNotMatch(text, /the language calls `toString`/);
      assert.match(
        await quick(
          'go',
          'package p\n\ntype T struct{ err error }\n\nfunc (t *T) Temporary() bool {\n\treturn t.err != nil\n}\n',
        ),
        /tells whether the error is temporary/,
      );
    });
  });
});
