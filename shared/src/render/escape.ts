/** Escaping for text and attribute values: every string from the server or the code goes through here. */
import { asRendered, type RenderedHtml } from './markup.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text made safe for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): RenderedHtml {
  return asRendered(text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!));
}

/**
 * Inline text: `code` spans and **bold** become elements, everything else is
 * escaped text. Links are never made: a `javascript:` URL stays words.
 */
export function renderInline(text: string): RenderedHtml {
  const parts = text.split(/`([^`\n]+)`/);
  return asRendered(
    parts
      .map((part, i) =>
        i % 2 === 1
          ? `<code>${escapeHtml(part)}</code>`
          : escapeHtml(part).replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>'),
      )
      .join(''),
  );
}

/**
 * A section's text as blocks: fenced code, bullet and numbered lists,
 * paragraphs. The Markdown subset the engine writes; anything else is text.
 */
export function renderBlocks(content: string): RenderedHtml {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;

  const flushParagraph = () => {
    if (paragraph.length > 0) out.push(`<p>${paragraph.map(renderInline).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list)
      out.push(`<${list.tag}>${list.items.map((i) => `<li>${renderInline(i)}</li>`).join('')}</${list.tag}>`);
    list = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*```(.*)$/.exec(line);
    if (fence) {
      flushParagraph();
      flushList();
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```\s*$/.test(lines[i]!)) code.push(lines[i++]!);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      flushParagraph();
      const tag = bullet ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    if (line.trim() === '') {
      flushParagraph();
      flushList();
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return asRendered(out.join('\n'));
}
