/**
 * The response budget (src/engine/budget.ts, stated in server/README.md): for
 * inputs built to be as large as possible, in every mode, the response stays
 * within its byte and count limits without the last-resort cuts, quotes only
 * the code, and groups repeated findings truthfully: every finding a rule made
 * is either listed or counted, with its line, in that rule's summary.
 */
import assert from 'node:assert/strict';
import {
  FOCUS_AREAS,
  MODES,
  explainRequestSchema,
  explainResponseSchema,
  type ExplainResponse,
  type LanguageId,
  type Suggestion,
} from '@code-explain/shared';
import {
  MAX_DESCRIPTION_CHARS,
  MAX_EXPLANATION_CHARS,
  MAX_PER_RULE,
  MAX_QUOTED_SUGGESTIONS,
  MAX_RESPONSE_BYTES,
  MAX_SECTION_CHARS,
  MAX_SUGGESTIONS,
  MAX_SUMMARY_LINES,
  MAX_UNITS,
} from '../../src/engine/budget.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { jsonBytes } from '../../src/engine/fit.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { runRules } from '../../src/engine/rules/run.js';
import { boundDescription, orderSuggestions } from '../../src/engine/suggestions.js';
import { adversarialInputs } from './support/adversarial.js';
import { ungrounded } from './support/grounded.js';

/** What the engine's stages find before grouping: every finding, and every unit. */
async function ungroupedOf(parser: SourceParser, code: string, language: LanguageId) {
  const parsed = await parser.parse(code, language);
  const metrics = metricsFor(language).measure(parsed.snapshot);
  const facts = extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics);
  const findings = runRules(ALL_RULES, { language, code, root: parsed.snapshot.root, facts });
  return { findings: findings.map(boundDescription), units: metrics.units.length };
}

/** The numbers a summary's "lines 3, 8, … and 12 more" names, and the "12". */
function summaryLines(description: string): { named: number[]; more: number } {
  const m = /\blines? ([\d, ]+?)(?: and (\d+)( more)?)?\.$/.exec(description);
  assert.ok(m, `a summary names its lines: ${description}`);
  const named = m[1]!.split(', ').map(Number);
  if (m[2] !== undefined && m[3] === undefined) return { named: [...named, Number(m[2])], more: 0 };
  return { named, more: m[2] === undefined ? 0 : Number(m[2]) };
}

/**
 * Each rule's suggestions against its findings: the first ones listed as
 * they are (by line), then one summary of the same type, severity and rule
 * that counts the rest and names their lines, as far as it names any.
 */
function assertGroupedTruthfully(suggestions: readonly Suggestion[], findings: readonly Suggestion[]) {
  const rules = [...new Set(findings.map((f) => f.rule!))];
  assert.deepEqual(
    new Set(suggestions.map((s) => s.rule)),
    new Set(rules),
    'every rule that found something is there',
  );
  for (const rule of rules) {
    const found = findings.filter((f) => f.rule === rule).sort((a, b) => a.line! - b.line!);
    const given = suggestions.filter((s) => s.rule === rule);
    for (const s of given) {
      assert.equal(s.type, found[0]!.type, rule);
      assert.equal(s.severity, found[0]!.severity, rule);
    }
    const listed = given.filter((s) =>
      found.some((f) => f.line === s.line && f.description === s.description),
    );
    const summaries = given.filter((s) => !listed.includes(s));
    if (found.length <= MAX_PER_RULE) {
      assert.deepEqual(given, found, `${rule}: few findings are all listed as they are`);
      continue;
    }
    assert.equal(summaries.length, 1, `${rule}: one summary for the rest`);
    const summary = summaries[0]!;
    const shown = listed.length;
    assert.ok(shown <= MAX_PER_RULE, rule);
    assert.deepEqual(listed, found.slice(0, shown), `${rule}: the first findings by line are listed`);
    // With none listed, the summary is the first finding's own text with the rest after it.
    const rest = found.slice(Math.max(shown, 1));
    if (shown === 0) assert.ok(summary.description.startsWith(found[0]!.description), rule);
    const counted = /(\d+) more places?\b/.exec(summary.description);
    assert.equal(Number(counted?.[1]), rest.length, `${rule}: the summary counts the rest`);
    assert.equal(summary.line, rest[0]!.line, `${rule}: the summary sits at the first of the rest`);
    const lines = [...new Set(rest.map((f) => f.line!))].sort((a, b) => a - b);
    const { named, more } = summaryLines(summary.description);
    assert.deepEqual(named, lines.slice(0, MAX_SUMMARY_LINES), `${rule}: the lines named`);
    assert.equal(more, lines.length - named.length, `${rule}: the lines not named are counted`);
  }
}

/** No section repeats the suggestions list: each quotes at most a few descriptions, never all of many. */
function assertSectionsDoNotRepeatSuggestions(response: ExplainResponse) {
  for (const section of response.sections) {
    const quoted = response.suggestions.filter((s) => section.content.includes(s.description)).length;
    assert.ok(quoted <= MAX_QUOTED_SUGGESTIONS, `${section.title} quotes ${quoted} suggestions`);
  }
}

describe('engine: the response budget', () => {
  let engine: Engine;
  let parser: SourceParser;
  before(() => {
    engine = createEngine();
    parser = new SourceParser();
  });
  after(() => {
    engine.dispose();
    parser.dispose();
  });

  for (const input of adversarialInputs()) {
    it(`${input.name}: every mode within budget, grounded, units counted`, async function () {
      // Seven 100 KB explanations; sizes are asserted, never times.
      this.timeout(120_000);
      assert.ok(input.code.length <= 100_000, 'the input is a valid request');
      const { units } = await ungroupedOf(parser, input.code, input.language);
      for (const mode of MODES) {
        const request = explainRequestSchema.parse({
          code: input.code,
          language: input.language,
          mode,
          audience: 'beginner',
          focus: [...FOCUS_AREAS],
        });
        const response = await engine.explain(request);
        const where = `${input.name}, ${mode}`;
        assert.ok(explainResponseSchema.safeParse(response).success, where);
        assert.ok(jsonBytes(response) <= MAX_RESPONSE_BYTES, `${where}: ${jsonBytes(response)} bytes`);
        assert.ok(response.explanation.length <= MAX_EXPLANATION_CHARS, where);
        for (const s of response.sections)
          assert.ok(s.content.length <= MAX_SECTION_CHARS, `${where}: ${s.title}`);
        assert.ok(response.suggestions.length <= MAX_SUGGESTIONS, where);
        for (const s of response.suggestions) assert.ok(s.description.length <= MAX_DESCRIPTION_CHARS, where);
        // The builders bound themselves: the backstop in fit.ts neither cut text nor dropped units.
        for (const text of [response.explanation, ...response.sections.map((s) => s.content)])
          assert.doesNotMatch(text, / …$/, `${where}: text was cut by the backstop`);
        const listed = response.metadata.units ?? [];
        assert.equal(listed.length, Math.min(units, MAX_UNITS), where);
        assert.equal(
          response.metadata.unitsOmitted,
          units > MAX_UNITS ? units - MAX_UNITS : undefined,
          where,
        );
        assertSectionsDoNotRepeatSuggestions(response);
        assert.deepEqual(ungrounded(response, input.code), [], where);
      }
    });
  }

  // Rules whose findings repeat; PHP is left out (the engine prefixes a `<?php` tag).
  const REPEATING = [
    'javascript: 2,800 hard-coded passwords',
    'python: 4,000 one-line functions',
    'javascript: exported functions with findings',
    'javascript: recursive and async functions',
    'python: duplicated strings and magic numbers',
    'go: discarded errors and goroutines',
    'java: a class with many public methods',
  ];
  for (const name of REPEATING) {
    it(`${name}: grouped suggestions account for every finding`, async function () {
      this.timeout(60_000);
      const input = adversarialInputs().find((i) => i.name === name)!;
      const { findings } = await ungroupedOf(parser, input.code, input.language);
      for (const focus of [[], ['documentation', 'testing']] as const) {
        const response = await engine.explain(
          explainRequestSchema.parse({ code: input.code, language: input.language, mode: 'detailed', focus }),
        );
        assert.ok(findings.length > response.suggestions.length, 'something was grouped');
        assertGroupedTruthfully(response.suggestions, findings);
        assert.deepEqual(
          response.suggestions,
          orderSuggestions(response.suggestions, focus),
          'still in order',
        );
        const text = response.sections.find((s) => s.title === 'Suggestions')!.content;
        assert.match(
          text,
          new RegExp(
            `^The checks made ${findings.length} findings, given as ${response.suggestions.length} suggestions`,
          ),
        );
      }
    });
  }
});
