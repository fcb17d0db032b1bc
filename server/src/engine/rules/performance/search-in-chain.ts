/**
 * A linear search inside the callback of an iterating call: `a.filter((x) =>
 * b.includes(x))` scans `b` once per element of `a`, O(n·m), though no loop
 * is written. The searches, what the searched name holds and the advice are
 * those of linear-search-in-loop (facts/searches.ts, lookup-advice.ts); this
 * rule only adds the chain as what repeats them. Python's comprehensions are
 * loops to linear-search-in-loop already; here Python has `filter`, `map`,
 * `sorted`, `min` and `max` with a lambda. Go has no such chains.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { chainSearchesOf } from '../../facts/searches.js';
import { bindingsOf } from '../../scope/bindings.js';
import type { Rule } from '../model.js';
import { code, lineOf } from '../util.js';
import { advice, GROWS, growingAdvice, keyedAdvice } from './lookup-advice.js';

/** Element literals of a constant list (strings and numbers, any grammar). */
const LITERALS: ReadonlySet<string> = new Set([
  'string',
  'string_literal',
  'number',
  'integer',
  'float',
  'decimal_integer_literal',
  'character_literal',
  'true',
  'false',
]);

/** The most elements a literal list may have and still not be worth a set. */
const SMALL = 8;

/**
 * A name only ever bound to a short list literal and never changed
 * (`const KINDS = ['a', 'b', 'c']`): scanning a handful of constants costs
 * about what hashing does, so a set is no fix a reviewer would ask for.
 */
function isSmallConstant(language: LanguageId, name: string, root: Node): boolean {
  const bindings = bindingsOf(language, root);
  const all = bindings.all(name);
  return (
    all.length > 0 &&
    bindings.updates(name).length === 0 &&
    all.every((b) => {
      const v = b.value;
      return (
        !!v &&
        (v.type === 'array' || v.type === 'list' || v.type === 'array_initializer') &&
        v.namedChildren.length <= SMALL &&
        v.namedChildren.every((c) => c.type.includes('comment') || LITERALS.has(c.type))
      );
    })
  );
}

export const searchInChain: Rule = {
  meta: {
    id: 'performance/search-in-chain',
    type: 'performance',
    severity: 'medium',
    languages: ['javascript', 'typescript', 'tsx', 'java', 'python'],
    docs: {
      description:
        "includes/indexOf/find/some, contains or `in` on a known array or list inside the callback of filter/map/some/…, a Java stream's steps or Python's filter/map/sorted: the search runs once per element, O(n·m).",
      examples: [
        {
          language: 'typescript',
          bad: 'function active(users: User[], ids: string[]) {\n  return users.filter((u) => ids.includes(u.id));\n}\n',
          good: 'function active(users: User[], ids: string[]) {\n  const idSet = new Set(ids);\n  return users.filter((u) => idSet.has(u.id));\n}\n',
        },
      ],
    },
    messages: {
      searchInChain:
        '{{search}} on line {{line}} scans the {{kind}} `{{m}}`{{declared}} once for every element {{over}} visits, so the work grows with the length of {{n}} times the length of `{{m}}` (O(n·m)). {{instead}}.',
    },
  },
  create(context) {
    const { language } = context;
    const kind = language === 'python' ? 'list' : language === 'java' ? 'List' : 'array';
    return {
      'Program:exit'() {
        for (const s of chainSearchesOf(language, context.root)) {
          // As in linear-search-in-loop: a callback search is replaceable only when it compares a key.
          if (s.callback && !s.key) continue;
          if (s.holds !== 'list' || s.boundInCallback) continue;
          if (s.binding && isSmallConstant(language, s.name, context.root)) continue;
          // A long or multi-line source reads worse than naming the method that runs over it.
          const source =
            s.source && s.source.text.length <= 30 && !s.source.text.includes('\n')
              ? code(s.source.text)
              : undefined;
          // The method's own line: a chain written over several lines starts on its source's.
          const method =
            s.step.childForFieldName('function')?.childForFieldName('property') ??
            s.step.childForFieldName('name') ??
            s.step;
          const over = `${source ? `of ${source} ` : ''}that \`${s.stepMethod}\` on line ${lineOf(method)}`;
          // A copy made before the chain is right only if nothing in the chain changes the collection.
          const change = bindingsOf(language, context.root).changedIn(s.name, s.chain);
          const grows =
            change &&
            (change.how === 'append' || (change.how === 'mutation' && GROWS.test(change.method ?? '')));
          if (change && !grows) continue; // Rebound or shrunk mid-chain: no simple fix to offer.
          const instead = change
            ? growingAdvice(
                language,
                s.name,
                change.method ?? code(change.node.text, 30).replace(/`/g, ''),
                change.line,
                'chain',
              )
            : `Instead, ${s.key ? keyedAdvice(s.name, s.method, s.key, 'chain') : advice(language, s.name, s.method, 'chain')}`;
          context.report({
            node: s.node as Node,
            messageId: 'searchInChain',
            data: {
              search: code(s.node.text, 50),
              line: lineOf(s.node),
              kind,
              m: s.name,
              declared: s.binding ? ` (line ${s.binding.line})` : '',
              over,
              n: source ?? `what \`${s.stepMethod}\` runs over`,
              instead,
            },
          });
        }
      },
    };
  },
};
