/**
 * One source's analysis for the command line: what `analyze` prints for a
 * file and what `diff` compares across two revisions of it. The text comes
 * from a file or from anywhere else (git, standard input); no length limit
 * applies, unlike the API's.
 */
import type { Audience, FocusArea, LanguageId, Metadata, Mode, Suggestion } from '@code-explain/shared';
import type { AnalyzeOptions, LocalEngine, RuleFailureReport } from '../engine/engine.js';
import type { UnitSummary } from '../engine/metadata.js';

/** The explanation settings a run applies to every file. */
export interface AnalysisSettings {
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
}

/**
 * What a worker hands the main thread for one text. The response travels as
 * its JSON text: a string crosses threads as one copy, where cloning the
 * response's objects cost the worker as much as printing them, and the main
 * thread prints the text as it is (JSON Lines) or parses it for the formats
 * that read it.
 */
export interface TextAnalysis {
  /** The API's response for the text, as JSON. */
  readonly responseJson: string;
  /** The parts of the response's metadata that the reports and gates read. */
  readonly metadata: {
    /** How many lines the text has. */
    readonly lines: number;
    readonly complexity: Metadata['complexity'];
    /** Checks that failed on the text (the response's `metadata.notes`). */
    readonly notes: readonly string[];
  };
  /** Every finding on its own, in priority order (severity, then line). */
  readonly findings: readonly Suggestion[];
  /** Every unit's metrics, in source order, without increments. */
  readonly units: readonly UnitSummary[];
  /** Per unit, its lead purpose sentence (null when its code states none); only when asked for. */
  readonly purposes?: readonly (string | null)[];
  /** Rules that threw on this text: their findings are missing (the response's notes say which). */
  readonly ruleFailures: readonly RuleFailureReport[];
}

/** Units, metrics, findings and the API's response for one text. */
export async function analyzeText(
  engine: LocalEngine,
  text: string,
  language: LanguageId,
  settings: AnalysisSettings,
  options: AnalyzeOptions = {},
): Promise<TextAnalysis> {
  const ruleFailures: RuleFailureReport[] = [];
  const analysis = await engine.analyze(
    { code: text, language, mode: settings.mode, audience: settings.audience, focus: [...settings.focus] },
    { ruleFailed: (failure) => ruleFailures.push(failure) },
    options,
  );
  const { lines, complexity, notes } = analysis.response.metadata;
  return {
    responseJson: analysis.responseJson,
    metadata: { lines: typeof lines === 'number' ? lines : 0, complexity, notes: notes ?? [] },
    findings: analysis.findings,
    units: analysis.units,
    ...(analysis.purposes === undefined ? {} : { purposes: analysis.purposes }),
    ruleFailures,
  };
}
