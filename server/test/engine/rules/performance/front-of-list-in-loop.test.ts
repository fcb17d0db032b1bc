import { frontOfListInLoop } from '../../../../src/engine/rules/performance/front-of-list-in-loop.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const JS_DRAIN = lines(
  'function drain(queue) {',
  '  const out = [];',
  '  while (queue.length > 0) {',
  '    out.push(queue.shift());',
  '  }',
  '  return out;',
  '}',
);

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines(
      'def merge(ranges):',
      '    out = []',
      '    while ranges:',
      '        first = ranges.pop(0)',
      '        out.append(first)',
      '    return out',
    ),
    errors: [
      {
        line: 4,
        messageId: 'take',
        says: /^`ranges\.pop\(0\)` on line 4 takes the first item of `ranges` inside the loop on line 3: .*O\(n²\).*`collections\.deque`.*`popleft\(\)`/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'def build(words):',
      '    out = []',
      '    for w in words:',
      '        out.insert(0, w)',
      '    return out',
    ),
    errors: [{ line: 4, messageId: 'put', says: /`appendleft\(x\)`/ }],
  },
  {
    language: 'javascript',
    code: JS_DRAIN,
    errors: [{ line: 4, messageId: 'take', says: /`queue\.shift\(\)`/ }],
  },
  { language: 'typescript', code: JS_DRAIN, errors: [{ line: 4, messageId: 'take' }] },
  { language: 'tsx', code: JS_DRAIN, errors: [{ line: 4, messageId: 'take' }] },
  {
    language: 'java',
    code: lines(
      'import java.util.*;',
      'class Q {',
      '  int drain(List<Integer> items) {',
      '    int t = 0;',
      '    while (!items.isEmpty()) {',
      '      t += items.remove(0);',
      '    }',
      '    return t;',
      '  }',
      '}',
    ),
    errors: [{ line: 6, messageId: 'take', says: /`ArrayDeque`.*`pollFirst\(\)`/ }],
  },
  {
    language: 'csharp',
    code: lines(
      'using System.Collections.Generic;',
      'class Q {',
      '  int Drain(List<int> items) {',
      '    int t = 0;',
      '    while (items.Count > 0) {',
      '      t += items[0];',
      '      items.RemoveAt(0);',
      '    }',
      '    return t;',
      '  }',
      '}',
    ),
    errors: [{ line: 7, messageId: 'take', says: /`Queue<T>`/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'using System.Text;',
      'class Pad {',
      '  string Left(string s, int width) {',
      '    var sb = new StringBuilder(s);',
      '    while (sb.Length < width) {',
      "      sb.Insert(0, ' ');",
      '    }',
      '    return sb.ToString();',
      '  }',
      '  string Guarded(string s, char g) {',
      '    var stringBuilder = Pool.Get();',
      '    for (int i = 0; i < 2; i++) stringBuilder.Insert(0, g);',
      '    return stringBuilder.ToString();',
      '  }',
      '}',
    ),
    why: 'a StringBuilder is no list: a deque or linked list would not replace it',
  },
  {
    language: 'python',
    code: lines(
      'def readline(self):',
      '    line = self._lines.pop()',
      '    for ateof in reversed(self._eofstack):',
      '        if ateof(line):',
      '            self._lines.insert(0, line)',
      "            return ''",
      '    return line',
    ),
    why: 'put back once on the way out of the loop, not on every turn',
  },
  {
    language: 'javascript',
    code: lines(
      'function firstBig(items) {',
      '  for (const x of items) {',
      '    if (x > 9) {',
      '      items.unshift(x);',
      '      break;',
      '    }',
      '  }',
      '}',
    ),
    why: 'followed by a `break`: once per call',
  },
  {
    language: 'python',
    code: lines(
      'from collections import deque',
      'def drain(jobs):',
      '    jobs = deque(jobs)',
      '    for job in list(jobs):',
      '        jobs.insert(0, job)',
    ),
    why: 'a deque: adding at its front costs the same whatever its length',
  },
  {
    language: 'python',
    code: lines('def last(stack):', '    while stack:', '        item = stack.pop()', '        print(item)'),
    why: '`pop()` takes from the end',
  },
  {
    language: 'python',
    code: lines('def first(items):', '    return items.pop(0)'),
    why: 'once, not in a loop',
  },
  {
    language: 'javascript',
    code: lines(
      'function run(args) {',
      '  const cmd = args.shift();',
      '  for (const a of args) use(cmd, a);',
      '}',
    ),
    why: 'shifted once before the loop',
  },
  {
    language: 'java',
    code: lines(
      'import java.util.*;',
      'class Q {',
      '  int drain(Deque<Integer> items) {',
      '    int t = 0;',
      '    while (!items.isEmpty()) t += items.remove(0);',
      '    return t;',
      '  }',
      '}',
    ),
    why: 'declared as a Deque',
  },
];

ruleTester(frontOfListInLoop, { valid, invalid });
