/**
 * A value worked out on the first call and kept: for facts and analyses that
 * many runs never read (a unit's purpose evidence, its loop searches, a
 * rule's taint analysis). `compute` must be pure: when it runs does not
 * change what it returns.
 */
export function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T | undefined;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}
