import type { SnapshotNode as Node } from '../../parsing/node.js';
import { searchesOf, type KeyComparison } from '../../facts/searches.js';
import { advice, GROWS, growingAdvice, keyedAdvice } from './lookup-advice.js';
import { bindingsOf } from '../../scope/bindings.js';
import { COMPREHENSIONS } from '../../nodes.js';
import type { Rule } from '../model.js';
import { code, lineOf, TIER1 } from '../util.js';

/** A linear scan of a collection on every iteration of a loop. */
export const linearSearchInLoop: Rule = {
  meta: {
    id: 'performance/linear-search-in-loop',
    type: 'performance',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description:
        'includes/indexOf/find/filter/some, `in`, contains or slices.Contains on a known array or list inside a loop.',
    },
  },
  create(context) {
    const { language } = context;
    const kind =
      language === 'python' ? 'list' : language === 'java' ? 'List' : language === 'go' ? 'slice' : 'array';
    const report = (
      node: Node,
      name: string,
      method: string,
      loop: Node,
      declared?: Node,
      key?: KeyComparison,
    ) => {
      const where = COMPREHENSIONS.has(loop.type) ? 'comprehension' : 'loop';
      // The right fix depends on whether the loop itself adds to what it searches.
      const change = bindingsOf(language, context.root).changedIn(name, loop);
      const growing =
        change && (change.how === 'append' || (change.how === 'mutation' && GROWS.test(change.method ?? '')))
          ? change
          : undefined;
      const instead = growing
        ? growingAdvice(
            language,
            name,
            growing.method ?? code(growing.node.text, 30).replace(/`/g, ''),
            growing.line,
          )
        : `Instead, ${key ? keyedAdvice(name, method, key) : advice(language, name, method, where)}`;
      context.report({
        node,
        message: `${code(node.text, 50)} on line ${lineOf(node)} scans the ${kind} \`${name}\`${declared ? ` (line ${lineOf(declared)})` : ''} element by element on every iteration of the ${where} on line ${lineOf(loop)}, so the work grows with the number of iterations times the length of \`${name}\`. ${instead}.`,
      });
    };
    return {
      'Program:exit'() {
        for (const s of searchesOf(language, context.root)) {
          // A search by callback is only replaceable by a lookup when it compares a key with a value.
          if (language !== 'go' && s.callback && !s.key) continue;
          // Declared inside the loop, it is a fresh (usually small) collection each time round.
          if (s.holds !== 'list' || s.boundInLoop) continue;
          report(s.node, s.name, s.method, s.loop, s.binding?.node, s.key);
        }
      },
    };
  },
};
