/**
 * Suggestion rules, shaped like ESLint's: each rule is a module with `meta`
 * and a `create(context)` that returns visitors keyed by tree-sitter node
 * type. The engine walks the tree once and calls every interested visitor.
 */
import type { FocusArea, LanguageId, Severity } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { SnippetFacts } from '../facts/model.js';

export interface RuleMeta {
  /** Stable id, reported as the suggestion's `rule`: "performance/linear-search-in-loop". */
  readonly id: string;
  /** The focus area the suggestion belongs to. */
  readonly type: FocusArea;
  readonly severity: Severity;
  /** Languages the rule understands. */
  readonly languages: readonly LanguageId[];
  readonly docs: {
    readonly description: string;
    /** For security rules: the CWE id, e.g. "CWE-95". */
    readonly cwe?: string;
  };
}

export interface Report {
  /** Node the finding is about; its start line becomes the suggestion's line. */
  readonly node?: Node;
  /** 1-based line, when there is no single node. */
  readonly line?: number;
  /** The suggestion text: what was found, in this code, and what to do instead. */
  readonly message: string;
}

export interface RuleContext {
  readonly language: LanguageId;
  readonly code: string;
  readonly root: Node;
  readonly facts: SnippetFacts;
  report(report: Report): void;
}

export type Visitors = {
  readonly [nodeType: string]: ((node: Node) => void) | undefined;
} & {
  /** Called once after the walk. */
  readonly 'Program:exit'?: () => void;
};

export interface Rule {
  readonly meta: RuleMeta;
  create(context: RuleContext): Visitors;
}
