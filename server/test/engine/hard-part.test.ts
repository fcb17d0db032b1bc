/**
 * The part a reader came for is explained, not skipped: each loop that
 * matters gets its own paragraph (what it runs over or while, the state it
 * changes, its ways out and their conditions, its author's comments given to
 * the statements below them, what the return after it makes of its work),
 * and a doc comment's later sentences (contracts, caveats) are evidence too.
 * Code written for these tests.
 */
import assert from 'node:assert/strict';
import { explainRequestSchema, type ExplainRequestInput, type LanguageId } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';
import { ungrounded } from './support/grounded.js';

const engine = createEngine();
after(() => engine.dispose());

async function walkthrough(language: LanguageId, code: string, extra: Partial<ExplainRequestInput> = {}) {
  const response = await engine.explain(explainRequestSchema.parse({ code, language, ...extra }));
  assert.deepEqual(ungrounded(response, code), [], 'every quote is the code’s own text');
  // Standard mode walks through the units in the explanation; other modes in a section of their own.
  return response.sections.find((s) => /walkthrough/i.test(s.title))?.content ?? response.explanation;
}

const SCANNER = `function readToken(text, start) {
  let pos = start;
  let depth = 0;
  while (pos < text.length) {
    const ch = text[pos];
    // nested brackets raise the depth
    if (ch === "[") depth++;
    else if (ch === "]") {
      if (depth === 0) throw new SyntaxError("unbalanced at " + pos);
      depth--;
    } else if (ch === ";" && depth === 0) {
      break; // a top-level semicolon ends the token
    }
    pos++;
  }
  return text.slice(start, pos);
}
`;

describe('engine: the hard part explained', () => {
  it('a scanning loop: what it runs while, each way a turn takes, how it ends, what is returned', async () => {
    const text = await walkthrough('javascript', SCANNER);
    const loop = text.split('\n\n').find((p) => p.startsWith('The loop on lines 4–15'));
    assert.ok(loop, text);
    assert.match(loop, /runs while `pos < text\.length` holds\./);
    // The body is one `if … else if` chain: each arm is told with what it does.
    assert.match(
      loop,
      /Each turn, the `if` chain on line 7 takes one of 3 ways \(or none, when no condition holds\): when `ch === "\["` \(line 7\), it increments `depth` \(line 7\); when `ch === "\]"` \(line 8\), it throws `new SyntaxError\("unbalanced at " \+ pos\)` when `depth === 0` \(line 9\) and decrements `depth` \(line 10\); when `ch === ";" && depth === 0` \(line 11\), it stops \(line 12\)\./,
    );
    assert.match(loop, /Outside that `if` chain, it increments `pos` \(line 14\)\./);
    assert.match(
      loop,
      /After it, line 16 returns `text\.slice\(start, pos\)`, made from `pos`, which the loop changed\./,
    );
  });

  it('comments inside are given to the statement they explain: the one below, or the one they trail', async () => {
    const text = await walkthrough('javascript', SCANNER);
    assert.match(text, /“nested brackets raise the depth” \(line 6, about line 7\)/);
    assert.match(text, /“a top-level semicolon ends the token” \(line 12\)/);
  });

  it('comment lines one after another above a statement are one comment; a trailing one stays its own', async () => {
    const text = await walkthrough(
      'java',
      'class Q {\n  static int scan(int[] xs, int n) {\n    int lo = 0;\n    int i = 0;\n    while (i < n) {\n      // the left part ends here,\n      // one before the pivot\n      int lower = lo; // the last index of the left part\n      lo = lower + xs[i];\n      if (lo > n) break;\n      i++;\n    }\n    return lo;\n  }\n}\n',
    );
    assert.match(text, /“the left part ends here, one before the pivot” \(line 6, about line 8\)/);
    assert.match(text, /“the last index of the left part” \(line 8\)/);
  });

  it('an exit in an else arm is taken when the condition does not hold', async () => {
    const text = await walkthrough(
      'python',
      'def first_gap(xs):\n    i = 0\n    while i + 1 < len(xs):\n        if xs[i + 1] == xs[i] + 1:\n            i += 1\n        else:\n            return i\n    return -1\n',
    );
    assert.match(
      text,
      /returns `i` when `xs\[i \+ 1\] == xs\[i\] \+ 1` does not hold, ending the function \(line 7\)/,
    );
    assert.match(text, /increments `i` \(line 5\)/);
  });

  it('Go: a for-each loop over a slice, and a loop inside it, each explained', async () => {
    const text = await walkthrough(
      'go',
      'package grid\n\nfunc Count(rows [][]int, limit int) (n int) {\n\tfor _, row := range rows {\n\t\tfor _, v := range row {\n\t\t\tif v > limit {\n\t\t\t\tcontinue\n\t\t\t}\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n',
    );
    assert.match(
      text,
      /The loop on lines 4–11 goes through each `_, row` of `rows`\. Inside, it increments `n` \(line 9\)\. After it, line 12 returns `n` as the loop left it\./,
    );
    // The inner loop's work goes back to the outer loop: nothing is said of the return after it.
    assert.match(
      text,
      /The loop on lines 5–10 goes through each `_, v` of `row`\. Inside, it increments `n` \(line 9\)\. It skips to the next turn when `v > limit` \(line 7\)\.$/m,
    );
  });

  it('a short loop that only adds to one variable is told by its step, with no paragraph of its own', async () => {
    const text = await walkthrough(
      'javascript',
      'function sum(xs) {\n  let t = 0;\n  for (const x of xs) t += x;\n  return t;\n}\n',
    );
    assert.doesNotMatch(text, /The loop on/);
    assert.match(text, /adds up values from `xs` into `t`/);
  });

  it('what a callback written inside the loop assigns is not the loop’s state', async () => {
    const text = await walkthrough(
      'javascript',
      'function wire(buttons, log) {\n  let wired = 0;\n  for (const b of buttons) {\n    b.onclick = () => { log.last = b.id; };\n    log.count += 1;\n    wired++;\n  }\n  return wired;\n}\n',
    );
    assert.doesNotMatch(text, /`log\.last`/);
    // `b.onclick` changes the turn's own item, not state carried from turn to turn.
    assert.match(text, /Inside, it increments `log\.count` \(line 5\) and increments `wired` \(line 6\)\./);
  });

  it('a doc comment’s contract and caveats, past its first sentence, are said', async () => {
    const text = await walkthrough(
      'java',
      'class Cache {\n  /**\n   * Returns the cached value for a key.\n   * The key must not be null. This method is not thread-safe.\n   * @param key the key\n   */\n  String get(String key) {\n    return map.get(key);\n  }\n}\n',
    );
    assert.match(
      text,
      /The same Javadoc adds: “The key must not be null\.” “This method is not thread-safe\.”/,
    );
    assert.doesNotMatch(text, /@param|the key\.”/);
  });

  describe('a loop that dispatches: each arm told with what it does', () => {
    it('a quick answer says where the core is: the loop and the dispatch that picks each turn’s work', async () => {
      const text = await walkthrough('javascript', SCANNER, { mode: 'quick' });
      assert.match(
        text,
        /The core of `readToken\(text, start\)` is the loop on lines 4–15: each turn, its `if` chain \(line 7\) takes one of 3 ways\./,
      );
    });

    it('Go: a switch of conditions, each arm with its author’s comment, what it changes, and a loop inside', async () => {
      const text = await walkthrough(
        'go',
        `package tok

func Words(src string) (words []string, spaces int) {
	start, i := -1, 0
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t':
			// a gap between words
			spaces++
			i++
		case c == '"':
			// a quoted word runs to the closing quote
			j := i + 1
			for j < len(src) && src[j] != '"' {
				j++
			}
			words = append(words, src[i+1:j])
			i = j + 1
		default:
			if start < 0 {
				start = i
			}
			i++
		}
	}
	return words, spaces
}
`,
      );
      assert.match(
        text,
        /Each turn, the `switch` on line 6 takes one of its 3 arms: when `c == ' ' \|\| c == '\t'` \(line 7: “a gap between words”\), it increments `spaces` \(line 9\) and increments `i` \(line 10\); when `c == '"'` \(line 11: “a quoted word runs to the closing quote”\), it runs the loop on line 14 \(which increments `j`\), adds items to `words` \(line 17\) and sets `i` \(line 18\); otherwise \(line 19\), it increments `i` \(line 23\), and depending on further checks, sets `start` to `i` \(line 21\)\./,
      );
      // Each arm's comment is told with its arm, not again in a list.
      assert.doesNotMatch(text, /“a gap between words” \(line 8, about line 9\)/);
    });

    it('C: a value switch names its subject and its labels; a `continue` is the arm’s way out', async () => {
      const text = await walkthrough(
        'c',
        "int count_ops(const char *s, int *depth) {\n  int ops = 0;\n  for (; *s; s++) {\n    switch (*s) {\n    case '+':\n    case '-':\n      ops++;\n      break;\n    case '(':\n      (*depth)++;\n      break;\n    case ' ':\n      continue;\n    default:\n      note(*s);\n      break;\n    }\n  }\n  return ops;\n}\n",
      );
      assert.match(
        text,
        /Each turn, the `switch` on line 4 takes one of its 4 arms: when `\*s` is `'\+'` or `'-'` \(line 5\), it increments `ops` \(line 7\); when `\*s` is `'\('` \(line 9\), it runs `\(\*depth\)\+\+;` \(line 10\);/,
      );
      assert.match(
        text,
        /when `\*s` is `' '` \(line 12\), it skips to the next turn \(line 13\); otherwise \(line 14\), it calls `note` \(line 15\)\./,
      );
    });

    it('the same way out of an arm, written twice, is said once with both lines; with its own condition, each its own', async () => {
      const text = await walkthrough(
        'javascript',
        "function digits(s) {\n  let n = 0;\n  for (let i = 0; i < s.length; i++) {\n    const c = s[i];\n    if (c === '_') {\n      continue;\n    } else if (c >= '0' && c <= '9') {\n      n = n * 10 + (c - '0');\n    } else {\n      if (i === 0) throw new Error('bad');\n      if (c !== 'x') throw new Error('bad');\n      n = 0;\n    }\n  }\n  return n;\n}\n",
      );
      assert.match(
        text,
        /otherwise \(line 9\), it throws `new Error\('bad'\)` when `i === 0` \(line 10\), throws `new Error\('bad'\)` when `c !== 'x'` \(line 11\) and sets `n` to `0` \(line 12\)\./,
      );
      const merged = await walkthrough(
        'javascript',
        "function digits(s) {\n  let n = 0;\n  for (let i = 0; i < s.length; i++) {\n    const c = s[i];\n    if (c === '_') {\n      continue;\n    } else if (c >= '0' && c <= '9') {\n      n = n * 10 + (c - '0');\n    } else {\n      if (i === 0) {\n        if (c === '-') throw new Error('bad');\n      } else if (c !== 'x') {\n        throw new Error('bad');\n      }\n      n = 0;\n    }\n  }\n  return n;\n}\n",
      );
      assert.match(
        merged,
        /otherwise \(line 9\), it sets `n` to `0` \(line 15\), and depending on further checks, throws `new Error\('bad'\)` \(lines 11 and 13\)\./,
      );
    });

    it('C: arms that run on into the next are no separate ways: the loop is told as a whole', async () => {
      const text = await walkthrough(
        'c',
        "int weigh(const char *s) {\n  int w = 0;\n  for (; *s; s++) {\n    switch (*s) {\n    case 'a':\n      w += 1;\n    case 'b':\n      w += 2;\n      break;\n    case 'c':\n      w *= 2;\n      break;\n    default:\n      w--;\n    }\n  }\n  return w;\n}\n",
      );
      assert.doesNotMatch(text, /takes one of its/);
      assert.match(text, /Inside, it /);
    });

    it('Python: an if/elif/else chain, with what only some turns of an arm do', async () => {
      const text = await walkthrough(
        'python',
        'def tally(events, limit):\n    seen = 0\n    errors = []\n    for kind, value in events:\n        if kind == "tick":\n            seen += 1\n        elif kind == "error":\n            if value > limit:\n                errors.append(value)\n        else:\n            raise ValueError(kind)\n    return seen, errors\n',
      );
      assert.match(
        text,
        /Each turn, the `if` chain on line 5 takes one of 3 ways: when `kind == "tick"` \(line 5\), it increments `seen` \(line 6\); when `kind == "error"` \(line 7\), depending on further checks, it adds items to `errors` \(line 9\); otherwise \(line 10\), it raises `ValueError\(kind\)` \(line 11\)\./,
      );
    });

    it('a state machine: each arm names the states it moves to; what only some turns do is told as such', async () => {
      const text = await walkthrough(
        'typescript',
        "const enum Mode { Text, Tag, Quote }\n\nexport function stripTags(html: string): string {\n  let mode = Mode.Text;\n  let out = '';\n  for (let i = 0; i < html.length; i++) {\n    const c = html[i];\n    if (mode === Mode.Text) {\n      if (c === '<') mode = Mode.Tag;\n      else out += c;\n    } else if (mode === Mode.Tag) {\n      // attribute values may hold '>'\n      if (c === '\"') mode = Mode.Quote;\n      else if (c === '>') mode = Mode.Text;\n    } else {\n      if (c === '\"') mode = Mode.Tag;\n    }\n  }\n  return out;\n}\n",
      );
      assert.match(
        text,
        /Each turn, the `if` chain on line 8 takes one of 3 ways: when `mode === Mode\.Text` \(line 8\), depending on further checks, it sets `mode` to `Mode\.Tag` \(line 9\) or adds `c` to `out` \(line 10\); when `mode === Mode\.Tag` \(line 11: “attribute values may hold '>'”\), depending on further checks, it sets `mode` to `Mode\.Quote` or `Mode\.Text` \(lines 13 and 14\); otherwise \(line 15\), depending on further checks, it sets `mode` to `Mode\.Tag` \(line 16\)\./,
      );
    });

    it('Rust: a match in a loop names what it matches; what the body does besides is told after it', async () => {
      const text = await walkthrough(
        'rust',
        "fn depth(s: &str) -> i32 {\n    let mut d = 0;\n    let mut max = 0;\n    for c in s.chars() {\n        match c {\n            '(' => d += 1, // deeper\n            ')' => {\n                d -= 1;\n                if d < 0 {\n                    return -1;\n                }\n            }\n            _ => {}\n        }\n        if d > max {\n            max = d;\n        }\n    }\n    max\n}\n",
      );
      // The `match` does most of the body's work: told arm by arm, and the `if` after it as what is left.
      assert.match(
        text,
        /when `c` matches `'\('` \(line 6\), it increments `d` \(line 6\);.* otherwise \(line 13\), it does nothing\. Outside that `match`, it sets `max` \(line 16\)\./,
      );
      const one = await walkthrough(
        'rust',
        "fn depth(s: &str) -> i32 {\n    let mut d = 0;\n    for c in s.chars() {\n        match c {\n            '(' => d += 1,\n            ')' => {\n                // closing\n                d -= 1;\n                if d < 0 {\n                    return -1;\n                }\n            }\n            _ => {}\n        }\n    }\n    d\n}\n",
      );
      assert.match(
        one,
        /Each turn, the `match` on line 4 takes one of its 3 arms: when `c` matches `'\('` \(line 5\), it increments `d` \(line 5\); when `c` matches `'\)'` \(line 6: “closing”\), it decrements `d` \(line 8\) and returns `-1` when `d < 0`, ending the function \(line 10\); otherwise \(line 13\), it does nothing\./,
      );
    });
  });

  describe('how a loop moves through what it walks', () => {
    it('a walk along a chain, in the header or the body, and a descent into nested maps', async () => {
      const chain = await walkthrough(
        'java',
        'class Chain {\n  static int length(Node head) {\n    int n = 0;\n    for (Node p = head; p != null; p = p.next) n++;\n    return n;\n  }\n}\n',
      );
      assert.match(chain, /Line 4 moves `p` on to `p\.next`, so each turn works on the next one along\./);
      const nested = await walkthrough(
        'python',
        'def dig(tree, path):\n    node = tree\n    for key in path:\n        if key not in node:\n            return None\n        node = node[key]\n    return node\n',
      );
      assert.match(nested, /Line 6 moves `node` down into `node\[key\]`, one level deeper on each turn\./);
      const parent = await walkthrough(
        'javascript',
        'function depth(el) {\n  let d = 0;\n  while (el) {\n    if (el.hidden) d++;\n    el = el.parentNode;\n  }\n  return d;\n}\n',
      );
      assert.match(parent, /Line 5 moves `el` up to `el\.parentNode`, one level up on each turn\./);
    });

    it('says no walk where the variable is also set another way, or only on some turns', async () => {
      const reset = await walkthrough(
        'javascript',
        'function last(head, n) {\n  let node = head;\n  while (n-- > 0) {\n    node = node.next;\n    if (!node) node = head;\n  }\n  return node;\n}\n',
      );
      assert.doesNotMatch(reset, /moves `node`/);
      const some = await walkthrough(
        'python',
        'def skip(node, keep):\n    while node is not None:\n        if not keep(node):\n            node = node.next\n            continue\n        return node\n',
      );
      assert.match(some, /Line 4 moves `node` on to `node\.next`\./);
      // A slice is a shorter copy, and a for-each loop's own item is a new one each turn: neither is a walk.
      const cut = await walkthrough(
        'go',
        'package p\n\nfunc strip(src string, infos []*Info) int {\n\tfor len(src) > 0 && src[0] == 32 {\n\t\tsrc = src[1:]\n\t}\n\tn := 0\n\tfor _, info := range infos {\n\t\tif info.Replace != nil {\n\t\t\tinfo = info.Replace\n\t\t}\n\t\tn += info.Size\n\t}\n\treturn n + len(src)\n}\n',
      );
      assert.doesNotMatch(cut, /moves `src`|moves `info`/);
    });

    it('a loop that halves what it bounds is said to take about log n turns', async () => {
      const text = await walkthrough(
        'go',
        'package p\n\nfunc digits(n int) int {\n\td := 1\n\tfor n >= 10 {\n\t\tn /= 10\n\t\td++\n\t}\n\treturn d\n}\n',
      );
      assert.match(
        text,
        /It shrinks `n` geometrically on every turn \(`n \/= 10`\), so it takes about log n turns, n being the value `n` starts with\./,
      );
    });

    it('a jump after an `if` whose arm always jumps is taken when that condition does not hold', async () => {
      const text = await walkthrough(
        'javascript',
        'function find(xs, x) {\n  let i = 0;\n  while (i < xs.length) {\n    if (xs[i] !== x) {\n      i++;\n      continue;\n    }\n    break;\n  }\n  return i;\n}\n',
      );
      assert.match(text, /stops when `xs\[i\] !== x` does not hold \(line 8\)/);
    });
  });
  describe('what a loop does to a collection', () => {
    const PACK = `def pack(words, width):
    lines = []
    words.reverse()
    while words:
        line = []
        size = 0
        while words and size + len(words[-1]) <= width:
            size += len(words[-1])
            line.append(words.pop())
        if line and line[-1] == " ":
            size -= 1
            del line[-1]
        if not line:
            line.append(words.pop())
        lines.append(" ".join(line))
    return lines
`;

    it('a variable set, filled and emptied in one loop is told way by way, each with its lines', async () => {
      const text = await walkthrough('python', PACK);
      const loop = text.split('\n\n').find((p) => p.startsWith('The loop on lines 4–15'));
      assert.ok(loop, text);
      assert.match(
        loop,
        /sets `line` \(line 5\), adds items to it \(lines 9 and 14\) and takes items out of it \(line 12\); sets `size` \(line 6\), adds `len\(words\[-1\]\)` to it \(line 8\) and decrements it \(line 11\)/,
      );
      // Never "sets `line` (lines 5, 9, 12 and 14)": an append is no assignment.
      assert.doesNotMatch(loop, /sets `line` \(lines/);
    });

    it('a loop whose condition tests a collection it takes items out of runs while that still holds items', async () => {
      const text = await walkthrough('python', PACK);
      assert.match(
        text,
        /The loop on lines 4–15 runs while `words` still holds items, taking items out of it \(lines 9 and 14\)\./,
      );
      // A worklist: items taken out and new ones put in.
      const bfs = await walkthrough(
        'java',
        'class G {\n  static int reach(java.util.ArrayDeque<Integer> queue, int[][] next, boolean[] seen) {\n    int count = 0;\n    while (!queue.isEmpty()) {\n      int at = queue.poll();\n      count++;\n      for (int n : next[at]) {\n        if (!seen[n]) {\n          seen[n] = true;\n          queue.add(n);\n        }\n      }\n    }\n    return count;\n  }\n}\n',
      );
      assert.match(
        bfs,
        /The loop on lines 4–13 works through `queue` while it still holds items: it takes items out of it \(line 5\) and puts new ones in \(line 10\)\./,
      );
    });

    it('a bare name is a test for items only in Python, and only when the loop takes items out of it', async () => {
      // `os.remove` takes nothing out of a collection, and `pending` is never taken from.
      const text = await walkthrough(
        'python',
        'import os\n\ndef clean(pending, paths):\n    done = 0\n    while pending:\n        pending = pending - 1\n        os.remove(paths[done])\n        done += 1\n    return done\n',
      );
      assert.doesNotMatch(text, /still holds items|takes items out of `os`/);
    });

    it('a loop with many changes tells what the code after it returns before what it only sets', async () => {
      const text = await walkthrough(
        'python',
        'def scan(data):\n    out = []\n    i = 0\n    while i < len(data):\n        a = data[i]\n        b = a * 2\n        c = b + 1\n        d = c - a\n        e = d * d\n        out.append(e)\n        i += 1\n    return out\n',
      );
      const loop = text.split('\n\n').find((p) => p.startsWith('The loop on lines 4–11'));
      assert.ok(loop, text);
      assert.match(loop, /adds items to `out` \(line 10\)/);
      assert.match(loop, /increments `i` \(line 11\)/);
    });

    it('the steps told before the loops are those outside them: what is inside is told with each loop', async () => {
      const text = await walkthrough('python', PACK);
      const head = text.split('\n\n')[0]!;
      assert.doesNotMatch(head, /more steps? follow/);
      assert.doesNotMatch(head, /branches on whether `line and line\[-1\] == " "`/);
    });
  });
});
