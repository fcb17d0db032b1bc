/**
 * An explanation response as HTML: its settings, the explanation, the
 * sections, the metric cards with the per-function table (and what adds up to
 * each function's numbers), and the suggestions grouped by focus area. One
 * renderer for every host page (the extension's view, the dashboard's
 * history); each host adds its own page around it and its own styles for the
 * classes used here. Every string from the response goes through escape.ts;
 * the output has no script, link, style attribute or event handler.
 */
import { languageInfo } from '../languages.js';
import { FOCUS_AREAS, type FocusArea } from '../options.js';
import { readingOf, type Metric, type Reading } from '../readings.js';
import { sectionsBeyondExplanation, type Increment, type Suggestion, type Unit } from '../response.js';
import { escapeHtml as esc, renderBlocks, renderInline } from './escape.js';
import { asRendered, type RenderedHtml } from './markup.js';
import type { ExplanationView } from './view-model.js';

const METRICS: readonly { metric: Metric; title: string; key: 'cognitive' | 'cyclomatic' | 'halstead' }[] = [
  { metric: 'cognitive', title: 'Cognitive complexity', key: 'cognitive' },
  { metric: 'cyclomatic', title: 'Cyclomatic complexity', key: 'cyclomatic' },
  { metric: 'halstead', title: 'Halstead volume', key: 'halstead' },
];

const READING_TEXT: Readonly<Record<Metric, Readonly<Record<Reading, string>>>> = {
  cognitive: {
    low: 'Easy to follow.',
    moderate: 'Takes some effort to follow: nesting and breaks in the flow add up.',
    high: 'Hard to follow: consider splitting it into smaller functions.',
  },
  cyclomatic: {
    low: 'Few independent paths: easy to test fully.',
    moderate: 'Many independent paths: full test coverage takes work.',
    high: 'Very many paths: hard to test fully; consider splitting it.',
  },
  halstead: {
    low: 'A small amount of code to take in.',
    moderate: 'A sizeable amount of code to take in.',
    high: 'A large amount of code: it spans pages.',
  },
};

function formatNumber(metric: Metric, value: number): string {
  return metric === 'halstead' ? value.toFixed(1) : String(value);
}

/** A focus area as words: `best_practices` → `best practices`. */
export function focusLabel(text: string): string {
  return text.replace(/_/g, ' ');
}

function formatWhen(iso: string | undefined): string {
  if (!iso) return '<dd>unknown</dd>';
  const date = new Date(iso);
  const shown = Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { hour12: false });
  return `<dd><time datetime="${esc(iso)}">${esc(shown)}</time></dd>`;
}

/** The settings it was made with, as a description list (class `facts`). */
export function renderSettings(view: ExplanationView): RenderedHtml {
  const focus = view.focus.length > 0 ? view.focus.map(focusLabel).join(', ') : 'none';
  const fact = (name: string, value: string) => `<div><dt>${name}</dt>${value}</div>`;
  return asRendered(`<dl class="facts" aria-label="Settings">
${fact('Language', `<dd>${esc(languageInfo(view.language).name)}</dd>`)}
${fact('Mode', `<dd>${esc(view.mode)}</dd>`)}
${fact('Audience', `<dd>${esc(view.audience)}</dd>`)}
${fact('Focus', `<dd>${esc(focus)}</dd>`)}
${fact('When', formatWhen(view.createdAt))}
</dl>`);
}

function lineButton(
  view: ExplanationView,
  start: number,
  end: number | undefined,
  text: string,
  name: string,
): string {
  if (!view.canReveal) return esc(text);
  const endAttr = end !== undefined ? ` data-end-line="${end}"` : '';
  return `<button type="button" class="link" data-action="reveal" data-line="${start}"${endAttr} aria-label="${esc(name)}">${esc(text)}</button>`;
}

/** One increment: its points, what adds them (quoted code rendered as code), and its line. */
function renderIncrement(view: ExplanationView, unit: Unit, i: Increment): string {
  const points = i.points < 0 ? `−${-i.points}` : `+${i.points}`;
  const where = lineButton(
    view,
    i.line,
    undefined,
    `line ${i.line}`,
    `Show line ${i.line} of ${unit.name} in the editor`,
  );
  return `<li><span class="points">${esc(points)}</span> ${renderInline(i.reason)} ${where}</li>`;
}

/** A row under a function: what adds up to its cognitive and cyclomatic numbers, collapsed. */
function renderIncrements(view: ExplanationView, unit: Unit, increments: readonly Increment[]): string {
  const list = (metric: Increment['metric'], title: string) => {
    const items = increments.filter((i) => i.metric === metric);
    if (items.length === 0) return '';
    return `<h4>${title} ${esc(String(unit.complexity[metric]))}</h4>\n<ul>${items.map((i) => renderIncrement(view, unit, i)).join('')}</ul>`;
  };
  return `<tr class="increments"><td colspan="6"><details>
<summary>Why cognitive ${esc(String(unit.complexity.cognitive))}, cyclomatic ${esc(String(unit.complexity.cyclomatic))}</summary>
${list('cognitive', 'Cognitive')}
${list('cyclomatic', 'Cyclomatic')}
</details></td></tr>`;
}

function renderUnits(view: ExplanationView, units: readonly Unit[]): string {
  if (units.length === 0) return '';
  const rows = units
    .map((u) => {
      const lines = u.startLine === u.endLine ? `${u.startLine}` : `${u.startLine}–${u.endLine}`;
      const name = lineButton(
        view,
        u.startLine,
        u.endLine,
        u.name,
        `Show ${u.name}, lines ${lines}, in the editor`,
      );
      const cell = (metric: Metric) => {
        const value = u.complexity[metric];
        return `<td class="number">${esc(formatNumber(metric, value))} <span class="muted">(${readingOf(metric, value)})</span></td>`;
      };
      const row = `<tr><th scope="row">${name}</th><td>${esc(u.kind)}</td><td>${esc(lines)}</td>${cell('cognitive')}${cell('cyclomatic')}${cell('halstead')}</tr>`;
      return u.increments && u.increments.length > 0
        ? `${row}\n${renderIncrements(view, u, u.increments)}`
        : row;
    })
    .join('\n');
  return `<table class="units">
<caption>Per function</caption>
<thead><tr><th scope="col">Function</th><th scope="col">Kind</th><th scope="col">Lines</th><th scope="col">Cognitive</th><th scope="col">Cyclomatic</th><th scope="col">Halstead volume</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function renderMetrics(view: ExplanationView): string {
  const complexity = view.result.metadata.complexity;
  const cards = METRICS.map(({ metric, title, key }) => {
    const value = complexity[key];
    const reading = readingOf(metric, value);
    return `<article class="card metric reading-${reading}" data-metric="${metric}" aria-labelledby="metric-${metric}">
<h3 id="metric-${metric}">${title}</h3>
<p class="value">${esc(formatNumber(metric, value))}</p>
<p><span class="badge reading">${reading}</span> ${READING_TEXT[metric][reading]}</p>
</article>`;
  }).join('\n');
  return `<section class="metrics" aria-labelledby="metrics-heading">
<h2 id="metrics-heading">Metrics</h2>
<div class="cards">
${cards}
</div>
${renderUnits(view, view.result.metadata.units ?? [])}
</section>`;
}

function renderSuggestion(view: ExplanationView, s: Suggestion): string {
  const severity = s.severity
    ? ` <span class="badge severity severity-${esc(s.severity)}">${esc(s.severity)}</span>`
    : '';
  const where =
    s.line !== undefined
      ? ` ${lineButton(view, s.line, undefined, `line ${s.line}`, `Show line ${s.line} in the editor`)}`
      : '';
  return `<li class="suggestion">${severity} ${renderInline(s.description)}${where}</li>`;
}

function renderSuggestions(view: ExplanationView): string {
  const groups = new Map<FocusArea, Suggestion[]>();
  for (const s of view.result.suggestions) {
    const list = groups.get(s.type) ?? [];
    list.push(s);
    groups.set(s.type, list);
  }
  // The contract's order of focus areas, so groups never shuffle between runs.
  const ordered = FOCUS_AREAS.filter((area) => groups.has(area));
  const body =
    ordered.length === 0
      ? '<p class="muted">No suggestions.</p>'
      : ordered
          .map((area) => {
            const items = groups.get(area)!;
            return `<section class="suggestion-group" data-type="${esc(area)}" aria-labelledby="suggestions-${esc(area)}">
<h3 id="suggestions-${esc(area)}"><span class="badge type">${esc(focusLabel(area))}</span> <span class="muted">${items.length}</span></h3>
<ul>
${items.map((s) => renderSuggestion(view, s)).join('\n')}
</ul>
</section>`;
          })
          .join('\n');
  return `<section class="suggestions" aria-labelledby="suggestions-heading">
<h2 id="suggestions-heading">Suggestions</h2>
${body}
</section>`;
}

function renderSections(view: ExplanationView): string {
  const shown = sectionsBeyondExplanation(view.result);
  if (shown.length === 0) return '';
  const sections = shown
    .map(
      (s, i) => `<details class="section" open>
<summary><h3 id="section-${i}">${esc(s.title)}</h3></summary>
<div class="section-body" role="region" aria-labelledby="section-${i}">
${renderBlocks(s.content)}
</div>
</details>`,
    )
    .join('\n');
  return `<section class="sections" aria-labelledby="sections-heading">
<h2 id="sections-heading">Details</h2>
${sections}
</section>`;
}

/**
 * The explanation itself, for a page's main content under its own <h1>: the
 * explanation, its sections, the metrics and the suggestions, each a
 * <section> with an <h2>.
 */
export function renderExplanation(view: ExplanationView): RenderedHtml {
  return asRendered(`<section class="explanation" aria-labelledby="explanation-heading">
<h2 id="explanation-heading">Explanation</h2>
${renderBlocks(view.result.explanation)}
</section>
${renderSections(view)}
${renderMetrics(view)}
${renderSuggestions(view)}`);
}
