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
