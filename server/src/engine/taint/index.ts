/**
 * Taint from source to sink inside a function: the entry point rules use.
 * The catalogue of sources, sinks and sanitisers comes from the language's
 * module; a language without one has no taint to report.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node, SourceText } from '../parsing/node.js';
import { analyseTaint, type TaintAnalysis } from './analyse.js';

export { analyseTaint, DEFAULT_BUDGET, type QueryOptions, type TaintAnalysis } from './analyse.js';
export type { Flow, Origin, SinkKind, Source, SourceKind, TaintCatalogue } from './model.js';
export { describeFlow, severityOf } from './describe.js';

/**
 * Analyses already made, per snapshot: the security rules of one run share
 * one (as they share the scope bindings), keyed by what makes it differ.
 */
const made = new WeakMap<SourceText, Map<string, TaintAnalysis>>();

/** The taint analysis of a snippet in `language`, or undefined when the language has no catalogue. */
export function taintOf(
  language: LanguageId,
  root: Node,
  imports: readonly string[],
  budget?: number,
): TaintAnalysis | undefined {
  const catalogue = LANGUAGES[language].taint;
  if (!catalogue) return undefined;
  const key = `${language}\u0000${root.id}\u0000${budget ?? ''}\u0000${imports.join('\u0000')}`;
  let byKey = made.get(root.doc);
  if (!byKey) {
    byKey = new Map();
    made.set(root.doc, byKey);
  }
  let analysis = byKey.get(key);
  if (!analysis) {
    analysis = analyseTaint({
      language,
      root,
      catalogue,
      imports,
      ...(budget !== undefined ? { budget } : {}),
    });
    byKey.set(key, analysis);
  }
  return analysis;
}
