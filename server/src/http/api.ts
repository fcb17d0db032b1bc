/**
 * The /api routes. Each handler validates its input with the contract's zod
 * schemas, calls the service, and answers; errors are thrown as ApiError.
 * Authentication and rate limiting have already run (see app.ts).
 */
import { explainRequestSchema, listQuerySchema, usageQuerySchema, usageWindow } from '@code-explain/shared';
import Router from '@koa/router';
import type { ExplanationService } from '../service/explanations.js';
import type { UsageService } from '../service/usage.js';
import type { AppContext, AppState } from './context.js';
import { ApiError } from './errors.js';
import { jsonBody } from './json-body.js';
import { explanationParamsSchema } from './params.js';
import { parseOrThrow } from './validate.js';

function accountOf(ctx: AppContext): string {
  const account = ctx.state.account;
  // Authentication runs before every /api route; reaching here without it is a wiring bug.
  if (!account) throw new Error('an /api route ran without an authenticated account');
  return account.id;
}

const notFound = () => new ApiError('not_found', 'no explanation with that id');

export function apiRouter(deps: {
  explanations: ExplanationService;
  usage: UsageService;
  openApiDocument: object;
  /** The clock usage windows end at (the app's). */
  now?: () => number;
}): Router<AppState> {
  const { explanations, usage, openApiDocument } = deps;
  const now = deps.now ?? Date.now;
  // Case-sensitive, so /API/... is not a second spelling of a route.
  const router = new Router<AppState>({ prefix: '/api', sensitive: true });

  router.post('/explain', jsonBody(), async (ctx) => {
    const accountId = accountOf(ctx);
    const request = parseOrThrow(explainRequestSchema, ctx.request.body, 'request body');
    ctx.state.explained = { language: request.language, mode: request.mode };
    // The response notes a failed rule in plain words; the log, with the request id, gets the error behind it.
    ctx.body = await explanations.explain(accountId, request, {
      ruleFailed: (failure) =>
        ctx.state.log.warn(
          { rule: failure.rule, phase: failure.phase, error: failure.message },
          'rule failed',
        ),
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
