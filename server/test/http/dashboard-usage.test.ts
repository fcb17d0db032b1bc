/**
 * The dashboard's usage page over real HTTP, on the real app, with FerretDB
 * and Redis and with the embedded defaults: after a known mix of requests
 * (explains that succeed, one refused as invalid, two over the quota), the
 * page's tables and its charts' data hold exactly those counts, the filter by
 * key narrows them, and `GET /api/usage` answers the same numbers. The
 * current minute's use against the plan's quota is the rate limiter's count,
 * read without counting: K requests show as K of the quota.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { OUTCOMES, type UsageResponse } from '@code-explain/shared';
import { Browser, csrfTokenIn, mainText, type Page } from './support/browser.js';
import { midHourClock } from './support/clock.js';
import { startDashboardServer, type DashboardServer } from './support/dashboard.js';
import { BACKENDS, call, postJson, type StoreHandle, type TestServer } from './support/harness.js';

const PASSWORD = 'plum tractor evening';
/** Small enough to reach in a test: the sixth request of a minute is over it. */
const QUOTAS = { pro: 5, enterprise: 100_000 };
const SNIPPET = { code: 'def double(x):\n    return x * 2\n', language: 'python' };

interface ChartData {
  readonly outcomes: readonly string[];
  readonly charts: readonly {
    readonly target: string;
    readonly buckets: readonly { readonly start: string; readonly outcomes: Record<string, number> }[];
  }[];
}

/** The rows of a table on the page: header cell and the cells after it, as text. */
function tableRows(body: string, id: string): string[][] {
  const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(body)?.[1];
  assert.ok(table, `no table ${id}`);
  const rows = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '';
  return [...rows.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      cell[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** The usage page's sentence on the current minute, as text. */
function quotaSentence(page: Page): string {
  const sentence = /<p id="quota-now"[^>]*>([\s\S]*?)<\/p>/.exec(page.body)?.[1];
  assert.ok(sentence !== undefined, 'the page says how much of the quota this minute has used');
  return sentence
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function chartData(page: Page): ChartData {
  const json = /<script type="application\/json" id="usage-data">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
  assert.ok(json, 'the charts have their data on the page');
  return JSON.parse(json) as ChartData;
}

for (const backend of BACKENDS) {
  describe(`dashboard usage page (${backend})`, function () {
    this.timeout(60_000);
    let handle: StoreHandle;
    let server: TestServer;
    let running: DashboardServer | undefined;

    before(async () => {
      running = await startDashboardServer(backend, 'dashboard-usage', {
        // The tests check which hour and day their requests are counted in.
        clock: midHourClock(),
        limiter: { quotas: QUOTAS, namespace: `usage-page-${randomBytes(4).toString('hex')}` },
      });
      ({ handle, server } = running);
    });

    after(async () => {
      await running?.close();
    });

    /** A signed-in account on `plan` with a key per name. */
    async function accountWithKeys(plan: 'free' | 'pro' | 'enterprise', names: readonly string[]) {
      const b = new Browser(server.url, { 'X-Forwarded-For': `10.${[...randomBytes(3)].join('.')}` });
      const email = `usage-${randomBytes(4).toString('hex')}@example.test`;
      await b.submit('/sign-up', '/sign-up', { email, password: PASSWORD });
      const account = await handle.store.findAccountByEmail(email);
      assert.ok(account);
      await handle.store.setAccountPlan(account.id, plan);
      const keys: string[] = [];
      for (const name of names) {
        const page = await b.get('/settings/developer');
        await b.post('/settings/developer/keys', {
          _csrf: csrfTokenIn(page.body, '/settings/developer/keys'),
          name,
        });
        const shown = /<code id="new-key">([^<]+)<\/code>/.exec(
          (await b.get('/settings/developer')).body,
        )?.[1];
        assert.ok(shown);
        keys.push(shown);
      }
      return { b, account, keys };
    }

    it('shows exactly the requests made, 429s included, per hour and day, and filters by key', async () => {
      const { b, account, keys } = await accountWithKeys('pro', ['ci', 'laptop']);
      const [ci, laptop] = keys as [string, string];

      // Five within the quota (three explains and an invalid one with ci, one with laptop), two over it.
      for (let i = 0; i < 3; i++)
        assert.equal((await postJson(`${server.url}/api/explain`, ci, SNIPPET)).status, 200);
      assert.equal((await postJson(`${server.url}/api/explain`, ci, {})).status, 400);
      assert.equal((await postJson(`${server.url}/api/explain`, laptop, SNIPPET)).status, 200);
      for (let i = 0; i < 2; i++)
        assert.equal((await postJson(`${server.url}/api/explain`, ci, SNIPPET)).status, 429);

      const page = await b.get('/usage');
      assert.equal(page.status, 200);
      const hours = tableRows(page.body, 'table-hours');
      assert.equal(hours.length, 24, 'the last 24 hours, one row each');
      const expected = { '2xx': 4, '4xx': 1, '429': 2, '5xx': 0 };
      // Columns: hour, 2xx, 4xx, 429, 5xx, total.
      assert.deepEqual(hours[hours.length - 1]!.slice(1), ['4', '1', '2', '0', '7']);
      assert.ok(hours.slice(0, -1).every((row) => row.slice(1).every((cell) => cell === '0')));
      const days = tableRows(page.body, 'table-days');
      assert.equal(days.length, 30);
      assert.deepEqual(days[days.length - 1]!.slice(1, 6), ['4', '1', '2', '0', '7']);
      assert.match(days[days.length - 1]![6]!, /^\d[\d,]* ms$/, 'a median latency');
      assert.deepEqual(tableRows(page.body, 'table-languages'), [['python', '4']]);
      assert.match(mainText(page.body), /All keys: 7 requests in the last 30 days \(2 over the quota, 429\)/);
      assert.match(
        page.body,
        /<script nonce="[^"]+" src="\/assets\/usage-charts-[A-Z0-9]+\.js" defer><\/script>/,
      );

      // The charts draw the same numbers as the tables.
      const data = chartData(page);
      assert.deepEqual(data.outcomes, OUTCOMES);
      const lastHour = data.charts.find((c) => c.target === 'chart-hours')!.buckets.at(-1)!;
      assert.deepEqual(lastHour.outcomes, expected);

      // Filtered by the laptop key: its one request.
      const [laptopRecord] = (await handle.store.listApiKeys(account.id)).filter((k) => k.name === 'laptop');
      const filtered = await b.get(`/usage?key=${laptopRecord!.id}`);
      assert.deepEqual(tableRows(filtered.body, 'table-hours').at(-1)!.slice(1), ['1', '0', '0', '0', '1']);
      assert.match(filtered.body, /<option value="[^"]+" selected>\s*laptop/);
      assert.equal((await b.get('/usage?key=nosuchkey000')).status, 404);
    });

    // Another account, within its quota, so it may ask the API afterwards.
    it('answers GET /api/usage with the numbers the page shows, per hour and per day', async () => {
      const { b, keys } = await accountWithKeys('enterprise', ['ci']);
      const [ci] = keys as [string];
      for (let i = 0; i < 3; i++)
        assert.equal((await postJson(`${server.url}/api/explain`, ci, SNIPPET)).status, 200);
      assert.equal((await postJson(`${server.url}/api/explain`, ci, {})).status, 400);
      const page = await b.get('/usage');
      const data = chartData(page);
      // Each API call is itself a request, counted once it is answered: the second sees the first.
      let calls = 0;
      for (const [granularity, target, table] of [
        ['hour', 'chart-hours', 'table-hours'],
        ['day', 'chart-days', 'table-days'],
      ] as const) {
        const response = await call(`${server.url}/api/usage?granularity=${granularity}`, ci);
        assert.equal(response.status, 200);
        const api = (await response.json()) as UsageResponse;
        const shown = tableRows(page.body, table).map((row) =>
          row.slice(1, 6).map((n) => Number(n.replace(/,/g, ''))),
        );
        const last = shown[shown.length - 1]!;
        last[0]! += calls;
        last[4]! += calls;
        assert.deepEqual(
          api.buckets.map((bucket) => [...OUTCOMES.map((o) => bucket.outcomes[o]), bucket.requests]),
          shown,
        );
        const chart = data.charts.find((c) => c.target === target)!.buckets;
        assert.deepEqual(
          api.buckets.map((bucket) => bucket.start),
          chart.map((bucket) => bucket.start),
        );
        assert.deepEqual(api.totals.outcomes, { '2xx': 3 + calls, '4xx': 1, '429': 0, '5xx': 0 });
        calls++;
      }
    });

    it('shows the current minute’s requests against the plan’s quota, without counting the visit', async () => {
      const { b, keys } = await accountWithKeys('pro', ['ci', 'laptop']);
      const [ci, laptop] = keys as [string, string];
      const minute = async () => quotaSentence(await b.get('/usage'));

      assert.equal(await minute(), '0 of 5 requests this minute; the next request starts the minute.');
      // Three requests with two keys: one quota for the account.
      assert.equal((await call(`${server.url}/api/explanations`, ci)).status, 200);
      assert.equal((await call(`${server.url}/api/explanations`, laptop)).status, 200);
      assert.equal((await postJson(`${server.url}/api/explain`, ci, {})).status, 400);
      const shown = await minute();
      const match = /^3 of 5 requests this minute, resets in (\d+) s\.$/.exec(shown);
      assert.ok(match, shown);
      assert.ok(Number(match[1]) >= 1 && Number(match[1]) <= 60, `resets within the minute: ${shown}`);
      // Reading it counted nothing: the API still has two requests left, then refuses.
      assert.match(await minute(), /^3 of 5 requests this minute/);
      const response = await call(`${server.url}/api/explanations`, ci);
      assert.equal(response.headers.get('x-ratelimit-remaining'), '1');
      assert.equal((await call(`${server.url}/api/explanations`, ci)).status, 200);
      assert.equal((await call(`${server.url}/api/explanations`, ci)).status, 429);
      assert.match(await minute(), /^5 of 5 requests this minute, resets in \d+ s\.$/);
    });

    it('shows an enterprise quota, and says a free account has none', async () => {
      const enterprise = await accountWithKeys('enterprise', ['ci']);
      for (let i = 0; i < 2; i++)
        assert.equal((await call(`${server.url}/api/explanations`, enterprise.keys[0]!)).status, 200);
      assert.match(
        quotaSentence(await enterprise.b.get('/usage')),
        /^2 of 100,000 requests this minute, resets in/,
      );
      const free = await accountWithKeys('free', []);
      assert.equal(
        quotaSentence(await free.b.get('/usage')),
        'The Free plan has no API access, so there is no quota to use.',
      );
    });
  });
}
