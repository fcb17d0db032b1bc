/**
 * Dashboard sessions, kept on the server (kv.ts). The browser holds only a
 * random token (256 bits); the store keys a session by the token's SHA-256, so
 * whoever reads the store (a Redis dump) holds no usable session.
 *
 * - A new token is issued at every sign-in (never reused from before it), so a
 *   token planted in a browser before sign-in is worth nothing after it.
 * - Idle timeout: a session not used for `idleMs` ends. Absolute timeout: a
 *   session ends `absoluteMs` after sign-in however busy it is. Both are read
 *   from the injected clock when a session is resumed, and the store also
 *   expires the entry by then, so nothing outlives them.
 * - Each session carries its CSRF token (a synchroniser token: ../dashboard/csrf.ts).
 * - Each account's session ids are also kept in a set, so "sign out
 *   everywhere" and a password change can end them all.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ExpiringStore } from './kv.js';

export interface Session {
  readonly accountId: string;
  /** Sign-in time, ms since the epoch. */
  readonly createdAt: number;
  readonly lastSeenAt: number;
  /** The synchroniser token every state-changing form of this session carries. */
  readonly csrfToken: string;
}

export interface SessionTimeouts {
  readonly idleMs: number;
  readonly absoluteMs: number;
}

export interface SessionManager {
  readonly timeouts: SessionTimeouts;
  /** A new session with a new token (the token goes in the cookie, nowhere else). */
  start(accountId: string): Promise<{ readonly token: string; readonly session: Session }>;
  /** The token's live session, its idle time restarted; null for unknown, ended or timed-out ones. */
  resume(token: string): Promise<Session | null>;
  end(token: string): Promise<void>;
  /** Ends every session of the account, except the one whose token is `keep`. */
  endAll(accountId: string, keep?: string): Promise<void>;
  /**
   * Keeps `value` for the session's next page, and for that page only (a new
   * API key shown once after the redirect that follows its POST).
   */
  putOnce(token: string, value: string): Promise<void>;
  /** The value kept for this session, removed as it is read; null when there is none. */
  takeOnce(token: string): Promise<string | null>;
}

/** How long a value kept for the next page waits for it. */
const ONCE_TTL_MS = 5 * 60_000;

const sessionSchema = z.object({
  accountId: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  csrfToken: z.string(),
});

/** 43 base64url characters; anything else is not a token of ours and is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Unreadable text reads as nothing (then the schema refuses it), never as an error. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const newToken = (): string => randomBytes(32).toString('base64url');
const idOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const sessionKey = (id: string) => `session:${id}`;
const accountKey = (accountId: string) => `account-sessions:${accountId}`;
const onceKey = (id: string) => `session-once:${id}`;

export function createSessionManager(deps: {
  readonly store: ExpiringStore;
  readonly timeouts: SessionTimeouts;
  readonly now?: () => number;
}): SessionManager {
  const { store, timeouts } = deps;
  const now = deps.now ?? Date.now;

  /** How long the entry may live from `at`: to the idle deadline or the absolute one, whichever is first. */
  const ttlAt = (session: Session, at: number) =>
    Math.min(timeouts.idleMs, session.createdAt + timeouts.absoluteMs - at);

  const expired = (session: Session, at: number) =>
    at - session.lastSeenAt >= timeouts.idleMs || at - session.createdAt >= timeouts.absoluteMs;

  return {
    timeouts,

    async start(accountId) {
      const token = newToken();
      const at = now();
      const session: Session = { accountId, createdAt: at, lastSeenAt: at, csrfToken: newToken() };
      const id = idOf(token);
      await store.put(sessionKey(id), JSON.stringify(session), ttlAt(session, at));
      await store.addMember(accountKey(accountId), id, timeouts.absoluteMs);
      return { token, session };
    },

    async resume(token) {
      if (!TOKEN.test(token)) return null;
      const id = idOf(token);
      const stored = await store.get(sessionKey(id));
      if (stored === null) return null;
      const parsed = sessionSchema.safeParse(parseJson(stored));
      const at = now();
      if (!parsed.success || expired(parsed.data, at)) {
        await store.remove([sessionKey(id)]);
        return null;
      }
      const session: Session = { ...parsed.data, lastSeenAt: at };
      await store.put(sessionKey(id), JSON.stringify(session), ttlAt(session, at));
      return session;
    },

    async end(token) {
      if (!TOKEN.test(token)) return;
      const id = idOf(token);
      const stored = await store.get(sessionKey(id));
      await store.remove([sessionKey(id), onceKey(id)]);
      const parsed = stored === null ? undefined : sessionSchema.safeParse(parseJson(stored));
      if (parsed?.success) await store.removeMember(accountKey(parsed.data.accountId), id);
    },

    async endAll(accountId, keep) {
      const kept = keep !== undefined && TOKEN.test(keep) ? idOf(keep) : undefined;
      const ids = (await store.members(accountKey(accountId))).filter((id) => id !== kept);
      await store.remove([...ids.map(sessionKey), ...ids.map(onceKey)]);
      for (const id of ids) await store.removeMember(accountKey(accountId), id);
    },

    async putOnce(token, value) {
      if (!TOKEN.test(token)) return;
      await store.put(onceKey(idOf(token)), value, ONCE_TTL_MS);
    },

    async takeOnce(token) {
      if (!TOKEN.test(token)) return null;
      const key = onceKey(idOf(token));
      const value = await store.get(key);
      if (value !== null) await store.remove([key]);
      return value;
    },
  };
}
