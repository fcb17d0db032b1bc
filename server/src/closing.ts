/**
 * Closing what the service opened, within a time limit. A close can wait on a
 * database that stopped answering (a save's writes still in flight, then its
 * undo, then the driver's own close), and nothing else bounds that: a stop
 * must end anyway, so the process can exit and be started again.
 */

/** A named close; undefined for what was never opened. */
export type Closing = readonly [name: string, close: (() => Promise<unknown>) | undefined];

/** The close of something that may not have been opened. */
export function closer<T>(
  opened: T | undefined,
  close: (opened: T) => Promise<unknown>,
): (() => Promise<unknown>) | undefined {
  return opened === undefined ? undefined : () => close(opened);
}

/**
 * Runs the steps in order, each step's closes side by side, and waits for them
 * until `deadline` (a Date.now() value). Returns the names of the closes that
 * had not finished by then; a close that fails has finished (the caller logs
 * its own failures). Steps after the deadline are still started, since some
 * end at once (stopping workers), but not waited for.
 */
export async function closeInSteps(
  steps: readonly (readonly Closing[])[],
  deadline: number,
): Promise<string[]> {
  const unfinished: string[] = [];
  for (const step of steps) {
    const pending = new Set<string>();
    const closes = step.flatMap(([name, close]) => {
      if (!close) return [];
      pending.add(name);
      return [
        Promise.resolve()
          .then(close)
          .catch(() => undefined)
          .finally(() => pending.delete(name)),
      ];
    });
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    });
    await Promise.race([Promise.all(closes), expired]);
    clearTimeout(timer);
    unfinished.push(...pending);
  }
  return unfinished;
}
