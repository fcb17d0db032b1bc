import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { searchesOf, type KeyComparison } from '../../facts/searches.js';
import { bindingsOf } from '../../scope/bindings.js';
import { COMPREHENSIONS } from '../../nodes.js';
import type { Rule } from '../model.js';
import { callArguments, code, lineOf, TIER1 } from '../util.js';

function advice(language: LanguageId, name: string, method: string, where: string): string {
  switch (language) {
    case 'python':
      return method === 'in'
        ? `build \`${name}_set = set(${name})\` once before the ${where} and test membership in that, which takes constant time`
        : `build a dict from each value to what you need (e.g. its position) once before the ${where} and look values up in it`;
    case 'java':
      return method === 'contains'
        ? `build \`new HashSet<>(${name})\` once before the loop and call contains on the set, which takes constant time`
        : `build a HashMap from each element to its position once before the loop and look elements up in it`;
    case 'go':
      return `build a map from the slice's elements (map[T]struct{}, or map[T]int for positions) once before the loop and look keys up in it`;
    default:
      switch (method) {
        case 'includes':
          return `build \`const ${name}Set = new Set(${name})\` once before the loop and call \`${name}Set.has(…)\`, which takes constant time`;
        default:
          return `build a Map from each element of \`${name}\` to its position once before the loop and look positions up with get, which takes constant time`;
      }
  }
}

/** Calls that make the searched collection grow. */
const GROWS = /^(push|unshift|splice|append|extend|insert|add|addAll)$/;

/**
 * The fix when the loop itself adds to the collection it searches (`if x not in
 * seen: seen.append(x)`): a copy made before the loop would never see what the
 * loop adds, so the collection itself becomes a set.
 */
function growingAdvice(language: LanguageId, name: string): string {
  switch (language) {
    case 'python':
      return `Make \`${name}\` a set from the start (\`${name} = set()\`) and call \`${name}.add(…)\` where it now appends; \`in\` on a set takes constant time. If the order of the items matters, keep the list and add each item to a set as well, testing the set`;
    case 'java':
      return `Declare \`${name}\` as a \`Set\` (\`new HashSet<>()\`, or \`LinkedHashSet\` to keep the order) and keep calling \`add\`; \`contains\` on a hash set takes constant time`;
    case 'go':
      return `Keep a \`map[T]struct{}\` next to the slice (or instead of it), add to it where the slice grows, and test membership with \`_, ok := seen[x]\``;
    default:
      return `Make \`${name}\` a \`Set\` from the start (\`new Set()\`), call \`${name}.add(…)\` where it now pushes and \`${name}.has(…)\` where it searches; a Set keeps insertion order and answers in constant time`;
  }
}

/** JS advice for a search by key: the lookup structure to build, in this code's own names. */
function keyedAdvice(name: string, method: string, k: KeyComparison): string {
  const field = k.key === k.param ? '' : (k.key.split('.').pop() ?? '');
  const index = `${name}By${field ? field[0]!.toUpperCase() + field.slice(1) : 'Value'}`;
  const pair = (value: string) =>
    `new Map(${name}.map((${k.param}${value === 'i' ? ', i' : ''}) => [${k.key}, ${value}]))`;
  switch (method) {
    case 'some':
      return `build \`const ${index} = new Set(${name}.map((${k.param}) => ${k.key}))\` once before the loop and test \`${index}.has(${k.probe})\`, which takes constant time`;
    case 'filter':
      return `group \`${name}\` once before the loop into a Map from \`${k.key}\` to the elements that have it, and take \`${index}.get(${k.probe}) ?? []\` instead of filtering`;
    case 'findIndex':
    case 'findLastIndex':
      return `build \`const ${index} = ${pair('i')}\` once before the loop and look positions up with \`${index}.get(${k.probe})\` (it keeps the last position of a repeated key)`;
    default:
      return `build \`const ${index} = ${pair(k.param)}\` once before the loop and look elements up with \`${index}.get(${k.probe})\`, which takes constant time (if keys repeat, it keeps the last element with each key)`;
  }
}

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
