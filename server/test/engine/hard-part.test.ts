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
  it('a scanning loop: what it runs while, what it changes, how it ends, what is returned', async () => {
    const text = await walkthrough('javascript', SCANNER);
    const loop = text.split('\n\n').find((p) => p.startsWith('The loop on lines 4–15'));
    assert.ok(loop, text);
    assert.match(loop, /runs while `pos < text\.length` holds\./);
    assert.match(
      loop,
      /Inside, it increments and decrements `depth` \(lines 7 and 10\) and increments `pos` \(line 14\)\./,
    );
    // The `if` is inside the `ch === "]"` arm: `depth === 0` alone is not when it throws.
    assert.match(loop, /throws `new SyntaxError\("unbalanced at " \+ pos\)` in some cases \(line 9\)/);
    // An `else if` is tested only once the arms above it did not hold.
    assert.match(
      loop,
      /stops when `ch === ";" && depth === 0` holds and no condition above it did \(line 12\)/,
    );
    assert.match(
      loop,
      /After it, line 16 returns `text\.slice\(start, pos\)`, made from `pos`, which the loop changed\./,
    );
  });

  it('comments inside are given to the statement they explain: the one below, or the one they trail', async () => {
    const text = await walkthrough('javascript', SCANNER);
    assert.match(text, /“nested brackets raise the depth” \(line 6, about line 7\)/);
    assert.match(text, /“a top-level semicolon ends the token” \(line 12, about line 12\)/);
  });

  it('comment lines one after another above a statement are one comment; a trailing one stays its own', async () => {
    const text = await walkthrough(
      'java',
      'class Q {\n  static int scan(int[] xs, int n) {\n    int lo = 0;\n    int i = 0;\n    while (i < n) {\n      // the left part ends here,\n      // one before the pivot\n      int lower = lo; // the last index of the left part\n      lo = lower + xs[i];\n      if (lo > n) break;\n      i++;\n    }\n    return lo;\n  }\n}\n',
    );
    assert.match(text, /“the left part ends here, one before the pivot” \(line 6, about line 8\)/);
    assert.match(text, /“the last index of the left part” \(line 8, about line 8\)/);
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
});
