/**
 * From rule findings to the response's suggestions: each text bounded, the
 * most important first, and a rule that fires all over the code listed a few
 * times and then summarised with the lines of the rest, so the list stays
 * short without hiding where anything was found.
 */
import { SEVERITIES, type Suggestion } from '@code-explain/shared';
import {
  MAX_DESCRIPTION_CHARS,
  MAX_PER_RULE,
  MAX_QUOTE_CHARS,
  MAX_SUGGESTIONS,
  MAX_SUMMARY_LINES,
} from './budget.js';
import { clip, clipQuotes } from './clip.js';

/**
 * Requested focus areas first (in the order asked), then by severity, line and
 * rule: outside the requested areas, a critical finding comes before a low
 * one whatever their areas, so cutting the tail never drops it first.
 */
export function orderSuggestions(suggestions: readonly Suggestion[], focus: readonly string[]): Suggestion[] {
  const focusRank = (s: Suggestion) => {
    const i = focus.indexOf(s.type);
    return i >= 0 ? i : focus.length;
  };
  const severityRank = (s: Suggestion) =>
    s.severity ? SEVERITIES.length - SEVERITIES.indexOf(s.severity) : SEVERITIES.length;
  return [...suggestions].sort(
    (a, b) =>
      focusRank(a) - focusRank(b) ||
      severityRank(a) - severityRank(b) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.rule ?? '').localeCompare(b.rule ?? ''),
  );
}

/** The finding with long quoted code shortened and its text within MAX_DESCRIPTION_CHARS. */
export function boundDescription(s: Suggestion): Suggestion {
  const description = clip(clipQuotes(s.description, MAX_QUOTE_CHARS), MAX_DESCRIPTION_CHARS);
  return description === s.description ? s : { ...s, description };
}

/** "line 7", "lines 7 and 9", "lines 7, 9, … 40 and 12 more": unique, ascending, at most MAX_SUMMARY_LINES named. */
export function linesPhrase(lines: readonly number[]): string {
  const unique = [...new Set(lines)].sort((a, b) => a - b);
  if (unique.length === 1) return `line ${unique[0]}`;
  const shown = unique.slice(0, MAX_SUMMARY_LINES).map(String);
  const rest = unique.length - shown.length;
  const items = rest > 0 ? [...shown, `${rest} more`] : shown;
  return `lines ${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Findings of one rule (or, without a rule id, of one focus area), in priority order. */
interface Group {
  readonly findings: readonly Suggestion[];
  /** How many are listed one by one; the rest are summarised. */
  shown: number;
}

/** What a group becomes: `shown` findings as they are, then one summary of the rest. */
function render(group: Group, describe: (s: Suggestion) => string): Suggestion[] {
  const { findings, shown } = group;
  if (findings.length <= Math.max(shown, 1)) return [...findings];
  const rest = findings.slice(Math.max(shown, 1));
  const first = findings[0]!;
  const lines = rest.map((s) => s.line).filter((l): l is number => l !== undefined);
  const where = lines.length > 0 ? `: ${linesPhrase(lines)}` : '';
  const base = { type: first.type, ...(first.severity ? { severity: first.severity } : {}) };
  const tail = {
    ...(rest[0]!.line !== undefined ? { line: rest[0]!.line } : {}),
    ...(first.rule !== undefined ? { rule: first.rule } : {}),
  };
  if (shown === 0) {
    // One suggestion for the whole group: the first finding's own words, then where else.
    return [
      {
        ...base,
        description: `${first.description} The same check found ${rest.length} more ${rest.length === 1 ? 'place' : 'places'}${where}.`,
        ...(first.line !== undefined ? { line: first.line } : {}),
        ...(first.rule !== undefined ? { rule: first.rule } : {}),
      },
    ];
  }
  const summary = `${describe(first)} Found in ${rest.length} more ${rest.length === 1 ? 'place' : 'places'} besides the ${shown} listed separately${where}.`;
  return [...findings.slice(0, shown), { ...base, description: summary, ...tail }];
}

const sizeOf = (g: Group) => (g.findings.length <= Math.max(g.shown, 1) ? g.findings.length : g.shown + 1);

/**
 * Groups ordered findings by rule: up to MAX_PER_RULE each, then one summary
 * with the rule's description, how many more and on which lines. If that is
 * still more than MAX_SUGGESTIONS, the lowest-priority rules are cut to one
 * finding and a summary, then to a single suggestion that names the rest.
 * Every finding stays accounted for by its line; the result is ordered as
 * `orderSuggestions` orders, so a summary keeps its rule's severity and place.
 *
 * `describe` gives a rule's one-line description (a sentence).
 */
export function groupSuggestions(
  ordered: readonly Suggestion[],
  focus: readonly string[],
  describe: (s: Suggestion) => string,
): Suggestion[] {
  const byKey = new Map<string, Suggestion[]>();
  for (const s of ordered) {
    const key = s.rule ?? `type:${s.type}`;
    const list = byKey.get(key);
    if (list) list.push(s);
    else byKey.set(key, [s]);
  }
  // Map iteration follows first insertion: groups are in priority order.
  const groups: Group[] = [...byKey.values()].map((findings) => ({
    // A group's findings share a type and severity, so this is line order.
    findings,
    shown: MAX_PER_RULE,
  }));
  let total = groups.reduce((n, g) => n + sizeOf(g), 0);
  for (const shown of [1, 0]) {
    for (let i = groups.length - 1; i >= 0 && total > MAX_SUGGESTIONS; i--) {
      const g = groups[i]!;
      if (g.shown <= shown) continue;
      total -= sizeOf(g);
      g.shown = shown;
      total += sizeOf(g);
    }
  }
  const grouped = orderSuggestions(
    groups.flatMap((g) => render(g, describe)),
    focus,
  );
  // Only with more distinct rules than MAX_SUGGESTIONS (there are fewer): the least important go.
  return grouped.slice(0, MAX_SUGGESTIONS);
}
