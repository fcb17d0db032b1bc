/**
 * A reviewed change as every `diff` format and the gates read it: per file
 * what happened to it, and per unit that was added, changed or removed its
 * metrics before and after, its findings new, resolved and unchanged, and
 * the lines the change touched.
 */
import type { LanguageId, Suggestion } from '@code-explain/shared';
import type { UnitSummary } from '../../engine/metadata.js';
import type { ChangeStatus } from './git.js';

/** Lines first..last (1-based, inclusive). */
export interface LineRange {
  readonly first: number;
  readonly last: number;
}

export interface Metrics {
  readonly cognitive: number;
  readonly cyclomatic: number;
  /** Halstead volume. */
  readonly halstead: number;
}

export interface UnitChange {
  /** The head's path (the base's for a unit of a deleted file). */
  readonly file: string;
  readonly name: string;
  readonly kind: UnitSummary['kind'];
  readonly change: 'added' | 'changed' | 'removed';
  /** The unit in the base and in the head (undefined where it does not exist). */
  readonly before: UnitSummary | undefined;
  readonly after: UnitSummary | undefined;
  /** What its code says it is for (the head's; the base's for a removed unit); null when it says nothing. */
  readonly purpose: string | null;
  /** Lines of the change inside the unit: `added` in the head's numbering, `removed` in the base's. */
  readonly lines: { readonly added: readonly LineRange[]; readonly removed: readonly LineRange[] };
  readonly findings: {
    readonly new: readonly Suggestion[];
    readonly resolved: readonly Suggestion[];
    readonly unchanged: readonly Suggestion[];
  };
}

/** Why a changed file's units were not compared. */
export type NotAnalysedReason =
  | { readonly why: 'binary' }
  | { readonly why: 'unsupported' }
  | { readonly why: 'too-large'; readonly detail: string }
  | { readonly why: 'not-a-file'; readonly detail: string }
  | { readonly why: 'failed'; readonly detail: string };

export interface FileDiff {
  readonly status: ChangeStatus;
  /** The head's path (the base's for a deleted file). */
  readonly file: string;
  /** The base's path, for a renamed file. */
  readonly from: string | undefined;
  readonly similarity: number | undefined;
  readonly language: LanguageId | undefined;
  /** Undefined when the file was compared; otherwise why not. */
  readonly notAnalysed: NotAnalysedReason | undefined;
  /** Whole-file metrics before and after (undefined on a side where the file is absent or not analysed). */
  readonly before: Metrics | undefined;
  readonly after: Metrics | undefined;
  readonly lines: { readonly added: number; readonly removed: number };
  readonly units: {
    readonly added: number;
    readonly changed: number;
    readonly removed: number;
    readonly unchanged: number;
  };
  /** New and resolved findings outside any changed unit (in unchanged units or at the top level). */
  readonly outside: { readonly new: readonly Suggestion[]; readonly resolved: readonly Suggestion[] };
  /** Every finding of the head version that is new, in or out of changed units: what SARIF and --fail-on see. */
  readonly newFindings: readonly Suggestion[];
  readonly resolvedFindings: number;
  /** Every unit of the head version (for locations in SARIF). */
  readonly headUnits: readonly UnitSummary[];
  /** The head version's line count (for SARIF's artifact; 0 when there is none). */
  readonly headLines: number;
  /** Notes of checks that failed on either version. */
  readonly notes: readonly string[];
}
