/**
 * What the command's exit status means (README and docs/ci.md list the same).
 * When several apply, the highest wins: a run that could not analyse every
 * file says so even if a gate also failed.
 */
export const EXIT = {
  /** Every file analysed; no gate failed. */
  ok: 0,
  /** A gate failed: --fail-on, --max-cognitive or --max-cyclomatic. */
  gateFailed: 1,
  /** A usage error: an unknown option, a bad value, a path that does not exist, nothing to analyse. */
  usage: 2,
  /** Some file could not be analysed (unreadable, parse stopped, analysis crashed); the rest were reported. */
  incomplete: 3,
} as const;
