/**
 * The dashboard's accounts, sessions and CSRF defences over real HTTP, on the
 * real app: with FerretDB and Redis (sessions and throttling in Redis), and
 * with the embedded defaults (both in the app instance). The server trusts a
 * proxy, so each test picks its own client address (X-Forwarded-For) and
 * throttling in one test does not reach another; time is moved through the
 * injected clock, never slept.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DEFAULT_DASHBOARD_CONFIG } from '../../src/config.js';
import { SESSION_COOKIE, SIGN_IN_FAILED } from '../../src/dashboard/dashboard.js';
import { createAccountService } from '../../src/service/accounts.js';
import { createRedisStore, type ExpiringStore } from '../../src/sessions/kv.js';
import { Browser, csrfTokenIn, mainText, type Page } from './support/browser.js';
import {
  address,
  assertRedirect,
  startDashboardServer,
  uniqueEmail,
  type DashboardServer,
} from './support/dashboard.js';
import {
  BACKENDS,
  openTestLimiter,
  openTestStore,
  startServer,
  type StoreHandle,
  type TestServer,
  waitFor,
} from './support/harness.js';
import { RedisProcess } from './support/redis-server.js';

const PASSWORD = 'plum tractor evening';
const IDLE_MS = DEFAULT_DASHBOARD_CONFIG.sessionIdleMs;
const ABSOLUTE_MS = DEFAULT_DASHBOARD_CONFIG.sessionAbsoluteMs;

for (const backend of BACKENDS) {
  describe(`dashboard accounts and sessions (${backend})`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let running: DashboardServer | undefined;
    let offset = 0;
    const clock = () => Date.now() + offset;

    before(async () => {
      running = await startDashboardServer(backend, 'dashboard', { clock });
      ({ handle, server } = running);
    });

    after(async () => {
      await running?.close();
    });

    beforeEach(() => {
      offset = 0;
    });

    /** A browser behind the pretend proxy, from an address of its own. */
    const browser = (from = address()) => new Browser(server.url, { 'X-Forwarded-For': from });

    async function signUp(b: Browser, email: string, password = PASSWORD): Promise<Page> {
      return b.submit('/sign-up', '/sign-up', { email, password });
    }

    async function signIn(b: Browser, email: string, password = PASSWORD): Promise<Page> {
      return b.submit('/sign-in', '/sign-in', { email, password });
    }

    async function signedInAs(b: Browser): Promise<string | undefined> {
      const home = await b.get('/');
      if (home.status !== 200) return undefined;
      return /Signed in as <strong>([^<]+)<\/strong>/.exec(home.body)?.[1];
    }

    it('signs up a free-plan account with an argon2id password, and signs it in', async () => {
      const b = browser();
      const email = uniqueEmail('signup');
      assertRedirect(await signUp(b, email.toUpperCase()), '/');
      assert.equal(await signedInAs(b), email);
      assert.match(mainText((await b.get('/')).body), /on the Free plan/);
      const stored = await handle.store.findAccountByEmail(email);
      assert.equal(stored?.plan, 'free');
      assert.match(stored?.passwordHash ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.ok(!stored?.passwordHash?.includes(PASSWORD));
    });

    it('signs out, then in again; the landing page links to Developer settings', async () => {
      const b = browser();
      const email = uniqueEmail('inout');
      await signUp(b, email);
      const home = await b.get('/');
      assertRedirect(
        await b.post('/sign-out', { _csrf: csrfTokenIn(home.body, '/sign-out') }),
        '/sign-in?done=out',
      );
      assert.equal(b.cookies.has(SESSION_COOKIE), false, 'the cookie is cleared');
      assertRedirect(await b.get('/'), '/sign-in');
      assertRedirect(await signIn(b, email), '/');
      const landing = await b.get('/');
      assert.equal(landing.status, 200);
      assert.match(landing.body, /<a href="\/settings\/developer">Developer settings<\/a>/);
    });

    it('sets the session cookie HttpOnly and SameSite=Lax, Secure only over HTTPS (here: X-Forwarded-Proto from the trusted proxy)', async () => {
      const email = uniqueEmail('cookie');
      const plain = browser();
      const signedUp = await signUp(plain, email);
      const cookie = signedUp.setCookies.find((c) => c.name === SESSION_COOKIE);
      assert.ok(cookie, 'a session cookie');
      assert.equal(cookie.attributes.has('httponly'), true);
      assert.equal(cookie.attributes.get('samesite')?.toLowerCase(), 'lax');
      assert.equal(cookie.attributes.get('path'), '/');
      assert.equal(cookie.attributes.has('secure'), false, 'not Secure over plain HTTP');
      assert.equal(cookie.attributes.has('domain'), false, 'host-only');

      const httpsOrigin = server.url.replace(/^http:/, 'https:');
      const proxied = new Browser(
        server.url,
        { 'X-Forwarded-For': address(), 'X-Forwarded-Proto': 'https' },
        httpsOrigin,
      );
      const signedIn = await signIn(proxied, email);
      assertRedirect(signedIn, '/');
      const secure = signedIn.setCookies.find((c) => c.name === SESSION_COOKIE);
      assert.equal(secure?.attributes.has('secure'), true, 'Secure behind a trusted proxy that says https');
      assert.equal(secure?.attributes.has('httponly'), true);
      assert.equal(secure?.attributes.get('samesite')?.toLowerCase(), 'lax');
    });

    it('rotates the session id at sign-in: a token from before is worth nothing after', async () => {
      const email = uniqueEmail('rotate');
      await signUp(browser(), email);
      const b = browser();
      // A token an attacker planted before the victim signs in.
      const planted = randomBytes(32).toString('base64url');
      b.cookies.set(SESSION_COOKIE, planted);
      assertRedirect(await signIn(b, email), '/');
      const first = b.cookies.get(SESSION_COOKIE);
      assert.ok(first !== undefined && first !== planted, 'a new token');

      // Signing in again while signed in (the form is posted with this session's token) rotates it too.
      const home = await b.get('/');
      const again = await b.post('/sign-in', {
        _csrf: csrfTokenIn(home.body, '/sign-out'),
        email,
        password: PASSWORD,
      });
      assertRedirect(again, '/');
      const second = b.cookies.get(SESSION_COOKIE);
      assert.ok(second !== undefined && second !== first);
      const stale = new Browser(server.url, { 'X-Forwarded-For': address() });
      stale.cookies.set(SESSION_COOKIE, first);
      assertRedirect(await stale.get('/'), '/sign-in');
      assert.equal(await signedInAs(b), email);
    });

    it('answers a wrong password exactly as an unknown email', async () => {
      const email = uniqueEmail('same');
      await signUp(browser(), email);
      const wrong = await signIn(browser(), email, 'not the password at all');
      const unknown = await signIn(browser(), uniqueEmail('nobody'), 'not the password at all');
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      const error = (page: Page) => /<p class="error"[^>]*>([^<]*)<\/p>/.exec(page.body)?.[1];
      assert.equal(error(wrong), SIGN_IN_FAILED);
      assert.equal(error(unknown), SIGN_IN_FAILED);
      // The pages differ only in the email typed back into the form.
      const strip = (page: Page) =>
        mainText(page.body.replace(/value="[^"]*"/g, 'value=""')).replace(/[^ ]+@example\.test/g, '');
      assert.equal(strip(wrong), strip(unknown));
    });

    it('throttles failed sign-ins per account: 429 with Retry-After, even for the right password, until the window ends', async () => {
      const email = uniqueEmail('throttle');
      await signUp(browser(), email);
      const { perAccount, windowMs } = DEFAULT_DASHBOARD_CONFIG.signInThrottle;
      // Each failure from another address, so only the account's count can be what stops it.
      for (let i = 0; i < perAccount; i++) {
        assert.equal((await signIn(browser(), email, `wrong guess ${i}`)).status, 401, `failure ${i + 1}`);
      }
      const refused = await signIn(browser(), email, PASSWORD);
      assert.equal(refused.status, 429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(
        retryAfter > windowMs / 1000 - 60 && retryAfter <= windowMs / 1000,
        `Retry-After ${retryAfter}`,
      );
      assert.match(mainText(refused.body), /Too many failed sign-ins\. Try again in 15 minutes\./);
      // The sign-in form again, with the email kept, so the person can try later from where they are.
      assert.match(refused.body, /<form[^>]*action="\/sign-in"/);
      assert.ok(refused.body.includes(`value="${email}"`), 'the email is kept');
      const b = browser();
      assert.equal((await signIn(b, email, PASSWORD)).status, 429);
      assert.equal(b.cookies.has(SESSION_COOKIE), false, 'no session while throttled');
      // An unknown email is throttled alike: the answer says nothing of which emails exist.
      const nobody = uniqueEmail('nobody');
      for (let i = 0; i < perAccount; i++) await signIn(browser(), nobody, `wrong guess ${i}`);
      assert.equal((await signIn(browser(), nobody, 'wrong guess')).status, 429);
      if (backend === 'embedded+memory') {
        // In process, the window follows the injected clock.
        offset = windowMs + 1000;
        assertRedirect(await signIn(browser(), email), '/');
      }
    });

    it('throttles failed sign-ins per client address, across accounts', async () => {
      const from = address();
      const { perAddress } = DEFAULT_DASHBOARD_CONFIG.signInThrottle;
      for (let i = 0; i < perAddress; i++) {
        assert.equal((await signIn(browser(from), uniqueEmail('spray'), 'wrong guess')).status, 401);
      }
      const email = uniqueEmail('sprayed');
      await signUp(browser(), email);
      const refused = await signIn(browser(from), email);
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      assertRedirect(await signIn(browser(), email), '/');
    });

    it('ends a session after the idle timeout, and after the absolute one however busy', async () => {
      const email = uniqueEmail('timeouts');
      const b = browser();
      await signUp(b, email);
      offset = IDLE_MS - 60_000;
      assert.equal(await signedInAs(b), email, 'still within the idle time');
      offset += IDLE_MS + 1000;
      assertRedirect(await b.get('/'), '/sign-in');

      const busy = browser();
      offset = 0;
      await signIn(busy, email);
      for (offset = IDLE_MS / 2; offset < ABSOLUTE_MS; offset += IDLE_MS / 2) {
        assert.equal(await signedInAs(busy), email, `busy at ${offset / 60_000} min`);
      }
      assertRedirect(await busy.get('/'), '/sign-in');
    });

    it('"sign out everywhere" ends every session of the account, on other browsers too', async () => {
      const email = uniqueEmail('everywhere');
      const here = browser();
      const there = browser();
      await signUp(here, email);
      await signIn(there, email);
      const other = browser();
      await signUp(other, uniqueEmail('bystander'));
      assertRedirect(
        await here.submit('/account', '/account/sign-out-everywhere', {}),
        '/sign-in?done=everywhere',
      );
      assertRedirect(await here.get('/'), '/sign-in');
      assertRedirect(await there.get('/'), '/sign-in');
      assert.notEqual(await signedInAs(other), undefined, "another account's session is untouched");
    });

    it('changing the password ends the other sessions, keeps this browser signed in, and needs the current one', async () => {
      const email = uniqueEmail('change');
      const here = browser();
      const there = browser();
      await signUp(here, email);
      await signIn(there, email);
      const before = here.cookies.get(SESSION_COOKIE);

      const wrongCurrent = await here.submit('/account', '/account/password', {
        current: 'not my password',
        password: 'a brand new passphrase',
      });
      assert.equal(wrongCurrent.status, 400);
      assert.match(mainText(wrongCurrent.body), /current password is not correct/);
      const common = await here.submit('/account', '/account/password', {
        current: PASSWORD,
        password: 'password123',
      });
      assert.equal(common.status, 422);
      assert.notEqual(await signedInAs(there), undefined, 'nothing changed yet');

      const changed = await here.submit('/account', '/account/password', {
        current: PASSWORD,
        password: 'a brand new passphrase',
      });
      assertRedirect(changed, '/account?done=password');
      assert.notEqual(here.cookies.get(SESSION_COOKIE), before, 'this browser continues in a new session');
      assert.equal(await signedInAs(here), email);
      assertRedirect(await there.get('/'), '/sign-in');
      assert.equal((await signIn(browser(), email, PASSWORD)).status, 401);
      assertRedirect(await signIn(browser(), email, 'a brand new passphrase'), '/');
    });

    it('counts wrong current passwords on the account page as failed sign-ins', async () => {
      const email = uniqueEmail('guess');
      const b = browser();
      await signUp(b, email);
      const { perAccount } = DEFAULT_DASHBOARD_CONFIG.signInThrottle;
      for (let i = 0; i < perAccount; i++) {
        const guess = await b.submit('/account', '/account/password', {
          current: `guess number ${i}`,
          password: 'a brand new passphrase',
        });
        assert.equal(guess.status, 400);
      }
      const refused = await b.submit('/account', '/account/password', {
        current: PASSWORD,
        password: 'a brand new passphrase',
      });
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      // The account page again, saying why and for how long.
      assert.match(mainText(refused.body), /Too many wrong passwords\. Try again in 15 minutes\./);
      assert.match(refused.body, /<form[^>]*action="\/account\/password"/);
      assert.equal((await signIn(browser(), email)).status, 429, 'sign-in shares the count');
    });

    it('answers a known path asked with another method 405 with Allow, as a page', async () => {
      const page = await browser().get('/sign-out');
      assert.equal(page.status, 405);
      assert.equal(page.headers.get('allow'), 'POST');
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    });

    describe('forged requests', () => {
      it('refuses a POST without the CSRF token, or with another site as Origin, with 403, and changes nothing', async () => {
        const email = uniqueEmail('forged');
        const victim = browser();
        const elsewhere = browser();
        await signUp(victim, email);
        await signIn(elsewhere, email);
        const token = csrfTokenIn((await victim.get('/account')).body, '/account/password');

        // What an attacker's page can make the victim's browser send: the cookie, but not the token.
        const noToken = await victim.post('/account/sign-out-everywhere', {});
        assert.equal(noToken.status, 403);
        assert.match(mainText(noToken.body), /refused/);
        const wrongToken = await victim.post('/account/password', {
          _csrf: randomBytes(32).toString('base64url'),
          current: PASSWORD,
          password: 'attacker chosen phrase',
        });
        assert.equal(wrongToken.status, 403);
        const foreign = await victim.post(
          '/account/password',
          { _csrf: token, current: PASSWORD, password: 'attacker chosen phrase' },
          { origin: 'https://attacker.example' },
        );
        assert.equal(foreign.status, 403);
        const noOrigin = await victim.post(
          '/account/sign-out-everywhere',
          { _csrf: token },
          { origin: null },
        );
        assert.equal(noOrigin.status, 403);
        const signOut = await victim.post('/sign-out', {}, {});
        assert.equal(signOut.status, 403);

        assert.equal(await signedInAs(victim), email, 'still signed in');
        assert.equal(await signedInAs(elsewhere), email, 'the other session too');
        assertRedirect(await signIn(browser(), email, PASSWORD), '/');
        assert.equal((await signIn(browser(), email, 'attacker chosen phrase')).status, 401);
      });

      it('refuses forged sign-up and sign-in forms (login CSRF) and creates nothing', async () => {
        const b = browser();
        const email = uniqueEmail('loginforgery');
        const noToken = await b.post('/sign-up', { email, password: PASSWORD });
        assert.equal(noToken.status, 403);
        const page = await b.get('/sign-up');
        const foreign = await b.post(
          '/sign-up',
          { _csrf: csrfTokenIn(page.body, '/sign-up'), email, password: PASSWORD },
          { origin: 'https://attacker.example' },
        );
        assert.equal(foreign.status, 403);
        assert.equal(await handle.store.findAccountByEmail(email), null);
        // A token from one browser is no good in another (it is tied to that browser's cookie).
        const other = browser();
        await other.get('/sign-up');
        assert.equal(
          (
            await other.post('/sign-up', {
              _csrf: csrfTokenIn(page.body, '/sign-up'),
              email,
              password: PASSWORD,
            })
          ).status,
          403,
        );
        assert.equal(await handle.store.findAccountByEmail(email), null);
      });
    });

    it('holds sign-up passwords to the rules: at least 10 characters, not a common one', async () => {
      const short = await signUp(browser(), uniqueEmail('short'), 'short pw');
      assert.equal(short.status, 422);
      assert.match(mainText(short.body), /at least 10 characters/);
      const commonEmail = uniqueEmail('common');
      const common = await signUp(browser(), commonEmail, 'Password123');
      assert.equal(common.status, 422);
      assert.match(mainText(common.body), /most common/);
      assert.equal(await handle.store.findAccountByEmail(commonEmail), null);
      const taken = uniqueEmail('taken');
      await signUp(browser(), taken);
      assert.equal((await signUp(browser(), taken)).status, 422);
    });

    it('lists the account’s keys read-only in Developer settings, names as text', async () => {
      const email = uniqueEmail('keys');
      const b = browser();
      await signUp(b, email);
      const accounts = createAccountService({ store: handle.store });
      await accounts.setPlan(email, 'pro');
      const key = await accounts.createKey(email, '<img src=x onerror=alert(1)>');
      const page = await b.get('/settings/developer');
      assert.equal(page.status, 200);
      assert.ok(!page.body.includes('<img src=x'), 'no markup from the name');
      assert.ok(page.body.includes('&lt;img src=x onerror=alert(1)&gt;'));
      assert.ok(page.body.includes(`${key.prefix}…`));
      assert.ok(!page.body.includes(key.key), 'never the key itself');
      assertRedirect(await browser().get('/settings/developer'), '/sign-in');
    });

    it('sends a strict CSP whose nonce is new on every page and matches its stylesheet', async () => {
      const first = await browser().get('/sign-in');
      const second = await browser().get('/sign-in');
      const nonceOf = (page: Page) =>
        /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
      const nonce = nonceOf(first);
      assert.ok(nonce);
      assert.notEqual(nonce, nonceOf(second));
      assert.ok(first.body.includes(`<style nonce="${nonce}">`));
      const csp = first.headers.get('content-security-policy') ?? '';
      for (const directive of ["default-src 'none'", "form-action 'self'", "frame-ancestors 'none'"]) {
        assert.ok(csp.includes(directive), directive);
      }
      assert.ok(!/ on[a-z]+=/i.test(first.body), 'no inline handlers');
      assert.ok(!csp.includes('unsafe-inline'));
    });
  });
}

describe('dashboard while Redis is away', function () {
  this.timeout(60_000);
  let redis: RedisProcess;
  let dashboardStore: ExpiringStore;
  let handle: StoreHandle;
  let server: TestServer;

  before(async () => {
    redis = await RedisProcess.start();
    dashboardStore = await createRedisStore({ url: redis.url, timeoutMs: 300, connectTimeoutMs: 1000 });
    handle = await openTestStore('embedded', 'dashboardredis');
    server = await startServer({
      store: handle.store,
      limiter: await openTestLimiter('memory'),
      dashboardStore,
    });
  });

  after(async () => {
    await server?.close();
    await dashboardStore?.close();
    await redis?.stop();
    await handle?.dispose();
  });

  it('answers 503 pages with Retry-After while Redis does not answer, the rest of the service unaffected, and recovers', async () => {
    const b = new Browser(server.url);
    assert.equal(
      (await b.submit('/sign-up', '/sign-up', { email: 'away@example.test', password: PASSWORD })).status,
      303,
    );
    await redis.stop();
    const down = await b.get('/');
    assert.equal(down.status, 503);
    assert.equal(down.headers.get('retry-after'), '1');
    assert.match(mainText(down.body), /cannot reach its database/);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    await redis.restart();
    // Redis came back empty (no persistence): the session is gone, signing in works again.
    await waitFor('the dashboard answering again', async () => (await b.get('/sign-in')).status === 200);
    assert.equal(
      (await b.submit('/sign-in', '/sign-in', { email: 'away@example.test', password: PASSWORD })).status,
      303,
    );
  });
});

describe('dashboard settings', function () {
  this.timeout(60_000);
  let handle: StoreHandle;

  before(async () => {
    handle = await openTestStore('embedded', 'dashboardsettings');
  });

  after(async () => {
    await handle?.dispose();
  });

  it('SIGNUP=closed refuses sign-up, page and POST, and creates nothing', async () => {
    const server = await startServer({
      store: handle.store,
      limiter: await openTestLimiter('memory'),
      config: { dashboard: { ...DEFAULT_DASHBOARD_CONFIG, signup: 'closed' } },
    });
    try {
      const b = new Browser(server.url);
      const page = await b.get('/sign-up');
      assert.equal(page.status, 403);
      assert.match(mainText(page.body), /Sign-up is closed/);
      assert.ok(!(await b.get('/sign-in')).body.includes('href="/sign-up"'), 'no link to sign up');
      const token = csrfTokenIn((await b.get('/sign-in')).body, '/sign-in');
      const posted = await b.post('/sign-up', {
        _csrf: token,
        email: 'closed@example.test',
        password: PASSWORD,
      });
      assert.equal(posted.status, 403);
      assert.equal(await handle.store.findAccountByEmail('closed@example.test'), null);
    } finally {
      await server.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-Proto is not believed: no Secure cookie over plain HTTP', async () => {
    const server = await startServer({ store: handle.store, limiter: await openTestLimiter('memory') });
    try {
      const b = new Browser(server.url, {
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Host': 'attacker.example',
      });
      const signedUp = await b.submit('/sign-up', '/sign-up', {
        email: 'noproxy@example.test',
        password: PASSWORD,
      });
      assert.equal(signedUp.status, 303);
      const cookie = signedUp.setCookies.find((c) => c.name === SESSION_COOKIE);
      assert.equal(cookie?.attributes.has('secure'), false);
    } finally {
      await server.close();
    }
  });
});
