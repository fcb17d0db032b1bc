/**
 * History: the signed-in account's saved explanations, paged and filtered by
 * language and mode with the API's own list query (`listQuerySchema`: page,
 * limit, language, mode), each opened at /history/<id> and rendered with the
 * shared explanation renderer, and deleted after a confirmation page. Every
 * read and the deletion go through the explanation service the API uses
 * (service/explanations.ts), which answers only for the account's own
 * explanations: another account's id is the same 404 as an unknown one.
 *
 *   GET  /history                    ?language=&mode=&page=&limit=
 *   GET  /history/:id                one explanation
 *   GET  /history/:id/delete, POST   confirm, then delete; back to the list (same filters) with a notice
 */
import type Router from '@koa/router';
import { listQuerySchema, type ListQuery } from '@code-explain/shared';
import type { AppContext, AppState } from '../../http/context.js';
import { explanationIdSchema } from '../../http/params.js';
import type { ExplanationService } from '../../service/explanations.js';
import { field } from '../form.js';
import { PageError, type Kit } from '../kit.js';
import {
  deleteExplanationPage,
  explanationPage,
  HISTORY_PAGE_SIZE,
  historyHref,
  historyPage,
} from '../history-views.js';

const PATH = '/history';
const NOTICES: Readonly<Record<string, string>> = { deleted: 'The explanation is deleted.' };

const noSuchExplanation = () =>
  new PageError(404, 'No such explanation', 'This account has no saved explanation with that id.');

/**
 * The list query from a GET form or a confirmation form: empty fields (the
 * form's "All" choices) are absent; everything else is the API's schema, and
 * what it refuses is a 400 page that says why.
 */
export function filtersFrom(source: Readonly<Record<string, unknown>>): ListQuery {
  const given: Record<string, unknown> = { limit: String(HISTORY_PAGE_SIZE) };
  for (const name of ['page', 'limit', 'language', 'mode'] as const) {
    const value = source[name];
    if (value === undefined || value === '') continue;
    // A repeated parameter arrives as an array: the schema refuses it with its own message.
    given[name] = value;
  }
  const parsed = listQuerySchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new PageError(
      400,
      'Bad request',
      `The history filter could not be read (${where}${issue.message}).`,
    );
  }
  return parsed.data;
}

export function historyPages(
  router: Router<AppState>,
  kit: Kit,
  deps: { readonly explanations: Pick<ExplanationService, 'list' | 'get' | 'remove'> },
): void {
  const { explanations } = deps;

  const idOf = (ctx: AppContext): string => {
    const parsed = explanationIdSchema.safeParse(ctx.params['id']);
    if (!parsed.success) throw noSuchExplanation();
    return parsed.data;
  };

  router.get(PATH, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const filters = filtersFrom(ctx.query);
    const list = await explanations.list(visit.account.id, filters);
    const notice = typeof ctx.query['done'] === 'string' ? NOTICES[ctx.query['done']] : undefined;
    kit.send(
      ctx,
      200,
      historyPage({ ...kit.pageContext(ctx), account: visit.account }, { list, filters, notice }),
    );
  });

  router.get(`${PATH}/:id`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const saved = await explanations.get(visit.account.id, idOf(ctx));
    if (!saved) throw noSuchExplanation();
    kit.send(ctx, 200, explanationPage({ ...kit.pageContext(ctx), account: visit.account }, saved));
  });

  router.get(`${PATH}/:id/delete`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const saved = await explanations.get(visit.account.id, idOf(ctx));
    if (!saved) throw noSuchExplanation();
    const filters = filtersFrom(ctx.query);
    kit.send(
      ctx,
      200,
      deleteExplanationPage({ ...kit.pageContext(ctx), account: visit.account }, saved, filters),
    );
  });

  router.post(`${PATH}/:id/delete`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const id = idOf(ctx);
    // The list the visitor came from, read back through the same schema: never a free-form address.
    const body: unknown = ctx.request.body;
    const filters = filtersFrom({
      page: field(body, 'page'),
      limit: field(body, 'limit'),
      language: field(body, 'language'),
      mode: field(body, 'mode'),
    });
    if (!(await explanations.remove(visit.account.id, id))) throw noSuchExplanation();
    kit.redirect(ctx, historyHref(filters, { done: 'deleted' }));
  });
}
