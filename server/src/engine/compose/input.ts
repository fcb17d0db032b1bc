import type { ExplainRequest, Suggestion } from '@code-explain/shared';
import type { SnippetFacts } from '../facts/model.js';
import type { SnippetMetrics } from '../metrics/model.js';

/** Everything composition reads; it computes nothing new about the code. */
export interface ComposeInput {
  readonly request: ExplainRequest;
  readonly languageName: string;
  readonly facts: SnippetFacts;
  readonly metrics: SnippetMetrics;
  /** Already ordered: requested focus areas first. */
  readonly suggestions: readonly Suggestion[];
}
