/**
 * What every language's metrics produce. A language family implements
 * `LanguageMetrics`; the engine reads nothing else from it.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Snapshot } from '../parsing/snapshot.js';

export type UnitKind =
  'function' | 'method' | 'constructor' | 'getter' | 'setter' | 'arrow' | 'lambda' | 'closure' | 'class';

export interface HalsteadCounts {
  /** Distinct operators. */
  readonly n1: number;
  /** Distinct operands. */
  readonly n2: number;
  /** Total operators. */
  readonly N1: number;
  /** Total operands. */
  readonly N2: number;
}

export interface HalsteadMeasures extends HalsteadCounts {
  readonly vocabulary: number;
  readonly length: number;
  /** N·log2(n): the contract's `halstead` number. */
  readonly volume: number;
  readonly difficulty: number;
  readonly effort: number;
}

/**
 * One contribution to a unit's cyclomatic or cognitive number: a unit's
 * increments of one metric sum to that metric.
 */
// A type rather than an interface: the contract's loose objects take it as it is.
export type MetricIncrement = {
  readonly metric: 'cognitive' | 'cyclomatic';
  /** 1-based line of the code that adds it. */
  readonly line: number;
  /** Usually positive; negative where a language counts a construct one less than its parts. */
  readonly points: number;
  /** What adds it, in words (code quoted in backticks is text of the snippet). */
  readonly reason: string;
  /** For a cognitive increment that grows with nesting: the nesting level it includes. */
  readonly nesting?: number;
};

export interface Complexity {
  readonly cognitive: number;
  readonly cyclomatic: number;
  readonly halstead: HalsteadMeasures;
}

export interface UnitMetrics extends Complexity {
  /** The declared name, or a readable stand-in for anonymous units ("<arrow in map()>"). */
  readonly name: string;
  readonly kind: UnitKind;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  /** The unit's syntax node, for later stages (facts, rules); valid while its tree lives. */
  readonly node: Node;
  /** Why its cyclomatic and cognitive numbers are what they are, in source order. */
  readonly increments: readonly MetricIncrement[];
}

export interface SnippetMetrics extends Complexity {
  /** Lexical tokens, comments excluded. */
  readonly tokens: number;
  /** Every unit in document order (outer before inner). */
  readonly units: readonly UnitMetrics[];
}

export interface LanguageMetrics {
  /** Metrics of a parsed snippet. */
  measure(tree: Snapshot): SnippetMetrics;
}

export function halsteadMeasures(counts: HalsteadCounts): HalsteadMeasures {
  const { n1, n2, N1, N2 } = counts;
  const vocabulary = n1 + n2;
  const length = N1 + N2;
  const volume = vocabulary > 0 ? length * Math.log2(vocabulary) : 0;
  const difficulty = n2 > 0 ? (n1 / 2) * (N2 / n2) : 0;
  return { n1, n2, N1, N2, vocabulary, length, volume, difficulty, effort: difficulty * volume };
}
