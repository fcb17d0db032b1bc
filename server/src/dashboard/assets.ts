/**
 * The files the dashboard's pages load besides themselves, served by this
 * process (no CDN): the page scripts bundled from client/ (bundle.ts; uPlot,
 * MIT, is inside the usage page's), at addresses that name their content's
 * hash, so they are cached for a year and never go stale; and uPlot's
 * stylesheet, which pages put in a nonce'd <style> of their own. A fixed set
 * of names, so no request names a file on disk.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ClientBundle, ClientEntry } from './bundle.js';

export interface Asset {
  readonly type: string;
  readonly body: string;
}

export interface Assets {
  /** The asset served at `/assets/<name>`, if there is one. */
  get(name: string): Asset | undefined;
  /** Where a page script is served: `/assets/<entry>-<hash>.js`. */
  scriptUrl(entry: ClientEntry): string;
  /** uPlot's stylesheet, which pages put in their own nonce'd <style>. */
  readonly uplotCss: string;
}

/** How long a browser may keep an asset: its address changes with its content. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const require = createRequire(import.meta.url);

export function loadAssets(bundle: ClientBundle): Assets {
  const files = new Map<string, Asset>(
    [...bundle.files].map(([name, body]) => [name, { type: 'text/javascript; charset=utf-8', body }]),
  );
  return {
    get: (name) => files.get(name),
    scriptUrl: (entry) => `/assets/${bundle.names[entry]}`,
    uplotCss: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
  };
}
