/**
 * What every dashboard page handler works with: who is visiting (set once per
 * request by dashboard.ts), the session cookie, HTML responses and redirects,
 * and the errors that become HTML error pages. Page modules (pages/*.ts) get
 * one Kit and register their routes with it; none reads a cookie, a session or
 * the store on its own.
 */
import type { Account } from '@code-explain/shared';
import type { AppContext } from '../http/context.js';
import type { Session, SessionManager } from '../sessions/sessions.js';
import { anonymousToken } from './csrf.js';
import type { PageContext } from './views.js';

export const SESSION_COOKIE = 'cex_session';

/**
 * A throttled form's answer: sets Retry-After from the throttle's wait (ms)
 * and returns how to say the wait ("Try again in 3 minutes.").
 */
export function throttled(ctx: AppContext, waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  ctx.set('Retry-After', String(seconds));
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** What a dashboard request knows: its CSP nonce and, when signed in, its session and account. */
export interface Visit {
  readonly nonce: string;
  readonly token?: string;
  readonly session?: Session;
  readonly account?: Account;
}

export type SignedInVisit = Visit & {
  readonly token: string;
  readonly session: Session;
  readonly account: Account;
};

/** A request answered with an HTML error page (403 forged, 429 throttled, 405…). */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'PageError';
  }
}

export interface Kit {
  visitOf(ctx: AppContext): Visit;
  /** The signed-in visit; otherwise the response becomes a redirect to sign in, and this is false. */
  signedIn(ctx: AppContext): SignedInVisit | false;
  /** What the layout needs: nonce, account, and the CSRF token this page's forms carry. */
  pageContext(ctx: AppContext): PageContext;
  send(ctx: AppContext, status: number, page: string): void;
  /** 303 See Other, so a form's POST is followed by a GET. */
  redirect(ctx: AppContext, to: string): void;
  /** Starts a session with a new id (ending the browser's previous one) and sets its cookie. */
  startSession(ctx: AppContext, accountId: string): Promise<void>;
  setSessionCookie(ctx: AppContext, token: string | null): void;
}

export function createKit(
  sessions: SessionManager,
  visits: WeakMap<AppContext, Visit>,
  signupOpen: boolean,
): Kit {
  const visitOf = (ctx: AppContext): Visit => visits.get(ctx) ?? { nonce: '' };

  const setSessionCookie = (ctx: AppContext, token: string | null) =>
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      // ctx.secure: TLS here, or X-Forwarded-Proto: https from a trusted proxy (TRUST_PROXY).
      secure: ctx.secure,
      path: '/',
      overwrite: true,
    });

  const redirect = (ctx: AppContext, to: string) => {
    ctx.status = 303;
    ctx.redirect(to);
  };

  return {
    visitOf,
    signedIn(ctx) {
      const visit = visitOf(ctx);
      if (visit.session && visit.account && visit.token !== undefined) return visit as SignedInVisit;
      redirect(ctx, '/sign-in');
      return false;
    },
    pageContext(ctx) {
      const visit = visitOf(ctx);
      return {
        nonce: visit.nonce,
        account: visit.account,
        csrfToken: visit.session?.csrfToken ?? anonymousToken(ctx),
        signupOpen,
      };
    },
    send(ctx, status, page) {
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page;
    },
    redirect,
    async startSession(ctx, accountId) {
      const previous = visitOf(ctx).token;
      // A new id at every sign-in: whatever token the browser had before is worth nothing after.
      if (previous !== undefined) await sessions.end(previous);
      const { token } = await sessions.start(accountId);
      setSessionCookie(ctx, token);
    },
    setSessionCookie,
  };
}
