/**
 * The explanation view's HTML, parsed with a real HTML parser (parse5, the
 * algorithm browsers use): whatever the server sends, the page has exactly one
 * script (ours, with the nonce), no event-handler attributes, no links or
 * embeds, and hostile text shows up as text.
 */
import assert from 'node:assert/strict';
import type { ExplainResponse, ExplanationView } from '@code-explain/shared';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { contentSecurityPolicy, makeNonce, renderExplanationPage } from '../../src/render/html.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const RESOURCES = {
  nonce: 'bm9uY2Utbm9uY2Utbm9uY2U=',
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
};

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

/** Fails on anything in the page that could run code or load something. */
function assertInert(html: string): Element[] {
  const all = elements(parse(html));
  const scripts = all.filter((el) => el.tagName === 'script');
  assert.equal(scripts.length, 1, 'exactly one script element');
  assert.equal(attr(scripts[0]!, 'nonce'), RESOURCES.nonce);
  assert.equal(attr(scripts[0]!, 'src'), RESOURCES.scriptUri);
  assert.equal(textOf(scripts[0]!), '', 'the script has no inline code');
  for (const el of all) {
    assert.ok(
      ![
        'a',
        'img',
        'iframe',
        'frame',
        'object',
        'embed',
        'link',
        'form',
        'base',
        'svg',
        'math',
        'video',
        'audio',
        'textarea',
      ].includes(el.tagName),
      `no <${el.tagName}> element`,
    );
    for (const { name, value } of el.attrs) {
      assert.ok(!name.startsWith('on'), `no event handler attribute (${name} on <${el.tagName}>)`);
      assert.ok(
        !/^\s*(javascript|data|vbscript):/i.test(value) || name === 'content',
        `no script URL in ${name}`,
      );
      assert.ok(
        !['href', 'srcdoc', 'action', 'formaction', 'xlink:href', 'style'].includes(name),
        `no ${name} attribute`,
      );
    }
  }
  const styles = all.filter((el) => el.tagName === 'style');
  assert.equal(styles.length, 1, 'only our style element');
  assert.equal(attr(styles[0]!, 'nonce'), RESOURCES.nonce);
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
        },
      ],
    },
    ...overrides,
  };
}

function view(result: ExplainResponse, canReveal = true): ExplanationView {
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

describe('extension: explanation view HTML', () => {
  it('shows the header, the explanation, every section, three metric cards, units and grouped suggestions', () => {
    const html = renderExplanationPage(view(response()), RESOURCES);
    const all = assertInert(html);
    const text = textOf(parse(html));
    for (const expected of [
      'JavaScript',
      'detailed',
      'beginner',
      'security, best practices',
      'Overview',
      'Inputs and outputs',
    ]) {
      assert.ok(text.includes(expected), `shows ${expected}`);
    }
    assert.equal(all.filter((el) => el.tagName === 'details').length, 2, 'one collapsible block per section');
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
    const reveals = all.filter((el) => attr(el, 'data-action') === 'reveal');
    assert.deepEqual(
      reveals.map((el) => [attr(el, 'data-line'), attr(el, 'data-end-line')]),
      [
        ['1', '11'],
        ['9', undefined],
        ['2', undefined],
      ],
    );
    assert.ok(
      all.some((el) => el.tagName === 'th' && attr(el, 'scope') === 'col'),
      'table headers for screen readers',
    );
    assert.ok(all.some((el) => el.tagName === 'label' && attr(el, 'for') === 'rerun-mode'));
  });

  it('shows what adds up to a function’s numbers under its row, each line a button, everything escaped', () => {
    const withIncrements = response({
      metadata: {
        tokens: 95,
        complexity: { cognitive: 3, cyclomatic: 3, halstead: 10 },
        units: [
          {
            name: 'fizz<img src=x onerror=alert(1)>',
            kind: 'function',
            startLine: 1,
            endLine: 11,
            complexity: { cognitive: 3, cyclomatic: 3, halstead: 10 },
            increments: [
              { metric: 'cyclomatic', line: 1, points: 1, reason: 'the path through the function' },
              { metric: 'cyclomatic', line: 3, points: 1, reason: '`if`' },
              { metric: 'cognitive', line: 3, points: 1, reason: '`if`' },
              { metric: 'cyclomatic', line: 4, points: 1, reason: '`<script>alert(1)</script>`' },
              { metric: 'cognitive', line: 4, points: 2, reason: '`for`, nested 1 level deep' },
            ],
          },
        ],
      },
    });
    const html = renderExplanationPage(view(withIncrements), RESOURCES);
    const all = assertInert(html);
    const row = all.find((el) => el.tagName === 'tr' && attr(el, 'class') === 'increments');
    assert.ok(row, 'an increments row');
    const text = textOf(row);
    assert.match(text, /Why cognitive 3, cyclomatic 3/);
    assert.match(text, /Cognitive 3\s*\+1 if line 3\s*\+2 for, nested 1 level deep line 4/);
    assert.match(text, /Cyclomatic 3\s*\+1 the path through the function line 1/);
    const lines = all
      .filter(
        (el) =>
          attr(el, 'data-action') === 'reveal' && /^Show line \d+ of fizz/.test(attr(el, 'aria-label') ?? ''),
      )
      .map((el) => attr(el, 'data-line'));
    assert.deepEqual(
      lines,
      ['3', '4', '1', '3', '4'],
      'cognitive first, then cyclomatic, each a line button',
    );
    // Without a source to reveal, the same rows have no buttons.
    const history = elements(parse(renderExplanationPage(view(withIncrements, false), RESOURCES)));
    assert.equal(history.filter((el) => attr(el, 'data-action') === 'reveal').length, 0);
  });

  it('offers no line buttons when there is no source to reveal (a history item)', () => {
    const all = assertInert(renderExplanationPage(view(response(), false), RESOURCES));
    assert.equal(all.filter((el) => attr(el, 'data-action') === 'reveal').length, 0);
  });

  for (const payload of HOSTILE) {
    it(`renders ${JSON.stringify(payload)} from every server field as inert text`, () => {
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
            },
          ],
        },
      });
      const html = renderExplanationPage(view(hostile), RESOURCES);
      assertInert(html);
      // The words are all there, as text: the section title is escaped verbatim.
      assert.ok(textOf(parse(html)).includes(payload), `${payload} appears as text`);
    });
  }

  it('escapes quotes so no value can break out of an attribute', () => {
    const html = renderExplanationPage(
      view(
        response({
          metadata: {
            tokens: 1,
            complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
            units: [
              {
                name: '" onfocus="alert(1)" autofocus x="',
                kind: 'f',
                startLine: 1,
                endLine: 1,
                complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
              },
            ],
          },
        }),
      ),
      RESOURCES,
    );
    const all = assertInert(html);
    assert.ok(!all.some((el) => el.attrs.some((a) => a.name === 'autofocus')));
  });
});

describe('extension: Content-Security-Policy', () => {
  it('allows only the nonce for scripts and nothing remote', () => {
    const policy = contentSecurityPolicy('abc123', 'https://res.example');
    const directives = new Map(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    assert.deepEqual(directives.get('script-src'), ["'nonce-abc123'"]);
    assert.deepEqual(directives.get('connect-src'), ["'none'"]);
    assert.ok(!policy.includes('unsafe-inline') && !policy.includes('unsafe-eval') && !policy.includes('*'));
  });

  it('puts the policy in a meta element before any script or style', () => {
    const all = elements(parse(renderExplanationPage(view(response()), RESOURCES)));
    const meta = all.findIndex(
      (el) => el.tagName === 'meta' && attr(el, 'http-equiv') === 'Content-Security-Policy',
    );
    assert.ok(meta >= 0);
    assert.equal(attr(all[meta]!, 'content'), contentSecurityPolicy(RESOURCES.nonce, RESOURCES.cspSource));
    assert.ok(meta < all.findIndex((el) => el.tagName === 'style'));
    assert.ok(meta < all.findIndex((el) => el.tagName === 'script'));
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, makeNonce));
    assert.equal(nonces.size, 50);
    for (const n of nonces) assert.equal(Buffer.from(n, 'base64').length, 16);
  });
});
