/**
 * Authentication for every /api request, before anything else: the key comes
 * as `X-API-Key: <key>` or `Authorization: Bearer <key>`. Missing, malformed,
 * unknown or revoked keys, and keys of accounts without API access, are all
 * 401 with `WWW-Authenticate: Bearer`; the key is never echoed.
 */
import { z } from 'zod';
import type { AppMiddleware } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { Authenticator } from './authenticator.js';
import { apiKeySchema } from './keys.js';

const REALM = 'Bearer realm="code-explain"';

const credentialHeadersSchema = z.object({
  'x-api-key': z.string().optional(),
  authorization: z.string().optional(),
});

function unauthorized(message: string, keyPresented: boolean): ApiError {
  // RFC 6750: a presented but unusable token is "invalid_token"; a missing one gets the bare challenge.
  const challenge = keyPresented ? `${REALM}, error="invalid_token"` : REALM;
  return new ApiError('unauthorized', message, [], { 'WWW-Authenticate': challenge });
}

/** The key a request presents, or the reason it presents none usable. */
function presentedKey(headers: unknown): string {
  const parsed = credentialHeadersSchema.safeParse(headers);
  if (!parsed.success) throw unauthorized('malformed credentials', true);
  const fromHeader = parsed.data['x-api-key']?.trim();
  const authorization = parsed.data.authorization?.trim();
  const bearer = authorization ? /^Bearer[ \t]+(\S+)$/i.exec(authorization) : null;

  if (fromHeader === undefined || fromHeader === '') {
    if (authorization === undefined || authorization === '') {
      throw unauthorized('an API key is required: send it as X-API-Key or Authorization: Bearer', false);
    }
    if (!bearer) throw unauthorized('the Authorization header must be "Bearer <API key>"', true);
    return bearer[1]!;
  }
  if (bearer && bearer[1] !== fromHeader) {
    throw unauthorized('X-API-Key and Authorization carry different keys', true);
  }
  return fromHeader;
}

export function authenticate(authenticator: Authenticator): AppMiddleware {
  return async (ctx, next) => {
    const key = apiKeySchema.safeParse(presentedKey(ctx.headers));
    if (!key.success) throw unauthorized('malformed API key', true);
    const result = await authenticator.authenticate(key.data);
    if (!result.ok) {
      throw unauthorized(
        result.reason === 'no_api_access'
          ? 'the free plan has no API access: upgrade the account to pro or enterprise'
          : result.reason === 'expired_key'
            ? `this API key expired at ${result.expiredAt.toISOString()}, at the end of the grace period after it was replaced: use the key that replaced it`
            : 'unknown or revoked API key',
        true,
      );
    }
    ctx.state.account = result.account;
    ctx.state.keyId = result.keyId;
    await next();
  };
}
