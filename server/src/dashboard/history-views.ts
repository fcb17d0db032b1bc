/**
 * The history pages: the list of saved explanations (filters, table, pages),
 * one explanation, and the confirmation before deleting one. An explanation
 * is rendered by the shared renderer (@code-explain/shared), the one the
 * extension's view uses; it escapes everything itself, so its RenderedHtml
 * goes in through fromRenderer, and everything else through `html`.
 */
import {
  languageInfo,
  LANGUAGE_IDS,
  MODES,
  renderExplanation,
  renderInline,
  renderSettings,
  type Account,
  type ExplanationSummary,
  type ListQuery,
  type ListResponse,
  type SavedExplanation,
} from '@code-explain/shared';
import { fromRenderer, html, SafeHtml } from './html.js';
import { csrfInput, dateTimeOf, layout, message, type PageContext } from './views.js';

export type HistoryFilters = ListQuery;

/** Rows per page when the address does not say; the API's own default is for scripts, this one for reading. */
export const HISTORY_PAGE_SIZE = 20;

/** The list's address for these filters (and page), so links and redirects keep them. */
export function historyHref(filters: HistoryFilters, extra: Readonly<Record<string, string>> = {}): string {
  const query = historyQuery(filters, extra);
  return query === '' ? '/history' : `/history?${query}`;
}

/** The query string (without `?`) that says these filters, leaving out what is the default. */
function historyQuery(filters: HistoryFilters, extra: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams();
  if (filters.language) params.set('language', filters.language);
  if (filters.mode) params.set('mode', filters.mode);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.limit !== HISTORY_PAGE_SIZE) params.set('limit', String(filters.limit));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

type SignedInPage = PageContext & { readonly account: Account };

export interface HistoryView {
  readonly list: ListResponse;
  readonly filters: HistoryFilters;
  readonly notice?: string | undefined;
}

/** The shared renderer's classes in the dashboard's colours (the extension styles them from VS Code's theme). */
const EXPLANATION_STYLE = new SafeHtml(`
.facts { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; margin: 0 0 1rem; }
.facts div { display: flex; gap: .4rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .75rem; overflow-x: auto; }
pre code { font-size: .9rem; }
details.section { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; padding: .25rem .75rem; background: var(--bg); }
details.section > summary { cursor: pointer; padding: .25rem 0; }
details.section h3 { display: inline; font-size: 1rem; margin: 0; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .75rem; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; background: var(--bg); }
.card h3 { font-size: 1rem; margin: 0; }
.card .value { font-size: 1.6rem; margin: .25rem 0; }
.card p { margin: .25rem 0; }
.badge { display: inline-block; padding: 0 .4rem; border-radius: 1rem; font-size: .85rem; border: 1px solid var(--line); }
.reading-moderate .badge.reading, .severity-medium { border-color: var(--warn); color: var(--warn); }
.reading-high .badge.reading, .severity-high, .severity-critical { border-color: var(--error); color: var(--error); }
.muted { color: var(--muted); }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
tr.increments summary { cursor: pointer; color: var(--accent); }
tr.increments h4 { margin: .5rem 0 .25rem; font-size: .95rem; }
.suggestion-group { border: none; padding: 0; margin: .75rem 0; background: none; }
.suggestion-group h3 { font-size: 1rem; margin: 0; }
section section { background: var(--bg); }
`);

const excerpt = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const firstLine = (code: string) => code.split('\n').find((line) => line.trim() !== '') ?? '';
const languageName = (id: ExplanationSummary['language']) => languageInfo(id).name;

function filterForm(filters: HistoryFilters): SafeHtml {
  return html`<form class="inline" method="get" action="/history" aria-label="Filter saved explanations">
    <label class="inline"
      >Language
      <select name="language">
        <option value="">All languages</option>
        ${LANGUAGE_IDS.map(
          (id) =>
            html`<option value="${id}" ${id === filters.language ? html`selected` : false}>
              ${languageName(id)}
            </option>`,
        )}
      </select></label
    >
    <label class="inline"
      >Mode
      <select name="mode">
        <option value="">All modes</option>
        ${MODES.map(
          (mode) =>
            html`<option value="${mode}" ${mode === filters.mode ? html`selected` : false}>${mode}</option>`,
        )}
      </select></label
    >
    ${filters.limit === HISTORY_PAGE_SIZE ? false : html`<input type="hidden" name="limit" value="${filters.limit}" />`}
    <button type="submit">Filter</button>
    ${filters.language || filters.mode ? html`<a href="/history">Clear filters</a>` : false}
  </form>`;
}

function row(item: ExplanationSummary, filters: HistoryFilters): SafeHtml {
  // The confirmation page carries the list's filters, to come back to the same list.
  const back = historyQuery(filters);
  const when = `${item.createdAt.slice(0, 10)} ${item.createdAt.slice(11, 16)} UTC`;
  return html`<tr data-id="${item.id}">
    <td>${dateTimeOf(item.createdAt)}</td>
    <td>${languageName(item.language)}</td>
    <td>${item.mode}</td>
    <td><code>${excerpt(firstLine(item.codePreview), 60)}</code></td>
    <td>${fromRenderer(renderInline(excerpt(item.explanation, 160)))}</td>
    <td>${item.suggestionCount}</td>
    <td>
      <a
        href="/history/${item.id}"
        aria-label="Open the ${languageName(item.language)} explanation of ${when}"
        >Open</a
      >
      ·
      <a
        href="/history/${item.id}/delete${back === '' ? '' : `?${back}`}"
        aria-label="Delete the ${languageName(item.language)} explanation of ${when}"
        >Delete…</a
      >
    </td>
  </tr>`;
}

function pager(list: ListResponse, filters: HistoryFilters): SafeHtml | false {
  if (list.totalPages <= 1 || list.items.length === 0) return false;
  const to = (page: number) => historyHref({ ...filters, page });
  return html`<nav aria-label="Pages" class="pager">
    <ul>
      ${list.page > 1 && html`<li><a href="${to(list.page - 1)}" rel="prev">Previous page</a></li>`}
      <li>Page ${list.page} of ${Math.max(1, list.totalPages)}</li>
      ${list.page < list.totalPages && html`<li><a href="${to(list.page + 1)}" rel="next">Next page</a></li>`}
    </ul>
  </nav>`;
}

export function historyPage(page: SignedInPage, view: HistoryView): string {
  const { list, filters } = view;
  const filtered = filters.language !== undefined || filters.mode !== undefined;
  const what = filtered ? 'saved explanations match these filters' : 'saved explanations';
  let body: SafeHtml;
  if (list.items.length > 0) {
    body = html`<table id="history-table">
      <caption>
        Saved explanations, newest first: page ${list.page} of ${list.totalPages}
      </caption>
      <thead>
        <tr>
          <th scope="col">Saved</th>
          <th scope="col">Language</th>
          <th scope="col">Mode</th>
          <th scope="col">Code</th>
          <th scope="col">Explanation</th>
          <th scope="col">Suggestions</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        ${list.items.map((item) => row(item, filters))}
      </tbody>
    </table>`;
  } else if (list.total > 0) {
    body = html`<p>
      There is no page ${list.page}: the list has ${list.totalPages} page${list.totalPages === 1 ? '' : 's'}.
      <a href="${historyHref({ ...filters, page: list.totalPages })}">Go to the last page</a>.
    </p>`;
  } else {
    body = filtered
      ? html`<p>No saved explanations match these filters.</p>`
      : html`<p>
          No saved explanations yet. Every explanation made with one of your API keys is saved here (see
          <a href="/settings/developer">Developer settings</a>).
        </p>`;
  }
  return layout(
    page,
    'History',
    html`<h1>History</h1>
      ${message('notice', view.notice)}
      <p id="history-summary">${list.total.toLocaleString('en')} ${what}.</p>
      ${filterForm(filters)}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Saved explanations</h2>
        ${body} ${pager(list, filters)}
      </section>`,
  );
}

export function explanationPage(page: SignedInPage, saved: SavedExplanation): string {
  const view = {
    language: saved.language,
    mode: saved.mode,
    audience: saved.audience,
    focus: saved.focus,
    createdAt: saved.createdAt,
    result: saved,
    // No editor here: line numbers are text.
    canReveal: false,
  };
  const lines = saved.code.split('\n').length;
  return layout(
    page,
    'Explanation',
    html`<style nonce="${page.nonce}">
        ${EXPLANATION_STYLE}
      </style>
      <p><a href="/history">Back to history</a></p>
      <h1>${languageName(saved.language)} explanation, ${saved.mode} mode</h1>
      ${fromRenderer(renderSettings(view))}
      <p>
        <a href="/history/${saved.id}/delete">Delete this explanation…</a>
      </p>
      <section aria-labelledby="code-heading">
        <h2 id="code-heading">Code</h2>
        <p class="hint">${lines} line${lines === 1 ? '' : 's'}, as it was sent.</p>
        <pre><code>${saved.code}</code></pre>
      </section>
      ${fromRenderer(renderExplanation(view))}`,
  );
}

export function deleteExplanationPage(
  page: SignedInPage,
  saved: SavedExplanation,
  filters: HistoryFilters,
): string {
  return layout(
    page,
    'Delete explanation',
    html`<h1>Delete this explanation?</h1>
      <p>
        The ${languageName(saved.language)} explanation (${saved.mode} mode) saved
        ${dateTimeOf(saved.createdAt)} will be deleted for good, from the dashboard and from the API.
      </p>
      <p><code>${excerpt(firstLine(saved.code), 100)}</code></p>
      <form method="post" action="/history/${saved.id}/delete">
        ${csrfInput(page)}
        <input type="hidden" name="language" value="${filters.language ?? ''}" />
        <input type="hidden" name="mode" value="${filters.mode ?? ''}" />
        <input type="hidden" name="page" value="${filters.page}" />
        <input type="hidden" name="limit" value="${filters.limit}" />
        <button type="submit">Delete explanation</button>
        <a href="${historyHref(filters)}">Cancel</a>
      </form>`,
  );
}
