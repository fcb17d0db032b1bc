import { parameterReordered } from '../../../../src/engine/rules/best_practices/parameter-reordered.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines('def top(scores):', '    scores.sort()', '    return scores[-1]', ''),
    errors: [
      {
        line: 2,
        messageId: 'reorderedParameter',
        says: /^`scores\.sort` on line 2 reorders `scores`, which the caller passed in, in place.*`sorted\(scores\)`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines('function median(xs) {', '  xs.sort((a, b) => a - b);', '  return xs[xs.length >> 1];', '}'),
    errors: [{ line: 2, messageId: 'reorderedParameter', says: /reorders `xs`.*toSorted/ }],
  },
  {
    language: 'typescript',
    code: lines('function latest(items: Item[]) {', '  items.reverse();', '  return items[0];', '}'),
    errors: [{ line: 2, messageId: 'reorderedParameter', says: /reorders `items`/ }],
  },
  {
    language: 'tsx',
    code: lines('export function List(rows: string[]) {', '  rows.sort();', '  return <ul>{rows}</ul>;', '}'),
    errors: [{ line: 2, messageId: 'reorderedParameter', says: /reorders `rows`/ }],
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
    errors: [{ line: 3, messageId: 'reorderedParameter', says: /reorders `xs`.*new ArrayList<>\(xs\)/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'func Top(xs []int) int {', '\tsort.Ints(xs)', '\treturn xs[0]', '}', ''),
    errors: [{ line: 3, messageId: 'reorderedParameter', says: /reorders `xs`.*slices\.Clone\(xs\)/ }],
  },
  {
    language: 'python',
    code: lines('import random', 'def pick(cards):', '    random.shuffle(cards)', '    return cards[0]', ''),
    focused: true,
    why: 'a shuffle, with best practices in focus',
    errors: [
      {
        line: 3,
        messageId: 'reorderedParameter',
        data: { name: 'cards' },
        says: /^`random\.shuffle` on line 3 reorders `cards`/,
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
    language: 'javascript',
    code: lines('function sortByName(users) {', '  users.sort((a, b) => a.name.localeCompare(b.name));', '}'),
    focused: true,
    why: 'named for it, with best practices in focus',
  },
];

ruleTester(parameterReordered, { valid, invalid });
