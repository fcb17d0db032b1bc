/**
 * From findings to suggestions (src/engine/suggestions.ts): ordering, the
 * per-rule grouping, the overall cap and bounded descriptions, on findings
 * made up to reach each limit exactly.
 */
import assert from 'node:assert/strict';
import { SEVERITIES, type FocusArea, type Severity, type Suggestion } from '@code-explain/shared';
import {
  MAX_DESCRIPTION_CHARS,
  MAX_PER_RULE,
  MAX_QUOTE_CHARS,
  MAX_SUGGESTIONS,
  MAX_SUMMARY_LINES,
} from '../../src/engine/budget.js';
import {
  boundDescription,
  groupSuggestions,
  linesPhrase,
  orderSuggestions,
} from '../../src/engine/suggestions.js';

const finding = (
  rule: string,
  line: number,
  severity: Severity = 'low',
  type: FocusArea = 'readability',
) => ({
  type,
  severity,
  rule,
  line,
  description: `${rule} at line ${line}.`,
});

const describe_ = (s: Suggestion) => `Rule ${s.rule}.`;
const group = (findings: Suggestion[], focus: string[] = []) =>
  groupSuggestions(orderSuggestions(findings, focus), focus, describe_);

describe('engine: suggestions from findings', () => {
  it('orders requested areas first, then by severity whatever the area', () => {
    const ordered = orderSuggestions(
      [
        finding('a', 1, 'low', 'readability'),
        finding('b', 2, 'critical', 'security'),
        finding('c', 3, 'info', 'testing'),
        finding('d', 4, 'medium', 'maintainability'),
      ],
      ['testing'],
    );
    assert.deepEqual(
      ordered.map((s) => s.rule),
      ['c', 'b', 'd', 'a'],
    );
  });

  it('lists up to MAX_PER_RULE findings of a rule as they are', () => {
    const findings = Array.from({ length: MAX_PER_RULE }, (_, i) => finding('r', i + 1));
    assert.deepEqual(group(findings), findings);
  });

  it('lists the first findings of a rule, then one summary with the count and the lines of the rest', () => {
    const findings = Array.from({ length: 2800 }, (_, i) => finding('security/x', i + 1, 'high', 'security'));
    const grouped = group(findings);
    assert.equal(grouped.length, MAX_PER_RULE + 1);
    assert.deepEqual(grouped.slice(0, MAX_PER_RULE), findings.slice(0, MAX_PER_RULE));
    const summary = grouped[MAX_PER_RULE]!;
    assert.deepEqual(
      { type: summary.type, severity: summary.severity, rule: summary.rule, line: summary.line },
      { type: 'security', severity: 'high', rule: 'security/x', line: MAX_PER_RULE + 1 },
    );
    const named = Array.from({ length: MAX_SUMMARY_LINES }, (_, i) => i + MAX_PER_RULE + 1).join(', ');
    assert.equal(
      summary.description,
      `Rule security/x. Found in ${2800 - MAX_PER_RULE} more places besides the ${MAX_PER_RULE} listed separately: lines ${named} and ${2800 - MAX_PER_RULE - MAX_SUMMARY_LINES} more.`,
    );
  });

  it('names each line once, ascending, when a rule finds several things on one line', () => {
    assert.equal(linesPhrase([9, 3, 3, 7]), 'lines 3, 7 and 9');
    assert.equal(linesPhrase([4, 4]), 'line 4');
  });

  it('stays within MAX_SUGGESTIONS by summarising the least important rules more tightly, keeping every finding', () => {
    // 40 rules of 10 findings each, eight per severity.
    const findings = Array.from({ length: 40 }, (_, r) =>
      Array.from({ length: 10 }, (_, i) =>
        finding(`rule${String(r).padStart(2, '0')}`, r * 100 + i + 1, SEVERITIES[r % SEVERITIES.length]),
      ),
    ).flat();
    const grouped = group(findings);
    assert.equal(grouped.length, MAX_SUGGESTIONS);
    assert.deepEqual(grouped, orderSuggestions(grouped, []), 'still ordered');
    const perRule = new Map<string, Suggestion[]>();
    for (const s of grouped) perRule.set(s.rule!, [...(perRule.get(s.rule!) ?? []), s]);
    assert.equal(perRule.size, 40, 'every rule is there');
    // A more severe rule never gets fewer suggestions than a less severe one.
    const rank = (s: Suggestion) => SEVERITIES.indexOf(s.severity!);
    const rules = [...perRule.values()];
    for (const a of rules)
      for (const b of rules)
        if (rank(a[0]!) > rank(b[0]!)) assert.ok(a.length >= b.length, `${a[0]!.rule} vs ${b[0]!.rule}`);
    // Each rule accounts for its ten findings: listed ones plus the count in its summary.
    for (const [rule, given] of perRule) {
      const listed = given.filter((s) => findings.some((f) => f.description === s.description)).length;
      const summary = given.find((s) => !findings.some((f) => f.description === s.description));
      const counted = Number(/(\d+) more places/.exec(summary!.description)?.[1]);
      assert.equal((listed || 1) + counted, 10, rule);
    }
    // The least important rules are one suggestion each: their first finding's text, then the rest.
    const last = perRule.get('rule00')!;
    assert.equal(last.length, 1);
    assert.match(
      last[0]!.description,
      /^rule00 at line 1\. The same check found 9 more places: lines 2, 3, .* and 10\.$/,
    );
  });

  it('keeps a requested area first when the cap applies', () => {
    const findings = Array.from({ length: 40 }, (_, r) =>
      Array.from({ length: 10 }, (_, i) =>
        finding(
          `r${r}`,
          r * 100 + i + 1,
          r === 39 ? 'info' : 'critical',
          r === 39 ? 'documentation' : 'security',
        ),
      ),
    ).flat();
    const grouped = group(findings, ['documentation']);
    assert.equal(grouped[0]!.rule, 'r39');
    const count = (rule: string) => grouped.filter((s) => s.rule === rule).length;
    for (let r = 0; r < 39; r++) assert.ok(count('r39') >= count(`r${r}`), `r${r}`);
    // With fewer rules, the requested one keeps its findings listed one by one.
    const few = group(
      findings.filter((f) => ['r39', 'r0', 'r1'].includes(f.rule)),
      ['documentation'],
    );
    assert.deepEqual(
      few.map((s) => s.rule),
      [
        ...Array<string>(MAX_PER_RULE + 1).fill('r39'),
        ...Array<string>(MAX_PER_RULE + 1).fill('r0'),
        ...Array<string>(MAX_PER_RULE + 1).fill('r1'),
      ],
    );
  });

  it('shortens long quoted code and long texts', () => {
    const long = boundDescription({
      type: 'security',
      description: `\`${'x'.repeat(5000)}\` is set.`,
    });
    assert.equal(long.description, `\`${'x'.repeat(MAX_QUOTE_CHARS - 1)}…\` is set.`);
    const fenced = boundDescription({ type: 'security', description: `\`\` a\`${'y'.repeat(500)} \`\` x` });
    assert.equal(fenced.description, `\`\` a\`${'y'.repeat(MAX_QUOTE_CHARS - 3)}… \`\` x`);
    const prose = boundDescription({ type: 'security', description: 'word '.repeat(1000) });
    assert.equal(prose.description.length, MAX_DESCRIPTION_CHARS);
    assert.ok(prose.description.endsWith('…'));
    const small = { type: 'security' as const, description: 'Short `x`.' };
    assert.equal(boundDescription(small), small);
  });
});
