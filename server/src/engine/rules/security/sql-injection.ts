import type { LanguageId } from '@code-explain/shared';
import { onlyFixedParts } from './fixed-sql-parts.js';
import { nameFix } from './sql-identifiers.js';
import { csharpDeclaratorValue } from '../../scope/bindings.js';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { SKIP_CHILDREN, walk } from '../../walk.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  enclosingFunction,
  isBuiltString,
  isPlainString,
  lineOf,
  literalParts,
  methodName,
  TIER1,
  unwrap,
} from '../util.js';
import { INPUT_LEAD, lazyAnalysis, PARAMETER_TAIL, reportSourced } from './taint-flows.js';

const BUILT =
  'CWE-89: `{{method}}` on line {{line}} receives SQL built from run-time values ({{text}}); a crafted value can change what the query does. Instead, {{fix}}.';
const BUILT_BEFORE =
  'CWE-89: `{{method}}` on line {{line}} runs `{{variable}}`, SQL that line {{builtLine}} builds from run-time values ({{text}}); a crafted value can change what the query does. Instead, {{fix}}.';
const INPUT = `CWE-89: ${INPUT_LEAD}, where it becomes part of the SQL text, so a crafted value can change what the query does. Instead, {{fix}}.`;

const SQL_METHODS = new Set([
  'query',
  'execute',
  'executemany',
  'executescript',
  'executeQuery',
  'executeUpdate',
  'executeLargeUpdate',
  'addBatch',
  'prepareStatement',
  'prepareCall',
  'Query',
  'QueryRow',
  'QueryContext',
  'QueryRowContext',
  'Exec',
  'ExecContext',
  'Prepare',
  'PrepareContext',
  'raw',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
]);

/**
 * Methods whose names are also common outside databases (`update`, `all`,
 * `get`): they count only when the text they are given is built SQL, never
 * for input passed whole.
 */
const BUILT_SQL_METHODS: Partial<Record<LanguageId, ReadonlySet<string>>> = {
  // Spring's JdbcTemplate, JPA and Hibernate.
  java: new Set([
    'update',
    'batchUpdate',
    'queryForObject',
    'queryForList',
    'queryForMap',
    'queryForRowSet',
    'queryForStream',
    'createNativeQuery',
    'createQuery',
    'createSQLQuery',
  ]),
  // node-sqlite3's Database and better-sqlite3's prepare.
  javascript: new Set(['all', 'get', 'run', 'each', 'exec', 'prepare']),
  typescript: new Set(['all', 'get', 'run', 'each', 'exec', 'prepare']),
  tsx: new Set(['all', 'get', 'run', 'each', 'exec', 'prepare']),
};

/** Text that reads as a SQL statement, not merely a sentence containing "from". */
/** C#: ADO.NET commands take their SQL when made; EF Core's raw methods; Dapper's extension methods. */
const CSHARP_COMMANDS =
  /^(System\.Data\.SqlClient\.|Microsoft\.Data\.SqlClient\.)?(SqlCommand|SqliteCommand|NpgsqlCommand|MySqlCommand|OracleCommand|OleDbCommand|OdbcCommand|SqlDataAdapter)$/;
const EF_RAW =
  /^(ExecuteSqlRaw|ExecuteSqlRawAsync|FromSqlRaw|ExecuteSqlCommand|ExecuteSqlCommandAsync|SqlQueryRaw)$/;
const DAPPER_METHODS =
  /^(Query|QueryAsync|QueryFirst|QueryFirstAsync|QueryFirstOrDefault|QueryFirstOrDefaultAsync|QuerySingle|QuerySingleAsync|QuerySingleOrDefault|QuerySingleOrDefaultAsync|QueryMultiple|QueryMultipleAsync|Execute|ExecuteAsync|ExecuteScalar|ExecuteScalarAsync|ExecuteReader|ExecuteReaderAsync)$/;

const SQL_SHAPE =
  /\bselect\b[\s\S]*\bfrom\b|\binsert\s+into\b|\bupdate\b[\s\S]*\bset\b|\bdelete\s+from\b|\b(create|drop|alter|truncate)\s+table\b/i;

/**
 * Placeholder styles by driver, detected from the snippet's imports: each
 * driver takes its own (`?` for sqlite3 and MySQL, `%s` for psycopg and
 * PyMySQL, `$1` for PostgreSQL in JavaScript and Go). Without a driver in
 * sight the advice names the styles rather than guess one.
 */
interface Driver {
  readonly imports: RegExp;
  readonly fix: string;
}

const JS_DRIVERS: readonly Driver[] = [
  {
    imports: /^(pg|postgres)$/,
    fix: 'use `$1` placeholders and pass the values separately: `db.query("… WHERE id = $1", [id])`',
  },
  {
    imports: /^(mysql2?(\/promise)?|sqlite3|better-sqlite3)$/,
    fix: 'use `?` placeholders and pass the values separately: `db.query("… WHERE id = ?", [id])`',
  },
];

const DRIVERS: Partial<Record<LanguageId, readonly Driver[]>> = {
  python: [
    {
      imports: /^sqlite3$/,
      fix: 'pass the values as parameters with `?` placeholders: `cursor.execute("… WHERE id = ?", (id,))`',
    },
    {
      imports: /^(psycopg2?|pymysql|MySQLdb|mysql\.connector)(\.|$)/,
      fix: 'pass the values as parameters with `%s` placeholders: `cursor.execute("… WHERE id = %s", (id,))`',
    },
    {
      imports: /^(cx_Oracle|oracledb)$/,
      fix: 'pass the values as bind variables: `cursor.execute("… WHERE id = :id", {"id": id})`',
    },
    {
      imports: /^sqlalchemy/,
      fix: 'use bound parameters: `conn.execute(text("… WHERE id = :id"), {"id": id})`',
    },
  ],

  javascript: JS_DRIVERS,
  typescript: JS_DRIVERS,
  tsx: JS_DRIVERS,
  go: [
    {
      imports: /(lib\/pq|jackc\/pgx)/,
      fix: 'pass the values as arguments with `$1` placeholders: `db.Query("… WHERE id = $1", id)`',
    },
    {
      imports: /(go-sql-driver\/mysql|mattn\/go-sqlite3|modernc\.org\/sqlite)/,
      fix: 'pass the values as arguments with `?` placeholders: `db.Query("… WHERE id = ?", id)`',
    },
  ],
};

const FALLBACK: Partial<Record<LanguageId, string>> = {
  python:
    'pass the values as parameters, with the placeholder your driver takes (`?` for sqlite3, `%s` for psycopg and PyMySQL): `cursor.execute("… WHERE id = ?", (id,))`',
  java: 'use a PreparedStatement with ? placeholders and bind the values with setString/setInt',
  go: 'pass the values as arguments, with the placeholder your driver takes (`$1` for PostgreSQL, `?` for MySQL and SQLite): `db.Query("… WHERE id = ?", id)`',
};

/** C#'s fix names the API the query went to: ADO.NET's command parameters, EF Core's interpolated methods, Dapper's objects. */
function csharpFix(method: string): string {
  if (
    /^(ExecuteSqlRaw|ExecuteSqlRawAsync|FromSqlRaw|ExecuteSqlCommand|ExecuteSqlCommandAsync|SqlQueryRaw)$/.test(
      method,
    )
  )
    return 'keep the SQL constant with parameters, or use EF Core\'s interpolated form, which sends each interpolated value as a parameter: `db.Users.FromSqlInterpolated($"SELECT * FROM Users WHERE Name = {name}")` (`ExecuteSqlInterpolated` for commands)';
  if (DAPPER_METHODS.test(method))
    return 'keep the SQL constant with `@name` parameters and pass the values in an object: `conn.Query<User>("SELECT * FROM Users WHERE Name = @name", new { name })`';
  return 'keep the SQL constant with `@name` parameters and bind the values: `cmd.Parameters.AddWithValue("@name", name)` (or `cmd.Parameters.Add("@name", SqlDbType.NVarChar).Value = name`)';
}

/** JPA's and JdbcTemplate's own way to bind values, where the call is one of theirs. */
function javaFix(method: string, callee: string): string | undefined {
  if (method === 'createNativeQuery')
    return `use a positional parameter and bind the value: \`${callee}("… WHERE id = ?1").setParameter(1, id)\``;
  if (method === 'createQuery' || method === 'createSQLQuery')
    return `use a named parameter and bind the value: \`${callee}("… WHERE id = :id").setParameter("id", id)\``;
  if (/^(update|batchUpdate|queryFor\w+)$/.test(method))
    return `use \`?\` placeholders and pass the values as arguments: \`${callee}("… WHERE id = ?", id)\``;
  return undefined;
}

/**
 * The fix for one call: the driver's placeholders, shown on the method the
 * code calls (`db.all(…)` for node-sqlite3, not a `db.query` it lacks).
 */
function fixAt(language: LanguageId, imports: readonly string[], call: Node, method: string): string {
  const written = calleeText(call).replace(/\s+/g, '');
  const callee =
    written.length <= 30 && !written.includes('`') && !written.includes('(') ? written : undefined;
  if (language === 'java' && callee) {
    const java = javaFix(method, callee);
    if (java) return java;
  }
  const fix = fixFor(language, imports);
  return callee ? fix.replace(/`(db\.query|cursor\.execute|db\.Query)\(/, `\`${callee}(`) : fix;
}

function fixFor(language: LanguageId, imports: readonly string[]): string {
  const driver = DRIVERS[language]?.find((d) => imports.some((i) => d.imports.test(i)));
  return (
    driver?.fix ??
    FALLBACK[language] ??
    'use placeholders and pass the values separately, with the placeholder your driver takes (`$1` for pg, `?` for mysql2 and sqlite3): `db.query("… WHERE id = ?", [id])`'
  );
}

/**
 * Whether the snippet shows which database API `.query`/`.execute` belong
 * to: a known driver imported, Go's database/sql, or JDBC's method names in
 * Java. A call taking request input whole is SQL only then (search clients
 * have `.query` too).
 */
function databaseInSight(language: LanguageId, imports: readonly string[]): boolean {
  // C#'s query calls are recognised by their database APIs' own names.
  if (language === 'java' || language === 'csharp') return true;
  if (language === 'go' && imports.includes('database/sql')) return true;
  return DRIVERS[language]?.some((d) => imports.some((i) => d.imports.test(i))) ?? false;
}

/** Assignment-like nodes: [target field, value field]. */
const ASSIGNMENTS: Record<string, [string, string]> = {
  variable_declarator: ['name', 'value'],
  assignment_expression: ['left', 'right'],
  augmented_assignment_expression: ['left', 'right'],
  assignment: ['left', 'right'],
  augmented_assignment: ['left', 'right'],
  short_var_declaration: ['left', 'right'],
  assignment_statement: ['left', 'right'],
  var_spec: ['name', 'value'],
};

/** The SQL an assignment gives its variable (not for `+=`, whose text continues an earlier one). */
function builtValue(assignment: Node): Node | undefined {
  const fields = ASSIGNMENTS[assignment.type];
  if (!fields || assignment.childForFieldName('operator')?.text === '+=') return undefined;
  const value = single(assignment.childForFieldName(fields[1]));
  return value ? unwrap(value) : undefined;
}

function single(node: Node | null): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'expression_list')
    return node.namedChildCount === 1 ? (node.namedChild(0) ?? undefined) : undefined;
  return node;
}

function isSqlBuilt(language: LanguageId, node: Node, root: Node): boolean {
  return isBuiltString(node) && SQL_SHAPE.test(literalParts(node)) && !onlyFixedParts(language, node, root);
}

/** SQLAlchemy's text(…) wrapper only marks a string as SQL; look inside it. Go's `…Context` methods take the context first. */
function sqlArgument(language: LanguageId, call: Node, method: string): Node | undefined {
  let first = callArguments(call)[language === 'go' && method.endsWith('Context') ? 1 : 0];
  if (first && (first.type === 'call' || first.type === 'call_expression')) {
    if (/^(sqlalchemy\.|sa\.)?text$/.test(calleeText(first))) first = callArguments(first)[0];
  }
  return first ? unwrap(first) : undefined;
}

/**
 * Where, within `scope`, the variable `name` is given SQL built at run time:
 * an assignment of built SQL text, or `+=` of a non-literal onto a variable
 * that holds SQL text. Returns that node, or undefined.
 */
function builtInto(language: LanguageId, scope: Node, name: string, root: Node): Node | undefined {
  let holdsSql = false;
  let found: Node | undefined;
  walk(scope, (n) => {
    if (found) return SKIP_CHILDREN;
    const fields = ASSIGNMENTS[n.type];
    if (!fields) return undefined;
    const target = single(n.childForFieldName(fields[0]));
    const value =
      single(n.childForFieldName(fields[1])) ??
      (language === 'csharp' && n.type === 'variable_declarator' ? csharpDeclaratorValue(n) : undefined);
    if (!target || !value || target.text !== name) return undefined;
    const op = n.childForFieldName('operator')?.text;
    if (op === '+=') {
      if (holdsSql && !isPlainString(unwrap(value))) found = n;
    } else if (isSqlBuilt(language, unwrap(value), root)) {
      found = n;
    } else if (isPlainString(unwrap(value)) && SQL_SHAPE.test(literalParts(value))) {
      holdsSql = true;
    }
    return undefined;
  });
  return found;
}

/** SQL text assembled from run-time values and sent to a query method. */
export const sqlInjection: Rule = {
  meta: {
    id: 'security/sql-injection',
    type: 'security',
    severity: 'high',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A query built by string concatenation or interpolation, or taken whole from request input.',
      cwe: 'CWE-89',
      examples: [
        {
          language: 'python',
          bad: 'import sqlite3\nfrom flask import request\n\n@app.route("/user")\ndef user():\n    name = request.args["name"]\n    return db.execute("SELECT * FROM users WHERE name = \'" + name + "\'").fetchall()\n',
          good: 'import sqlite3\nfrom flask import request\n\n@app.route("/user")\ndef user():\n    name = request.args["name"]\n    return db.execute("SELECT * FROM users WHERE name = ?", (name,)).fetchall()\n',
        },
        {
          language: 'csharp',
          bad: 'public class UsersController : ControllerBase\n{\n    [HttpGet("user")]\n    public object Get(string name)\n    {\n        using var cmd = new SqlCommand($"SELECT * FROM Users WHERE Name = \'{name}\'", _connection);\n        return cmd.ExecuteScalar();\n    }\n}\n',
          good: 'public class UsersController : ControllerBase\n{\n    [HttpGet("user")]\n    public object Get(string name)\n    {\n        using var cmd = new SqlCommand("SELECT * FROM Users WHERE Name = @name", _connection);\n        cmd.Parameters.AddWithValue("@name", name);\n        return cmd.ExecuteScalar();\n    }\n}\n',
        },
      ],
    },
    messages: {
      built: BUILT,
      builtParameter: BUILT + PARAMETER_TAIL,
      builtInput: INPUT,
      builtBefore: BUILT_BEFORE,
      builtBeforeParameter: BUILT_BEFORE + PARAMETER_TAIL,
      builtBeforeInput: INPUT,
    },
  },
  create(context) {
    const imports = context.facts.dependencies.map((d) => d.source);
    const analysis = lazyAnalysis(context);
    const database = databaseInSight(
      context.language,
      context.facts.dependencies.map((d) => d.source),
    );
    const visit = (node: Node) => {
      const name = methodName(calleeText(node));
      const builtOnly = BUILT_SQL_METHODS[context.language]?.has(name) === true;
      if (!SQL_METHODS.has(name) && !builtOnly) return;
      const first = sqlArgument(context.language, node, name);
      if (first) check(node, name, first, fixAt(context.language, imports, node, name), { builtOnly });
    };
    const check = (
      node: Node,
      name: string,
      first: Node,
      fix: string,
      options: { readonly sink?: string; readonly builtOnly?: boolean } = {},
    ) => {
      const shown = options.sink ? { sink: options.sink } : {};
      if (isSqlBuilt(context.language, first, context.root)) {
        reportSourced(context, analysis, {
          node,
          value: first,
          kind: 'sql',
          ...shown,
          messageId: 'built',
          data: {
            method: name,
            line: lineOf(node),
            text: code(first.text, 50),
            fix: nameFix(context.language, first, fix) ?? fix,
          },
        });
        return;
      }
      const built =
        first.type === 'identifier'
          ? builtInto(context.language, enclosingFunction(node) ?? context.root, first.text, context.root)
          : undefined;
      if (built && built.startIndex < node.startIndex) {
        reportSourced(context, analysis, {
          node,
          value: first,
          kind: 'sql',
          ...shown,
          messageId: 'builtBefore',
          data: {
            method: name,
            line: lineOf(node),
            variable: first.text,
            builtLine: lineOf(built),
            text: code(built.text, 50),
            fix: builtValue(built) ? (nameFix(context.language, builtValue(built)!, fix) ?? fix) : fix,
          },
        });
        return;
      }
      // The whole query taken from request input: nothing built in sight, but the input is the SQL.
      if (options.builtOnly === true || !database || isPlainString(first)) return;
      const origin = analysis()?.originFor(first, 'sql');
      if (origin?.source.kind !== 'untrusted') return;
      reportSourced(context, analysis, {
        node,
        value: first,
        kind: 'sql',
        ...shown,
        messageId: 'built',
        data: { method: name, line: lineOf(node), text: code(first.text, 50), fix },
      });
    };
    if (context.language === 'csharp') {
      const dapper = context.facts.dependencies.some((d) => d.source === 'Dapper');
      const csharpArgument = (node: Node, name: string) => {
        const first = callArguments(node)[0];
        if (first) check(node, name, unwrap(first), csharpFix(name));
      };
      return {
        invocation_expression(node) {
          const name = methodName(calleeText(node)).replace(/<[\s\S]*>$/, '');
          if (EF_RAW.test(name) || (dapper && DAPPER_METHODS.test(name))) csharpArgument(node, name);
        },
        object_creation_expression(node) {
          const type = node.childForFieldName('type')?.text ?? '';
          if (CSHARP_COMMANDS.test(type)) csharpArgument(node, `new ${type.replace(/^.*\./, '')}`);
        },
        // `cmd.CommandText = sql`, also inside `new SqlCommand { CommandText = sql }`.
        assignment_expression(node) {
          const left = node.childForFieldName('left');
          const right = node.childForFieldName('right');
          const property = left?.type === 'member_access_expression' ? left.childForFieldName('name') : left;
          if (property?.text !== 'CommandText' || !right || node.childForFieldName('operator')?.text !== '=')
            return;
          check(node, 'CommandText', unwrap(right), csharpFix('CommandText'), {
            sink: code(left?.text ?? 'CommandText', 40),
          });
        },
      };
    }
    return { call_expression: visit, call: visit, method_invocation: visit };
  },
};
