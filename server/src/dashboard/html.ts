/**
 * HTML written as TypeScript tagged templates that escape every value they
 * are given: `html\`<p>${name}</p>\`` escapes `name`; only another `html`
 * result (SafeHtml) goes in as markup. So escaping is the default and the
 * type checker sees every value a page shows; there is no template language
 * to compile at run time, and no way to write raw markup except through
 * `html` itself (no `<%~ %>`, no dangerouslySetInnerHTML).
 *
 * Prettier formats `html` templates as HTML (embedded-language formatting), so
 * the markup is laid out and checked like the code around it.
 *
 * Values are escaped for text and for quoted attribute values (`& < > " '`);
 * pages never put a value into a URL scheme, a script, a style or an
 * unquoted attribute. The escaping is the shared package's (the one the
 * explanation renderer uses), so the dashboard and the extension escape alike.
 */
import { escapeHtml, type RenderedHtml } from '@code-explain/shared';

export { escapeHtml };
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** What a template accepts; `false`, null and undefined render nothing (for `cond && html\`…\``). */
export type Interpolation = string | number | SafeHtml | false | null | undefined | readonly Interpolation[];

/**
 * The shared renderer's output (an explanation, escaped there throughout) as
 * markup here. Only a RenderedHtml is accepted: the brand is what says it was
 * escaped, so an ordinary string cannot be inserted unescaped by mistake.
 */
export function fromRenderer(markup: RenderedHtml): SafeHtml {
  return new SafeHtml(markup);
}

function render(value: Interpolation): string {
  if (value === false || value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0]!;
  for (let i = 0; i < values.length; i++) markup += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(markup);
}
