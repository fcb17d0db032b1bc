/**
 * The bench's second baseline (service.bench.ts): the least any explain
 * endpoint on Koa does for a warm answer, in a process of its own like the
 * service. It reads and parses the JSON body (koa-bodyparser), checks it
 * against the contract (zod), writes one log line per request (pino, to a
 * file, as the service's access line), and answers with a real explanation of
 * the bench's snippet (computed once at start by the engine) given an id and
 * a date. No authentication, rate limit, cache, usage count or save: what the
 * service does beyond this row is what those cost. Prints its port.
 */
import { openSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { explainRequestSchema } from '@code-explain/shared';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { pino } from 'pino';
import { createEngine } from '../src/engine/engine.js';

const [snippet, logFile] = [process.env.BENCH_SNIPPET, process.env.BENCH_LOG_FILE];
if (!snippet || !logFile) throw new Error('BENCH_SNIPPET and BENCH_LOG_FILE are required');

const answer = await createEngine().explain(
  explainRequestSchema.parse({ code: snippet, language: 'python' }),
);
const log = pino({ level: 'info' }, pino.destination({ dest: openSync(logFile, 'w'), sync: true }));
let served = 0;

const app = new Koa();
app.use(async (ctx, next) => {
  const requestLog = log.child({ requestId: `r${++served}` });
  await next();
  requestLog.info({ method: ctx.method, path: ctx.path, status: ctx.status }, 'request');
});
app.use(bodyParser({ enableTypes: ['json'] }));
app.use((ctx) => {
  const request = explainRequestSchema.safeParse(ctx.request.body);
  if (!request.success) {
    ctx.status = 400;
    ctx.body = { error: 'invalid request' };
    return;
  }
  ctx.body = { ...answer, id: `e${served}`, createdAt: new Date().toISOString() };
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
