/**
 * Per-function metrics for Java; see ./rules.ts for what is counted and
 * ./units.ts for naming.
 *
 * Recursion (cognitive +1 once per method on a cycle, direct or indirect, as
 * the whitepaper says; Sonar's Java analyzer does not count it): `m(…)` and
 * `this.m(…)` reach the methods named `m` of the caller's own class that take
 * that many arguments. Calls made inside lambdas belong to the enclosing
 * method.
 */
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { recursiveRegions } from '../common/recursion.js';
import type { Region } from '../common/scan.js';
import { javaRules } from './rules.js';

function recursion(regions: readonly Region[]): ReadonlySet<number> {
  const methods = new Map<string, Region[]>();
  for (const region of regions) {
    if (region.unit?.kind !== 'method' || region.unit.name === null) continue;
    const key = `${region.parent}:${region.unit.name}`;
    const list = methods.get(key);
    if (list) list.push(region);
    else methods.set(key, [region]);
  }
  return recursiveRegions(regions, (caller, call) => {
    const candidates = methods.get(`${caller.parent}:${call.name}`) ?? [];
    return candidates
      .filter(
        (m) =>
          m.unit?.arity === undefined || (m.unit.arity.min <= call.args && call.args <= m.unit.arity.max),
      )
      .map((m) => m.index);
  });
}

export const javaDefinition: LanguageDefinition = { rules: javaRules, recursion };

export const javaMetrics: LanguageMetrics = languageMetrics(javaDefinition);
