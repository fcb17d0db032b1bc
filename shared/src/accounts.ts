/**
 * Accounts, plans and API keys as operators (the admin command, later the
 * dashboard) see them. A key's secret never appears here: only its prefix.
 */
import { z } from 'zod';

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Plans whose accounts may hold API keys. */
export const API_PLANS = ['pro', 'enterprise'] as const satisfies readonly Plan[];
export type ApiPlan = (typeof API_PLANS)[number];

export function hasApiAccess(plan: Plan): plan is ApiPlan {
  return (API_PLANS as readonly Plan[]).includes(plan);
}

export const planSchema = z.enum(PLANS, { error: () => `plan must be one of: ${PLANS.join(', ')}` });

/** Stored lower case, so one mailbox is one account whatever the spelling. */
export const emailSchema = z
  .string({ error: 'email must be a string' })
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ error: 'email must be an email address' }).max(254, 'email must be at most 254 characters'),
  );

export const API_KEY_NAME_MAX = 100;

export const apiKeyNameSchema = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name must not be empty')
  .max(API_KEY_NAME_MAX, `name must be at most ${API_KEY_NAME_MAX} characters`);

export const accountSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  plan: planSchema,
});

/** A key as listed: never the secret, only the prefix it starts with. */
export const apiKeyInfoSchema = z.looseObject({
  id: z.string(),
  prefix: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  /** A replaced key's end: it works until then (the grace period), and is refused after. */
  expiresAt: z.iso.datetime().nullable(),
  /** The last minute a request used it; null if never. */
  lastUsedAt: z.iso.datetime().nullable(),
});

/** Keys an account may have working at once (a replaced key counts until its grace period ends). */
export const MAX_ACTIVE_KEYS = 10;

/** How long a replaced key keeps working, as Stripe's roll offers it. */
export const GRACE_PERIODS = { now: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 } as const;
export type GracePeriod = keyof typeof GRACE_PERIODS;
export const gracePeriodSchema = z.enum(Object.keys(GRACE_PERIODS) as [GracePeriod, ...GracePeriod[]], {
  error: () => `the grace period must be one of: ${Object.keys(GRACE_PERIODS).join(', ')}`,
});

/** A key as created: the only time the whole key is shown. */
export const createdApiKeySchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  prefix: z.string(),
  name: z.string(),
});

export type Account = z.infer<typeof accountSchema>;
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
