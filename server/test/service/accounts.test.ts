/**
 * The account service's passwords on the embedded store: sign-up, credential
 * checks that answer (and cost) the same for unknown emails and wrong
 * passwords, and password changes.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AccountError, createAccountService, PasswordRuleError } from '../../src/service/accounts.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import type { Store } from '../../src/store/types.js';

const PASSWORD = 'plum tractor evening';

describe('account service: passwords', function () {
  this.timeout(60_000);
  let dataDir: string;
  let store: Store;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-accounts-'));
    store = await createEmbeddedStore({ dataDir });
  });

  after(async () => {
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs up free-plan accounts only with passwords that pass the rules, once per email', async () => {
    const accounts = createAccountService({ store });
    const account = await accounts.signUp('new@example.test', PASSWORD);
    assert.equal(account.plan, 'free');
    assert.deepEqual(Object.keys(account), ['id', 'email', 'plan'], 'no hash leaves the service');
    await assert.rejects(accounts.signUp('short@example.test', 'too short'), PasswordRuleError);
    await assert.rejects(accounts.signUp('common@example.test', 'iloveyou123'), /most common/);
    assert.equal(await store.findAccountByEmail('common@example.test'), null);
    await assert.rejects(accounts.signUp('new@example.test', PASSWORD), (error: unknown) => {
      assert.ok(error instanceof AccountError && !(error instanceof PasswordRuleError));
      return true;
    });
  });

  it('checks credentials: the same null for unknown emails, accounts without a password and wrong passwords', async () => {
    const accounts = createAccountService({ store });
    await accounts.createAccount('nopass@example.test', 'pro');
    await accounts.signUp('has@example.test', PASSWORD);
    assert.equal((await accounts.checkCredentials('has@example.test', PASSWORD))?.email, 'has@example.test');
    assert.equal(await accounts.checkCredentials('has@example.test', `${PASSWORD}!`), null);
    assert.equal(await accounts.checkCredentials('nobody@example.test', PASSWORD), null);
    assert.equal(await accounts.checkCredentials('nopass@example.test', PASSWORD), null);
  });

  it('spends about the same time on an unknown email as on a wrong password (a hash is verified either way)', async () => {
    const accounts = createAccountService({ store });
    await accounts.checkCredentials('nobody@example.test', 'warm up'); // the dummy hash is made once
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        await accounts.checkCredentials(email, 'a wrong password');
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[3]!;
    };
    const wrong = await median('has@example.test');
    const unknown = await median('nobody@example.test');
    // argon2id at these parameters takes tens of milliseconds; a lookup alone takes well under one.
    assert.ok(wrong > 5, `a verification takes time (${wrong.toFixed(1)} ms)`);
    assert.ok(
      unknown > wrong / 2 && unknown < wrong * 2,
      `unknown ${unknown.toFixed(1)} ms, wrong ${wrong.toFixed(1)} ms`,
    );
  });

  it('changes a password only with the right current one, and only to one that passes the rules', async () => {
    const accounts = createAccountService({ store });
    const account = await accounts.signUp('change@example.test', PASSWORD);
    assert.equal(await accounts.changePassword(account.id, 'not it at all', 'next sturdy phrase'), null);
    await assert.rejects(accounts.changePassword(account.id, PASSWORD, '1234567890'), PasswordRuleError);
    assert.ok(await accounts.checkCredentials('change@example.test', PASSWORD), 'unchanged so far');
    assert.equal((await accounts.changePassword(account.id, PASSWORD, 'next sturdy phrase'))?.id, account.id);
    assert.equal(await accounts.checkCredentials('change@example.test', PASSWORD), null);
    assert.ok(await accounts.checkCredentials('change@example.test', 'next sturdy phrase'));
    assert.equal(await accounts.changePassword('no-such-id', PASSWORD, 'next sturdy phrase'), null);
  });
});
