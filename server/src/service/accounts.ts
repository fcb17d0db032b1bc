/**
 * Accounts, plans, passwords and keys, for operators (the admin command) and
 * account holders (the dashboard) alike: both go through here, never to the
 * store directly. The plan rule lives here (keys only for plans with API
 * access), and so do the password rules (auth/passwords.ts).
 */
import {
  apiKeyNameSchema,
  GRACE_PERIODS,
  hasApiAccess,
  MAX_ACTIVE_KEYS,
  type Account,
  type GracePeriod,
  type ApiKeyInfo,
  type CreatedApiKey,
  type Plan,
} from '@code-explain/shared';
import { generateApiKey } from '../auth/keys.js';
import { hashPassword, passwordProblem, verifyNothing, verifyPassword } from '../auth/passwords.js';
import { DuplicateEmailError, type AccountRecord, type ApiKeyRecord, type Store } from '../store/types.js';

/** An operator's request that cannot be carried out, with a message for them. */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

/** A new password that breaks a rule; the message says which, for its owner. */
export class PasswordRuleError extends AccountError {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordRuleError';
  }
}

/** Why an account holder's key action was refused: shown to them, and decides the page's status. */
export type KeyRefusal = 'no_api_access' | 'too_many_keys' | 'bad_name' | 'no_such_key' | 'not_active';

export class KeyActionError extends AccountError {
  constructor(
    readonly refusal: KeyRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'KeyActionError';
  }
}

/** A key that still lets requests in at `at`: not revoked, and its grace period (if any) not over. */
export function isActiveKey(key: ApiKeyRecord, at: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt > at);
}

export interface AccountService {
  /** With a password, the account can sign in to the dashboard; it must pass the rules. */
  createAccount(email: string, plan: Plan, password?: string): Promise<Account>;
  setPlan(email: string, plan: Plan): Promise<Account>;
  setPassword(email: string, password: string): Promise<Account>;
  /** Sign-up: a new free-plan account with a password. */
  signUp(email: string, password: string): Promise<Account>;
  /**
   * The account whose email and password these are, or null. Unknown emails,
   * accounts without a password and wrong passwords cost the same work and
   * give the same answer.
   */
  checkCredentials(email: string, password: string): Promise<Account | null>;
  /** Null when the current password is wrong; PasswordRuleError when the new one breaks a rule. */
  changePassword(accountId: string, current: string, next: string): Promise<Account | null>;
  findAccount(accountId: string): Promise<Account | null>;
  createKey(email: string, name: string): Promise<CreatedApiKey>;
  listKeys(email: string): Promise<ApiKeyInfo[]>;
  listKeysOf(accountId: string): Promise<ApiKeyInfo[]>;
  revokeKey(id: string): Promise<ApiKeyInfo>;
  /** Generate API Key, by the account holder: API plans only, at most MAX_ACTIVE_KEYS working at once. */
  generateKey(accountId: string, name: string): Promise<CreatedApiKey>;
  /**
   * A new key with the old one's name; the old one stops at once (`now`) or
   * at the end of the grace period. Allowed at the cap: replacing an exposed
   * key must never wait for another to be revoked.
   */
  replaceKey(
    accountId: string,
    keyId: string,
    grace: GracePeriod,
  ): Promise<{ readonly created: CreatedApiKey; readonly old: ApiKeyInfo }>;
  /** Revokes one of the account's own keys. */
  revokeKeyOf(accountId: string, keyId: string): Promise<ApiKeyInfo>;
}

const toAccount = (record: AccountRecord): Account => ({
  id: record.id,
  email: record.email,
  plan: record.plan,
});

const toKeyInfo = (record: ApiKeyRecord): ApiKeyInfo => ({
  id: record.id,
  prefix: record.prefix,
  name: record.name,
  createdAt: record.createdAt.toISOString(),
  revokedAt: record.revokedAt?.toISOString() ?? null,
  expiresAt: record.expiresAt?.toISOString() ?? null,
  lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
});

export function createAccountService(deps: { store: Store; now?: () => Date }): AccountService {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  async function accountByEmail(email: string): Promise<AccountRecord> {
    const account = await store.findAccountByEmail(email);
    if (!account) throw new AccountError(`no account with email ${email}`);
    return account;
  }

  async function acceptableHash(password: string): Promise<string> {
    const problem = await passwordProblem(password);
    if (problem !== undefined) throw new PasswordRuleError(problem);
    return hashPassword(password);
  }

  async function create(email: string, plan: Plan, password: string | undefined): Promise<Account> {
    const passwordHash = password === undefined ? null : await acceptableHash(password);
    try {
      return toAccount(await store.createAccount({ email, plan, passwordHash }));
    } catch (error) {
      if (error instanceof DuplicateEmailError) {
        throw new AccountError(`an account with email ${email} already exists`);
      }
      throw error;
    }
  }

  return {
    createAccount: create,

    signUp: (email, password) => create(email, 'free', password),

    async setPassword(email, password) {
      const account = await accountByEmail(email);
      const updated = await store.setAccountPassword(account.id, await acceptableHash(password));
      if (!updated) throw new AccountError(`no account with email ${email}`);
      return toAccount(updated);
    },

    async checkCredentials(email, password) {
      const account = await store.findAccountByEmail(email);
      if (!account || account.passwordHash === null) return verifyNothing(password).then(() => null);
      return (await verifyPassword(account.passwordHash, password)) ? toAccount(account) : null;
    },

    async changePassword(accountId, current, next) {
      const account = await store.findAccountById(accountId);
      if (!account || account.passwordHash === null) return null;
      if (!(await verifyPassword(account.passwordHash, current))) return null;
      const updated = await store.setAccountPassword(account.id, await acceptableHash(next));
      return updated ? toAccount(updated) : null;
    },

    async findAccount(accountId) {
      const account = await store.findAccountById(accountId);
      return account ? toAccount(account) : null;
    },

    async listKeysOf(accountId) {
      return (await store.listApiKeys(accountId)).map(toKeyInfo);
    },

    async setPlan(email, plan) {
      const account = await accountByEmail(email);
      const updated = await store.setAccountPlan(account.id, plan);
      if (!updated) throw new AccountError(`no account with email ${email}`);
      return toAccount(updated);
    },

    async createKey(email, name) {
      const account = await accountByEmail(email);
      if (!hasApiAccess(account.plan)) {
        throw new AccountError(
          `the ${account.plan} plan has no API access: keys are only for pro and enterprise accounts`,
        );
      }
      return newKey(account.id, name);
    },

    async listKeys(email) {
      const account = await accountByEmail(email);
      return (await store.listApiKeys(account.id)).map(toKeyInfo);
    },

    async revokeKey(id) {
      const record = await store.revokeApiKey(id, now());
      if (!record) throw new AccountError(`no key with id ${id}`);
      return toKeyInfo(record);
    },

    async generateKey(accountId, name) {
      const account = await apiAccount(accountId);
      const parsed = apiKeyNameSchema.safeParse(name);
      if (!parsed.success)
        throw new KeyActionError('bad_name', parsed.error.issues[0]?.message ?? 'bad name');
      const at = now();
      const active = (await store.listApiKeys(account.id)).filter((k) => isActiveKey(k, at));
      if (active.length >= MAX_ACTIVE_KEYS) {
        throw new KeyActionError(
          'too_many_keys',
          `this account already has ${MAX_ACTIVE_KEYS} working keys, the most it may have: revoke one first`,
        );
      }
      return newKey(account.id, parsed.data);
    },

    async replaceKey(accountId, keyId, grace) {
      const account = await apiAccount(accountId);
      const old = await ownKey(account.id, keyId);
      const at = now();
      if (!isActiveKey(old, at)) throw new KeyActionError('not_active', 'only a working key can be replaced');
      const created = await newKey(account.id, old.name);
      const ended =
        GRACE_PERIODS[grace] === 0
          ? await store.revokeApiKey(old.id, at)
          : await store.expireApiKey(old.id, new Date(at.getTime() + GRACE_PERIODS[grace]));
      return { created, old: toKeyInfo(ended ?? old) };
    },

    async revokeKeyOf(accountId, keyId) {
      const key = await ownKey(accountId, keyId);
      const record = await store.revokeApiKey(key.id, now());
      return toKeyInfo(record ?? key);
    },
  };

  /** The account, when its plan has API access; keys are for those plans only. */
  async function apiAccount(accountId: string): Promise<AccountRecord> {
    const account = await store.findAccountById(accountId);
    if (!account) throw new KeyActionError('no_such_key', 'no such account');
    if (!hasApiAccess(account.plan)) {
      throw new KeyActionError(
        'no_api_access',
        `API keys come with the Pro and Enterprise plans; this account is on the ${account.plan} plan`,
      );
    }
    return account;
  }

  /** One of the account's keys; another account's key reads as no key at all. */
  async function ownKey(accountId: string, keyId: string): Promise<ApiKeyRecord> {
    const key = await store.findApiKeyById(keyId);
    if (!key || key.accountId !== accountId) throw new KeyActionError('no_such_key', 'no such key');
    return key;
  }

  async function newKey(accountId: string, name: string): Promise<CreatedApiKey> {
    const generated = generateApiKey();
    const record = await store.createApiKey({
      accountId,
      name,
      prefix: generated.prefix,
      hash: generated.hash,
    });
    return { id: record.id, key: generated.key, prefix: record.prefix, name: record.name };
  }
}
