/**
 * Suggestion rules: for every rule, a true positive in each language it
 * claims (line, id, type, severity and what the message names) and near
 * misses it must stay quiet on. Inputs go through the real parser, the real
 * metrics and the real facts extraction.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { FOCUS_AREAS, type LanguageId } from '@code-explain/shared';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { unparsedProposals } from './support/proposed-code.js';
import { runRulesWithNotes, type RuleRun } from '../../src/engine/rules/run.js';

import {
  call,
  classWith,
  elseIfChain,
  fn,
  imports,
  JS,
  lines,
  nestedIfs,
  TIER1,
  type Tier1,
} from './support/rule-snippets.js';

interface Case {
  readonly rule: string;
  readonly language: LanguageId;
  readonly code: string;
  /** Positive cases: the line of the (first) finding. */
  readonly line?: number;
  /** Positive cases: what the message must say about this code. */
  readonly says?: RegExp;
  /** Positive cases: what the message must not say (a fix that would be wrong here). */
  readonly saysNot?: RegExp;
  /** Positive cases: how many findings; 1 unless told. */
  readonly count?: number;
  /** Near misses: what makes it one, for the test's title. */
  readonly why?: string;
}

function perLanguage(languages: readonly Tier1[], make: (l: Tier1) => Omit<Case, 'language'>): Case[] {
  return languages.map((language) => ({ ...make(language), language }));
}

// ---------------------------------------------------------------------------------------------
// Security

const SECURITY: Case[] = [
  {
    rule: 'security/weak-random',
    language: 'javascript',
    code: 'const token = Math.random().toString(36).slice(2);',
    line: 1,
    says: /^CWE-338: `Math\.random\(\)` on line 1 is stored in `token`.*crypto\.randomBytes/,
  },
  {
    rule: 'security/weak-random',
    language: 'typescript',
    code: lines('function generatePassword(): string {', '  return String(Math.random());', '}'),
    line: 2,
    says: /is used by `generatePassword`/,
  },
  {
    rule: 'security/weak-random',
    language: 'tsx',
    code: 'const sessionId = Math.floor(Math.random() * 1e9);',
    line: 1,
    says: /stored in `sessionId`/,
  },
  {
    rule: 'security/weak-random',
    language: 'python',
    code: lines(
      'import random',
      'def make_reset_token():',
      '    return "%06d" % random.randint(0, 999999)',
      '',
    ),
    line: 3,
    says: /used by `make_reset_token`, but Python's `random` module .*secrets/,
  },
  {
    rule: 'security/weak-random',
    language: 'java',
    code: lines(
      'class A {',
      '  private final Random rnd = new Random();',
      '  String salt() {',
      '    return Integer.toString(rnd.nextInt());',
      '  }',
      '}',
    ),
    line: 4,
    says: /used by `salt`, but `rnd`, a `java\.util\.Random`, .*SecureRandom/,
  },
  {
    rule: 'security/weak-random',
    language: 'go',
    code: lines('package m', 'import "math/rand"', 'func NewToken() int {', '\treturn rand.Int()', '}', ''),
    line: 4,
    says: /used by `NewToken`, but `math\/rand` .*crypto\/rand/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'javascript',
    code: "const apiKey = 'sk_live_51Habc';",
    line: 1,
    says: /^CWE-798: `apiKey` on line 1 is set to a string literal \(14 characters\)/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'typescript',
    code: lines('class Db {', '  private password = "s3cr3t-value";', '}'),
    line: 2,
    says: /CWE-798: `password`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'tsx',
    code: 'const config = { clientSecret: "abcd1234efgh" };',
    line: 1,
    says: /CWE-798: `clientSecret`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'python',
    code: 'DB_PASSWORD = "hunter2hunter2"\n',
    line: 1,
    says: /CWE-798: `DB_PASSWORD`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'python',
    code: 'conn = connect(host="db", password="hunter22")\n',
    line: 1,
    says: /CWE-798: `password`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'go',
    code: lines('package m', 'const apiKey = "abcd1234efgh"', ''),
    line: 2,
    says: /CWE-798: `apiKey`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'go',
    code: lines('package m', 'var c = Config{User: "app", Password: "hunter22"}', ''),
    line: 2,
    says: /CWE-798: `Password`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'java',
    code: lines('class A {', '  private static final String DB_PASSWORD = "s3cr3t-value";', '}'),
    line: 2,
    says: /CWE-798: `DB_PASSWORD`/,
  },
];

const SECURITY_MISSES: Case[] = [
  {
    rule: 'security/weak-random',
    language: 'javascript',
    code: 'const delay = Math.random() * 1000;\nconst key = Math.random();\nfunction tokenize(s) { return s.split(Math.random() > 0.5 ? " " : ","); }',
    why: 'names that are not secrets',
  },
  {
    rule: 'security/weak-random',
    language: 'python',
    code: 'import random\ncolor = random.choice(colors)\n',
    why: 'not a secret',
  },
  {
    rule: 'security/weak-random',
    language: 'go',
    code: 'package m\nimport "crypto/rand"\nfunc NewToken(b []byte) { rand.Read(b) }\n',
    why: 'crypto/rand',
  },
  {
    rule: 'security/weak-random',
    language: 'java',
    code: 'class A { SecureRandom r = new SecureRandom(); String token() { return "" + r.nextInt(); } }',
    why: 'SecureRandom',
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'javascript',
    code: "const password = process.env.PASSWORD;\nconst apiKey = '';\nconst labels = { password: 'Password' };\nconst passwordField = '#password';\nconst token = 'while';",
    why: 'environment, empty, label, other names',
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'python',
    code: 'password_hint = "ask admin"\nsecret = "changeme"\npassword = "DB_PASSWORD"\napi_key = "<your api key>"\n',
    why: 'placeholders and other names',
  },
];

// ---------------------------------------------------------------------------------------------
// Performance

const PERFORMANCE: Case[] = [
  {
    rule: 'performance/linear-search-in-loop',
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
    line: 4,
    // The loop adds to what it searches: a copy made before the loop would be wrong.
    says: /^`seen\.includes\(id\)` on line 4 scans the array `seen` \(line 2\) .* loop on line 3.*`seen` grows inside the loop \(`push` on line 4\), so a copy made before the loop would miss what the loop adds\. Make `seen` a `Set` from the start \(`new Set\(\)`\)/,
    saysNot: /new Set\(seen\)/,
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'typescript',
    code: lines(
      'function match(orders: Order[], customers: Customer[]) {',
      '  for (const o of orders) {',
      '    const c = customers.find((x) => x.id === o.customerId);',
      '  }',
      '}',
    ),
    line: 3,
    says: /scans the array `customers` \(line 1\).*`const customersById = new Map\(customers\.map\(\(x\) => \[x\.id, x\]\)\)`.*`customersById\.get\(o\.customerId\)`/,
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'tsx',
    code: lines(
      'const names: string[] = load();',
      'for (let i = 0; i < rows.length; i++) {',
      '  if (names.indexOf(rows[i]) >= 0) count++;',
      '}',
    ),
    line: 3,
    says: /scans the array `names`/,
  },
  {
    rule: 'performance/linear-search-in-loop',
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
    line: 4,
    says: /^`x not in seen` on line 4 scans the list `seen` \(line 2\).*`seen` grows inside the loop \(`append` on line 5\).*Make `seen` a set from the start \(`seen = set\(\)`\) and call `seen\.add\(…\)`/,
    saysNot: /seen_set = set\(seen\)/,
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'python',
    code: lines('def common(a: list[int], b: list[int]):', '    return [x for x in a if x in b]', ''),
    line: 2,
    says: /`x in b` on line 2 scans the list `b`/,
  },
  {
    rule: 'performance/linear-search-in-loop',
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
    line: 5,
    says: /scans the List `names`.*new HashSet<>\(names\)/,
  },
  {
    rule: 'performance/linear-search-in-loop',
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
    line: 6,
    says: /scans the slice `ids` .* loop on line 5.*map/,
  },
  {
    rule: 'performance/await-in-loop',
    language: 'javascript',
    code: lines(
      'async function load(ids) {',
      '  const out = [];',
      '  for (const id of ids) {',
      '    out.push(await fetchOne(id));',
      '  }',
      '  return out;',
      '}',
    ),
    line: 4,
    says: /^`await fetchOne\(id\)` on line 4 waits inside the loop on line 3.*`await Promise\.all\(ids\.map\(async \(id\) => …\)\)`/,
  },
  {
    rule: 'performance/await-in-loop',
    language: 'typescript',
    code: lines(
      'async function saveAll(n: number) {',
      '  for (let i = 0; i < n; i++) {',
      '    await save(i);',
      '  }',
      '}',
    ),
    line: 3,
    says: /`await save\(i\)` on line 3 waits inside the loop on line 2/,
  },
  {
    rule: 'performance/await-in-loop',
    language: 'tsx',
    code: lines(
      'async function send(users: User[]) {',
      '  for (const u of users) {',
      '    await mail(u);',
      '    await log(u);',
      '  }',
      '}',
    ),
    line: 3,
    says: /\(and 1 more await\)/,
  },
  {
    rule: 'performance/await-in-loop',
    language: 'python',
    code: lines('async def load(ids):', '    for i in ids:', '        await fetch(i)', ''),
    line: 3,
    says: /`await asyncio\.gather\(\*\(… for i in ids\)\)`/,
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'python',
    code: lines(
      'def render(rows):',
      '    out = ""',
      '    for r in rows:',
      '        out += r',
      '    return out',
      '',
    ),
    line: 4,
    says: /^`out \+= r` on line 4 appends to the string `out` \(declared on line 2\) .* loop on line 3.*''\.join\(\)/,
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'python',
    code: lines(
      'def render(rows):',
      '    out = ""',
      '    for r in rows:',
      '        out = out + r + "\\n"',
      '    return out',
      '',
    ),
    line: 4,
    says: /appends to the string `out`/,
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'java',
    code: lines(
      'class A {',
      '  String f(List<String> xs) {',
      '    String s = "";',
      '    for (String x : xs) {',
      '      s += x;',
      '    }',
      '    return s;',
      '  }',
      '}',
    ),
    line: 5,
    says: /appends to the string `s` \(declared on line 3\).*StringBuilder/,
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'go',
    code: lines(
      'package m',
      'func F(xs []string) string {',
      '\ts := ""',
      '\tfor _, x := range xs {',
      '\t\ts += x',
      '\t}',
      '\treturn s',
      '}',
      '',
    ),
    line: 5,
    says: /appends to the string `s`.*strings\.Builder/,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'javascript',
    code: lines(
      'function f(lines) {',
      '  for (const l of lines) {',
      "    if (new RegExp('^#').test(l)) return l;",
      '  }',
      '}',
    ),
    line: 3,
    says: /^`new RegExp\('\^#'\)` on line 3 builds a RegExp from the fixed pattern `'\^#'` on every iteration of the loop on line 2/,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'typescript',
    code: lines('for (const w of words) {', "  const re = new RegExp('\\\\d+', 'i');", '  re.test(w);', '}'),
    line: 2,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'tsx',
    code: lines('while (next()) {', '  const ok = new RegExp("^a").test(cur);', '}'),
    line: 2,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'java',
    code: lines(
      'class A {',
      '  void f(List<String> xs) {',
      '    for (String x : xs) {',
      '      Pattern p = Pattern.compile("^a");',
      '    }',
      '  }',
      '}',
    ),
    line: 4,
    says: /compiles the fixed pattern `"\^a"`.*static final Pattern/,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'java',
    code: lines(
      'class A {',
      '  int f(List<String> xs) {',
      '    int n = 0;',
      '    for (String x : xs) {',
      '      if (x.matches("\\\\d+")) n++;',
      '    }',
      '    return n;',
      '  }',
      '}',
    ),
    line: 5,
    says: /compiles \(through String\.matches\).*pattern\.matcher\(…\)\.matches\(\)/,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'go',
    code: lines(
      'package m',
      'import "regexp"',
      'func F(xs []string) {',
      '\tfor _, x := range xs {',
      '\t\tregexp.MustCompile("^a").MatchString(x)',
      '\t}',
      '}',
      '',
    ),
    line: 5,
    says: /package-level variable/,
  },
];

const PERFORMANCE_MISSES: Case[] = [
  {
    rule: 'performance/linear-search-in-loop',
    language: 'javascript',
    code: 'function f(xs, ys) {\n  for (const x of xs) if (ys.includes(x)) return x;\n}',
    why: 'an untyped parameter may be a string or a Set-like',
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'javascript',
    code: "const name = 'abc';\nfor (const c of cs) name.includes(c);\nfor (const x of xs) { const local = [1, 2]; local.includes(x); }",
    why: 'a string; an array made inside the loop',
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'typescript',
    code: 'const s = new Set(a);\nfor (const x of b) s.has(x);\nconst arr: string[] = [];\narr.includes(q);\nfor (const a of areas) arr.filter((l) => !s.has(l));',
    why: 'a Set; outside a loop; a callback that compares no key',
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'python',
    code: 'allowed = {"a", "b"}\ndef f(items, seen):\n    for x in items:\n        if x in allowed or x in seen:\n            pass\n',
    why: 'a set; an untyped parameter',
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'java',
    code: 'class A { int f(Set<String> names, String s, String[] xs) { for (String x : xs) { names.contains(x); s.indexOf(x); } return 0; } }',
    why: 'a Set; a String',
  },
  {
    rule: 'performance/linear-search-in-loop',
    language: 'go',
    code: 'package m\nimport "slices"\nfunc F(ids []int, w int) bool { return slices.Contains(ids, w) }\n',
    why: 'no loop',
  },
  {
    rule: 'performance/await-in-loop',
    language: 'javascript',
    code: 'async function f(xs) {\n  for await (const x of xs) use(x);\n  for (const id of await list()) use(id);\n  while (!done) await sleep(100);\n}',
    why: 'for await; iterable awaited once; polling while-loop',
  },
  {
    rule: 'performance/await-in-loop',
    language: 'typescript',
    code: 'async function first(mirrors: string[]) {\n  for (const url of mirrors) {\n    const r = await fetch(url);\n    if (r.ok) return r;\n  }\n}',
    why: 'the loop stops at the first success',
  },
  {
    rule: 'performance/await-in-loop',
    language: 'python',
    code: 'async def f(xs):\n    async for x in xs:\n        await use(x)\n',
    why: 'async for',
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'python',
    code: 'def f(xs, s):\n    total = 0\n    for x in xs:\n        total += x\n        s += x\n    return total\n',
    why: 'a number; an untyped parameter',
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'java',
    code: 'class A { void f(List<String> xs) { int n = 0; for (String x : xs) { String s = ""; s += x; n += 1; } } }',
    why: 'an int; a String made inside the loop',
  },
  {
    rule: 'performance/string-concat-in-loop',
    language: 'go',
    code: 'package m\nfunc F(xs []int) int {\n\tn := 0\n\tfor _, x := range xs {\n\t\tn += x\n\t}\n\treturn n\n}\n',
    why: 'an int',
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'javascript',
    code: "const re = new RegExp('^#');\nfor (const l of lines) re.test(l);\nfor (const p of patterns) new RegExp(p);\nfor (const l of lines) new RegExp('a', 'g').exec(l);",
    why: 'hoisted; a varying pattern; a stateful g flag',
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'java',
    code: 'class A { static final Pattern P = Pattern.compile("^a"); void f(List<String> xs, String re) { for (String x : xs) { x.matches(re); } } }',
    why: 'hoisted; a varying pattern',
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'go',
    code: 'package m\nimport "regexp"\nvar re = regexp.MustCompile("^a")\nfunc F(xs []string) {\n\tfor _, x := range xs {\n\t\tre.MatchString(x)\n\t}\n}\n',
    why: 'compiled once',
  },
];

// ---------------------------------------------------------------------------------------------
// Readability

const READABILITY: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(
      l,
      'work',
      ['a'],
      Array.from({ length: 61 }, (_, i) => call(l, `step${i % 5}`)),
    );
    // Last line of the function: Python's last body line, Java's method brace, the closing brace elsewhere.
    const all = f.code.trimEnd().split('\n');
    const end = l === 'python' ? all.length : all.lastIndexOf('}') + (l === 'java' ? 0 : 1);
    const span = end - f.line + 1;
    return {
      rule: 'readability/long-function',
      code: f.code,
      line: f.line,
      says: new RegExp(
        `^\`(Holder\\.)?work\` spans ${span} lines \\(${f.line}–${f.line + span - 1}\\), more than the 60`,
      ),
    };
  }),
  ...perLanguage(TIER1, (l) => {
    const f = fn(l, 'many', ['a', 'b', 'c', 'd', 'e', 'f'], [call(l, 'g')]);
    return {
      rule: 'readability/too-many-parameters',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?many` takes 6 parameters \(a, b, c, d, e, f\)/,
    };
  }),
  {
    rule: 'readability/nested-ternary',
    language: 'javascript',
    code: 'const size = n > 100 ? "big" : n > 10 ? "medium" : "small";',
    line: 1,
    says: /^`n > 100 \? "big" : n > 10 \? "medium" : "small"` on line 1 puts a conditional expression inside another \(2 levels\)/,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'typescript',
    code: 'export const h = (a: boolean, c: boolean) =>\n  a ? 1 : (c ? 2 : (d ? 3 : 4));',
    line: 2,
    says: /\(3 levels\)/,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'tsx',
    code: 'const Badge = ({ n }) => <b>{n === 0 ? "none" : n === 1 ? "one" : "many"}</b>;',
    line: 1,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'python',
    code: 'size = "big" if n > 100 else ("medium" if n > 10 else "small")\n',
    line: 1,
    says: /if\/elif\/else/,
  },
  {
    rule: 'readability/nested-ternary',
    language: 'java',
    code: 'class A {\n  int f(int a, boolean b) {\n    return a > 5 ? 1 : b ? 2 : 3;\n  }\n}',
    line: 3,
  },
];

const READABILITY_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'readability/long-function',
    code: fn(
      l,
      'work',
      ['a'],
      Array.from({ length: 55 }, () => call(l, 'step')),
    ).code,
    why: 'under 60 lines',
  })),
  {
    rule: 'readability/long-function',
    language: 'javascript',
    code: lines(
      "describe('suite', () => {",
      ...Array.from({ length: 70 }, (_, i) => `  it('case ${i}', check);`),
      '});',
    ),
    why: 'an anonymous callback',
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'python',
    code: 'class A:\n    def f(self, a, b, c, d, e, *rest, **options):\n        pass\n',
    why: 'self and variadic parameters',
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'javascript',
    code: 'function f(a, b, c, d, e, ...rest) {}',
    why: 'a rest parameter',
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'go',
    code: 'package m\nfunc F(a, b, c, d, e int, rest ...int) {}\n',
    why: 'a variadic parameter',
  },
  {
    rule: 'readability/nested-ternary',
    language: 'javascript',
    code: 'const a = x ? 1 : 2;\nconst b = x ? f(y ? 1 : 2) : 3;',
    why: 'one level; a ternary inside a call',
  },
  { rule: 'readability/nested-ternary', language: 'python', code: 'a = 1 if x else 2\n', why: 'one level' },
];

// ---------------------------------------------------------------------------------------------
// Best practices

const BEST_PRACTICES: Case[] = [
  ...perLanguage(JS, () => ({
    rule: 'best_practices/loose-equality',
    code: 'if (count == "0") {\n  reset();\n}',
    line: 1,
    says: /^`count == "0"` on line 1 uses `==`, .*use `===`/,
  })),
  {
    rule: 'best_practices/loose-equality',
    language: 'javascript',
    code: lines(...Array.from({ length: 6 }, (_, i) => `if (v${i} == w) f();`)),
    line: 1,
    says: /^`==` or `!=` is used in 6 comparisons here \(lines 1, 2, 3, 4, 5 and 6\), starting with `v0 == w`/,
  },
  {
    rule: 'best_practices/no-var',
    language: 'javascript',
    code: lines(...Array.from({ length: 7 }, (_, i) => `var n${i} = ${i};`)),
    line: 1,
    says: /^This code declares variables with `var` 7 times \(lines 1, 2, 3, 4, 5, 6 and 7\), starting with `n0`/,
  },
  {
    rule: 'best_practices/no-var',
    language: 'javascript',
    code: lines('var total = 0;', 'for (const x of xs) total += x;'),
    line: 1,
    says: /^`var total` on line 1 is visible throughout the whole file .*it is reassigned, so declare it with `let`/,
  },
  {
    rule: 'best_practices/no-var',
    language: 'javascript',
    code: lines('function f() {', '  var seen = [];', '  return seen;', '}'),
    line: 2,
    says: /^`var seen` on line 2 is visible throughout the enclosing function \(not just its block\)/,
  },
  {
    rule: 'best_practices/no-var',
    language: 'typescript',
    code: "var name = 'x', count = 0;\ncount++;",
    line: 1,
    says: /use `let` for `count`, which is reassigned, and `const` for the rest/,
  },
  {
    rule: 'best_practices/no-var',
    language: 'tsx',
    code: 'for (var k in obj) {\n  keys.push(k);\n}',
    line: 1,
    says: /`var k` in the loop on line 1 .*`const`/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'javascript',
    code: 'try {\n  run();\n} catch (e) {\n}',
    line: 3,
    says: /^The `catch \(e\)` block on line 3 is empty/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'typescript',
    code: 'save(doc).catch(() => {});',
    line: 1,
    says: /^The `\.catch\(\(\) => \{\}\)` on line 1 swallows the rejection of `save\(doc\)`/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'tsx',
    code: 'try { run(); } catch {}',
    line: 1,
    says: /The `catch` block on line 1 is empty/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'python',
    code: 'try:\n    run()\nexcept ValueError:\n    pass\n',
    line: 3,
    says: /^The `except ValueError:` handler on line 3 does nothing/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (IOException e) {}\n  }\n}',
    line: 3,
    says: /The `catch \(IOException e\)` block on line 3 is empty/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'go',
    code: 'package m\nfunc F() {\n\terr := run()\n\tif err != nil {\n\t}\n}\n',
    line: 4,
    says: /^`if err != nil \{\}` on line 4 checks `err` and then does nothing/,
  },
  {
    rule: 'best_practices/bare-except',
    language: 'python',
    code: 'try:\n    run()\nexcept:\n    log()\n',
    line: 3,
    says: /^The bare `except:` on line 3 catches every exception, including KeyboardInterrupt/,
  },
  {
    rule: 'best_practices/discarded-error',
    language: 'go',
    code: 'package m\nimport "strconv"\nfunc F(s string) int {\n\tn, _ := strconv.Atoi(s)\n\treturn n\n}\n',
    line: 4,
    says: /^`n, _ := strconv\.Atoi\(s\)` on line 4 assigns the second result of `strconv\.Atoi`, its error, to `_`.*carries on using `n`/,
  },
  {
    rule: 'best_practices/discarded-error',
    language: 'go',
    code: lines(
      'package m',
      'func load(p string) (string, int, error) { return "", 0, nil }',
      'func F() {',
      '\tname, size, _ = load("x")',
      '\tuse(name, size)',
      '}',
      '',
    ),
    line: 4,
    says: /the third result of `load`/,
  },
  {
    rule: 'best_practices/generic-catch',
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (Exception e) { log(e); }\n  }\n}',
    line: 3,
    says: /^The `catch \(Exception e\)` on line 3 handles every exception, including unchecked ones such as NullPointerException/,
  },
];

const BEST_PRACTICES_MISSES: Case[] = [
  {
    rule: 'best_practices/loose-equality',
    language: 'javascript',
    code: "if (a == null || a === 1 || typeof a == 'string' || a != undefined) {}",
    why: '== null, ===, typeof',
  },
  {
    rule: 'best_practices/no-var',
    language: 'javascript',
    code: 'let a = 1;\nconst b = 2;',
    why: 'let and const',
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'javascript',
    code: 'try { run(); } catch (e) {\n  // optional feature: ignore\n}\np.catch((e) => log(e));',
    why: 'a comment; a handler that does something',
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'python',
    code: 'try:\n    run()\nexcept ValueError as e:\n    log(e)\n',
    why: 'handled',
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'go',
    code: 'package m\nfunc F() error {\n\terr := run()\n\tif err != nil {\n\t\treturn err\n\t}\n\tif x != nil {\n\t}\n\treturn nil\n}\n',
    why: 'returned; not an error',
  },
  {
    rule: 'best_practices/bare-except',
    language: 'python',
    code: 'try:\n    run()\nexcept Exception:\n    log()\n',
    why: 'names what it catches',
  },
  {
    rule: 'best_practices/discarded-error',
    language: 'go',
    code: lines(
      'package m',
      'import "strconv"',
      'func F(m map[string]int, x any) {',
      '\tv, _ := m["a"]',
      '\t_, ok := x.(string)',
      '\tw, _ := lookup("a")',
      '\tn, err := strconv.Atoi("1")',
      '\tuse(v, ok, w, n, err)',
      '}',
      '',
    ),
    why: 'a map read, a type assertion, an unknown callee, a kept error',
  },
  {
    rule: 'best_practices/generic-catch',
    language: 'java',
    code: 'class A { void f() { try { run(); } catch (IOException e) { log(e); } catch (Exception e) { throw new IllegalStateException(e); } } }',
    why: 'a specific type; a rethrow',
  },
];

// ---------------------------------------------------------------------------------------------
// Architecture

const ARCHITECTURE: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(
      l,
      'orchestrate',
      [],
      Array.from({ length: 11 }, (_, i) => call(l, `step${i}`)),
    );
    return {
      rule: 'architecture/high-fan-out',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?orchestrate` calls 11 different functions and methods, not counting the language's built-ins \(`step0`, `step1`, `step2`, `step3`, `step4`, `step5` and 5 more\)/,
    };
  }),
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/large-class',
    code: classWith(l, 21),
    line: l === 'go' ? 3 : 1,
    says: new RegExp(
      `^${l === 'go' ? 'Type' : 'Class'} \`Big\` has 21 methods \\(\`m0\`, \`m1\`, \`m2\`, \`m3\`, \`m4\`, \`m5\`, …\\), more than 20`,
    ),
  })),
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/many-imports',
    code: imports(l, 16),
    line: l === 'go' ? 4 : 1,
    says: /^This code imports 16 different modules \(lines \d+–\d+: .*mod0.*\), more than 15/,
  })),
];

const ARCHITECTURE_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/high-fan-out',
    code: fn(
      l,
      'f',
      [],
      Array.from({ length: 10 }, (_, i) => call(l, `step${i}`)),
    ).code,
    why: 'ten callees',
  })),
  {
    rule: 'architecture/high-fan-out',
    language: 'javascript',
    code: fn(
      'javascript',
      'f',
      [],
      [
        ...Array.from({ length: 6 }, (_, i) => `list${i}.push(x);`),
        ...Array.from({ length: 6 }, (_, i) => `step${i}();`),
      ],
    ).code,
    why: 'built-in methods are not counted',
  },
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/large-class',
    code: classWith(l, 20),
    why: '20 methods',
  })),
  ...perLanguage(TIER1, (l) => ({
    rule: 'architecture/many-imports',
    code: imports(l, 15),
    why: '15 imports',
  })),
];

// ---------------------------------------------------------------------------------------------
// Testing

const TESTING: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(l, 'classify', ['a'], elseIfChain(l, 11));
    return {
      rule: 'testing/basis-paths',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?classify` has cyclomatic complexity 12: 12 linearly independent paths .* at least 12 test cases/,
    };
  }),
  {
    rule: 'testing/global-state',
    language: 'javascript',
    code: lines('let count = 0;', 'function increment() {', '  count += 1;', '}'),
    line: 3,
    says: /^`increment` returns no value and changes `count`, a module-level variable declared on line 1, on line 3 \(`count \+= 1`\)/,
  },
  {
    rule: 'testing/global-state',
    language: 'typescript',
    code: lines('const state = { hits: 0 };', 'export function hit(): void {', '  state.hits++;', '}'),
    line: 3,
    says: /`hit` returns no value and changes `state`/,
  },
  {
    rule: 'testing/global-state',
    language: 'tsx',
    code: lines('let current = null;', 'function select(id) {', '  current = id;', '}'),
    line: 3,
    says: /changes `current`/,
  },
  {
    rule: 'testing/global-state',
    language: 'python',
    code: lines('count = 0', 'def inc():', '    global count', '    count += 1', ''),
    line: 4,
    says: /^`inc` returns no value and changes `count`, a global variable \(the function declares `global count`\), on line 4/,
  },
  {
    rule: 'testing/global-state',
    language: 'java',
    code: lines(
      'class C {',
      '  static int total;',
      '  static void add(int n) {',
      '    total += n;',
      '  }',
      '}',
    ),
    line: 4,
    says: /`C\.add` returns no value and changes `total`, a static field declared on line 2/,
  },
  {
    rule: 'testing/global-state',
    language: 'go',
    code: lines('package m', 'var hits int', 'func Hit() {', '\thits++', '}', ''),
    line: 4,
    says: /`Hit` returns no value and changes `hits`, a package-level variable declared on line 2/,
  },
];

const TESTING_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'testing/basis-paths',
    code: fn(l, 'small', ['a'], elseIfChain(l, 9)).code,
    why: 'cyclomatic complexity 10',
  })),
  {
    rule: 'testing/global-state',
    language: 'javascript',
    code: lines(
      'let count = 0;',
      'function next() { count += 1; return count; }',
      'function testCounter() { count = 5; }',
      'function local() { let count = 0; count++; }',
      'before(() => { count = 0; });',
    ),
    why: 'returns the value; a test; a local; a test hook',
  },
  {
    rule: 'testing/global-state',
    language: 'python',
    code: 'count = 0\ndef f():\n    count = 1\n    print(count)\n',
    why: 'a local without `global`',
  },
  {
    rule: 'testing/global-state',
    language: 'java',
    code: 'class C { int total; static final int MAX = 3; void add(int n) { total += n; } }',
    why: 'an instance field',
  },
  {
    rule: 'testing/global-state',
    language: 'go',
    code: 'package m\nvar hits int\nfunc init() {\n\thits = 1\n}\nfunc Hit() int {\n\thits++\n\treturn hits\n}\nfunc L() {\n\thits := 0\n\thits++\n}\n',
    why: 'init; has a result; shadowed',
  },
];

// ---------------------------------------------------------------------------------------------
// Documentation

const DOCUMENTATION: Case[] = [
  {
    rule: 'documentation/missing-doc',
    language: 'javascript',
    code: 'export function area(w, h) {\n  return w * h;\n}',
    line: 1,
    says: /^`area` is exported but has no JSDoc comment \(`\/\*\* … \*\/`\) directly above it/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'typescript',
    code: '// computes the area\nexport const area = (w: number, h: number) => w * h;',
    line: 2,
    says: /`area` is exported but has no JSDoc comment .*\(the comment there is not a doc comment\)/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'tsx',
    code: 'export class Panel {}',
    line: 1,
    says: /`Panel` is exported .*what the class represents/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'python',
    code: 'def area(w, h):\n    return w * h\n',
    line: 1,
    says: /^`area` is a public module-level function without a docstring/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\nfunc Area(w, h int) int { return w * h }\n',
    line: 3,
    says: /^`Area` is exported but has no doc comment; .*`\/\/ Area …`/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\n// returns the area\nfunc Area(w, h int) int { return w * h }\n',
    line: 4,
    says: /`Area` is exported, but its comment begins `returns the area` rather than with its name/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: 'public class Shapes {\n  /** Area. */\n  public int area(int w, int h) { return w * h; }\n}',
    line: 1,
    says: /^`Shapes` is public but has no Javadoc comment/,
  },
];

const DOCUMENTATION_MISSES: Case[] = [
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\ntype server struct{}\n\nfunc (s *server) Handle() {}\n',
    why: 'an exported method of an unexported type',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: 'class Helper {\n  public int area(int w, int h) { return w * h; }\n}',
    why: 'a public method of a class that is not public',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'javascript',
    code: '/** Area of a rectangle. */\nexport function area(w, h) {\n  return w * h;\n}\nfunction helper() {}',
    why: 'documented; not exported',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'python',
    code: 'def area(w, h):\n    """Area of a rectangle."""\n    return w * h\n\ndef _helper():\n    pass\n',
    why: 'a docstring; private',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\n// Area returns w times h,\n// both in metres.\nfunc Area(w, h int) int { return w * h }\n\nfunc helper() {}\n',
    why: 'a two-line comment that starts with the name; unexported',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: '/** Shapes. */\npublic class Shapes {\n  @Override\n  public String toString() { return "s"; }\n  int area() { return 1; }\n}',
    why: 'documented; an override; not public',
  },
];

// ---------------------------------------------------------------------------------------------
// Scalability

const FIB: Record<Tier1, { code: string; line: number }> = {
  javascript: { code: 'function fib(n) {\n  return n < 2 ? n : fib(n - 1) + fib(n - 2);\n}', line: 2 },
  typescript: {
    code: 'function fib(n: number): number {\n  if (n < 2) return n;\n  const a = fib(n - 1);\n  const b = fib(n - 2);\n  return a + b;\n}',
    line: 3,
  },
  tsx: {
    code: 'const paths = (r: number, c: number): number =>\n  r === 0 || c === 0 ? 1 : paths(r - 1, c) + paths(r, c - 1);',
    line: 2,
  },
  python: {
    code: 'def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n',
    line: 4,
  },
  java: {
    code: 'class M {\n  static int fib(int n) {\n    if (n < 2) return n;\n    return fib(n - 1) + fib(n - 2);\n  }\n}',
    line: 4,
  },
  go: {
    code: 'package m\nfunc fib(n int) int {\n\tif n < 2 {\n\t\treturn n\n\t}\n\treturn fib(n-1) + fib(n-2)\n}\n',
    line: 6,
  },
};

/** Three nested loops over data. */
function tripleLoop(l: Tier1): { code: string; line: number } {
  switch (l) {
    case 'python':
      return {
        code: lines(
          'def triples(xs, ys, zs):',
          '    for x in xs:',
          '        for y in ys:',
          '            for z in zs:',
          '                use(x, y, z)',
          '',
        ),
        line: 2,
      };
    case 'java':
      return {
        code: lines(
          'class T {',
          '  void triples(int[] xs, int[] ys, int[] zs) {',
          '    for (int x : xs) {',
          '      for (int i = 0; i < ys.length; i++) {',
          '        for (int z : zs) { use(x, ys[i], z); }',
          '      }',
          '    }',
          '  }',
          '}',
        ),
        line: 3,
      };
    case 'go':
      return {
        code: lines(
          'package m',
          'func Triples(xs, ys, zs []int) {',
          '\tfor _, x := range xs {',
          '\t\tfor _, y := range ys {',
          '\t\t\tfor _, z := range zs {',
          '\t\t\t\tuse(x, y, z)',
          '\t\t\t}',
          '\t\t}',
          '\t}',
          '}',
          '',
        ),
        line: 3,
      };
    default:
      return {
        code: lines(
          'function triples(xs, ys, zs) {',
          '  for (const x of xs) {',
          '    for (const y of ys) {',
          '      for (let k = 0; k < zs.length; k++) use(x, y, zs[k]);',
          '    }',
          '  }',
          '}',
        ),
        line: 2,
      };
  }
}

const SCALABILITY: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'scalability/exponential-recursion',
    code: FIB[l].code,
    line: FIB[l].line,
    says:
      l === 'tsx'
        ? /^`paths` calls itself twice in one run on line 2 \(`paths\(r - 1, c\)` and `paths\(r, c - 1\)`\), each time on an argument only a constant smaller \(`r - 1`, `c - 1`\)/
        : l === 'typescript'
          ? /^`fib` calls itself twice in one run on lines 3 and 4 \(`fib\(n - 1\)` and `fib\(n - 2\)`\)/
          : /^`(M\.)?fib` calls itself twice in one run on line \d+ \(`fib\(n ?- ?1\)` and `fib\(n ?- ?2\)`\), each time on an argument only a constant smaller \(`n ?- ?1`, `n ?- ?2`\), so the number of calls grows exponentially/,
  })),
  {
    rule: 'scalability/sync-io',
    language: 'javascript',
    code: "const fs = require('fs');\nfunction handler(req, res) {\n  res.end(fs.readFileSync(req.path));\n}",
    line: 3,
    says: /^`fs\.readFileSync\(req\.path\)` on line 3 in `handler` blocks Node's event loop.*`await fs\.promises\.readFile\(…\)`/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'typescript',
    code: "import { execSync } from 'node:child_process';\nexport const version = () => execSync('git describe').toString();",
    line: 2,
    says: /in `version` blocks Node's event loop.*`child_process` without `Sync`/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'tsx',
    code: 'function Page() {\n  const data = fs.readdirSync(dir);\n  return <ul>{data}</ul>;\n}',
    line: 2,
  },
  {
    rule: 'scalability/sync-io',
    language: 'python',
    code: 'import time\nasync def poll():\n    time.sleep(1)\n',
    line: 3,
    says: /^`time\.sleep\(1\)` on line 3 blocks inside the coroutine `poll`.*await asyncio\.sleep/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'python',
    code: 'import requests\nasync def fetch(url):\n    return requests.get(url).json()\n',
    line: 3,
    says: /httpx\.AsyncClient/,
  },
  ...perLanguage(TIER1, (l) => {
    const t = tripleLoop(l);
    return {
      rule: 'scalability/nested-loops',
      code: t.code,
      line: t.line,
      says: /nests 3 loops whose lengths depend on data: over `xs` \(line \d+\), then `ys(\.length)?` \(line \d+\), then `zs(\.length)?` \(line \d+\)/,
    };
  }),
];

const SCALABILITY_MISSES: Case[] = [
  {
    rule: 'scalability/exponential-recursion',
    language: 'javascript',
    code: 'function walk(node) {\n  if (!node) return;\n  walk(node.left);\n  walk(node.right);\n}\nfunction sort(a) {\n  if (a.length < 2) return a;\n  const m = a.length >> 1;\n  return merge(sort(a.slice(0, m)), sort(a.slice(m)));\n}',
    why: 'a tree walk; divide and conquer',
  },
  {
    rule: 'scalability/exponential-recursion',
    language: 'typescript',
    code: 'function f(n: number): number {\n  if (n % 2 === 0) return f(n - 1);\n  return n <= 1 ? 1 : f(n - 2);\n}',
    why: 'one self-call per run',
  },
  {
    rule: 'scalability/exponential-recursion',
    language: 'python',
    code: 'from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\ndef fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n',
    why: 'memoised; linear recursion',
  },
  {
    rule: 'scalability/sync-io',
    language: 'javascript',
    code: "const config = require('fs').readFileSync('config.json', 'utf8');",
    why: 'module level, at start-up',
  },
  {
    rule: 'scalability/sync-io',
    language: 'python',
    code: 'import time, asyncio\ndef wait():\n    time.sleep(1)\nasync def pause():\n    await asyncio.sleep(1)\n',
    why: 'not a coroutine; the async sleep',
  },
  ...perLanguage(TIER1, (l) => ({
    rule: 'scalability/nested-loops',
    code:
      l === 'python'
        ? 'def f(grid, xs):\n    for x in xs:\n        for i in range(3):\n            for j in range(3):\n                grid[i][j] += x\n'
        : l === 'go'
          ? 'package m\nfunc F(g [][]int, xs []int) {\n\tfor _, x := range xs {\n\t\tfor i := 0; i < 3; i++ {\n\t\t\tfor j := range 3 {\n\t\t\t\tg[i][j] += x\n\t\t\t}\n\t\t}\n\t}\n}\n'
          : l === 'java'
            ? 'class T { void f(int[][] g, int[] xs) { for (int x : xs) { for (int i = 0; i < 3; i++) { for (int j = 0; j < 3; j++) { g[i][j] += x; } } } } }'
            : 'function f(g, xs) {\n  for (const x of xs) {\n    const dirs = [[0, 1], [1, 0]];\n    for (const d of dirs) {\n      for (let i = 0; i < 3; i++) g[i] += x + d[0];\n    }\n  }\n}',
    why: 'inner loops of fixed length',
  })),
];

// ---------------------------------------------------------------------------------------------
// Maintainability

const MAGIC: Record<Tier1, { code: string; line: number; other: string }> = {
  javascript: {
    code: 'function retry(attempts) {\n  if (attempts > 5) throw new Error("give up");\n}',
    line: 2,
    other: 'attempts',
  },
  typescript: { code: 'const tooOld = (age: number) => {\n  return age >= 65;\n};', line: 2, other: 'age' },
  tsx: { code: 'function Label({ n }) {\n  return n < 0.5 ? <i /> : <b />;\n}', line: 2, other: 'n' },
  python: {
    code: 'def check(password):\n    return len(password) < 12\n',
    line: 2,
    other: 'len\\(password\\)',
  },
  java: {
    code: 'class A {\n  boolean f(int level) {\n    return level >= 7;\n  }\n}',
    line: 3,
    other: 'level',
  },
  go: { code: 'package m\nfunc F(size int) bool {\n\treturn size > 4096\n}\n', line: 3, other: 'size' },
};

const DUPLICATE: Record<Tier1, { code: string; line: number; lines: string }> = {
  javascript: {
    code: 'log("invalid input");\nfail("invalid input");\nthrow new Error("invalid input");',
    line: 1,
    lines: '1, 2 and 3',
  },
  typescript: {
    code: "const a = 'connection lost';\nconst b = 'connection lost';\nconst c = `connection lost`;",
    line: 1,
    lines: '1, 2 and 3',
  },
  tsx: {
    code: 'const A = () => <p title="Loading data…">{"Loading data…"}</p>;\nalert("Loading data…");',
    line: 1,
    lines: '1 and 2',
  },
  python: {
    code: 'a = "user not found"\nb = "user not found"\nraise KeyError("user not found")\n',
    line: 1,
    lines: '1, 2 and 3',
  },
  java: {
    code: 'class A {\n  String a = "user not found";\n  String b = "user not found";\n  String c = "user not found";\n}',
    line: 2,
    lines: '2, 3 and 4',
  },
  go: {
    code: 'package m\nvar a = "user not found"\nvar b = "user not found"\nvar c = `user not found`\n',
    line: 2,
    lines: '2, 3 and 4',
  },
};

const MAINTAINABILITY: Case[] = [
  ...perLanguage(TIER1, (l) => {
    const f = fn(l, 'tangled', ['a'], nestedIfs(l, 6, call(l, 'work')));
    return {
      rule: 'maintainability/cognitive-complexity',
      code: f.code,
      line: f.line,
      says: /^`(Holder\.)?tangled` has cognitive complexity 21, above the limit of 15/,
    };
  }),
  ...perLanguage(TIER1, (l) => ({
    rule: 'maintainability/magic-number',
    code: MAGIC[l].code,
    line: MAGIC[l].line,
    says: new RegExp(
      `^\`${MAGIC[l].other}\` is compared with the bare number [\\d.]+ on line ${MAGIC[l].line}; give it a name`,
    ),
  })),
  {
    rule: 'maintainability/magic-number',
    language: 'javascript',
    code: 'if (retries > 5) stop();\nif (retries >= 5) wait();',
    line: 1,
    says: /^`retries` is compared with the bare number 5 on lines 1 and 2/,
  },
  {
    rule: 'maintainability/magic-number',
    language: 'go',
    code: 'package m\nfunc F(code int) {\n\tif code == 3 {\n\t\ta()\n\t} else if code == 4 {\n\t\tb()\n\t} else if code == 9 {\n\t\tc()\n\t}\n}\n',
    line: 3,
    says: /^`code` is compared with 3 different bare numbers \(3, 4 and 9\) on lines 3, 5 and 7/,
  },
  ...perLanguage(TIER1, (l) => ({
    rule: 'maintainability/duplicated-string',
    code: DUPLICATE[l].code,
    line: DUPLICATE[l].line,
    says: new RegExp(`^The string \`"[^"]+"\` is written 3 times \\(lines ${DUPLICATE[l].lines}\\)`),
  })),
];

const MAINTAINABILITY_MISSES: Case[] = [
  ...perLanguage(TIER1, (l) => ({
    rule: 'maintainability/cognitive-complexity',
    code: fn(l, 'plain', ['a'], nestedIfs(l, 3, call(l, 'work'))).code,
    why: 'cognitive complexity 6',
  })),
  {
    rule: 'maintainability/magic-number',
    language: 'javascript',
    code: 'if (i < 0 || n === 1 || k >= 2 || j > -1) go();\nconst LIMIT = n > 500;\nif (res.status === 404) notFound();\nif (3 > 2) x();',
    why: 'plain numbers, a constant, a status code, two literals',
  },
  {
    rule: 'maintainability/magic-number',
    language: 'python',
    code: 'MAX_SIZE = 10\nTOO_BIG = size > 4096\nif response.status_code == 500:\n    retry()\n',
    why: 'constants; a status code',
  },
  {
    rule: 'maintainability/magic-number',
    language: 'java',
    code: 'class A { static final boolean BIG = SIZE > 4096; boolean f(int n) { return n > 0; } }',
    why: 'a final field; zero',
  },
  {
    rule: 'maintainability/magic-number',
    language: 'go',
    code: 'package m\nconst big = size > 4096\nfunc F(n int) bool { return n != 0 }\n',
    why: 'a const; zero',
  },
  {
    rule: 'maintainability/duplicated-string',
    language: 'javascript',
    code: "import a from './some/long/module.js';\nimport b from './some/long/module.js';\nexport { c } from './some/long/module.js';\nlog('short');\nlog('short');\nlog('short');\nwarn('seen only twice here');\nwarn('seen only twice here');",
    why: 'import paths, short strings, two copies',
  },
  {
    rule: 'maintainability/duplicated-string',
    language: 'python',
    code: 'def a():\n    """Does the thing."""\ndef b():\n    """Does the thing."""\ndef c():\n    """Does the thing."""\nx = {"created_at": 1}\ny = {"created_at": 2}\nz = {"created_at": 3}\n',
    why: 'docstrings and dictionary keys',
  },
  {
    rule: 'maintainability/duplicated-string',
    language: 'go',
    code: 'package m\nimport "example.com/some/module"\nfunc a() { module.A() }\n',
    why: 'an import path',
  },
];

// ---------------------------------------------------------------------------------------------
// Rules people expect (issue 12, first part): TLS, weak hashes, dead code, lossy conversions, unsafe

const EXPECTED: Case[] = [
  {
    rule: 'best_practices/parameter-reordered',
    language: 'python',
    code: lines('def top(scores):', '    scores.sort()', '    return scores[-1]', ''),
    line: 2,
    says: /^`scores\.sort` on line 2 reorders `scores`, which the caller passed in, in place.*`sorted\(scores\)`/,
  },
  {
    rule: 'best_practices/parameter-reordered',
    language: 'javascript',
    code: lines('function median(xs) {', '  xs.sort((a, b) => a - b);', '  return xs[xs.length >> 1];', '}'),
    line: 2,
    says: /reorders `xs`.*toSorted/,
  },
  {
    rule: 'best_practices/parameter-reordered',
    language: 'typescript',
    code: lines('function latest(items: Item[]) {', '  items.reverse();', '  return items[0];', '}'),
    line: 2,
    says: /reorders `items`/,
  },
  {
    rule: 'best_practices/parameter-reordered',
    language: 'tsx',
    code: lines('export function List(rows: string[]) {', '  rows.sort();', '  return <ul>{rows}</ul>;', '}'),
    line: 2,
    says: /reorders `rows`/,
  },
  {
    rule: 'best_practices/parameter-reordered',
    language: 'java',
    code: lines(
      'class A {',
      '  int top(List<Integer> xs) {',
      '    Collections.sort(xs);',
      '    return xs.get(0);',
      '  }',
      '}',
    ),
    line: 3,
    says: /reorders `xs`.*new ArrayList<>\(xs\)/,
  },
  {
    rule: 'best_practices/parameter-reordered',
    language: 'go',
    code: lines('package m', 'func Top(xs []int) int {', '\tsort.Ints(xs)', '\treturn xs[0]', '}', ''),
    line: 3,
    says: /reorders `xs`.*slices\.Clone\(xs\)/,
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'python',
    code: lines('import requests', 'def fetch(url):', '    return requests.get(url, verify=False)', ''),
    line: 3,
    says: /^CWE-295: `verify=False` on line 3 turns off certificate verification/,
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'javascript',
    code: lines('const agent = new https.Agent({ rejectUnauthorized: false });'),
    line: 1,
    says: /^CWE-295: `rejectUnauthorized: false`/,
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'typescript',
    code: "process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';",
    line: 1,
    says: /for every connection the process makes/,
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'tsx',
    code: 'const res = await fetch(url, { agent: new Agent({ rejectUnauthorized: false }) });',
    line: 1,
    says: /turns off certificate verification/,
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'go',
    code: lines('package m', 'import "crypto/tls"', 'var cfg = &tls.Config{InsecureSkipVerify: true}', ''),
    line: 3,
    says: /^CWE-295: `InsecureSkipVerify: true` on line 3 skips certificate verification/,
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'java',
    code: lines(
      'class A {',
      '  void f(HttpsURLConnection c) {',
      '    c.setHostnameVerifier((host, session) -> true);',
      '  }',
      '}',
    ),
    line: 3,
    says: /accepts any host name/,
  },
  {
    rule: 'security/weak-hash',
    language: 'python',
    code: lines(
      'import hashlib',
      'def store(user, password):',
      '    user.hash = hashlib.md5(password.encode()).hexdigest()',
      '',
    ),
    line: 3,
    says: /^CWE-327: .* hashes a password with MD5.*\(CWE-916\).*argon2/,
  },
  {
    rule: 'security/weak-hash',
    language: 'javascript',
    code: lines(
      'function sign(token) {',
      "  return crypto.createHash('sha1').update(token).digest('hex');",
      '}',
    ),
    line: 2,
    says: /^CWE-327: .* hashes a secret with SHA-1.*SHA-256/,
  },
  {
    rule: 'security/weak-hash',
    language: 'typescript',
    code: lines(
      'function check(password: string, stored: string) {',
      "  return createHash('md5').update(password).digest('hex') === stored;",
      '}',
    ),
    line: 2,
    says: /a password with MD5/,
  },
  {
    rule: 'security/weak-hash',
    language: 'tsx',
    code: "const digest = crypto.createHash('SHA1').update(apiKey).digest('hex');",
    line: 1,
    says: /a secret with SHA-1/,
  },
  {
    rule: 'security/weak-hash',
    language: 'java',
    code: lines(
      'class A {',
      '  byte[] hashPassword(String password) throws Exception {',
      '    return MessageDigest.getInstance("MD5").digest(password.getBytes());',
      '  }',
      '}',
    ),
    line: 3,
    says: /^CWE-327: .*a password with MD5/,
  },
  {
    rule: 'security/weak-hash',
    language: 'go',
    code: lines(
      'package m',
      'import "crypto/md5"',
      'func HashPassword(password string) [16]byte {',
      '\treturn md5.Sum([]byte(password))',
      '}',
      '',
    ),
    line: 4,
    says: /^CWE-327: .*bcrypt/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'python',
    code: lines('def f(x):', '    if 0 and x:', '        print(x)', '    return x', ''),
    line: 2,
    says: /^`0 and x` on line 2 is always false, so the block on line 3 never runs/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'javascript',
    code: lines(
      'function f(x) {',
      '  if (false) {',
      '    debug(x);',
      '    trace(x);',
      '  }',
      '  return x;',
      '}',
    ),
    line: 2,
    says: /the block on lines 2–5 never runs/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'typescript',
    code: lines('function f(x: number) {', '  if (false && x > 1) {', '    log(x);', '  }', '}'),
    line: 2,
    says: /`false && x > 1` on line 2 is always false/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'tsx',
    code: lines('while (false) {', '  tick();', '}'),
    line: 1,
    says: /the loop body on lines 1–3 never runs/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'java',
    code: lines('class A {', '  void f(int x) {', '    if (false) {', '      log(x);', '    }', '  }', '}'),
    line: 3,
    says: /is always false/,
  },
  {
    rule: 'maintainability/dead-code',
    language: 'go',
    code: lines('package m', 'func f(x int) {', '\tif false {', '\t\tlog(x)', '\t}', '}', ''),
    line: 3,
    says: /is always false/,
  },
  {
    rule: 'best_practices/lossy-conversion',
    language: 'java',
    code: lines('class A {', '  int f(String s) {', '    return (int) Long.parseLong(s);', '  }', '}'),
    line: 3,
    says: /^CWE-681: `\(int\) Long\.parseLong\(s\)` on line 3 narrows a 64-bit value to `int`.*Math\.toIntExact/,
  },
  {
    rule: 'best_practices/lossy-conversion',
    language: 'csharp',
    code: lines('class A {', '  int F(string s) {', '    return (int)long.Parse(s);', '  }', '}'),
    line: 3,
    says: /narrows a 64-bit value to `int`.*checked/,
  },
  {
    rule: 'best_practices/rust-unsafe',
    language: 'rust',
    code: lines('fn first(p: *const u8) -> u8 {', '    unsafe { *p }', '}', ''),
    line: 2,
    says: /^The `unsafe` block on line 2 works with raw pointers; .*`\/\/ SAFETY:`/,
  },
];

const EXPECTED_MISSES: Case[] = [
  {
    rule: 'best_practices/parameter-reordered',
    language: 'python',
    code: lines(
      'def sort_scores(scores):',
      '    scores.sort()',
      '    return scores',
      '',
      'def top(scores):',
      '    return sorted(scores)[-1]',
      '',
    ),
    why: 'named for it; a sorted copy',
  },
  {
    rule: 'best_practices/rust-unsafe',
    language: 'rust',
    code: lines(
      '/// Callers must pass a valid pointer.',
      'unsafe fn read(p: *const u8) -> u8 {',
      '    0',
      '}',
      '',
    ),
    why: 'an unsafe fn declaration, no unsafe block',
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'python',
    code: lines(
      'import requests',
      'def fetch(url):',
      '    return requests.get(url, verify="/etc/ca.pem")',
      '',
    ),
    why: 'a CA bundle',
  },
  {
    rule: 'security/tls-verification-disabled',
    language: 'go',
    code: lines('package m', 'import "crypto/tls"', 'var cfg = &tls.Config{InsecureSkipVerify: false}', ''),
    why: 'verification kept',
  },
  {
    rule: 'security/weak-hash',
    language: 'javascript',
    code: lines(
      'function etag(body) {',
      "  return crypto.createHash('md5').update(body).digest('hex');",
      '}',
    ),
    why: 'a checksum, nothing secret',
  },
  {
    rule: 'security/weak-hash',
    language: 'python',
    code: lines(
      'import hashlib',
      'def store(password):',
      '    return hashlib.md5(password, usedforsecurity=False)',
      '',
    ),
    why: 'usedforsecurity=False',
  },
  {
    rule: 'security/weak-hash',
    language: 'python',
    code: lines(
      'import hashlib',
      'def store(password):',
      '    return hashlib.sha256(password).hexdigest()',
      '',
    ),
    why: 'SHA-256 (not a password hash, but not what this rule is about)',
  },
  {
    rule: 'maintainability/dead-code',
    language: 'python',
    code: lines('def f(x):', '    if x and 0:', '        print(x)', '    while True:', '        break', ''),
    why: 'a variable first; an endless loop',
  },
  {
    rule: 'best_practices/lossy-conversion',
    language: 'java',
    code: lines(
      'class A {',
      '  int f(String s, double d) {',
      '    return (int) d + Integer.parseInt(s);',
      '  }',
      '}',
    ),
    why: 'a double cast and an int parsed',
  },
];

const POSITIVE: Case[] = [
  ...EXPECTED,
  ...SECURITY,
  ...PERFORMANCE,
  ...READABILITY,
  ...BEST_PRACTICES,
  ...ARCHITECTURE,
  ...TESTING,
  ...DOCUMENTATION,
  ...SCALABILITY,
  ...MAINTAINABILITY,
];
const NEGATIVE: Case[] = [
  ...EXPECTED_MISSES,
  ...SECURITY_MISSES,
  ...PERFORMANCE_MISSES,
  ...READABILITY_MISSES,
  ...BEST_PRACTICES_MISSES,
  ...ARCHITECTURE_MISSES,
  ...TESTING_MISSES,
  ...DOCUMENTATION_MISSES,
  ...SCALABILITY_MISSES,
  ...MAINTAINABILITY_MISSES,
];

describe('suggestion rules', () => {
  let parser: SourceParser;
  before(() => {
    parser = new SourceParser();
  });
  after(() => parser.dispose());

  async function analyse(language: LanguageId, code: string): Promise<RuleRun> {
    const parsed = await parser.parse(code, language);
    const metrics = metricsFor(language).measure(parsed.snapshot);
    const facts = extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics);
    return runRulesWithNotes(ALL_RULES, { language, code, root: parsed.snapshot.root, facts });
  }

  it('cover every focus area, each rule in its own area, with a unique id and a CWE for security rules', () => {
    assert.deepEqual([...new Set(ALL_RULES.map((r) => r.meta.type))].sort(), [...FOCUS_AREAS].sort());
    assert.equal(new Set(ALL_RULES.map((r) => r.meta.id)).size, ALL_RULES.length);
    for (const rule of ALL_RULES) assert.ok(rule.meta.id.startsWith(`${rule.meta.type}/`), rule.meta.id);
    for (const rule of ALL_RULES.filter((r) => r.meta.type === 'security'))
      assert.match(rule.meta.docs.cwe ?? '', /^CWE-\d+$/, rule.meta.id);
  });

  it('cover every tier-1 language in most focus areas', () => {
    for (const area of FOCUS_AREAS) {
      const covered = new Set(ALL_RULES.filter((r) => r.meta.type === area).flatMap((r) => r.meta.languages));
      const missing = TIER1.filter((l) => !covered.has(l));
      assert.deepEqual(missing, [], `${area} misses ${missing.join(', ')}`);
    }
  });

  it('have a true positive in every language each rule claims, and a near miss for every rule', () => {
    // A rule with a test file of its own (rules/<id>.test.ts, through the rule tester) is checked there.
    const here = ALL_RULES.filter(
      (r) => !existsSync(new URL(`./rules/${r.meta.id}.test.ts`, import.meta.url)),
    );
    for (const rule of here) {
      const tested = new Set(POSITIVE.filter((c) => c.rule === rule.meta.id).map((c) => c.language));
      const untested = rule.meta.languages.filter((l) => !tested.has(l));
      assert.deepEqual(untested, [], `${rule.meta.id} has no positive case in ${untested.join(', ')}`);
      assert.ok(
        NEGATIVE.some((c) => c.rule === rule.meta.id),
        `${rule.meta.id} has no near miss`,
      );
    }
    for (const c of [...POSITIVE, ...NEGATIVE]) {
      const rule = ALL_RULES.find((r) => r.meta.id === c.rule);
      assert.ok(rule, `unknown rule ${c.rule}`);
      assert.ok(rule.meta.languages.includes(c.language), `${c.rule} does not claim ${c.language}`);
    }
  });

  for (const c of POSITIVE) {
    it(`${c.rule} finds it in ${c.language} (line ${c.line})${c.says ? '' : ' [line only]'}`, async () => {
      const run = await analyse(c.language, c.code);
      assert.deepEqual(run.failures, []);
      const found = run.suggestions.filter((s) => s.rule === c.rule);
      assert.equal(found.length, c.count ?? 1, JSON.stringify(found, null, 2));
      const rule = ALL_RULES.find((r) => r.meta.id === c.rule)!;
      const [s] = found;
      assert.equal(s!.rule, rule.meta.id);
      assert.equal(s!.type, rule.meta.type);
      assert.equal(s!.severity, rule.meta.severity);
      assert.equal(s!.line, c.line);
      if (c.says) assert.match(s!.description, c.says);
      if (c.saysNot) assert.doesNotMatch(s!.description, c.saysNot);
      assert.deepEqual(
        await unparsedProposals(parser, c.language, s!.description, c.code),
        [],
        'proposed code parses',
      );
      if (rule.meta.docs.cwe) assert.ok(s!.description.startsWith(`${rule.meta.docs.cwe}: `), s!.description);
    });
  }

  for (const c of NEGATIVE) {
    it(`${c.rule} stays quiet in ${c.language}: ${c.why}`, async () => {
      const run = await analyse(c.language, c.code);
      assert.deepEqual(run.failures, []);
      assert.deepEqual(
        run.suggestions.filter((s) => s.rule === c.rule),
        [],
      );
    });
  }
});
