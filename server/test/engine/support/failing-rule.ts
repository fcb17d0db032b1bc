/**
 * A rule that throws on every `call_expression` it visits, for the tests of
 * what the engine does with a broken rule: its findings go, a note says so,
 * and the other rules' findings stay.
 */
import type { Rule } from '../../../src/engine/rules/model.js';

export const FAILING_RULE_ID = 'security/test-always-throws';

export const failingRule: Rule = {
  meta: {
    id: FAILING_RULE_ID,
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'python'],
    docs: { description: 'Throws on every call, for tests.', cwe: 'CWE-000', examples: [] },
    messages: { never: 'CWE-000: never reported' },
  },
  create() {
    return {
      call_expression() {
        throw new TypeError('cannot read properties of undefined (reading "name")');
      },
    };
  },
};
