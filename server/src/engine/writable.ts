/**
 * `T` with its readonly fields writable: for the one place that builds or
 * re-initialises a value its readers must not change (a step field by field,
 * a reused snapshot node).
 */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
