/**
 * Sign-up, sign-in and sign-out. Every failed sign-in gets the one message
 * SIGN_IN_FAILED, whether or not the email has an account (the account
 * service spends the same hashing work either way), and is counted by the
 * throttle, which refuses further tries with 429 and Retry-After (the form
 * again, saying how long to wait).
 */
import type Router from '@koa/router';
import { emailSchema } from '@code-explain/shared';
import type { AppState } from '../../http/context.js';
import { AccountError, PasswordRuleError, type AccountService } from '../../service/accounts.js';
import type { SessionManager } from '../../sessions/sessions.js';
import type { SignInThrottle } from '../../sessions/throttle.js';
import { field } from '../form.js';
import { throttled, type Kit } from '../kit.js';
import { signInPage, signUpPage } from '../views.js';

/** The one answer to every failed sign-in, whether or not the email has an account. */
export const SIGN_IN_FAILED = 'Incorrect email or password.';

const SIGN_IN_NOTICES: Readonly<Record<string, string>> = {
  out: 'You are signed out.',
  everywhere: 'Every session of your account has ended.',
};

export function authPages(
  router: Router<AppState>,
  kit: Kit,
  deps: {
    readonly accounts: AccountService;
    readonly sessions: SessionManager;
    readonly throttle: SignInThrottle;
    readonly signupOpen: boolean;
  },
): void {
  const { accounts, sessions, throttle, signupOpen } = deps;

  router.get('/sign-in', (ctx) => {
    if (kit.visitOf(ctx).account) return kit.redirect(ctx, '/');
    const done = typeof ctx.query.done === 'string' ? SIGN_IN_NOTICES[ctx.query.done] : undefined;
    kit.send(ctx, 200, signInPage(kit.pageContext(ctx), { signupOpen, ...(done ? { notice: done } : {}) }));
  });

  router.post('/sign-in', async (ctx) => {
    const body: unknown = ctx.request.body;
    const email = field(body, 'email').trim().toLowerCase();
    const password = field(body, 'password');
    const wait = await throttle.attempt(email, ctx.ip);
    if (wait > 0) {
      // The form again, with the reason, so the person can try later from where they are.
      const error = `Too many failed sign-ins. ${throttled(ctx, wait)}`;
      kit.send(ctx, 429, signInPage(kit.pageContext(ctx), { email, error, signupOpen }));
      return;
    }
    const valid = emailSchema.safeParse(email);
    // An address that cannot be an email cannot have an account: no lookup, and the same answer.
    const account =
      valid.success && password !== '' ? await accounts.checkCredentials(valid.data, password) : null;
    if (!account) {
      kit.send(ctx, 401, signInPage(kit.pageContext(ctx), { email, error: SIGN_IN_FAILED, signupOpen }));
      return;
    }
    await throttle.succeeded(email, ctx.ip);
    await kit.startSession(ctx, account.id);
    kit.redirect(ctx, '/');
  });

  router.get('/sign-up', (ctx) => {
    if (kit.visitOf(ctx).account) return kit.redirect(ctx, '/');
    kit.send(ctx, signupOpen ? 200 : 403, signUpPage(kit.pageContext(ctx), { open: signupOpen }));
  });

  router.post('/sign-up', async (ctx) => {
    if (!signupOpen) return kit.send(ctx, 403, signUpPage(kit.pageContext(ctx), { open: false }));
    const body: unknown = ctx.request.body;
    const given = field(body, 'email');
    const refuse = (error: string) =>
      kit.send(ctx, 422, signUpPage(kit.pageContext(ctx), { open: true, email: given, error }));
    const email = emailSchema.safeParse(given);
    if (!email.success) return refuse('Enter an email address.');
    try {
      const account = await accounts.signUp(email.data, field(body, 'password'));
      await kit.startSession(ctx, account.id);
      kit.redirect(ctx, '/');
    } catch (error) {
      if (error instanceof PasswordRuleError) return refuse(`Choose another password: ${error.message}.`);
      // Sign-up cannot help saying that an email is taken; sign-in never says whether one is.
      if (error instanceof AccountError)
        return refuse('An account with this email already exists: sign in instead.');
      throw error;
    }
  });

  router.post('/sign-out', async (ctx) => {
    const { token } = kit.visitOf(ctx);
    if (token !== undefined) await sessions.end(token);
    kit.setSessionCookie(ctx, null);
    kit.redirect(ctx, '/sign-in?done=out');
  });
}
