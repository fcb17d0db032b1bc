/**
 * An adaptive limit on the operations one backend has in flight (AIMD, as
 * TCP's congestion window and Netflix's concurrency-limits do it), so a busy
 * database gets the load it can answer in time and the rest a prompt refusal
 * (503), instead of every request queueing in the driver until all of them
 * time out.
 *
 * - Past the limit an operation waits its turn, first come first served, for
 *   at most `maxWaitMs` (a burst against a healthy database, whose operations
 *   take milliseconds, is served whole); with four times the limit already
 *   waiting, or once its wait is over, it is refused.
 * - The limit falls by a fifth when an operation comes back late (past
 *   `slowMs`: most of its timeout spent) or not at all, at most once per
 *   `slowMs` (the operations of one round come back late together: one cut
 *   for them all); and grows by one per round of operations that come back in
 *   time while at least half the limit was in use (1/limit for each; growing
 *   an unused limit would prove nothing). It starts at `initial` and stays
 *   within [`min`, `max`]. Cutting per late answer and growing per answer, as
 *   a first version did, swung the limit between 4 and 175 within seconds
 *   under FerretDB: each swing up let in a flood that all came back late.
 */

export interface BulkheadOptions {
  readonly initial: number;
  readonly min: number;
  readonly max: number;
  /** An operation that takes longer was late: the backend is queueing. */
  readonly slowMs: number;
  /** The longest an operation waits for room before it is refused. */
  readonly maxWaitMs: number;
}

/** How an operation let in came back. */
export type Outcome = 'answered' | 'late' | 'failed';

export interface Permit {
  /** Once, when the operation is over: what happened, and how long it took. */
  release(outcome: Outcome, elapsedMs: number): void;
}

export interface Bulkhead {
  /** A permit once there is room, or undefined when the operation is refused. */
  acquire(): Promise<Permit | undefined>;
  /** Operations in flight, and the limit now. */
  state(): { readonly inFlight: number; readonly limit: number };
}

const BACKOFF = 0.8;
/** Waiting operations allowed, per unit of the limit. */
const WAITING_PER_LIMIT = 4;

interface Waiter {
  readonly grant: (permit: Permit | undefined) => void;
  readonly timer: NodeJS.Timeout;
}

export function createBulkhead(options: BulkheadOptions): Bulkhead {
  const { min, max, slowMs, maxWaitMs } = options;
  /** Fractional: it grows by 1/limit per answer in time. Admission uses its whole part. */
  let limit = Math.min(max, Math.max(min, options.initial));
  let inFlight = 0;
  const waiters: Waiter[] = [];
  let lastCutAt = -Infinity;

  const adjust = (outcome: Outcome, elapsedMs: number, usedAtStart: number) => {
    if (outcome === 'late' || (outcome === 'answered' && elapsedMs > slowMs)) {
      const now = performance.now();
      if (now - lastCutAt < slowMs) return;
      lastCutAt = now;
      limit = Math.max(min, Math.floor(limit * BACKOFF));
    } else if (outcome === 'answered' && usedAtStart * 2 >= limit) {
      limit = Math.min(max, limit + 1 / limit);
    }
    // 'failed' (refused, unreachable) says nothing about load: the guard decides whether it is down.
  };

  const permit = (): Permit => {
    inFlight++;
    const usedAtStart = inFlight;
    let released = false;
    return {
      release(outcome, elapsedMs) {
        if (released) return;
        released = true;
        inFlight--;
        adjust(outcome, elapsedMs, usedAtStart);
        // The room freed (or made by a raised limit) goes to those waiting, in order.
        while (waiters.length > 0 && inFlight < Math.floor(limit)) {
          const next = waiters.shift()!;
          clearTimeout(next.timer);
          next.grant(permit());
        }
      },
    };
  };

  return {
    acquire() {
      if (inFlight < Math.floor(limit) && waiters.length === 0) return Promise.resolve(permit());
      if (waiters.length >= WAITING_PER_LIMIT * Math.floor(limit)) return Promise.resolve(undefined);
      return new Promise((grant) => {
        const waiter: Waiter = {
          grant,
          timer: setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            grant(undefined);
          }, maxWaitMs),
        };
        waiters.push(waiter);
      });
    },
    state: () => ({ inFlight, limit: Math.floor(limit) }),
  };
}
