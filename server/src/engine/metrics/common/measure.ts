/**
 * Turns scanned regions into the engine's `SnippetMetrics`:
 *
 * - function-like unit: cyclomatic = 1 + its own decision points; cognitive =
 *   its own increments (+1 when it is on a recursion cycle); Halstead over its
 *   own code (nested units excluded);
 * - class unit: cyclomatic and cognitive = sums over the function-like units
 *   whose nearest enclosing class it is (methods and the lambdas/closures in
 *   them, not nested classes' methods); Halstead over the class's whole text;
 * - snippet: cyclomatic = 1 + every decision point; cognitive = every
 *   increment (function units plus code outside them); Halstead over
 *   everything; tokens = every lexical token, comments excluded.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type {
  HalsteadMeasures,
  LanguageMetrics,
  MetricIncrement,
  SnippetMetrics,
  UnitMetrics,
} from '../model.js';
import { lineSpan } from '../../walk.js';
import { entryIncrement, inSourceOrder, lineOf, recursionIncrement } from './increments.js';
import { regionAt, scan, type LanguageRules, type Region } from './scan.js';

export interface LanguageDefinition {
  readonly rules: LanguageRules;
  /** Regions (indexes) that lie on a recursion cycle within the snippet. */
  recursion(regions: readonly Region[]): ReadonlySet<number>;
}

interface UnitTotals {
  cyclomatic: number;
  cognitive: number;
  /** What makes up the two numbers (a class: its members' increments). */
  readonly increments: MetricIncrement[];
  /** Nearest enclosing class region, -1 if none. */
  readonly owner: number;
  halstead: HalsteadMeasures | null;
}

export function measureSnippet(definition: LanguageDefinition, root: Node): SnippetMetrics {
  const regions = scan(definition.rules, root);
  const recursive = definition.recursion(regions);
  const totals: UnitTotals[] = [];
  let decisions = 0;
  let cognitive = 0;
  let tokens = 0;
  for (const region of regions) {
    decisions += region.decisions;
    tokens += region.tokens;
    const own = region.cognitive + (recursive.has(region.index) ? 1 : 0);
    cognitive += own;
    const parent = regions[region.parent];
    const owner = parent?.unit?.kind === 'class' ? parent.index : (totals[region.parent]?.owner ?? -1);
    const entry: UnitTotals = { cyclomatic: 0, cognitive: 0, increments: [], owner, halstead: null };
    totals.push(entry);
    if (!region.unit || region.unit.kind === 'class') continue;
    entry.cyclomatic = 1 + region.decisions;
    entry.cognitive = own;
    entry.halstead = region.halstead.measures();
    const start = lineOf(region.node);
    entry.increments.push(entryIncrement(start), ...region.increments);
    if (recursive.has(region.index)) entry.increments.push(recursionIncrement(start));
    const ownerTotals = totals[owner];
    if (ownerTotals) {
      ownerTotals.cyclomatic += entry.cyclomatic;
      ownerTotals.cognitive += own;
      ownerTotals.increments.push(...entry.increments);
    }
  }

  // Halstead: function units count their own code (above); classes and the
  // snippet count everything inside, gathered bottom-up (inner regions come later).
  for (const region of [...regions].reverse()) {
    const entry = totals[region.index];
    if (entry && region.unit?.kind === 'class') entry.halstead = region.halstead.measures();
    regions[region.parent]?.halstead.merge(region.halstead);
  }

  const units: UnitMetrics[] = [];
  for (const region of regions) {
    const entry = totals[region.index];
    if (!region.unit || !entry?.halstead) continue;
    units.push({
      name: region.name,
      kind: region.unit.kind,
      ...lineSpan(region.node),
      node: region.node,
      cyclomatic: entry.cyclomatic,
      cognitive: entry.cognitive,
      halstead: entry.halstead,
      increments: inSourceOrder(entry.increments),
    });
  }
  return {
    cyclomatic: 1 + decisions,
    cognitive,
    halstead: regionAt(regions, 0).halstead.measures(),
    tokens,
    units,
  };
}

export function languageMetrics(definition: LanguageDefinition): LanguageMetrics {
  return { measure: (tree) => measureSnippet(definition, tree.root) };
}
