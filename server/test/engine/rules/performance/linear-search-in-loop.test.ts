import { linearSearchInLoop } from '../../../../src/engine/rules/performance/linear-search-in-loop.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    // The loop adds to what it searches: a copy made before the loop would be wrong.
    language: 'javascript',
    code: lines(
      'function unique(ids) {',
      '  const seen = [];',
      '  for (const id of ids) {',
      '    if (!seen.includes(id)) seen.push(id);',
      '  }',
      '  return seen;',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'growingCollection',
        says: /^`seen\.includes\(id\)` on line 4 scans the array `seen` \(line 2\) .* loop on line 3.*`seen` grows inside the loop \(`push` on line 4\), so a copy made before the loop would miss what the loop adds\. Make `seen` a `Set` from the start \(`new Set\(\)`\)/,
        saysNot: /new Set\(seen\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      'function match(orders: Order[], customers: Customer[]) {',
      '  for (const o of orders) {',
      '    const c = customers.find((x) => x.id === o.customerId);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'keyedSearch',
        says: /scans the array `customers` \(line 1\).*`const customersById = new Map\(customers\.map\(\(x\) => \[x\.id, x\]\)\)`.*`customersById\.get\(o\.customerId\)`/,
      },
    ],
  },
  {
    language: 'tsx',
    code: lines(
      'const names: string[] = load();',
      'for (let i = 0; i < rows.length; i++) {',
      '  if (names.indexOf(rows[i]) >= 0) count++;',
      '}',
    ),
    errors: [{ line: 3, messageId: 'linearSearch', says: /scans the array `names`/ }],
  },
  {
    language: 'python',
    code: lines(
      'def dedupe(items):',
      '    seen = []',
      '    for x in items:',
      '        if x not in seen:',
      '            seen.append(x)',
      '    return seen',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'growingCollection',
        says: /^`x not in seen` on line 4 scans the list `seen` \(line 2\).*`seen` grows inside the loop \(`append` on line 5\).*Make `seen` a set from the start \(`seen = set\(\)`\) and call `seen\.add\(…\)`/,
        saysNot: /seen_set = set\(seen\)/,
      },
    ],
  },
  {
    // It grows through a bound method (`chosen_add = chosen.append`) in the loop around the one that
    // searches: a set built before either loop would miss what the outer one adds.
    language: 'python',
    code: lines(
      'def pick(n, k, draw):',
      '    chosen = []',
      '    chosen_add = chosen.append',
      '    for i in range(k):',
      '        j = draw(n)',
      '        while j in chosen:',
      '            j = draw(n)',
      '        chosen_add(j)',
      '    return chosen',
      '',
    ),
    errors: [
      {
        line: 6,
        messageId: 'growingCollection',
        says: /`chosen` grows inside the loop on line 4 around it \(`chosen_add\(…\)` on line 8\).*Make `chosen` a set from the start/,
        saysNot: /chosen_set = set\(chosen\)/,
      },
    ],
  },
  {
    // A path kept as a list because it is read by position: a set in its place would lose the order.
    language: 'python',
    code: lines(
      'def longest_path(edges, start):',
      '    path = [start]',
      '    while True:',
      '        nxt = edges.get(path[-1])',
      '        if nxt is None or nxt in path:',
      '            return path',
      '        path.append(nxt)',
      '',
    ),
    errors: [
      {
        line: 5,
        messageId: 'growingCollection',
        says: /`path` is read by position \(`path\[-1\]` on line 4\), so keep the list and keep a set of its items beside it/,
        saysNot: /Make `path` a set from the start/,
      },
    ],
  },
  {
    // A dict kept in step with the list (added beside each append, deleted with each pop) answers the
    // test itself.
    language: 'python',
    code: lines(
      'def walk(graph, root):',
      '    trail = []',
      '    where = {}',
      '    todo = [root]',
      '    while todo:',
      '        n = todo.pop()',
      '        if n in trail:',
      '            continue',
      '        where[n] = len(trail)',
      '        trail.append(n)',
      '        if not graph[n]:',
      '            del where[trail.pop()]',
      '        todo.extend(graph[n])',
      '    return where',
      '',
    ),
    errors: [
      {
        line: 7,
        messageId: 'growingCollection',
        says: /`where` already holds the same items as `trail`: it gets each one where `trail` does \(line 9\) and loses it where `trail` pops \(line 12\)\. Test `n in where` instead/,
      },
    ],
  },
  {
    // The dict is also written with other keys: it no longer mirrors the list, and is not offered.
    language: 'python',
    code: lines(
      'def walk2(graph, root):',
      '    trail = []',
      '    where = {}',
      '    for n in graph:',
      '        if n in trail:',
      '            continue',
      '        where[n] = len(trail)',
      '        trail.append(n)',
      '        where[root] = 0',
      '    return where',
      '',
    ),
    errors: [{ line: 5, messageId: 'growingCollection', saysNot: /already holds the same items/ }],
  },
  {
    language: 'python',
    code: lines('def common(a: list[int], b: list[int]):', '    return [x for x in a if x in b]', ''),
    errors: [{ line: 2, messageId: 'linearSearch', says: /`x in b` on line 2 scans the list `b`/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  int f(List<String> names, String[] xs) {',
      '    int n = 0;',
      '    for (String x : xs) {',
      '      if (names.contains(x)) n++;',
      '    }',
      '    return n;',
      '  }',
      '}',
    ),
    errors: [{ line: 5, messageId: 'linearSearch', says: /scans the List `names`.*new HashSet<>\(names\)/ }],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "slices"',
      'func F(ids, want []int) int {',
      '\tn := 0',
      '\tfor _, w := range want {',
      '\t\tif slices.Contains(ids, w) {',
      '\t\t\tn++',
      '\t\t}',
      '\t}',
      '\treturn n',
      '}',
      '',
    ),
    errors: [{ line: 6, messageId: 'linearSearch', says: /scans the slice `ids` .* loop on line 5.*map/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  List<String> unique(List<String> xs) {',
      '    List<String> seen = new ArrayList<>();',
      '    for (String x : xs) {',
      '      if (!seen.contains(x)) seen.add(x);',
      '    }',
      '    return seen;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'growingCollection',
        data: { name: 'seen', how: 'add', grows: 5 },
        says: /scans the List `seen` \(line 3\).*`seen` grows inside the loop \(`add` on line 5\).*Declare `seen` as a `Set`/,
        saysNot: /new HashSet<>\(seen\)/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "slices"',
      'func Unique(xs []string) []string {',
      '\tvar seen []string',
      '\tfor _, x := range xs {',
      '\t\tif !slices.Contains(seen, x) {',
      '\t\t\tseen = append(seen, x)',
      '\t\t}',
      '\t}',
      '\treturn seen',
      '}',
      '',
    ),
    errors: [
      {
        line: 6,
        messageId: 'growingCollection',
        says: /scans the slice `seen`.*`seen` grows inside the loop .*on line 7\).*map\[T\]struct\{\}/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      'const admins = [];',
      'loadAdmins(admins);',
      'for (const u of users) {',
      '  if (admins.some((a) => a.email === u.email)) notify(u);',
      '}',
    ),
    focused: true,
    why: 'a search by key, with performance in focus',
    errors: [
      {
        line: 4,
        messageId: 'keyedSearch',
        says: /`const adminsByEmail = new Set\(admins\.map\(\(a\) => a\.email\)\)`.*`adminsByEmail\.has\(u\.email\)`/,
      },
    ],
  },
];

invalid.push(
  {
    language: 'javascript',
    why: 'an array made by map before the loop',
    code: lines(
      'function activeOrders(orders, blockedCustomers) {',
      '  const blocked = blockedCustomers.map((c) => c.id);',
      '  return orders.filter((o) => o.ok).length + countBlocked(orders, blocked);',
      '}',
      'function countBlocked(orders, blockedCustomers) {',
      '  const blocked = blockedCustomers.filter((c) => c.active);',
      '  let n = 0;',
      '  for (const order of orders) if (blocked.includes(order.customer)) n++;',
      '  return n;',
      '}',
    ),
    errors: [{ line: 8, messageId: 'linearSearch', says: /scans the array `blocked` \(line 6\)/ }],
  },
  {
    language: 'javascript',
    why: 'a key compared in a find callback scans whatever the collection is, typed or not',
    code: lines(
      'function attachAuthors(posts, users) {',
      '  for (const post of posts) {',
      '    post.author = users.find((u) => u.id === post.authorId);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'keyedSearch',
        says: /const usersById = new Map\(users\.map\(\(u\) => \[u\.id, u\]\)\)/,
      },
    ],
  },
);

const valid: ValidCase[] = [
  {
    language: 'javascript',
    why: 'an untyped collection searched by a predicate with no key: nothing to index by',
    code: lines(
      'function firstActive(groups, users) {',
      '  for (const g of groups) g.lead = users.find((u) => u.active && u.group === g);',
      '}',
    ),
  },
  {
    language: 'javascript',
    code: 'function f(xs, ys) {\n  for (const x of xs) if (ys.includes(x)) return x;\n}',
    why: 'an untyped parameter may be a string or a Set-like',
  },
  {
    language: 'javascript',
    code: "const name = 'abc';\nfor (const c of cs) name.includes(c);\nfor (const x of xs) { const local = [1, 2]; local.includes(x); }",
    why: 'a string; an array made inside the loop',
  },
  {
    language: 'typescript',
    code: 'const s = new Set(a);\nfor (const x of b) s.has(x);\nconst arr: string[] = [];\narr.includes(q);\nfor (const a of areas) arr.filter((l) => !s.has(l));',
    why: 'a Set; outside a loop; a callback that compares no key',
  },
  {
    language: 'python',
    code: 'allowed = {"a", "b"}\ndef f(items, seen):\n    for x in items:\n        if x in allowed or x in seen:\n            pass\n',
    why: 'a set; an untyped parameter',
  },
  {
    language: 'java',
    code: 'class A { int f(Set<String> names, String s, String[] xs) { for (String x : xs) { names.contains(x); s.indexOf(x); } return 0; } }',
    why: 'a Set; a String',
  },
  {
    language: 'go',
    code: 'package m\nimport "slices"\nfunc F(ids []int, w int) bool { return slices.Contains(ids, w) }\n',
    why: 'no loop',
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import (',
      '\t"slices"',
      '\t"strings"',
      ')',
      'func F(keys []string) int {',
      '\tn := 0',
      '\tfor _, key := range keys {',
      '\t\tif slices.Contains([]string{"$and", "$or", "$nor"}, key) {',
      '\t\t\tn++',
      '\t\t}',
      '\t\tif slices.Contains(strings.Split(key, "."), "$") {',
      '\t\t\tn--',
      '\t\t}',
      '\t}',
      '\treturn n',
      '}',
      '',
    ),
    why: 'a literal has the length the code gives it; a call is made from each key',
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  int f(Pager pager, List<String> wanted) {',
      '    List<String> page = pager.first();',
      '    int n = 0;',
      '    for (String w : wanted) {',
      '      if (page.contains(w)) n++;',
      '      page = pager.next();',
      '    }',
      '    return n;',
      '  }',
      '}',
    ),
    focused: true,
    why: 'the list is replaced inside the loop, so a set built before it would go stale',
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "slices"',
      'func F(ids, want []int, more func() []int) int {',
      '\tn := 0',
      '\tfor _, w := range want {',
      '\t\tif slices.Contains(ids, w) {',
      '\t\t\tn++',
      '\t\t}',
      '\t\tids = more()',
      '\t}',
      '\treturn n',
      '}',
      '',
    ),
    why: 'the slice is replaced inside the loop',
  },
];

ruleTester(linearSearchInLoop, { valid, invalid });
