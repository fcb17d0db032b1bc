/**
 * The service under the loads of the fairness issue (issue 30), as
 * `pnpm bench:service` measures them: how much still succeeds when explains
 * and history lists together ask for more than the backends can give, and
 * what one account's hostile traffic costs another account's explains.
 */
import { gzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { explainRequests, figuresOf, load, tallyErrors, type ErrorTally, type Figures } from './load.js';

/** Explains and lists sent at once, each on its own connections. */
export interface OverloadFigures {
  readonly connections: number;
  readonly explain: Figures;
  readonly list: Figures;
}

/** One account's small explains, alone and beside another account's traffic. */
export interface BesideFigures {
  readonly alone: Figures;
  readonly beside: Figures;
  /** What the other account's requests were answered. */
  readonly other: Figures;
}

/** A small snippet, `n` making it distinct so it misses the result cache. */
const small = (run: string, n: number) =>
  `def area_${run}_${n}(width, height):\n    """The area of a rectangle."""\n    if width < 0 or height < 0:\n        raise ValueError("negative side")\n    return width * height\n`;

/** The fairness issue's body: 1 KB of gzip that decodes to `"focus": [0, 0, …]` with 520,000 items. */
export const FOCUS_BOMB = gzipSync(`{"code":"x","focus":[${'0,'.repeat(519_999)}0]}`, { level: 9 });

/**
 * JavaScript that runs to the analysis deadline (a handler sending 3,000
 * request fields to a database: seconds of taint analysis), made distinct
 * per request by its first line.
 */
export const deadlineLong = (n: number) =>
  (
    `// ${n}\nfunction handler(req, res) {\n` +
    Array.from(
      { length: 3000 },
      (_, i) => `  const q${i} = "SELECT " + req.body.a${i}; db.query(q${i});`,
    ).join('\n')
  ).slice(0, 99_999);

/** Explains (distinct, so the engine runs) and first pages of the history, together, on `connections` each. */
export async function overload(
  url: string,
  keys: readonly string[],
  run: string,
  seconds: number,
  connections: number,
): Promise<OverloadFigures> {
  let listed = 0;
  const explainErrors: ErrorTally = new Map();
  const listErrors: ErrorTally = new Map();
  const [explain, list] = await Promise.all([
    load({
      url,
      duration: seconds,
      connections,
      requests: explainRequests(
        keys,
        (i) => ({ code: small(`${run}_over`, i), language: 'python' }),
        explainErrors,
      ),
    }),
    load({
      url,
      duration: seconds,
      connections,
      requests: [
        {
          method: 'GET',
          path: '/api/explanations',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-api-key': keys[listed++ % keys.length]! },
          }),
          onResponse: tallyErrors(listErrors),
        },
      ],
    }),
  ]);
  return { connections, explain: figuresOf(explain, explainErrors), list: figuresOf(list, listErrors) };
}

/** `victim`'s small explains on 4 connections, alone, then while `other` runs for the same time. */
async function beside(
  url: string,
  victim: string,
  run: string,
  seconds: number,
  other: Omit<autocannon.Options, 'url' | 'duration'>,
): Promise<BesideFigures> {
  const victimLoad = async (label: string) => {
    const errors: ErrorTally = new Map();
    const result = await load({
      url,
      duration: seconds,
      connections: 4,
      requests: explainRequests(
        victim,
        (i) => ({ code: small(`${run}_${label}`, i), language: 'python' }),
        errors,
      ),
    });
    return figuresOf(result, errors);
  };
  const alone = await victimLoad('alone');
  const otherErrors: ErrorTally = new Map();
  const otherRun = load({
    ...other,
    url,
    duration: seconds + 2,
    requests: other.requests?.map((request) => ({ ...request, onResponse: tallyErrors(otherErrors) })),
  });
  // The other account's traffic first fills what it can.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const besideRun = await victimLoad('beside');
  return { alone, beside: besideRun, other: figuresOf(await otherRun, otherErrors) };
}

/** Another account sending the 1 KB gzip body that once got a 95 MB answer, in four loops. */
export function besideHostileBodies(
  url: string,
  victim: string,
  hostile: string,
  run: string,
  seconds: number,
) {
  return beside(url, victim, run, seconds, {
    connections: 4,
    requests: [
      {
        method: 'POST',
        path: '/api/explain',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-api-key': hostile },
        body: FOCUS_BOMB,
      },
    ],
  });
}

/** Another account sending inputs that run to the analysis deadline, in four loops. */
export function besideDeadlineInputs(
  url: string,
  victim: string,
  heavy: string,
  run: string,
  seconds: number,
) {
  return beside(url, victim, run, seconds, {
    connections: 4,
    requests: explainRequests(heavy, (i) => ({ code: deadlineLong(i), language: 'javascript' })),
  });
}
