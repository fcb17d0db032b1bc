/**
 * Every kind of claim, with the sentence it stands behind and how the audit
 * re-checks it (server/scripts/audit/checks.ts holds the checks, keyed by
 * these ids). The audit prints this table, so a kind with no check shows.
 */
import type { ClaimKind } from './model.js';

export interface ClaimKindMeta {
  readonly sentence: string;
  /** What the audit's second, deliberately simple check requires of the tree. */
  readonly check: string;
}

export const CLAIM_KINDS: Readonly<Record<ClaimKind, ClaimKindMeta>> = {
  'divides-by': {
    sentence: 'Division: it divides by `n`, and nothing in it rules out zero.',
    check:
      'a node with a `/`, `%` or `//` operator whose right operand is exactly `n`, and no condition, assignment or call argument in the unit mentions `n`',
  },
  'calls-itself': {
    sentence: 'It uses recursion: it calls itself at N places.',
    check:
      "each site is a call whose callee's last name is the unit's, and when the snippet has another unit of that name, passes as many arguments as the unit has parameters",
  },
  'stack-depth': {
    sentence: 'Depth: each call waits on a smaller one, so the stack grows …',
    check: 'each site is a self-call with no function between it and the unit, and the unit is not async',
  },
  'declares-methods': {
    sentence: 'Class `C` has N methods / Interface `I` declares N methods.',
    check:
      "N = 0 only when no node in the declaration's body is a method, function or constructor; otherwise each listed node is such a node inside the declaration",
  },
  'adds-up': {
    sentence: 'It adds up values into `total` and returns the total.',
    check:
      '`total` is set to a number literal in the unit, added to with `+=` or `= total +` in a loop, and returned',
  },
  debounces: {
    sentence: 'It debounces: each call cancels the pending timer and starts a new one.',
    check: 'one function holds `clearTimeout(t)` and, after it, `t = setTimeout(…)`',
  },
  switches: {
    sentence: 'It picks a branch by the value of `x` (a switch).',
    check: 'the node is a switch, match, when or case statement with at least one arm, not an arm itself',
  },
};
