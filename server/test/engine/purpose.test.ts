/**
 * What the explanation says a unit is for, and how its walkthrough keeps the
 * meaning of its code: one row per source of evidence (doc comments,
 * declarations, idioms, well-known APIs, names) and per construct (guards,
 * switch and match arms, for…else, error returns, data flow). Small snippets
 * written for each; the real-code corpus is purpose-corpus.test.ts.
 */
import assert from 'node:assert/strict';
import {
  explainRequestSchema,
  type ExplainRequestInput,
  type ExplainResponse,
  type LanguageId,
} from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';
import { ungrounded } from './support/grounded.js';

const engine = createEngine();
after(() => engine.dispose());

async function explain(language: LanguageId, code: string, extra: Partial<ExplainRequestInput> = {}) {
  const response = await engine.explain(explainRequestSchema.parse({ code, language, ...extra }));
  assert.deepEqual(ungrounded(response, code), [], 'every quote is the code’s own text');
  return response;
}

const section = (r: ExplainResponse, title: string): string =>
  r.sections.find((s) => s.title === title)?.content ?? '';

/** [what, language, code, patterns the explanation must match, patterns it must not]. */
type Row = readonly [string, LanguageId, string, readonly RegExp[], (readonly RegExp[])?];

function rows(title: string, table: readonly Row[]): void {
  describe(title, () => {
    for (const [what, language, code, must, mustNot] of table) {
      it(what, async () => {
        const { explanation } = await explain(language, code);
        for (const re of must) assert.match(explanation, re);
        for (const re of mustNot ?? []) assert.doesNotMatch(explanation, re);
      });
    }
  });
}

describe('engine: what the code is for', () => {
  rows('doc comments, attributed, first sentence', [
    [
      'a docstring that opens with a signature line: its sentence is the paragraph after it',
      'python',
      'def split(text):\n    """split(text : string) -> [string]\n\n    Split the text into chunks.  Chunks are not words.\n    """\n    return text.split()\n',
      [/According to its docstring \(line 2\), `split\(text\)` splits the text into chunks\./],
    ],
    [
      'Python docstring',
      'python',
      'def quote(s):\n    """Return a shell-escaped version of the string *s*."""\n    if not s:\n        return "\'\'"\n    return s\n',
      [
        /According to its docstring \(line 2\), `quote\(s\)` returns a shell-escaped version of the string s\./,
      ],
    ],
    [
      'JSDoc, tags left out',
      'javascript',
      '/**\n * Creates a debounced function that delays invoking `func`.\n * @param {Function} func\n */\nfunction debounce(func, wait) {\n  return func;\n}\n',
      [
        /According to its JSDoc \(line 1\), `debounce\(func, wait\)` creates a debounced function that delays invoking `func`\./,
      ],
      [/@param/],
    ],
    [
      'Javadoc with inline markup',
      'java',
      'class C {\n  /**\n   * Returns the number of {@code elements} in this list.\n   */\n  public int size() { return n; }\n}\n',
      [/According to its Javadoc \(line 2\), it returns the number of elements in this list\./],
    ],
    [
      'Javadoc links read as their labels, or as the member they name',
      'java',
      'class L {\n  /**\n   * Waits unless the thread is {@linkplain Thread#interrupt interrupted}, then calls {@link #release(int)}.\n   */\n  public void await() { sync.acquire(1); }\n}\n',
      [/it waits unless the thread is interrupted, then calls release\(int\)\./],
      [/interrupt interrupted/],
    ],
    [
      'a licence header is no purpose; the comment after it is',
      'javascript',
      '/*\n * Copyright (c) 2024 Example Ltd. All rights reserved.\n * Licensed under the MIT License.\n */\n\n// Rate limiting for the public API: one bucket per client.\n\nexport function allow(bucket) {\n  return bucket.tokens > 0;\n}\n',
      [/Its opening comment \(line 6\) says: “Rate limiting for the public API: one bucket per client\.”/],
      [/Copyright|Licensed/],
    ],
    [
      'a licence header right above the first function is not its doc',
      'javascript',
      '/**\n * Copyright 2024 Example Ltd. Released under the MIT licence.\n * SPDX-License-Identifier: MIT\n */\nexport function allow(bucket) {\n  return bucket.tokens > 0;\n}\n',
      [],
      [/Copyright|SPDX|JSDoc/],
    ],
    [
      'a doc comment that speaks of copyright, above a function that is not the first thing in the file, is its doc',
      'javascript',
      'const YEAR = 2024;\n\n/** Builds the copyright line shown in the footer. */\nexport function footer(owner) {\n  return `© ${YEAR} ${owner}`;\n}\n',
      [
        /According to its JSDoc \(line 3\), `footer\(owner\)` builds the copyright line shown in the footer\./,
      ],
    ],
    [
      "Go's doc comment starts with the name",
      'go',
      'package p\n\n// Quote returns a double-quoted Go string literal representing s.\nfunc Quote(s string) string {\n\treturn s\n}\n',
      [/`Quote\(s\)` returns a double-quoted Go string literal representing s\./],
      [/Quote returns/],
    ],
    [
      'C# XML doc summary',
      'csharp',
      'class T {\n  /// <summary>Splits the command line into tokens.</summary>\n  public void Tokenize(string s) { }\n}\n',
      [/According to its XML doc comment \(line 2\), it splits the command line into tokens\./],
    ],
    [
      'rustdoc',
      'rust',
      "/// Parses an escape sequence after a backslash.\nfn parse_escape(s: &str) -> char {\n    'x'\n}\n",
      [
        /According to its doc comment \(line 1\), `parse_escape\(s\)` parses an escape sequence after a backslash\./,
      ],
    ],
    [
      'KDoc',
      'kotlin',
      '/** Counts the words in a line. */\nfun countWords(line: String): Int = line.length\n',
      [/According to its KDoc \(line 1\), `countWords\(line\)` counts the words in a line\./],
    ],
    [
      'a plain leading comment, said as a comment',
      'python',
      '# Sum the paid orders of one customer.\ndef total(orders):\n    return 0\n',
      [
        /According to its comment above it \(line 1\), `total\(orders\)` sums the paid orders of one customer\./,
      ],
    ],
    [
      'a sentence that does not start with a verb is quoted',
      'java',
      'class C {\n  /** Fisher–Yates shuffle. */\n  void shuffle(int[] a) { }\n}\n',
      [/its Javadoc \(line 2\) says: “Fisher–Yates shuffle\.”/i],
    ],
    [
      'a directive is not a description',
      'javascript',
      '// eslint-disable-next-line no-unused-vars\nfunction f(a) {\n  return a;\n}\n',
      [],
      [/According to|says:/],
    ],
  ]);

  rows('declarations that carry meaning', [
    [
      'Flask route',
      'python',
      "@app.route('/login', methods=['POST'])\ndef login():\n    user = request.form['user']\n    return user\n",
      [
        /`login\(\)` handles POST requests to `\/login` \(`@app\.route`, line 1\)\./,
        /takes input from the request \(`request\.form\['user'\]`, line 3\)/,
      ],
    ],
    [
      'FastAPI route',
      'python',
      '@router.get("/items/{item_id}")\nasync def read_item(item_id: int):\n    return item_id\n',
      [/handles GET requests to `\/items\/\{item_id\}`/],
    ],
    [
      'Express route registration with a handler',
      'javascript',
      "app.get('/search', (req, res) => {\n  const q = req.query.q;\n  res.send(q);\n});\n",
      [/handles GET requests to `\/search`/, /takes input from the request \(`req\.query\.q`, line 2\)/],
      [/<anonymous/],
    ],
    [
      'Spring mapping',
      'java',
      'class C {\n  @PostMapping("/orders")\n  public Order create(@RequestBody Order order) { return order; }\n}\n',
      [/handles POST requests to `\/orders` \(`@PostMapping`, line 2\)/],
    ],
    [
      'ASP.NET attribute',
      'csharp',
      'class C {\n  [HttpPost("login")]\n  public IActionResult Login(LoginModel m) { return Ok(); }\n}\n',
      [/handles POST requests to `login` \(`HttpPost`, line 2\)/],
    ],
    [
      'Go handler registered by name',
      'go',
      'package main\n\nimport "net/http"\n\nfunc health(w http.ResponseWriter, r *http.Request) {\n\tw.WriteHeader(200)\n}\n\nfunc main() {\n\thttp.HandleFunc("/health", health)\n}\n',
      [/`health\(w, r\)` handles requests to `\/health`/, /entry point/],
    ],
    [
      'a pytest test and a unittest class',
      'python',
      'import unittest\n\nclass TestParse(unittest.TestCase):\n    def test_empty(self):\n        self.assertEqual(parse(""), [])\n',
      [/It is a test: its name marks it as one for the test runner/],
    ],
    [
      'describe/it callbacks are tests, named in words',
      'javascript',
      "describe('parse', () => {\n  it('returns an empty list for empty input', () => {\n    expect(parse('')).toEqual([]);\n  });\n});\n",
      [/test case, `returns an empty list for empty input`/],
      [/<anonymous/],
    ],
    [
      'JUnit @Test',
      'java',
      'class ParserTest {\n  @Test\n  void parsesEmptyInput() {\n    assertEquals(0, parse("").size());\n  }\n}\n',
      [/It is a test \(`@Test`, line 2\)\./],
    ],
    [
      'React component and hook',
      'tsx',
      'function useCount() {\n  const [n, setN] = useState(0);\n  return n;\n}\nexport function Counter() {\n  const n = useCount();\n  return <span>{n}</span>;\n}\n',
      [/React component: it returns JSX/, /React's convention for a hook/],
    ],
    [
      'a superclass',
      'java',
      'public final class LazilyParsedNumber extends Number {\n  private final String value;\n  public int intValue() { return Integer.parseInt(value); }\n}\n',
      [/It is a kind of `Number`: it extends it \(line 1\)\./],
    ],
  ]);

  rows('idioms recognised from the tree', [
    [
      'a loop that acts on each character by its value (C)',
      'c',
      "int count_ops(const char *p) {\n  int i = 0, n = 0;\n  char c;\n  while (p[i] != '\\0') {\n    c = p[i];\n    switch (c) {\n      case '+': n++; break;\n      case '-': n++; break;\n      case '*': n += 2; break;\n      default: break;\n    }\n    i++;\n  }\n  return n;\n}\n",
      [
        /walks through `p` in the loop on line 4 and acts on each character by its value: a `switch` on `c` \(line 6\) with arms for `'\+'`, `'-'` and `'\*'`\./,
      ],
    ],
    [
      'a loop that acts on each character by its value (Java, charAt)',
      'java',
      "class T {\n  static int depth(String s) {\n    int d = 0;\n    for (int i = 0; i < s.length(); i++) {\n      switch (s.charAt(i)) {\n        case '(': d++; break;\n        case ')': d--; break;\n        case '[': d++; break;\n        case ']': d--; break;\n      }\n    }\n    return d;\n  }\n}\n",
      [
        /walks through `s` in the loop on line 4 and acts on each character by its value: a `switch` on `s\.charAt\(i\)` \(line 5\) with arms for `'\('`, `'\)'`, `'\['` and 1 more\./,
      ],
    ],
    [
      'a loop that acts on each character by its value (Go, set in the switch header)',
      'go',
      "package p\n\nfunc signs(s string) int {\n\tn := 0\n\tfor i := 0; i < len(s); i++ {\n\t\tswitch c := s[i]; c {\n\t\tcase '+', '-':\n\t\t\tn++\n\t\tcase '!':\n\t\t\tn--\n\t\t}\n\t}\n\treturn n\n}\n",
      [
        /walks through `s` in the loop on line 5 and acts on each character by its value: a `switch` on `c` \(line 6\)/,
      ],
    ],
    [
      'no dispatch on characters: a switch on a parameter, or on words',
      'javascript',
      "function run(mode, ops) {\n  let n = 0;\n  for (const op of ops) {\n    switch (mode) {\n      case 'r': n++; break;\n      case 'w': n--; break;\n      case 'a': n += 2; break;\n    }\n    switch (op.kind) {\n      case 'add': n++; break;\n      case 'sub': n--; break;\n      case 'mul': n *= 2; break;\n    }\n  }\n  return n;\n}\n",
      [],
      [/acts on each character/],
    ],
    [
      'state machine as an if/elif chain on a field the arms set',
      'python',
      "class Reader:\n    def word(self):\n        out = ''\n        while True:\n            ch = self.src.read(1)\n            if self.mode is None:\n                return out\n            elif self.mode == 'gap':\n                if ch.isalpha():\n                    out = ch\n                    self.mode = 'in'\n            elif self.mode == 'in':\n                if ch.isalpha():\n                    out += ch\n                else:\n                    self.mode = 'gap'\n                    return out\n",
      [
        /is a state machine: inside a loop, a chain of 3 `if` tests on `self\.mode` \(from line 6\) picks what to do in the current state, and the arms set `self\.mode` to choose the next turn's\./,
      ],
    ],
    [
      'state machine as an else-if chain on a local kept across turns',
      'javascript',
      "function digits(s) {\n  let state = 'start';\n  let n = 0;\n  for (const c of s) {\n    if (state === 'start') {\n      if (c === '-') state = 'sign';\n      else state = 'num';\n    } else if (state === 'sign') {\n      state = 'num';\n    } else if (state === 'num') {\n      n++;\n    }\n  }\n  return n;\n}\n",
      [/a chain of 3 `if` tests on `state` \(from line 5\)/],
    ],
    [
      'no state machine: a chain on the character read afresh each turn',
      'javascript',
      "function kinds(s) {\n  let k = 0;\n  for (let i = 0; i < s.length; i++) {\n    let c = s[i];\n    if (c === 'a') { c = 'b'; k++; }\n    else if (c === 'b') { c = 'a'; }\n    else if (c === 'x') { k--; }\n  }\n  return k;\n}\n",
      [],
      [/state machine/],
    ],
    [
      'no state machine: a chain whose arms never set what it tests',
      'go',
      'package p\n\nfunc score(kind int, xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tif kind == 0 {\n\t\t\tt += x\n\t\t} else if kind == 1 {\n\t\t\tt -= x\n\t\t} else if kind == 2 {\n\t\t\tt *= x\n\t\t}\n\t}\n\treturn t\n}\n',
      [],
      [/state machine/],
    ],
    [
      'count',
      'python',
      'def paid(orders):\n    n = 0\n    for o in orders:\n        if o.paid:\n            n += 1\n    return n\n',
      [/counts items of `orders` in `n`/],
    ],
    [
      'accumulate',
      'javascript',
      'function total(items) {\n  let sum = 0;\n  for (const item of items) {\n    sum += item.price;\n  }\n  return sum;\n}\n',
      [/adds up values from `items` into `sum`/],
    ],
    [
      'filter and collect',
      'python',
      'def adults(people):\n    out = []\n    for p in people:\n        if p.age >= 18:\n            out.append(p)\n    return out\n',
      [/collects the items of `people` that pass a test into `out`/],
    ],
    [
      'values that are not the loop’s own items are only collected',
      'python',
      'def tokenize(args):\n    out = []\n    for a in args:\n        if a.startswith("-"):\n            for c in a[1:]:\n                if c == "=":\n                    if out and len(a) > 2:\n                        break\n                out.append(c)\n    return out\n',
      [
        /collects values into `out` in the loop on line 3 and returns it/,
        // The explanation cites what makes its cognitive number.
        /the largest parts of its cognitive number are \+5 for `if`, nested 4 levels deep \(line 7\), \+4 for `if`, nested 3 levels deep \(line 6\)/,
      ],
      [/collects the items of `args`/],
    ],
    [
      'map or transform',
      'go',
      'package p\n\nfunc names(users []User) []string {\n\tout := []string{}\n\tfor _, u := range users {\n\t\tout = append(out, u.Name)\n\t}\n\treturn out\n}\n',
      [/builds `out` from each item of `users`/],
    ],
    [
      'de-duplicate',
      'python',
      'def unique(lines):\n    seen = set()\n    for line in lines:\n        if line not in seen:\n            seen.add(line)\n    return seen\n',
      [/removes duplicates of `lines`/],
    ],
    [
      'find first',
      'javascript',
      'function firstAdult(people) {\n  for (const p of people) {\n    if (p.age >= 18) return p;\n  }\n  return null;\n}\n',
      [/searches `people` and returns the first match, `p`/],
    ],
    [
      'any',
      'python',
      'def has_admin(users):\n    for u in users:\n        if u.admin:\n            return True\n    return False\n',
      [/checks whether any item of `users` passes a test/],
    ],
    [
      'memoise',
      'python',
      'cache = {}\n\ndef slow(n):\n    if n in cache:\n        return cache[n]\n    cache[n] = n * n\n    return cache[n]\n',
      [/caches results in `cache`/],
    ],
    [
      'binary search',
      'java',
      'class S {\n  static int find(int[] a, int key) {\n    int lo = 0, hi = a.length - 1;\n    while (lo <= hi) {\n      int mid = (lo + hi) >>> 1;\n      if (a[mid] < key) lo = mid + 1;\n      else if (a[mid] > key) hi = mid - 1;\n      else return mid;\n    }\n    return -1;\n  }\n}\n',
      [/runs a binary search, halving the range while `lo <= hi`/],
    ],
    [
      'retry with waits',
      'python',
      'import time\n\ndef fetch(url):\n    for attempt in range(3):\n        try:\n            return get(url)\n        except OSError:\n            time.sleep(2 ** attempt)\n    raise RuntimeError(url)\n',
      [/`fetch\(url\)` retries: a loop that catches failures and waits between attempts/],
    ],
    [
      'debounce',
      'javascript',
      'function debounce(fn, ms) {\n  let timer;\n  return (...args) => {\n    clearTimeout(timer);\n    timer = setTimeout(() => fn(...args), ms);\n  };\n}\n',
      [/debounces: each call cancels the pending timer/],
    ],
    [
      'state machine over a switch',
      'javascript',
      "function lex(s) {\n  let state = 'start';\n  for (const c of s) {\n    switch (state) {\n      case 'start':\n        if (c === '\"') state = 'string';\n        break;\n      case 'string':\n        if (c === '\"') state = 'start';\n        break;\n    }\n  }\n  return state;\n}\n",
      [/state machine: a `switch` on `state` inside a loop/],
    ],
    [
      'lazy initialisation',
      'python',
      'class Config:\n    def settings(self):\n        if self._settings is None:\n            self._settings = load()\n        return self._settings\n',
      [/creates `self\._settings` on first use/],
    ],
    [
      'builder',
      'java',
      'class B {\n  B name(String n) { this.n = n; return this; }\n}\n',
      [/returns the object itself, so calls can be chained/],
    ],
    [
      'two pointers',
      'java',
      'class P {\n  static boolean isPalindrome(String s) {\n    int i = 0, j = s.length() - 1;\n    while (i < j) {\n      if (s.charAt(i) != s.charAt(j)) return false;\n      i++;\n      j--;\n    }\n    return true;\n  }\n}\n',
      [/moves two indexes towards each other while `i < j` \(line 4\)/],
    ],
    [
      'sliding window',
      'python',
      'def best(a, k):\n    s = sum(a[:k])\n    top = s\n    for i in range(k, len(a)):\n        s += a[i]\n        s -= a[i - k]\n        top = max(top, s)\n    return top\n',
      [/keeps a sliding window over `a`: `s` gains the item entering the window/],
    ],
    [
      'producer/consumer with a condition',
      'python',
      'class Queue:\n    def get(self):\n        with self.not_empty:\n            while not self._qsize():\n                self.not_empty.wait()\n            item = self._get()\n            self.not_full.notify()\n            return item\n',
      [
        /coordinates threads: it waits on `self\.not_empty` and wakes those waiting on `self\.not_full`/,
        // `self` is the object the method is called on, not a parameter the caller passes.
        /`Queue\.get\(self\)` is a method on lines 2–8 that takes no parameters besides `self`\./,
      ],
    ],
    [
      'visitor',
      'java',
      'class Num extends Node {\n  <R> R accept(Visitor<R> visitor) {\n    return visitor.visitNum(this);\n  }\n}\n',
      [/accepting half of a visitor: it hands itself to `visitor`/],
    ],
    [
      'validation: guards that raise',
      'python',
      'def withdraw(account, amount):\n    if amount <= 0:\n        raise ValueError("amount")\n    if amount > account.balance:\n        raise ValueError("funds")\n    account.balance -= amount\n    return account.balance\n',
      [/checks first: 2 conditions raise an error/, /raises `ValueError\("amount"\)` if `amount <= 0`/],
    ],
  ]);

  rows('well-known APIs say what a call does; names never do', [
    [
      'Python subprocess and files',
      'python',
      'import subprocess\n\ndef run(cmd, path):\n    with open(path) as f:\n        data = f.read()\n    subprocess.run(cmd, shell=True)\n    return data\n',
      [/reads a file \(`open`, line 4\)/, /starts another program \(`subprocess\.run`, line 6\)/],
    ],
    [
      'Go environment and processes',
      'go',
      'package p\n\nimport "os/exec"\n\nfunc run() error {\n\tbin := os.Getenv("BIN")\n\treturn exec.Command(bin).Run()\n}\n',
      [
        /reads the environment \(`os\.Getenv`, line 6\)/,
        /starts another program \(`exec\.Command`, line 7\)/,
      ],
    ],
    [
      'a database call counts only with its driver imported',
      'python',
      'import sqlite3\n\ndef names(conn):\n    cur = conn.cursor()\n    cur.execute("SELECT name FROM users")\n    return cur.fetchall()\n',
      [/queries a database \(`cur\.execute`, line 5\)/],
    ],
    [
      'Go: database/sql on a database handle, a query string on a URL',
      'go',
      'package p\n\nimport (\n\t"database/sql"\n\t"net/http"\n)\n\nfunc handle(db *sql.DB, w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("name")\n\trows, _ := db.Query("SELECT id FROM users WHERE name = ?", name)\n\tdefer rows.Close()\n}\n',
      [/queries a database \(`db\.Query`, line 10\)/],
      [/`r\.URL\.Query`, line 9\)/],
    ],
    [
      'Go: a gin handler reading its query string is no database call',
      'go',
      'package p\n\nimport (\n\t"database/sql"\n\t"github.com/gin-gonic/gin"\n)\n\nfunc show(c *gin.Context) {\n\tid := c.Query("id")\n\tc.String(200, id)\n}\n\nvar _ *sql.DB\n',
      [],
      [/queries a database/],
    ],
    [
      'Java: JDBC on a statement, a task on an executor',
      'java',
      'import java.sql.*;\nimport java.util.concurrent.ExecutorService;\n\nclass Jobs {\n    void run(ExecutorService pool, Connection conn) throws SQLException {\n        pool.execute(() -> System.out.println("job"));\n        PreparedStatement stmt = conn.prepareStatement("DELETE FROM jobs");\n        stmt.execute();\n    }\n}\n',
      [
        /runs work on another thread \(`pool\.execute`, line 6\)/,
        /queries a database \(`conn\.prepareStatement`, line 7\)/,
      ],
      [/queries a database \(`pool\.execute`/],
    ],
    [
      'Go: waiting for goroutines takes no lock; a mutex does',
      'go',
      'package p\n\nimport "sync"\n\nfunc all(jobs []func(), mu *sync.Mutex) {\n\tvar wg sync.WaitGroup\n\tfor _, job := range jobs {\n\t\twg.Add(1)\n\t\tgo func(j func()) {\n\t\t\tdefer wg.Done()\n\t\t\tj()\n\t\t}(job)\n\t}\n\twg.Wait()\n\tmu.Lock()\n\tdefer mu.Unlock()\n}\n',
      [/takes a lock, which may block \(`mu\.Lock`, line 15\)/],
      [/`wg\.Wait`, line 14\)/],
    ],
    [
      'Java: a latch is waited on, a lock is taken',
      'java',
      'import java.util.concurrent.CountDownLatch;\nimport java.util.concurrent.locks.ReentrantLock;\n\nclass Gate {\n    void pass(CountDownLatch ready, ReentrantLock lock) throws InterruptedException {\n        ready.await();\n        lock.lock();\n        lock.unlock();\n    }\n}\n',
      [/takes a lock, which may block \(`lock\.lock`, line 7\)/],
      [/`ready\.await`, line 6\)/],
    ],
    [
      'the same call without the driver says nothing',
      'python',
      'def names(job):\n    job.execute()\n    return job\n',
      [],
      [/database/],
    ],
    [
      'a name that sounds like a side effect is not one',
      'javascript',
      'function saveUser(user) {\n  return writeLog(user);\n}\n',
      [/calls `writeLog`/],
      // Nor is a name echoed back as if it were evidence ("`saveUser` suggests it saves user").
      [/writes to the file system|writes to the log/, /suggests/],
    ],
    [
      'thin evidence: nothing is guessed',
      'javascript',
      'function f(x) {\n  return x + 1;\n}\n',
      [],
      [/According|suggests|handles|It is a/],
    ],
  ]);

  rows('a call shared by many APIs is named by its receiver or its arguments, never guessed', [
    [
      'Python: open() reads by default, and writes in "w", "a", "x" or "+" mode',
      'python',
      'def copy(src, dst, log):\n    with open(src) as f:\n        data = f.read()\n    with open(dst, "w") as out:\n        out.write(data)\n',
      [/reads a file \(`open`, line 2\)/, /writes to the file system \(`open`, line 4\)/],
    ],
    [
      'Python: open() in a mode given by keyword',
      'python',
      'def append(path, line):\n    with open(path, encoding="utf-8", mode="a") as f:\n        f.write(line)\n',
      [/writes to the file system \(`open`, line 2\)/],
      [/reads a file/],
    ],
    [
      'Python: open() in a mode chosen at run time works with files, no more',
      'python',
      'def handle(path, mode):\n    return open(path, mode)\n',
      [/works with files or storage \(`open`, line 2\)/],
      [/reads a file|writes to the file system/],
    ],
    [
      'Python: making a lock takes none',
      'python',
      'import threading\n\ndef make():\n    guard = threading.Lock()\n    return guard\n',
      [],
      [/takes a lock/],
    ],
    [
      'Python: a cache client’s get is no HTTP request',
      'python',
      'import redis\n\ndef cached(client, key):\n    value = client.get(key)\n    return value\n',
      [],
      [/HTTP/],
    ],
    [
      'Python: a session’s get is one, with requests imported',
      'python',
      'import requests\n\ndef fetch(session, url):\n    response = session.get(url)\n    return response.json()\n',
      [/sends an HTTP request \(`session\.get`, line 4\)/],
    ],
    [
      'Python: a string’s find is no query; a collection’s is',
      'python',
      'import pymongo\n\ndef active(db, url):\n    i = url.find(":")\n    users = db.users.find({"active": True})\n    return i, users\n',
      [/queries a database \(`db\.users\.find`, line 5\)/],
      [/`url\.find`, line 4\)/],
    ],
    [
      'JavaScript: an array’s find is no query; a model’s is',
      'javascript',
      "const mongoose = require('mongoose');\n\nasync function byId(items, id) {\n  const item = items.find((i) => i.id === id);\n  const user = await User.find({ id });\n  return [item, user];\n}\n",
      [/queries a database \(`User\.find`, line 5\)/],
      [/`items\.find`, line 4\)/],
    ],
    [
      'JavaScript: URLSearchParams.append changes no page; an element’s append does',
      'javascript',
      "function render(listEl, params) {\n  const search = new URLSearchParams();\n  search.append('q', params.q);\n  listEl.append(search.toString());\n}\n",
      [/changes the page \(DOM\) \(`listEl\.append`, line 4\)/],
      [/`search\.append`, line 3\)/],
    ],
    [
      'Go: sync.Once.Do sends nothing; a client’s Do with a request does',
      'go',
      'package p\n\nimport (\n\t"net/http"\n\t"sync"\n)\n\nvar once sync.Once\n\nfunc get(client *http.Client, url string) (*http.Response, error) {\n\tonce.Do(setup)\n\treq, err := http.NewRequest("GET", url, nil)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn client.Do(req)\n}\n',
      [/sends an HTTP request \(`client\.Do`, line 16\)/],
      [/`once\.Do`, line 11\)|`http\.NewRequest`, line 12\)/],
    ],
    [
      'Go: a scanner reads what it is given: standard input by name, else nothing said',
      'go',
      'package p\n\nimport (\n\t"bufio"\n\t"io"\n\t"os"\n)\n\nfunc lines(r io.Reader) int {\n\tbody, _ := io.ReadAll(r)\n\tin := bufio.NewScanner(os.Stdin)\n\tin.Scan()\n\treturn len(body)\n}\n',
      [/reads standard input \(`bufio\.NewScanner`, line 11\)/],
      [/reads a file/],
    ],
    [
      'Java: a Scanner reads what it wraps',
      'java',
      'import java.io.*;\nimport java.util.Scanner;\n\nclass Input {\n    int read(String text) throws IOException {\n        Scanner words = new Scanner(text);\n        Scanner in = new Scanner(System.in);\n        BufferedReader file = new BufferedReader(new FileReader("a.txt"));\n        return in.nextInt() + words.nextInt() + file.read();\n    }\n}\n',
      [/reads standard input \(`new Scanner`, line 7\) and reads a file \(`new BufferedReader`, line 8\)/],
      [/`new Scanner`, line 6\)/],
    ],
    [
      'Go: Fprintf to a response writer prints nothing; to os.Stderr it does',
      'go',
      'package p\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"os"\n)\n\nfunc hello(w http.ResponseWriter, r *http.Request) {\n\tfmt.Fprintf(w, "hello %s", r.URL.Path)\n\tfmt.Fprintln(os.Stderr, "served")\n}\n',
      [/prints output \(`fmt\.Fprintln`, line 11\)/],
      [/`fmt\.Fprintf`, line 10\)/],
    ],
    [
      'JavaScript: asking whether a path exists reads no file; making an element changes no page',
      'javascript',
      "const fs = require('fs');\n\nfunction render(path, list) {\n  if (!fs.existsSync(path)) return;\n  const item = document.createElement('li');\n  list.appendChild(item);\n}\n",
      [
        /works with files or storage \(`fs\.existsSync`, line 4\)/,
        /changes the page \(DOM\) \(`list\.appendChild`, line 6\)/,
      ],
      [/reads a file|`document\.createElement`, line 5\)/],
    ],
    [
      'Java: a PrintWriter around System.out prints',
      'java',
      'import java.io.PrintWriter;\n\nclass Out {\n    void show(String s) {\n        PrintWriter out = new PrintWriter(System.out);\n        out.println(s);\n    }\n}\n',
      [/prints output \(`new PrintWriter`, line 5\)/],
      [/writes to the file system/],
    ],
    [
      'Go: making a timer does not pause',
      'go',
      'package p\n\nimport "time"\n\nfunc wait(d time.Duration) <-chan time.Time {\n\tt := time.NewTimer(d)\n\treturn t.C\n}\n',
      [],
      [/pauses/],
    ],
    [
      'Java: making an HTTP client or a URL sends nothing; the client’s send does',
      'java',
      'import java.net.URI;\nimport java.net.http.*;\n\nclass Fetch {\n    String get(String url) throws Exception {\n        HttpClient client = HttpClient.newHttpClient();\n        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).build();\n        return client.send(request, HttpResponse.BodyHandlers.ofString()).body();\n    }\n}\n',
      [/sends an HTTP request \(`client\.send`, line 8\)/],
      [/`HttpClient\.newHttpClient`, line 6\)/],
    ],
  ]);

  rows('tier-2 languages: their imports, and the calls they name', [
    [
      'C#: using directives, the namespace of an alias; its calls are read',
      'csharp',
      'using System.Net.Http;\nusing static System.Math;\nusing Json = Newtonsoft.Json;\n\nclass Store {\n    void Read(IDistributedCache cache, HttpClient client, string key) {\n        var cached = cache.GetAsync(key);\n        client.GetStringAsync(key);\n    }\n}\n',
      [
        /It imports `System\.Net\.Http`, `System\.Math` and `Newtonsoft\.Json`\./,
        /sends an HTTP request \(`client\.GetStringAsync`, line 8\)/,
        /It calls `cache\.GetAsync` and `client\.GetStringAsync`/,
      ],
      [/`cache\.GetAsync`, line 7\)/, /no loops, branches, calls or returns/],
    ],
    [
      'C#: the names of what it imports are no words of its domain',
      'csharp',
      'using System;\nusing System.Collections.Generic;\nusing System.Linq;\n\npublic class Leaderboard\n{\n    private readonly Dictionary<string, List<int>> _scores = new();\n\n    public void Add(string player, int score)\n    {\n        _scores[player].Add(score);\n    }\n\n    public int Best(string player) => _scores[player].Max();\n}\n',
      [/has 2 methods: `Add` and `Best`/],
      [/“system”/, /mostly about/],
    ],
    [
      'Rust: use and extern crate, not mod; a channel’s send and a file’s write are no request or lock',
      'rust',
      'use std::sync::{mpsc::Sender, Mutex};\nuse reqwest;\nextern crate serde;\nmod util;\n\nfn run(tx: Sender<u8>, counter: &Mutex<u8>, file: &mut std::fs::File) {\n    tx.send(1);\n    file.write(b"x");\n    counter.lock();\n}\n',
      [
        /It imports `std::sync::\{mpsc::Sender, Mutex\}`, `reqwest` and `serde`\./,
        /takes a lock, which may block \(`counter\.lock`, line 9\)/,
      ],
      [/`util`/, /HTTP/, /`file\.write`, line 8\)/],
    ],
    [
      'C: its #includes are said as such',
      'c',
      '#include <stdio.h>\n#include "util.h"\n\nint main(void) {\n    puts("hi");\n    return 0;\n}\n',
      [/It includes `stdio\.h` and `util\.h`\./],
    ],
    [
      'C++: #include, not `using namespace`',
      'cpp',
      '#include <vector>\n#include "a/b.hpp"\nusing namespace std;\n\nint main() { return 0; }\n',
      [/It includes `vector` and `a\/b\.hpp`\./],
    ],
    [
      'PHP: use clauses, a group as written, and a literal require',
      'php',
      '<?php\nuse App\\Models\\User;\nuse Foo\\{Bar, Baz};\nrequire_once "db.php";\ninclude "x$y.php";\n\nfunction f() { return 1; }\n',
      [/It imports `App\\Models\\User`, `Foo\\\{Bar, Baz\}` and `db\.php`\./],
    ],
    [
      'Ruby: require and require_relative with a literal, nothing else',
      'ruby',
      "require 'json'\nrequire_relative 'lib/x'\nrequire \"a#{b}\"\nloader.require 'no'\n\ndef f\n  1\nend\n",
      [/It imports `json` and `lib\/x`\./],
    ],
    [
      'Kotlin: its imports, and the JDK calls they put in sight',
      'kotlin',
      'import java.util.concurrent.Executors\nimport java.sql.DriverManager\nimport kotlinx.coroutines.*\n\nfun run(url: String) {\n    val pool = Executors.newFixedThreadPool(2)\n    pool.execute { println("x") }\n    val conn = DriverManager.getConnection(url)\n    conn.prepareStatement("SELECT 1")\n}\n',
      [
        /It imports `java\.util\.concurrent\.Executors`, `java\.sql\.DriverManager` and `kotlinx\.coroutines\.\*`\./,
        /runs work on another thread \(`pool\.execute`, line 7\)/,
        /queries a database \(`conn\.prepareStatement`, line 9\)/,
      ],
      [/`Executors\.newFixedThreadPool`, line 6\)/],
    ],
    [
      'Swift: import declarations',
      'swift',
      'import Foundation\nimport struct UIKit.CGPoint\n\nfunc f() -> Int { return 1 }\n',
      [/It imports `Foundation` and `UIKit\.CGPoint`\./],
    ],
    [
      'Bash: the scripts it sources, and its commands as calls',
      'bash',
      'source ./lib.sh\n. "$DIR/other.sh"\n\ndeploy() {\n  echo "deploying $1"\n  rm -rf "$2"\n  curl -s "$3"\n}\n',
      [
        /It sources `\.\/lib\.sh`\./,
        /prints output \(`echo`, line 5\), writes to the file system \(`rm`, line 6\) and sends an HTTP request \(`curl`, line 7\)/,
      ],
      [/no loops, branches, calls or returns/, /other\.sh/],
    ],
  ]);

  rows('a work-list loop says its order, read from the ends it takes from and adds at', [
    [
      'Java: a Deque, add and poll, and a seen set tested by add',
      'java',
      'import java.util.*;\n\nclass Graph {\n    Map<Integer, List<Integer>> edges = new HashMap<>();\n\n    List<Integer> bfs(int start) {\n        List<Integer> order = new ArrayList<>();\n        Set<Integer> seen = new HashSet<>();\n        Deque<Integer> queue = new ArrayDeque<>();\n        queue.add(start);\n        seen.add(start);\n        while (!queue.isEmpty()) {\n            int node = queue.poll();\n            order.add(node);\n            for (int next : edges.getOrDefault(node, List.of())) {\n                if (seen.add(next)) queue.add(next);\n            }\n        }\n        return order;\n    }\n}\n',
      [
        /It goes through items breadth-first, with `queue` as a queue: the loop on line 12 takes the item that has waited longest and adds new ones behind it, skipping what `seen` already holds\./,
      ],
    ],
    [
      'Java: a Deque added to at its back and popped from its front is a queue',
      'java',
      'import java.util.*;\n\nclass W {\n    void run(Deque<Job> work) {\n        while (!work.isEmpty()) {\n            Job job = work.pop();\n            for (Job next : job.next()) work.add(next);\n        }\n    }\n}\n',
      [/breadth-first, with `work` as a queue/],
    ],
    [
      'Python: a list as a stack, and a visited set',
      'python',
      'def reachable(graph, start):\n    stack = [start]\n    visited = set()\n    while stack:\n        node = stack.pop()\n        if node in visited:\n            continue\n        visited.add(node)\n        for n in graph[node]:\n            stack.append(n)\n    return visited\n',
      [
        /`reachable\(graph, start\)` goes through items depth-first, with `stack` as a stack: the loop on line 4 takes the item added last and adds new ones on top, skipping what `visited` already holds\./,
      ],
    ],
    [
      'Python: a walk that pushes in its loop and backtracks with an inner `while stack` that pops',
      'python',
      'def find_loop(graph, start):\n    stack = []\n    seen = set()\n    node = start\n    while True:\n        if node in seen:\n            return stack\n        seen.add(node)\n        stack.append(node)\n        while stack:\n            nxt = graph.next(stack[-1])\n            if nxt is not None:\n                node = nxt\n                break\n            stack.pop()\n        else:\n            return None\n',
      [
        /`find_loop\(graph, start\)` goes through items depth-first, with `stack` as a stack: the loop on line 5 takes the item added last and adds new ones on top, skipping what `seen` already holds\./,
      ],
    ],
    [
      'Python: list.pop(0) takes the front',
      'python',
      'def walk(root):\n    todo = [root]\n    while len(todo) > 0:\n        node = todo.pop(0)\n        todo.append(node.left)\n',
      [/breadth-first, with `todo` as a queue/],
    ],
    [
      'JavaScript: push and shift, no seen set',
      'javascript',
      'function levels(root) {\n  const queue = [root];\n  const out = [];\n  while (queue.length > 0) {\n    const node = queue.shift();\n    out.push(node.value);\n    for (const child of node.children) queue.push(child);\n  }\n  return out;\n}\n',
      [
        /breadth-first, with `queue` as a queue: the loop on line 4 takes the item that has waited longest and adds new ones behind it\./,
      ],
      [/skipping/],
    ],
    [
      'Go: slices appended to and resliced, a visited map',
      'go',
      'package p\n\nfunc bfs(adj map[int][]int, start int) []int {\n\tqueue := []int{start}\n\tvisited := map[int]bool{start: true}\n\tvar order []int\n\tfor len(queue) > 0 {\n\t\tn := queue[0]\n\t\tqueue = queue[1:]\n\t\torder = append(order, n)\n\t\tfor _, m := range adj[n] {\n\t\t\tif !visited[m] {\n\t\t\t\tvisited[m] = true\n\t\t\t\tqueue = append(queue, m)\n\t\t\t}\n\t\t}\n\t}\n\treturn order\n}\n',
      [
        /breadth-first, with `queue` as a queue: the loop on line 7 .*, skipping what `visited` already holds\./,
      ],
    ],
    [
      'C#: Queue<T>, Dequeue and Enqueue',
      'csharp',
      'class W {\n    void Run(Queue<Job> work) {\n        while (work.Count > 0) {\n            var job = work.Dequeue();\n            foreach (var next in job.Next()) work.Enqueue(next);\n        }\n    }\n}\n',
      [/breadth-first, with `work` as a queue: the loop on line 3/],
    ],
    [
      'a loop that only empties its container goes through nothing',
      'python',
      'def drain(jobs):\n    while jobs:\n        job = jobs.pop()\n        job.run()\n',
      [],
      [/first, with/],
    ],
    [
      'a deque used at both ends has no one order',
      'python',
      'from collections import deque\n\ndef mix(items):\n    d = deque(items)\n    while d:\n        x = d.popleft()\n        if x > 0:\n            d.append(x - 1)\n        else:\n            d.appendleft(x + 1)\n',
      [],
      [/first, with/],
    ],
    [
      'a counter tested in a while loop is no container',
      'javascript',
      'function countdown(n) {\n  const seen = [];\n  while (n) {\n    seen.push(n);\n    n = n - 1;\n  }\n  return seen;\n}\n',
      [],
      [/first, with/],
    ],
  ]);

  rows('walkthroughs that keep their meaning', [
    [
      'a guard keeps its condition',
      'python',
      'def quote(s):\n    if not s:\n        return "\'\'"\n    return s\n',
      // Said as a step ("if") or, once the returns are told as cases, as a case ("when").
      [/returns `"''"` (if|when) `not s`/],
      [/checks whether `not s` is true/],
    ],
    [
      'if/else of two returns',
      'javascript',
      'function sign(x) {\n  if (x < 0) {\n    return -1;\n  } else {\n    return 1;\n  }\n}\n',
      [/returns `-1` if `x < 0`, and otherwise returns `1`/],
    ],
    [
      'switch arms, grouped labels, fallthrough and default',
      'javascript',
      "function f(kind) {\n  switch (kind) {\n    case 'a':\n    case 'b':\n      return 1;\n    case 'c':\n      log(kind);\n    default:\n      return 2;\n  }\n}\n",
      [
        /3 arms, `'a'` or `'b'` \(line 3\), `'c'` \(line 6, falls through into the next\) and the default \(line 8\)/,
      ],
    ],
    [
      'match patterns with a catch-all',
      'python',
      "def f(cmd):\n    match cmd:\n        case ['go', direction]:\n            return direction\n        case _:\n            return None\n",
      [
        /matches `cmd` against its patterns: 2 arms, `\['go', direction\]` \(line 3\) and `_` \(line 5, matches anything\)/,
      ],
    ],
    [
      "Go's fallthrough",
      'go',
      'package p\n\nfunc f(k int) int {\n\tswitch k {\n\tcase 1, 2:\n\t\tfallthrough\n\tcase 3:\n\t\treturn 1\n\t}\n\treturn 0\n}\n',
      [/`1` or `2` \(line 5, falls through into the next\)/],
    ],
    [
      'for…else',
      'python',
      'def find(xs, t):\n    for x in xs:\n        if x == t:\n            break\n    else:\n        return -1\n    return t\n',
      [
        /loops over `xs` \(its `else` on line 5 runs only when the loop ends without `break`\)/,
        /stops when `x == t` \(line 4\)/,
        /returns `-1` when the loop ends without a `break`/,
      ],
    ],
    [
      'a parameter sorted in place',
      'python',
      'def top(scores):\n    scores.sort()\n    return scores[-1]\n',
      [/changes its parameter `scores` \(`scores\.sort`, line 2\) in place/],
    ],
    [
      'fields set',
      'javascript',
      'class Counter {\n  reset() {\n    this.count = 0;\n    this.at = Date.now();\n  }\n}\n',
      [/sets `this\.count` \(line 3\) and `this\.at` \(line 4\)/],
    ],
    [
      'a closure and the state it keeps',
      'javascript',
      'function debounce(fn, ms) {\n  let timer;\n  return (...args) => {\n    clearTimeout(timer);\n    timer = setTimeout(() => fn(...args), ms);\n  };\n}\n',
      [
        /`debounce\(fn, ms\)` builds a debounced function/,
        /The arrow function returned on line 3 \(lines 3–6\), defined inside `debounce`, takes 1 parameter \(`\.\.\.args`\)/,
        /It is a closure: it uses `timer`, `fn` and `ms` from the function around it \(`debounce`\), and changes `timer`, state kept between its calls\./,
      ],
    ],
    [
      "a sibling function's local is not the enclosing function's state",
      'javascript',
      'function create(context) {\n  function isPrimitive(node) {\n    const type = node.kind;\n    return type === 1;\n  }\n  function check(node) {\n    if (isPrimitive(node)) context.report({ message: "might have primitive type", node });\n  }\n  return { check };\n}\n',
      [
        /`check\(node\)`, defined inside `create`, [^\n]*It is a closure: it uses `context` from the function around it \(`create`\)\./,
      ],
      [/it uses `context` and `type`/, /it uses[^.]*`type`/],
    ],
    [
      'a Python closure: assignment makes its own name',
      'python',
      'def counter():\n    count = 0\n    def bump(step):\n        total = count + step\n        return total\n    return bump\n',
      [/It is a closure: it uses `count` from the function around it \(`counter`\)\./],
    ],
    [
      'a LINQ chain, and a C# lambda with one parameter',
      'csharp',
      'class T {\n  Func<int, int> twice = x => x * 2;\n  int Run(List<int> xs) { return xs.Where(x => x > 0).Select(x => x * 2).Sum(); }\n}\n',
      [
        /The lambda assigned to `twice` on line 2, defined inside `T`, takes 1 parameter \(`x`\)/,
        /On line 3 it chains `Where`, `Select` and `Sum`: each step works on what the one before it produced\./,
      ],
    ],
    [
      'a Java stream over several lines',
      'java',
      'class T {\n  List<String> names(List<User> users) {\n    return users.stream()\n        .filter(u -> u.active)\n        .map(u -> u.name)\n        .collect(Collectors.toList());\n  }\n}\n',
      [/On line 3 it chains `stream`, `filter`, `map` and `collect`/],
    ],
    [
      "Rust's match on a Result",
      'rust',
      'fn read(p: &str) -> i32 {\n    match parse(p) {\n        Ok(v) => v,\n        Err(e) => {\n            log(e);\n            0\n        }\n    }\n}\n',
      [/matches `parse\(p\)` against its patterns: 2 arms, `Ok\(v\)` \(line 3\) and `Err\(e\)` \(line 4\)/],
    ],
    [
      'an anonymous function is named in words',
      'javascript',
      'const ids = rows.map((row) => {\n  if (!row) return 0;\n  return row.id;\n});\n',
      [/the arrow function passed to `rows\.map` on line 1/],
      [/<anonymous/],
    ],
  ]);

  it('tells Go and Rust error returns, and Rust’s ?, as error paths', async () => {
    const go = await explain(
      'go',
      'package p\n\nimport "errors"\n\nfunc parse(s string) (int, error) {\n\tif s == "" {\n\t\treturn 0, errors.New("empty")\n\t}\n\treturn len(s), nil\n}\n',
      { mode: 'detailed' },
    );
    assert.match(
      section(go, 'Error paths and early exits'),
      /returns an error on line 7: `0, errors\.New\("empty"\)`/,
    );
    const rust = await explain(
      'rust',
      'fn parse(s: &str) -> Result<i32, String> {\n    if s.is_empty() {\n        return Err("empty".to_string());\n    }\n    let n = s.parse::<i32>().map_err(|e| e.to_string())?;\n    Ok(n)\n}\n',
      { mode: 'detailed' },
    );
    const paths = section(rust, 'Error paths and early exits');
    assert.match(paths, /returns an error on line 3: `Err\("empty"\.to_string\(\)\)`/);
    assert.match(paths, /passes errors up to its caller with `\?` \(line 5\)/);
  });

  it('never calls a helper, constant or variable of the snippet external', async () => {
    const response = await explain(
      'javascript',
      'const normalize = (s) => s.trim();\nfunction parse(input, onError) {\n  const clean = normalize(input);\n  if (!clean) onError(input);\n  return helper(clean);\n}\nfunction helper(x) {\n  return JSON.parse(x);\n}\n',
      { mode: 'detailed' },
    );
    const deps = section(response, 'Dependencies');
    assert.match(deps, /`JSON\.parse`/);
    assert.match(deps, /`s\.trim`/);
    for (const local of ['`normalize`', '`helper`', '`onError`']) assert.ok(!deps.includes(local), deps);
  });

  it('takes inputs from the request in a Flask and an Express handler, with the environment', async () => {
    const flask = await explain(
      'python',
      "@app.route('/ping')\ndef ping():\n    host = request.args.get('host')\n    key = os.environ['API_KEY']\n    return host + key\n",
      { mode: 'detailed' },
    );
    assert.match(
      section(flask, 'Inputs and outputs'),
      /takes input from the request \(`request\.args\.get\('host'`, line 3\) and the environment \(`os\.environ\['API_KEY'\]`, line 4\)/,
    );
    const express = await explain(
      'javascript',
      "router.post('/orders', async (req, res) => {\n  const order = req.body;\n  res.json(await save(order, req.params.id));\n});\n",
      { mode: 'detailed' },
    );
    assert.match(
      section(express, 'Inputs and outputs'),
      /takes input from the request \(`req\.body`, line 2 and `req\.params\.id`, line 3\)/,
    );
  });

  it('never drops the hardest unit, and names every unit it leaves out', async () => {
    const simple = Array.from(
      { length: 14 },
      (_, i) => `export function get${i}(o) {\n  return o.v${i};\n}\n`,
    ).join('');
    const hard =
      'function tokenizeShortName(args, i) {\n  for (const a of args) {\n    if (a.startsWith("-")) {\n      for (const c of a) {\n        if (c === "=") {\n          if (i > 0 && a.length > 2) return i;\n        }\n      }\n    }\n  }\n  return -1;\n}\n';
    for (const audience of ['beginner', 'intermediate', 'expert'] as const) {
      const response = await explain('javascript', simple + hard, { audience });
      assert.match(response.explanation, /`tokenizeShortName\(args, i\)` is a function on lines/, audience);
      // The rest are named, not claimed to be covered elsewhere.
      const left = /Not described here[^:]*: (.*)\./.exec(response.explanation)?.[1] ?? '';
      const described = (response.explanation.match(/`get\d+\(o\)` is a function/g) ?? []).length;
      const listed = (left.match(/`get\d+\(o\)`/g) ?? []).length + Number(/(\d+) more/.exec(left)?.[1] ?? 0);
      assert.equal(described + listed, 14, `${audience}: every unit described or named as left out`);
      assert.doesNotMatch(response.explanation, /covered in the sections/);
    }
  });

  it('does not echo names back as what the code is about', async () => {
    const response = await explain(
      'javascript',
      'function orderTotal(order) {\n  return order.lines.reduce((sum, line) => sum + line.price, 0);\n}\nfunction customerOrders(customer, orders) {\n  return orders.filter((order) => order.customerId === customer.id);\n}\nfunction orderCount(customer, orders) {\n  return customerOrders(customer, orders).length;\n}\n',
    );
    assert.doesNotMatch(response.explanation, /mostly about|suggests it/);
    assert.match(response.explanation, /`orderTotal\(order\)` is a function on lines 1–3/);
  });
});

describe('engine: comparative mode offers an alternative only where it applies', () => {
  const approach = async (language: LanguageId, code: string) =>
    section(await explain(language, code, { mode: 'comparative' }), 'Approach and alternatives');

  it('offers for…of only when the index just picks the item', async () => {
    const picks = await approach(
      'javascript',
      'function sum(xs) {\n  let t = 0;\n  for (let i = 0; i < xs.length; i++) {\n    t += xs[i];\n  }\n  return t;\n}\n',
    );
    assert.match(picks, /A `for…of` loop over the items/);
    const usesIndex = await approach(
      'javascript',
      'function marks(xs) {\n  const out = [];\n  for (let i = 0; i < xs.length; i++) {\n    out.push(`${i}: ${xs[i]}`);\n  }\n  return out.join();\n}\n',
    );
    assert.doesNotMatch(usesIndex, /for…of/);
  });

  it('offers a lookup table only when one value is compared with constants, never for a state machine', async () => {
    const dispatch = await approach(
      'javascript',
      "function label(kind) {\n  if (kind === 'a') return 1;\n  if (kind === 'b') return 2;\n  if (kind === 'c') return 3;\n  if (kind === 'd') return 4;\n  return 0;\n}\n",
    );
    assert.match(dispatch, /compares `kind` with 4 constants/);
    const different = await approach(
      'javascript',
      'function check(a, b, c, d) {\n  if (a > 1) return 1;\n  if (b.ok) return 2;\n  if (c === null) return 3;\n  if (d) return 4;\n  return 0;\n}\n',
    );
    assert.doesNotMatch(different, /lookup table/);
    const decoder = await approach(
      'javascript',
      'function decode(s) {\n  let state = 0;\n  for (const c of s) {\n    if (state === 0) state = 1;\n    else if (state === 1) state = 2;\n    else if (state === 2) state = 3;\n    else if (state === 3) state = 0;\n  }\n  return state;\n}\n',
    );
    assert.doesNotMatch(decoder, /lookup table/);
  });

  it('offers a hash index only for an equality join, not for a zip walk or any nested loop', async () => {
    const join = await approach(
      'python',
      'def pairs(orders, customers):\n    out = []\n    for o in orders:\n        for c in customers:\n            if o.customer_id == c.id:\n                out.append((o, c))\n    return out\n',
    );
    assert.match(join, /index one side first in a hash map/);
    const grid = await approach(
      'python',
      'def cells(rows):\n    n = 0\n    for row in rows:\n        for cell in row:\n            n += cell\n    return n\n',
    );
    assert.doesNotMatch(grid, /hash map/);
    const zipped = await approach(
      'python',
      'def same(xs, ys):\n    for x, y in zip(xs, ys):\n        if x != y:\n            return False\n    return True\n',
    );
    assert.doesNotMatch(zipped, /hash map/);
  });

  it('offers memoisation for fib-style recursion, an explicit stack for a tree walk', async () => {
    const tree = await approach(
      'python',
      'def size(node):\n    if node is None:\n        return 0\n    return 1 + size(node.left) + size(node.right)\n',
    );
    assert.doesNotMatch(tree, /Memoise/);
    assert.match(tree, /explicit stack/);
  });
});

describe('engine: terms of art a name is made of', () => {
  it('a name made of a term of art is told with what the term means, in quick mode too', async () => {
    const code =
      'function toposort(nodes, edges) {\n  const out = [];\n  for (const n of nodes) out.push(n);\n  return out;\n}\n\nclass ArrayDeque {\n  addFirst(e) {\n    this.items.unshift(e);\n  }\n}\n\nfunction blz_depack_safe(src, dst) {\n  return dst;\n}\n';
    for (const mode of ['quick', 'standard'] as const) {
      const { explanation } = await explain('javascript', code, { mode });
      assert.match(
        explanation,
        /name refers to a topological sort \(an order of a graph's nodes in which every node comes before the nodes its edges lead to\)/i,
      );
      assert.match(explanation, /name refers to a deque \(a double-ended queue/i);
      assert.match(
        explanation,
        /name refers to decompression \(rebuilding the original bytes from a compressed stream\)/i,
      );
    }
  });

  it('a doc comment that is only a link is said as that link, with the words of its anchor', async () => {
    const { explanation } = await explain(
      'rust',
      '/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>\nfn ends_in_a_number(input: &str) -> bool {\n    let last = input.rsplit(\'.\').next().unwrap_or("");\n    !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())\n}\n',
      { mode: 'standard' },
    );
    assert.match(
      explanation,
      /its doc comment \(line 1\) is only a link: https:\/\/url\.spec\.whatwg\.org\/#ends-in-a-number-checker \(“ends in a number checker”\)\./,
    );
  });

  it('quick: a class that only says what it extends is told by its main method too', async () => {
    const { explanation } = await explain(
      'java',
      'public class Ring<E> extends java.util.AbstractList<E> {\n    private Object[] items = new Object[8];\n    private int head, size;\n\n    /** Appends an element at the tail, growing the backing array when it is full. */\n    public boolean add(E e) {\n        if (size == items.length) grow();\n        items[(head + size) % items.length] = e;\n        size++;\n        return true;\n    }\n\n    private void grow() {\n        Object[] next = new Object[items.length * 2];\n        for (int i = 0; i < size; i++) next[i] = items[(head + i) % items.length];\n        items = next;\n        head = 0;\n    }\n}\n',
      { mode: 'quick' },
    );
    assert.match(explanation, /`Ring` is a kind of `java\.util\.AbstractList`: it extends it \(line 1\)\./);
    assert.match(explanation, /`Ring\.add\(e\)` appends an element at the tail/);
  });

  it('a longer term wins over the shorter one inside it', async () => {
    const { explanation } = await explain(
      'rust',
      'pub fn damerau_levenshtein(a: &str, b: &str) -> usize {\n    a.len() + b.len()\n}\n\npub fn levenshtein(a: &str, b: &str) -> usize {\n    a.len().max(b.len())\n}\n',
      { mode: 'standard' },
    );
    assert.match(
      explanation,
      /`damerau_levenshtein\(a, b\)`: its name refers to the Damerau–Levenshtein distance \([^)]*swaps of two adjacent items/,
    );
    assert.match(explanation, /`levenshtein\(a, b\)`: its name refers to the Levenshtein distance/);
  });

  it('words with more than one meaning in code, and words inside longer words, name no term', async () => {
    const { explanation } = await explain(
      'javascript',
      'function applyBloom(img) {\n  return img;\n}\nfunction inflate(view) {\n  return view;\n}\nfunction globalTarget(x) {\n  return x;\n}\n',
      { mode: 'standard' },
    );
    assert.doesNotMatch(explanation, /name refers to/);
  });

  it('a doc comment that already says the term is not repeated by the name', async () => {
    const { explanation } = await explain(
      'python',
      'def base58_encode(data):\n    """Base58 encoding of bytes, as Bitcoin writes addresses."""\n    return data\n',
    );
    assert.doesNotMatch(explanation, /name refers to base58 encoding/);
  });
});
