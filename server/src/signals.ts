/**
 * Telling a second Ctrl-C from one Ctrl-C delivered twice.
 *
 * Under `pnpm start`, Ctrl-C sends SIGINT to the terminal's whole process
 * group, and pnpm relays it to the server as well, so the server gets it
 * twice within milliseconds; process managers that signal the group and whose
 * child (pnpm) relays SIGTERM do the same. Only a signal that arrives at least
 * `separateAfterMs` after the first is a separate request to exit at once.
 *
 * Arrival is judged by when the event loop could last have handled a
 * signal, not by when the handler happens to run: a long synchronous explain
 * delays the handler, and a duplicate that arrived at once must not look late
 * because of it. The caller ticks `beat()` from a timer (timers run once per
 * loop turn, before signals are handled in that turn); a signal handled now
 * was not pending during the turn of the last beat but one, so it arrived
 * after that beat. When the loop is idle, this is at most two beats earlier
 * than the truth; when it was blocked, it is before the block.
 */
export type SignalVerdict = 'first' | 'repeat' | 'separate';

export class SignalGate {
  private firstAt: number | undefined;
  /** The last two beats, oldest first. */
  private readonly beats: number[] = [];

  constructor(private readonly separateAfterMs: number) {}

  /** Whether the first signal came already. */
  get received(): boolean {
    return this.firstAt !== undefined;
  }

  /** A timer's tick at `now`, from the first signal on. */
  beat(now: number): void {
    this.beats.push(now);
    if (this.beats.length > 2) this.beats.shift();
  }

  /** A signal handled at `now`. */
  receive(now: number): SignalVerdict {
    if (this.firstAt === undefined) {
      this.firstAt = now;
      return 'first';
    }
    const arrivedAfter = this.beats.length === 2 ? this.beats[0]! : undefined;
    return arrivedAfter !== undefined && arrivedAfter - this.firstAt >= this.separateAfterMs
      ? 'separate'
      : 'repeat';
  }
}
