/**
 * Suggestion rules, shaped like ESLint's: each rule is a module with `meta`
 * and a `create(context)` that returns visitors keyed by tree-sitter node
 * type. The engine walks the tree once and calls every interested visitor.
 */
import type { FocusArea, LanguageId, Severity } from '@code-explain/shared';
import type { z } from 'zod';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { SnippetFacts } from '../facts/model.js';

/** Values a message template refers to as `{{name}}`. */
export type MessageData = Readonly<Record<string, string | number>>;

/** A rule's settings: thresholds and switches, each with a documented default. */
export interface RuleOptions<O extends object> {
  /** Validates a complete set of options; the runner parses defaults merged with `focused`. */
  readonly schema: z.ZodType<O>;
  readonly defaults: O;
  /** Stricter values used when the rule's focus area is requested. */
  readonly focused: Partial<O>;
  /** What each option means, for docs/rules.md. */
  readonly docs: { readonly [K in keyof O]: string };
}

/** A bad and a good snippet for docs/rules.md; the rule tester checks both. */
export interface RuleExample {
  readonly language: LanguageId;
  readonly bad: string;
  readonly good: string;
}

export interface RuleMeta<O extends object = object> {
  /** Stable id, reported as the suggestion's `rule`: "performance/linear-search-in-loop". */
  readonly id: string;
  /** The focus area the suggestion belongs to. */
  readonly type: FocusArea;
  /** Default severity; a report may raise or lower it (a tainted source is worse than a parameter). */
  readonly severity: Severity;
  /** Languages the rule understands. */
  readonly languages: readonly LanguageId[];
  readonly docs: {
    readonly description: string;
    /** For security rules: the CWE id, e.g. "CWE-95". */
    readonly cwe?: string;
    readonly examples: readonly RuleExample[];
  };
  /**
   * Message templates keyed by message id, as in ESLint: `{{name}}` is
   * replaced by `data.name` of the report. A security rule's message starts
   * with its CWE id.
   */
  readonly messages: Readonly<Record<string, string>>;
  readonly options?: RuleOptions<O>;
}

interface ReportWhere {
  /** Node the finding is about; its start line becomes the suggestion's line. */
  readonly node?: Node;
  /** 1-based line, when there is no single node. */
  readonly line?: number;
  /** Overrides the rule's default severity for this finding. */
  readonly severity?: Severity;
}

/** A finding by message id: the text is `meta.messages[messageId]` filled from `data`. */
export interface MessageReport extends ReportWhere {
  readonly messageId: string;
  readonly data?: MessageData;
}

export type Report = MessageReport;

export interface RuleContext<O extends object = object> {
  readonly language: LanguageId;
  readonly code: string;
  readonly root: Node;
  readonly facts: SnippetFacts;
  /** The rule's options: its defaults, with the stricter `focused` values when its area is requested. */
  readonly options: O;
  /** Whether the rule's focus area was requested. */
  readonly focused: boolean;
  report(report: Report): void;
}

export type Visitors = {
  readonly [nodeType: string]: ((node: Node) => void) | undefined;
} & {
  /** Called once after the walk. */
  readonly 'Program:exit'?: () => void;
};

export interface Rule<O extends object = object> {
  readonly meta: RuleMeta<O>;
  // Method syntax on purpose: it lets a Rule<{ max: number }> sit in a list of Rule.
  create(context: RuleContext<O>): Visitors;
}
