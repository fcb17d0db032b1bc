/**
 * The analysis engine: explain(request) → response, in process, no network.
 * parse (into a plain-object snapshot) → metrics → facts → rules → composition.
 */
import {
  FOCUS_AREAS,
  SEVERITIES,
  languageInfo,
  type ExplainRequest,
  type ExplainResponse,
  type LanguageId,
  type Suggestion,
} from '@code-explain/shared';
import { compose } from './compose/index.js';
import { extractFacts } from './facts/extract.js';
import { metricsFor as defaultMetricsFor } from './metrics/index.js';
import type { Complexity, HalsteadMeasures, LanguageMetrics } from './metrics/model.js';
import { SourceParser } from './parsing/parser.js';
import { ALL_RULES } from './rules/index.js';
import type { Rule } from './rules/model.js';
import { runRules } from './rules/run.js';

export interface EngineDependencies {
  readonly parser: SourceParser;
  readonly metricsFor: (language: LanguageId) => LanguageMetrics;
  readonly rules: readonly Rule[];
}

export interface Engine {
  explain(request: ExplainRequest): Promise<ExplainResponse>;
  /** Whether the engine can explain: a real parse of a small snippet succeeds. */
  health(): Promise<boolean>;
  /** Frees the parsers (in process) or stops the workers (the pool), which takes a moment. */
  dispose(): Promise<void> | void;
}

/** What `health()` parses: small, valid, and touching the same runtime every request uses. */
const HEALTH_PROBE = 'function probe(a) { return a + 1; }\n';

const round = (n: number) => Math.round(n * 100) / 100;

function halsteadDetails(h: HalsteadMeasures) {
  return {
    n1: h.n1,
    n2: h.n2,
    N1: h.N1,
    N2: h.N2,
    vocabulary: h.vocabulary,
    length: h.length,
    volume: round(h.volume),
    difficulty: round(h.difficulty),
    effort: round(h.effort),
  };
}

function complexityOf(c: Complexity) {
  return { cognitive: c.cognitive, cyclomatic: c.cyclomatic, halstead: round(c.halstead.volume) };
}

/** Requested focus areas first (in the order asked), then by severity, line and rule. */
export function orderSuggestions(suggestions: readonly Suggestion[], focus: readonly string[]): Suggestion[] {
  const focusRank = (s: Suggestion) => {
    const i = focus.indexOf(s.type);
    return i >= 0 ? i : focus.length + FOCUS_AREAS.indexOf(s.type);
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

export function createEngine(deps: Partial<EngineDependencies> = {}): Engine {
  const parser = deps.parser ?? new SourceParser();
  const metricsFor = deps.metricsFor ?? defaultMetricsFor;
  const rules = deps.rules ?? ALL_RULES;

  return {
    async explain(request) {
      const { language } = request;
      // PHP's grammar reads everything before `<?php` as inline HTML; snippets
      // usually omit the tag. A same-line prefix keeps every line number.
      const code =
        language === 'php' && !/<\?(php|=)/i.test(request.code) ? `<?php ${request.code}` : request.code;
      const parsed = await parser.parse(code, language);
      const { snapshot } = parsed;
      const metrics = metricsFor(language).measure(snapshot);
      const facts = extractFacts(language, snapshot, parsed.errorRegions, metrics);
      const suggestions = orderSuggestions(
        runRules(rules, { language, code, root: snapshot.root, facts }),
        request.focus,
      );
      const { explanation, sections } = compose({
        request,
        languageName: languageInfo(language).name,
        facts,
        metrics,
        suggestions,
      });
      return {
        explanation,
        sections,
        suggestions,
        metadata: {
          tokens: metrics.tokens,
          complexity: complexityOf(metrics),
          halstead: halsteadDetails(metrics.halstead),
          units: metrics.units.map((u) => ({
            name: u.name,
            kind: u.kind,
            startLine: u.startLine,
            endLine: u.endLine,
            complexity: complexityOf(u),
            halstead: halsteadDetails(u.halstead),
          })),
          language,
          lines: facts.lines,
          parseErrors: parsed.errorRegions,
        },
      };
    },
    async health() {
      try {
        const parsed = await parser.parse(HEALTH_PROBE, 'javascript');
        return parsed.errorRegions === 0 && parsed.snapshot.root.childCount > 0;
      } catch {
        return false;
      }
    },
    dispose() {
      parser.dispose();
    },
  };
}
