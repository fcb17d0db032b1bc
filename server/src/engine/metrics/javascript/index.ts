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
import { halsteadMeasures, type LanguageMetrics, type SnippetMetrics, type UnitMetrics } from '../model.js';
import { scoreCognitive } from './cognitive.js';
import { countDecisions } from './cyclomatic.js';
import { countHalstead } from './halstead.js';
import { buildSyntaxTree } from './repair.js';
import { countTokens } from './tokens.js';
import { findUnits, type UnitCandidate } from './units.js';

export const javascriptMetrics: LanguageMetrics = {
  measure(root): SnippetMetrics {
    const { tree, blanked } = buildSyntaxTree(root);
    const table = findUnits(tree);
    const decisions = countDecisions(tree, table);
    const cognitive = scoreCognitive(tree, table);
    const halstead = countHalstead(tree, table);

    const { units } = table;
    const decisionsOf = (u: UnitCandidate): number => decisions.perUnit[u.index] ?? 0;
    const ownCognitive = (u: UnitCandidate): number => cognitive.perUnit[u.index] ?? 0;
    // A field initializer is a unit only when it has something to score.
    const kept = (u: UnitCandidate): boolean =>
      u.role !== 'initializer' || decisionsOf(u) > 0 || ownCognitive(u) > 0;
    const cyclomatic = units.map((u) => (u.role === 'class' ? 0 : 1 + decisionsOf(u)));
    const cognitiveOf = units.map((u) => (u.role === 'class' ? 0 : ownCognitive(u)));
    // Classes sum their members (the units directly inside them); inner before outer.
    for (const unit of [...units].reverse()) {
      if (!kept(unit)) continue;
      // A dropped initializer passes its members up to its class.
      const owner = unit.parent && !kept(unit.parent) ? unit.parent.parent : unit.parent;
      if (owner?.role === 'class') {
        cyclomatic[owner.index] = (cyclomatic[owner.index] ?? 0) + (cyclomatic[unit.index] ?? 0);
        cognitiveOf[owner.index] = (cognitiveOf[owner.index] ?? 0) + (cognitiveOf[unit.index] ?? 0);
      }
    }

    const result: UnitMetrics[] = [];
    for (const unit of units) {
      const node = tree.treeSitterNode(unit.node);
      const bag = halstead.perUnit[unit.index];
      if (!kept(unit) || !node || !bag) continue;
      result.push({
        name: unit.name,
        kind: unit.kind,
        ...lineSpan(node),
        node,
        cyclomatic: cyclomatic[unit.index] ?? 1,
        cognitive: cognitiveOf[unit.index] ?? 0,
        halstead: halsteadMeasures(bag.counts()),
      });
    }

    let snippetCognitive = cognitive.topLevel;
    for (const unit of units) if (unit.role === 'function') snippetCognitive += ownCognitive(unit);

    return {
      cyclomatic: 1 + decisions.total,
      cognitive: snippetCognitive,
      halstead: halsteadMeasures(halstead.total.counts()),
      tokens: countTokens(tree) + blanked,
      units: result,
    };
  },
};
