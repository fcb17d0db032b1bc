/**
 * Per-function metrics for Python. Units are named by their qualified name
 * without `<locals>` (`Stack.push`, `outer.inner`); see ./rules.ts for what
 * is counted.
 *
 * Recursion (cognitive +1 once per function on a cycle, as the whitepaper
 * says; Sonar's analyzer does not count it): a plain call `f()` reaches the
 * nearest `def f` visible from the caller (its own nested defs, then the
 * enclosing functions' and the module's — class bodies are not in scope), and
 * `self.m()` / `cls.m()` through a method's first parameter reaches the
 * methods of the same class.
 */
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { recursiveRegions } from '../common/recursion.js';
import type { Region } from '../common/scan.js';
import { pythonRules } from './rules.js';

function recursion(regions: readonly Region[]): ReadonlySet<number> {
  // Functions by defining region and name; a later `def` of the same name rebinds it.
  const defined = new Map<string, number>();
  for (const region of regions) {
    const unit = region.unit;
    if (unit && unit.kind !== 'class' && unit.kind !== 'lambda' && unit.name !== null) {
      defined.set(`${region.parent}:${unit.name}`, region.index);
    }
  }
  return recursiveRegions(regions, (caller, call) => {
    if (call.receiver !== null) {
      const owner = regions[caller.parent];
      const isOwnObject = caller.unit?.receiver === call.receiver && owner?.unit?.kind === 'class';
      const target = isOwnObject ? defined.get(`${caller.parent}:${call.name}`) : undefined;
      return target === undefined ? [] : [target];
    }
    for (let scope: Region | undefined = caller; scope; scope = regions[scope.parent]) {
      if (scope.unit?.kind === 'class') continue;
      const target = defined.get(`${scope.index}:${call.name}`);
      if (target !== undefined) return [target];
    }
    return [];
  });
}

export const pythonDefinition: LanguageDefinition = { rules: pythonRules, recursion };

export const pythonMetrics: LanguageMetrics = languageMetrics(pythonDefinition);
