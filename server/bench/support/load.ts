/**
 * autocannon as the service benchmark drives it: the figures of one run
 * (goodput: successful answers per second, with what the rest were) and the
 * requests it sends.
 */
import autocannon from 'autocannon';

/** Connections a run holds open unless it says otherwise. */
export const CONNECTIONS = 50;

export interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly requests: number;
  /** Answers other than 2xx, and connection errors and timeouts. */
  readonly failed: number;
  /** What the failures were: `503×120, timeout×3`. */
  readonly failures: string;
  /** Answers by status code. */
  readonly statuses: Readonly<Record<string, number>>;
}

/** The contract's error codes of the answers a run's requests got, by `status code`: `503 overloaded (database)`. */
export type ErrorTally = Map<string, number>;

/** An onResponse that counts each error answer by status and the contract's code in its body. */
export function tallyErrors(tally: ErrorTally) {
  return (status: number, body: string) => {
    if (status < 400) return;
    let code = 'no contract body';
    try {
      const { error } = JSON.parse(body) as { error: { code: string; message: string } };
      // `overloaded` is the engine's queue or the database's bulkhead: the message says which.
      code =
        error.code === 'overloaded' && error.message.includes('database')
          ? 'overloaded (database)'
          : error.code;
    } catch {
      // Counted under its status alone.
    }
    const key = `${status} ${code}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  };
}

export function figuresOf(result: autocannon.Result, errors?: ErrorTally): Figures {
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  const byStatus = errors
    ? [...errors].map(([what, count]) => `${what}×${count}`)
    : Object.entries(statuses)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, count]) => `${code}×${count}`);
  return {
    // Answers that succeeded, per second: a fast stream of 503s is not throughput.
    rps: (result.requests.total - result.non2xx) / result.duration,
    p99: result.latency.p99,
    p50: result.latency.p50,
    max: result.latency.max,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    failures: [
      ...byStatus,
      ...(result.timeouts > 0 ? [`timeout×${result.timeouts}`] : []),
      ...(result.errors > result.timeouts ? [`error×${result.errors - result.timeouts}`] : []),
    ].join(', '),
    statuses,
  };
}

/** The share of answers with `status`, as a percentage of all requests sent. */
export function shareOf(figures: Figures, status: string): number {
  return figures.requests === 0 ? 0 : (100 * (figures.statuses[status] ?? 0)) / figures.requests;
}

/**
 * POST /api/explain with `body(i)` for the i-th request, the keys taking turns
 * (as accounts would); error answers counted by code in `errors` when given.
 */
export function explainRequests(
  keys: string | readonly string[],
  body: (i: number) => unknown,
  errors?: ErrorTally,
): autocannon.Request[] {
  const all = typeof keys === 'string' ? [keys] : keys;
  let i = 0;
  return [
    {
      method: 'POST',
      path: '/api/explain',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const n = i++;
        return {
          ...request,
          headers: { ...request.headers, 'x-api-key': all[n % all.length]! },
          body: JSON.stringify(body(n)),
        };
      },
      ...(errors ? { onResponse: tallyErrors(errors) } : {}),
    },
  ];
}

export const load = (options: autocannon.Options) => autocannon({ connections: CONNECTIONS, ...options });
