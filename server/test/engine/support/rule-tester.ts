/**
 * A small RuleTester, after ESLint's: one `describe` per rule with `valid`
 * snippets that must stay silent and `invalid` ones whose findings must be
 * exactly the listed errors (line and message id, in line order). Snippets go
 * through the real parser, metrics and facts extraction and the real runner,
 * with the rule under test alone (other rules' findings are their tests' business).
 * Code a message proposes (in backticks) must parse in the snippet's language.
 */
import assert from 'node:assert/strict';
import type { LanguageId, Severity, Suggestion } from '@code-explain/shared';
import { extractFacts } from '../../../src/engine/facts/extract.js';
import { metricsFor } from '../../../src/engine/metrics/index.js';
import { SourceParser } from '../../../src/engine/parsing/parser.js';
import type { MessageData, Rule } from '../../../src/engine/rules/model.js';
import { runRulesWithNotes, type RuleRun } from '../../../src/engine/rules/run.js';
import { unparsedProposals } from './proposed-code.js';

export interface ValidCase {
  readonly language: LanguageId;
  readonly code: string;
  /** What makes it a near miss, for the test's title. */
  readonly why?: string;
  /** Run as if the rule's focus area were requested (its stricter options). */
  readonly focused?: boolean;
}

export interface ExpectedError {
  readonly line: number;
  readonly messageId: string;
  /** Values the message must have been filled with (a subset of the report's data). */
  readonly data?: Partial<MessageData>;
  /** What the message text must say about this code. */
  readonly says?: RegExp;
  /** What it must not say: a fix that would be wrong here. */
  readonly saysNot?: RegExp;
  readonly severity?: Severity;
}

export interface InvalidCase extends ValidCase {
  readonly errors: readonly ExpectedError[];
}

export interface RuleTests {
  readonly valid: readonly ValidCase[];
  readonly invalid: readonly InvalidCase[];
}

/** Runs `rule` alone (other rules' findings are not this test's business) on one snippet. */
export async function runOne(
  parser: SourceParser,
  rule: Rule,
  c: ValidCase,
  capture?: (report: { messageId?: string; data?: MessageData; line?: number }) => void,
): Promise<RuleRun> {
  const parsed = await parser.parse(c.code, c.language);
  const metrics = metricsFor(c.language).measure(parsed.snapshot);
  const facts = extractFacts(c.language, parsed.snapshot, parsed.errorRegions, metrics);
  const spied: Rule = capture
    ? {
        meta: rule.meta,
        create(context) {
          return rule.create({
            ...context,
            report(report) {
              capture({
                ...('messageId' in report ? { messageId: report.messageId, data: report.data ?? {} } : {}),
                ...(report.line !== undefined
                  ? { line: report.line }
                  : report.node
                    ? { line: report.node.startPosition.row + 1 }
                    : {}),
              });
              context.report(report);
            },
          });
        },
      }
    : rule;
  return runRulesWithNotes(
    [spied],
    { language: c.language, code: c.code, root: parsed.snapshot.root, facts },
    c.focused ? { focus: [rule.meta.type] } : {},
  );
}

const title = (c: ValidCase) =>
  `${c.language}${c.focused ? ' (focused)' : ''}: ${
    c.why ??
    c.code
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ??
    ''
  }`;

/** Registers the mocha tests for one rule. */
export function ruleTester(rule: Rule, tests: RuleTests): void {
  describe(rule.meta.id, () => {
    let parser: SourceParser;
    before(() => {
      parser = new SourceParser();
    });
    after(() => parser.dispose());

    it('claims only languages it has cases for, and has a case for each language it claims', () => {
      const tested = new Set(tests.invalid.map((c) => c.language));
      const untested = rule.meta.languages.filter((l) => !tested.has(l));
      assert.deepEqual(untested, [], `no invalid case in ${untested.join(', ')}`);
      for (const c of [...tests.valid, ...tests.invalid])
        assert.ok(
          rule.meta.languages.includes(c.language),
          `${c.language} is not among the rule's languages`,
        );
      assert.ok(tests.valid.length > 0, 'no valid case');
    });

    for (const c of tests.valid) {
      it(`valid ${title(c)}`, async () => {
        const run = await runOne(parser, rule, c);
        assert.deepEqual(run.failures, []);
        assert.deepEqual(run.suggestions, [], JSON.stringify(run.suggestions, null, 2));
      });
    }

    for (const c of tests.invalid) {
      it(`invalid ${title(c)}`, async () => {
        const reports: { messageId?: string; data?: MessageData; line?: number }[] = [];
        const run = await runOne(parser, rule, c, (r) => reports.push(r));
        assert.deepEqual(run.failures, []);
        const found: Suggestion[] = run.suggestions;
        assert.equal(found.length, c.errors.length, JSON.stringify(found, null, 2));
        c.errors.forEach((expected, i) => {
          const s = found[i]!;
          assert.equal(s.line, expected.line, `error ${i + 1}: line`);
          assert.equal(s.rule, rule.meta.id);
          assert.equal(s.type, rule.meta.type);
          assert.equal(s.severity, expected.severity ?? rule.meta.severity, `error ${i + 1}: severity`);
          const report = reports.find((r) => r.line === expected.line && r.messageId === expected.messageId);
          assert.ok(
            report,
            `error ${i + 1}: no report with message id "${expected.messageId}" on line ${expected.line}`,
          );
          for (const [key, value] of Object.entries(expected.data ?? {}))
            assert.equal(report.data?.[key], value, `error ${i + 1}: data.${key}`);
          if (expected.says) assert.match(s.description, expected.says);
          if (expected.saysNot) assert.doesNotMatch(s.description, expected.saysNot);
          if (rule.meta.docs.cwe)
            assert.ok(s.description.startsWith(`${rule.meta.docs.cwe}: `), s.description);
        });
        for (const s of found)
          assert.deepEqual(
            await unparsedProposals(parser, c.language, s.description, c.code),
            [],
            'proposed code parses',
          );
      });
    }

    for (const example of rule.meta.docs.examples ?? []) {
      it(`documents a bad example it finds and a good one it passes (${example.language})`, async () => {
        const bad = await runOne(parser, rule, { language: example.language, code: example.bad });
        assert.deepEqual(bad.failures, []);
        assert.ok(bad.suggestions.length > 0, 'the bad example is not found');
        const good = await runOne(parser, rule, { language: example.language, code: example.good });
        assert.deepEqual(good.failures, []);
        assert.deepEqual(good.suggestions, [], 'the good example is found');
      });
    }
  });
}
