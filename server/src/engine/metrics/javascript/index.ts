/**
 * Per-unit and snippet metrics for JavaScript, TypeScript and TSX, agreeing
 * with the reference tools:
 *
 * - cyclomatic: ESLint's core `complexity` rule (cyclomatic.ts);
 * - cognitive: eslint-plugin-sonarjs 4.x `cognitive-complexity` (cognitive.ts);
 * - Halstead: typhonjs-escomplex 0.1.0's operators and operands (halstead.ts).
 *
 * Units are functions, arrows, generators, methods and classes, plus the
 * implicit functions of a class body ESLint scores separately: every static
 * block, and each field initializer that holds a decision point of its own.
 * A class unit sums the cyclomatic and cognitive scores of its members (the
 * units directly inside it); its Halstead counts cover the whole class text,
 * heads and bodies of its methods included.
 *
 * Snippet totals: cyclomatic is 1 + every decision point in the snippet, in
 * functions or not (the whole snippet scored as one path graph, the way
 * escomplex aggregates a module — escomplex also adds 1 per function, we do
 * not); cognitive is the sum over function units plus the top-level code
 * scored like one more function; Halstead covers the whole snippet; tokens
 * are counted as tokens.ts describes.
 *
 * Every pass walks the tree iteratively, so deeply nested input is fine, and
 * ERROR nodes are walked like any other node (their contents still count).
 */
import { lineSpan } from '../../walk.js';
import { entryIncrement, inSourceOrder, lineOf } from '../common/increments.js';
import {
  halsteadMeasures,
  type LanguageMetrics,
  type MetricIncrement,
  type SnippetMetrics,
  type UnitMetrics,
} from '../model.js';
import { scoreCognitive } from './cognitive.js';
import { countDecisions } from './cyclomatic.js';
import { countHalstead } from './halstead.js';
import { buildSyntaxTree } from './repair.js';
import { countTokens } from './tokens.js';
import { findUnits, type UnitCandidate } from './units.js';

/** Decision points and cognitive increments of each candidate's own code. */
interface OwnScores {
  readonly decisions: Int32Array;
  readonly cognitive: Int32Array;
}

/** A field initializer is a unit only when it has something to score. */
function kept(own: OwnScores, unit: UnitCandidate): boolean {
  return (
    unit.role !== 'initializer' ||
    (own.decisions[unit.index] ?? 0) > 0 ||
    (own.cognitive[unit.index] ?? 0) > 0
  );
}

export const javascriptMetrics: LanguageMetrics = {
  measure(snapshot): SnippetMetrics {
    const { tree, blanked } = buildSyntaxTree(snapshot);
    const table = findUnits(tree);
    const decisions = countDecisions(tree, table);
    const cognitive = scoreCognitive(tree, table);
    const halstead = countHalstead(tree, table);

    const { units } = table;
    const own: OwnScores = { decisions: decisions.perUnit, cognitive: cognitive.perUnit };
    const cyclomatic = units.map((u) => (u.role === 'class' ? 0 : 1 + (own.decisions[u.index] ?? 0)));
    const cognitiveOf = units.map((u) => (u.role === 'class' ? 0 : (own.cognitive[u.index] ?? 0)));
    const incrementsOf: MetricIncrement[][] = units.map((u) =>
      u.role === 'class'
        ? []
        : [
            entryIncrement(lineOf(u.node)),
            ...(decisions.increments[u.index] ?? []),
            ...(cognitive.increments[u.index] ?? []),
          ],
    );
    // Classes sum their members (the units directly inside them); inner before outer.
    for (let i = units.length - 1; i >= 0; i--) {
      const unit = units[i];
      if (!unit || !kept(own, unit)) continue;
      // A dropped initializer passes its members up to its class.
      const owner = unit.parent && !kept(own, unit.parent) ? unit.parent.parent : unit.parent;
      if (owner?.role === 'class') {
        cyclomatic[owner.index] = (cyclomatic[owner.index] ?? 0) + (cyclomatic[unit.index] ?? 0);
        cognitiveOf[owner.index] = (cognitiveOf[owner.index] ?? 0) + (cognitiveOf[unit.index] ?? 0);
        incrementsOf[owner.index]?.push(...(incrementsOf[unit.index] ?? []));
      }
    }

    const result: UnitMetrics[] = [];
    for (const unit of units) {
      const counts = halstead.perUnit[unit.index];
      if (!kept(own, unit) || !counts) continue;
      // A repaired tree's units are reported as the nodes of the snapshot every other stage reads.
      const node = tree === snapshot ? unit.node : snapshot.find(unit.node.type, unit.node.start);
      if (!node) continue;
      result.push({
        name: unit.name,
        kind: unit.kind,
        ...lineSpan(node),
        node,
        cyclomatic: cyclomatic[unit.index] ?? 1,
        cognitive: cognitiveOf[unit.index] ?? 0,
        halstead: halsteadMeasures(counts),
        increments: inSourceOrder(incrementsOf[unit.index] ?? []),
      });
    }

    let snippetCognitive = cognitive.topLevel;
    for (const unit of units)
      if (unit.role === 'function') snippetCognitive += own.cognitive[unit.index] ?? 0;

    return {
      cyclomatic: 1 + decisions.total,
      cognitive: snippetCognitive,
      halstead: halsteadMeasures(halstead.total),
      tokens: countTokens(tree) + blanked,
      units: result,
    };
  },
};
