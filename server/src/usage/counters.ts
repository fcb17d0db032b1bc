/**
 * What one request adds to its hourly bucket, as named counters, and how
 * summed counters read back as the contract's counts. Counter names:
 * `o_<outcome>` (o_2xx, o_4xx, o_429, o_5xx), `l_<language>` and `m_<mode>`
 * for explains, `t_<bound>` for the latency bucket whose upper bound is
 * `<bound>` ms (`t_inf` above the last). Names hold only letters, digits and
 * underscores, so they are valid MongoDB field names and SQL values alike;
 * a bucket bound is in the name (not its index), so the stored histogram
 * keeps its meaning if bounds are ever added.
 */
import {
  LATENCY_BOUNDS_MS,
  OUTCOMES,
  type LanguageId,
  type Mode,
  type Outcome,
  type UsageCounts,
} from '@code-explain/shared';

export interface UsageSample {
  readonly accountId: string;
  readonly keyId: string;
  /** "METHOD /api/path" as routed, or `other`. */
  readonly route: string;
  /** When the request arrived (epoch ms): it decides the hour. */
  readonly at: number;
  readonly status: number;
  readonly latencyMs: number;
  /** Explains whose body was valid. */
  readonly language?: LanguageId | undefined;
  readonly mode?: Mode | undefined;
}

const HOUR_MS = 3_600_000;
const OPEN_BUCKET = 't_inf';

export function hourOf(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

export function outcomeOf(status: number): Outcome {
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return '2xx';
}

export function latencyCounter(ms: number): string {
  const bound = LATENCY_BOUNDS_MS.find((upper) => ms <= upper);
  return bound === undefined ? OPEN_BUCKET : `t_${bound}`;
}

export function countersOf(sample: UsageSample): Record<string, number> {
  const counters: Record<string, number> = {
    [`o_${outcomeOf(sample.status)}`]: 1,
    [latencyCounter(sample.latencyMs)]: 1,
  };
  if (sample.language !== undefined) counters[`l_${sample.language}`] = 1;
  if (sample.mode !== undefined) counters[`m_${sample.mode}`] = 1;
  return counters;
}

/** Adds `from` into `into`. */
export function addCounters(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [name, n] of Object.entries(from)) into[name] = (into[name] ?? 0) + n;
}

/** The latency histogram as [upper bound, count] in bound order; the open bucket's bound is Infinity. */
function histogram(counters: Readonly<Record<string, number>>): [number, number][] {
  const buckets: [number, number][] = LATENCY_BOUNDS_MS.map((bound) => [bound, counters[`t_${bound}`] ?? 0]);
  buckets.push([Infinity, counters[OPEN_BUCKET] ?? 0]);
  return buckets;
}

/**
 * The nearest-rank percentile (`p` in 0..1) of the histogram: the upper bound
 * of the bucket holding the ceil(p·n)-th smallest latency; null when empty.
 */
export function percentile(counters: Readonly<Record<string, number>>, p: number): number | null {
  const buckets = histogram(counters);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [bound, n] of buckets) {
    seen += n;
    if (seen >= rank)
      return Number.isFinite(bound) ? bound : LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
  }
  return null;
}

/** Summed counters, and the requests per route, as the contract's counts. */
export function toCounts(
  counters: Readonly<Record<string, number>>,
  routes: Readonly<Record<string, number>>,
): UsageCounts {
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, counters[`o_${o}`] ?? 0])) as Record<
    Outcome,
    number
  >;
  const languages: Record<string, number> = {};
  const modes: Record<string, number> = {};
  for (const [name, n] of Object.entries(counters)) {
    if (n <= 0) continue;
    if (name.startsWith('l_')) languages[name.slice(2)] = n;
    else if (name.startsWith('m_')) modes[name.slice(2)] = n;
  }
  return {
    requests: OUTCOMES.reduce((sum, o) => sum + outcomes[o], 0),
    outcomes,
    languages,
    modes,
    routes: { ...routes },
    latencyMs: { p50: percentile(counters, 0.5), p95: percentile(counters, 0.95) },
  };
}

/** Requests in a bucket's counters: one outcome per request. */
export function requestsIn(counters: Readonly<Record<string, number>>): number {
  return OUTCOMES.reduce((sum, o) => sum + (counters[`o_${o}`] ?? 0), 0);
}
