/**
 * Developer settings: the account's API keys, and the actions the service's
 * specification names: **Generate API Key** (Pro and Enterprise plans),
 * replacing a key that may have been exposed (at once, or after a grace
 * period, as Stripe's roll does), and revoking one after a confirmation.
 *
 * A new key is shown once: the POST keeps it for the session's next page
 * (sessions.putOnce), redirects, and the page takes it as it shows it, so a
 * reload no longer has it. Everything goes through the account service,
 * which also refuses what the page does not offer (a free plan's direct POST,
 * a key past the cap, another account's key).
 */
import type Router from '@koa/router';
import { gracePeriodSchema, hasApiAccess, MAX_ACTIVE_KEYS, type GracePeriod } from '@code-explain/shared';
import { z } from 'zod';
import type { AppContext, AppState } from '../../http/context.js';
import { KeyActionError, type AccountService, type KeyRefusal } from '../../service/accounts.js';
import type { UsageService } from '../../service/usage.js';
import type { SessionManager } from '../../sessions/sessions.js';
import { field } from '../form.js';
import { PageError, type Kit, type SignedInVisit } from '../kit.js';
import { developerPage, revokePage, type DeveloperView, type RevealedKey } from '../views.js';

const PATH = '/settings/developer';
const THIRTY_DAYS_MS = 30 * 86_400_000;

/** What a refusal answers with: the plan's refusal is a 403 whoever sends it. */
const STATUS: Readonly<Record<KeyRefusal, number>> = {
  no_api_access: 403,
  too_many_keys: 409,
  bad_name: 422,
  no_such_key: 404,
  not_active: 409,
};

const revealedSchema = z.object({ key: z.string(), name: z.string(), replaced: z.string().optional() });

/** A key id as the store makes them; anything else is no key of ours and is not looked up. */
const KEY_ID = /^[A-Za-z0-9]{1,64}$/;

const NOTICES: Readonly<Record<string, string>> = {
  revoked: 'The key is revoked: requests with it are refused within a few seconds on every server.',
};

/** When a grace period ends, in words for the notice after a replacement. */
function oldKeyFate(grace: GracePeriod, expiresAt: string | null): string {
  if (grace === 'now' || expiresAt === null) return 'The key it replaces is revoked and no longer works.';
  return `The key it replaces keeps working until ${expiresAt.slice(0, 16).replace('T', ' ')} UTC, then stops.`;
}

export function developerPages(
  router: Router<AppState>,
  kit: Kit,
  deps: {
    readonly accounts: AccountService;
    readonly sessions: SessionManager;
    readonly now: () => number;
    /** The Copy button's script (assets.ts). */
    readonly copyScript: string;
    readonly usage?: Pick<UsageService, 'requestsByKey'>;
  },
): void {
  const { accounts, sessions, now, usage } = deps;

  async function view(visit: SignedInVisit, extra: Partial<DeveloperView>): Promise<DeveloperView> {
    const keys = await accounts.listKeysOf(visit.account.id);
    const at = now();
    const requests = usage
      ? await usage.requestsByKey(visit.account.id, { from: new Date(at - THIRTY_DAYS_MS), to: new Date(at) })
      : undefined;
    const working = keys.filter(
      (k) => k.revokedAt === null && (k.expiresAt === null || Date.parse(k.expiresAt) > at),
    );
    return {
      keys,
      canGenerate: hasApiAccess(visit.account.plan),
      atCap: working.length >= MAX_ACTIVE_KEYS,
      maxKeys: MAX_ACTIVE_KEYS,
      now: at,
      copyScript: deps.copyScript,
      ...(requests ? { requests } : {}),
      ...extra,
    };
  }

  const show = async (ctx: AppContext, visit: SignedInVisit, status: number, extra: Partial<DeveloperView>) =>
    kit.send(
      ctx,
      status,
      developerPage({ ...kit.pageContext(ctx), account: visit.account }, await view(visit, extra)),
    );

  /** Runs a key action; a refusal is shown on the page with its status. */
  async function act(ctx: AppContext, visit: SignedInVisit, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof KeyActionError)) throw error;
      if (error.refusal === 'no_such_key')
        throw new PageError(404, 'No such key', 'This account has no key with that id.');
      await show(ctx, visit, STATUS[error.refusal], { error: `${capitalise(error.message)}.` });
    }
  }

  const keyIdOf = (ctx: AppContext): string => {
    const id = String(ctx.params['id'] ?? '');
    if (!KEY_ID.test(id)) throw new PageError(404, 'No such key', 'This account has no key with that id.');
    return id;
  };

  router.get(PATH, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const kept = await sessions.takeOnce(visit.token);
    const parsed = kept === null ? undefined : revealedSchema.safeParse(parseJson(kept));
    const revealed: RevealedKey | undefined = parsed?.success ? parsed.data : undefined;
    const notice = typeof ctx.query['done'] === 'string' ? NOTICES[ctx.query['done']] : undefined;
    // The page with the key must not be kept by the browser or anything in between.
    ctx.set('Cache-Control', 'no-store');
    await show(ctx, visit, 200, { ...(revealed ? { revealed } : {}), ...(notice ? { notice } : {}) });
  });

  router.post(`${PATH}/keys`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    await act(ctx, visit, async () => {
      const created = await accounts.generateKey(visit.account.id, field(ctx.request.body, 'name'));
      await sessions.putOnce(visit.token, JSON.stringify({ key: created.key, name: created.name }));
      kit.redirect(ctx, PATH);
    });
  });

  router.post(`${PATH}/keys/:id/replace`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const id = keyIdOf(ctx);
    const grace = gracePeriodSchema.safeParse(field(ctx.request.body, 'grace'));
    if (!grace.success)
      return show(ctx, visit, 422, { error: `${capitalise(grace.error.issues[0]!.message)}.` });
    await act(ctx, visit, async () => {
      const { created, old } = await accounts.replaceKey(visit.account.id, id, grace.data);
      const replaced = oldKeyFate(grace.data, old.expiresAt);
      await sessions.putOnce(visit.token, JSON.stringify({ key: created.key, name: created.name, replaced }));
      kit.redirect(ctx, PATH);
    });
  });

  router.get(`${PATH}/keys/:id/revoke`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const id = keyIdOf(ctx);
    const key = (await accounts.listKeysOf(visit.account.id)).find((k) => k.id === id);
    if (!key) throw new PageError(404, 'No such key', 'This account has no key with that id.');
    kit.send(ctx, 200, revokePage({ ...kit.pageContext(ctx), account: visit.account }, key));
  });

  router.post(`${PATH}/keys/:id/revoke`, async (ctx) => {
    const visit = kit.signedIn(ctx);
    if (!visit) return;
    const id = keyIdOf(ctx);
    await act(ctx, visit, async () => {
      await accounts.revokeKeyOf(visit.account.id, id);
      kit.redirect(ctx, `${PATH}?done=revoked`);
    });
  });
}

/** Unreadable text reads as nothing (then the schema refuses it), never as an error. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
