/**
 * One source's analysis for the command line: what `analyze` prints for a
 * file and what `diff` compares across two revisions of it. The text comes
 * from a file or from anywhere else (git, standard input); no length limit
 * applies, unlike the API's.
 */
import type { Audience, FocusArea, LanguageId, Mode } from '@code-explain/shared';
import type { AnalyzeOptions, LocalEngine, RuleFailureReport, SourceAnalysis } from '../engine/engine.js';

/** The explanation settings a run applies to every file. */
export interface AnalysisSettings {
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
}

export interface TextAnalysis extends SourceAnalysis {
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
  return { ...analysis, ruleFailures };
}
