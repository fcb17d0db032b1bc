/**
 * Checks that a unit's increments explain its numbers exactly: the cyclomatic
 * increments sum to its cyclomatic, the cognitive ones to its cognitive, and
 * every increment points at a line inside the unit and quotes only its code.
 */
import { sumOf } from '../../../src/engine/metrics/common/increments.js';
import type { UnitMetrics } from '../../../src/engine/metrics/model.js';

export class IncrementCheck {
  units = 0;
  increments = 0;
  readonly problems: string[] = [];

  check(label: string, unit: UnitMetrics): void {
    this.units++;
    this.increments += unit.increments.length;
    const cyclomatic = sumOf(unit.increments, 'cyclomatic');
    const cognitive = sumOf(unit.increments, 'cognitive');
    if (cyclomatic !== unit.cyclomatic)
      this.problems.push(`${label}: cyclomatic ${unit.cyclomatic}, increments ${cyclomatic}`);
    if (cognitive !== unit.cognitive)
      this.problems.push(`${label}: cognitive ${unit.cognitive}, increments ${cognitive}`);
    const text = unit.node.text;
    for (const increment of unit.increments) {
      for (const [, quoted] of increment.reason.matchAll(/`([^`]+)`/g)) {
        if (!text.includes(quoted ?? ''))
          this.problems.push(`${label}: "${increment.reason}" quotes code the unit does not have`);
      }
    }
    const outside = unit.increments.find(
      (i) => i.line < unit.startLine || i.line > unit.endLine || i.points === 0,
    );
    if (outside)
      this.problems.push(
        `${label}: increment ${JSON.stringify(outside)} outside lines ${unit.startLine}–${unit.endLine}`,
      );
  }

  summary(): string {
    return `increments: ${this.units} units, ${this.increments} increments, ${this.problems.length} that do not add up`;
  }
}
