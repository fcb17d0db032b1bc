/**
 * The dashboard's history pages over real HTTP, on the real app, with
 * FerretDB and Redis and with the embedded defaults: explanations made through
 * the API are listed (newest first, paged and filtered as `GET
 * /api/explanations` pages and filters them), each opens rendered by the
 * shared renderer with the code as text, and one is deleted after a
 * confirmation (CSRF-checked), back to the same filtered list with a notice.
 * Another account's explanation is a 404 to every history route.
 */
import assert from 'node:assert/strict';
import type { ListResponse } from '@code-explain/shared';
import { createAccountService } from '../../src/service/accounts.js';
import { Browser, csrfTokenIn, mainText, type Page } from './support/browser.js';
import {
  address,
  assertRedirect,
  startDashboardServer,
  uniqueEmail,
  type DashboardServer,
} from './support/dashboard.js';
import { BACKENDS, call, postJson, type StoreHandle, type TestServer } from './support/harness.js';

const PASSWORD = 'plum tractor evening';
const HOSTILE_CODE = 'def greet(name):\n    return "<script>alert(1)</script>" + name\n';

/** The ids of the history table's rows, in order. */
function rowIds(page: Page): string[] {
  return [...page.body.matchAll(/<tr data-id="([^"]+)">/g)].map((m) => m[1]!);
}

for (const backend of BACKENDS) {
  describe(`dashboard history (${backend})`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let running: DashboardServer | undefined;

    before(async () => {
      running = await startDashboardServer(backend, 'dashboard-history');
      ({ handle, server } = running);
    });

    after(async () => {
      await running?.close();
    });

    /** A signed-in Pro account with a key. */
    async function signedInWithKey(): Promise<{ b: Browser; key: string }> {
      const b = new Browser(server.url, { 'X-Forwarded-For': address() });
      const email = uniqueEmail('history');
      assertRedirect(await b.submit('/sign-up', '/sign-up', { email, password: PASSWORD }), '/');
      const accounts = createAccountService({ store: handle.store });
      await accounts.setPlan(email, 'pro');
      const { key } = await accounts.createKey(email, 'history test');
      return { b, key };
    }

    async function explain(key: string, body: Record<string, unknown>): Promise<string> {
      const response = await postJson(`${server.url}/api/explain`, key, body);
      assert.equal(response.status, 200);
      return ((await response.json()) as { id: string }).id;
    }

    async function apiList(key: string, query: string): Promise<ListResponse> {
      const response = await call(`${server.url}/api/explanations?${query}`, key);
      assert.equal(response.status, 200);
      return (await response.json()) as ListResponse;
    }

    it('sends a visitor who is not signed in to sign in', async () => {
      const b = new Browser(server.url, { 'X-Forwarded-For': address() });
      assertRedirect(await b.get('/history'), '/sign-in');
      assertRedirect(await b.get('/history/abc123'), '/sign-in');
    });

    it('lists, pages and filters as the API does, and opens one rendered with the code as text', async () => {
      const { b, key } = await signedInWithKey();
      const made = [
        await explain(key, { code: 'def a(x):\n    return x\n', language: 'python', mode: 'standard' }),
        await explain(key, { code: 'function b(x) { return x; }', language: 'javascript' }),
        await explain(key, {
          code: HOSTILE_CODE,
          language: 'python',
          mode: 'learning',
          audience: 'beginner',
        }),
        await explain(key, { code: 'def c(x):\n    if x:\n        return 1\n', language: 'python' }),
        await explain(key, { code: 'const d = (x) => x * 2;', language: 'javascript', mode: 'security' }),
      ];

      const all = await b.get('/history');
      assert.equal(all.status, 200);
      assert.match(all.body, /<a href="\/history">History<\/a>/, 'a link in the navigation');
      assert.match(mainText(all.body), /5 saved explanations\./);
      assert.deepEqual(rowIds(all), [...made].reverse(), 'newest first');
      // Each row's excerpt is the explanation's start, its `code` spans rendered, and nothing of the code runs.
      assert.match(all.body, /<td>This Python snippet \(3 lines\) defines function <code>c\(x\)<\/code>/);
      assert.ok(!all.body.includes('<script>alert(1)'), 'the hostile code is text in the list too');
      assert.match(all.body, /<caption>\s*Saved explanations, newest first: page 1 of 1\s*<\/caption>/);

      // The API's page semantics: page 2 of 2 per page is the API's page 2.
      const second = await b.get('/history?limit=2&page=2');
      assert.deepEqual(
        rowIds(second),
        (await apiList(key, 'limit=2&page=2')).items.map((i) => i.id),
      );
      assert.match(mainText(second.body), /Page 2 of 3/);
      assert.match(second.body, /<a href="\/history\?page=3&amp;limit=2" rel="next">Next page<\/a>/);
      assert.match(second.body, /<a href="\/history\?limit=2" rel="prev">Previous page<\/a>/);

      // Filters, as the GET form sends them (an empty field is "all").
      const python = await b.get('/history?language=python&mode=');
      assert.deepEqual(
        rowIds(python),
        (await apiList(key, 'language=python&limit=20')).items.map((i) => i.id),
      );
      assert.equal(rowIds(python).length, 3);
      assert.match(python.body, /<option value="python" selected>/);
      const learning = await b.get('/history?language=python&mode=learning');
      assert.deepEqual(rowIds(learning), [made[2]]);
      assert.match(mainText(learning.body), /1 saved explanations match these filters\./);
      const none = await b.get('/history?language=rust');
      assert.deepEqual(rowIds(none), []);
      assert.match(mainText(none.body), /No saved explanations match these filters\./);
      const beyond = await b.get('/history?limit=2&page=9');
      assert.match(
        mainText(beyond.body),
        /There is no page 9: the list has 3 pages\. Go to the last page ?\./,
      );

      // What the API refuses, the page refuses with a 400 that says why.
      for (const query of ['page=0', 'language=klingon', 'mode=loud', 'limit=101', 'page=1&page=2']) {
        const refused = await b.get(`/history?${query}`);
        assert.equal(refused.status, 400, query);
        assert.match(mainText(refused.body), /The history filter could not be read/);
      }

      // One explanation, through the shared renderer; the code is text, never markup.
      const shown = await b.get(`/history/${made[2]}`);
      assert.equal(shown.status, 200);
      const text = mainText(shown.body);
      assert.match(text, /Python explanation, learning mode/);
      assert.match(text, /Language Python Mode learning Audience beginner/);
      assert.ok(
        shown.body.includes('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;'),
        'the code, escaped',
      );
      assert.ok(!/<script(?![^>]*nonce)/.test(shown.body), 'no script element but the page’s own');
      for (const heading of ['Code', 'Explanation', 'Metrics', 'Suggestions'])
        assert.match(shown.body, new RegExp(`<h2 id="[a-z-]+">${heading}</h2>`), heading);
      assert.match(shown.body, /<article class="card metric reading-\w+" data-metric="cognitive"/);
      assert.ok(!shown.body.includes('data-action="reveal"'), 'no editor to reveal lines in');
      assert.match(
        shown.body,
        new RegExp(`<a href="/history/${made[2]}/delete">Delete this explanation…</a>`),
      );
    });

    it('deletes one after a confirmation, CSRF-checked, and goes back to the same list with a notice', async () => {
      const { b, key } = await signedInWithKey();
      const keep = await explain(key, { code: 'x = 1\n', language: 'python' });
      const gone = await explain(key, { code: 'y = 2\n', language: 'python' });
      await explain(key, { code: 'let z = 3;', language: 'javascript' });

      const list = await b.get('/history?language=python');
      const link = `/history/${gone}/delete?language=python`;
      assert.ok(
        list.body.includes(`href="${link}"`),
        'each row links to its confirmation, keeping the filters',
      );
      const confirm = await b.get(link);
      assert.equal(confirm.status, 200);
      assert.match(mainText(confirm.body), /Delete this explanation\?/);
      assert.match(confirm.body, /<input type="hidden" name="language" value="python" \/>/);
      assert.match(confirm.body, /<a href="\/history\?language=python">Cancel<\/a>/);
      const action = `/history/${gone}/delete`;
      const token = csrfTokenIn(confirm.body, action);

      // Forged: no token, or no Origin. Nothing is deleted.
      assert.equal((await b.post(action, { language: 'python' })).status, 403);
      assert.equal((await b.post(action, { _csrf: token }, { origin: 'https://evil.example' })).status, 403);
      assert.equal((await call(`${server.url}/api/explanations/${gone}`, key)).status, 200);

      assertRedirect(
        await b.post(action, { _csrf: token, language: 'python', mode: '', page: '1', limit: '20' }),
        '/history?language=python&done=deleted',
      );
      const after = await b.get('/history?language=python&done=deleted');
      assert.match(after.body, /<p class="notice" role="status">The explanation is deleted\.<\/p>/);
      assert.deepEqual(rowIds(after), [keep]);
      assert.equal(
        (await call(`${server.url}/api/explanations/${gone}`, key)).status,
        404,
        'gone from the API too',
      );
      // Deleting it again: it is no longer there.
      assert.equal((await b.post(action, { _csrf: token })).status, 404);
    });

    it('answers another account’s explanation, and an id that cannot be one, with a 404 page', async () => {
      const owner = await signedInWithKey();
      const theirs = await explain(owner.key, { code: 'secret = 42\n', language: 'python' });
      const other = await signedInWithKey();
      const mine = await explain(other.key, { code: 'mine = 1\n', language: 'python' });

      for (const path of [
        `/history/${theirs}`,
        `/history/${theirs}/delete`,
        '/history/not-an-id!',
        '/history/nosuchid000',
      ]) {
        const page = await other.b.get(path);
        assert.equal(page.status, 404, path);
        assert.match(mainText(page.body), /This account has no saved explanation with that id\./);
        assert.ok(!page.body.includes('secret = 42'));
      }
      assert.deepEqual(rowIds(await other.b.get('/history')), [mine], 'only its own in its list');
      // Its own CSRF token, a well-formed request: still not its explanation to delete.
      const token = csrfTokenIn(
        (await other.b.get(`/history/${mine}/delete`)).body,
        `/history/${mine}/delete`,
      );
      assert.equal((await other.b.post(`/history/${theirs}/delete`, { _csrf: token })).status, 404);
      assert.equal((await call(`${server.url}/api/explanations/${theirs}`, owner.key)).status, 200);
    });
  });
}
