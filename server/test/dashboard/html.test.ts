import assert from 'node:assert/strict';
import { renderInline } from '@code-explain/shared';
import { escapeHtml, fromRenderer, html, SafeHtml } from '../../src/dashboard/html.js';

describe('dashboard html templates', () => {
  it('escapes every value for text and quoted attributes', () => {
    const name = `<img src=x onerror=alert(1)> & "quoted" 'single'`;
    assert.equal(
      html`<p title="${name}">${name}</p>`.markup,
      '<p title="&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;">' +
        '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;</p>',
    );
    assert.equal(escapeHtml('a&amp;b'), 'a&amp;amp;b', 'escaped text is escaped again, never trusted');
  });

  it('nests templates as markup, joins arrays, and renders false, null and undefined as nothing', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    // Prettier lays out html`…` templates as HTML, so only the markup's non-space characters are compared.
    const list = html`<ul>
      ${items}
    </ul>`.markup.replace(/\s+/g, '');
    assert.equal(list, '<ul><li>&lt;a&gt;</li><li>b</li></ul>');
    assert.equal(html`[${false}${null}${undefined}${0}]`.markup, '[0]');
    assert.ok(html`x` instanceof SafeHtml);
    // A string that looks like markup is still a string.
    assert.equal(html`${'<b>bold</b>'}`.markup, '&lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('dashboard html: the shared renderer’s output', () => {
  it('goes in as markup, being escaped there; a plain string cannot pass for it', () => {
    const rendered = renderInline('`a<b` and <script>');
    assert.equal(
      html`<p>${fromRenderer(rendered)}</p>`.markup,
      '<p><code>a&lt;b</code> and &lt;script&gt;</p>',
    );
    // @ts-expect-error: only the renderer's RenderedHtml is accepted, never an ordinary string.
    assert.equal(fromRenderer('<b>not escaped</b>').markup, '<b>not escaped</b>');
  });
});
