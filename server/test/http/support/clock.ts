const HOUR_MS = 3_600_000;

/**
 * How far to move a test's app clock so that it reads the middle of the current hour.
 *
 * Usage is counted into hour and day buckets by the app's clock. A test that checks "all of it in
 * the last bucket" would fail whenever a run crossed the top of an hour between its requests and
 * its read (as a CI run at 00:59 did). Starting the clock at half past the current hour gives the
 * test half an hour of margin and keeps it in the same hour and UTC day as the real one, so nothing
 * read by the real clock (rate-limit windows, retention) moves.
 */
export function offsetToMidHour(now: number = Date.now()): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS / 2 - now;
}

/** An app clock that starts at the middle of the current hour and moves with real time. */
export function midHourClock(): () => number {
  const offset = offsetToMidHour();
  return () => Date.now() + offset;
}
