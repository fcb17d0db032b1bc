/**
 * The dashboard's session and throttle state on every store: the in-process
 * one and the data folder's SQLite file on a clock the test moves, and the suite's real Redis (whose own
 * expiry runs on real time, so only its counting and sets are checked there;
 * timeouts are decided on the injected clock in both).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, type ExpiringStore } from '../../src/sessions/kv.js';
import { createSessionManager } from '../../src/sessions/sessions.js';
import { createSqliteStore } from '../../src/sessions/sqlite.js';
import { createSignInThrottle } from '../../src/sessions/throttle.js';
import { openTestDashboardStore } from '../http/support/harness.js';

const MINUTE = 60_000;

for (const kind of ['memory', 'sqlite', 'redis'] as const) {
  describe(`dashboard sessions and throttling (${kind})`, function () {
    this.timeout(30_000);
    let store: ExpiringStore;
    let dataDir: string | undefined;
    let at = Date.now();
    const clock = () => at;

    before(async () => {
      if (kind === 'sqlite') dataDir = await mkdtemp(join(tmpdir(), 'cex-sessions-'));
      store =
        kind === 'memory'
          ? createMemoryStore(clock)
          : kind === 'sqlite'
            ? createSqliteStore({ dataDir: dataDir!, now: clock })
            : await openTestDashboardStore();
    });

    after(async () => {
      await store?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    beforeEach(() => {
      at = Date.now();
    });

    const manager = () =>
      createSessionManager({
        store,
        timeouts: { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE },
        now: clock,
      });

    it('starts sessions with new random tokens and CSRF tokens, resumes them, ends one', async () => {
      const sessions = manager();
      const a = await sessions.start('acct-a');
      const b = await sessions.start('acct-a');
      assert.match(a.token, /^[A-Za-z0-9_-]{43}$/);
      assert.notEqual(a.token, b.token);
      assert.notEqual(a.session.csrfToken, b.session.csrfToken);
      assert.notEqual(a.token, a.session.csrfToken);
      assert.equal((await sessions.resume(a.token))?.accountId, 'acct-a');
      await sessions.end(a.token);
      assert.equal(await sessions.resume(a.token), null);
      assert.equal((await sessions.resume(b.token))?.csrfToken, b.session.csrfToken);
      for (const junk of ['', 'x', 'a'.repeat(43), `${a.token}x`, '../../etc']) {
        assert.equal(await sessions.resume(junk), null, junk);
      }
    });

    it('ends a session idle too long, and any session past the absolute timeout', async () => {
      const sessions = manager();
      const idle = await sessions.start('acct-idle');
      at += 29 * MINUTE;
      assert.ok(await sessions.resume(idle.token), 'used within the idle time');
      at += 29 * MINUTE;
      assert.ok(await sessions.resume(idle.token), 'the idle time restarts with each use');
      at += 30 * MINUTE;
      assert.equal(await sessions.resume(idle.token), null);

      const busy = await sessions.start('acct-busy');
      const started = at;
      while (at - started < 12 * 60 * MINUTE - 20 * MINUTE) {
        at += 20 * MINUTE;
        assert.ok(await sessions.resume(busy.token));
      }
      at = started + 12 * 60 * MINUTE;
      assert.equal(await sessions.resume(busy.token), null);
    });

    it('ends every session of one account, or all but one, and no other account’s', async () => {
      const sessions = manager();
      const one = await sessions.start('acct-all');
      const two = await sessions.start('acct-all');
      const three = await sessions.start('acct-all');
      const other = await sessions.start('acct-other');
      await sessions.endAll('acct-all', two.token);
      assert.equal(await sessions.resume(one.token), null);
      assert.ok(await sessions.resume(two.token));
      assert.equal(await sessions.resume(three.token), null);
      await sessions.endAll('acct-all');
      assert.equal(await sessions.resume(two.token), null);
      assert.ok(await sessions.resume(other.token));
    });

    it('throttles per email and per address, in windows from the first attempt; a success counts as no failure', async () => {
      const throttle = createSignInThrottle(store, { perAccount: 3, perAddress: 5, windowMs: 15 * MINUTE });
      const email = `t-${kind}-${at}@example.test`;
      const address = `10.1.${at % 250}.`;
      for (let i = 0; i < 3; i++)
        assert.equal(await throttle.attempt(email, `${address}${i}`), 0, `attempt ${i + 1}`);
      const wait = await throttle.attempt(email, 'elsewhere');
      assert.ok(wait > 14 * MINUTE && wait <= 15 * MINUTE, `${wait}`);
      await throttle.succeeded(email, 'elsewhere');
      assert.equal(await throttle.attempt(email, 'elsewhere'), 0, 'a success clears the account');

      const shared = `${address}200`;
      for (let i = 0; i < 5; i++) assert.equal(await throttle.attempt(`${i}-${email}`, shared), 0);
      assert.ok(
        (await throttle.attempt(`new-${email}`, shared)) > 0,
        'the address is over its limit for any email',
      );
      await throttle.succeeded(`new-${email}`, shared);
      assert.ok((await throttle.attempt(`other-${email}`, shared)) > 0, 'and stays so after a success');

      // Successes give their attempt back: people signing in from one office do not lock it out.
      const office = `${address}201`;
      for (let i = 0; i < 12; i++) {
        assert.equal(await throttle.attempt(`${i}-office-${email}`, office), 0, `sign-in ${i + 1}`);
        await throttle.succeeded(`${i}-office-${email}`, office);
      }
      if (kind !== 'redis') {
        at += 15 * MINUTE;
        assert.equal(await throttle.attempt(`later-${email}`, shared), 0, 'until the window ends');
      }
    });

    it('lets exactly the limit through when a burst of guesses arrives at once', async () => {
      const throttle = createSignInThrottle(store, {
        perAccount: 3,
        perAddress: 1000,
        windowMs: 15 * MINUTE,
      });
      const email = `burst-${kind}-${at}@example.test`;
      const waits = await Promise.all(
        Array.from({ length: 40 }, (_, i) => throttle.attempt(email, `10.2.0.${i}`)),
      );
      assert.equal(waits.filter((w) => w === 0).length, 3);
    });
  });
}
