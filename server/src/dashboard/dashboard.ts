/**
 * The dashboard: server-rendered pages for account holders, on the same app
 * as the API, through the same service layer (service/accounts.ts); it never
 * reads the store itself.
 *
 *   GET  /                      home (signed in), else → /sign-in       pages/account.ts
 *   GET  /account               change password, sign out everywhere
 *   POST /account/password      ends every other session; this one continues in a new one
 *   POST /account/sign-out-everywhere
 *   GET  /sign-up, POST         a free-plan account (SIGNUP=closed: 403)  pages/auth.ts
 *   GET  /sign-in, POST         throttled; one message for every failure
 *   POST /sign-out
 *   GET  /settings/developer    the account's keys; a new key shown once  pages/developer.ts
 *   POST /settings/developer/keys              Generate API Key (Pro and Enterprise)
 *   POST /settings/developer/keys/:id/replace  a new key; the old one ends now or after a grace period
 *   GET  /settings/developer/keys/:id/revoke, POST   confirm, then revoke
 *   GET  /usage                 requests per hour and day by outcome, latency, languages pages/usage.ts
 *   GET  /history               saved explanations, paged, by language and mode      pages/history.ts
 *   GET  /history/:id           one, with the shared renderer
 *   GET  /history/:id/delete, POST   confirm, then delete
 *   GET  /assets/:name          the page scripts (bundle.ts), named by content hash   assets.ts
 *
 * Every request here: security headers and a CSP with a nonce of its own →
 * who is visiting (the session cookie, kit.ts) → for any method but GET, HEAD
 * and OPTIONS, the form body and the CSRF checks (csrf.ts), before any
 * handler → the page. Errors become HTML
 * pages (503 while the store or Redis does not answer). The app sends only
 * the paths this router knows here (`owns`), so /api and /healthz are untouched.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import { prepareDummyHash } from '../auth/passwords.js';
import type { DashboardConfig } from '../config.js';
import type { AppContext, AppMiddleware, AppState } from '../http/context.js';
import type { RateLimiter } from '../limits/limiter.js';
import type { AccountService } from '../service/accounts.js';
import type { ExplanationService } from '../service/explanations.js';
import type { UsageService } from '../service/usage.js';
import type { SessionManager } from '../sessions/sessions.js';
import type { SignInThrottle } from '../sessions/throttle.js';
import { StoreUnavailableError } from '../store/types.js';
import { anonymousTokenMatches, CSRF_FIELD, originProblem, tokensEqual } from './csrf.js';
import { field } from './form.js';
import { createKit, PageError, SESSION_COOKIE, type Visit } from './kit.js';
import { accountPages } from './pages/account.js';
import { authPages } from './pages/auth.js';
import { developerPages } from './pages/developer.js';
import { historyPages } from './pages/history.js';
import { usagePages } from './pages/usage.js';
import { ASSET_CACHE_CONTROL, loadAssets } from './assets.js';
import { loadClientBundle, type ClientBundle } from './bundle.js';
import { errorPage } from './views.js';

export { SESSION_COOKIE } from './kit.js';
export { SIGN_IN_FAILED } from './pages/auth.js';

export interface DashboardDependencies {
  readonly accounts: AccountService;
  readonly sessions: SessionManager;
  readonly throttle: SignInThrottle;
  readonly config: Pick<DashboardConfig, 'signup'>;
  /** What the key statuses are told by (ms); the same clock as the account service's. */
  readonly now?: () => number;
  /** Usage statistics: the keys list's 30-day column and the usage page; both are left out without it. */
  readonly usage?: Pick<UsageService, 'requestsByKey' | 'report'>;
  /** The rate limiter, read (never counted) for the usage page's current minute. */
  readonly quota?: Pick<RateLimiter, 'peek'>;
  /** The page scripts; by default bundled now from the sources, or read from dist/ when compiled (bundle.ts). */
  readonly clientBundle?: ClientBundle;
  /** Saved explanations (the history pages), through the service the API uses. */
  readonly explanations: Pick<ExplanationService, 'list' | 'get' | 'remove'>;
}

export interface Dashboard {
  readonly middleware: AppMiddleware;
  /** Whether a path is one of the dashboard's (with any method). */
  owns(path: string): boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const forbidden = (why: string) =>
  new PageError(403, 'Request refused', `This request was refused to protect your account: ${why}.`);

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function createDashboard(deps: DashboardDependencies): Dashboard {
  const { accounts, sessions, throttle } = deps;
  prepareDummyHash();
  const visits = new WeakMap<AppContext, Visit>();
  const signupOpen = deps.config.signup === 'open';
  const kit = createKit(sessions, visits, signupOpen);
  const assets = loadAssets(deps.clientBundle ?? loadClientBundle());

  const router = new Router<AppState>({ sensitive: true, strict: true });
  accountPages(router, kit, { accounts, sessions, throttle });
  authPages(router, kit, { accounts, sessions, throttle, signupOpen });
  developerPages(router, kit, {
    accounts,
    sessions,
    now: deps.now ?? Date.now,
    copyScript: assets.scriptUrl('copy-key'),
    ...(deps.usage ? { usage: deps.usage } : {}),
  });
  if (deps.usage)
    usagePages(router, kit, {
      accounts,
      usage: deps.usage,
      now: deps.now ?? Date.now,
      uplotCss: assets.uplotCss,
      chartsScript: assets.scriptUrl('usage-charts'),
      ...(deps.quota ? { quota: deps.quota } : {}),
    });
  historyPages(router, kit, { explanations: deps.explanations });
  // Scripts the pages load, from this process: a fixed list, the same for everyone, named by their content.
  router.get('/assets/:name', (ctx) => {
    const asset = assets.get(String(ctx.params['name']));
    if (!asset) throw new PageError(404, 'Not found', 'There is nothing here.');
    ctx.set('Cache-Control', ASSET_CACHE_CONTROL);
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  const routes = router.routes() as AppMiddleware;
  const methods = router.allowedMethods() as AppMiddleware;
  const parseForm = bodyParser({ enableTypes: ['form'], formLimit: '16kb' }) as AppMiddleware;

  /** Who is visiting: the session cookie's live session and its account, if any. */
  const identify = async (ctx: AppContext, nonce: string): Promise<Visit> => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token === undefined || token === '') return { nonce };
    const session = await sessions.resume(token);
    const account = session ? await accounts.findAccount(session.accountId) : null;
    if (!session || !account) {
      kit.setSessionCookie(ctx, null);
      return { nonce };
    }
    return { nonce, token, session, account };
  };

  /** The CSRF checks every POST passes before its handler runs. */
  const checkForgery = (ctx: AppContext) => {
    const problem = originProblem(ctx);
    if (problem !== undefined) throw forbidden(problem);
    const given = field(ctx.request.body, CSRF_FIELD);
    const { session } = kit.visitOf(ctx);
    const ok = session ? tokensEqual(given, session.csrfToken) : anonymousTokenMatches(ctx, given);
    if (!ok)
      throw forbidden('the form is out of date or did not come from this site; reload it and try again');
  };

  const middleware: AppMiddleware = async (ctx, next) => {
    const nonce = randomBytes(16).toString('base64');
    visits.set(ctx, { nonce });
    ctx.set({
      'Content-Security-Policy': contentSecurityPolicy(nonce),
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
    try {
      visits.set(ctx, await identify(ctx, nonce));
      // Every method that may change something, so a route added later cannot skip the checks.
      if (!SAFE_METHODS.has(ctx.method)) {
        await parseForm(ctx, async () => undefined);
        checkForgery(ctx);
      }
      await routes(ctx, async () => undefined);
      // allowedMethods answers a known path asked with another method 405 with Allow, but no page.
      await methods(ctx, next);
      // 501 is the router's answer to a method it does not know at all: to a visitor, the same refusal.
      if (ctx.status === 405 || ctx.status === 501) {
        throw new PageError(405, 'Not allowed', `${ctx.method} is not allowed here.`, {
          Allow: ctx.response.get('Allow'),
        });
      }
    } catch (error) {
      const shown = pageErrorFor(error);
      if (shown.status === 500) ctx.state.log.error({ err: error }, 'dashboard request failed');
      for (const [name, value] of Object.entries(shown.headers)) ctx.set(name, value);
      kit.send(ctx, shown.status, errorPage(kit.pageContext(ctx), shown.status, shown.title, shown.message));
    }
  };

  return {
    middleware,
    owns: (path) => router.match(path, 'GET').path.length > 0 || router.match(path, 'POST').path.length > 0,
  };
}

function pageErrorFor(error: unknown): PageError {
  if (error instanceof PageError) return error;
  if (error instanceof StoreUnavailableError || isRedisFailure(error)) {
    return new PageError(
      503,
      'Unavailable',
      'The service cannot reach its database right now. Try again in a moment.',
      {
        'Retry-After': '1',
      },
    );
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status === 413) {
    return new PageError(413, 'Too large', 'The form was too large.');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new PageError(400, 'Bad request', 'The form could not be read.');
  }
  return new PageError(
    500,
    'Something went wrong',
    'The request failed. Try again; if it keeps failing, tell the operator.',
  );
}

/** ioredis's errors when Redis is away or slow: the dashboard's sessions cannot be read. */
function isRedisFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    (/Command timed out|Connection is closed|Stream isn't writeable|enableOfflineQueue/.test(error.message) ||
      error.name === 'MaxRetriesPerRequestError')
  );
}
