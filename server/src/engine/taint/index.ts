/**
 * Taint from source to sink inside a function: the entry point rules use.
 * The catalogue of sources, sinks and sanitisers comes from the language's
 * module; a language without one has no taint to report.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { analyseTaint, type TaintAnalysis } from './analyse.js';

export { analyseTaint, DEFAULT_BUDGET, type TaintAnalysis } from './analyse.js';
export type { Flow, Origin, SinkKind, Source, SourceKind, TaintCatalogue } from './model.js';
export { describeFlow, severityOf } from './describe.js';

/** The taint analysis of a snippet in `language`, or undefined when the language has no catalogue. */
export function taintOf(
  language: LanguageId,
  root: Node,
  imports: readonly string[],
  budget?: number,
): TaintAnalysis | undefined {
  const catalogue = LANGUAGES[language].taint;
  if (!catalogue) return undefined;
  return analyseTaint({ language, root, catalogue, imports, ...(budget !== undefined ? { budget } : {}) });
}
