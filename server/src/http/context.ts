/** What the middleware chain keeps on `ctx.state` for one request. */
import type { LanguageId, Mode } from '@code-explain/shared';
import type { Middleware, ParameterizedContext } from 'koa';
import type { AuthenticatedAccount } from '../auth/authenticator.js';
import type { Logger } from '../logging.js';

export interface AppState {
  requestId: string;
  log: Logger;
  /** Set by authentication, on every /api request that gets past it. */
  account?: AuthenticatedAccount;
  keyId?: string;
  /** Set by POST /api/explain once its body is valid, for the usage counts. */
  explained?: { language: LanguageId; mode: Mode };
  /** Set by POST /api/explain when the engine ran: how long its analysis kept a worker busy (charged by limits/). */
  engineMs?: number;
}

export type AppContext = ParameterizedContext<AppState>;
export type AppMiddleware = Middleware<AppState>;
