import assert from 'node:assert/strict';
import { FOCUS_AREAS, explainRequestSchema, type Suggestion } from '@code-explain/shared';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import type { Rule } from '../../src/engine/rules/model.js';
import { runRules } from '../../src/engine/rules/run.js';

interface Case {
  readonly rule: string;
  readonly language: string;
  readonly code: string;
  /** Expected line of the finding; undefined in a near miss. */
  readonly line?: number;
  /** Part of the message that must name what was found. */
  readonly says?: RegExp;
}

const deep = (open: (i: number) => string, close: string, n: number, body: string) =>
  Array.from({ length: n }, (_, i) => open(i)).join('\n') + `\n${body}\n` + close.repeat(n);

const POSITIVE: Case[] = [
  {
    rule: 'security/code-injection',
    language: 'javascript',
    code: 'function run(input) {\n  return eval(input);\n}',
    line: 2,
    says: /CWE-95: `eval\(input\)` runs `input` as code/,
  },
  {
    rule: 'security/code-injection',
    language: 'typescript',
    code: 'const f = new Function("a", body);',
    line: 1,
    says: /CWE-95/,
  },
  {
    rule: 'security/code-injection',
    language: 'python',
    code: 'def calc(expr):\n    return eval(expr)\n',
    line: 2,
    says: /ast\.literal_eval/,
  },
  {
    rule: 'security/command-injection',
    language: 'javascript',
    code: "const { exec } = require('child_process');\nfunction ls(dir) {\n  exec(`ls ${dir}`);\n}",
    line: 3,
    says: /CWE-78: .*execFile or spawn/,
  },
  {
    rule: 'security/command-injection',
    language: 'python',
    code: 'import subprocess\ndef ls(d):\n    subprocess.run("ls " + d, shell=True)\n',
    line: 3,
    says: /without shell=True/,
  },
  {
    rule: 'security/command-injection',
    language: 'python',
    code: 'import os\ndef rm(p):\n    os.system(f"rm {p}")\n',
    line: 3,
    says: /CWE-78/,
  },
  {
    rule: 'security/command-injection',
    language: 'go',
    code: 'package m\nimport "os/exec"\nfunc Run(arg string) {\n\texec.Command("sh", "-c", "ls "+arg).Run()\n}\n',
    line: 4,
    says: /exec\.Command\("prog", arg\)/,
  },
  {
    rule: 'security/command-injection',
    language: 'java',
    code: 'class A {\n  void run(String f) throws Exception {\n    Runtime.getRuntime().exec("cat " + f);\n  }\n}',
    line: 3,
    says: /ProcessBuilder/,
  },
  {
    rule: 'security/sql-injection',
    language: 'javascript',
    code: 'async function find(db, id) {\n  return db.query(`SELECT * FROM users WHERE id = ${id}`);\n}',
    line: 2,
    says: /CWE-89: `query` receives SQL built from run-time values/,
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: 'def find(cur, name):\n    cur.execute(f"SELECT * FROM t WHERE name = \'{name}\'")\n',
    line: 2,
    says: /cursor\.execute/,
  },
  {
    rule: 'security/sql-injection',
    language: 'go',
    code: 'package m\nimport "fmt"\nfunc F(db DB, id string) {\n\tdb.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %s", id))\n}\n',
    line: 4,
    says: /\$1/,
  },
  {
    rule: 'security/sql-injection',
    language: 'java',
    code: 'class A {\n  void f(Statement s, String id) throws Exception {\n    s.executeQuery("SELECT * FROM t WHERE id = " + id);\n  }\n}',
    line: 3,
    says: /PreparedStatement/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'javascript',
    code: "const apiKey = 'sk_live_51Habc';",
    line: 1,
    says: /CWE-798: `apiKey` is set to a string literal/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'python',
    code: 'DB_PASSWORD = "hunter2hunter2"\n',
    line: 1,
    says: /`DB_PASSWORD`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'go',
    code: 'package m\nconst apiKey = "abcd1234efgh"\n',
    line: 2,
    says: /`apiKey`/,
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'java',
    code: 'class A {\n  private String password = "s3cr3t-value";\n}',
    line: 2,
    says: /`password`/,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'javascript',
    code: "function f(lines) {\n  for (const l of lines) {\n    if (new RegExp('^#').test(l)) return l;\n  }\n}",
    line: 3,
    says: /loop on line 2; compile it once/,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'python',
    code: 'import re\ndef f(lines):\n    for l in lines:\n        if re.compile("^#").match(l):\n            return l\n',
    line: 4,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'go',
    code: 'package m\nimport "regexp"\nfunc F(xs []string) {\n\tfor _, x := range xs {\n\t\tregexp.MustCompile("^a").MatchString(x)\n\t}\n}\n',
    line: 5,
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'java',
    code: 'class A {\n  void f(java.util.List<String> xs) {\n    for (String x : xs) {\n      java.util.regex.Pattern p = Pattern.compile("^a");\n    }\n  }\n}',
    line: 4,
  },
  {
    rule: 'performance/await-in-loop',
    language: 'javascript',
    code: 'async function load(ids) {\n  const out = [];\n  for (const id of ids) {\n    out.push(await fetchOne(id));\n  }\n  return out;\n}',
    line: 4,
    says: /Promise\.all/,
  },
  {
    rule: 'performance/await-in-loop',
    language: 'python',
    code: 'async def load(ids):\n    for i in ids:\n        await fetch(i)\n',
    line: 3,
    says: /asyncio\.gather/,
  },
  {
    rule: 'readability/deep-nesting',
    language: 'javascript',
    code: `function f(a) {\n${deep(() => 'if (a) {', '}', 5, 'a++;')}\n}`,
    says: /`f` nests loops and branches 5 levels deep/,
  },
  {
    rule: 'readability/deep-nesting',
    language: 'python',
    code: `def f(a):\n${deep((i) => `${'    '.repeat(i + 1)}if a:`, '', 5, `${'    '.repeat(6)}a += 1`)}\n`,
    says: /5 levels/,
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'go',
    code: 'package m\nfunc F(a, b, c, d, e, f int) int { return a }\n',
    line: 2,
    says: /takes 6 parameters \(a, b, c, d, e, f\)/,
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'java',
    code: 'class A {\n  void f(int a, int b, int c, int d, int e, int g) {}\n}',
    line: 2,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'javascript',
    code: 'try {\n  run();\n} catch (e) {\n}',
    line: 3,
    says: /error handler on line 3 is empty/,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'python',
    code: 'try:\n    run()\nexcept ValueError:\n    pass\n',
    line: 3,
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'java',
    code: 'class A {\n  void f() {\n    try { run(); } catch (Exception e) {}\n  }\n}',
    line: 3,
  },
  {
    rule: 'best_practices/loose-equality',
    language: 'typescript',
    code: 'if (a == 1) {}',
    line: 1,
    says: /use `===` instead/,
  },
  {
    rule: 'best_practices/bare-except',
    language: 'python',
    code: 'try:\n    run()\nexcept:\n    log()\n',
    line: 3,
    says: /bare `except:`/,
  },
  {
    rule: 'architecture/high-fan-out',
    language: 'javascript',
    code: `function f() {\n${Array.from({ length: 11 }, (_, i) => `  g${i}();`).join('\n')}\n}`,
    line: 1,
    says: /`f` calls 11 different functions/,
  },
  {
    rule: 'testing/basis-paths',
    language: 'python',
    code: `def f(a):\n${Array.from({ length: 11 }, (_, i) => `    if a == ${i}:\n        return ${i}`).join('\n')}\n`,
    line: 1,
    says: /12 independent paths .* at least 12 test cases/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'javascript',
    code: 'export function area(w, h) {\n  return w * h;\n}',
    line: 1,
    says: /`area` is exported but undocumented/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'python',
    code: 'def area(w, h):\n    return w * h\n',
    line: 1,
    says: /docstring/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\nfunc Area(w, h int) int { return w * h }\n',
    line: 3,
    says: /godoc/,
  },
  {
    rule: 'documentation/missing-doc',
    language: 'java',
    code: 'public class Shapes {\n  /** Area. */\n  public int area(int w, int h) { return w * h; }\n}',
    line: 1,
    says: /`Shapes` is public/,
  },
  {
    rule: 'scalability/exponential-recursion',
    language: 'go',
    code: 'package m\nfunc fib(n int) int {\n\tif n < 2 {\n\t\treturn n\n\t}\n\treturn fib(n-1) + fib(n-2)\n}\n',
    line: 2,
    says: /`fib` calls itself at 2 places/,
  },
  {
    rule: 'scalability/sync-io',
    language: 'javascript',
    code: "const fs = require('fs');\nfunction handler(req, res) {\n  res.end(fs.readFileSync(req.path));\n}",
    line: 3,
    says: /`readFileSync` blocks/,
  },
  {
    rule: 'maintainability/cognitive-complexity',
    language: 'java',
    code: `class A {\n  int f(int a) {\n${deep(() => 'if (a > 0) {', '}', 6, 'a--;')}\n    return a;\n  }\n}`,
    line: 2,
    says: /cognitive complexity 21/,
  },
];

const NEGATIVE: Case[] = [
  { rule: 'security/code-injection', language: 'javascript', code: "eval('1 + 1');" },
  { rule: 'security/code-injection', language: 'python', code: 'x = evaluate(expr)\n' },
  { rule: 'security/command-injection', language: 'javascript', code: "exec('ls -la');" },
  {
    rule: 'security/command-injection',
    language: 'python',
    code: 'import subprocess\nsubprocess.run(["ls", d])\n',
  },
  {
    rule: 'security/command-injection',
    language: 'go',
    code: 'package m\nimport "os/exec"\nfunc R(a string) { exec.Command("ls", a).Run() }\n',
  },
  {
    rule: 'security/sql-injection',
    language: 'javascript',
    code: "db.query('SELECT * FROM t WHERE id = $1', [id]);",
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: 'cur.execute("SELECT * FROM t WHERE id = %s", (i,))\n',
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'javascript',
    code: 'const password = process.env.PASSWORD;\nconst token = "";',
  },
  {
    rule: 'security/hardcoded-secret',
    language: 'python',
    code: 'password_hint = "ask admin"\nsecret = "changeme"\n',
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'javascript',
    code: "const re = new RegExp('^#');\nfor (const l of lines) re.test(l);",
  },
  {
    rule: 'performance/regex-in-loop',
    language: 'javascript',
    code: 'for (const p of patterns) new RegExp(p);',
  },
  {
    rule: 'performance/await-in-loop',
    language: 'javascript',
    code: 'async function f(xs) {\n  for await (const x of xs) use(x);\n}',
  },
  {
    rule: 'performance/await-in-loop',
    language: 'javascript',
    code: 'async function f(ids) {\n  for (const id of await list()) use(id);\n}',
  },
  {
    rule: 'readability/deep-nesting',
    language: 'javascript',
    code: `function f(a) {\n${deep(() => 'if (a) {', '}', 4, 'a++;')}\n}`,
  },
  {
    rule: 'readability/too-many-parameters',
    language: 'python',
    code: 'class A:\n    def f(self, a, b, c, d, e):\n        pass\n',
  },
  {
    rule: 'best_practices/empty-catch',
    language: 'javascript',
    code: 'try { run(); } catch (e) {\n  // optional feature: ignore\n}',
  },
  { rule: 'best_practices/loose-equality', language: 'javascript', code: 'if (a == null || a === 1) {}' },
  {
    rule: 'best_practices/bare-except',
    language: 'python',
    code: 'try:\n    run()\nexcept Exception:\n    log()\n',
  },
  {
    rule: 'architecture/high-fan-out',
    language: 'javascript',
    code: `function f() {\n${Array.from({ length: 10 }, (_, i) => `  g${i}();`).join('\n')}\n}`,
  },
  {
    rule: 'testing/basis-paths',
    language: 'javascript',
    code: 'function f(a) { if (a) return 1; return 2; }',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'javascript',
    code: '/** Area of a rectangle. */\nexport function area(w, h) {\n  return w * h;\n}\nfunction helper() {}',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'python',
    code: 'def area(w, h):\n    """Area of a rectangle."""\n    return w * h\n\ndef _helper():\n    pass\n',
  },
  {
    rule: 'documentation/missing-doc',
    language: 'go',
    code: 'package m\n\n// Area returns w times h.\nfunc Area(w, h int) int { return w * h }\n\nfunc helper() {}\n',
  },
  {
    rule: 'scalability/exponential-recursion',
    language: 'python',
    code: 'def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n',
  },
  {
    rule: 'scalability/sync-io',
    language: 'javascript',
    code: "const config = require('fs').readFileSync('config.json', 'utf8');",
  },
  {
    rule: 'maintainability/cognitive-complexity',
    language: 'javascript',
    code: 'function f(a) { if (a) { return 1; } return 0; }',
  },
];

describe('suggestion rules', () => {
  let engine: Engine;
  const findings = async (c: Case): Promise<Suggestion[]> => {
    const response = await engine.explain(explainRequestSchema.parse({ code: c.code, language: c.language }));
    return response.suggestions.filter((s) => s.rule === c.rule);
  };

  before(() => {
    engine = createEngine();
  });
  after(() => engine.dispose());

  it('cover every focus area, each rule in its own area and with a unique id', () => {
    const areas = new Set(ALL_RULES.map((r) => r.meta.type));
    assert.deepEqual([...areas].sort(), [...FOCUS_AREAS].sort());
    assert.equal(new Set(ALL_RULES.map((r) => r.meta.id)).size, ALL_RULES.length);
    for (const rule of ALL_RULES) assert.ok(rule.meta.id.startsWith(`${rule.meta.type}/`), rule.meta.id);
    for (const rule of ALL_RULES.filter((r) => r.meta.type === 'security'))
      assert.match(rule.meta.docs.cwe ?? '', /^CWE-\d+$/);
  });

  it('are tested in every tier-1 language they claim', () => {
    for (const rule of ALL_RULES) {
      const tested = new Set(POSITIVE.filter((c) => c.rule === rule.meta.id).map((c) => c.language));
      assert.ok(tested.size > 0, `${rule.meta.id} has no positive case`);
    }
  });

  for (const c of POSITIVE) {
    it(`${c.rule} finds it in ${c.language}${c.line ? ` (line ${c.line})` : ''}`, async () => {
      const found = await findings(c);
      assert.equal(found.length, 1, JSON.stringify(found));
      const [s] = found;
      const rule = ALL_RULES.find((r) => r.meta.id === c.rule)!;
      assert.equal(s!.type, rule.meta.type);
      assert.equal(s!.severity, rule.meta.severity);
      if (c.line !== undefined) assert.equal(s!.line, c.line);
      if (c.says) assert.match(s!.description, c.says);
    });
  }

  for (const c of NEGATIVE) {
    it(`${c.rule} stays quiet on a near miss in ${c.language}: ${JSON.stringify(c.code.slice(0, 40))}`, async () => {
      assert.deepEqual(await findings(c), []);
    });
  }

  describe('runner', () => {
    const input = async (code: string) => {
      const parser = new SourceParser();
      const parsed = await parser.parse(code, 'javascript');
      const metrics = metricsFor('javascript').measure(parsed.root);
      return {
        language: 'javascript' as const,
        code,
        root: parsed.root,
        facts: extractFacts('javascript', code, parsed.root, 0, metrics),
      };
    };

    it('keeps going when a rule throws, dropping only that rule’s findings', async () => {
      const broken: Rule = {
        meta: {
          id: 'testing/broken',
          type: 'testing',
          severity: 'low',
          languages: ['javascript'],
          docs: { description: 'throws' },
        },
        create: (context) => ({
          identifier(node) {
            context.report({ node, message: 'partial' });
            throw new Error('boom');
          },
        }),
      };
      const suggestions = runRules([broken, ...ALL_RULES], await input('if (a == 1) { eval(x); }'));
      assert.deepEqual(suggestions.map((s) => s.rule).sort(), [
        'best_practices/loose-equality',
        'security/code-injection',
      ]);
    });

    it('walks 5,000 levels of nesting and is deterministic', async () => {
      const code = 'x = ' + '['.repeat(5000) + 'eval(y)' + ']'.repeat(5000) + ';';
      const a = runRules(ALL_RULES, await input(code));
      const b = runRules(ALL_RULES, await input(code));
      assert.deepEqual(a, b);
      assert.deepEqual(
        a.map((s) => s.rule),
        ['security/code-injection'],
      );
    });
  });
});
