import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Origin } from '../../taint/index.js';
import type { Rule } from '../model.js';
import { code, lineOf } from '../util.js';
import { markupParts } from './html-markup.js';
import { htmlResponse, responseNodeTypes } from './html-responses.js';
import { xssFix } from './reflected-xss.js';
import { lazyAnalysis } from './taint-flows.js';

const CONSEQUENCE =
  "reaches {{sink}} (line {{line}}) inside HTML unescaped: whatever a user stored earlier (a comment, a profile name) runs as script in every visitor's browser. Instead, {{fix}}.";

/** How the message names the value: the piece itself, and the names it went through on the way. */
function valueWords(origin: Origin, piece: Node): string {
  const text = piece.text.replace(/\s+/g, ' ');
  const named = text.length <= 40 ? text : (origin.chain[origin.chain.length - 1] ?? origin.source.text);
  const earlier = origin.chain.filter((n) => n !== named);
  const via =
    earlier.length > 0
      ? ` (from ${[...earlier]
          .reverse()
          .map((n) => code(n))
          .join(' ← ')})`
      : '';
  return `${code(named)}${via}`;
}

/**
 * A value read back from a database and written into an HTML response
 * without escaping: stored cross-site scripting. The database reads are the
 * catalogue's `stored` sources (DB-API cursors, Django and SQLAlchemy,
 * SQL clients and mongoose in Node, JDBC result sets and Spring Data
 * repositories, Go's `rows.Scan`); the responses are the ones reflected XSS
 * knows. Only a value that lands inside markup the code builds is reported.
 */
export const storedXss: Rule = {
  meta: {
    id: 'security/stored-xss',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'],
    docs: {
      description:
        'A value read from a database (cursor.fetchone(), rows.Scan, rs.getString, Model.findById) written into an HTML response unescaped.',
      cwe: 'CWE-79',
      examples: [
        {
          language: 'python',
          bad: '@app.route("/users/<int:user_id>")\ndef profile(user_id):\n    cur = db.cursor()\n    cur.execute("SELECT name FROM users WHERE id = ?", (user_id,))\n    name = cur.fetchone()[0]\n    return "<h1>" + name + "</h1>"\n',
          good: '@app.route("/users/<int:user_id>")\ndef profile(user_id):\n    cur = db.cursor()\n    cur.execute("SELECT name FROM users WHERE id = ?", (user_id,))\n    name = cur.fetchone()[0]\n    return "<h1>" + escape(name) + "</h1>"\n',
        },
      ],
    },
    messages: {
      stored: `CWE-79: {{value}} is read from the database ({{source}}, line {{sourceLine}}) and ${CONSEQUENCE}`,
      storedHere: `CWE-79: {{value}} is read from the database on line {{sourceLine}} and ${CONSEQUENCE}`,
    },
  },
  create(context) {
    const analysis = lazyAnalysis(context);
    const visit = (node: Node) => {
      const response = htmlResponse(context, node);
      if (!response) return;
      for (const { piece } of markupParts(context, response)) {
        const origin = analysis()
          ?.originsOf(piece, { stored: true })
          .find((o) => o.source.kind === 'stored' && !o.sanitised.has('html'));
        if (!origin) continue;
        const short = piece.text.length <= 30 && !piece.text.includes('\n');
        const named = short ? piece.text : (origin.chain[origin.chain.length - 1] ?? 'the value');
        // `rs.getString("bio")` read right where the HTML is built: the piece names its own source.
        const here = origin.chain.length === 0 && piece.text.startsWith(origin.source.text);
        context.report({
          node: response.node,
          messageId: here ? 'storedHere' : 'stored',
          data: {
            value: valueWords(origin, piece),
            source: origin.source.description,
            sourceLine: origin.source.line,
            // Calls read as calls: `res.send(...)`; `return` and `ctx.body =` as written.
            sink:
              /^`[^`]*\w`$/.test(response.sink) && response.sink !== '`return`'
                ? response.sink.replace(/`$/, '(...)`')
                : response.sink,
            line: lineOf(response.node),
            fix: xssFix(context, named),
          },
        });
        return;
      }
    };
    return Object.fromEntries(responseNodeTypes(context.language).map((t) => [t, visit]));
  },
};
