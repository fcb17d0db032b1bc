/**
 * Runs suggestion rules: one pass over the snapshot's nodes, each node handed to
 * the visitors registered for its type, reports turned into suggestions.
 */
import type { FocusArea, LanguageId, Suggestion } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { SnippetFacts } from '../facts/model.js';
import type { MessageData, Report, Rule, RuleContext, RuleMeta, Visitors } from './model.js';

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

export interface RuleSettings {
  /** Requested focus areas: their rules run with their stricter `focused` options. */
  readonly focus?: readonly FocusArea[];
}

export interface RuleRun {
  /** Ordered by line, then rule id; no two with the same rule, line and message. */
  readonly suggestions: Suggestion[];
  /** Rules that threw; their findings were dropped. */
  readonly failures: RuleFailure[];
  /** The rules that ran on this language (a failed one included), for statements of what was checked. */
  readonly ran: readonly RuleMeta[];
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

/** A rule's message for a report: its template filled from `data`; a missing id or value is the rule's bug. */
export function messageOf(meta: RuleMeta, report: Report): string {
  const template = meta.messages[report.messageId];
  if (template === undefined) throw new Error(`${meta.id} has no message "${report.messageId}"`);
  return fillTemplate(template, report.data ?? {}, `${meta.id}/${report.messageId}`);
}

function fillTemplate(template: string, data: MessageData, where: string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
    const value = data[key];
    if (value === undefined) throw new Error(`${where} needs "${key}"`);
    return String(value);
  });
}

/**
 * Parsed options by rule and focus. A memo of constants, not state: a rule's
 * meta never changes, so neither do its parsed options; parsing them again
 * for every rule on every file cost more than some rules' whole run.
 */
const parsedOptions = new WeakMap<RuleMeta<object>, { plain?: object; focused?: object }>();

/** The rule's options for this run: defaults, overlaid with the focused values when its area is requested. */
export function optionsOf<O extends object>(meta: RuleMeta<O>, focused: boolean): O {
  const options = meta.options;
  if (!options) return {} as O; // A rule without options reads none.
  let parsed = parsedOptions.get(meta as RuleMeta<object>);
  if (!parsed) parsedOptions.set(meta as RuleMeta<object>, (parsed = {}));
  const key = focused ? 'focused' : 'plain';
  // Frozen: every run shares the object, so no rule may change it.
  parsed[key] ??= Object.freeze(
    options.schema.parse(focused ? { ...options.defaults, ...options.focused } : options.defaults),
  );
  return parsed[key] as O;
}

/** Runs the rules that understand `input.language` and returns their suggestions and failures. */
export function runRulesWithNotes(
  rules: readonly Rule[],
  input: RuleInput,
  settings: RuleSettings = {},
): RuleRun {
  const failures: RuleFailure[] = [];
  const active: Active[] = [];
  const ran: RuleMeta[] = [];
  const fail = (entry: Active, phase: RuleFailure['phase'], error: unknown) => {
    entry.failed = true;
    failures.push({ rule: entry.rule.meta.id, phase, error });
  };

  for (const rule of rules) {
    if (!rule.meta.languages.includes(input.language)) continue;
    ran.push(rule.meta);
    const entry: Active = { rule, found: [], visitors: {}, failed: false };
    const seen = new Set<string>();
    const focused = settings.focus?.includes(rule.meta.type) ?? false;
    try {
      const context: RuleContext = {
        language: input.language,
        code: input.code,
        root: input.root,
        facts: input.facts,
        options: optionsOf(rule.meta, focused),
        focused,
        report(report: Report) {
          if (entry.failed) return;
          const message = messageOf(rule.meta, report);
          if (message === '') return;
          const line = lineFor(report);
          const key = `${line ?? ''}\u0000${message}`;
          if (seen.has(key)) return;
          seen.add(key);
          entry.found.push({
            type: rule.meta.type,
            description: message,
            severity: report.severity ?? rule.meta.severity,
            ...(line !== undefined ? { line } : {}),
            rule: rule.meta.id,
          });
        },
      };
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
      // An index loop: this runs for every node of every file.
      for (let h = 0; h < handlers.length; h++) {
        const { entry, visit } = handlers[h]!;
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
  return { suggestions, failures, ran };
}

/** The suggestions of every rule that understands `input.language`; a rule that throws is skipped. */
export function runRules(
  rules: readonly Rule[],
  input: RuleInput,
  settings: RuleSettings = {},
): Suggestion[] {
  return runRulesWithNotes(rules, input, settings).suggestions;
}
