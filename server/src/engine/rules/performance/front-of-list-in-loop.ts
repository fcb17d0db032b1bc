import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { onWayOut } from '../../nodes.js';
import { callArguments, calleeText, code, lineOf, loopAroundInFunction } from '../util.js';

/** One language's calls that take from or add at the front of an array-backed list, and the fix. */
interface FrontOps {
  /** Method names that remove the first item, and the argument that says so (`pop(0)`), if one does. */
  readonly take: ReadonlyMap<string, string | undefined>;
  /** Method names that add at the front, and the first argument that says so (`insert(0, x)`), if one does. */
  readonly put: ReadonlyMap<string, string | undefined>;
  /** A declaration or construction that makes the receiver a structure with a cheap front. */
  readonly cheapFront: (name: string) => RegExp;
  /**
   * A receiver that is no list (C#'s `StringBuilder.Insert(0, s)`), by its declared type or, where the type
   * is out of sight (`var sb = pool.Get()`), by a name that says so: a list's fix would not fit it.
   */
  readonly notAList?: (name: string) => RegExp;
  readonly fix: { readonly take: string; readonly put: string };
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const OPS: Readonly<Partial<Record<LanguageId, FrontOps>>> = {
  python: {
    take: new Map([['pop', '0']]),
    put: new Map([['insert', '0']]),
    cheapFront: (n) => new RegExp(`\\b${esc(n)}\\s*(?::[^=]*)?=\\s*(?:collections\\.)?deque\\(`),
    fix: {
      take: 'keep the items in a `collections.deque` and take them with `popleft()`, which costs the same whatever the length (or walk the list with an index)',
      put: 'keep the items in a `collections.deque` and add them with `appendleft(x)`, which keeps their order',
    },
  },
  javascript: {
    take: new Map([['shift', undefined]]),
    put: new Map([['unshift', undefined]]),
    cheapFront: () => /$^/,
    fix: {
      take: 'read the array with an index that moves forward (`const item = items[head++]`) instead of removing its first item each time',
      put: 'collect the new items in order and put them in front in one step after the loop (`items.unshift(...added.reverse())`), which keeps their order',
    },
  },
  java: {
    take: new Map([['remove', '0']]),
    put: new Map([['add', '0']]),
    cheapFront: (n) => new RegExp(`\\b(Deque|ArrayDeque|LinkedList|Queue)\\b[^;=]*\\b${esc(n)}\\b`),
    fix: {
      take: 'use an `ArrayDeque` and take items with `pollFirst()`, which costs the same whatever the length',
      put: 'use an `ArrayDeque` and add items with `addFirst(x)`',
    },
  },
  csharp: {
    take: new Map([['RemoveAt', '0']]),
    put: new Map([['Insert', '0']]),
    cheapFront: (n) => new RegExp(`\\b(Queue|LinkedList|Stack)\\b[^;=]*\\b${esc(n)}\\b`),
    notAList: (n) =>
      /builder$|^sb$/i.test(n.split('.').pop() ?? n)
        ? /^/
        : new RegExp(`\\bStringBuilder\\b[^;=]*\\b${esc(n)}\\b|\\b${esc(n)}\\s*=\\s*new\\s+StringBuilder\\b`),
    fix: {
      take: 'use a `Queue<T>` and take items with `Dequeue()`, which costs the same whatever the length',
      put: 'use a `LinkedList<T>` and add items with `AddFirst(x)`',
    },
  },
};
const BY_LANGUAGE: Readonly<Partial<Record<LanguageId, FrontOps>>> = {
  ...OPS,
  typescript: OPS.javascript,
  tsx: OPS.javascript,
};

/** Statements that leave the loop or the function where they stand. */
/**
 * Taking the first item of an array-backed list, or adding one before it, inside a loop: every other item
 * moves one place each time, so the loop costs O(n²) where a deque or an index costs O(n).
 */
export const frontOfListInLoop: Rule = {
  meta: {
    id: 'performance/front-of-list-in-loop',
    type: 'performance',
    severity: 'medium',
    languages: ['python', 'javascript', 'typescript', 'tsx', 'java', 'csharp'],
    docs: {
      description:
        'The first item of an array-backed list taken or added inside a loop (`pop(0)`, `insert(0, x)`, `shift()`, `unshift(x)`, `remove(0)`, `RemoveAt(0)`): each call moves every other item, so the loop is quadratic.',
      examples: [
        {
          language: 'python',
          bad: 'def drain(jobs):\n    done = []\n    while jobs:\n        done.append(run(jobs.pop(0)))\n    return done\n',
          good: 'from collections import deque\n\ndef drain(jobs):\n    queue = deque(jobs)\n    done = []\n    while queue:\n        done.append(run(queue.popleft()))\n    return done\n',
        },
        {
          language: 'javascript',
          bad: 'function drain(jobs) {\n  const done = [];\n  while (jobs.length > 0) done.push(run(jobs.shift()));\n  return done;\n}\n',
          good: 'function drain(jobs) {\n  const done = [];\n  for (let head = 0; head < jobs.length; head++) done.push(run(jobs[head]));\n  return done;\n}\n',
        },
      ],
    },
    messages: {
      take: '{{call}} on line {{line}} takes the first item of {{list}} inside the loop on line {{loop}}: every item after it moves one place down, so each call costs time in proportion to the length and the loop as a whole O(n²). Instead, {{fix}}.',
      put: '{{call}} on line {{line}} adds an item before the first of {{list}} inside the loop on line {{loop}}: every item moves one place up, so each call costs time in proportion to the length and the loop as a whole O(n²). Instead, {{fix}}.',
    },
  },
  create(context) {
    const ops = BY_LANGUAGE[context.language];
    if (!ops) return {};
    const visit = (node: Node) => {
      const callee = calleeText(node);
      const m = /^(.+)\.(\w+)$/.exec(callee);
      if (!m) return;
      const [, receiver, method] = m as unknown as [string, string, string];
      const args = callArguments(node);
      const which = ops.take.has(method) ? 'take' : ops.put.has(method) ? 'put' : undefined;
      if (!which) return;
      const first = (which === 'take' ? ops.take : ops.put).get(method);
      // `pop(0)`, `insert(0, x)`: the front only when the index says so; `shift()` always.
      if (first !== undefined ? args[0]?.text.trim() !== first : which === 'take' && args.length > 0) return;
      if (which === 'put' && first !== undefined && args.length !== 2) return;
      if (!/^[\w.$]+$/.test(receiver)) return;
      const loop = loopAroundInFunction(node);
      // On a way out of the loop (`insert(0, line); return ''`), it runs once, not on every turn.
      if (!loop || onWayOut(node, loop, { breaks: true })) return;
      if (ops.cheapFront(receiver).test(context.code)) return;
      if (ops.notAList?.(receiver).test(context.code)) return;
      context.report({
        node,
        messageId: which,
        data: {
          call: code(node.text, 50),
          line: lineOf(node),
          list: code(receiver),
          loop: lineOf(loop),
          fix: ops.fix[which],
        },
      });
    };
    return {
      call: visit,
      call_expression: visit,
      method_invocation: visit,
      invocation_expression: visit,
    };
  },
};
