/**
 * HTML the renderer made: every value in it was escaped here, so a host page
 * may insert it as markup. The brand keeps an ordinary string (a value from a
 * request, the store or the engine) from passing for it: only this folder's
 * functions return one.
 */
declare const rendered: unique symbol;

export type RenderedHtml = string & { readonly [rendered]: true };

/** Marks markup this folder built from escaped parts (not exported from the package). */
export function asRendered(markup: string): RenderedHtml {
  return markup as RenderedHtml;
}
