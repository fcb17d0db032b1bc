/**
 * What a requested focus area's checks covered: which rules ran on this
 * language, the stricter settings they ran with, and what no check of the
 * engine can see from one snippet. A requested focus never answers "no
 * issues" without saying what was looked at.
 */
import type { FocusArea } from '@code-explain/shared';
import type { RuleMeta } from '../rules/model.js';
import { count, listOf } from './text.js';

/** What a check of one snippet cannot see, per area; each statement true of every snippet. */
const BLIND_SPOTS: Record<FocusArea, string> = {
  security:
    'values that arrive from or leave to code outside this snippet (other files, functions defined elsewhere, flows across requests), settings applied at run time, and known vulnerabilities in dependencies',
  performance:
    'real input sizes, the cost of functions defined outside this snippet, and I/O or database latency; the figures describe growth, not measured time',
  readability: "the conventions of the surrounding codebase and whether names match its domain's words",
  best_practices:
    "the project's own conventions, its linter and compiler settings, and code outside this snippet",
  architecture: 'how the rest of the project uses this code: callers and modules outside the snippet',
  testing: 'tests that may exist elsewhere for this code',
  documentation: 'documentation kept outside the code, such as READMEs or a documentation site',
  scalability: 'the deployment: real data volumes, concurrency, and the infrastructure the code runs on',
  maintainability: 'the history of the code and duplicates of it outside this snippet',
};

/** "readability/deep-nesting maxDepth 3 (4 otherwise)" for each option the focus makes stricter. */
function stricterSettings(meta: RuleMeta): string[] {
  const options = meta.options;
  if (!options) return [];
  const defaults = options.defaults as Record<string, unknown>;
  return Object.entries(options.focused as Record<string, unknown>)
    .filter(([key, value]) => value !== undefined && value !== defaults[key])
    .map(([key, value]) => `${meta.id} ${key} ${String(value)} (${String(defaults[key])} otherwise)`);
}

/** Sentences on what ran for `area` and what it cannot see; `found` says whether anything was reported. */
export function coverageSentences(
  area: FocusArea,
  areaName: string,
  languageName: string,
  checks: readonly RuleMeta[],
  found: boolean,
): string[] {
  const ran = checks.filter((c) => c.type === area);
  const out: string[] = [];
  if (ran.length === 0) {
    out.push(`No ${areaName} checks exist for ${languageName} yet, so nothing was looked at in this area.`);
  } else {
    out.push(
      `Checked: ${count(ran.length, `${areaName} rule`)} for ${languageName} (${listOf(ran.map((c) => c.id))}).`,
    );
    const stricter = ran.flatMap(stricterSettings);
    if (stricter.length > 0)
      out.push(`Because this area was requested, they ran stricter: ${listOf(stricter)}.`);
    if (!found) out.push(`None of them found a problem in this code.`);
  }
  out.push(`Not covered by any check here: ${BLIND_SPOTS[area]}.`);
  return out;
}
