import { reflectedXss } from '../../../../src/engine/rules/security/reflected-xss.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'typescript',
    why: 'sent after setting the status',
    code: lines(
      "app.get('/search', (req: Request, res: Response) => {",
      "  res.status(404).send('<p>No results for ' + req.query.q + '</p>');",
      '});',
    ),
    errors: [{ line: 2, messageId: 'sends' }],
  },
  {
    language: 'javascript',
    code: lines(
      "app.get('/search', (req, res) => {",
      "  res.send('<h1>Results for ' + req.query.q + '</h1>');",
      '});',
    ),
    errors: [
      {
        line: 2,
        messageId: 'sends',
        says: /^CWE-79: `res\.send` on line 2 sends HTML built from `req\.query` .*escape-html/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines('router.get("/hello", (ctx) => {', '  ctx.body = `<p>Hello ${ctx.query.name}</p>`;', '});'),
    errors: [
      {
        line: 2,
        messageId: 'sends',
        says: /^CWE-79: `ctx\.body =` on line 2 sends HTML built from `ctx\.query`/,
      },
    ],
  },
  {
    language: 'tsx',
    code: lines("app.get('/', (req, res) => res.write(`<div>${req.params.id}</div>`));"),
    errors: [{ line: 1, messageId: 'sends', says: /CWE-79/ }],
  },
  {
    language: 'python',
    code: lines(
      "@app.route('/hello')",
      'def hello():',
      '    name = request.args.get("name")',
      "    return '<h1>Hello ' + request.args.get('name') + '</h1>'",
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'sends',
        says: /^CWE-79: `return` on line 4 sends HTML built from `request\.args` .*markupsafe\.escape/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "app.get('/hello', (req, res) => {",
      '  const name = req.query.name;',
      "  res.send('<p>Hello ' + name + '</p>');",
      '});',
    ),
    why: 'request input through a name: the source line is named',
    errors: [
      {
        line: 3,
        messageId: 'sendsThrough',
        data: { value: '`name`', input: '`req.query`', sourceLine: 2 },
        says: /^CWE-79: `res\.send` on line 3 sends HTML built from `name`, which holds `req\.query` \(read on line 2\)/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: lines(
      "app.get('/search', (req, res) => {",
      "  res.send('<h1>Results for ' + escapeHtml(req.query.q) + '</h1>');",
      "  res.send('Results for ' + req.query.q);",
      '});',
    ),
    why: 'escaped; plain text without HTML',
  },
  {
    language: 'python',
    code: lines(
      'from markupsafe import escape',
      "@app.route('/hello')",
      'def hello():',
      '    name = escape(request.args.get("name"))',
      "    return '<h1>Hello ' + name + '</h1>'",
      '',
    ),
    why: 'escaped into a name before the HTML is built',
  },
];

ruleTester(reflectedXss, { valid, invalid });
