/**
 * The explanation view's page, built by pure functions so tests can parse it:
 * the VS Code-specific frame (CSP for the webview, the toolbar whose buttons
 * the view script turns into messages, styles from the theme's variables)
 * around the shared renderer (@code-explain/shared's render/), which escapes
 * every string that came from the server or the code;
 * the page runs one script file, allowed by a nonce, and loads nothing remote.
 */
import {
  AUDIENCES,
  MODES,
  escapeHtml as esc,
  renderExplanation,
  renderSettings,
  type ExplanationView,
} from '@code-explain/shared';
import { VIEW_CSS } from './styles.js';

export interface PageResources {
  /** A fresh random value per render; see makeNonce. */
  readonly nonce: string;
  /** webview.cspSource: the origin VS Code serves the extension's files from. */
  readonly cspSource: string;
  /** The view script's webview URI. */
  readonly scriptUri: string;
}

export function contentSecurityPolicy(nonce: string, cspSource: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "connect-src 'none'",
  ].join('; ');
}

/** 128 random bits as base64: a nonce no page content can guess. */
export function makeNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}

function renderHeader(view: ExplanationView): string {
  const options = <T extends string>(values: readonly T[], selected: T) =>
    values
      .map((v) => `<option value="${esc(v)}"${v === selected ? ' selected' : ''}>${esc(v)}</option>`)
      .join('');
  return `<header>
<h1>Code explanation</h1>
${renderSettings(view)}
<div class="actions" role="toolbar" aria-label="Actions">
<label for="rerun-mode">Mode</label>
<select id="rerun-mode">${options(MODES, view.mode)}</select>
<label for="rerun-audience">Audience</label>
<select id="rerun-audience">${options(AUDIENCES, view.audience)}</select>
<button type="button" data-action="rerun">Re-run</button>
<button type="button" class="secondary" data-action="copyMarkdown">Copy as Markdown</button>
<button type="button" class="secondary" data-action="openJson">Open raw JSON</button>
</div>
<p class="status" id="status" role="status" aria-live="polite"></p>
</header>`;
}

/** The whole page for one explanation. */
export function renderExplanationPage(view: ExplanationView, resources: PageResources): string {
  const { nonce, cspSource, scriptUri } = resources;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy(nonce, cspSource))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Code explanation</title>
<style nonce="${esc(nonce)}">${VIEW_CSS}</style>
</head>
<body>
${renderHeader(view)}
<main>
${renderExplanation(view)}
</main>
<script nonce="${esc(nonce)}" src="${esc(scriptUri)}"></script>
</body>
</html>`;
}

/** A page with just a message, for the moment before the first explanation arrives. */
export function renderMessagePage(message: string, resources: PageResources): string {
  const { nonce, cspSource } = resources;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy(nonce, cspSource))}">
<title>Code explanation</title>
<style nonce="${esc(nonce)}">${VIEW_CSS}</style>
</head>
<body>
<main><p class="status" role="status">${esc(message)}</p></main>
</body>
</html>`;
}
