/**
 * Every kind of claim, with the sentence it stands behind and how the audit
 * re-checks it (server/scripts/audit/checks.ts holds the checks, keyed by
 * these ids). The audit prints this table, so a kind with no check shows.
 */
import type { ClaimKind } from './model.js';

export interface ClaimKindMeta {
  readonly sentence: string;
  /** What the audit's second, deliberately simple check requires of the tree. */
  readonly check: string;
}

export const CLAIM_KINDS: Readonly<Record<ClaimKind, ClaimKindMeta>> = {
  'divides-by': {
    sentence: 'Division: it divides by `n`, and nothing in it rules out zero.',
    check:
      'a node with a `/`, `%` or `//` operator whose right operand is exactly `n`, and no condition, assignment or call argument in the unit mentions `n`',
  },
  'calls-itself': {
    sentence: 'It uses recursion: it calls itself at N places.',
    check:
      "each site is a call whose callee's last name is the unit's, and when the snippet has another unit of that name, passes as many arguments as the unit has parameters",
  },
  'stack-depth': {
    sentence: 'Depth: each call waits on a smaller one, so the stack grows …',
    check: 'each site is a self-call with no function between it and the unit, and the unit is not async',
  },
  'declares-methods': {
    sentence: 'Class `C` has N methods / Interface `I` declares N methods.',
    check:
      "N = 0 only when no node in the declaration's body is a method, function or constructor; otherwise each listed node is such a node inside the declaration",
  },
  'adds-up': {
    sentence: 'It adds up values into `total` and returns the total.',
    check:
      '`total` is set to a number literal in the unit, added to with `+=` or `= total +` in a loop, and returned',
  },
  debounces: {
    sentence: 'It debounces: each call cancels the pending timer and starts a new one.',
    check: 'one function holds `clearTimeout(t)` and, after it, `t = setTimeout(…)`',
  },
  'loop-changes': {
    sentence: 'Inside, it increments `r` (lines 27 and 30) …',
    check:
      'each line, inside the loop, holds the name followed by an assignment, `++`/`--`, or a call adding to it (`.push(`, `.append(`, …), outside any function written in the loop; a change said to add, subtract, multiply or divide is written with `+=` (or `++`), `-=` (or `--`), `*=` or `/=`',
  },
  'loop-descends': {
    sentence: 'Line 107 moves `recipient` down into `recipient[key1]`, one level deeper on each turn.',
    check:
      'the line, inside the loop, assigns the name a value that starts with the name itself followed only by `.field`, `->field` or `[index]` (no call), and every other line of the loop that assigns the name assigns it such a part too',
  },
  'loop-keeps-best': {
    sentence: 'It keeps the highest `node.priority` seen so far in `bestPriority` (lines 10 and 11) …',
    check:
      'the condition from the first line on, inside the loop, compares the name with the value (`value > name` or `name < value` for the highest, the other way for the lowest); the second sets the name to that value; no other line of the loop sets the name',
  },
  'loop-skips': {
    sentence: "It skips `i` forward over every item where `s[i] == ' '` holds, staying within `i < n`.",
    check:
      'the node is a `while` loop whose condition holds the bound and the test as written, joined by `&&` or `and`, and whose body, comments aside, is one statement moving the index by one that way (`i++`, `++i`, `i += 1`, `i = i + 1`, or the same back)',
  },
  'loop-drains': {
    sentence:
      'The loop on lines 18–89 runs while `chunks` still holds items, taking items out of it (lines 37 and 44).',
    check:
      "the loop's condition is the name alone in a `while` without parentheses (Python), or calls `len(name)`, `name.length`, `.Count`, `.size()`, `.isEmpty()` and the like on it; each other line holds a call taking an item out of it (`.pop(`, `.shift(`, `.poll(`, …) or `del name[`",
  },
  'loop-log-turns': {
    sentence: 'It shrinks `pos` geometrically on every turn (…), so it takes about log n turns.',
    check:
      "the name is in the loop's condition, and every line of the loop that assigns it divides (`/ k`, `// k`, `>> k`), multiplies (`* k`, `<< k`) or adds a constant to it, or sets it to a name that the loop only sets that way; for a range, a line sets a midpoint from both ends halved, and every assignment of either end sets it to that midpoint, plus or minus 1",
  },
  'loop-arms': {
    sentence:
      "Each turn, the `switch` on line 92 takes one of its 4 arms: when `c` is `'a'` (line 93), it … calls `f` (line 94) …",
    check:
      "the statement on its line starts with the keyword (and holds the subject); each arm's line is inside it, in order, and holds `case`, `default`, `=>` or `->` (a switch) or `if`, `else` or `elif` (a chain), and its condition or labels as written start on it or on the lines its label runs over; each call's line is in the statement and holds the callee followed by `(`",
  },
  'loop-exits': {
    sentence: 'It stops when `x` (line 12) / returns … / skips to the next turn …',
    check:
      'the line, inside the loop, holds the keyword of that jump (`break`, `continue`, `return`, `throw`/`raise`); where braces mark blocks, the innermost loop or `switch` a plain `break` sits in, counted back by braces, is that loop, not a `switch` or a loop inside it',
  },
  'comment-explains': {
    sentence: '“copy element” (line 56, about line 57)',
    check:
      'the line holds a comment with those words, and the statement explained is the code on the same line or, after blank and comment lines, the next line with code',
  },
  'hands-over': {
    sentence: 'It hands the work to `f` and returns what that gives (lines …).',
    check:
      'the unit holds no loop, and each `return` in its own text (outside functions written in it) is followed by `f(`, with as many returns as lines cited',
  },
  'maps-cases': {
    sentence: 'It maps `x` to a fixed value, one per case (N cases, `switch` on line L).',
    check:
      'the node is a switch on `x` holding N `return`s and nothing else that runs: no assignment, `++`/`--`, loop or `throw` in its text',
  },
  'returns-outcomes': {
    sentence: 'It answers with one of N outcomes of `R`: `R.a`, `R.b` or `R.c` (…).',
    check:
      'each `return` in its own text (outside functions written in it) gives one of the listed values, each of the form `R.x`, on as many lines as cited',
  },
  'writes-to': {
    sentence: 'It writes its output to `out` (lines …).',
    check:
      'each cited line holds `out.write`, `out.Write…` or `out.append` (or a call to a name that the unit set to `out.write`)',
  },
  'fills-returned': {
    sentence: 'It sets `a` and `b` on `p` and returns it (lines …).',
    check:
      '`p` is a parameter (or the named result its first line declares), each cited line starts with `p.<field> =` (or `p.<field>, p.<other> =`), and the unit ends by returning `p` (a bare `return` for a named result)',
  },
  'appends-to': {
    sentence: 'It appends to `p` and returns the result: every return gives `append(p, …)` (lines …).',
    check:
      '`p` is a parameter; with every return cited, each `return` in its own text is followed by `append(p,`; otherwise each cited line holds `p = append(p,` or `return p`, and no other line assigns `p`',
  },
  'changes-case': {
    sentence: "It turns ASCII lower-case letters in `c` to upper case (`c -= 'a' - 'A'` when …, line L).",
    check:
      "the node is an `if` whose text tests `c` against `'a'` and `'z'` (or `'A'` and `'Z'`) and then subtracts (or adds) `'a' - 'A'`, 32 or 0x20 from `c`",
  },
  'fails-at-end': {
    sentence: 'It panics when `err != nil` (line 8) / throws `E` when … / raises `E` when ….',
    check:
      'the node is an `if` on that line holding the condition and `throw`, `raise` or `panic(`, and after it the unit holds nothing but closing braces and comments',
  },
  'removes-from': {
    sentence: 'It removes (or can remove) from its parameter `p`, a `Map` (`p.delete`, line L).',
    check:
      "`p` is a parameter whose declaration in the unit's head names the type (`p: Map<…>`, `Map<…> p`), and each cited line holds `p.delete(`, `p.remove…(`, `p.poll…(`, `p.retainAll(` or `p.clear(`",
  },
  'first-index': {
    sentence:
      'It returns the first `i` at which `c` holds, counting up by one (line L), or `x` when the loop ends without one (line M).',
    check:
      "the node is a loop holding exactly one `return`, which is `return i` on the cited line after `if` and the condition; `i` is changed once in it (`++i`, `i++` or `i += 1`, initializer aside), and the unit's text after the loop starts with `return`",
  },
  'climbs-to-root': {
    sentence:
      'It climbs towards the root of a binary tree kept in an array: the loop moves `k` up to its parent index, `(k - 1) >>> 1` (lines …).',
    check:
      'the node is a loop; a cited line in it computes `(k - 1)` shifted right by one or halved, and `k` is assigned in the loop on exactly one line, which is cited and sets it to that value or to the name holding it',
  },
  'builds-number': {
    sentence:
      'It reads a number digit by digit: each turn of the loop on line L multiplies `n` by `base` (line a) and adds the next digit, `d` (line b).',
    check:
      'the node is a loop and both cited lines are inside it, the scaling first; the scaling line holds `n` multiplied by the factor (`*`, `*=`, `_mul(`) or shifted left (`<<`, `<<=`), and the factor is a number base (2, 8, 10, 16, 32, 36, 58, 62, 64, 85, 256, or a name with `base` or `radix`) or a shift by 1 to 8 bits; the adding line holds the added value after `+`, `-`, `|` or `_add(`/`_sub(`, and `n`, or a name the loop later sets `n` to',
  },
  'names-term': {
    sentence: 'Its name refers to a topological sort (an order of a graph’s nodes in which …).',
    check:
      'the unit’s name, split into lower-case words at case changes, `_`, `$` and `-`, holds those words one after another',
  },
  'uses-constants': {
    sentence:
      'It uses the constants of CRC-32: `0xEDB88320` (line 5) is the CRC-32 polynomial, bit-reversed.',
    check:
      "each cited line holds the literal as written, and the literal's value (hex or decimal, `_` and type suffixes dropped; a string's text between its quotes) is the value the claim names",
  },
  'searches-first': {
    sentence:
      'It searches `t` for the first `i` at which the test on line L holds (`i += 5` each turn, loop on line M), and stops there.',
    check:
      'the node is a `for` loop whose header moves `i` up (`++`, `+=`), whose body holds one `if` and one `break` and nothing else, and whose test reads `t` at `i` (`t.charAt(i`, `t.get(i`, `t[i`)',
  },
  truncates: {
    sentence: 'It cuts `s` down to its first `n` items (line L), when `c` (line M).',
    check:
      'the cited line holds `s = s.substring(0, n)`, `s = s.slice(0, n)`, `s = s.substr(0, n)` or `s = s[:n]`; a cited condition line holds `if`',
  },
  answers: {
    sentence:
      'It answers yes or no: it returns `false` when … (line 3), and otherwise whether `a` differs from `b` (line 5) / It checks in turn and returns …',
    check:
      'each cited line holds a `return` (or the value, for a last expression), giving the value quoted where one is, and every name quoted appears in the unit’s code (white space run together)',
  },
  switches: {
    sentence: 'It picks a branch by the value of `x` (a switch).',
    check: 'the node is a switch, match, when or case statement with at least one arm, not an arm itself',
  },
};

/**
 * Sentences the engine writes that are not typed claims yet, and why the
 * audit does not re-check them: a quotation of the code is held to the code
 * by the grounding tests (every quote is the code's own text), a table
 * lookup would be re-checked by the same table, and the rest are the
 * issue's remaining work, listed so the audit's output shows the gap.
 */
export const UNAUDITED: readonly { readonly sentences: string; readonly reason: string }[] = [
  {
    sentences: 'doc comments ("According to its Javadoc …", "The same Javadoc adds …")',
    reason: 'quotations of the comment above the unit; the grounding tests hold every quote to the code',
  },
  {
    sentences: 'steps (loops, branches, returns, calls, throws) and their subjects',
    reason:
      "each quotes its node's own text with its line, read by the language's node-type table; the grounding tests hold them",
  },
  {
    sentences: 'effects ("It reads a file (`fs.readFileSync`, line 3)")',
    reason: "a lookup of the callee in the language's API catalogue: a second check would be the same lookup",
  },
  {
    sentences: 'declarations (routes, tests, entry points, commands, overrides, properties, fixtures)',
    reason: 'quotations of the decorator, annotation or registration call, with its line',
  },
  {
    sentences:
      'a class\'s inverse pair ("It converts between `string` and `byte[]`, both ways"), a pointer parameter written through, `assert` statements as ways out',
    reason:
      'quotations of the declared parameter and result types, the write and the statements as written, each with its line; the grounding tests hold them',
  },
  {
    sentences: 'cost estimates ("Cost: O(n·m) — …")',
    reason: 'checked against hand-counted programs by complexity-claims.test.ts, not against real code',
  },
  {
    sentences:
      'idioms other than adding up and debouncing (count, filter, map, collect, concat, de-duplicate, group, find-first, any/all, memoise, binary search, retry, state machine, lazy initialisation, builder, traversal, two pointers, sliding window, producer-consumer, visitor, guard clauses, validation)',
    reason: 'not typed claims yet: still read partly from text; to be made claims with a check each',
  },
  {
    sentences:
      'a loop counter that only caps the turns, an index stepped round a ring ("Line 126 steps `j` on round a ring of `n` places")',
    reason:
      'read from the loop header and the assignment as written (a counter the body never names; `(j + 1) % n` or `& (n - 1)` on one line), each quoted with its line: the grounding tests hold the quotes, and the shape is the whole of the check',
  },
  {
    sentences:
      'what a loop leaves behind ("After it, line 16 returns …, made from `pos`, which the loop changed")',
    reason: 'not a typed claim yet',
  },
  {
    sentences:
      'expert notes other than division and depth (empty input, no match, overflow, sequencing, concurrency)',
    reason: 'not typed claims yet',
  },
];
