/**
 * Each account's quota window as this process knows it, so that when Redis
 * stops answering the count goes on from where Redis left it rather than from
 * zero, and so that what was counted here can be given back to Redis.
 *
 * The window is the one async-ratelimiter keeps in Redis (koa-ratelimit's
 * redis driver): a sliding log of request times, a request admitted while
 * fewer than `max` lie within the last `duration` ms. Here, per account:
 *
 * - `own`: the exact times of the requests this process admitted (and the
 *   engine time it charged), whether Redis or this process counted them. The
 *   same times, as members, are what Redis holds for them, so giving them to
 *   Redis again adds nothing that is already there (see counter.ts).
 * - `others`: how many more Redis held at its last answer (other instances'
 *   requests, or this process's from before it started), taken to stay until
 *   a whole window after that answer: the latest they can leave. Never fewer
 *   than the truth, so this process alone admits no more than Redis would.
 *
 * Times are milliseconds with a fraction (async-ratelimiter's microtime).
 */

/** What async-ratelimiter's script answers: requests left before this one, reset in epoch seconds (floored), the limit. */
export type WindowAnswer = readonly [remaining: number, resetSeconds: number, total: number];

/** Request times in arrival order, dropped from the front as they leave the window. */
class TimeLog {
  private times: number[] = [];
  private head = 0;

  get size(): number {
    return this.times.length - this.head;
  }

  /** The earliest time still held (times arrive nearly in order; see prune). */
  get first(): number | undefined {
    return this.times[this.head];
  }

  push(time: number): void {
    this.times.push(time);
  }

  /**
   * Drops the times at or before `cutoff` from the front. Answers from Redis
   * can land slightly out of order, so a time may stay a little past its
   * window behind a later one: counted a moment longer, never too little.
   */
  prune(cutoff: number): void {
    while (this.head < this.times.length && this.times[this.head]! <= cutoff) this.head++;
    // Amortised: the array is compacted once half of it is dropped.
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  values(): number[] {
    return this.times.slice(this.head);
  }
}

interface AccountWindow {
  readonly own: TimeLog;
  others: number;
  othersAt: number;
}

export class LocalWindows {
  private readonly windows = new Map<string, AccountWindow>();

  private windowOf(key: string): AccountWindow {
    let window = this.windows.get(key);
    if (!window) {
      window = { own: new TimeLog(), others: 0, othersAt: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private prune(window: AccountWindow, now: number, duration: number): void {
    window.own.prune(now - duration);
    if (window.othersAt + duration <= now) window.others = 0;
  }

  /**
   * The script's answer, reckoned here: the same rule (admitted while fewer
   * than `max` are counted; reset when the oldest leaves), the request
   * recorded unless `peek`.
   */
  take(key: string, now: number, duration: number, max: number, peek: boolean): WindowAnswer {
    const window = this.windowOf(key);
    this.prune(window, now, duration);
    const count = window.own.size + window.others;
    const oldest = Math.min(window.own.first ?? now, window.others > 0 ? window.othersAt : now);
    const reset = Math.floor((oldest + duration) / 1000);
    if (count >= max) return [0, reset, max];
    if (!peek) window.own.push(now);
    return [max - count, reset, max];
  }

  /** Redis counted (or refused, or peeked) the request made at `now`: learn what else it holds. */
  learn(key: string, now: number, answer: WindowAnswer, duration: number, peek: boolean): void {
    const [remaining, , max] = answer;
    const window = this.windowOf(key);
    this.prune(window, now, duration);
    const admitted = remaining > 0 && !peek;
    if (admitted) window.own.push(now);
    // remaining is what was left before this request: max - remaining were counted, then this one.
    const counted = remaining > 0 ? max - remaining + (admitted ? 1 : 0) : max;
    window.others = Math.max(0, counted - window.own.size);
    window.othersAt = now;
  }

  /** Records `times` as this process's own (engine time charged as further requests). */
  record(key: string, times: readonly number[], now: number, duration: number): void {
    const window = this.windowOf(key);
    this.prune(window, now, duration);
    for (const time of times) window.own.push(time);
  }

  /** Every account's own times still within the window, for giving back to Redis. */
  ownTimes(now: number, duration: number): Map<string, number[]> {
    const all = new Map<string, number[]>();
    for (const [key, window] of this.windows) {
      this.prune(window, now, duration);
      const times = window.own.values();
      if (times.length > 0) all.set(key, times);
    }
    return all;
  }

  /** Forgets accounts with nothing left in their window, so idle accounts cost nothing. */
  sweep(now: number, duration: number): void {
    for (const [key, window] of this.windows) {
      this.prune(window, now, duration);
      if (window.own.size === 0 && window.others === 0) this.windows.delete(key);
    }
  }

  /** Accounts held (for tests). */
  get size(): number {
    return this.windows.size;
  }

  clear(): void {
    this.windows.clear();
  }
}
