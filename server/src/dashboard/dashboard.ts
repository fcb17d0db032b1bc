/**
 * The dashboard: server-rendered pages for account holders, on the same app
 * as the API, through the same service layer (service/accounts.ts); it never
 * reads the store itself.
 *
 *   GET  /                      home (signed in), else → /sign-in
 *   GET  /sign-up, POST         a free-plan account with a password (SIGNUP=closed: refused)
 *   GET  /sign-in, POST         throttled (sessions/throttle.ts); one message for every failure
 *   POST /sign-out
 *   GET  /account               change password, sign out everywhere
 *   POST /account/password      signs out every other session, and rotates this one
 *   POST /account/sign-out-everywhere
 *   GET  /settings/developer    the account's keys (read-only for now)
 *
 * Every POST passes the CSRF checks (csrf.ts) before anything else. Every
 * page gets a strict Content-Security-Policy with a nonce of its own.
 * Responses are HTML, errors included; /api and /healthz are untouched.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { emailSchema, type Account } from '@code-explain/shared';
import bodyParser from 'koa-bodyparser';
import { z } from 'zod';
import type { DashboardConfig } from '../config.js';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import { AccountError, PasswordRuleError, type AccountService } from '../service/accounts.js';
import type { SessionManager, Session } from '../sessions/sessions.js';
import type { SignInThrottle } from '../sessions/throttle.js';
import { StoreUnavailableError } from '../store/types.js';
import { anonymousToken, anonymousTokenMatches, CSRF_FIELD, originProblem, tokensEqual } from './csrf.js';
import {
  accountPage,
  developerPage,
  errorPage,
  homePage,
  signInPage,
  signUpPage,
  type PageContext,
} from './views.js';

export const SESSION_COOKIE = 'cex_session';

/** The one answer to every failed sign-in, whether or not the email has an account. */
export const SIGN_IN_FAILED = 'Incorrect email or password.';

export interface DashboardDependencies {
  readonly accounts: AccountService;
  readonly sessions: SessionManager;
  readonly throttle: SignInThrottle;
  readonly config: Pick<DashboardConfig, 'signup'>;
}

/** What a dashboard request knows: its nonce and, when signed in, its session and account. */
interface Visit {
  readonly nonce: string;
  readonly token?: string;
  readonly session?: Session;
  readonly account?: Account;
}

/** A request refused with a page (403 forged, 429 throttled, 404 gone…). */
class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

const forbidden = (why: string) =>
  new PageError(403, 'Request refused', `This request was refused to protect your account: ${why}.`);

const formSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
/** A form field's one value; a repeated or missing field is an empty string. */
function field(body: unknown, name: string): string {
  const parsed = formSchema.safeParse(body);
  const value = parsed.success ? parsed.data[name] : undefined;
  return typeof value === 'string' ? value : '';
}

const PAGE_PATHS = new Set([
  '/',
  '/sign-in',
  '/sign-up',
  '/sign-out',
  '/account',
  '/account/password',
  '/account/sign-out-everywhere',
  '/settings/developer',
]);

/** Whether the dashboard answers this path (everything else is left to the rest of the app). */
export function isDashboardPath(path: string): boolean {
  return PAGE_PATHS.has(path);
}

export function createDashboard(deps: DashboardDependencies): AppMiddleware {
  const { accounts, sessions, throttle, config } = deps;
  const visits = new WeakMap<AppContext, Visit>();
  const visitOf = (ctx: AppContext): Visit => visits.get(ctx)!;
  const signupOpen = config.signup === 'open';

  const setSessionCookie = (ctx: AppContext, token: string | null) =>
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      overwrite: true,
    });

  const pageContext = (ctx: AppContext): PageContext => {
    const visit = visitOf(ctx);
    return {
      nonce: visit.nonce,
      account: visit.account,
      csrfToken: visit.session?.csrfToken ?? anonymousToken(ctx),
    };
  };

  const send = (ctx: AppContext, status: number, page: string) => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  };

  const redirect = (ctx: AppContext, to: string) => {
    ctx.status = 303;
    ctx.redirect(to);
  };

  /** The signed-in visit, or a redirect to the sign-in page (false). */
  const signedIn = (
    ctx: AppContext,
  ): (Visit & { session: Session; account: Account; token: string }) | false => {
    const visit = visitOf(ctx);
    if (visit.session && visit.account && visit.token !== undefined) {
      return visit as Visit & { session: Session; account: Account; token: string };
    }
    redirect(ctx, '/sign-in');
    return false;
  };

  const startSession = async (ctx: AppContext, account: Account) => {
    const previous = visitOf(ctx).token;
    // A new id at every sign-in: whatever token the browser had before is worth nothing after.
    if (previous !== undefined) await sessions.end(previous);
    const { token } = await sessions.start(account.id);
    setSessionCookie(ctx, token);
  };

  const router = new Router<AppState>({ sensitive: true, strict: true });

  router.get('/', (ctx) => {
    const visit = signedIn(ctx);
    if (visit) send(ctx, 200, homePage({ ...pageContext(ctx), account: visit.account }));
  });

  router.get('/sign-in', (ctx) => {
    if (visitOf(ctx).account) return redirect(ctx, '/');
    const notice =
      ctx.query.done === 'everywhere'
        ? 'Every session of your account has ended.'
        : ctx.query.done === 'out'
          ? 'You are signed out.'
          : undefined;
    send(ctx, 200, signInPage(pageContext(ctx), { signupOpen, ...(notice ? { notice } : {}) }));
  });

  router.post('/sign-in', async (ctx) => {
    const body = ctx.request.body;
    const email = field(body, 'email').trim().toLowerCase();
    const password = field(body, 'password');
    const wait = await throttle.waitFor(email, ctx.ip);
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new PageError(
        429,
        'Too many attempts',
        `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
        { 'Retry-After': String(seconds) },
      );
    }
    const valid = emailSchema.safeParse(email);
    const account =
      valid.success && password !== '' ? await accounts.checkCredentials(valid.data, password) : null;
    if (!account) {
      await throttle.failed(email, ctx.ip);
      return send(ctx, 401, signInPage(pageContext(ctx), { email, error: SIGN_IN_FAILED, signupOpen }));
    }
    await throttle.succeeded(email);
    await startSession(ctx, account);
    redirect(ctx, '/');
  });

  router.get('/sign-up', (ctx) => {
    if (visitOf(ctx).account) return redirect(ctx, '/');
    send(ctx, signupOpen ? 200 : 403, signUpPage(pageContext(ctx), { open: signupOpen }));
  });

  router.post('/sign-up', async (ctx) => {
    if (!signupOpen) return send(ctx, 403, signUpPage(pageContext(ctx), { open: false }));
    const body = ctx.request.body;
    const given = field(body, 'email');
    const email = emailSchema.safeParse(given);
    const refuse = (error: string) =>
      send(ctx, 422, signUpPage(pageContext(ctx), { open: true, email: given, error }));
    if (!email.success) return refuse('Enter an email address.');
    try {
      const account = await accounts.signUp(email.data, field(body, 'password'));
      await startSession(ctx, account);
      redirect(ctx, '/');
    } catch (error) {
      if (error instanceof PasswordRuleError) return refuse(`Choose another password: ${error.message}.`);
      if (error instanceof AccountError) {
        return refuse('An account with this email already exists: sign in instead.');
      }
      throw error;
    }
  });

  router.post('/sign-out', async (ctx) => {
    const { token } = visitOf(ctx);
    if (token !== undefined) await sessions.end(token);
    setSessionCookie(ctx, null);
    redirect(ctx, '/sign-in?done=out');
  });

  router.get('/account', (ctx) => {
    const visit = signedIn(ctx);
    if (!visit) return;
    const notice =
      ctx.query.done === 'password' ? 'Your password is changed; every other session has ended.' : undefined;
    send(ctx, 200, accountPage({ ...pageContext(ctx), account: visit.account }, notice ? { notice } : {}));
  });

  router.post('/account/password', async (ctx) => {
    const visit = signedIn(ctx);
    if (!visit) return;
    const body = ctx.request.body;
    const refuse = (status: number, error: string) =>
      send(ctx, status, accountPage({ ...pageContext(ctx), account: visit.account }, { error }));
    try {
      const changed = await accounts.changePassword(
        visit.account.id,
        field(body, 'current'),
        field(body, 'password'),
      );
      if (!changed) return refuse(400, 'The current password is not correct.');
    } catch (error) {
      if (error instanceof PasswordRuleError)
        return refuse(422, `Choose another password: ${error.message}.`);
      throw error;
    }
    // Every session ends, this one too; this browser continues in a new one.
    await sessions.endAll(visit.account.id);
    const { token } = await sessions.start(visit.account.id);
    setSessionCookie(ctx, token);
    redirect(ctx, '/account?done=password');
  });

  router.post('/account/sign-out-everywhere', async (ctx) => {
    const visit = signedIn(ctx);
    if (!visit) return;
    await sessions.endAll(visit.account.id);
    setSessionCookie(ctx, null);
    redirect(ctx, '/sign-in?done=everywhere');
  });

  router.get('/settings/developer', async (ctx) => {
    const visit = signedIn(ctx);
    if (!visit) return;
    const keys = await accounts.listKeysOf(visit.account.id);
    send(ctx, 200, developerPage({ ...pageContext(ctx), account: visit.account }, keys));
  });

  const parseForm = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });

  /** Who is visiting: the session cookie's live session and its account, if any. */
  const identify = async (ctx: AppContext): Promise<Visit> => {
    const nonce = randomBytes(16).toString('base64');
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token === undefined || token === '') return { nonce };
    const session = await sessions.resume(token);
    const account = session ? await accounts.findAccount(session.accountId) : null;
    if (!session || !account) {
      setSessionCookie(ctx, null);
      return { nonce };
    }
    return { nonce, token, session, account };
  };

  /** The CSRF checks every POST passes before its handler runs. */
  const checkForgery = (ctx: AppContext) => {
    const problem = originProblem(ctx);
    if (problem !== undefined) throw forbidden(problem);
    const given = field(ctx.request.body, CSRF_FIELD);
    const { session } = visitOf(ctx);
    const ok = session ? tokensEqual(given, session.csrfToken) : anonymousTokenMatches(ctx, given);
    if (!ok)
      throw forbidden('the form is out of date or did not come from this site; reload it and try again');
  };

  const routes = router.routes() as AppMiddleware;
  const methods = router.allowedMethods() as AppMiddleware;

  return async (ctx, next) => {
    const nonce = randomBytes(16).toString('base64');
    visits.set(ctx, { nonce });
    ctx.set({
      'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
    try {
      visits.set(ctx, { ...(await identify(ctx)), nonce });
      if (ctx.method === 'POST') {
        await parseForm(ctx, async () => undefined);
        checkForgery(ctx);
      }
      await routes(ctx, async () => undefined);
      await methods(ctx, next);
      // allowedMethods answers a known path asked with another method 405, with Allow but no page.
      if (ctx.status === 405)
        throw new PageError(405, 'Not allowed', `${ctx.method} is not allowed here.`, {
          Allow: ctx.response.get('Allow'),
        });
    } catch (error) {
      const page =
        error instanceof PageError
          ? error
          : error instanceof StoreUnavailableError || isRedisFailure(error)
            ? new PageError(
                503,
                'Unavailable',
                'The service cannot reach its database right now. Try again in a moment.',
                { 'Retry-After': '1' },
              )
            : isBodyError(error)
              ? new PageError(400, 'Bad request', 'The form could not be read.')
              : undefined;
      if (!page) {
        ctx.state.log.error({ err: error }, 'dashboard request failed');
      }
      const shown =
        page ??
        new PageError(
          500,
          'Something went wrong',
          'The request failed. Try again; if it keeps failing, tell the operator.',
        );
      for (const [name, value] of Object.entries(shown.headers)) ctx.set(name, value);
      send(ctx, shown.status, errorPage(pageContext(ctx), shown.status, shown.title, shown.message));
    }
  };
}

function isBodyError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** ioredis's errors when Redis is away or slow: the dashboard's sessions cannot be read. */
function isRedisFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    (/Command timed out|Connection is closed|Stream isn't writeable|enableOfflineQueue/.test(error.message) ||
      error.name === 'MaxRetriesPerRequestError')
  );
}
