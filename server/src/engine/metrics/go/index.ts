/**
 * Per-function metrics for Go; see ./rules.ts for what is counted and
 * ./units.ts for naming.
 *
 * Recursion (cognitive +1 once per function on a cycle, direct or indirect),
 * as gocognit v1.3.0 resolves calls without type information: a plain call
 * `f(…)` (also `(f)(…)`, `f[T](…)`) reaches the snippet's top-level function
 * `f` unless the caller declares a local `f`; `r.M(…)` reaches method `M`
 * only from `M` itself through its own receiver `r`. Calls made inside func
 * literals belong to the declaration that contains them.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { recursiveRegions } from '../common/recursion.js';
import { regionAt, scan, type Region } from '../common/scan.js';
import { goRules } from './rules.js';

const DECLARING_PARENTS = new Set([
  'parameter_declaration',
  'variadic_parameter_declaration',
  'var_spec',
  'const_spec',
  'type_spec',
]);

/** Whether `name` is declared as a local (parameter, variable, constant, type) anywhere in `fn`. */
function declaresLocally(fn: Node, name: string): boolean {
  const pending: Node[] = [fn];
  for (let node = pending.pop(); node; node = pending.pop()) {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'identifier' || child.type === 'type_identifier') {
        if (child.text !== name) continue;
        const declaring =
          DECLARING_PARENTS.has(node.type) ||
          (node.type === 'expression_list' &&
            ['short_var_declaration', 'range_clause'].includes(node.parent?.type ?? '') &&
            node.parent?.childForFieldName('left')?.id === node.id);
        if (declaring) return true;
      } else {
        pending.push(child);
      }
    }
  }
  return false;
}

function recursion(regions: readonly Region[]): ReadonlySet<number> {
  const functions = new Map<string, number>();
  for (const region of regions) {
    if (region.unit?.kind === 'function' && region.unit.name !== null)
      functions.set(region.unit.name, region.index);
  }
  return recursiveRegions(regions, (caller, call) => {
    if (call.receiver !== null) {
      const isSelf =
        caller.unit?.kind === 'method' &&
        caller.unit.receiver === call.receiver &&
        caller.node.childForFieldName('name')?.text === call.name;
      return isSelf ? [caller.index] : [];
    }
    const target = functions.get(call.name);
    if (target === undefined || declaresLocally(caller.node, call.name)) return [];
    return [target];
  });
}

export const goDefinition: LanguageDefinition = { rules: goRules, recursion };

export const goMetrics: LanguageMetrics = languageMetrics(goDefinition);

export interface GoDeclarationTotals {
  readonly node: Node;
  readonly name: string;
  readonly startLine: number;
  /** gocyclo's view: 1 + decision points of the declaration, func literals included. */
  readonly cyclomatic: number;
  /** gocognit's view: func literals folded in, one nesting level deeper. */
  readonly cognitive: number;
}

/**
 * Whole-declaration totals for each function and method, closures folded in,
 * as gocyclo and gocognit report them (the engine's units count a func
 * literal apart from its enclosing function).
 */
export function goDeclarationTotals(root: Node): GoDeclarationTotals[] {
  const regions = scan(goRules, root);
  const recursive = recursion(regions);
  const totals: GoDeclarationTotals[] = [];
  for (const region of regions) {
    const kind = region.unit?.kind;
    if (kind !== 'function' && kind !== 'method') continue;
    const whole = regionAt(scan(goRules, region.node, { inline: true }), 0);
    totals.push({
      node: region.node,
      name: region.name,
      startLine: region.node.startPosition.row + 1,
      cyclomatic: 1 + whole.decisions,
      cognitive: whole.cognitive + (recursive.has(region.index) ? 1 : 0),
    });
  }
  return totals;
}
