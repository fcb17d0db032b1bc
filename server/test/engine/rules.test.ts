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

import { lines, TIER1 } from './support/rule-snippets.js';

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

// ---------------------------------------------------------------------------------------------
// Security

const SECURITY: Case[] = [
  {
    rule: 'security/code-injection',
    language: 'javascript',
    code: lines('function run(input) {', '  return eval(input);', '}'),
    line: 2,
    says: /^CWE-95: `eval\(input\)` on line 2 runs the text of `input`.*JSON\.parse/,
  },
  {
    rule: 'security/code-injection',
    language: 'typescript',
    code: "const f = new Function('a', body);",
    line: 1,
    says: /CWE-95: .* compiles a function from `body`/,
  },
  {
    rule: 'security/code-injection',
    language: 'tsx',
    code: 'setTimeout("tick(" + id + ")", 100);',
    line: 1,
    says: /CWE-95: .*evaluates as code the string `"tick\(" \+ id \+ "\)"`/,
  },
  {
    rule: 'security/code-injection',
    language: 'python',
    code: lines('def calc(expr):', '    return eval(expr)', ''),
    line: 2,
    says: /CWE-95: `eval\(expr\)` on line 2 .*ast\.literal_eval/,
  },
  {
    rule: 'security/command-injection',
    language: 'javascript',
    code: lines(
      "const { exec } = require('child_process');",
      'function ls(dir) {',
      '  exec(`ls ${dir}`);',
      '}',
    ),
    line: 3,
    says: /^CWE-78: `` exec\(`ls \$\{dir\}`\) `` on line 3 has a shell run .*execFile or spawn/,
  },
  {
    rule: 'security/command-injection',
    language: 'typescript',
    code: lines(
      "import * as cp from 'node:child_process';",
      'export function rm(p: string) {',
      "  cp.execSync('rm -rf ' + p);",
      '}',
    ),
    line: 3,
    says: /CWE-78: `cp\.execSync\('rm -rf ' \+ p\)`/,
  },
  {
    rule: 'security/command-injection',
    language: 'tsx',
    code: 'execSync(`git checkout ${branch}`);',
    line: 1,
    says: /CWE-78/,
  },
  {
    rule: 'security/command-injection',
    language: 'python',
    code: lines('import subprocess', 'def ls(d):', '    subprocess.run("ls " + d, shell=True)', ''),
    line: 3,
    says: /CWE-78: .*"ls " \+ d.*without shell=True/,
  },
  {
    rule: 'security/command-injection',
    language: 'python',
    code: lines('import os', 'def rm(p):', '    os.system(f"rm {p}")', ''),
    line: 3,
    says: /CWE-78: `os\.system\(f"rm \{p\}"\)`/,
  },
  {
    rule: 'security/command-injection',
    language: 'go',
    code: lines(
      'package m',
      'import "os/exec"',
      'func Run(arg string) {',
      '\texec.Command("sh", "-c", "ls "+arg).Run()',
      '}',
      '',
    ),
    line: 4,
    says: /CWE-78: .*`"ls "\+arg`.*exec\.Command\("prog", arg\)/,
  },
  {
    rule: 'security/command-injection',
    language: 'java',
    code: lines(
      'class A {',
      '  void run(String f) throws Exception {',
      '    Runtime.getRuntime().exec("cat " + f);',
      '  }',
      '}',
    ),
    line: 3,
    says: /CWE-78: .*ProcessBuilder/,
  },
  {
    rule: 'security/command-injection',
    language: 'java',
    code: lines(
      'class A {',
      '  Process run(String d) throws Exception {',
      '    return new ProcessBuilder("bash", "-c", "ls " + d).start();',
      '  }',
      '}',
    ),
    line: 3,
    says: /CWE-78: .*`"ls " \+ d`/,
  },
  {
    rule: 'security/sql-injection',
    language: 'javascript',
    code: lines(
      'async function find(db, id) {',
      '  return db.query(`SELECT * FROM users WHERE id = ${id}`);',
      '}',
    ),
    line: 2,
    says: /^CWE-89: `query` on line 2 receives SQL built from run-time values .*`\$1` for pg, `\?` for mysql2 and sqlite3/,
  },
  {
    rule: 'security/sql-injection',
    language: 'typescript',
    code: lines(
      'async function find(db: Db, id: string) {',
      '  const sql = "SELECT * FROM users WHERE id = \'" + id + "\'";',
      '  return db.query(sql);',
      '}',
    ),
    line: 3,
    says: /CWE-89: `query` on line 3 runs `sql`, SQL that line 2 builds from run-time values/,
  },
  {
    rule: 'security/sql-injection',
    language: 'tsx',
    code: 'pool.execute(`DELETE FROM sessions WHERE user = ${user}`);',
    line: 1,
    says: /CWE-89: `execute`/,
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: lines('def find(cur, name):', '    cur.execute(f"SELECT * FROM t WHERE name = \'{name}\'")', ''),
    line: 2,
    // No driver in sight: the placeholder is named per driver, not guessed.
    says: /CWE-89: .*the placeholder your driver takes \(`\?` for sqlite3, `%s` for psycopg and PyMySQL\)/,
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: lines(
      'import sqlite3',
      'def find(conn, name):',
      '    conn.execute("SELECT * FROM t WHERE name = \'" + name + "\'")',
      '',
    ),
    line: 3,
    says: /CWE-89: .*`\?` placeholders: cursor\.execute\("… WHERE id = \?", \(id,\)\)/,
    saysNot: /%s/,
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: lines(
      'import psycopg2',
      'def find(cur, name):',
      '    cur.execute("SELECT * FROM t WHERE name = \'%s\'" % name)',
      '',
    ),
    line: 3,
    says: /CWE-89: .*`%s` placeholders: cursor\.execute\("… WHERE id = %s", \(id,\)\)/,
  },
  {
    rule: 'security/sql-injection',
    language: 'javascript',
    code: lines(
      "const mysql = require('mysql');",
      'function find(conn, id) {',
      '  conn.query("SELECT * FROM users WHERE id = " + id);',
      '}',
    ),
    line: 3,
    says: /CWE-89: .*`\?` placeholders and pass the values separately: db\.query\("… WHERE id = \?", \[id\]\)/,
    saysNot: /\$1/,
  },
  {
    rule: 'security/sql-injection',
    language: 'javascript',
    code: lines(
      "import pg from 'pg';",
      'async function find(db, id) {',
      '  return db.query(`SELECT * FROM users WHERE id = ${id}`);',
      '}',
    ),
    line: 3,
    says: /CWE-89: .*`\$1` placeholders/,
  },
  {
    rule: 'security/sql-injection',
    language: 'go',
    code: lines(
      'package m',
      'import (',
      '\t"database/sql"',
      '\t"fmt"',
      '\t_ "github.com/go-sql-driver/mysql"',
      ')',
      'func F(db *sql.DB, id string) {',
      '\tdb.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %s", id))',
      '}',
      '',
    ),
    line: 8,
    says: /CWE-89: `Query`.*`\?` placeholders: db\.Query\("… WHERE id = \?", id\)/,
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: lines(
      'def search(cur, term):',
      '    sql = "SELECT * FROM items"',
      '    sql += " WHERE name LIKE \'%" + term + "%\'"',
      '    cur.execute(sql)',
      '',
    ),
    line: 4,
    says: /runs `sql`, SQL that line 3 builds/,
  },
  {
    rule: 'security/sql-injection',
    language: 'go',
    code: lines(
      'package m',
      'import "fmt"',
      'func F(db DB, id string) {',
      '\tdb.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %s", id))',
      '}',
      '',
    ),
    line: 4,
    says: /CWE-89: `Query`.*`\$1` for PostgreSQL, `\?` for MySQL and SQLite/,
  },
  {
    rule: 'security/sql-injection',
    language: 'java',
    code: lines(
      'class A {',
      '  void f(Statement s, String id) throws Exception {',
      '    s.executeQuery("SELECT * FROM t WHERE id = " + id);',
      '  }',
      '}',
    ),
    line: 3,
    says: /CWE-89: `executeQuery`.*PreparedStatement/,
  },
  {
    rule: 'security/html-injection',
    language: 'javascript',
    code: lines('function show(el, html) {', '  el.innerHTML = html;', '}'),
    line: 2,
    says: /^CWE-79: line 2 passes `html` to `el\.innerHTML`.*textContent/,
  },
  {
    rule: 'security/html-injection',
    language: 'javascript',
    code: 'document.write(`<p>${name}</p>`);',
    line: 1,
    says: /CWE-79: .*to `document\.write`/,
  },
  {
    rule: 'security/html-injection',
    language: 'typescript',
    code: lines('for (const row of rows) {', '  table.innerHTML += row;', '}'),
    line: 2,
    says: /CWE-79: line 2 passes `row` to `table\.innerHTML`/,
  },
  {
    rule: 'security/html-injection',
    language: 'tsx',
    code: 'const Post = ({ body }) => <div dangerouslySetInnerHTML={{ __html: body }} />;',
    line: 1,
    says: /CWE-79: .*`body` to `dangerouslySetInnerHTML`/,
  },
  {
    rule: 'security/unsafe-deserialization',
    language: 'python',
    code: lines('import pickle', 'def restore(blob):', '    return pickle.loads(blob)', ''),
    line: 3,
    says: /^CWE-502: `pickle\.loads\(blob\)` on line 3 unpickles data with `pickle\.loads`.*json\.loads/,
  },
  {
    rule: 'security/unsafe-deserialization',
    language: 'python',
    code: lines('import yaml', 'cfg = yaml.load(text)', ''),
    line: 2,
    says: /CWE-502: .*without a Loader: PyYAML before 5\.1 .*yaml\.safe_load/,
  },
  {
    rule: 'security/unsafe-deserialization',
    language: 'python',
    code: lines('import yaml', 'cfg = yaml.load(text, Loader=yaml.Loader)', ''),
    line: 2,
    says: /loads YAML with `yaml\.Loader`/,
  },
  {
    rule: 'security/unsafe-deserialization',
    language: 'java',
    code: lines(
      'class A {',
      '  Object read(InputStream in) throws Exception {',
      '    ObjectInputStream ois = new ObjectInputStream(in);',
      '    return ois.readObject();',
      '  }',
      '}',
    ),
    line: 3,
    says: /CWE-502: `new ObjectInputStream\(in\)` on line 3 reads objects with ObjectInputStream.*ObjectInputFilter/,
  },
];

const SECURITY_MISSES: Case[] = [
  { rule: 'security/code-injection', language: 'javascript', code: "eval('1 + 1');", why: 'a fixed literal' },
  {
    rule: 'security/code-injection',
    language: 'javascript',
    code: 'setTimeout(() => tick(id), 100);',
    why: 'a function',
  },
  {
    rule: 'security/code-injection',
    language: 'python',
    code: 'x = evaluate(expr)\nmodel.eval()\n',
    why: 'other functions',
  },
  { rule: 'security/code-injection', language: 'python', code: 'eval("1 + 2")\n', why: 'a fixed literal' },
  {
    rule: 'security/command-injection',
    language: 'javascript',
    code: "exec('ls -la');",
    why: 'a fixed command',
  },
  {
    rule: 'security/command-injection',
    language: 'javascript',
    code: 'const m = /a(\\d+)/.exec(`${prefix}a12`);',
    why: 'RegExp.prototype.exec',
  },
  {
    rule: 'security/command-injection',
    language: 'typescript',
    code: "import { exec } from './db.js';\nexec(`UPDATE t SET a = ${a}`);",
    why: 'an exec imported from elsewhere',
  },
  {
    rule: 'security/command-injection',
    language: 'python',
    code: 'import subprocess, os\nsubprocess.run(["ls", d])\nsubprocess.run("ls " + d)\nos.system("ls " "-la")\n',
    why: 'no shell; adjacent literals are one fixed string',
  },
  {
    rule: 'security/command-injection',
    language: 'go',
    code: 'package m\nimport "os/exec"\nfunc R(a string) { exec.Command("ls", a).Run() }\n',
    why: 'no shell',
  },
  {
    rule: 'security/command-injection',
    language: 'java',
    code: 'class A { void f(String d) throws Exception { Runtime.getRuntime().exec(new String[] {"ls", d}); } }',
    why: 'an argument array',
  },
  {
    rule: 'security/sql-injection',
    language: 'javascript',
    code: "db.query('SELECT * FROM t WHERE id = $1', [id]);\nsearch.query(`name:${term}`);",
    why: 'placeholders; not SQL',
  },
  {
    rule: 'security/sql-injection',
    language: 'typescript',
    code: 'let sql = "SELECT * FROM t WHERE id = $1";\ndb.query(sql, [id]);',
    why: 'a fixed query in a variable',
  },
  {
    rule: 'security/sql-injection',
    language: 'python',
    code: 'cur.execute("SELECT * FROM t WHERE id = %s", (i,))\n',
    why: 'parameters',
  },
  {
    rule: 'security/sql-injection',
    language: 'go',
    code: 'package m\nfunc F(db DB, id string) { db.Query("SELECT * FROM t WHERE id = $1", id) }\n',
    why: 'arguments',
  },
  {
    rule: 'security/sql-injection',
    language: 'java',
    code: 'class A { void f(Connection c) throws Exception { c.prepareStatement("SELECT * FROM t WHERE id = ?"); } }',
    why: 'a placeholder',
  },
  {
    rule: 'security/html-injection',
    language: 'javascript',
    code: "el.innerHTML = '';\nel.innerHTML = DOMPurify.sanitize(html);\nel.textContent = html;",
    why: 'empty, sanitized, text',
  },
  {
    rule: 'security/html-injection',
    language: 'tsx',
    code: "const Hi = () => <b dangerouslySetInnerHTML={{ __html: '<i>hi</i>' }} />;",
    why: 'a fixed string',
  },
  {
    rule: 'security/unsafe-deserialization',
    language: 'python',
    code: 'import yaml, json\na = yaml.safe_load(t)\nb = yaml.load(t, Loader=yaml.SafeLoader)\nc = json.loads(t)\n',
    why: 'safe loaders',
  },
  {
    rule: 'security/unsafe-deserialization',
    language: 'java',
    code: lines(
      'class A {',
      '  Object read(InputStream in) throws Exception {',
      '    ObjectInputStream ois = new ObjectInputStream(in);',
      '    ois.setObjectInputFilter(FILTER);',
      '    return ois.readObject();',
      '  }',
      '}',
    ),
    why: 'a filter',
  },
];

// ---------------------------------------------------------------------------------------------
// Performance

const PERFORMANCE: Case[] = [];

const PERFORMANCE_MISSES: Case[] = [];

// ---------------------------------------------------------------------------------------------
// Best practices

const BEST_PRACTICES: Case[] = [];

const BEST_PRACTICES_MISSES: Case[] = [];

// ---------------------------------------------------------------------------------------------
// Rules people expect (issue 12, first part): TLS, weak hashes, dead code, lossy conversions, unsafe

const EXPECTED: Case[] = [
  {
    rule: 'security/reflected-xss',
    language: 'javascript',
    code: lines(
      "app.get('/search', (req, res) => {",
      "  res.send('<h1>Results for ' + req.query.q + '</h1>');",
      '});',
    ),
    line: 2,
    says: /^CWE-79: `res\.send` on line 2 sends HTML built from `req\.query` .*escape-html/,
  },
  {
    rule: 'security/reflected-xss',
    language: 'typescript',
    code: lines('router.get("/hello", (ctx) => {', '  ctx.body = `<p>Hello ${ctx.query.name}</p>`;', '});'),
    line: 2,
    says: /^CWE-79: `ctx\.body =` on line 2 sends HTML built from `ctx\.query`/,
  },
  {
    rule: 'security/reflected-xss',
    language: 'tsx',
    code: lines("app.get('/', (req, res) => res.write(`<div>${req.params.id}</div>`));"),
    line: 1,
    says: /CWE-79/,
  },
  {
    rule: 'security/reflected-xss',
    language: 'python',
    code: lines(
      "@app.route('/hello')",
      'def hello():',
      '    name = request.args.get("name")',
      "    return '<h1>Hello ' + request.args.get('name') + '</h1>'",
      '',
    ),
    line: 4,
    says: /^CWE-79: `return` on line 4 sends HTML built from `request\.args` .*markupsafe\.escape/,
  },
];

const EXPECTED_MISSES: Case[] = [
  {
    rule: 'security/reflected-xss',
    language: 'javascript',
    code: lines(
      "app.get('/search', (req, res) => {",
      "  res.send('<h1>Results for ' + escapeHtml(req.query.q) + '</h1>');",
      "  res.send('Results for ' + req.query.q);",
      '});',
    ),
    why: 'escaped; plain text without HTML',
  },
];

const POSITIVE: Case[] = [...EXPECTED, ...SECURITY, ...PERFORMANCE, ...BEST_PRACTICES];
const NEGATIVE: Case[] = [
  ...EXPECTED_MISSES,
  ...SECURITY_MISSES,
  ...PERFORMANCE_MISSES,
  ...BEST_PRACTICES_MISSES,
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
