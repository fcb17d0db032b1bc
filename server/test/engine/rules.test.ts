/**
 * The rule catalogue as a whole: every focus area covered, ids unique and
 * prefixed by their area, a CWE for each security rule, and a rule-tester file
 * of its own for every rule (server/test/engine/rules/<id>.test.ts), which
 * holds its valid and invalid cases.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { FOCUS_AREAS } from '@code-explain/shared';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { TIER1 } from './support/rule-snippets.js';

describe('suggestion rules', () => {
  it('cover every focus area, each rule in its own area, with a unique id and a CWE for security rules', () => {
    assert.deepEqual([...new Set(ALL_RULES.map((r) => r.meta.type))].sort(), [...FOCUS_AREAS].sort());
    assert.equal(new Set(ALL_RULES.map((r) => r.meta.id)).size, ALL_RULES.length);
    for (const rule of ALL_RULES) assert.ok(rule.meta.id.startsWith(`${rule.meta.type}/`), rule.meta.id);
    for (const rule of ALL_RULES.filter((r) => r.meta.type === 'security'))
      assert.match(rule.meta.docs.cwe ?? '', /^CWE-\d+$/, rule.meta.id);
  });

  it('cover every tier-1 language in every focus area', () => {
    for (const area of FOCUS_AREAS) {
      const covered = new Set(ALL_RULES.filter((r) => r.meta.type === area).flatMap((r) => r.meta.languages));
      const missing = TIER1.filter((l) => !covered.has(l));
      assert.deepEqual(missing, [], `${area} misses ${missing.join(', ')}`);
    }
  });

  it('each have a rule-tester file of their own, message ids and a documented example', () => {
    for (const rule of ALL_RULES) {
      assert.ok(
        existsSync(new URL(`./rules/${rule.meta.id}.test.ts`, import.meta.url)),
        `no server/test/engine/rules/${rule.meta.id}.test.ts`,
      );
      assert.ok(Object.keys(rule.meta.messages ?? {}).length > 0, `${rule.meta.id} has no messages`);
      assert.ok((rule.meta.docs.examples ?? []).length > 0, `${rule.meta.id} has no example`);
    }
  });
});
