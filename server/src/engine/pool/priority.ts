/**
 * Lowering the CPU priority of the calling thread alone. On Linux the nice
 * value belongs to each thread, and setpriority(PRIO_PROCESS, tid) sets it
 * for that thread only (setpriority(2), NOTES), so an engine worker can yield
 * to the main thread, which answers requests and health checks, without
 * touching the rest of the process.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export type PriorityOutcome =
  | { readonly applied: true; readonly threadId: number; readonly nice: number }
  | { readonly applied: false; readonly reason: string };

/** This thread's id in the kernel, from /proc/thread-self (Linux 3.17 and later); null elsewhere. */
export function kernelThreadId(): number | null {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Adds `by` to the calling thread's nice value (which it inherited from the
 * thread that started it), up to 19; raising a nice value needs no privilege.
 */
export function lowerThreadPriority(by: number): PriorityOutcome {
  const threadId = kernelThreadId();
  if (threadId === null) return { applied: false, reason: 'no per-thread priority on this system' };
  try {
    const nice = Math.min(19, getPriority(threadId) + by);
    setPriority(threadId, nice);
    return { applied: true, threadId, nice };
  } catch (error) {
    return { applied: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
