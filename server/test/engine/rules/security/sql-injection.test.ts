import { sqlInjection } from '../../../../src/engine/rules/security/sql-injection.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'go',
    why: "ExecContext's SQL is its second argument",
    code: lines(
      'package store',
      '',
      'import (',
      '\t"context"',
      '\t"database/sql"',
      ')',
      '',
      'func DeleteTenant(ctx context.Context, db *sql.DB, tenant string) error {',
      '\t_, err := db.ExecContext(ctx, "DELETE FROM tenants WHERE slug = \'"+tenant+"\'")',
      '\treturn err',
      '}',
      '',
    ),
    errors: [{ line: 9, messageId: 'builtParameter', severity: 'medium' }],
  },
  {
    language: 'python',
    why: 'a module-level name assigned twice is not a constant',
    code: lines(
      'import sqlite3',
      'TABLE = "events"',
      'TABLE = input()',
      'def events(conn):',
      '    return conn.execute(f"SELECT * FROM {TABLE}")',
      '',
    ),
    errors: [
      { line: 5, messageId: 'builtInput', severity: 'high', says: /`TABLE` comes from `input` \(line 3\)/ },
    ],
  },
  {
    language: 'java',
    why: 'a String parameter can carry SQL',
    code: lines(
      'class Lookup {',
      '  java.sql.ResultSet byName(java.sql.Connection conn, String name) throws Exception {',
      '    return conn.createStatement().executeQuery("SELECT * FROM t WHERE name = \'" + name + "\'");',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'builtParameter', severity: 'medium' }],
  },
  {
    language: 'javascript',
    code: lines(
      'async function find(db, id) {',
      '  return db.query(`SELECT * FROM users WHERE id = ${id}`);',
      '}',
    ),
    errors: [
      {
        line: 2,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /^CWE-89: `query` on line 2 receives SQL built from run-time values .*`\$1` for pg, `\?` for mysql2 and sqlite3/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      'async function find(db: Db, id: string) {',
      '  const sql = "SELECT * FROM users WHERE id = \'" + id + "\'";',
      '  return db.query(sql);',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtBeforeParameter',
        severity: 'medium',
        says: /CWE-89: `query` on line 3 runs `sql`, SQL that line 2 builds from run-time values/,
      },
    ],
  },
  {
    language: 'tsx',
    code: 'pool.execute(`DELETE FROM sessions WHERE user = ${user}`);',
    errors: [{ line: 1, messageId: 'built', says: /CWE-89: `execute`/ }],
  },
  {
    language: 'python',
    code: lines('def find(cur, name):', '    cur.execute(f"SELECT * FROM t WHERE name = \'{name}\'")', ''),
    // No driver in sight: the placeholder is named per driver, not guessed.
    errors: [
      {
        line: 2,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: .*the placeholder your driver takes \(`\?` for sqlite3, `%s` for psycopg and PyMySQL\)/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import sqlite3',
      'def find(conn, name):',
      '    conn.execute("SELECT * FROM t WHERE name = \'" + name + "\'")',
      '',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: .*`\?` placeholders: `conn\.execute\("… WHERE id = \?", \(id,\)\)/,
        saysNot: /%s/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import psycopg2',
      'def find(cur, name):',
      '    cur.execute("SELECT * FROM t WHERE name = \'%s\'" % name)',
      '',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: .*`%s` placeholders: `cur\.execute\("… WHERE id = %s", \(id,\)\)/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "const mysql = require('mysql');",
      'function find(conn, id) {',
      '  conn.query("SELECT * FROM users WHERE id = " + id);',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: .*`\?` placeholders and pass the values separately: `conn\.query\("… WHERE id = \?", \[id\]\)/,
        saysNot: /\$1/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "import pg from 'pg';",
      'async function find(db, id) {',
      '  return db.query(`SELECT * FROM users WHERE id = ${id}`);',
      '}',
    ),
    errors: [
      { line: 3, messageId: 'builtParameter', severity: 'medium', says: /CWE-89: .*`\$1` placeholders/ },
    ],
  },
  {
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
    errors: [
      {
        line: 8,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: `Query`.*`\?` placeholders: `db\.Query\("… WHERE id = \?", id\)/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'def search(cur, term):',
      '    sql = "SELECT * FROM items"',
      '    sql += " WHERE name LIKE \'%" + term + "%\'"',
      '    cur.execute(sql)',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'builtBeforeParameter',
        severity: 'medium',
        says: /runs `sql`, SQL that line 3 builds/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "fmt"',
      'func F(db DB, id string) {',
      '\tdb.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %s", id))',
      '}',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: `Query`.*`\$1` for PostgreSQL, `\?` for MySQL and SQLite/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  void f(Statement s, String id) throws Exception {',
      '    s.executeQuery("SELECT * FROM t WHERE id = " + id);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /CWE-89: `executeQuery`.*PreparedStatement/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import sqlite3',
      'from flask import request',
      '',
      '@app.route("/user")',
      'def user():',
      '    name = request.args["name"]',
      '    sql = "SELECT * FROM users WHERE name = \'" + name + "\'"',
      '    return db.execute(sql).fetchall()',
      '',
    ),
    why: 'request input: the source, the names and the sink are named',
    errors: [
      {
        line: 8,
        messageId: 'builtBeforeInput',
        data: {
          value: '`sql` (from `name`)',
          source: '`request.args`',
          sourceLine: 6,
          sink: '`db.execute(...)`',
          sinkLine: 8,
        },
        says: /^CWE-89: `sql` \(from `name`\) comes from `request\.args` \(line 6\) and reaches `db\.execute\(\.\.\.\)` \(line 8\).*`\?` placeholders/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Users {',
      '  void find(HttpServletRequest request, Statement st) throws Exception {',
      '    st.executeQuery(request.getParameter("q"));',
      '  }',
      '}',
    ),
    why: 'the whole query from request input',
    errors: [{ line: 3, messageId: 'builtInput', data: { source: '`request.getParameter`' } }],
  },
];

invalid.push(
  {
    language: 'java',
    why: "Spring's JdbcTemplate: the fix binds with its own arguments",
    code: lines(
      'class Orders {',
      '  int cancel(String orderId) {',
      `    return jdbc.update("UPDATE orders SET status = 'X' WHERE id = '" + orderId + "'");`,
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /Instead, use `\?` placeholders and pass the values as arguments: `jdbc\.update\("… WHERE id = \?", id\)`/,
      },
    ],
  },
  {
    language: 'java',
    why: "JPA's native query: a positional parameter bound with setParameter",
    code: lines(
      'class Customers {',
      '  List<Object[]> byCity(String city) {',
      `    return em.createNativeQuery("SELECT id FROM customers WHERE city = '" + city + "'").getResultList();`,
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /em\.createNativeQuery\("… WHERE id = \?1"\)\.setParameter\(1, id\)/,
      },
    ],
  },
  {
    language: 'javascript',
    why: "node-sqlite3's db.all, with SQL built before it; the fix shows the method called",
    code: lines(
      "const sqlite3 = require('sqlite3');",
      'function searchNotes(term, done) {',
      "  let sql = 'SELECT id, title FROM notes';",
      '  if (term) sql += " WHERE title LIKE \'%" + term + "%\'";',
      '  db.all(sql, done);',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'builtBeforeParameter',
        severity: 'medium',
        says: /`db\.all\("… WHERE id = \?", \[id\]\)`/,
      },
    ],
  },
);

invalid.push(
  {
    language: 'javascript',
    why: 'a table name cannot be a placeholder: the fix is an allow-list',
    code: lines(
      'async function resetCounters(table) {',
      '  return db.exec(`UPDATE ${table} SET hits = 0`);',
      '}',
    ),
    errors: [
      {
        line: 2,
        messageId: 'builtParameter',
        severity: 'medium',
        says: /Instead, check the table name against a fixed allow-list \(no driver takes a table name as a parameter\): stop unless `ALLOWED_TABLES\.has\(table\)`\./,
      },
    ],
  },
  {
    language: 'python',
    why: 'a sort column and a value: the column is checked, the value bound',
    code: lines(
      'import sqlite3',
      'def page(conn, sort_column, owner):',
      '    sql = f"SELECT id FROM items WHERE owner = \'{owner}\' ORDER BY {sort_column} DESC"',
      '    return conn.execute(sql).fetchall()',
    ),
    errors: [
      {
        line: 4,
        messageId: 'builtBeforeParameter',
        severity: 'medium',
        says: /stop unless `sort_column in ALLOWED_COLUMNS`; and for the values, pass the values as parameters with `\?` placeholders: `conn\.execute\(/,
      },
    ],
  },
);

invalid.push({
  language: 'typescript',
  why: 'a function of the snippet that returns its parameter is no fixed text',
  code: lines(
    'function column(name: string) {',
    "  return name === 'id' ? 'id' : name;",
    '}',
    'export function sorted(db: Db, by: string) {',
    '  return db.query(`SELECT id FROM items ORDER BY ${column(by)}`);',
    '}',
  ),
  errors: [{ line: 5, messageId: 'builtParameter', severity: 'medium' }],
});

const valid: ValidCase[] = [
  {
    language: 'typescript',
    why: 'SQL pieces from a function that only returns fixed text, chosen by a typed key',
    code: lines(
      "type FilterKey = '' | 'language';",
      'function whereFor(key: FilterKey): string {',
      "  return { '': 'account_id = @account', language: 'account_id = @account AND language = @language' }[key];",
      '}',
      'function direction(desc: boolean) {',
      "  return desc ? 'DESC' : 'ASC';",
      '}',
      'export function page(db: Db, key: FilterKey, desc: boolean) {',
      '  return db.prepare(`SELECT id FROM explanations WHERE ${whereFor(key)} ORDER BY created_at ${direction(desc)}`);',
      '}',
    ),
  },
  {
    language: 'javascript',
    why: 'a number bound once to a constant',
    code: lines(
      'function latest(done) {',
      '  const limit = 50;',
      "  db.all('SELECT title FROM notes ORDER BY created DESC LIMIT ' + limit, done);",
      '}',
    ),
  },
  {
    language: 'javascript',
    why: 'names shared with non-database APIs count only for built SQL: Promise.all, a cache get, a hash update',
    code: lines(
      "app.get('/x', async (req, res) => {",
      '  const cached = cache.get(req.query.key);',
      '  const all = await Promise.all(req.body.items);',
      '  res.send(cached + all);',
      '});',
    ),
  },
  {
    language: 'java',
    why: 'an update that is not SQL',
    code: lines('class H {', '  void add(String s) {', '    digest.update(s.getBytes());', '  }', '}'),
  },
  {
    language: 'go',
    why: 'only a package constant is concatenated',
    code: lines(
      'package store',
      '',
      'import "database/sql"',
      '',
      'const statusActive = "active"',
      '',
      'func ActiveUsers(db *sql.DB) (*sql.Rows, error) {',
      '\treturn db.Query("SELECT id FROM users WHERE status = \'" + statusActive + "\'")',
      '}',
      '',
    ),
  },
  {
    language: 'go',
    why: 'a run of ? placeholders, the values passed separately',
    code: lines(
      'package store',
      '',
      'import (',
      '\t"database/sql"',
      '\t"strings"',
      ')',
      '',
      'func FindByIDs(db *sql.DB, ids []any) (*sql.Rows, error) {',
      '\tmarks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")',
      '\treturn db.Query("SELECT id FROM posts WHERE id IN ("+marks+")", ids...)',
      '}',
      '',
    ),
  },
  {
    language: 'python',
    why: 'placeholders joined for an IN list, and a module constant table name',
    code: lines(
      'import sqlite3',
      'TABLE = "events"',
      'def events(conn, ids):',
      '    marks = ", ".join("?" * len(ids))',
      '    return conn.execute(f"SELECT * FROM {TABLE} WHERE id IN ({marks})", ids).fetchall()',
      '',
    ),
  },
  {
    language: 'javascript',
    why: 'a constant table name in a template, the value as $1',
    code: lines(
      "const { Pool } = require('pg');",
      'const pool = new Pool();',
      "const TABLE = 'invoices';",
      'async function invoice(id) {',
      '  return pool.query(`SELECT * FROM ${TABLE} WHERE id = $1`, [id]);',
      '}',
    ),
  },
  {
    language: 'java',
    why: 'a long cannot carry SQL',
    code: lines(
      'class Lookup {',
      '  java.sql.ResultSet byId(java.sql.Connection conn, long id) throws Exception {',
      '    return conn.createStatement().executeQuery("SELECT * FROM t WHERE id = " + id);',
      '  }',
      '}',
    ),
  },
  {
    language: 'javascript',
    code: "db.query('SELECT * FROM t WHERE id = $1', [id]);\nsearch.query(`name:${term}`);",
    why: 'placeholders; not SQL',
  },
  {
    language: 'typescript',
    code: 'let sql = "SELECT * FROM t WHERE id = $1";\ndb.query(sql, [id]);',
    why: 'a fixed query in a variable',
  },
  {
    language: 'python',
    code: 'cur.execute("SELECT * FROM t WHERE id = %s", (i,))\n',
    why: 'parameters',
  },
  {
    language: 'go',
    code: 'package m\nfunc F(db DB, id string) { db.Query("SELECT * FROM t WHERE id = $1", id) }\n',
    why: 'arguments',
  },
  {
    language: 'java',
    code: 'class A { void f(Connection c) throws Exception { c.prepareStatement("SELECT * FROM t WHERE id = ?"); } }',
    why: 'a placeholder',
  },
  {
    language: 'python',
    code: lines(
      'import sqlite3',
      'def user():',
      '    db.execute("SELECT * FROM users WHERE name = ?", (request.args["name"],))',
      '',
    ),
    why: 'a parameterised query with request input',
  },
  {
    language: 'javascript',
    code: lines("app.get('/s', async (req, res) => {", '  res.send(await search.query(req.query.q));', '});'),
    why: 'request input to a .query with no database driver in sight',
  },
  {
    language: 'typescript',
    code: lines(
      "import pg from 'pg';",
      "app.get('/u', (req, res) => db.query('SELECT * FROM users WHERE id = ' + Number(req.query.id)));",
    ),
    why: 'a number',
  },
];

/** C#: ADO.NET commands, EF Core's raw methods and Dapper, fed by ASP.NET request input or parameters. */
const csharpInvalid: InvalidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'using Microsoft.Data.SqlClient;',
      '',
      '[ApiController]',
      '[Route("api/users")]',
      'public class UsersController : ControllerBase',
      '{',
      '    [HttpGet("search")]',
      '    public IActionResult Search(string name)',
      '    {',
      '        var sql = $"SELECT * FROM Users WHERE Name = \'{name}\'";',
      '        using var cmd = new SqlCommand(sql, _connection);',
      '        return Ok(cmd.ExecuteScalar());',
      '    }',
      '}',
    ),
    why: 'an action parameter interpolated into the text of a SqlCommand',
    errors: [
      {
        line: 11,
        messageId: 'builtBeforeInput',
        severity: 'high',
        data: {
          value: '`sql`',
          source: 'the action parameter `name` of `Search`, bound from the request',
          sourceLine: 8,
          sink: '`new SqlCommand(...)`',
          sinkLine: 11,
        },
        says: /cmd\.Parameters\.AddWithValue\("@name", name\)/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'public class Orders',
      '{',
      '    public List<Order> ForCustomer(AppDbContext db)',
      '    {',
      '        var customer = Request.Query["customer"];',
      '        return db.Orders.FromSqlRaw("SELECT * FROM Orders WHERE Customer = \'" + customer + "\'").ToList();',
      '    }',
      '}',
    ),
    why: "request input concatenated into EF Core's FromSqlRaw",
    errors: [
      {
        line: 6,
        messageId: 'builtInput',
        data: { source: '`Request.Query`', sourceLine: 5 },
        says: /FromSqlInterpolated/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'using Dapper;',
      '',
      'public class AuditLog',
      '{',
      '    public IEnumerable<Entry> Since(IDbConnection conn, string table, DateTime since)',
      '    {',
      '        return conn.Query<Entry>("SELECT * FROM " + table + " WHERE At > @since", new { since });',
      '    }',
      '}',
    ),
    why: 'a plain parameter concatenated into a Dapper query: lower severity',
    errors: [
      {
        line: 7,
        messageId: 'builtParameter',
        severity: 'medium',
        data: { source: 'a parameter of `Since`', sourceLine: 5 },
        says: /ALLOWED_TABLES\.Contains\(table\)/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'using Dapper;',
      '',
      'public class AuditLog',
      '{',
      '    public IEnumerable<Entry> By(IDbConnection conn, string author)',
      '    {',
      '        return conn.Query<Entry>($"SELECT * FROM Entries WHERE Author = \'{author}\'");',
      '    }',
      '}',
    ),
    why: "a value interpolated into a Dapper query: Dapper's parameter object is the fix",
    errors: [{ line: 7, messageId: 'builtParameter', severity: 'medium', says: /new \{ name \}/ }],
  },
  {
    language: 'csharp',
    code: lines(
      'public class Reports',
      '{',
      '    public void Purge(SqlConnection conn)',
      '    {',
      '        var cmd = conn.CreateCommand();',
      '        cmd.CommandText = "DELETE FROM Reports WHERE Owner = \'" + Request.Form["owner"] + "\'";',
      '        cmd.ExecuteNonQuery();',
      '    }',
      '}',
    ),
    why: 'request input concatenated into CommandText',
    errors: [{ line: 6, messageId: 'builtInput', data: { sink: '`cmd.CommandText`' } }],
  },
  {
    language: 'csharp',
    code: lines(
      'public class LegacyController : Controller',
      '{',
      '    public ActionResult Find()',
      '    {',
      '        var sb = new StringBuilder("SELECT * FROM Orders WHERE Ref = \'");',
      '        sb.Append(Request.QueryString["ref"]).Append("\'");',
      '        var adapter = new SqlDataAdapter(sb.ToString(), _connection);',
      '        return View();',
      '    }',
      '}',
    ),
    why: 'request input appended to a StringBuilder that becomes the query',
    errors: [{ line: 7, messageId: 'builtInput', data: { source: '`Request.QueryString`', value: '`sb`' } }],
  },
];

const csharpValid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class UsersController : ControllerBase',
      '{',
      '    [HttpGet]',
      '    public IActionResult Search(string name)',
      '    {',
      '        using var cmd = new SqlCommand("SELECT * FROM Users WHERE Name = @name", _connection);',
      '        cmd.Parameters.AddWithValue("@name", name);',
      '        return Ok(cmd.ExecuteScalar());',
      '    }',
      '}',
    ),
    why: 'a parameterised SqlCommand',
  },
  {
    language: 'csharp',
    code: lines(
      'public class Orders',
      '{',
      '    public List<Order> Page(AppDbContext db, int page)',
      '    {',
      '        var sql = $"SELECT * FROM Orders ORDER BY Id OFFSET {page * 20} ROWS";',
      '        var id = int.Parse(Request.Query["id"]);',
      '        db.Database.ExecuteSqlRaw("UPDATE Orders SET Seen = 1 WHERE Id = " + id);',
      '        return db.Orders.FromSqlInterpolated($"SELECT * FROM Orders WHERE Id = {id}").ToList();',
      '    }',
      '}',
    ),
    why: "a number parsed from input, and EF Core's interpolated (parameterising) method",
  },
  {
    language: 'csharp',
    code: lines(
      'public class Stats',
      '{',
      '    private const string Table = "daily_stats";',
      '    public long Count(SqlConnection conn, int year)',
      '    {',
      '        using var cmd = new SqlCommand($"SELECT COUNT(*) FROM {Table} WHERE Year = {year}", conn);',
      '        return (long)cmd.ExecuteScalar();',
      '    }',
      '}',
    ),
    why: 'only a constant and a typed number interpolated',
  },
  {
    language: 'csharp',
    code: lines(
      'public class Search',
      '{',
      '    public IEnumerable<Hit> Find(IElasticClient client, string q)',
      '    {',
      '        return client.Query("SELECT * FROM docs WHERE body = \'" + q + "\'");',
      '    }',
      '}',
    ),
    why: 'Query without Dapper imported is not a database call',
  },
];

ruleTester(sqlInjection, { valid: [...valid, ...csharpValid], invalid: [...invalid, ...csharpInvalid] });
