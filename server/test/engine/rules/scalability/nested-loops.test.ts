import { nestedLoops } from '../../../../src/engine/rules/scalability/nested-loops.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { doubleLoop, TIER1, tripleLoop, type Tier1 } from '../../support/rule-snippets.js';

/** Loops over data around inner loops of fixed length: one data loop. */
function fixedInner(l: Tier1): string {
  return l === 'python'
    ? 'def f(grid, xs):\n    for x in xs:\n        for i in range(3):\n            for j in range(3):\n                grid[i][j] += x\n'
    : l === 'go'
      ? 'package m\nfunc F(g [][]int, xs []int) {\n\tfor _, x := range xs {\n\t\tfor i := 0; i < 3; i++ {\n\t\t\tfor j := range 3 {\n\t\t\t\tg[i][j] += x\n\t\t\t}\n\t\t}\n\t}\n}\n'
      : l === 'java'
        ? 'class T { void f(int[][] g, int[] xs) { for (int x : xs) { for (int i = 0; i < 3; i++) { for (int j = 0; j < 3; j++) { g[i][j] += x; } } } } }'
        : 'function f(g, xs) {\n  for (const x of xs) {\n    const dirs = [[0, 1], [1, 0]];\n    for (const d of dirs) {\n      for (let i = 0; i < 3; i++) g[i] += x + d[0];\n    }\n  }\n}';
}

/** A loop over each row of a grid: nested data, each cell visited once. */
function rowsThenCells(l: Tier1): string {
  return l === 'python'
    ? 'def total(grid):\n    s = 0\n    for row in grid:\n        for cell in row:\n            s += cell\n    return s\n'
    : l === 'go'
      ? 'package m\nfunc T(g [][]int) int {\n\ts := 0\n\tfor _, row := range g {\n\t\tfor _, c := range row {\n\t\t\ts += c\n\t\t}\n\t}\n\treturn s\n}\n'
      : l === 'java'
        ? 'class A { int t(int[][] g) { int s = 0; for (int[] row : g) { for (int i = 0; i < row.length; i++) s += row[i]; } return s; } }'
        : 'function total(grid) {\n  let s = 0;\n  for (const row of grid) {\n    for (const cell of row.cells) s += cell;\n  }\n  return s;\n}\n';
}

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => {
  const t = tripleLoop(language);
  const d = doubleLoop(language);
  return [
    {
      language,
      code: t.code,
      errors: [
        {
          line: t.line,
          messageId: 'nestedDataLoops',
          data: { depth: 3, max: 2 },
          says: /nests 3 loops whose lengths depend on data: over `xs` \(line \d+\), then `ys(\.length)?` \(line \d+\), then `zs(\.length)?` \(line \d+\).*cubic or worse/,
        },
      ],
    },
    {
      language,
      code: d.code,
      focused: true,
      why: 'two loops over data, with scalability in focus (at most 1)',
      errors: [
        {
          line: d.line,
          messageId: 'nestedDataLoops',
          data: { depth: 2, max: 1 },
          says: /nests 2 loops whose lengths depend on data: over `xs` \(line \d+\), then `ys` \(line \d+\).*\(quadratic when they grow together\)/,
        },
      ],
    },
  ];
});

const valid: ValidCase[] = [
  ...TIER1.map((language) => ({ language, code: fixedInner(language), why: 'inner loops of fixed length' })),
  ...TIER1.map((language) => ({ language, code: doubleLoop(language).code, why: 'two loops over data' })),
  ...TIER1.map((language) => ({
    language,
    code: fixedInner(language),
    focused: true,
    why: 'one loop over data, with scalability in focus',
  })),
  ...TIER1.map((language) => ({
    language,
    code: rowsThenCells(language),
    focused: true,
    why: "the inner loop walks the outer loop's element, with scalability in focus",
  })),
  {
    language: 'javascript',
    code: 'function visit(nodes, adj) {\n  for (const u of nodes) {\n    for (const v of adj[u]) {\n      for (const w of adj[v]) mark(u, v, w);\n    }\n  }\n}\n',
    why: 'adjacency lists indexed by the outer elements',
  },
];

ruleTester(nestedLoops, { valid, invalid });
