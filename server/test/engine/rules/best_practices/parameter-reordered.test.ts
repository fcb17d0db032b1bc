import { parameterReordered } from '../../../../src/engine/rules/best_practices/parameter-reordered.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { JS, lines } from '../../support/rule-snippets.js';

/** The cases moved from rules.test.ts, unchanged, then those of parameters changed in other ways. */
const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines('def top(scores):', '    scores.sort()', '    return scores[-1]', ''),
    errors: [
      {
        line: 2,
        messageId: 'reordered',
        says: /^`scores\.sort` on line 2 reorders `scores`, which the caller passed in, in place.*`sorted\(scores\)`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines('function median(xs) {', '  xs.sort((a, b) => a - b);', '  return xs[xs.length >> 1];', '}'),
    errors: [{ line: 2, messageId: 'reordered', says: /reorders `xs`.*toSorted/ }],
  },
  {
    language: 'typescript',
    code: lines('function latest(items: Item[]) {', '  items.reverse();', '  return items[0];', '}'),
    errors: [{ line: 2, messageId: 'reordered', says: /reorders `items`/ }],
  },
  {
    language: 'tsx',
    code: lines('export function List(rows: string[]) {', '  rows.sort();', '  return <ul>{rows}</ul>;', '}'),
    errors: [{ line: 2, messageId: 'reordered', says: /reorders `rows`/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  int top(List<Integer> xs) {',
      '    Collections.sort(xs);',
      '    return xs.get(0);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'reordered', says: /reorders `xs`.*new ArrayList<>\(xs\)/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'func Top(xs []int) int {', '\tsort.Ints(xs)', '\treturn xs[0]', '}', ''),
    errors: [{ line: 3, messageId: 'reordered', says: /reorders `xs`.*slices\.Clone\(xs\)/ }],
  },
  {
    language: 'python',
    code: lines(
      'def total(prices: list[float], extra: float) -> float:',
      '    prices.append(extra)',
      '    return sum(prices)',
    ),
    why: 'a typed list appended to by a function that returns a sum',
    errors: [
      {
        line: 2,
        messageId: 'changed',
        data: { target: 'prices', returnLine: 3 },
        says: /^`prices\.append\(extra\)` on line 2 changes `prices`, which the caller passed in, though `total` returns a result of its own \(line 3\): the caller's list changes too.*`prices = list\(prices\)` first/,
      },
    ],
  },
  ...JS.filter((l) => l !== 'javascript').map((language): InvalidCase => ({
    language,
    code: lines(
      'function withDefaults(keys: string[]): number {',
      "  keys.push('id');",
      '  return keys.length;',
      '}',
    ),
    why: 'a typed array pushed to',
    errors: [{ line: 2, messageId: 'changed', says: /changes `keys`.*the caller's array.*`\[\.\.\.keys\]`/ }],
  })),
  {
    language: 'java',
    code: lines(
      'class Totals {',
      '  int total(List<Integer> xs, Map<String, Integer> byName) {',
      '    xs.add(0);',
      '    byName.remove("skip");',
      '    return xs.size();',
      '  }',
      '}',
    ),
    why: 'a List added to and a Map removed from',
    errors: [
      { line: 3, messageId: 'changed', says: /changes `xs`.*`new ArrayList<>\(xs\)`/ },
      {
        line: 4,
        messageId: 'changed',
        says: /changes `byName`.*the caller's map.*`new HashMap<>\(byName\)`/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    code: lines(
      'def sort_scores(scores):',
      '    scores.sort()',
      '    return scores',
      '',
      'def top(scores):',
      '    return sorted(scores)[-1]',
      '',
    ),
    why: 'named for it; a sorted copy',
  },
  {
    language: 'python',
    code: lines(
      'def add_item(items: list, item) -> bool:',
      '    items.append(item)',
      '    return True',
      '',
      'def walk(node, out: list) -> int:',
      '    out.append(node)',
      '    return len(out)',
      '',
      'def create_user(session, name):',
      '    session.add(User(name))',
      '    return name',
      '',
      'def fib(n: int, memo: dict) -> int:',
      '    memo[n] = n',
      '    return memo[n]',
      '',
      'def total(prices: list) -> float:',
      '    """Totals the prices, appending the shipping fee to them."""',
      '    prices.append(5.0)',
      '    return sum(prices)',
      '',
      'def taxed(prices: list) -> float:',
      '    """Totals the prices with tax.',
      '',
      '    The tax line is appended to them."""',
      '    prices.append(0.2)',
      '    return sum(prices)',
      '',
      'def extend(prices: list) -> list:',
      '    prices.append(5.0)',
      '    return prices',
      '',
      'def count(prices: list):',
      '    prices.append(5.0)',
      '',
      'def paths(node, path: list) -> int:',
      '    path.append(node)',
      '    n = 1 + sum(paths(c, path) for c in node.children)',
      '    path.pop()',
      '    return n',
      '',
      'def scale(xs: list) -> int:',
      '    xs[0] = 0',
      '    return len(xs)',
    ),
    why: 'named for it, an out parameter, an untyped session, a memo, documented (in the first sentence or later), the list returned, no result, backtracking, an element write',
  },
  {
    language: 'go',
    code: lines(
      'package m',
      '',
      'func Sum(xs []int, seen map[int]bool) int {',
      '\txs = append(xs, 0)',
      '\txs[0] = 1',
      '\tseen[0] = true',
      '\tt := 0',
      '\tfor _, x := range xs {',
      '\t\tt += x',
      '\t}',
      '\treturn t',
      '}',
    ),
    why: "append rebinds the local slice header; element writes into a caller's slice or map are Go's convention",
  },
  ...JS.filter((l) => l !== 'javascript').map((language): ValidCase => ({
    language,
    code: lines(
      '/**',
      ' * Counts the runs of operators.',
      ' * Each node reached is marked so it is not counted again.',
      ' */',
      'function runs(start: Node, consumed: Set<number>): number {',
      '  consumed.add(start.id);',
      '  return 1;',
      '}',
    ),
    why: 'a doc comment that says so after its first sentence',
  })),
];

ruleTester(parameterReordered, { valid, invalid });
