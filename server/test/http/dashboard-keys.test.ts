/**
 * Developer settings over real HTTP, on the real app, with FerretDB and Redis
 * and with the embedded defaults: Generate API Key (refused to the free plan
 * in the page and on a direct POST), the key shown once, replacing a key at
 * once or after a grace period (time moved through the injected clock, never
 * slept), revoking after a confirmation, the cap on working keys, and what the
 * API answers each key.
 */
import assert from 'node:assert/strict';
import { MAX_ACTIVE_KEYS } from '@code-explain/shared';
import { DEFAULT_AUTH_CACHE_TTL_MS } from '../../src/auth/authenticator.js';
import { Browser, csrfTokenIn, mainText, type Page } from './support/browser.js';
import {
  address,
  assertRedirect,
  startDashboardServer,
  uniqueEmail,
  type DashboardServer,
} from './support/dashboard.js';
import { BACKENDS, call, type StoreHandle, type TestServer, waitFor } from './support/harness.js';

const PASSWORD = 'plum tractor evening';
const DEVELOPER = '/settings/developer';
const GENERATE = '/settings/developer/keys';
const HOUR = 3_600_000;

/** The key a page shows once, if it shows one. */
const revealedKey = (page: Page) => /<code id="new-key">([^<]+)<\/code>/.exec(page.body)?.[1];

for (const backend of BACKENDS) {
  describe(`dashboard developer settings: API keys (${backend})`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let running: DashboardServer | undefined;
    let offset = 0;
    const clock = () => Date.now() + offset;
    /** Past the authenticator's cache window, so a change has reached every answer. */
    const pastAuthCache = () => (offset += DEFAULT_AUTH_CACHE_TTL_MS + 1_000);

    before(async () => {
      running = await startDashboardServer(backend, 'dashboard-keys', { clock });
      ({ handle, server } = running);
    });

    after(async () => {
      await running?.close();
    });

    beforeEach(() => {
      offset = 0;
    });

    /** A signed-in browser of a new account on `plan`. */
    async function holder(
      plan: 'free' | 'pro' | 'enterprise',
    ): Promise<{ b: Browser; accountId: string; email: string }> {
      const b = new Browser(server.url, { 'X-Forwarded-For': address() });
      const email = uniqueEmail(plan);
      assertRedirect(await b.submit('/sign-up', '/sign-up', { email, password: PASSWORD }), '/');
      const account = await handle.store.findAccountByEmail(email);
      assert.ok(account);
      if (plan !== 'free') await handle.store.setAccountPlan(account.id, plan);
      return { b, accountId: account.id, email };
    }

    async function generate(b: Browser, name: string): Promise<string> {
      assertRedirect(await b.submit(DEVELOPER, GENERATE, { name }), DEVELOPER);
      const page = await b.get(DEVELOPER);
      const key = revealedKey(page);
      assert.ok(key, `the new key is shown: ${mainText(page.body)}`);
      return key;
    }

    const api = (key: string) => call(`${server.url}/api/explanations`, key);

    it('on the free plan, shows Generate API Key unavailable with the reason, and refuses a direct POST', async () => {
      const { b, accountId } = await holder('free');
      const page = await b.get(DEVELOPER);
      assert.equal(page.status, 200);
      assert.match(
        page.body,
        /<button type="button" disabled aria-describedby="generate-why">Generate API Key<\/button>/,
      );
      assert.match(
        mainText(page.body),
        /API keys come with the Pro and Enterprise plans; this account is on the Free plan/,
      );
      // The page has no generate form, so the token is taken from another of its forms (sign out).
      const token = csrfTokenIn(page.body, '/sign-out');
      const refused = await b.post(GENERATE, { _csrf: token, name: 'sneaky' });
      assert.equal(refused.status, 403);
      assert.match(mainText(refused.body), /API keys come with the Pro and Enterprise plans/);
      assert.deepEqual(await handle.store.listApiKeys(accountId), []);
    });

    it('generates a key on Pro, shows it once (a reload no longer has it), and the API answers it', async () => {
      const { b } = await holder('pro');
      const name = '<img src=x onerror=alert(1)>';
      assertRedirect(await b.submit(DEVELOPER, GENERATE, { name }), DEVELOPER);
      const first = await b.get(DEVELOPER);
      const key = revealedKey(first);
      assert.ok(key);
      assert.equal(first.headers.get('cache-control'), 'no-store');
      assert.ok(!first.body.includes('<img src=x'), 'the name is text, never markup');
      assert.match(first.body, /&lt;img src=x onerror=alert\(1\)&gt;/);
      const again = await b.get(DEVELOPER);
      assert.equal(revealedKey(again), undefined, 'shown once');
      assert.ok(!again.body.includes(key), 'the key is nowhere on the page after that');
      assert.match(again.body, new RegExp(`<code>${key.slice(0, 12)}…</code>`), 'its prefix is listed');

      assert.equal((await api(key)).status, 200);
      // The last use is written beside the request, not before its answer.
      // Listed: last used (to the minute), one request in the last 30 days, active.
      await waitFor('the last use to be listed', async () =>
        /\d{4}-\d\d-\d\d \d\d:\d\d UTC 1 Active/.test(mainText((await b.get(DEVELOPER)).body)),
      );
      assert.match((await b.get(DEVELOPER)).body, /<th scope="col">Requests, 30 days<\/th>/);
    });

    it('replaces a key at once: the old one gets 401, the new one 200', async () => {
      const { b } = await holder('pro');
      const old = await generate(b, 'ci');
      assert.equal((await api(old)).status, 200);
      const listed = await b.get(DEVELOPER);
      const action = /action="(\/settings\/developer\/keys\/[^/"]+\/replace)"/.exec(listed.body)?.[1];
      assert.ok(action);
      assertRedirect(
        await b.post(action, { _csrf: csrfTokenIn(listed.body, action), grace: 'now' }),
        DEVELOPER,
      );
      const shown = await b.get(DEVELOPER);
      const fresh = revealedKey(shown);
      assert.ok(fresh && fresh !== old);
      assert.match(mainText(shown.body), /The key it replaces is revoked and no longer works/);
      pastAuthCache();
      const refused = await api(old);
      assert.equal(refused.status, 401);
      assert.match(
        ((await refused.json()) as { error: { message: string } }).error.message,
        /unknown or revoked API key/,
      );
      assert.equal((await api(fresh)).status, 200);
    });

    it('replaces a key with a 24-hour grace period: both work until it ends, then the old one is refused as expired', async () => {
      const { b, email } = await holder('enterprise');
      const old = await generate(b, 'deploy');
      const listed = await b.get(DEVELOPER);
      const action = /action="(\/settings\/developer\/keys\/[^/"]+\/replace)"/.exec(listed.body)?.[1] ?? '';
      assertRedirect(
        await b.post(action, { _csrf: csrfTokenIn(listed.body, action), grace: '24h' }),
        DEVELOPER,
      );
      const shown = await b.get(DEVELOPER);
      const fresh = revealedKey(shown)!;
      assert.match(mainText(shown.body), /The key it replaces keeps working until .* UTC, then stops/);
      assert.match(mainText(shown.body), /Expiring at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

      offset += 23 * HOUR;
      assert.equal((await api(old)).status, 200, 'inside the grace period');
      assert.equal((await api(fresh)).status, 200);
      offset += 2 * HOUR;
      const refused = await api(old);
      assert.equal(refused.status, 401);
      assert.match(
        ((await refused.json()) as { error: { message: string } }).error.message,
        /this API key expired at \S+, at the end of the grace period after it was replaced/,
      );
      assert.equal((await api(fresh)).status, 200);
      // A day on, the session has reached its absolute timeout: sign in again to see the list.
      assertRedirect(await b.submit('/sign-in', '/sign-in', { email, password: PASSWORD }), '/');
      assert.match(mainText((await b.get(DEVELOPER)).body), /Expired \d{4}-\d\d-\d\d/);
    });

    it('revokes after a confirmation page: 401 within the auth cache window', async () => {
      const { b } = await holder('pro');
      const key = await generate(b, 'laptop');
      assert.equal((await api(key)).status, 200);
      const listed = await b.get(DEVELOPER);
      const confirmPath = /href="(\/settings\/developer\/keys\/[^/"]+\/revoke)"/.exec(listed.body)?.[1] ?? '';
      const confirm = await b.get(confirmPath);
      assert.equal(confirm.status, 200);
      assert.match(mainText(confirm.body), /Revoke “laptop”\? .*cannot be undone/);
      assertRedirect(
        await b.post(confirmPath, { _csrf: csrfTokenIn(confirm.body, confirmPath) }),
        `${DEVELOPER}?done=revoked`,
      );
      pastAuthCache();
      assert.equal((await api(key)).status, 401);
      assert.match(mainText((await b.get(DEVELOPER)).body), /Revoked \d{4}-\d\d-\d\d/);
    });

    it(`caps working keys at ${MAX_ACTIVE_KEYS}, in the page and on the server`, async () => {
      const { b, accountId } = await holder('pro');
      for (let i = 0; i < MAX_ACTIVE_KEYS; i++) await generate(b, `key ${i}`);
      const page = await b.get(DEVELOPER);
      assert.match(
        mainText(page.body),
        new RegExp(`has ${MAX_ACTIVE_KEYS} working keys, the most it may have`),
      );
      const refused = await b.post(GENERATE, {
        _csrf: csrfTokenIn(page.body, '/sign-out'),
        name: 'one more',
      });
      assert.equal(refused.status, 409);
      assert.equal((await handle.store.listApiKeys(accountId)).length, MAX_ACTIVE_KEYS);
    });

    it("refuses another account's key, and a forged POST, changing nothing", async () => {
      const owner = await holder('pro');
      const key = await generate(owner.b, 'mine');
      const [record] = await handle.store.listApiKeys(owner.accountId);
      const intruder = await holder('pro');
      const page = await intruder.b.get(DEVELOPER);
      const token = csrfTokenIn(page.body, GENERATE);
      const revoke = `/settings/developer/keys/${record!.id}/revoke`;
      assert.equal((await intruder.b.get(revoke)).status, 404);
      assert.equal((await intruder.b.post(revoke, { _csrf: token })).status, 404);
      const forged = await owner.b.post(revoke, { _csrf: 'not-the-token' });
      assert.equal(forged.status, 403);
      const foreign = await owner.b.post(
        GENERATE,
        { _csrf: csrfTokenIn((await owner.b.get(DEVELOPER)).body, GENERATE), name: 'x' },
        { origin: 'https://evil.example' },
      );
      assert.equal(foreign.status, 403);
      pastAuthCache();
      assert.equal((await api(key)).status, 200, 'still working');
      assert.equal((await handle.store.listApiKeys(owner.accountId)).length, 1);
    });
  });
}
