/**
 * Runs suggestion rules: one iterative walk of the tree, each node handed to
 * the visitors registered for its type, reports turned into suggestions.
 */
import type { LanguageId, Suggestion } from '@code-explain/shared';
import type { Node } from 'web-tree-sitter';
import type { SnippetFacts } from '../facts/model.js';
import { walk } from '../walk.js';
import type { Report, Rule, Visitors } from './model.js';

export interface RuleInput {
  readonly language: LanguageId;
  readonly code: string;
  readonly root: Node;
  readonly facts: SnippetFacts;
}

export function runRules(rules: readonly Rule[], input: RuleInput): Suggestion[] {
  const suggestions: Suggestion[] = [];
  const seen = new Set<string>();
  const active: { rule: Rule; visitors: Visitors; failed: boolean }[] = [];

  for (const rule of rules) {
    if (!rule.meta.languages.includes(input.language)) continue;
    const entry = { rule, visitors: {} as Visitors, failed: false };
    const context = {
      ...input,
      report(report: Report) {
        if (entry.failed) return;
        const line = report.line ?? (report.node ? report.node.startPosition.row + 1 : undefined);
        const key = `${rule.meta.id}\u0000${line ?? ''}\u0000${report.message}`;
        if (seen.has(key)) return;
        seen.add(key);
        suggestions.push({
          type: rule.meta.type,
          description: report.message,
          severity: rule.meta.severity,
          ...(line !== undefined ? { line } : {}),
          rule: rule.meta.id,
        });
      },
    };
    try {
      entry.visitors = rule.create(context);
      active.push(entry);
    } catch {
      // A broken rule loses its own findings, never the explanation.
    }
  }

  const byType = new Map<string, { entry: (typeof active)[number]; visit: (node: Node) => void }[]>();
  for (const entry of active) {
    for (const [type, visit] of Object.entries(entry.visitors)) {
      if (type === 'Program:exit' || typeof visit !== 'function') continue;
      const list = byType.get(type) ?? [];
      list.push({ entry, visit: visit as (node: Node) => void });
      byType.set(type, list);
    }
  }

  if (byType.size > 0) {
    walk(input.root, (node) => {
      const handlers = byType.get(node.type);
      if (!handlers) return undefined;
      for (const { entry, visit } of handlers) {
        if (entry.failed) continue;
        try {
          visit(node);
        } catch {
          entry.failed = true;
        }
      }
      return undefined;
    });
  }

  for (const entry of active) {
    const exit = entry.visitors['Program:exit'];
    if (entry.failed || !exit) continue;
    try {
      exit();
    } catch {
      entry.failed = true;
    }
  }

  // A rule that failed part-way keeps none of its findings: they may be incomplete or wrong.
  const failed = new Set(active.filter((e) => e.failed).map((e) => e.rule.meta.id));
  return suggestions
    .filter((s) => !failed.has(s.rule ?? ''))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.rule ?? '').localeCompare(b.rule ?? ''));
}
