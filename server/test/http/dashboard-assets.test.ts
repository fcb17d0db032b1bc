/**
 * The dashboard's browser code over real HTTP: the page scripts bundled from
 * client/ (dashboard/bundle.ts) are files at addresses that name their
 * content's hash, served as JavaScript for a year; pages load them with the
 * response's nonce and carry no inline script code or handlers, under a CSP
 * without 'unsafe-inline'. The new key's Copy button is the bundle's.
 */
import assert from 'node:assert/strict';
import { createAccountService } from '../../src/service/accounts.js';
import { Browser, type Page } from './support/browser.js';
import {
  address,
  assertRedirect,
  startDashboardServer,
  uniqueEmail,
  type DashboardServer,
} from './support/dashboard.js';
import { BACKENDS, type StoreHandle, type TestServer } from './support/harness.js';

const PASSWORD = 'plum tractor evening';

/** Every <script> of a page: its attributes and its inline text. */
function scripts(page: Page): { attributes: string; text: string }[] {
  return [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attributes: m[1]!,
    text: m[2]!.trim(),
  }));
}

/** The page's one script file, checked: nonce'd, deferred, no inline code; its address. */
function scriptFile(page: Page, entry: string): string {
  const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
  assert.ok(nonce, 'a nonce in the CSP');
  const all = scripts(page);
  const files = all.filter((s) => / src="/.test(s.attributes));
  assert.equal(files.length, 1, 'one script file');
  const [file] = files;
  assert.equal(file!.text, '', 'no inline code');
  assert.ok(file!.attributes.includes(`nonce="${nonce}"`), 'the response’s nonce');
  const src = new RegExp(`src="(/assets/${entry}-[A-Z0-9]{8}\\.js)"`).exec(file!.attributes)?.[1];
  assert.ok(src, `the ${entry} script, named by its hash: ${file!.attributes}`);
  for (const script of all.filter((s) => s !== file))
    assert.match(script.attributes, /type="application\/json"/, 'any other script is data');
  assert.ok(!/\son[a-z]+=/i.test(page.body), 'no inline event handler');
  return src;
}

for (const backend of BACKENDS) {
  describe(`dashboard page scripts (${backend})`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let running: DashboardServer | undefined;

    before(async () => {
      running = await startDashboardServer(backend, 'dashboard-assets');
      ({ handle, server } = running);
    });

    after(async () => {
      await running?.close();
    });

    async function assertServed(b: Browser, src: string, contains: string): Promise<void> {
      const asset = await b.get(src);
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.ok(asset.body.includes(contains), `${src} holds ${contains}`);
      // The name without its hash, or with another, is nothing.
      assert.equal((await b.get(src.replace(/-[A-Z0-9]{8}\.js$/, '.js'))).status, 404);
      assert.equal((await b.get(src.replace(/-[A-Z0-9]{8}\.js$/, '-AAAAAAAA.js'))).status, 404);
    }

    it('loads the Copy button’s script from the bundle with a new key, and the charts’ on the usage page', async () => {
      const b = new Browser(server.url, { 'X-Forwarded-For': address() });
      const email = uniqueEmail('assets');
      assertRedirect(await b.submit('/sign-up', '/sign-up', { email, password: PASSWORD }), '/');
      await createAccountService({ store: handle.store }).setPlan(email, 'pro');
      assertRedirect(
        await b.submit('/settings/developer', '/settings/developer/keys', { name: 'ci' }),
        '/settings/developer',
      );

      const developer = await b.get('/settings/developer');
      assert.match(
        developer.body,
        /<button type="button" id="copy-key" data-copy="new-key">Copy key<\/button>/,
      );
      const policy = developer.headers.get('content-security-policy') ?? '';
      assert.ok(!policy.includes('unsafe-inline') && !policy.includes('unsafe-eval'), policy);
      await assertServed(b, scriptFile(developer, 'copy-key'), 'clipboard');
      // Without a new key to copy, no script at all.
      assert.deepEqual(scripts(await b.get('/settings/developer')), []);

      const usage = await b.get('/usage');
      await assertServed(
        b,
        scriptFile(usage, 'usage-charts'),
        'uPlot (https://github.com/leeoniya/uPlot), MIT License',
      );
      assert.equal((await b.get('/assets/uplot.js')).status, 404, 'uPlot is inside the chart script');
    });
  });
}
