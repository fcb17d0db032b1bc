/**
 * Between the command line's main thread and its analysis workers: one task
 * at a time per worker, each answered once with the task's id.
 */
import type { LanguageId } from '@code-explain/shared';
import type { AnalysisSettings, TextAnalysis } from './analysis.js';

/** A file the worker reads itself (so big files never cross threads twice), or text from elsewhere (git, stdin). */
export type Source = { readonly path: string } | { readonly text: string };

export interface AnalysisTask {
  readonly source: Source;
  readonly language: LanguageId;
  readonly settings: AnalysisSettings;
  /** Each unit's purpose sentence too (for `diff`). */
  readonly purposes?: boolean;
}

export interface TaskMessage {
  readonly id: number;
  readonly task: AnalysisTask;
}

export type TaskOutcome =
  | { readonly ok: true; readonly analysis: TextAnalysis }
  | {
      readonly ok: false;
      readonly message: string;
      /** The worker's WebAssembly runtime trapped: it must not take another task. */
      readonly broken?: boolean;
    };

export interface OutcomeMessage {
  readonly id: number;
  readonly outcome: TaskOutcome;
}

/** Parsing a very large file takes seconds, not the API's 1.5 s; this only stops a runaway parse. */
export const PARSE_TIMEOUT_MS = 60_000;
