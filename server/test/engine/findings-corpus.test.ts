/**
 * The labeled findings corpus (server/test/engine/findings-corpus/): every
 * snippet through the real parser, metrics, facts and rules, its findings
 * compared with its labels on (rule, line). Prints precision and recall per
 * focus area, per language and overall, and the same corpus measured with
 * established tools (bandit, gosec, eslint-plugin-security and
 * eslint-plugin-no-unsanitized) side by side with ours.
 *
 * What counts: a finding of a rule the snippet labels (expect or silent), or
 * of any security rule, is a true positive when it matches an expected
 * (rule, line) and a false positive otherwise; findings of unlabeled
 * non-security rules (a long function, a missing doc comment) are not
 * judged. An expected finding nobody reported is a miss.
 */
import assert from 'node:assert/strict';
import type { LanguageId } from '@code-explain/shared';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { LANGUAGES } from '../../src/engine/languages/index.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { runRulesWithNotes } from '../../src/engine/rules/run.js';
import {
  add,
  areaOf,
  emptyTally,
  isNearMiss,
  loadCorpus,
  percent,
  precision,
  recall,
  scoreByFile,
  scoreExact,
  CORPUS_DIR,
  table,
  type Finding,
  type Outcome,
  type Snippet,
  type Tally,
} from './support/findings-corpus.js';
import { bandit, eslintSecurity, gosec, type ReferenceTool } from './support/reference-linters.js';

/** The targets of the issue "Findings you can trust", overall. */
const PRECISION_TARGET = 0.95;
const RECALL_TARGET = 0.9;

const corpus = loadCorpus();

async function ourFindings(parser: SourceParser, snippet: Snippet): Promise<Finding[]> {
  const language: LanguageId = snippet.language;
  const code = LANGUAGES[language].grammar.prepare?.(snippet.code) ?? snippet.code;
  const parsed = await parser.parse(code, language);
  const metrics = metricsFor(language).measure(parsed.snapshot);
  const facts = extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics);
  const run = runRulesWithNotes(ALL_RULES, { language, code, root: parsed.snapshot.root, facts });
  assert.deepEqual(
    run.failures.map((f) => f.rule),
    [],
    `${snippet.file}: rules threw`,
  );
  return run.suggestions.flatMap((s) => (s.rule && s.line ? [{ rule: s.rule, line: s.line }] : []));
}

function tallyRows(groups: ReadonlyMap<string, Tally>): string[][] {
  return [...groups].map(([name, t]) => [
    name,
    String(t.tp),
    String(t.fp),
    String(t.fn),
    percent(precision(t)),
    percent(recall(t)),
  ]);
}

const TALLY_HEAD = ['', 'TP', 'FP', 'FN', 'precision', 'recall'];

describe('findings corpus', function () {
  this.timeout(600_000);
  let parser: SourceParser;
  const outcomes = new Map<string, Outcome>();

  /** Our findings on each snippet, by file. */
  const found = new Map<string, Finding[]>();

  before(async () => {
    parser = new SourceParser();
    for (const snippet of corpus) {
      const findings = await ourFindings(parser, snippet);
      found.set(snippet.file, findings);
      outcomes.set(snippet.file, scoreExact(snippet, findings));
    }
  });
  after(() => parser.dispose());

  it('has at least 200 labeled snippets over JS, TS, Python, Java and Go, about a third of them near misses', () => {
    assert.ok(corpus.length >= 200, `${corpus.length} snippets`);
    const languages = new Set(corpus.map((s) => s.language));
    for (const l of ['javascript', 'typescript', 'python', 'java', 'go'] as const)
      assert.ok(languages.has(l), l);
    const nearMisses = corpus.filter(isNearMiss).length;
    assert.ok(nearMisses >= corpus.length / 4, `${nearMisses} near misses of ${corpus.length}`);
  });

  it('labels only rules the engine has (snippets for rules still being built live in planned/)', () => {
    const known = new Set(ALL_RULES.map((r) => r.meta.id));
    for (const snippet of corpus) {
      for (const rule of [...snippet.expects.map((e) => e.rule), ...snippet.silent])
        assert.ok(known.has(rule), `${snippet.file} labels ${rule}, which is not in ALL_RULES`);
      for (const e of snippet.expects) {
        const rule = ALL_RULES.find((r) => r.meta.id === e.rule);
        assert.ok(
          rule?.meta.languages.includes(snippet.language),
          `${snippet.file}: ${e.rule} does not run on ${snippet.language}`,
        );
      }
    }
  });

  it('keeps in planned/ only snippets that label a rule not yet in ALL_RULES, each well formed', () => {
    const known = new Set(ALL_RULES.map((r) => r.meta.id));
    for (const snippet of loadCorpus(CORPUS_DIR, { planned: true })) {
      const rules = [...snippet.expects.map((e) => e.rule), ...snippet.silent];
      assert.ok(
        rules.some((r) => !known.has(r)),
        `${snippet.file}: every rule it labels is in ALL_RULES now; move it out of planned/`,
      );
    }
  });

  it(`reaches precision ≥ ${percent(PRECISION_TARGET)} and recall ≥ ${percent(RECALL_TARGET)} overall`, () => {
    const overall = emptyTally();
    const byArea = new Map<string, Tally>();
    const byLanguage = new Map<string, Tally>();
    const byRule = new Map<string, Tally>();
    const problems: string[] = [];
    for (const snippet of corpus) {
      const outcome = outcomes.get(snippet.file)!;
      add(overall, outcome);
      const language = byLanguage.get(snippet.language) ?? emptyTally();
      add(language, outcome);
      byLanguage.set(snippet.language, language);
      // Per area and per rule, each finding and miss counts where its rule belongs.
      const pieces: [string, Outcome][] = [
        ...outcome.truePositives.map((f): [string, Outcome] => [
          f.rule,
          { truePositives: [f], falsePositives: [], misses: [] },
        ]),
        ...outcome.falsePositives.map((f): [string, Outcome] => [
          f.rule,
          { truePositives: [], falsePositives: [f], misses: [] },
        ]),
        ...outcome.misses.map((m): [string, Outcome] => [
          m.rule,
          { truePositives: [], falsePositives: [], misses: [m] },
        ]),
      ];
      for (const [rule, piece] of pieces) {
        for (const [map, key] of [
          [byArea, areaOf(rule)],
          [byRule, rule],
        ] as const) {
          const t = map.get(key) ?? emptyTally();
          add(t, piece);
          map.set(key, t);
        }
      }
      for (const f of outcome.falsePositives)
        problems.push(`false positive  ${snippet.file}:${f.line}  ${f.rule}`);
      for (const m of outcome.misses) problems.push(`miss            ${snippet.file}:${m.line}  ${m.rule}`);
    }
    const sorted = <T>(m: Map<string, T>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));
    console.log(
      [
        '',
        `Findings corpus: ${corpus.length} snippets (${corpus.filter(isNearMiss).length} near misses)`,
        '',
        table(['focus area', ...TALLY_HEAD.slice(1)], tallyRows(sorted(byArea))),
        '',
        table(['language', ...TALLY_HEAD.slice(1)], tallyRows(sorted(byLanguage))),
        '',
        table(['rule', ...TALLY_HEAD.slice(1)], tallyRows(sorted(byRule))),
        '',
        table(['overall', ...TALLY_HEAD.slice(1)], tallyRows(new Map([['all', overall]]))),
        '',
        ...(problems.length > 0 ? ['Misses and false positives:', ...problems.map((p) => `  ${p}`), ''] : []),
      ].join('\n'),
    );
    // 2026-11-23, rules on main: precision 95.4 % (185 TP, 9 FP), recall 88.9 % (23 misses) — recall short of the
    // target with labels that are right; the misses and false positives printed above are the rules' to fix.
    assert.ok(
      (precision(overall) ?? 1) >= PRECISION_TARGET && (recall(overall) ?? 1) >= RECALL_TARGET,
      `precision ${percent(precision(overall))}, recall ${percent(recall(overall))}`,
    );
  });

  describe('against established tools', () => {
    const TOOLS: readonly { tool: ReferenceTool; languages: readonly LanguageId[] }[] = [
      { tool: bandit, languages: ['python'] },
      { tool: gosec, languages: ['go'] },
      { tool: eslintSecurity, languages: ['javascript', 'typescript'] },
    ];
    for (const { tool, languages } of TOOLS) {
      it(`finds at least what ${tool.name} finds on ${languages.join(' and ')}, at equal or better precision`, async () => {
        const snippets = corpus.filter((s) => languages.includes(s.language));
        const ours = new Set(
          ALL_RULES.filter((r) => languages.some((l) => r.meta.languages.includes(l))).map((r) => r.meta.id),
        );
        const kinds = new Set(Object.values(tool.mapping).filter((rule) => ours.has(rule)));
        const theirs = await tool.run(
          CORPUS_DIR,
          snippets.map((s) => s.file),
        );
        const rows: string[][] = [];
        const shortfalls: string[] = [];
        const theirFalse: string[] = [];
        for (const kind of [...kinds].sort()) {
          const only = new Set([kind]);
          const us = emptyTally();
          const them = emptyTally();
          for (const snippet of snippets) {
            add(us, scoreByFile(snippet, found.get(snippet.file)!, only));
            const outcome = scoreByFile(
              snippet,
              theirs.filter((f) => f.file === snippet.file),
              only,
            );
            add(them, outcome);
            for (const f of outcome.falsePositives)
              theirFalse.push(`${snippet.file}:${f.line} ${f.toolRule}`);
          }
          if (us.tp + us.fn === 0) continue; // No snippet of these languages expects this kind.
          rows.push([kind, ...cells(us), ...cells(them)]);
          // A tool that reports nothing of a kind has no precision to compare with: only recall is.
          const theirPrecision = precision(them);
          if (
            (recall(us) ?? 1) < (recall(them) ?? 0) ||
            (theirPrecision !== undefined && (precision(us) ?? 1) < theirPrecision)
          )
            shortfalls.push(
              `${kind}: ours ${percent(precision(us))} precision, ${percent(recall(us))} recall; ${tool.name} ${percent(precision(them))}, ${percent(recall(them))}`,
            );
        }
        console.log(
          [
            '',
            `${tool.name} on the ${languages.join(' and ')} snippets (matched by rule within each file; see scoreByFile)`,
            '',
            table(
              [
                'kind',
                'our TP',
                'FP',
                'FN',
                'precision',
                'recall',
                'their TP',
                'FP',
                'FN',
                'precision',
                'recall',
              ],
              rows,
            ),
            '',
            `${tool.name}'s false positives: ${theirFalse.length > 0 ? theirFalse.join(', ') : 'none'}`,
            '',
          ].join('\n'),
        );
        // 2026-11-23: fails for gosec on security/sql-injection (ours 66.7 % precision, 66.7 % recall; gosec
        // 100 %, 33.3 %): go/sql-injection-6.go (`IN (` + a run of `?` + `)`) and go/sql-injection-10.go (a string
        // constant) are reported though no input reaches the query. The lead fixes the rule, not this test.
        assert.deepEqual(shortfalls, [], `our rules fall short of ${tool.name}`);
      });
    }
  });
});

function cells(t: Tally): string[] {
  return [String(t.tp), String(t.fp), String(t.fn), percent(precision(t)), percent(recall(t))];
}
