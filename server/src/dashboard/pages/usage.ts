/**
 * The usage page: the account's requests per hour for the last 24 hours and
 * per day for the last 30, split by outcome (429s in a column of their own),
 * with p50 and p95 latency per day and the top languages and modes, for all
 * keys or one. It reads the same service as `GET /api/usage` with the same
 * windows, so the page and the API give the same numbers. Charts are drawn
 * in the browser with uPlot; every chart has its numbers in a table. The
 * current minute's use against the plan's quota is the rate limiter's own
 * count, read without counting (RateLimiter.peek).
 */
import type Router from '@koa/router';
import { hasApiAccess, usageWindow, type UsageResponse } from '@code-explain/shared';
import type { RateLimiter } from '../../limits/limiter.js';
import type { AppState } from '../../http/context.js';
import type { AccountService } from '../../service/accounts.js';
import type { UsageService } from '../../service/usage.js';
import { PageError, type Kit } from '../kit.js';
import { usagePage } from '../views.js';

const KEY_ID = /^[A-Za-z0-9]{1,64}$/;

export function usagePages(
  router: Router<AppState>,
  kit: Kit,
  deps: {
    readonly accounts: AccountService;
    readonly usage: Pick<UsageService, 'report'>;
    readonly now: () => number;
    readonly uplotCss: string;
    /** The chart script's address (assets.ts). */
    readonly chartsScript: string;
    readonly quota?: Pick<RateLimiter, 'peek'>;
  },
): void {
  const { accounts, usage, now } = deps;

  router.get('/usage', async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const asked = typeof ctx.query['key'] === 'string' ? ctx.query['key'] : '';
    if (asked !== '' && !KEY_ID.test(asked))
      throw new PageError(404, 'No such key', 'This account has no key with that id.');
    const keyId = asked === '' ? undefined : asked;
    const at = new Date(now());
    const reports: UsageResponse[] = [];
    for (const granularity of ['hour', 'day'] as const) {
      const window = usageWindow({ granularity }, at);
      if (!window.ok) throw new Error(`no default usage window: ${window.message}`);
      const report = await usage.report(visit.account.id, { ...window.window, keyId });
      if (report === 'unknown_key')
        throw new PageError(404, 'No such key', 'This account has no key with that id.');
      reports.push(report);
    }
    const keys = await accounts.listKeysOf(visit.account.id);
    const { account } = visit;
    // Keyed by account, whatever the key filter: all of an account's keys share the plan's quota.
    const minute =
      deps.quota && hasApiAccess(account.plan)
        ? await deps.quota.peek({ id: account.id, plan: account.plan })
        : undefined;
    kit.send(
      ctx,
      200,
      usagePage(
        { ...kit.pageContext(ctx), account: visit.account },
        {
          hours: reports[0]!,
          days: reports[1]!,
          keys,
          keyId,
          uplotCss: deps.uplotCss,
          chartsScript: deps.chartsScript,
          ...(minute ? { minute } : {}),
        },
      ),
    );
  });
}
