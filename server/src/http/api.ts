/**
 * The /api routes. Each handler validates its input with the contract's zod
 * schemas, calls the service, and answers; errors are thrown as ApiError.
 * Authentication and rate limiting have already run (see app.ts).
 */
import {
  explainRequestSchema,
  listQuerySchema,
  usageQuerySchema,
  usageWindow,
  type ApiPlan,
} from '@code-explain/shared';
import Router from '@koa/router';
import type { ExplanationService } from '../service/explanations.js';
import type { UsageService } from '../service/usage.js';
import type { AppContext, AppState } from './context.js';
import { ApiError } from './errors.js';
import { jsonBody } from './json-body.js';
import { explanationParamsSchema } from './params.js';
import { parseOrThrow } from './validate.js';

function authenticated(ctx: AppContext): { readonly id: string; readonly plan: ApiPlan } {
  const account = ctx.state.account;
  // Authentication runs before every /api route; reaching here without it is a wiring bug.
  if (!account) throw new Error('an /api route ran without an authenticated account');
  return account;
}

const accountOf = (ctx: AppContext): string => authenticated(ctx).id;

const notFound = () => new ApiError('not_found', 'no explanation with that id');

export function apiRouter(deps: {
  explanations: ExplanationService;
  usage: UsageService;
  openApiDocument: object;
  /** The clock usage windows end at (the app's). */
  now?: () => number;
  /** How many of one account's analyses may run at once, by plan (ENGINE_CONCURRENCY_*). */
  engineConcurrency: Readonly<Record<ApiPlan, number>>;
}): Router<AppState> {
  const { explanations, usage, openApiDocument, engineConcurrency } = deps;
  const now = deps.now ?? Date.now;
  // Case-sensitive, so /API/... is not a second spelling of a route.
  const router = new Router<AppState>({ prefix: '/api', sensitive: true });

  router.post('/explain', jsonBody(), async (ctx) => {
    const account = authenticated(ctx);
    const request = parseOrThrow(explainRequestSchema, ctx.request.body, 'request body');
    ctx.state.explained = { language: request.language, mode: request.mode };
    ctx.body = await explanations.explain(account.id, request, {
      // The engine's workers are shared among accounts, each with its own turn and at most this many at once.
      account: { id: account.id, concurrency: engineConcurrency[account.plan] },
      // The response notes a failed rule in plain words; the log, with the request id, gets the error behind it.
      ruleFailed: (failure) =>
        ctx.state.log.warn(
          { rule: failure.rule, phase: failure.phase, error: failure.message },
          'rule failed',
        ),
      // Charged to the account by the rate limiter once the request is over (limits/limiter.ts).
      analysed: (ms) => {
        ctx.state.engineMs = (ctx.state.engineMs ?? 0) + ms;
      },
    });
  });

  router.get('/explanations', async (ctx) => {
    const accountId = accountOf(ctx);
    const query = parseOrThrow(listQuerySchema, { ...ctx.query }, 'query');
    ctx.body = await explanations.list(accountId, query);
  });

  router.get('/explanations/:id', async (ctx) => {
    const accountId = accountOf(ctx);
    const { id } = parseOrThrow(explanationParamsSchema, ctx.params, 'path');
    const saved = await explanations.get(accountId, id);
    if (!saved) throw notFound();
    ctx.body = saved;
  });

  router.delete('/explanations/:id', async (ctx) => {
    const accountId = accountOf(ctx);
    const { id } = parseOrThrow(explanationParamsSchema, ctx.params, 'path');
    if (!(await explanations.remove(accountId, id))) throw notFound();
    ctx.status = 204;
  });

  router.get('/usage', async (ctx) => {
    const accountId = accountOf(ctx);
    const query = parseOrThrow(usageQuerySchema, { ...ctx.query }, 'query');
    const resolved = usageWindow(query, new Date(now()));
    if (!resolved.ok) {
      throw new ApiError('invalid_request', `invalid query: ${resolved.message}`, [
        { path: resolved.path, message: resolved.message },
      ]);
    }
    const report = await usage.report(accountId, { ...resolved.window, keyId: query.keyId });
    // Unknown and another account's keys get the same answer, so ids cannot be probed.
    if (report === 'unknown_key') throw new ApiError('not_found', 'no API key with that id');
    ctx.body = report;
  });

  router.get('/openapi.json', (ctx) => {
    ctx.body = openApiDocument;
  });

  return router;
}
