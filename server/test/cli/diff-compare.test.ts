import assert from 'node:assert/strict';
import type { Suggestion } from '@code-explain/shared';
import {
  compareVersions,
  enclosingUnit,
  matchUnits,
  messageKey,
  type Version,
} from '../../src/cli/diff/compare.js';
import type { UnitSummary } from '../../src/engine/metadata.js';

const unit = (name: string, startLine: number, endLine: number, cognitive = 0): UnitSummary => ({
  name,
  kind: 'function',
  startLine,
  endLine,
  complexity: { cognitive, cyclomatic: cognitive + 1, halstead: 10 },
  halstead: { n1: 1, n2: 1, N1: 1, N2: 1 },
});
const finding = (line: number, description: string): Suggestion => ({
  type: 'best_practices',
  rule: 'best_practices/loose-equality',
  severity: 'low',
  line,
  description,
});
const version = (text: string, units: UnitSummary[], findings: Suggestion[] = []): Version => ({
  text,
  units,
  findings,
  purposes: units.map(() => null),
});

describe('code-explain diff: comparing two versions of a file', () => {
  it('matches units by kind and name, the k-th of a name with the k-th, whatever their lines', () => {
    const base = [unit('a', 1, 3), unit('<anonymous>', 4, 4), unit('<anonymous>', 5, 5), unit('gone', 6, 8)];
    const head = [
      unit('new', 1, 2),
      unit('<anonymous>', 3, 3),
      unit('a', 10, 12),
      unit('<anonymous>', 13, 13),
    ];
    assert.deepEqual(matchUnits(base, head), { baseToHead: [2, 1, 3, -1], headToBase: [-1, 1, 0, 2] });
    // A method and a function of the same name are different units.
    assert.deepEqual(
      matchUnits([unit('f', 1, 2)], [{ ...unit('f', 1, 2), kind: 'method' }]).baseToHead,
      [-1],
    );
  });

  it('takes line numbers out of messages, so a moved finding is the same finding', () => {
    assert.equal(
      messageKey('`a == b` on line 12 uses `==`; see lines 3–7 and file.js:40:2'),
      messageKey('`a == b` on line 30 uses `==`; see lines 9–13 and file.js:2:8'),
    );
    assert.notEqual(messageKey('`a == b` on line 1'), messageKey('`c == d` on line 1'));
  });

  it('a finding belongs to the innermost unit around its line', () => {
    const units = [unit('outer', 1, 10), unit('inner', 3, 5)];
    assert.equal(enclosingUnit(units, 4), 1);
    assert.equal(enclosingUnit(units, 8), 0);
    assert.equal(enclosingUnit(units, 12), -1);
  });

  it('a moved unit with the same text is unchanged; findings are new, resolved or unchanged as multisets', () => {
    const body = 'function a(x) {\n  if (x == 1) return 1;\n  if (x == 2) return 2;\n}';
    const base = version(
      `${body}\nfunction b(y) {\n  return y == 0;\n}`,
      [unit('a', 1, 4, 2), unit('b', 5, 7)],
      [finding(2, '`x == 1` on line 2'), finding(3, '`x == 2` on line 3'), finding(6, '`y == 0` on line 6')],
    );
    // b is fixed and moved up; a moved down two lines, its text the same; c is new with a finding.
    const head = version(
      `function b(y) {\n  return y === 0;\n}\n\n\n${body}\nfunction c(z) {\n  return z == 2;\n}`,
      [unit('b', 1, 3), unit('a', 6, 9, 2), unit('c', 10, 12)],
      [
        finding(7, '`x == 1` on line 7'),
        finding(8, '`x == 2` on line 8'),
        finding(11, '`z == 2` on line 11'),
      ],
    );
    const hunks = [
      { oldStart: 5, oldCount: 3, newStart: 0, newCount: 0 },
      { oldStart: 0, oldCount: 0, newStart: 1, newCount: 5 },
      { oldStart: 7, oldCount: 0, newStart: 10, newCount: 3 },
    ];
    const result = compareVersions('x.js', base, head, hunks);
    assert.equal(result.unchangedUnits, 1);
    assert.deepEqual(
      result.units.map((u) => [u.name, u.change, u.lines, u.findings.new.length, u.findings.resolved.length]),
      [
        ['b', 'changed', { added: [{ first: 1, last: 3 }], removed: [{ first: 5, last: 7 }] }, 0, 1],
        ['c', 'added', { added: [{ first: 10, last: 12 }], removed: [] }, 1, 0],
      ],
    );
    assert.deepEqual(
      result.newFindings.map((f) => f.line),
      [11],
    );
    assert.deepEqual(
      result.resolvedFindings.map((f) => f.line),
      [6],
    );
    // a's two findings moved with it: neither new nor resolved, and not listed outside the changed units.
    assert.deepEqual(result.outside, { new: [], resolved: [] });
  });
});
