/**
 * The analysis engine: explain(request) → response, in process, no network.
 * parse (into a plain-object snapshot) → metrics → facts → rules → composition.
 */
import { readSelection, withoutWrapper } from './parsing/selection.js';
import type { ExplainRequest, ExplainResponse, LanguageId, Suggestion } from '@code-explain/shared';
import { clip } from './clip.js';
import { compose } from './compose/index.js';
import { purposeSentences } from './compose/purpose.js';
import { extractFacts } from './facts/extract.js';
import { fitResponseJson } from './fit.js';
import { LANGUAGES } from './languages/index.js';
import { metadataOf, unitsOf, type UnitSummary } from './metadata.js';
import { metricsFor as defaultMetricsFor } from './metrics/index.js';
import type { LanguageMetrics } from './metrics/model.js';
import { SourceParser } from './parsing/parser.js';
import { ALL_RULES } from './rules/index.js';
import type { Rule } from './rules/model.js';
import { runRulesWithNotes, type RuleFailure } from './rules/run.js';
import { boundDescription, groupSuggestions, orderSuggestions } from './suggestions.js';

export { orderSuggestions } from './suggestions.js';

export interface EngineDependencies {
  readonly parser: SourceParser;
  readonly metricsFor: (language: LanguageId) => LanguageMetrics;
  readonly rules: readonly Rule[];
}

/** A rule that threw on a request's code, for the operator's log (never for the response). */
export interface RuleFailureReport {
  readonly rule: string;
  readonly phase: RuleFailure['phase'];
  /** The error's message, without its stack. */
  readonly message: string;
}

/** The account an analysis is for, as the engine pool shares its workers among accounts. */
export interface EngineAccount {
  readonly id: string;
  /** The most of its analyses that may run at once (the pool never gives one account every worker). */
  readonly concurrency: number;
}

/** Who asks for an explanation, and who hears what its response does not say in full. */
export interface ExplainContext {
  /** In the pool: whose turn this analysis waits for; without it, it shares one turn with every other such analysis. */
  readonly account?: EngineAccount;
  ruleFailed?(failure: RuleFailureReport): void;
  /**
   * The analysis kept a worker busy `ms` (its deadline, when it was stopped
   * there); not called for an analysis that never ran. The service charges
   * the account for it (limits/limiter.ts, engineCost).
   */
  analysed?(ms: number): void;
}

export interface Engine {
  /** The response notes each failed rule in `metadata.notes`; `context` hears the error behind it. */
  explain(request: ExplainRequest, context?: ExplainContext): Promise<ExplainResponse>;
  /** Whether the engine can explain: a real parse of a small snippet succeeds. */
  health(): Promise<boolean>;
  /** Frees the parsers (in process) or stops the workers (the pool), which takes a moment. */
  dispose(): Promise<void> | void;
}

/** What `health()` parses: small, valid, and touching the same runtime every request uses. */
const HEALTH_PROBE = 'function probe(a) { return a + 1; }\n';

/** How much of a failed rule's error message the log gets. */
const MAX_FAILURE_MESSAGE_CHARS = 300;

/** What the response says about a rule that threw: which check is missing, not why. */
export const failedRuleNote = (rule: string) =>
  `The check ${rule} failed on this code, so its findings are left out.`;

/**
 * Everything the engine learns from one source, unbounded: the command line
 * gates and reports on every unit and finding of a file of any size, where
 * the API response lists at most MAX_UNITS units and groups a rule's repeats.
 */
export interface SourceAnalysis {
  /** What the API would answer for the same request. */
  readonly response: ExplainResponse;
  /** `response` as JSON text (`JSON.stringify`), made anyway to hold it to its budget. */
  readonly responseJson: string;
  /** Every finding on its own, in priority order (severity, then line). */
  readonly findings: readonly Suggestion[];
  /** Every unit's metrics, in source order, without increments. */
  readonly units: readonly UnitSummary[];
  /** Per unit, in the same order, its lead purpose sentence (null when its code states none); only when asked for. */
  readonly purposes?: readonly (string | null)[];
}

export interface AnalyzeOptions {
  /** Also say what each unit is for (`code-explain diff` prints it per changed unit). */
  readonly purposes?: boolean;
}

/** The engine in this thread: explains, and analyses without the response's bounds. */
export interface LocalEngine extends Engine {
  /** Takes the request as given: no length limit applies here (the API's schema applies it). */
  analyze(
    request: ExplainRequest,
    context?: ExplainContext,
    options?: AnalyzeOptions,
  ): Promise<SourceAnalysis>;
}

export function failureReport(failure: RuleFailure): RuleFailureReport {
  const { error } = failure;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // An error may quote the whole snippet; the log needs its gist, not the code.
  return { rule: failure.rule, phase: failure.phase, message: clip(message, MAX_FAILURE_MESSAGE_CHARS) };
}

export function createEngine(deps: Partial<EngineDependencies> = {}): LocalEngine {
  const parser = deps.parser ?? new SourceParser();
  const metricsFor = deps.metricsFor ?? defaultMetricsFor;
  const rules = deps.rules ?? ALL_RULES;
  const docs = new Map(rules.map((r) => [r.meta.id, r.meta.docs.description]));
  const describe = (s: { rule?: string; type: string }) =>
    (s.rule !== undefined ? docs.get(s.rule) : undefined) ?? `Other ${s.type.replace('_', ' ')} findings.`;

  async function analyze(
    request: ExplainRequest,
    context?: ExplainContext,
    options: AnalyzeOptions = {},
  ): Promise<SourceAnalysis> {
    const { language } = request;
    const support = LANGUAGES[language];
    const { code, parsed, wrapper } = await readSelection(parser, support.grammar, request.code, language);
    const { snapshot } = parsed;
    const metrics = withoutWrapper(metricsFor(language).measure(snapshot), wrapper);
    const facts = extractFacts(language, snapshot, parsed.errorRegions, metrics);
    const run = runRulesWithNotes(
      rules,
      { language, code, root: snapshot.root, facts },
      { focus: request.focus },
    );
    const findings = orderSuggestions(run.suggestions.map(boundDescription), request.focus);
    const suggestions = groupSuggestions(findings, request.focus, describe);
    const { explanation, sections } = compose({
      request,
      languageName: support.wording.name,
      facts,
      metrics,
      suggestions,
      findings,
      checks: run.ran,
    });
    for (const failure of run.failures) context?.ruleFailed?.(failureReport(failure));
    const failed = [...new Set(run.failures.map((f) => f.rule))];
    const metadata = metadataOf(metrics, facts, language, parsed.errorRegions);
    const { response, json: responseJson } = fitResponseJson({
      explanation,
      sections,
      suggestions,
      metadata: failed.length > 0 ? { ...metadata, notes: failed.map(failedRuleNote) } : metadata,
    });
    const units = unitsOf(metrics.units);
    const raises = support.wording.raises;
    const purposes = options.purposes
      ? facts.units.map((u) => purposeSentences(u, 'it', { max: 1, raises })[0] ?? null)
      : undefined;
    // Nothing returned points into the tree: its nodes can serve the next parse.
    snapshot.release();
    return purposes
      ? { response, responseJson, findings, units, purposes }
      : { response, responseJson, findings, units };
  }

  return {
    analyze,
    async explain(request, context) {
      return (await analyze(request, context)).response;
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
