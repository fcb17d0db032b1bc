import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import { callArguments, calleeText, isBuiltString, methodName, snippet, TIER1 } from '../util.js';

const SQL_METHODS = new Set([
  'query',
  'execute',
  'executemany',
  'executeQuery',
  'executeUpdate',
  'prepareStatement',
  'Query',
  'QueryRow',
  'QueryContext',
  'QueryRowContext',
  'Exec',
  'ExecContext',
  'raw',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
]);

const PLACEHOLDERS: Record<string, string> = {
  python: 'pass values as parameters: cursor.execute("… WHERE id = %s", (id,))',
  java: 'use a PreparedStatement with ? placeholders and setString/setInt',
  go: 'pass values as arguments: db.Query("… WHERE id = $1", id)',
};

/** SQL text assembled from run-time values and sent to a query method. */
export const sqlInjection: Rule = {
  meta: {
    id: 'security/sql-injection',
    type: 'security',
    severity: 'high',
    languages: TIER1,
    docs: { description: 'A query built by string concatenation or interpolation.', cwe: 'CWE-89' },
  },
  create(context) {
    const fix =
      PLACEHOLDERS[context.language] ??
      'use placeholders and pass values separately: db.query("… WHERE id = $1", [id])';
    const visit = (node: Node) => {
      const name = methodName(calleeText(node));
      if (!SQL_METHODS.has(name)) return;
      const first = callArguments(node)[0];
      if (!first || !isBuiltString(first)) return;
      if (!/\b(select|insert|update|delete|from|where|into|values)\b/i.test(first.text)) return;
      context.report({
        node,
        message: `CWE-89: \`${name}\` receives SQL built from run-time values (\`${snippet(first.text, 50)}\`); a crafted value can change the query. Instead, ${fix}.`,
      });
    };
    return { call_expression: visit, call: visit, method_invocation: visit };
  },
};
