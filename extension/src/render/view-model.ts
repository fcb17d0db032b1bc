/** What the explanation view shows: one explanation and the settings it was made with. */
import type { Audience, ExplainResponse, FocusArea, LanguageId, Mode } from '@code-explain/shared';

export interface ExplanationView {
  readonly language: LanguageId;
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
  /** ISO time it was made; absent only if the server did not say. */
  readonly createdAt?: string | undefined;
  readonly result: ExplainResponse;
  /** Whether line numbers can reveal code in an editor (not for history items with no source open). */
  readonly canReveal: boolean;
}
