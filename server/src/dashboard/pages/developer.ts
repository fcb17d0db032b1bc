/**
 * Developer settings: the account's API keys, read-only for now (name,
 * prefix, created, status), read through the account service like the admin
 * command's keys:list.
 */
import type Router from '@koa/router';
import type { AppState } from '../../http/context.js';
import type { AccountService } from '../../service/accounts.js';
import type { Kit } from '../kit.js';
import { developerPage } from '../views.js';

export function developerPages(
  router: Router<AppState>,
  kit: Kit,
  deps: { readonly accounts: AccountService },
): void {
  router.get('/settings/developer', async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const keys = await deps.accounts.listKeysOf(visit.account.id);
    kit.send(ctx, 200, developerPage({ ...kit.pageContext(ctx), account: visit.account }, keys));
  });
}
