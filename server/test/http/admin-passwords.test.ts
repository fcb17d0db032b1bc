/**
 * The admin command's password options, spawned as operators run it: the
 * password comes only from standard input, and must pass the rules.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountSchema } from '@code-explain/shared';
import { createAccountService } from '../../src/service/accounts.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { admin, cleanEnv } from './support/processes.js';

describe('admin command: passwords', function () {
  this.timeout(90_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cex-admin-pw-'));
    env = cleanEnv({ DATA_DIR: dataDir });
  });

  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Whether the account signs in with `password`, read through the service as the dashboard does. */
  async function signsIn(email: string, password: string): Promise<boolean> {
    const store = await createEmbeddedStore({ dataDir });
    try {
      return (await createAccountService({ store }).checkCredentials(email, password)) !== null;
    } finally {
      await store.close();
    }
  }

  it('accounts:create --password-stdin stores an argon2id hash; the password signs in', async () => {
    const created = await admin(
      ['accounts:create', '--email', 'Op@Example.test', '--plan', 'pro', '--password-stdin'],
      env,
      'first sturdy passphrase\n',
    );
    assert.equal(created.code, 0, created.stderr);
    const account = accountSchema.parse(JSON.parse(created.stdout));
    assert.deepEqual(Object.keys(account), ['id', 'email', 'plan'], 'no hash is printed');
    assert.equal(await signsIn('op@example.test', 'first sturdy passphrase'), true);
    assert.equal(await signsIn('op@example.test', 'first sturdy passphrase\n'), false);

    const store = await createEmbeddedStore({ dataDir });
    try {
      assert.match((await store.findAccountByEmail('op@example.test'))?.passwordHash ?? '', /^\$argon2id\$/);
    } finally {
      await store.close();
    }
  });

  it('accounts:set-password --password-stdin replaces it; the old one no longer signs in', async () => {
    const set = await admin(
      ['accounts:set-password', '--email', 'op@example.test', '--password-stdin'],
      env,
      'second sturdy passphrase\r\n',
    );
    assert.equal(set.code, 0, set.stderr);
    assert.equal(await signsIn('op@example.test', 'second sturdy passphrase'), true);
    assert.equal(await signsIn('op@example.test', 'first sturdy passphrase'), false);
  });

  it('refuses a password in the arguments, without --password-stdin, short, common, or for nobody', async () => {
    const inArgs = await admin(
      ['accounts:set-password', '--email', 'op@example.test', '--password', 'third sturdy passphrase'],
      env,
    );
    assert.equal(inArgs.code, 2);
    const withoutFlag = await admin(['accounts:set-password', '--email', 'op@example.test'], env, 'x\n');
    assert.equal(withoutFlag.code, 2);
    assert.match(withoutFlag.stderr, /password-stdin/);

    const short = await admin(
      ['accounts:set-password', '--email', 'op@example.test', '--password-stdin'],
      env,
      'short\n',
    );
    assert.equal(short.code, 1);
    assert.match(short.stderr, /at least 10 characters/);
    const common = await admin(
      ['accounts:create', '--email', 'c@example.test', '--plan', 'free', '--password-stdin'],
      env,
      'password123\n',
    );
    assert.equal(common.code, 1);
    assert.match(common.stderr, /most common/);
    const nobody = await admin(
      ['accounts:set-password', '--email', 'nobody@example.test', '--password-stdin'],
      env,
      'fourth sturdy passphrase\n',
    );
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /no account/);

    assert.equal(await signsIn('op@example.test', 'second sturdy passphrase'), true, 'nothing changed');
    const store = await createEmbeddedStore({ dataDir });
    try {
      assert.equal(await store.findAccountByEmail('c@example.test'), null, 'no account was made');
    } finally {
      await store.close();
    }
  });
});
