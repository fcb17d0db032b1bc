/**
 * The shared explanation renderer, parsed with a real HTML parser (parse5, the
 * algorithm browsers use): whatever an explanation says, its HTML has no
 * script, style, link, form, embed, event handler or URL attribute, and
 * hostile text shows up as text. The host pages around it (the extension's
 * view, the dashboard's history) are tested where they live.
 */
import assert from 'node:assert/strict';
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import {
  escapeHtml,
  renderBlocks,
  renderExplanation,
  renderInline,
  renderSettings,
  toMarkdown,
  type ExplainResponse,
  type ExplanationView,
} from '../src/index.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '[click](javascript:alert(3))',
  '<a href="javascript:alert(4)">x</a>',
  '"><svg onload=alert(5)>',
  "' onmouseover='alert(6)",
  '</textarea><iframe src="https://evil.example"></iframe>',
  '<style>body{background:url(https://evil.example/x)}</style>',
  '`<script>alert(7)</script>`',
  '**<b onclick=alert(8)>bold</b>**',
];

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  if ('content' in node && node.content) elements(node.content, out);
  return out;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if ('childNodes' in node) return node.childNodes.map(textOf).join('');
  return '';
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

const ALLOWED_TAGS = new Set([
  'section',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'strong',
  'details',
  'summary',
  'div',
  'article',
  'span',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'button',
  'dl',
  'dt',
  'dd',
  'time',
]);

/** Fails on any element or attribute outside what the renderer writes itself. */
function assertInert(html: string): Element[] {
  const all = elements(parseFragment(html));
  for (const el of all) {
    assert.ok(ALLOWED_TAGS.has(el.tagName), `no <${el.tagName}> element`);
    for (const { name } of el.attrs) {
      assert.ok(
        [
          'class',
          'id',
          'aria-labelledby',
          'aria-label',
          'role',
          'open',
          'scope',
          'colspan',
          'type',
          'datetime',
          'data-metric',
          'data-type',
          'data-action',
          'data-line',
          'data-end-line',
        ].includes(name),
        `no ${name} attribute (on <${el.tagName}>)`,
      );
    }
  }
  return all;
}

function response(overrides: Partial<ExplainResponse> = {}): ExplainResponse {
  return {
    explanation: 'This JavaScript snippet defines function `fizz(n)`.',
    sections: [
      { title: 'Overview', content: 'It loops.' },
      { title: 'Inputs and outputs', content: '- `fizz(n)`: inputs `n`; returns `out`.' },
    ],
    suggestions: [
      {
        type: 'security',
        description: 'Avoid `eval`.',
        severity: 'high',
        line: 9,
        rule: 'security/code-injection',
      },
      { type: 'best_practices', description: 'Use `let`.', severity: 'low', line: 2 },
      { type: 'readability', description: 'Name it better.' },
    ],
    metadata: {
      tokens: 95,
      complexity: { cognitive: 6, cyclomatic: 12, halstead: 1600.5 },
      units: [
        {
          name: 'fizz',
          kind: 'function',
          startLine: 1,
          endLine: 11,
          complexity: { cognitive: 6, cyclomatic: 5, halstead: 301.19 },
          increments: [{ metric: 'cognitive', line: 3, points: 1, reason: '`if`' }],
        },
      ],
    },
    ...overrides,
  };
}

function view(result: ExplainResponse, canReveal = false): ExplanationView {
  return {
    language: 'javascript',
    mode: 'detailed',
    audience: 'beginner',
    focus: ['security', 'best_practices'],
    createdAt: '2025-01-02T03:04:05.000Z',
    result,
    canReveal,
  };
}

describe('shared: explanation renderer', () => {
  it('renders the explanation, every section, three metric cards, units and grouped suggestions', () => {
    const html = renderExplanation(view(response()));
    const all = assertInert(html);
    const text = textOf(parseFragment(html));
    for (const expected of ['Overview', 'Inputs and outputs', 'Avoid eval.', 'Per function', 'fizz']) {
      assert.ok(text.includes(expected), `shows ${expected}`);
    }
    assert.deepEqual(
      all.filter((el) => el.tagName === 'h2').map(textOf),
      ['Explanation', 'Details', 'Metrics', 'Suggestions'],
      'one heading per part, under the host page’s <h1>',
    );
    const cards = all.filter((el) => attr(el, 'data-metric') !== undefined);
    assert.deepEqual(
      cards.map((c) => [attr(c, 'data-metric'), attr(c, 'class')]),
      [
        ['cognitive', 'card metric reading-low'],
        ['cyclomatic', 'card metric reading-moderate'],
        ['halstead', 'card metric reading-high'],
      ],
    );
    const groups = all
      .filter((el) => attr(el, 'class') === 'suggestion-group')
      .map((el) => attr(el, 'data-type'));
    assert.deepEqual(groups, ['readability', 'security', 'best_practices'], 'grouped, in the contract order');
    assert.ok(all.some((el) => el.tagName === 'th' && attr(el, 'scope') === 'col'));
  });

  it('shows each text once: a section the explanation already holds word for word is not repeated', () => {
    const overview = 'This JavaScript snippet defines function `fizz(n)`.';
    const walkthrough = '`fizz(n)` loops over `n` and returns `out`.';
    const result = response({
      explanation: `${overview}\n\n${walkthrough}`,
      sections: [
        { title: 'Overview', content: overview },
        { title: 'Walkthrough', content: walkthrough },
        { title: 'Inputs and outputs', content: '- `fizz(n)`: inputs `n`; returns `out`.' },
      ],
    });
    const headings = assertInert(renderExplanation(view(result)))
      .filter((el) => el.tagName === 'h3' && /^section-/.test(attr(el, 'id') ?? ''))
      .map(textOf);
    assert.deepEqual(headings, ['Inputs and outputs']);
    const markdown = toMarkdown(result);
    assert.equal(markdown.split(walkthrough).length, 2, 'the walkthrough once, in the explanation');
    assert.doesNotMatch(markdown, /## Overview|## Walkthrough/);
    assert.match(markdown, /## Inputs and outputs/);
  });

  it('writes line numbers as text, or as reveal buttons for a host that can show the code', () => {
    assert.equal(
      assertInert(renderExplanation(view(response()))).filter((el) => el.tagName === 'button').length,
      0,
    );
    const buttons = assertInert(renderExplanation(view(response(), true))).filter(
      (el) => attr(el, 'data-action') === 'reveal',
    );
    assert.deepEqual(
      buttons.map((el) => [attr(el, 'data-line'), attr(el, 'data-end-line')]),
      [
        ['1', '11'],
        ['3', undefined],
        ['9', undefined],
        ['2', undefined],
      ],
    );
  });

  it('lists the settings it was made with', () => {
    const html = renderSettings(view(response()));
    assertInert(html);
    const text = textOf(parseFragment(html)).replace(/\s+/g, ' ');
    assert.match(text, /Language\s?JavaScript/);
    assert.match(text, /Focus\s?security, best practices/);
    assert.match(html, /<time datetime="2025-01-02T03:04:05.000Z">/);
  });

  for (const payload of HOSTILE) {
    it(`renders ${JSON.stringify(payload)} from every field as inert text`, () => {
      const hostile = response({
        explanation: `Intro ${payload}\n\n- item ${payload}\n\n\`\`\`\n${payload}\n\`\`\``,
        sections: [
          { title: payload, content: `${payload}\n- ${payload}\n1. ${payload}\n\n\`code ${payload}\`` },
        ],
        suggestions: [{ type: 'security', description: payload, line: 3 }],
        metadata: {
          tokens: 1,
          complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
          units: [
            {
              name: payload,
              kind: payload,
              startLine: 1,
              endLine: 2,
              complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
              increments: [{ metric: 'cyclomatic', line: 1, points: 1, reason: payload }],
            },
          ],
        },
      });
      for (const canReveal of [false, true]) {
        const html = renderExplanation(view(hostile, canReveal));
        assertInert(html);
        // The section title is escaped verbatim, so the words are all there as text.
        assert.ok(textOf(parseFragment(html)).includes(payload), `${payload} appears as text`);
      }
    });
  }

  it('escapes quotes, so no value can break out of an attribute', () => {
    const name = '" onfocus="alert(1)" autofocus x="';
    const html = renderExplanation(
      view(
        response({
          metadata: {
            tokens: 1,
            complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
            units: [
              {
                name,
                kind: 'f',
                startLine: 1,
                endLine: 1,
                complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
              },
            ],
          },
        }),
        true,
      ),
    );
    const all = assertInert(html);
    const button = all.find((el) => attr(el, 'data-action') === 'reveal');
    assert.equal(attr(button!, 'aria-label'), `Show ${name}, lines 1, in the editor`);
  });
});

describe('shared: section text rendering', () => {
  it('turns the engine’s Markdown subset into lists, code and paragraphs', () => {
    const html = renderBlocks(
      'For the whole snippet:\n- one `a<b`\n- two **bold**\n\n```\nif (a < b) {}\n```\n1. first',
    );
    assert.equal(
      html,
      '<p>For the whole snippet:</p>\n<ul><li>one <code>a&lt;b</code></li><li>two <strong>bold</strong></li></ul>\n<pre><code>if (a &lt; b) {}</code></pre>\n<ol><li>first</li></ol>',
    );
  });

  it('never makes links', () => {
    assert.equal(
      renderInline('[x](javascript:alert(1)) https://example.com'),
      '[x](javascript:alert(1)) https://example.com',
    );
  });

  it('escapes every character that could start markup or end an attribute value', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&\``),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;',
    );
    // In an attribute, the escaped text reads back as the original.
    const [el] = elements(parse(`<p title="${escapeHtml('"><script>')}"></p>`)).filter(
      (e) => e.tagName === 'p',
    );
    assert.equal(attr(el!, 'title'), '"><script>');
  });
});
