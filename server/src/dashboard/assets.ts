/**
 * The few files the dashboard's pages load besides themselves, served from
 * this process (no CDN): uPlot (MIT), the chart library, from its package's
 * own build, and the usage page's script (client/usage-charts.ts). Read once
 * at start; a fixed list of names, so no request names a file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { USAGE_CHARTS_SCRIPT } from './client/usage-charts.js';

export interface Asset {
  readonly type: string;
  readonly body: string;
}

const require = createRequire(import.meta.url);
const uplotFile = (name: string) => readFileSync(require.resolve(`uplot/dist/${name}`), 'utf8');

export interface Assets {
  /** The asset served at `/assets/<name>`, if there is one. */
  get(name: string): Asset | undefined;
  /** uPlot's stylesheet, which pages put in their own nonce'd <style>. */
  readonly uplotCss: string;
}

export function loadAssets(): Assets {
  const files = new Map<string, Asset>([
    ['uplot.js', { type: 'text/javascript; charset=utf-8', body: uplotFile('uPlot.iife.min.js') }],
    ['usage-charts.js', { type: 'text/javascript; charset=utf-8', body: USAGE_CHARTS_SCRIPT }],
  ]);
  return { get: (name) => files.get(name), uplotCss: uplotFile('uPlot.min.css') };
}
