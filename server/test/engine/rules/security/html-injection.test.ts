import { htmlInjection } from '../../../../src/engine/rules/security/html-injection.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    why: "jQuery's .html() given built markup, and a popup's document.write",
    code: lines(
      'function showResults(query, results, popup) {',
      "  $('#summary').html('Results for <em>' + query + '</em>: ' + results.length);",
      "  popup.document.write('<h1>' + query + '</h1>');",
      '}',
    ),
    errors: [
      { line: 2, messageId: 'parsedParameter', severity: 'medium' },
      { line: 3, messageId: 'parsedParameter', severity: 'medium' },
    ],
  },
  {
    language: 'javascript',
    code: lines('function show(el, html) {', '  el.innerHTML = html;', '}'),
    errors: [
      {
        line: 2,
        messageId: 'parsedParameter',
        severity: 'medium',
        says: /^CWE-79: line 2 passes `html` to `el\.innerHTML`.*textContent/,
      },
    ],
  },
  {
    language: 'javascript',
    code: 'document.write(`<p>${name}</p>`);',
    errors: [{ line: 1, messageId: 'parsed', says: /CWE-79: .*to `document\.write`/ }],
  },
  {
    language: 'typescript',
    code: lines('for (const row of rows) {', '  table.innerHTML += row;', '}'),
    errors: [{ line: 2, messageId: 'parsed', says: /CWE-79: line 2 passes `row` to `table\.innerHTML`/ }],
  },
  {
    language: 'tsx',
    code: 'const Post = ({ body }) => <div dangerouslySetInnerHTML={{ __html: body }} />;',
    errors: [
      {
        line: 1,
        messageId: 'parsed',
        says: /CWE-79: .*`body` to `dangerouslySetInnerHTML`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "const name = new URLSearchParams(location.search).get('name');",
      "document.getElementById('greeting').innerHTML = 'Hello ' + name;",
    ),
    why: "the page's URL: the source is named",
    errors: [
      {
        line: 2,
        messageId: 'parsedInput',
        data: { value: '`name`', source: '`location.search`', sourceLine: 1, sinkLine: 2 },
        says: /^CWE-79: `name` comes from `location\.search` \(line 1\) and reaches `document\.getElementById\('greeting'\)\.inn…` \(line 2\), which the browser parses as HTML/,
      },
    ],
  },
];

invalid.push({
  language: 'javascript',
  why: 'a number beside text: the text is still parsed as HTML',
  code: lines(
    'function updateBadge(badge, items, label) {',
    '  const count = items.length;',
    '  badge.innerHTML = `<span title="${label}">${count}</span>`;',
    '}',
  ),
  errors: [{ line: 3, messageId: 'parsedParameter', severity: 'medium' }],
});

const valid: ValidCase[] = [
  {
    language: 'javascript',
    why: 'jQuery given text, an element, or escaped markup',
    code: lines(
      'function showResults(query, item) {',
      "  $('#summary').text('Results for ' + query);",
      "  $('#list').append(item);",
      "  $('#title').html('<em>' + escapeHtml(query) + '</em>');",
      '}',
    ),
  },
  {
    language: 'javascript',
    code: "el.innerHTML = '';\nel.innerHTML = DOMPurify.sanitize(html);\nel.textContent = html;",
    why: 'empty, sanitized, text',
  },
  {
    language: 'tsx',
    code: "const Hi = () => <b dangerouslySetInnerHTML={{ __html: '<i>hi</i>' }} />;",
    why: 'a fixed string',
  },
  {
    language: 'typescript',
    code: lines(
      "const q = new URLSearchParams(location.search).get('q');",
      "results.innerHTML = '<b>' + escapeHtml(q) + '</b>';",
    ),
    why: 'escaped input',
  },
  {
    language: 'javascript',
    why: 'numbers put into fixed markup: a length, arithmetic on it, a numeric call',
    code: lines(
      'function updateBadge(badge, items, price) {',
      '  const count = items.length;',
      '  const shown = count + 1;',
      '  badge.innerHTML = `<span class="count">${count}</span>`;',
      "  badge.innerHTML = '<b>' + shown + '</b> of ' + items.length;",
      '  badge.innerHTML = `<i>${Number(price).toFixed(2)}</i>`;',
      '}',
    ),
  },
];

ruleTester(htmlInjection, { valid, invalid });
