/**
 * The usage page's chart data: what the server writes into the page as JSON
 * (views.ts) and the chart script reads, and the series uPlot draws from it.
 * No DOM here, so tests run it in Node.
 */

/** The id of the JSON <script> (views.ts writes it by this name; it imports only types from here). */
export const CHART_DATA_ID = 'usage-data';

export interface ChartBucket {
  /** ISO time the bucket starts. */
  readonly start: string;
  /** Requests per outcome. */
  readonly outcomes: Readonly<Record<string, number>>;
}

export interface ChartData {
  /** The outcomes, in the order they are drawn (and the tables' columns). */
  readonly outcomes: readonly string[];
  readonly charts: readonly {
    /** The id of the element the chart is drawn in. */
    readonly target: string;
    readonly buckets: readonly ChartBucket[];
  }[];
}

/** Whether the page's JSON has the shape above; anything else draws nothing. */
export function isChartData(value: unknown): value is ChartData {
  if (typeof value !== 'object' || value === null) return false;
  const { outcomes, charts } = value as Partial<ChartData>;
  return (
    Array.isArray(outcomes) &&
    outcomes.every((o) => typeof o === 'string') &&
    Array.isArray(charts) &&
    charts.every(
      (c: unknown) =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as { target?: unknown }).target === 'string' &&
        Array.isArray((c as { buckets?: unknown }).buckets),
    )
  );
}

/**
 * uPlot's data for one chart: the x values (bucket starts, in seconds, as
 * uPlot's time scale wants them), then one row of counts per outcome.
 */
export function seriesOf(outcomes: readonly string[], buckets: readonly ChartBucket[]): number[][] {
  return [
    buckets.map((b) => Date.parse(b.start) / 1000),
    ...outcomes.map((o) => buckets.map((b) => b.outcomes[o] ?? 0)),
  ];
}

/** A colour per outcome, readable on the page's light or dark background. */
export function outcomeColour(outcome: string, dark: boolean): string {
  const colours: Readonly<Record<string, readonly [string, string]>> = {
    '2xx': ['#1a7f37', '#3fb950'],
    '4xx': ['#9a6700', '#d29922'],
    '429': ['#b42318', '#ff7b72'],
    '5xx': ['#8250df', '#bc8cff'],
  };
  const pair = colours[outcome] ?? ['#57606a', '#9198a1'];
  return dark ? pair[1] : pair[0];
}
