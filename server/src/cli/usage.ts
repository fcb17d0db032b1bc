/** A mistake in the command line itself: the command says so and exits 2 before analysing anything. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
