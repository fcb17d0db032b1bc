/**
 * Usage statistics: `GET /api/usage` and the dashboard's usage page read the
 * same counts. Requests are counted per hour (UTC) per account, key and
 * route; a day is the sum of its 24 hours.
 */
import { z } from 'zod';

export const USAGE_GRANULARITIES = ['hour', 'day'] as const;
export type UsageGranularity = (typeof USAGE_GRANULARITIES)[number];

/** Outcome classes: 429 (over the quota) apart from the other 4xx; every answer below 400 is `2xx`. */
export const OUTCOMES = ['2xx', '4xx', '429', '5xx'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Hourly counts are kept this long, then deleted. */
export const USAGE_RETENTION_DAYS = 400;

/**
 * Latency histogram: the upper bounds (ms) of its buckets, plus one open
 * bucket above the last. A percentile is reported as the upper bound of the
 * bucket holding its rank, so it is never below the true value, and above it
 * by less than 1 ms up to 3 ms and by less than a third from there on (no two
 * neighbouring bounds from 3 on are more than 4:3 apart). A percentile in the
 * open bucket is reported as 60000 and means "over a minute".
 */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600,
  800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 15000, 20000, 25000, 30000,
  40000, 50000, 60000,
] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const USAGE_BUCKET_MS: Readonly<Record<UsageGranularity, number>> = { hour: HOUR_MS, day: DAY_MS };
/** The span asked when `from` is left out: the last 24 hours, or the last 30 days. */
export const USAGE_DEFAULT_BUCKETS: Readonly<Record<UsageGranularity, number>> = { hour: 24, day: 30 };
/** At most this many buckets per answer: 31 days of hours, or the whole retention in days. */
export const USAGE_MAX_BUCKETS: Readonly<Record<UsageGranularity, number>> = {
  hour: 31 * 24,
  day: USAGE_RETENTION_DAYS,
};

// Query values arrive as strings; repeated or object-shaped parameters are refused (as in list.ts).
const single = (name: string) => z.string({ error: `${name} must be given once, as a plain value` });

const instant = (name: string) =>
  single(name)
    // An unencoded "+" in a query string arrives as a space: "…T00:00:00 02:00" meant "+02:00".
    .transform((value) => value.replace(/ (\d{2}:\d{2})$/, '+$1'))
    .pipe(
      z.iso.datetime({
        offset: true,
        error: `${name} must be an ISO 8601 date-time with a time zone, such as 2026-11-26T00:00:00Z`,
      }),
    );

export const usageQuerySchema = z.strictObject(
  {
    from: instant('from').optional().meta({
      description: 'Start (inclusive), rounded down to its bucket. Default: 24 hours or 30 days before `to`.',
    }),
    to: instant('to')
      .optional()
      .meta({ description: 'End (exclusive), rounded up to a bucket boundary. Default: now.' }),
    granularity: single('granularity')
      .pipe(
        z.enum(USAGE_GRANULARITIES, {
          error: () => `granularity must be one of: ${USAGE_GRANULARITIES.join(', ')}`,
        }),
      )
      .default('hour')
      .meta({ description: 'Hourly or daily buckets (UTC). Default: hour.' }),
    keyId: single('keyId')
      .regex(/^[A-Za-z0-9]{1,64}$/, 'keyId must be 1 to 64 letters and digits')
      .optional()
      .meta({ description: "Only this key's requests; a key of another account is 404." }),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'query must be a set of parameters' : undefined) },
);

export type UsageQueryInput = z.input<typeof usageQuerySchema>;
export type UsageQuery = z.output<typeof usageQuerySchema>;

export interface UsageWindow {
  readonly granularity: UsageGranularity;
  /** The first bucket's start. */
  readonly from: Date;
  /** The end of the last bucket. */
  readonly to: Date;
}

/**
 * The buckets a query asks for, snapped to bucket boundaries (UTC), or why
 * it cannot be answered (an empty or reversed range, or too many buckets).
 */
export function usageWindow(
  query: Pick<UsageQuery, 'from' | 'to' | 'granularity'>,
  now: Date,
): { ok: true; window: UsageWindow } | { ok: false; path: 'from' | 'to'; message: string } {
  const size = USAGE_BUCKET_MS[query.granularity];
  const ceil = (ms: number) => Math.ceil(ms / size) * size;
  const floor = (ms: number) => Math.floor(ms / size) * size;
  const to = ceil(query.to !== undefined ? Date.parse(query.to) : now.getTime());
  const from =
    query.from !== undefined
      ? floor(Date.parse(query.from))
      : to - USAGE_DEFAULT_BUCKETS[query.granularity] * size;
  if (from >= to) return { ok: false, path: 'from', message: 'from must be before to' };
  const max = USAGE_MAX_BUCKETS[query.granularity];
  if ((to - from) / size > max) {
    return {
      ok: false,
      path: 'from',
      message: `at most ${max} ${query.granularity} buckets per request; narrow from and to`,
    };
  }
  return { ok: true, window: { granularity: query.granularity, from: new Date(from), to: new Date(to) } };
}

const count = z.number().int().nonnegative();

export const usageCountsSchema = z.object({
  /** Every counted request: the sum of `outcomes`. */
  requests: count,
  outcomes: z.object({ '2xx': count, '4xx': count, '429': count, '5xx': count }),
  languages: z
    .record(z.string(), count)
    .meta({ description: 'Explain requests per language (those whose body was valid); absent ones are 0.' }),
  modes: z.record(z.string(), count).meta({ description: 'Explain requests per mode, as for languages.' }),
  routes: z
    .record(z.string(), count)
    .meta({ description: 'Requests per route, as "METHOD /api/path" (`other` for paths with no route).' }),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable() }).meta({
    description:
      'Median and 95th percentile from a fixed histogram: never below the true value, at most 1 ms (up to 3 ms) or a third above it; null without requests; 60000 means over a minute.',
  }),
});

export const usageBucketSchema = usageCountsSchema.extend({ start: z.iso.datetime() });

export const usageResponseSchema = z.looseObject({
  granularity: z.enum(USAGE_GRANULARITIES),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  keyId: z.string().nullable(),
  /** Every bucket from `from` to `to`, oldest first, zeros included. */
  buckets: z.array(usageBucketSchema),
  totals: usageCountsSchema,
});

export type UsageCounts = z.infer<typeof usageCountsSchema>;
export type UsageBucket = z.infer<typeof usageBucketSchema>;
export type UsageResponse = z.infer<typeof usageResponseSchema>;
