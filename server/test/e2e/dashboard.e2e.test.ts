/**
 * The dashboard end to end, in Debian's Chromium driven by playwright-core:
 * the real app over real HTTP on FerretDB and Redis, and again on the embedded
 * defaults, used as a person uses it — forms filled and buttons pressed, the
 * page's own scripts running under its real CSP — with the API called with
 * the keys the pages hand out. Plans change only through the real admin
 * command, as the service's operators change them. Time is moved through the
 * app's injected clock, never slept.
 *
 * The tests of one backend run in order and share the accounts they make,
 * like one person's afternoon with the dashboard.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  OUTCOMES,
  sectionsBeyondExplanation,
  usageResponseSchema,
  type UsageResponse,
} from '@code-explain/shared';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_AUTH_CACHE_TTL_MS } from '../../src/auth/authenticator.js';
import { SESSION_COOKIE } from '../../src/dashboard/dashboard.js';
import { createUsageRecorder } from '../../src/usage/recorder.js';
import { offsetToMidHour } from '../http/support/clock.js';
import {
  address,
  startDashboardServer,
  uniqueEmail,
  type DashboardServer,
} from '../http/support/dashboard.js';
import {
  BACKENDS,
  call,
  openAnotherStore,
  openTestLimiter,
  postJson,
  startServer,
  uriWithDatabase,
  waitFor,
  type StoreHandle,
} from '../http/support/harness.js';
import { makeCertificate } from '../production/support/tls.js';
import { launchChromium, openPage, seriousViolations, type WatchedPage } from './support/chromium.js';

const run = promisify(execFile);
const SERVER_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const PASSWORD = 'plum tractor evening';
/** Small enough to reach in a test: a pro account's sixth request of a minute is over it. */
const QUOTAS = { pro: 5, enterprise: 100_000 };
const SNIPPET = { code: 'def double(x):\n    return x * 2\n', language: 'python' };
const HOUR = 3_600_000;
/** Usage reaches the store within the recorder's flush interval (a second); pages are reloaded until then. */
const USAGE_WAIT_MS = 30_000;

/** What the callbacks given to page.evaluate find in the browser (the tests' own types have no DOM). */
interface BrowserGlobals {
  readonly navigator: { readonly clipboard: { readText(): Promise<string> } };
  readonly document: {
    readonly cookie: string;
    readonly activeElement: {
      readonly tagName: string;
      readonly textContent: string | null;
      getAttribute(name: string): string | null;
    } | null;
    querySelectorAll(selector: string): Iterable<{ readonly textContent: string | null }>;
  };
}

/** The cells of a table's body rows, as text. */
async function tableRows(page: Page, id: string): Promise<string[][]> {
  return page
    .locator(`#${id} tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

/** What uPlot's legend says for each series with the cursor over the chart's last point. */
async function legendAtLastPoint(page: Page, target: string): Promise<Record<string, string>> {
  const over = page.locator(`#${target} .u-over`);
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  assert.ok(box, `the chart ${target} is drawn`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
  const values = page.locator(`#${target} .u-legend .u-series`);
  // uPlot fills the legend on the next animation frame after the cursor moves.
  await page.waitForFunction(
    (selector) =>
      [...(globalThis as unknown as BrowserGlobals).document.querySelectorAll(selector)].every(
        (cell) => cell.textContent !== '--',
      ),
    `#${target} .u-legend .u-series .u-value`,
  );
  return values.evaluateAll((rows) =>
    Object.fromEntries(
      rows
        .slice(1) // the x series: the bucket's time
        .map((row) => [
          row.querySelector('.u-label')?.textContent ?? '',
          row.querySelector('.u-value')?.textContent ?? '',
        ]),
    ),
  );
}

for (const backend of BACKENDS) {
  describe(`dashboard in Chromium (${backend})`, function () {
    this.timeout(180_000);
    let running: DashboardServer | undefined;
    let handle: StoreHandle;
    let url: string;
    let browser: Browser | undefined;
    // From the middle of the hour: the usage tests check which hour their requests are counted in.
    let offset = offsetToMidHour();
    const clock = () => Date.now() + offset;
    /** Moves the app's clock past the authenticator's cache window, so a key's change has reached every answer. */
    const pastAuthCache = () => (offset += DEFAULT_AUTH_CACHE_TTL_MS + 1_000);
    const limiterNamespace = `dashboard-e2e-${randomBytes(4).toString('hex')}`;
    const opened: WatchedPage[] = [];
    /** Every path a test has shown, for the accessibility pass at the end. */
    const shown = new Set<string>();

    before(async () => {
      running = await startDashboardServer(backend, 'dashboard-e2e', {
        clock,
        limiter: { quotas: QUOTAS, namespace: limiterNamespace },
      });
      handle = running.handle;
      url = running.server.url;
      browser = await launchChromium();
    });

    afterEach(async () => {
      // Every page a test opened must have stayed quiet: no CSP refusal, no script error, no dialog.
      const pages = opened.splice(0);
      for (const watched of pages) await watched.context.close();
      for (const watched of pages) watched.assertQuiet();
    });

    after(async () => {
      await browser?.close();
      await running?.close();
    });

    /** A person at a browser of their own, behind an address of their own. */
    async function person(headers: Record<string, string> = {}): Promise<WatchedPage> {
      const watched = await openPage(browser!, { headers: { 'X-Forwarded-For': address(), ...headers } });
      opened.push(watched);
      return watched;
    }

    async function visit(page: Page, path: string): Promise<number> {
      const response = await page.goto(`${url}${path}`);
      shown.add(new URL(page.url()).pathname);
      return response?.status() ?? 0;
    }

    /** The real admin command on this backend's store, as an operator runs it. */
    async function admin(args: readonly string[], stdin?: string): Promise<unknown> {
      const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
      delete env['MONGODB_URI'];
      delete env['REDIS_URL'];
      if (handle.mongo) env['MONGODB_URI'] = uriWithDatabase(handle.mongo.uri, handle.mongo.dbName);
      else env['DATA_DIR'] = handle.dataDir!;
      const child = run(
        process.execPath,
        ['--import', 'tsx', '--conditions=@code-explain/source', 'src/admin/cli.ts', ...args],
        { cwd: SERVER_ROOT, env },
      );
      child.child.stdin?.end(stdin ?? '');
      const { stdout } = await child;
      return JSON.parse(stdout) as unknown;
    }

    async function signUp(page: Page, email: string): Promise<void> {
      await visit(page, '/sign-up');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    }

    /** Submits the sign-in form; the answer's status and the page's alert, if any. */
    async function trySignIn(page: Page, email: string, password: string) {
      if (new URL(page.url()).pathname !== '/sign-in') await visit(page, '/sign-in');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/sign-in')),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      await page.waitForLoadState();
      const alert = page.getByRole('alert');
      return {
        status: response.status(),
        retryAfter: response.headers()['retry-after'],
        alert: (await alert.count()) > 0 ? (await alert.textContent())!.trim() : undefined,
        text: (await page.locator('main').textContent())!.replace(/\s+/g, ' ').trim(),
      };
    }

    async function signIn(page: Page, email: string): Promise<void> {
      const { status } = await trySignIn(page, email, PASSWORD);
      assert.equal(status, 303, 'signed in');
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    }

    /** Generate API Key with this name; the key the page reveals. */
    async function generate(page: Page, name: string): Promise<string> {
      await visit(page, '/settings/developer');
      await page.getByLabel('Key name').fill(name);
      await page.getByRole('button', { name: 'Generate API Key' }).click();
      return (await page.locator('#new-key').textContent())!.trim();
    }

    /** The row of the keys table for the key with this name. */
    const keyRow = (page: Page, name: string) =>
      page.locator('main table tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });

    const explain = (key: string) => postJson(`${url}/api/explain`, key, SNIPPET).then((r) => r.status);

    /** Reloads the usage page until its last-hour row reads `cells` (counts reach the store within a second). */
    async function usageShows(page: Page, cells: readonly string[], path = '/usage'): Promise<void> {
      let last: string[] | undefined;
      try {
        await waitFor(
          `the usage page to show ${cells.join(' ')}`,
          async () => {
            await visit(page, path);
            last = (await tableRows(page, 'table-hours')).at(-1)?.slice(1);
            return JSON.stringify(last) === JSON.stringify(cells);
          },
          USAGE_WAIT_MS,
        );
      } catch (error) {
        throw new Error(
          `${(error as Error).message}; the page at ${page.url()} showed ${JSON.stringify(last)}`,
          { cause: error },
        );
      }
    }

    const throttled = uniqueEmail('e2e-throttled');
    const freeThenPro = uniqueEmail('e2e-pro');
    const roller = uniqueEmail('e2e-roller');
    let proKey = '';
    /** The roller account's working key, replaced and finally revoked by the tests below. */
    let rollerKey = '';

    it('signs up, signs out, and signs in again', async () => {
      const { page } = await person();
      await signUp(page, uniqueEmail('e2e-signup'));
      const email = (await page.locator('main').textContent())!.match(/\S+@example\.test/)?.[0];
      assert.ok(email, 'the home page names the account');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/sign-in');
      await signIn(page, email);
      assert.equal(new URL(page.url()).pathname, '/');
    });

    it('is usable by keyboard alone: the skip link, then signing in with Tab and Enter', async () => {
      const { page } = await person();
      await signUp(page, uniqueEmail('e2e-keyboard'));
      const email = (await page.locator('main').textContent())!.match(/\S+@example\.test/)![0];
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('status').waitFor();
      const focused = () =>
        page.evaluate(() => {
          const active = (globalThis as unknown as BrowserGlobals).document.activeElement;
          return active
            ? `${active.tagName.toLowerCase()} ${active.getAttribute('name') ?? active.textContent}`
            : '';
        });
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'a Skip to content', 'the first stop is the skip link');
      assert.equal(
        await page.getByRole('link', { name: 'Skip to content' }).isVisible(),
        true,
        'shown when focused',
      );
      await page.keyboard.press('Enter');
      // From the top of the main content, the form's fields and button in order.
      const stops: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        stops.push(await focused());
        if (i === 0) await page.keyboard.type(email);
        if (i === 1) await page.keyboard.type(PASSWORD);
      }
      assert.deepEqual(stops, ['input email', 'input password', 'button Sign in']);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    });

    it('answers a wrong password exactly as an unknown email, and throttles repeated failures with 429', async () => {
      const { page } = await person();
      await signUp(page, throttled);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('status').waitFor();

      const wrong = await trySignIn(page, throttled, 'not the password at all');
      const unknown = await trySignIn(page, uniqueEmail('e2e-nobody'), 'not the password at all');
      assert.equal(wrong.status, 401);
      assert.deepEqual({ ...unknown, text: '' }, { ...wrong, text: '' }, 'the same status and message');
      assert.equal(wrong.alert, 'Incorrect email or password.');

      // Five failures per account in the window: four more, then even the right password waits.
      for (let i = 0; i < 4; i++)
        assert.equal((await trySignIn(page, throttled, `wrong ${i} password`)).status, 401);
      const refused = await trySignIn(page, throttled, PASSWORD);
      assert.equal(refused.status, 429);
      assert.match(refused.retryAfter ?? '', /^[1-9]\d*$/, 'Retry-After in seconds');
      assert.equal(refused.alert, 'Too many failed sign-ins. Try again in 15 minutes.');
      assert.equal(new URL(page.url()).pathname, '/sign-in', 'still signed out');
      // The form is still there, the email kept, to try again later.
      assert.equal(await page.getByLabel('Email').inputValue(), throttled);
      assert.equal(await page.getByRole('button', { name: 'Sign in' }).count(), 1);
    });

    it('on the free plan, shows Generate API Key unavailable with the reason, and refuses a direct POST', async () => {
      const { page } = await person();
      await signUp(page, freeThenPro);
      await visit(page, '/settings/developer');
      const button = page.getByRole('button', { name: 'Generate API Key' });
      assert.equal(await button.isDisabled(), true);
      const why = await page.locator(`#${await button.getAttribute('aria-describedby')}`).textContent();
      assert.match(why ?? '', /Pro and Enterprise plans; this account is on the Free plan/);
      assert.equal(await page.getByLabel('Key name').count(), 0, 'no form to fill');

      // The form the page does not offer, posted anyway with this session's token and origin.
      const token = await page.locator('input[name="_csrf"]').first().inputValue();
      const direct = await page.request.post(`${url}/settings/developer/keys`, {
        form: { _csrf: token, name: 'sneaked in' },
        headers: { Origin: url },
        maxRedirects: 0,
      });
      assert.equal(direct.status(), 403);
      await page.reload();
      assert.equal(await page.getByText('This account has no API keys.').count(), 1);
    });

    it('after accounts:set-plan pro, generates a key shown once, with a copy button, and the API answers it', async () => {
      assert.deepEqual(
        await admin(['accounts:set-plan', '--email', freeThenPro, '--plan', 'pro']),
        await admin(['accounts:set-plan', '--email', freeThenPro, '--plan', 'pro']),
      );
      const { page, context } = await person();
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      await visit(page, '/sign-in');
      await signIn(page, freeThenPro);
      proKey = await generate(page, 'ci');
      assert.match(proKey, /^cex_/);
      assert.match((await page.locator('#new-key-heading').textContent())!, /Your new key “ci”/);
      await page.getByRole('button', { name: 'Copy key' }).click();
      await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
      assert.equal(
        await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText()),
        proKey,
      );

      await page.reload();
      assert.equal(await page.locator('#new-key').count(), 0, 'a reload no longer shows the key');
      assert.equal((await page.content()).includes(proKey), false);
      const row = keyRow(page, 'ci');
      const prefix = (await row.locator('code').textContent())!.replace('…', '');
      assert.ok(proKey.startsWith(prefix) && prefix.length < proKey.length, 'the list shows only a prefix');
      assert.match((await row.textContent())!, /Never/, 'not used yet');

      assert.equal(await explain(proKey), 200);
    });

    it('shows exactly that request on the usage page, in the chart and the table, and as last used', async () => {
      const { page } = await person();
      await signIn(page, freeThenPro);
      // Columns: hour, 2xx, 4xx, 429, 5xx, total.
      await usageShows(page, ['1', '0', '0', '0', '1']);
      const hours = await tableRows(page, 'table-hours');
      assert.equal(hours.length, 24);
      assert.ok(hours.slice(0, -1).every((row) => row.slice(1).every((cell) => cell === '0')));
      assert.deepEqual(await tableRows(page, 'table-languages'), [['python', '1']]);
      assert.deepEqual(await legendAtLastPoint(page, 'chart-hours'), {
        '2xx': '1',
        '4xx': '0',
        '429': '0',
        '5xx': '0',
      });
      assert.deepEqual(await legendAtLastPoint(page, 'chart-days'), {
        '2xx': '1',
        '4xx': '0',
        '429': '0',
        '5xx': '0',
      });

      await visit(page, '/settings/developer');
      const cells = await keyRow(page, 'ci').locator('td').allTextContents();
      assert.doesNotMatch(cells[3]!, /Never/, 'last used is set');
      assert.equal(cells[4]!.trim(), '1', 'requests in the last 30 days');
    });

    it('pushes the key past its quota to 429, and the usage page shows the 429 apart', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < QUOTAS.pro; i++) statuses.push(await explain(proKey));
      assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
      const { page } = await person();
      await signIn(page, freeThenPro);
      await usageShows(page, ['5', '0', '1', '0', '6']);
      assert.deepEqual(await legendAtLastPoint(page, 'chart-hours'), {
        '2xx': '5',
        '4xx': '0',
        '429': '1',
        '5xx': '0',
      });
      assert.match((await page.locator('main').textContent())!, /1 over the quota, 429/);
      assert.match(
        (await page.locator('#quota-now').textContent())!.replace(/\s+/g, ' '),
        /^ ?5 of 5 requests this minute, resets in \d+ s\. ?$/,
      );
    });

    it('lists the saved explanations in History, opens one as it was saved, and deletes one after a confirmation', async () => {
      const { page } = await person();
      await signIn(page, freeThenPro);
      await visit(page, '/history');
      const rows = page.locator('main table tbody tr');
      assert.equal(await rows.count(), 5, 'the five explains that were answered 200');
      assert.match((await page.locator('#history-summary').textContent())!, /^5 /);
      await page.getByLabel('Mode').selectOption('security');
      await page.getByRole('button', { name: 'Filter' }).click();
      assert.equal(new URL(page.url()).searchParams.get('mode'), 'security');
      assert.equal(await rows.count(), 0, 'none in security mode');
      await page.getByRole('link', { name: 'Clear filters' }).click();
      assert.equal(await rows.count(), 5);

      await page
        .getByRole('link', { name: /^Open the Python explanation/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Python explanation, standard mode' }).waitFor();
      const id = new URL(page.url()).pathname.split('/').at(-1)!;
      const account = (await handle.store.findAccountByEmail(freeThenPro))!;
      const saved = (await handle.store.getExplanation(account.id, id))!;
      assert.equal((await page.locator('pre code').first().textContent())!, saved.code);
      // Each section of the saved response the explanation does not already hold word for word is on the
      // page under its title, with its text: each text is shown once.
      const details = page.locator('section.sections');
      const shown = sectionsBeyondExplanation(saved);
      for (const section of shown) {
        await details.getByRole('heading', { name: section.title, exact: true }).waitFor();
      }
      assert.equal(await details.locator('details.section').count(), shown.length);
      assert.equal(await page.locator('section.suggestions li.suggestion').count(), saved.suggestions.length);

      await page.getByRole('link', { name: 'Delete this explanation…' }).click();
      await page.getByRole('heading', { level: 1, name: 'Delete this explanation?' }).waitFor();
      await page.getByRole('button', { name: 'Delete explanation' }).click();
      await page.getByRole('status').filter({ hasText: 'The explanation is deleted.' }).waitFor();
      assert.equal(await rows.count(), 4);
      assert.equal(await handle.store.getExplanation(account.id, id), null);
    });

    it('replaces a key at once: the old one gets 401, the new one 200', async () => {
      // An account the admin command makes with a password, so its quota is its own.
      const created = (await admin(
        ['accounts:create', '--email', roller, '--plan', 'pro', '--password-stdin'],
        PASSWORD,
      )) as { plan?: unknown };
      assert.equal(created.plan, 'pro');
      const { page } = await person();
      await signIn(page, roller);
      const old = await generate(page, 'laptop');
      await visit(page, '/settings/developer');
      const row = keyRow(page, 'laptop');
      await row.getByLabel('Old key stops').selectOption({ label: 'immediately' });
      await row.getByRole('button', { name: 'Replace' }).click();
      const fresh = (await page.locator('#new-key').textContent())!.trim();
      assert.notEqual(fresh, old);
      assert.match(
        (await page.locator('.reveal').textContent())!,
        /The key it replaces is revoked and no longer works/,
      );
      pastAuthCache();
      assert.equal((await call(`${url}/api/explanations`, old)).status, 401);
      assert.equal(await explain(fresh), 200);
      rollerKey = fresh;
    });

    it('replaces a key with a 1-hour grace period: both work until it ends, then the old one is refused as expired', async () => {
      const { page } = await person();
      await signIn(page, roller);
      await visit(page, '/settings/developer');
      const working = keyRow(page, 'laptop').filter({ hasText: 'Active' });
      assert.equal(await working.count(), 1);
      const before = (await working.locator('code').textContent())!.replace('…', '');
      await working.getByLabel('Old key stops').selectOption({ label: 'after 1 hour' });
      await working.getByRole('button', { name: 'Replace' }).click();
      const fresh = (await page.locator('#new-key').textContent())!.trim();
      assert.match((await page.locator('.reveal').textContent())!, /keeps working until .* UTC, then stops/);
      await page.reload();
      const expiring = page.locator('main table tbody tr').filter({ hasText: before });
      assert.match((await expiring.textContent())!, /Expiring at/);

      const keys = (await handle.store.listApiKeys((await handle.store.findAccountByEmail(roller))!.id))
        .filter((k) => k.revokedAt === null && k.expiresAt !== null)
        .map((k) => k.prefix);
      assert.deepEqual(keys, [before], 'the store agrees on which key is expiring');
      const oldKey = rollerKey;
      assert.ok(oldKey.startsWith(before), 'the expiring key is the one the test replaced');
      assert.equal((await call(`${url}/api/explanations`, oldKey)).status, 200, 'the old key still works');
      assert.equal((await call(`${url}/api/explanations`, fresh)).status, 200);

      offset += HOUR + DEFAULT_AUTH_CACHE_TTL_MS;
      const expired = await call(`${url}/api/explanations`, oldKey);
      assert.equal(expired.status, 401);
      assert.match(((await expired.json()) as { error: { message: string } }).error.message, /expired/);
      assert.equal((await call(`${url}/api/explanations`, fresh)).status, 200);
      rollerKey = fresh;
    });

    it('revokes a key after a confirmation page: 401', async () => {
      const { page } = await person();
      await signIn(page, roller); // the hour moved above ended the earlier sessions
      await visit(page, '/settings/developer');
      const row = page.locator('main table tbody tr').filter({ hasText: 'Active' });
      await row.getByRole('link', { name: 'Revoke…' }).click();
      await page.getByRole('heading', { level: 1, name: 'Revoke “laptop”?' }).waitFor();
      await page.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByRole('status').filter({ hasText: 'The key is revoked' }).waitFor();
      assert.match(
        (await keyRow(page, 'laptop').filter({ hasText: 'Revoked' }).first().textContent())!,
        /Revoked/,
      );
      pastAuthCache();
      assert.equal((await call(`${url}/api/explanations`, rollerKey)).status, 401);
    });

    it('refuses a forged cross-origin form POST without a CSRF token with 403, and changes nothing', async () => {
      const { page } = await person();
      await signIn(page, freeThenPro);
      // Another site's page (same host, another port: the session cookie goes along) posts the form.
      const forger: Server = createServer((_request, response) => {
        response.setHeader('Content-Type', 'text/html');
        response.end(
          `<!doctype html><form method="post" action="${url}/settings/developer/keys">` +
            `<input name="name" value="forged"><button>Win a prize</button></form>`,
        );
      });
      await new Promise<void>((r) => forger.listen(0, '127.0.0.1', r));
      try {
        await page.goto(`http://127.0.0.1:${(forger.address() as AddressInfo).port}/`);
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url() === `${url}/settings/developer/keys`),
          page.getByRole('button', { name: 'Win a prize' }).click(),
        ]);
        assert.equal(response.status(), 403);
        const sent = await response.request().allHeaders();
        assert.equal(
          sent['cookie']?.includes(SESSION_COOKIE),
          true,
          'the browser sent the session cookie along',
        );
      } finally {
        forger.close();
      }
      await visit(page, '/settings/developer');
      assert.equal(await keyRow(page, 'forged').count(), 0);
      assert.equal(await page.locator('main table tbody tr').count(), 1, 'still only the ci key');
    });

    it('renders a key named <img src=x onerror=alert(1)> as text', async () => {
      const name = '<img src=x onerror=alert(1)>';
      const { page } = await person();
      await signIn(page, freeThenPro);
      await generate(page, name);
      assert.equal((await page.locator('#new-key-heading').textContent())!.trim(), `Your new key “${name}”`);
      await page.reload();
      assert.equal(await keyRow(page, name).count(), 1, 'the name is a cell’s text');
      assert.equal(await page.locator('main img').count(), 0, 'and no image');
      // afterEach: no dialog was opened and no script error happened.
    });

    it('sets the session cookie HttpOnly and SameSite=Lax, not Secure over plain HTTP', async () => {
      const { page, context } = await person();
      await signIn(page, freeThenPro);
      const session = (await context.cookies(url)).find((c) => c.name === SESSION_COOKIE);
      assert.ok(session, 'a session cookie');
      assert.equal(session.httpOnly, true);
      assert.equal(session.sameSite, 'Lax');
      assert.equal(session.secure, false);
      assert.equal(
        await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.cookie.includes('cex_')),
        false,
        'scripts cannot read it',
      );
    });

    it('over HTTPS (HTTP/2 in the browser), sets the session cookie Secure and sends HSTS', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cex-e2e-tls-'));
      const certificate = await makeCertificate(dir);
      const store = await openAnotherStore(handle);
      const limiter = await openTestLimiter(handle.mongo ? 'redis' : 'memory', { quotas: QUOTAS });
      const secure = await startServer({ store, limiter, clock, tls: certificate });
      try {
        const watched = await openPage(browser!, { ignoreHTTPSErrors: true });
        opened.push(watched);
        const { page, context } = watched;
        const response = await page.goto(`${secure.url}/sign-in`);
        assert.equal(response?.headers()['strict-transport-security'], 'max-age=31536000');
        // The page's own record of how it was fetched (a string: these tests are typed without the DOM's types).
        const protocol = () =>
          page.evaluate<string>("performance.getEntriesByType('navigation')[0].nextHopProtocol");
        assert.equal(await protocol(), 'h2');
        await signIn(page, freeThenPro);
        // Signed in through the form's POST and its redirect, still over HTTP/2.
        assert.equal(await protocol(), 'h2');
        const session = (await context.cookies(secure.url)).find((c) => c.name === SESSION_COOKIE);
        assert.ok(session, 'a session cookie');
        assert.deepEqual([session.secure, session.httpOnly, session.sameSite], [true, true, 'Lax']);
      } finally {
        await secure.close();
        await limiter.close();
        await store.close();
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('"Sign out everywhere" ends the session in another browser', async () => {
      const here = await person();
      const there = await person();
      await signIn(here.page, freeThenPro);
      await signIn(there.page, freeThenPro);
      await visit(here.page, '/account');
      await here.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await here.page
        .getByRole('status')
        .filter({ hasText: 'Every session of your account has ended.' })
        .waitFor();
      await there.page.goto(`${url}/settings/developer`);
      assert.equal(new URL(there.page.url()).pathname, '/sign-in', 'the other browser is signed out');
    });

    it('counts exactly 200 concurrent requests across two app instances, and GET /api/usage says what the page says', async () => {
      const email = uniqueEmail('e2e-busy');
      await admin(
        ['accounts:create', '--email', email, '--plan', 'enterprise', '--password-stdin'],
        PASSWORD,
      );
      const { page } = await person();
      await signIn(page, email);
      const key = await generate(page, 'busy');

      // A second instance of the service on the same store and quota counters, as behind a load balancer.
      const store = await openAnotherStore(handle);
      const limiter = await openTestLimiter(handle.mongo ? 'redis' : 'memory', {
        quotas: QUOTAS,
        namespace: limiterNamespace,
      });
      const recorder = createUsageRecorder({ store, flushIntervalMs: 50 });
      const second = await startServer({
        store,
        limiter,
        usage: recorder,
        clock,
        config: { trustProxy: true },
      });
      try {
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) => {
            const target = i % 2 === 0 ? url : second.url;
            return i % 10 === 0
              ? postJson(`${target}/api/explain`, key, { code: `x = ${i}\n`, language: 'python' })
              : call(`${target}/api/explanations?limit=1`, key);
          }),
        );
        assert.deepEqual(
          answers.map((a) => a.status),
          answers.map(() => 200),
        );
      } finally {
        // As in a graceful shutdown: the second instance's last counts are written.
        await second.close();
        await recorder.close();
        await limiter.close();
        await store.close();
      }

      await usageShows(page, ['200', '0', '0', '0', '200']);
      assert.deepEqual(await legendAtLastPoint(page, 'chart-hours'), {
        '2xx': '200',
        '4xx': '0',
        '429': '0',
        '5xx': '0',
      });
      assert.deepEqual(await tableRows(page, 'table-languages'), [['python', '20']]);

      // The API's answer, bucket by bucket, is the page's tables. A GET /api/usage is itself counted, so the
      // API is asked with another key of the account, and both are filtered to the busy key.
      const reader = await generate(page, 'reader');
      await visit(page, '/usage');
      await page.getByLabel('Key').selectOption({ label: `busy (${key.slice(0, 12)}…)` });
      await page.getByRole('button', { name: 'Show' }).click();
      const keyId = new URL(page.url()).searchParams.get('key');
      assert.ok(keyId, 'the filter is in the address');
      assert.match((await page.locator('#usage-summary').textContent())!, /Key “busy”: 200 requests/);
      for (const [granularity, table] of [
        ['hour', 'table-hours'],
        ['day', 'table-days'],
      ] as const) {
        const rows = await tableRows(page, table);
        // The app's clock, which the page's windows end at (the tests above moved it on).
        const from = new Date(clock() - (granularity === 'hour' ? 23 * HOUR : 29 * 24 * HOUR));
        const query = new URLSearchParams({ granularity, from: from.toISOString(), keyId });
        const response = await call(`${url}/api/usage?${query}`, reader);
        const usage: UsageResponse = usageResponseSchema.parse(await response.json());
        const byApi = usage.buckets.map((b) => [
          ...OUTCOMES.map((o) => String(b.outcomes[o])),
          String(OUTCOMES.reduce((sum, o) => sum + b.outcomes[o], 0)),
        ]);
        assert.deepEqual(
          rows.map((r) => r.slice(1, 6)),
          byApi,
          `${granularity}: the page's rows are the API's buckets`,
        );
        assert.equal(usage.totals.requests, 200);
      }
    });

    it('has no serious or critical axe-core violations on any page, in light and dark', async () => {
      const NOT_FOUND = '/settings/developer/keys/nosuchkey000/revoke';
      for (const colorScheme of ['light', 'dark'] as const) {
        const watched = await openPage(browser!, { headers: { 'X-Forwarded-For': address() }, colorScheme });
        opened.push(watched);
        const { page } = watched;
        const check = async (what: string) =>
          assert.deepEqual(await seriousViolations(page), [], `${what} (${colorScheme})`);
        for (const path of ['/sign-in', '/sign-up']) {
          await page.goto(`${url}${path}`);
          await check(`${path}, signed out`);
        }
        // The pro account, with keys and usage: every page the tests above showed, and an error page.
        await signIn(page, freeThenPro);
        for (const path of new Set([...shown, NOT_FOUND].filter((p) => !p.startsWith('/sign-')))) {
          const status = (await page.goto(`${url}${path}`))?.status();
          assert.ok(status === 200 || path === NOT_FOUND, `${path} answers ${status}`);
          await check(path);
        }
        await visit(page, '/settings/developer');
        await keyRow(page, 'ci').getByRole('link', { name: 'Revoke…' }).click();
        await page.getByRole('button', { name: 'Revoke key' }).waitFor();
        await check('the revoke confirmation');
        await visit(page, '/history');
        await page
          .getByRole('link', { name: /^Open the Python explanation/ })
          .first()
          .click();
        await page.getByRole('link', { name: 'Delete this explanation…' }).waitFor();
        await check('a saved explanation');
        await page.getByRole('link', { name: 'Delete this explanation…' }).click();
        await page.getByRole('button', { name: 'Delete explanation' }).waitFor();
        await check('the delete confirmation');
        await generate(page, `axe ${colorScheme}`);
        await check('a revealed key');
      }
    });
  });
}
