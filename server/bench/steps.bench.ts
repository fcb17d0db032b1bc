/**
 * `pnpm bench:steps`: what each step of `POST /api/explain` costs for a small
 * snippet (the 8 lines of Python service.bench.ts sends), each step run alone
 * through the service's own modules, then the whole request over loopback
 * HTTP, all in this one process. Prints a Markdown table of per-call medians
 * and p99s and each step's share of a whole request; asserts nothing.
 *
 * Every call is timed on its own with performance.now(), so the p99s carry
 * the garbage collector and the machine's other tenants as a request would.
 * BENCH_STEP_MS sets how long each step runs at most (default 2000 ms, after
 * its warm-up; a step stops sooner at 20,000 calls). BENCH_DATA_PARENT puts
 * the store's folder elsewhere (a tmpfs shows what fsync costs).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { explainRequestSchema, explainResponseSchema } from '@code-explain/shared';
import Koa from 'koa';
import { createApp } from '../src/app.js';
import { createAuthenticator } from '../src/auth/authenticator.js';
import { authenticate } from '../src/auth/middleware.js';
import { resultKey } from '../src/cache/key.js';
import { createResultCache } from '../src/cache/result-cache.js';
import { createEngine } from '../src/engine/engine.js';
import { createEnginePool } from '../src/engine/pool/pool.js';
import { engineVersion } from '../src/engine/version.js';
import type { AppContext, AppState } from '../src/http/context.js';
import { createHttpServer, type ServiceServer } from '../src/http/server.js';
import { parseOrThrow } from '../src/http/validate.js';
import { createMemoryRateLimiter } from '../src/limits/limiter.js';
import { createLogger } from '../src/logging.js';
import { createAccountService } from '../src/service/accounts.js';
import { newExplanationOf } from '../src/service/explanations.js';
import { createEmbeddedStore } from '../src/store/embedded.js';
import { createThreadedEmbeddedStore } from '../src/store/embedded-thread.js';
import { guardStore } from '../src/store/guard.js';
import { createUsageRecorder } from '../src/usage/recorder.js';

const RUN = randomBytes(4).toString('hex');
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 2000);
const MAX_CALLS = 20_000;
const CONCURRENT_SAVES = 50;

/** service.bench.ts's small snippet (8 lines), `n` making it distinct so it misses the result cache. */
const snippet = (n: number | string) =>
  `def total_${RUN}_${n}(items):\n    """Sums the prices of items in stock."""\n    result = 0\n    for item in items:\n        if item.in_stock:\n            result += item.price\n    return result\n`;

interface Figures {
  readonly median: number;
  readonly p99: number;
  readonly calls: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Per-call times in µs → median and p99. */
function figuresOf(samplesUs: number[]): Figures {
  const sorted = samplesUs.sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), calls: sorted.length };
}

interface Budget {
  readonly warmup: number;
  readonly maxCalls?: number;
  readonly maxMs?: number;
}

/**
 * Synchronous steps are timed without an await: awaiting a plain value would
 * add a microtask turn that the step does not cost on the real path.
 */
function measureSync(step: (i: number) => unknown, budget: Budget): Figures {
  for (let i = 0; i < budget.warmup; i++) step(i);
  const samples: number[] = [];
  const maxCalls = budget.maxCalls ?? MAX_CALLS;
  const end = performance.now() + (budget.maxMs ?? STEP_MS);
  for (let i = 0; i < maxCalls && performance.now() < end; i++) {
    const start = performance.now();
    step(budget.warmup + i);
    samples.push((performance.now() - start) * 1000);
  }
  return figuresOf(samples);
}

/** One call at a time, each awaited: latency, not throughput. `step` may report its own per-call time. */
async function measureAsync(step: (i: number) => Promise<unknown>, budget: Budget): Promise<Figures> {
  for (let i = 0; i < budget.warmup; i++) await step(i);
  const samples: number[] = [];
  const maxCalls = budget.maxCalls ?? MAX_CALLS;
  const end = performance.now() + (budget.maxMs ?? STEP_MS);
  for (let i = 0; i < maxCalls && performance.now() < end; i++) {
    const start = performance.now();
    await step(budget.warmup + i);
    samples.push((performance.now() - start) * 1000);
  }
  return figuresOf(samples);
}

/**
 * A Koa context for middleware run outside a server (authentication, the
 * limiter): the same object Koa builds per request, over a socket that is
 * never connected. Built once and reused, as building it is not a step.
 */
function contextFor(key: string): AppContext {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = '/api/explain';
  req.headers = { 'content-type': 'application/json', 'x-api-key': key };
  const res = new ServerResponse(req);
  return new Koa<AppState>().createContext<AppState>(req, res);
}

const done = async () => undefined;

interface Row {
  readonly step: string;
  readonly figures: Figures;
  /** Which whole request its share is taken of; none for rows that are not one step of one request. */
  readonly of?: 'warm' | 'cold';
}

const us = (value: number) =>
  value >= 100
    ? Math.round(value).toLocaleString('en-US')
    : value >= 10
      ? value.toFixed(1)
      : value.toFixed(2);

function printTable(rows: readonly Row[], warm: Figures, cold: Figures): void {
  const share = (row: Row) => {
    if (row.of === undefined) return '—';
    const whole = row.of === 'warm' ? warm : cold;
    return `${((row.figures.median / whole.median) * 100).toFixed(1)} % of ${row.of}`;
  };
  const cells = rows.map((row) => [
    row.step,
    us(row.figures.median),
    us(row.figures.p99),
    share(row),
    row.figures.calls.toLocaleString('en-US'),
  ]);
  const header = ['step', 'median µs', 'p99 µs', 'share (median)', 'calls'];
  const all = [header, ...cells];
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  // Figures right-aligned, so their magnitudes line up.
  const line = (r: readonly string[]) =>
    `| ${r.map((cell, c) => (c === 0 || c === 3 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, c) => (c === 0 || c === 3 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const cell of cells) console.log(line(cell));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(process.env.BENCH_DATA_PARENT ?? tmpdir(), 'cex-bench-steps-'));
  // Guarded as store/open.ts does for the service, with STORE_TIMEOUT_MS's default: the route's store is this,
  // in a thread of its own as the service runs it. `inThread` is the same folder in this thread, for comparison.
  const store = guardStore(await createThreadedEmbeddedStore({ dataDir }), { timeoutMs: 800 });
  const inThread = guardStore(await createEmbeddedStore({ dataDir }), { timeoutMs: 800 });
  const logger = createLogger('silent');
  // Quotas no run can reach: a 429 would end the limiter's and the requests' figures early.
  const limiter = createMemoryRateLimiter({ quotas: { pro: 100_000_000, enterprise: 100_000_000 } });
  const pool = createEnginePool({ workers: 1 });
  const local = createEngine();
  // RESULT_CACHE_*'s defaults (config.ts): 10,000 answers, 64 MB, a day.
  const cacheOptions = { entries: 10_000, maxBytes: 64 * 1024 * 1024, ttlMs: 86_400_000 };
  const usage = createUsageRecorder({ store, logger });
  let server: ServiceServer | undefined;
  let bareServer: ServiceServer | undefined;
  try {
    const accounts = createAccountService({ store });
    const email = `bench-steps-${RUN}@example.test`;
    const account = await accounts.createAccount(email, 'enterprise');
    const { key } = await accounts.createKey(email, 'bench');
    await pool.ready();

    const bodyText = JSON.stringify({ code: snippet('warm'), language: 'python' });
    const request = parseOrThrow(explainRequestSchema, JSON.parse(bodyText), 'request body');
    const response = await local.explain(request);
    const rows: Row[] = [];
    const fast: Budget = { warmup: 2_000 };
    const say = (what: string) => process.stderr.write(`${what}…\n`);

    say('authentication');
    const authenticator = createAuthenticator({ store });
    rows.push({
      step: '1. authentication: authenticator, key cached',
      figures: await measureAsync(() => authenticator.authenticate(key), fast),
      of: 'warm',
    });
    const authCtx = contextFor(key);
    const authenticateMiddleware = authenticate(authenticator);
    rows.push({
      step: '1. authentication: middleware (headers, key format, cached lookup)',
      figures: await measureAsync(() => authenticateMiddleware(authCtx, done), fast),
      of: 'warm',
    });

    say('rate limiter');
    const limiterCtx = contextFor(key);
    limiterCtx.state.account = { id: account.id, plan: 'enterprise' };
    rows.push({
      step: '2. rate limiter: memory, one request counted',
      figures: await measureAsync(() => limiter.middleware(limiterCtx, done), fast),
      of: 'warm',
    });

    say('validation');
    rows.push({
      step: '3. validation: JSON.parse + explainRequestSchema',
      figures: measureSync(
        () => parseOrThrow(explainRequestSchema, JSON.parse(bodyText), 'request body'),
        fast,
      ),
      of: 'warm',
    });

    say('result cache');
    const cache = createResultCache(cacheOptions);
    const version = engineVersion();
    await cache.remember(resultKey(request, version), response);
    rows.push({
      step: '4. result cache: resultKey + lookup, hit',
      figures: await measureAsync(async () => {
        if (!(await cache.lookup(resultKey(request, version)))) throw new Error('the result cache missed');
      }, fast),
      of: 'warm',
    });
    await cache.close();

    say('engine');
    const engineBudget: Budget = { warmup: 200 };
    rows.push({
      step: '5. engine through the pool (1 worker)',
      figures: await measureAsync(() => pool.explain(request), engineBudget),
      of: 'cold',
    });
    rows.push({
      step: '5. engine in process',
      figures: await measureAsync(() => local.explain(request), engineBudget),
      of: 'cold',
    });
    // The worker also holds each answer to the contract (pool/serve.ts): without this row the
    // difference between the two above would charge that check to the hand-off.
    rows.push({
      step: '5. engine in process + contract check (what the worker runs)',
      figures: await measureAsync(async () => {
        explainResponseSchema.parse(await local.explain(request));
      }, engineBudget),
      of: 'cold',
    });

    say('store writes');
    const record = newExplanationOf(request, response);
    for (const [way, target] of [
      ['in its own thread (the service)', store],
      ['in this thread', inThread],
    ] as const) {
      rows.push({
        step: `6. store write ${way}: saveExplanation, one at a time`,
        figures: await measureAsync(() => target.saveExplanation(account.id, record), { warmup: 50 }),
        of: 'warm',
      });
      const perSave: number[] = [];
      const loopPerSave: number[] = [];
      const end = performance.now() + STEP_MS;
      for (let round = 0; round < 10 || performance.now() < end; round++) {
        const start = performance.now();
        const loopBefore = performance.eventLoopUtilization();
        await Promise.all(
          Array.from({ length: CONCURRENT_SAVES }, () => target.saveExplanation(account.id, record)),
        );
        const loop = performance.eventLoopUtilization(loopBefore);
        // The first rounds warm up; each round's saves share one transaction, so one figure a round.
        if (round >= 5) {
          perSave.push(((performance.now() - start) * 1000) / CONCURRENT_SAVES);
          loopPerSave.push((loop.active * 1000) / CONCURRENT_SAVES);
        }
        if (perSave.length >= MAX_CALLS) break;
      }
      // Counted in saves, as the per-save figures are.
      const inSaves = (figures: Figures) => ({ ...figures, calls: figures.calls * CONCURRENT_SAVES });
      rows.push({
        step: `6. store write ${way}: ${CONCURRENT_SAVES} concurrent saves, per save`,
        figures: inSaves(figuresOf(perSave)),
      });
      rows.push({
        step: `6. store write ${way}: ${CONCURRENT_SAVES} concurrent saves, event-loop time per save`,
        figures: inSaves(figuresOf(loopPerSave)),
      });
    }

    say('serialisation');
    // What the route sets as ctx.body, which Koa sends as JSON.stringify(body).
    const saved = { ...response, id: 'a'.repeat(24), createdAt: new Date().toISOString() };
    rows.push({
      step: '7. serialisation: JSON.stringify of the response',
      figures: measureSync(() => JSON.stringify(saved), fast),
      of: 'warm',
    });

    say('HTTP');
    const app = createApp({
      store,
      limiter,
      engine: pool,
      logger,
      config: { production: false },
      usage,
      resultCache: createResultCache(cacheOptions),
    });
    server = createHttpServer(app, logger);
    const url = await listen(server);
    const post = async (body: string) => {
      const answer = await fetch(`${url}/api/explain`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body,
      });
      if (answer.status !== 200) throw new Error(`explain answered ${answer.status}: ${await answer.text()}`);
      await answer.arrayBuffer();
    };
    const httpBudget: Budget = { warmup: 200, maxMs: STEP_MS * 1.5 };
    const warm = await measureAsync(() => post(bodyText), httpBudget);
    const cold = await measureAsync(
      (i) => post(JSON.stringify({ code: snippet(`cold${i}`), language: 'python' })),
      httpBudget,
    );

    // The floor under the two above: Koa and node:http answering a small JSON object to the same client.
    const bare = new Koa<AppState>();
    bare.use((ctx) => {
      ctx.body = { hello: 'world' };
    });
    bareServer = createHttpServer(bare, logger);
    const bareUrl = await listen(bareServer);
    const bareFigures = await measureAsync(async () => {
      const answer = await fetch(`${bareUrl}/`, { method: 'POST', body: bodyText });
      await answer.arrayBuffer();
    }, httpBudget);

    rows.push({ step: '8. whole request over HTTP, cache warm', figures: warm, of: 'warm' });
    rows.push({ step: '8. whole request over HTTP, cache cold', figures: cold, of: 'cold' });
    rows.push({ step: '(floor: bare Koa over HTTP, same fetch client)', figures: bareFigures, of: 'warm' });

    const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
    console.log(
      `pnpm bench:steps — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, load average ${one} / ${five} / ${fifteen}, ` +
        `${Math.round(STEP_MS)} ms or ${MAX_CALLS.toLocaleString('en-US')} calls per step after a warm-up, store in ${dataDir}\n`,
    );
    printTable(rows, warm, cold);
    const handOff =
      rows.find((r) => r.step.startsWith('5. engine through'))!.figures.median -
      rows.find((r) => r.step.includes('contract check'))!.figures.median;
    console.log(
      `\npool hand-off (pool median − in-process with contract check median): ${us(handOff)} µs; ` +
        `warm shares are of the warm request's median, cold ones of the cold request's; ` +
        `the client (fetch) runs in this process and its time is in every HTTP row.`,
    );
  } finally {
    // fetch keeps its connections alive: no grace, or close would wait for them.
    await Promise.all([server, bareServer].map((open) => open?.close(0)));
    await usage.close();
    await pool.dispose();
    await local.dispose();
    await limiter.close();
    await store.close();
    await inThread.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function listen(server: ServiceServer): Promise<string> {
  return `http://127.0.0.1:${(await server.listen(0, '127.0.0.1')).port}`;
}

await main();
