import type { SnapshotNode as Node } from '../../parsing/node.js';
import { searchesOf, type KeyComparison } from '../../facts/searches.js';
import { advice, GROWS, growingAdvice, keyedAdvice } from './lookup-advice.js';
import { bindingsOf } from '../../scope/bindings.js';
import { COMPREHENSIONS } from '../../nodes.js';
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
      growingCollection: `${SCANS} \`{{name}}\` grows inside the loop (\`{{how}}\` on line {{grows}}), so a copy made before the loop would miss what the loop adds. {{fix}}.`,
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
      const data = {
        call: code(node.text, 50),
        line: lineOf(node),
        kind,
        name,
        declared: declared ? ` (line ${lineOf(declared)})` : '',
        where,
        loop: lineOf(loop),
      };
      if (growing)
        context.report({
          node,
          messageId: 'growingCollection',
          data: {
            ...data,
            how: goAppend ? 'append' : (growing.method ?? code(growing.node.text, 30).replace(/`/g, '')),
            grows: growing.line,
            fix: growingAdvice(language, name),
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
