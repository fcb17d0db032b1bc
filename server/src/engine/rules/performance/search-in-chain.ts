/**
 * A linear search inside the callback of an iterating call: `a.filter((x) =>
 * b.includes(x))` scans `b` once per element of `a`, O(n·m), though no loop
 * is written. The searches, what the searched name holds and the advice are
 * those of linear-search-in-loop (facts/searches.ts, lookup-advice.ts); this
 * rule only adds the chain as what repeats them. Python's comprehensions are
 * loops to linear-search-in-loop already; here Python has `filter`, `map`,
 * `sorted`, `min` and `max` with a lambda. C#'s LINQ is read too, with the
 * searched name's declaration in the method or class telling a List or an
 * array (facts/csharp-collections.ts). Go has no such chains. A list
 * whose length the source fixes (a literal with no spread, never changed)
 * is left alone: searching it costs a constant.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { chainSearchesOf } from '../../facts/searches.js';
import { bindingsOf } from '../../scope/bindings.js';
import type { Rule } from '../model.js';
import { code, lineOf } from '../util.js';
import { advice, GROWS, growingAdvice, keyedAdvice } from './lookup-advice.js';

/**
 * A name only ever bound to a list written out element by element, with no
 * spread, and never changed (`const KINDS = ['a', 'b', 'c']`): its length is
 * fixed by the source, so searching it costs a constant, not a factor that
 * grows with the input, and a set is no fix a reviewer would ask for.
 */
function isFixedList(language: LanguageId, name: string, root: Node): boolean {
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
        v.namedChildren.every((c) => !/spread|splat/.test(c.type))
      );
    })
  );
}

/** C#: the chain adds to, removes from or reassigns `name`. */
function changesInCsharp(name: string, chain: Node): boolean {
  const escaped = name.replace(/[^\w]/g, '');
  return new RegExp(
    `\\b${escaped}\\s*(\\.(Add|AddRange|Insert|InsertRange|Remove|RemoveAt|RemoveAll|RemoveRange|Clear)\\s*\\(|=(?![=>]))`,
  ).test(chain.text);
}

/**
 * The chain runs over at most a constant number of elements: it takes a
 * slice or limit by a literal or a CONSTANT before this step
 * (`.slice(0, MAX)`, `.limit(10)`, `[:5]`), so n is bounded.
 */
function boundedRun(step: Node, source: Node | undefined): boolean {
  // What the step is called on (JS, Java), or the iterable it is given (Python's filter(f, xs)).
  const receiver =
    step.childForFieldName('function')?.childForFieldName('object') ??
    step.childForFieldName('object') ??
    source;
  const before = receiver?.text.replace(/\s+/g, '') ?? '';
  const bound = '(\\d+|[A-Z][A-Z0-9_]*)';
  return new RegExp(`\\.(slice\\(0,${bound}|limit\\(${bound}|Take\\(${bound})\\)|\\[:${bound}\\]`).test(
    before,
  );
}

const SCANS =
  '{{search}} on line {{line}} scans the {{kind}} `{{m}}`{{declared}} once for every element {{over}} visits, so the work grows with the length of {{n}} times the length of `{{m}}` (O(n·m)).';

export const searchInChain: Rule = {
  meta: {
    id: 'performance/search-in-chain',
    type: 'performance',
    severity: 'medium',
    languages: ['javascript', 'typescript', 'tsx', 'java', 'python', 'csharp'],
    docs: {
      description:
        "includes/indexOf/find/some, contains or `in` on a known array or list inside the callback of filter/map/some/…, a Java stream's steps, Python's filter/map/sorted or C#'s LINQ (a List or array declared in the method or class): the search runs once per element, O(n·m). Lists written out in full and never changed are of fixed length and left alone.",
      examples: [
        {
          language: 'typescript',
          bad: 'function active(users: User[], ids: string[]) {\n  return users.filter((u) => ids.includes(u.id));\n}\n',
          good: 'function active(users: User[], ids: string[]) {\n  const idSet = new Set(ids);\n  return users.filter((u) => idSet.has(u.id));\n}\n',
        },
      ],
    },
    messages: {
      searchInChain: `${SCANS} Instead, {{fix}}.`,
      growingInChain: `${SCANS} \`{{m}}\` grows inside the chain (\`{{how}}\` on line {{grows}}), so a copy made before the chain would miss what the chain adds. {{fix}}.`,
    },
  },
  create(context) {
    const { language } = context;
    const kind =
      language === 'python' ? 'list' : language === 'java' || language === 'csharp' ? 'List' : 'array';
    return {
      'Program:exit'() {
        for (const s of chainSearchesOf(language, context.root)) {
          // As in linear-search-in-loop: a callback search is replaceable only when it compares a key.
          if (s.callback && !s.key) continue;
          if (s.holds !== 'list' || s.boundInCallback) continue;
          const fixed = language === 'csharp' ? s.fixedLength : isFixedList(language, s.name, context.root);
          if (fixed || boundedRun(s.step, s.source)) continue;
          // C# has no scope tables to tell what the chain does to it: any change there, and no fix is offered.
          if (language === 'csharp' && changesInCsharp(s.name, s.chain)) continue;
          // A long or multi-line source reads worse than naming the method that runs over it.
          const source =
            s.source && s.source.text.length <= 30 && !s.source.text.includes('\n')
              ? code(s.source.text)
              : undefined;
          // The method's own line: a chain written over several lines starts on its source's.
          const method =
            s.step.childForFieldName('function')?.childForFieldName('property') ??
            s.step.childForFieldName('name') ??
            s.step.childForFieldName('function')?.childForFieldName('name') ??
            s.step;
          const over = `${source ? `of ${source} ` : ''}that \`${s.stepMethod}\` on line ${lineOf(method)}`;
          // A copy made before the chain is right only if nothing in the chain changes the collection.
          const change =
            language === 'csharp' ? undefined : bindingsOf(language, context.root).changedIn(s.name, s.chain);
          const grows =
            change &&
            (change.how === 'append' || (change.how === 'mutation' && GROWS.test(change.method ?? '')));
          if (change && !grows) continue; // Rebound or shrunk mid-chain: no simple fix to offer.
          context.report({
            node: s.node as Node,
            messageId: change ? 'growingInChain' : 'searchInChain',
            data: {
              ...(change
                ? {
                    how: change.method ?? code(change.node.text, 30).replace(/`/g, ''),
                    grows: change.line,
                    fix: growingAdvice(language, s.name),
                  }
                : {
                    fix: s.key
                      ? keyedAdvice(s.name, s.method, s.key, 'chain')
                      : advice(language, s.name, s.method, 'chain'),
                  }),
              search: code(s.node.text, 50),
              line: lineOf(s.node),
              kind,
              m: s.name,
              declared: s.declaredLine ? ` (line ${s.declaredLine})` : '',
              over,
              n: source ?? `what \`${s.stepMethod}\` runs over`,
            },
          });
        }
      },
    };
  },
};
