import type { SnapshotNode as Node } from '../../parsing/node.js';
import { searchesOf, type KeyComparison } from '../../facts/searches.js';
import { advice, GROWS, growingAdvice, keyedAdvice, type GrowingUse } from './lookup-advice.js';
import { bindingsOf } from '../../scope/bindings.js';
import { COMPREHENSIONS, LOOP_TYPES } from '../../nodes.js';
import type { Rule } from '../model.js';
import { callArguments, code, JS_LIKE, lineOf, TIER1 } from '../util.js';

/** Go's `xs = append(xs, …)`: a rebinding to the bindings, but the slice grows all the same. */
function isGoAppend(target: Node, name: string): boolean {
  let assignment: Node | null = target;
  while (assignment && assignment.type !== 'assignment_statement') {
    if (assignment.type !== 'identifier' && assignment.type !== 'expression_list') return false;
    assignment = assignment.parent;
  }
  const value = assignment?.childForFieldName('right')?.namedChild(0);
  return (
    value?.type === 'call_expression' &&
    value.childForFieldName('function')?.text === 'append' &&
    callArguments(value)[0]?.text === name
  );
}

/** The line (1-based) of `index` in `node`'s text. */
const lineAt = (node: Node, index: number) =>
  node.startPosition.row + 1 + (node.text.slice(0, index).match(/\n/g)?.length ?? 0);

/** `xs[…]` from `open` (the `[`) to its closing bracket. */
function bracketed(text: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length && i - open < 60; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return text.slice(0, i + 1);
  }
  return undefined;
}

/** The per-language spellings a mirror of a list is kept with: adds, removals, and the test it allows. */
const MIRRORS: Partial<
  Record<
    string,
    {
      readonly grows: string;
      readonly shrinks: string;
      readonly adds: (d: string, x: string) => RegExp;
      readonly removes: (d: string) => RegExp;
      readonly fresh: (d: string) => RegExp;
      readonly test: (d: string, x: string) => string;
      readonly probe: (search: string, name: string) => string | undefined;
    }
  >
> = {
  python: {
    grows: 'append',
    shrinks: 'pop|remove',
    adds: (d, x) => new RegExp(`\\b${d}\\[${x}\\]\\s*=(?!=)|\\b${d}\\.add\\(${x}\\)`),
    removes: (d) => new RegExp(`\\bdel\\s+${d}\\[|\\b${d}\\.(?:pop|remove|discard)\\(`),
    fresh: (d) => new RegExp(`\\b${d}\\s*=\\s*(?:\\{\\}|dict\\(\\)|set\\(\\))`),
    test: (d, x) => `${x} in ${d}`,
    probe: (search, name) => new RegExp(`^([\\w.]+)\\s+(?:not\\s+)?in\\s+${name}$`).exec(search)?.[1],
  },
};

/**
 * How `name` is used in the function around `loop`, besides the search: read by position (a set would not
 * do), or kept in step with a dict or set that holds the same items (which can answer the test itself).
 */
/**
 * A name bound to a method of `name` that adds to it (`selected_add = selected.append`) and called in the
 * loop: the collection grows there though its own name is not written. The alias and the line of the call.
 */
/** The loop around `loop` in the same function, if any. */
function outerLoop(loop: Node): Node | undefined {
  for (let p = loop.parent; p; p = p.parent) {
    if (/function|method|lambda|arrow/.test(p.type)) return undefined;
    if (LOOP_TYPES.has(p.type)) return p;
  }
  return undefined;
}

function aliasedGrowth(
  name: string,
  loop: Node,
): { alias: string; line: number; direct?: true; around?: number } | undefined {
  let fn: Node = loop;
  while (fn.parent && !/function|method|lambda|arrow/.test(fn.type)) fn = fn.parent;
  const n = name.replace(/[.$]/g, '\\$&');
  const bound = new RegExp(
    `(?<![\\w.$])([A-Za-z_$][\\w$]*)\\s*=\\s*${n}\\.(?:append|add|push|extend|insert|appendleft|unshift|Add|AddRange)\\b(?!\\s*\\()`,
    'g',
  );
  for (const [, alias] of fn.text.matchAll(bound)) {
    const lines = loop.text.split('\n');
    const at = lines.findIndex((l) => new RegExp(`(?<![\\w.$])${alias}\\s*\\(`).test(l));
    if (at >= 0) return { alias: alias!, line: loop.startPosition.row + 1 + at };
  }
  return undefined;
}

function growingUse(language: string, name: string, search: Node, loop: Node): GrowingUse {
  let fn: Node = loop;
  while (fn.parent && !/function|method|lambda|arrow/.test(fn.type)) fn = fn.parent;
  const text = fn.text;
  const n = name.replace(/[.$]/g, '\\$&');
  const m = MIRRORS[language];
  if (m) {
    const probe = m.probe(search.text, n);
    const grows = [...text.matchAll(new RegExp(`\\b${n}\\.(?:${m.grows})\\(([\\w.]+)\\)`, 'g'))];
    const shrinks = [...text.matchAll(new RegExp(`\\b${n}\\.(?:${m.shrinks})\\(`, 'g'))];
    const x = grows[0]?.[1];
    if (probe && x && grows.every((g) => g[1] === x)) {
      for (const d of new Set([...text.matchAll(/\b(\w+)(?:\[|\.add\()/g)].map((k) => k[1]!))) {
        if (
          d === name ||
          !m.fresh(d).test(text) ||
          (text.match(new RegExp(`\\b${d}\\s*=(?!=)`, 'g'))?.length ?? 0) !== 1
        )
          continue;
        const lines = text.split('\n');
        const at = (re: RegExp) => lines.flatMap((l, i) => (re.test(l) ? [i] : []));
        // Every add to `d` beside an add to the list, and every removal from one on a line that removes from the other.
        const adds = at(new RegExp(`\\b${d}\\[[^\\]]*\\]\\s*=(?!=)|\\b${d}\\.add\\(`));
        const listAdds = at(new RegExp(`\\b${n}\\.(?:${m.grows})\\(`));
        const dRemoves = at(m.removes(d));
        const listRemoves = at(new RegExp(`\\b${n}\\.(?:${m.shrinks})\\(`));
        const near = (a: number, b: readonly number[]) => b.some((l) => Math.abs(l - a) <= 2);
        if (
          adds.length > 0 &&
          adds.every((l) => m.adds(d, x).test(lines[l]!) && near(l, listAdds)) &&
          listAdds.every((l) => near(l, adds)) &&
          dRemoves.length === listRemoves.length &&
          listRemoves.every((l) => dRemoves.includes(l)) &&
          shrinks.length === listRemoves.length &&
          probe === x
        )
          return {
            mirror: {
              name: d,
              probe: m.test(d, probe),
              added: fn.startPosition.row + 1 + adds[0]!,
              removed: fn.startPosition.row + 1 + (listRemoves[0] ?? adds[0]!),
            },
          };
      }
    }
  }
  const positional = new RegExp(
    `\\b${n}(?:\\[(?!\\])|\\.(?:pop|shift|index|insert|splice|at|reverse|sort)\\()`,
  ).exec(text);
  if (positional) {
    const quoted = positional[0].endsWith('[')
      ? bracketed(text.slice(positional.index), positional[0].length - 1)
      : `${positional[0]}…)`;
    if (quoted) return { ordered: `${code(quoted, 40)} on line ${lineAt(fn, positional.index)}` };
  }
  return {};
}

/** A name or a path of fields: `ids`, `this.banned`, `cfg.Hosts`. */
const NAMED = /^[\w$]+(\.[\w$]+)*$/;

const SCANS =
  '{{call}} on line {{line}} scans the {{kind}} `{{name}}`{{declared}} element by element on every iteration of the {{where}} on line {{loop}}, so the work grows with the number of iterations times the length of `{{name}}`.';

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
      examples: [
        {
          language: 'python',
          bad: 'def active_users(users: list[str], banned: list[str]):\n    return [u for u in users if u not in banned]\n',
          good: 'def active_users(users: list[str], banned: list[str]):\n    banned_set = set(banned)\n    return [u for u in users if u not in banned_set]\n',
        },
        {
          language: 'typescript',
          bad: 'function attach(orders: Order[], customers: Customer[]) {\n  for (const order of orders) {\n    order.customer = customers.find((c) => c.id === order.customerId);\n  }\n}\n',
          good: 'function attach(orders: Order[], customers: Customer[]) {\n  const customersById = new Map(customers.map((c) => [c.id, c]));\n  for (const order of orders) {\n    order.customer = customersById.get(order.customerId);\n  }\n}\n',
        },
      ],
    },
    messages: {
      linearSearch: `${SCANS} Instead, {{fix}}.`,
      keyedSearch: `${SCANS} Instead, {{fix}}.`,
      growingCollection: `${SCANS} \`{{name}}\` grows inside the loop{{around}} (\`{{how}}\` on line {{grows}}), so a copy made before the loop would miss what the loop adds. {{fix}}.`,
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
      const goAppend = change?.how === 'rebound' && language === 'go' && isGoAppend(change.node, name);
      // Assigned a new value inside the loop, it would make any lookup built before the loop stale.
      if (change?.how === 'rebound' && !goAppend) return;
      const growing =
        change &&
        (goAppend ||
          change.how === 'append' ||
          (change.how === 'mutation' && GROWS.test(change.method ?? '')))
          ? change
          : undefined;
      // `selected_add = selected.append`, then `selected_add(j)` in the loop: it grows through the alias; and
      // a search in an inner loop (`while j in selected`) of a collection the loop around it grows.
      let alias = growing ? undefined : aliasedGrowth(name, loop);
      for (let outer = outerLoop(loop); !growing && !alias && outer; outer = outerLoop(outer)) {
        const around = bindingsOf(language, context.root).changedIn(name, outer);
        if (
          around &&
          (around.how === 'append' || (around.how === 'mutation' && GROWS.test(around.method ?? '')))
        )
          alias = {
            alias: around.method ?? code(around.node.text, 30).replace(/`/g, ''),
            line: around.line,
            direct: true,
            around: lineOf(outer),
          };
        else {
          const through = aliasedGrowth(name, outer);
          if (through) alias = { ...through, around: lineOf(outer) };
        }
      }
      const data = {
        call: code(node.text, 50),
        line: lineOf(node),
        kind,
        name,
        declared: declared ? ` (line ${lineOf(declared)})` : '',
        where,
        loop: lineOf(loop),
      };
      if (alias)
        context.report({
          node,
          messageId: 'growingCollection',
          data: {
            ...data,
            how: alias.direct ? alias.alias : `${alias.alias}(…)`,
            around: alias.around ? ` on line ${alias.around} around it` : '',
            grows: alias.line,
            fix: growingAdvice(language, name, growingUse(language, name, node, loop)),
          },
        });
      else if (growing)
        context.report({
          node,
          messageId: 'growingCollection',
          data: {
            ...data,
            how: goAppend ? 'append' : (growing.method ?? code(growing.node.text, 30).replace(/`/g, '')),
            grows: growing.line,
            around: '',
            fix: growingAdvice(language, name, growingUse(language, name, node, loop)),
          },
        });
      else if (key)
        context.report({
          node,
          messageId: 'keyedSearch',
          data: { ...data, fix: keyedAdvice(name, method, key) },
        });
      else
        context.report({
          node,
          messageId: 'linearSearch',
          data: { ...data, fix: advice(language, name, method, where) },
        });
    };
    return {
      'Program:exit'() {
        for (const s of searchesOf(language, context.root)) {
          // Only a named collection can be indexed once before the loop: a literal (`[]string{"$and", "$or"}`)
          // has the length the code gives it, and a call (`strings.Split(key, ".")`) is made each time
          // round, often from the loop's own values.
          if (!NAMED.test(s.name)) continue;
          // A search by callback is only replaceable by a lookup when it compares a key with a value.
          if (language !== 'go' && s.callback && !s.key) continue;
          // A predicate compared with a key (`users.find((u) => u.id === id)`) scans whatever `users` is:
          // no JavaScript collection answers a callback except element by element.
          const scansAnyway =
            JS_LIKE.includes(language) && s.callback && s.key !== undefined && s.holds === 'unknown';
          // Declared inside the loop, it is a fresh (usually small) collection each time round.
          if ((s.holds !== 'list' && !scansAnyway) || s.boundInLoop) continue;
          report(s.node, s.name, s.method, s.loop, s.binding?.node, s.key);
        }
      },
    };
  },
};
