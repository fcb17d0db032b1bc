/**
 * The signed-in account: the landing page, changing the password (which ends
 * every other session; this browser continues in a new one) and signing out
 * everywhere. Wrong current passwords count as failed sign-ins, so a stolen
 * session cannot be used to guess the password faster than sign-in can.
 */
import type Router from '@koa/router';
import type { AppState } from '../../http/context.js';
import { PasswordRuleError, type AccountService } from '../../service/accounts.js';
import type { SessionManager } from '../../sessions/sessions.js';
import type { SignInThrottle } from '../../sessions/throttle.js';
import { field } from '../form.js';
import { throttled, type Kit } from '../kit.js';
import { accountPage, homePage } from '../views.js';

export function accountPages(
  router: Router<AppState>,
  kit: Kit,
  deps: {
    readonly accounts: AccountService;
    readonly sessions: SessionManager;
    readonly throttle: SignInThrottle;
  },
): void {
  const { accounts, sessions, throttle } = deps;

  router.get('/', (ctx) => {
    const visit = kit.signedIn(ctx);
    if (visit) kit.send(ctx, 200, homePage({ ...kit.pageContext(ctx), account: visit.account }));
  });

  router.get('/account', (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const notice =
      ctx.query.done === 'password' ? 'Your password is changed; every other session has ended.' : undefined;
    kit.send(
      ctx,
      200,
      accountPage({ ...kit.pageContext(ctx), account: visit.account }, notice ? { notice } : {}),
    );
  });

  router.post('/account/password', async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const body: unknown = ctx.request.body;
    const { email, id } = visit.account;
    const refuse = (status: number, error: string) =>
      kit.send(ctx, status, accountPage({ ...kit.pageContext(ctx), account: visit.account }, { error }));
    const wait = await throttle.attempt(email, ctx.ip);
    if (wait > 0) {
      return refuse(429, `Too many wrong passwords. ${throttled(ctx, wait)}`);
    }
    try {
      const changed = await accounts.changePassword(id, field(body, 'current'), field(body, 'password'));
      if (!changed) return refuse(400, 'The current password is not correct.');
    } catch (error) {
      // The current password was right; only the new one was refused.
      if (error instanceof PasswordRuleError) {
        await throttle.succeeded(email, ctx.ip);
        return refuse(422, `Choose another password: ${error.message}.`);
      }
      throw error;
    }
    await throttle.succeeded(email, ctx.ip);
    // Every session ends, this one too; this browser continues in a new one.
    await sessions.endAll(id);
    const { token } = await sessions.start(id);
    kit.setSessionCookie(ctx, token);
    kit.redirect(ctx, '/account?done=password');
  });

  router.post('/account/sign-out-everywhere', async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    await sessions.endAll(visit.account.id);
    kit.setSessionCookie(ctx, null);
    kit.redirect(ctx, '/sign-in?done=everywhere');
  });
}
