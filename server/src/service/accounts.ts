/**
 * Accounts, plans, passwords and keys, for operators (the admin command) and
 * account holders (the dashboard) alike: both go through here, never to the
 * store directly. The plan rule lives here (keys only for plans with API
 * access), and so do the password rules (auth/passwords.ts).
 */
import {
  hasApiAccess,
  type Account,
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
      const generated = generateApiKey();
      const record = await store.createApiKey({
        accountId: account.id,
        name,
        prefix: generated.prefix,
        hash: generated.hash,
      });
      return { id: record.id, key: generated.key, prefix: record.prefix, name: record.name };
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
  };
}
