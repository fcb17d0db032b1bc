import type { ExplainRequest, Suggestion } from '@code-explain/shared';
import type { SnippetFacts } from '../facts/model.js';
import type { SnippetMetrics } from '../metrics/model.js';
import type { RuleMeta } from '../rules/model.js';

/** Everything composition reads; it computes nothing new about the code. */
export interface ComposeInput {
  readonly request: ExplainRequest;
  readonly languageName: string;
  readonly facts: SnippetFacts;
  readonly metrics: SnippetMetrics;
  /** The response's suggestions: ordered (requested focus areas first), repeated findings grouped. */
  readonly suggestions: readonly Suggestion[];
  /** Every finding before grouping, in the same order: for counting, not for quoting. */
  readonly findings: readonly Suggestion[];
  /** The rules that ran on this code, for saying what a focus area's checks covered. */
  readonly checks: readonly RuleMeta[];
}
