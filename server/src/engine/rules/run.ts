/**
 * Runs suggestion rules: one pass over the snapshot's nodes, each node handed to
 * the visitors registered for its type, reports turned into suggestions.
 */
import type { LanguageId, Suggestion } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { SnippetFacts } from '../facts/model.js';
import type { Report, Rule, RuleContext, Visitors } from './model.js';

export interface RuleInput {
  readonly language: LanguageId;
  readonly code: string;
  readonly root: Node;
  readonly facts: SnippetFacts;
}

/** A rule that threw: its findings were dropped, the other rules' kept. */
export interface RuleFailure {
  readonly rule: string;
  readonly phase: 'create' | 'visit' | 'exit';
  readonly error: unknown;
}

export interface RuleRun {
  /** Ordered by line, then rule id; no two with the same rule, line and message. */
  readonly suggestions: Suggestion[];
  /** Internal notes for logs and tests; never shown to users. */
  readonly failures: RuleFailure[];
}

interface Active {
  readonly rule: Rule;
  readonly found: Suggestion[];
  visitors: Visitors;
  failed: boolean;
}

type Visit = (node: Node) => void;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function lineFor(report: Report): number | undefined {
  if (report.line !== undefined && Number.isInteger(report.line) && report.line > 0) return report.line;
  return report.node ? report.node.startPosition.row + 1 : undefined;
}

/** Runs the rules that understand `input.language` and returns their suggestions and failures. */
export function runRulesWithNotes(rules: readonly Rule[], input: RuleInput): RuleRun {
  const failures: RuleFailure[] = [];
  const active: Active[] = [];
  const fail = (entry: Active, phase: RuleFailure['phase'], error: unknown) => {
    entry.failed = true;
    failures.push({ rule: entry.rule.meta.id, phase, error });
  };

  for (const rule of rules) {
    if (!rule.meta.languages.includes(input.language)) continue;
    const entry: Active = { rule, found: [], visitors: {}, failed: false };
    const seen = new Set<string>();
    const context: RuleContext = {
      language: input.language,
      code: input.code,
      root: input.root,
      facts: input.facts,
      report(report: Report) {
        if (entry.failed || typeof report.message !== 'string' || report.message === '') return;
        const line = lineFor(report);
        const key = `${line ?? ''}\u0000${report.message}`;
        if (seen.has(key)) return;
        seen.add(key);
        entry.found.push({
          type: rule.meta.type,
          description: report.message,
          severity: rule.meta.severity,
          ...(line !== undefined ? { line } : {}),
          rule: rule.meta.id,
        });
      },
    };
    try {
      entry.visitors = rule.create(context) ?? {};
      active.push(entry);
    } catch (error) {
      // A broken rule loses its own findings, never the explanation.
      fail(entry, 'create', error);
    }
  }

  const byType = new Map<string, { entry: Active; visit: Visit }[]>();
  for (const entry of active) {
    for (const [type, visit] of Object.entries(entry.visitors)) {
      if (type === 'Program:exit' || typeof visit !== 'function') continue;
      const list = byType.get(type) ?? [];
      list.push({ entry, visit: visit as Visit });
      byType.set(type, list);
    }
  }

  if (byType.size > 0) {
    // The subtree under root is a run of the snapshot's pre-order array: one loop, no stack.
    const nodes = input.root.doc.nodes;
    for (let i = input.root.id; i <= input.root.lastId; i++) {
      const node = nodes[i]!;
      const handlers = byType.get(node.type);
      if (!handlers) continue;
      for (const { entry, visit } of handlers) {
        if (entry.failed) continue;
        try {
          visit(node);
        } catch (error) {
          fail(entry, 'visit', error);
        }
      }
    }
  }

  for (const entry of active) {
    const exit = entry.visitors['Program:exit'];
    if (entry.failed || typeof exit !== 'function') continue;
    try {
      exit();
    } catch (error) {
      fail(entry, 'exit', error);
    }
  }

  // A rule that failed part-way keeps none of its findings: they may be incomplete or wrong.
  const suggestions = active
    .filter((entry) => !entry.failed)
    .flatMap((entry) => entry.found)
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || byCodePoint(a.rule ?? '', b.rule ?? ''));
  return { suggestions, failures };
}

/** The suggestions of every rule that understands `input.language`; a rule that throws is skipped. */
export function runRules(rules: readonly Rule[], input: RuleInput): Suggestion[] {
  return runRulesWithNotes(rules, input).suggestions;
}
