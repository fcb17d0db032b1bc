/**
 * Halstead tallies: how often each distinct operator and operand occurs.
 * Languages decide what is which (see each language's `lexicon.ts`); this
 * only counts and merges.
 */
import { halsteadMeasures, type HalsteadMeasures } from '../model.js';

export class HalsteadTally {
  readonly operators = new Map<string, number>();
  readonly operands = new Map<string, number>();

  addOperator(key: string): void {
    this.operators.set(key, (this.operators.get(key) ?? 0) + 1);
  }

  addOperand(key: string): void {
    this.operands.set(key, (this.operands.get(key) ?? 0) + 1);
  }

  /** Adds every occurrence counted by `other` to this tally. */
  merge(other: HalsteadTally): void {
    for (const [key, count] of other.operators)
      this.operators.set(key, (this.operators.get(key) ?? 0) + count);
    for (const [key, count] of other.operands) this.operands.set(key, (this.operands.get(key) ?? 0) + count);
  }

  measures(): HalsteadMeasures {
    let N1 = 0;
    let N2 = 0;
    for (const count of this.operators.values()) N1 += count;
    for (const count of this.operands.values()) N2 += count;
    return halsteadMeasures({ n1: this.operators.size, n2: this.operands.size, N1, N2 });
  }
}
