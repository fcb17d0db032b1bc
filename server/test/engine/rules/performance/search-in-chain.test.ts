import { searchInChain } from '../../../../src/engine/rules/performance/search-in-chain.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { JS, lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  ...JS.flatMap((language): InvalidCase[] => [
    {
      language,
      code: lines(
        'function active(users, ids) {',
        '  const blocked = Object.values(ids);',
        '  const wanted = [...ids];',
        '  return users',
        '    .filter((u) => wanted.includes(u.id))',
        '    .map((u) => blocked.find((b) => b.id === u.id) ?? u);',
        '}',
      ),
      errors: [
        {
          line: 5,
          messageId: 'searchInChain',
          data: { m: 'wanted', n: '`users`' },
          says: /^`wanted\.includes\(u\.id\)` on line 5 scans the array `wanted` \(line 3\) once for every element of `users` that `filter` on line 5 visits, so the work grows with the length of `users` times the length of `wanted` \(O\(n·m\)\)\. Instead, build `const wantedSet = new Set\(wanted\)` once before the chain and call `wantedSet\.has\(…\)`/,
        },
        {
          line: 6,
          messageId: 'searchInChain',
          data: { m: 'blocked' },
          says: /`const blockedById = new Map\(blocked\.map\(\(b\) => \[b\.id, b\]\)\)` once before the chain/,
        },
      ],
    },
    {
      language,
      code: lines(
        'function unique(items) {',
        '  const seen = [];',
        '  return items.filter((x) => {',
        '    if (seen.includes(x)) return false;',
        '    seen.push(x);',
        '    return true;',
        '  });',
        '}',
      ),
      why: 'the searched array grows inside the chain',
      errors: [
        {
          line: 4,
          messageId: 'growingInChain',
          says: /`seen` grows inside the chain \(`push` on line 5\), so a copy made before the chain would miss what the chain adds/,
          saysNot: /new Set\(seen\)/,
        },
      ],
    },
  ]),
  {
    language: 'java',
    code: lines(
      'class Orders {',
      '  List<Order> open(List<Order> orders, List<String> ids) {',
      '    return orders.stream().filter(o -> ids.contains(o.id())).collect(Collectors.toList());',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'searchInChain',
        data: { m: 'ids', n: '`orders`' },
        says: /scans the List `ids` \(line 2\) once for every element of `orders` that `filter` on line 3 visits.*`new HashSet<>\(ids\)` once before the chain/,
      },
    ],
  },
  {
    language: 'python',
    code: lines('def active(users, ids: list):', '    return list(filter(lambda u: u.id in ids, users))'),
    errors: [
      {
        line: 2,
        messageId: 'searchInChain',
        says: /`u\.id in ids` on line 2 scans the list `ids` \(line 1\) once for every element of `users` that `filter`.*`ids_set = set\(ids\)` once before the chain/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'class Users {',
      '  private readonly List<string> blocked = LoadBlocked();',
      '  IEnumerable<User> Active(List<User> users, string[] ids) {',
      '    var wanted = ids.ToList();',
      '    return users',
      '      .Where(u => wanted.Contains(u.Id))',
      '      .Where(u => !blocked.Contains(u.Name));',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 6,
        messageId: 'searchInChain',
        data: { m: 'wanted', n: '`users`' },
        says: /^`wanted\.Contains\(u\.Id\)` on line 6 scans the List `wanted` \(line 4\) once for every element of `users` that `Where` on line 6 visits.*`var wantedSet = wanted\.ToHashSet\(\)` once before the chain/,
      },
      { line: 7, messageId: 'searchInChain', data: { m: 'blocked' }, says: /\(line 2\)/ },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'class Users {',
      '  private static readonly string[] Kinds = { "admin", "owner" };',
      '  IEnumerable<User> Active(List<User> users, HashSet<string> ids, IEnumerable<string> names, List<string> seen) {',
      '    return users',
      '      .Where(u => ids.Contains(u.Id))',
      '      .Where(u => names.Contains(u.Name))',
      '      .Where(u => Kinds.Contains(u.Kind))',
      '      .Where(u => { if (seen.Contains(u.Id)) return false; seen.Add(u.Id); return true; })',
      '      .Take(10)',
      '      .Where(u => u.Tags.Contains("x"));',
      '  }',
      '  IEnumerable<User> Top(List<User> users, List<string> ids) {',
      '    return users.Take(10).Where(u => ids.Contains(u.Id));',
      '  }',
      '}',
    ),
    why: 'a HashSet, an IEnumerable, a fixed array, a list changed in the chain, a member of the element, ten elements',
  },
  ...JS.flatMap((language): ValidCase[] => [
    {
      language,
      code: lines(
        'function active(users, ids, names) {',
        '  const idSet = new Set(ids);',
        '  const byName = new Map();',
        '  return users',
        '    .filter((u) => idSet.has(u.id))',
        '    .filter((u) => names.includes(u.name))',
        '    .map((u) => byName.get(u.name))',
        "    .filter((u) => u.tags.includes('x'))",
        "    .filter((u) => ['a', 'b'].includes(u.kind))",
        '    .filter((u) => KINDS.includes(u.kind));',
        '}',
        "const KINDS = ['admin', 'owner', 'guest', Role.AUDITOR];",
        'function top(users, ids) {',
        '  const wanted = [...ids];',
        '  return users.slice(0, MAX_SHOWN).map((u) => wanted.indexOf(u.id));',
        '}',
      ),
      why: 'a Set, an untyped parameter, a Map, a property of the element, an inline literal, a list of fixed length, a chain over at most MAX_SHOWN elements',
    },
    {
      language,
      code: lines(
        'function f(rows) {',
        '  const cols = [1, 2];',
        '  rows.forEach((r) => {',
        '    const local = [r.a, r.b];',
        '    if (local.includes(r.c)) use(r);',
        '  });',
        '  return cols.includes(3);',
        '}',
      ),
      why: 'an array made in the callback, a search outside any chain',
    },
  ]),
  {
    language: 'java',
    code: lines(
      'class Orders {',
      '  List<Order> open(List<Order> orders, Set<String> ids, List<String> names) {',
      '    List<Order> result = orders.stream().filter(o -> ids.contains(o.id())).collect(Collectors.toList());',
      '    return names.contains("x") ? result : List.of();',
      '  }',
      '}',
    ),
    why: 'a Set, a search outside the chain',
  },
  {
    language: 'python',
    code: lines(
      'def active(users, ids: set, names, tags: list):',
      '    a = list(filter(lambda u: u.id in ids, users))',
      '    b = [u for u in users if u.name in names]',
      '    c = list(filter(lambda u: u.tag in tags, users[:10]))',
      '    return sorted(a, key=lambda u: u.name in names), b, c',
    ),
    why: "a set, an untyped parameter (the comprehension is linear-search-in-loop's), a run over ten elements",
  },
];

ruleTester(searchInChain, { valid, invalid });
