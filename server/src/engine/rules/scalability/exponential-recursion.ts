import type { SnapshotNode as Node } from '../../parsing/node.js';
import { arityOf, constantStep, memoised, reachesUnit, selfNames, together } from '../../facts/recursion.js';
import type { Rule } from '../model.js';
import { calleeText, code, lineOf, TIER1 } from '../util.js';

const CALLS = new Set(['call_expression', 'call', 'method_invocation']);
/** A function that calls itself more than once per call, on a problem only a constant smaller. */
export const exponentialRecursion: Rule = {
  meta: {
    id: 'scalability/exponential-recursion',
    type: 'scalability',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description:
        'Self-recursion that makes two or more calls per run, each on an argument reduced by a constant, so the call count grows exponentially.',
      examples: [
        {
          language: 'python',
          bad: 'def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n',
          good: 'def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n',
        },
      ],
    },
    messages: {
      exponential:
        '`{{name}}` calls itself twice in one run {{where}} ({{first}} and {{second}}), each time on an argument only a constant smaller ({{steps}}), so the number of calls grows exponentially with the size of the input and the same results are computed again and again. Cache results by argument (memoisation) or compute them bottom-up in a loop.',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const unitIds = new Set(context.facts.units.map((u) => u.metrics.node.id));
        const named = new Map<string, number>();
        for (const u of context.facts.units) named.set(u.metrics.name, (named.get(u.metrics.name) ?? 0) + 1);
        for (const unit of context.facts.units) {
          if (unit.selfCallSites < 2 || unit.metrics.kind === 'class') continue;
          const node = unit.metrics.node;
          if (memoised(node)) continue;
          const names = selfNames(context.language, unit.metrics.name, unit.metrics.kind, node);
          const params = new Set(unit.params);
          const calls: { call: Node; step: string }[] = [];
          const stack: Node[] = [node];
          while (stack.length > 0) {
            const n = stack.pop()!;
            if (n.id !== node.id && unitIds.has(n.id)) continue;
            if (
              CALLS.has(n.type) &&
              names.has(calleeText(n).replace(/\s+/g, '')) &&
              // An overload of the same name is another unit (recursion.ts).
              reachesUnit(n, (named.get(unit.metrics.name) ?? 0) > 1 ? arityOf(unit.params) : undefined)
            ) {
              const step = constantStep(n, params);
              if (step) calls.push({ call: n, step });
            }
            for (let i = n.namedChildCount - 1; i >= 0; i--) {
              const c = n.namedChild(i);
              if (c) stack.push(c);
            }
          }
          // Two such calls that one run makes together: nothing between them and their common
          // ancestor chooses one over the other.
          let pair: [Node, Node, string, string] | undefined;
          for (let i = 0; i < calls.length && !pair; i++) {
            for (let j = i + 1; j < calls.length && !pair; j++) {
              const a = calls[i]!;
              const b = calls[j]!;
              if (together(a.call, b.call)) pair = [a.call, b.call, a.step, b.step];
            }
          }
          if (!pair) continue;
          const [first, second, step1, step2] = pair;
          const steps = step1 === step2 ? `\`${step1}\`` : `\`${step1}\`, \`${step2}\``;
          const where =
            lineOf(first) === lineOf(second)
              ? `on line ${lineOf(first)}`
              : `on lines ${lineOf(first)} and ${lineOf(second)}`;
          context.report({
            line: lineOf(first),
            messageId: 'exponential',
            data: {
              name: unit.metrics.name,
              where,
              first: code(first.text, 30),
              second: code(second.text, 30),
              steps,
            },
          });
        }
      },
    };
  },
};
