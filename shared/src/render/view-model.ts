/** What an explanation view shows: one explanation and the settings it was made with. */
import type { Audience, FocusArea, Mode } from '../options.js';
import type { LanguageId } from '../languages.js';
import type { ExplainResponse } from '../response.js';

export interface ExplanationView {
  readonly language: LanguageId;
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
  /** ISO time it was made; absent only if the server did not say. */
  readonly createdAt?: string | undefined;
  readonly result: ExplainResponse;
  /**
   * Whether line numbers are buttons that reveal the code in an editor
   * (`data-action="reveal"`, for the extension's view); otherwise they are text.
   */
  readonly canReveal: boolean;
}
