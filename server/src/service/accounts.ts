/**
 * Accounts, plans and keys for operators (the admin command now, a dashboard
 * later). The plan rule lives here: keys only for plans with API access.
 */
import {
  hasApiAccess,
  type Account,
  type ApiKeyInfo,
  type CreatedApiKey,
  type Plan,
} from '@code-explain/shared';
import { generateApiKey } from '../auth/keys.js';
import { DuplicateEmailError, type AccountRecord, type ApiKeyRecord, type Store } from '../store/types.js';

/** An operator's request that cannot be carried out, with a message for them. */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface AccountService {
  createAccount(email: string, plan: Plan): Promise<Account>;
  setPlan(email: string, plan: Plan): Promise<Account>;
  createKey(email: string, name: string): Promise<CreatedApiKey>;
  listKeys(email: string): Promise<ApiKeyInfo[]>;
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

  return {
    async createAccount(email, plan) {
      try {
        return toAccount(await store.createAccount({ email, plan }));
      } catch (error) {
        if (error instanceof DuplicateEmailError) {
          throw new AccountError(`an account with email ${email} already exists`);
        }
        throw error;
      }
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
