/** Explanations as escaped HTML, for the extension's view and the dashboard alike. */
export type { RenderedHtml } from './markup.js';
export { escapeHtml, renderBlocks, renderInline } from './escape.js';
export { focusLabel, renderExplanation, renderSettings } from './explanation.js';
export type { ExplanationView } from './view-model.js';
