/**
 * Halstead tallies for many overlapping scopes at once (the snippet, each
 * function body, each class): every operator and operand name is interned to
 * a small number once, each scope keeps the list of numbers it saw, and
 * distinct counts are taken at the end. This replaces a string-keyed map
 * update per scope per occurrence.
 */
import type { HalsteadCounts } from '../model.js';

export type Kind = 'operator' | 'operand';

export class ScopedTally {
  readonly #operatorIds = new Map<string, number>();
  readonly #operandIds = new Map<string, number>();
  /** Per scope: the interned operators and operands seen, one entry per occurrence. */
  readonly #operators: number[][] = [];
  readonly #operands: number[][] = [];

  constructor(scopes: number) {
    for (let i = 0; i < scopes; i++) {
      this.#operators.push([]);
      this.#operands.push([]);
    }
  }

  /** The interned number of a name of a kind. */
  id(kind: Kind, name: string): number {
    const ids = kind === 'operator' ? this.#operatorIds : this.#operandIds;
    let id = ids.get(name);
    if (id === undefined) {
      id = ids.size;
      ids.set(name, id);
    }
    return id;
  }

  /** One occurrence of an interned name in a scope; scopes out of range are ignored. */
  add(scope: number, kind: Kind, id: number): void {
    const lists = kind === 'operator' ? this.#operators : this.#operands;
    lists[scope]?.push(id);
  }

  /** Adds every occurrence counted in scope `from` to scope `into`. */
  fold(into: number, from: number): void {
    appendAll(this.#operators[into], this.#operators[from]);
    appendAll(this.#operands[into], this.#operands[from]);
  }

  /** Counts per scope, in scope order. */
  counts(): HalsteadCounts[] {
    const seenOperators = new Int32Array(this.#operatorIds.size).fill(-1);
    const seenOperands = new Int32Array(this.#operandIds.size).fill(-1);
    const result: HalsteadCounts[] = [];
    for (let scope = 0; scope < this.#operators.length; scope++) {
      const operators = this.#operators[scope] ?? [];
      const operands = this.#operands[scope] ?? [];
      result.push({
        n1: distinct(operators, seenOperators, scope),
        n2: distinct(operands, seenOperands, scope),
        N1: operators.length,
        N2: operands.length,
      });
    }
    return result;
  }
}

function appendAll(into: number[] | undefined, from: readonly number[] | undefined): void {
  if (!into || !from) return;
  for (const id of from) into.push(id);
}

/** Distinct ids in `ids`, marking each in `seen` with `stamp` (stamps differ per call). */
function distinct(ids: readonly number[], seen: Int32Array, stamp: number): number {
  let count = 0;
  for (const id of ids) {
    if (seen[id] !== stamp) {
      seen[id] = stamp;
      count++;
    }
  }
  return count;
}
