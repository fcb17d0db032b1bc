/**
 * Cross-site request forgery, refused twice over on every state-changing
 * dashboard request (every POST):
 *
 * 1. The Origin header (or, when a browser sends none, the Referer's origin)
 *    must be the service's own origin, as this request sees it (the Host, and
 *    https when it came over TLS or through a trusted proxy). A request with
 *    neither header is refused: every browser sends Origin on a form POST.
 * 2. The form must carry a token the attacker's page cannot read:
 *    - signed in: the session's synchroniser token (sessions.ts), checked
 *      against the session on the server;
 *    - signed out (the sign-in and sign-up forms, against login CSRF): a
 *      double-submit token, a random value in an HttpOnly cookie that the form
 *      repeats.
 *
 * Either failure is a 403 before anything is read or changed.
 */
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../http/context.js';
import { newToken } from '../sessions/sessions.js';

export const CSRF_FIELD = '_csrf';
export const CSRF_COOKIE = 'cex_csrf';

/** The request's refusal reason; undefined when its origin is the service's own. */
export function originProblem(ctx: AppContext): string | undefined {
  const origin = ctx.get('Origin');
  const referer = ctx.get('Referer');
  let claimed: string | undefined;
  if (origin !== '' && origin !== 'null') claimed = origin;
  else if (referer !== '') {
    try {
      claimed = new URL(referer).origin;
    } catch {
      return 'the Referer header is not a URL';
    }
  }
  if (claimed === undefined) return 'the request says nothing of where it comes from (no Origin or Referer)';
  // Not ctx.origin: Koa 3 answers that from the Origin header itself.
  const own = `${ctx.protocol}://${ctx.host}`;
  return claimed === own ? undefined : 'the request comes from another site';
}

export function tokensEqual(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** The signed-out form token: the cookie's, set now if the browser has none yet. */
export function anonymousToken(ctx: AppContext): string {
  const existing = ctx.cookies.get(CSRF_COOKIE);
  if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = newToken();
  ctx.cookies.set(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/' });
  return token;
}

export function anonymousTokenMatches(ctx: AppContext, given: unknown): boolean {
  const cookie = ctx.cookies.get(CSRF_COOKIE);
  return cookie !== undefined && tokensEqual(given, cookie);
}
