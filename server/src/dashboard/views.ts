/**
 * The dashboard's pages, as functions from what they show to SafeHtml
 * (html.ts escapes every value). One layout: a skip link, a header with the
 * navigation, one <main>; forms with visible labels, autocomplete hints and
 * errors tied to their fields; light and dark colours from
 * `prefers-color-scheme`; a visible focus ring for keyboard users. The
 * stylesheets are inline and the scripts are files (client/, bundled by
 * bundle.ts); both carry the response's CSP nonce; there is no inline script
 * or handler.
 */
import {
  OUTCOMES,
  type Account,
  type ApiKeyInfo,
  type UsageCounts,
  type UsageResponse,
} from '@code-explain/shared';
import type { QuotaWindow } from '../limits/limiter.js';
// Types only: the client project emits no JavaScript for the server to load.
import type { ChartData } from './client/chart-data.js';
import { CSRF_FIELD } from './csrf.js';
import { html, SafeHtml } from './html.js';

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de;
  --accent: #0a58ca; --accent-fg: #ffffff; --panel: #f6f8fa; --error: #b42318; --ok: #1a7f37;
  --warn: #9a6700; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --accent: #4493f8;
    --accent-fg: #0d1117; --panel: #161b22; --error: #ff7b72; --ok: #3fb950;
    --warn: #d29922; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--panel); padding: .5rem; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between;
  padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); }
header .brand { font-weight: 700; color: var(--fg); text-decoration: none; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; align-items: center; }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin-top: 0; }
form.stack { display: grid; gap: 1rem; max-width: 26rem; }
label { display: grid; gap: .25rem; font-weight: 600; }
input { font: inherit; padding: .5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid var(--accent);
  background: var(--accent); color: var(--accent-fg); cursor: pointer; justify-self: start; }
button.link { background: none; border: none; color: var(--accent); padding: 0; text-decoration: underline; }
.hint { font-weight: 400; color: var(--muted); font-size: .9rem; }
.error { color: var(--error); border: 1px solid var(--error); border-radius: 6px; padding: .75rem; }
.notice { color: var(--ok); border: 1px solid var(--ok); border-radius: 6px; padding: .75rem; }
section { border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1.5rem; background: var(--panel); }
table { border-collapse: collapse; width: 100%; }
.chart { margin: .5rem 0 1rem; overflow-x: auto; }
#table-hours, #table-days { font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); }
/* A link alone in a cell is a control, not a word in a sentence: 24 px high at least (WCAG 2.2 target size). */
td > a { display: inline-block; min-height: 24px; padding: .25rem 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
select { font: inherit; padding: .4rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
form.inline, label.inline { display: inline-flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
button:disabled { opacity: .55; cursor: not-allowed; }
.reveal code { font-size: 1.05rem; word-break: break-all; }
.quota { font-size: 1.2rem; font-weight: 600; }
`;

// A constant of this module, not a value from anyone: markup as it stands.
const STYLESHEET = new SafeHtml(STYLE);

export interface PageContext {
  /** The response's CSP nonce. */
  readonly nonce: string;
  /** Set when someone is signed in. */
  readonly account?: Account | undefined;
  /** The token this page's forms carry. */
  readonly csrfToken: string;
  /** False when SIGNUP=closed: no link to sign up. */
  readonly signupOpen?: boolean;
}

export const csrfInput = (page: PageContext) =>
  html`<input type="hidden" name="${CSRF_FIELD}" value="${page.csrfToken}" />`;

function navigation(page: PageContext): SafeHtml {
  if (!page.account) {
    return html`<nav aria-label="Main">
      <ul>
        <li><a href="/sign-in">Sign in</a></li>
        ${page.signupOpen !== false && html`<li><a href="/sign-up">Sign up</a></li>`}
      </ul>
    </nav>`;
  }
  return html`<nav aria-label="Main">
    <ul>
      <li><a href="/">Home</a></li>
      <li><a href="/settings/developer">Developer settings</a></li>
      <li><a href="/usage">Usage</a></li>
      <li><a href="/history">History</a></li>
      <li><a href="/account">Account</a></li>
      <li>
        <form method="post" action="/sign-out">
          ${csrfInput(page)}<button class="link" type="submit">Sign out</button>
        </form>
      </li>
    </ul>
  </nav>`;
}

export function layout(page: PageContext, title: string, body: SafeHtml): string {
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title} · Code Explain</title>
      <style nonce="${page.nonce}">
        ${STYLESHEET}
      </style>
    </head>
    <body>
      <a class="skip" href="#main">Skip to content</a>
      <header><a class="brand" href="/">Code Explain</a>${navigation(page)}</header>
      <main id="main">${body}</main>
    </body>
  </html>`}`;
}

export function message(kind: 'error' | 'notice', text: string | undefined): SafeHtml | false {
  if (text === undefined) return false;
  return kind === 'error'
    ? html`<p class="error" role="alert" id="form-error">${text}</p>`
    : html`<p class="notice" role="status">${text}</p>`;
}

/** The aria-describedby attribute for these ids (the form's error among them when there is one), or nothing. */
function describedBy(error: string | undefined, ...ids: string[]): SafeHtml | false {
  const all = [...ids, ...(error === undefined ? [] : ['form-error'])];
  return all.length > 0 && html`aria-describedby="${all.join(' ')}"`;
}

export interface SignInView {
  readonly email?: string;
  readonly error?: string;
  readonly notice?: string;
  readonly signupOpen: boolean;
}

export function signInPage(page: PageContext, view: SignInView): string {
  return layout(
    page,
    'Sign in',
    html`<h1>Sign in</h1>
      ${message('notice', view.notice)}${message('error', view.error)}
      <form class="stack" method="post" action="/sign-in" novalidate>
        ${csrfInput(page)}
        <label
          >Email
          <input
            type="email"
            name="email"
            autocomplete="username"
            required
            value="${view.email ?? ''}"
            ${describedBy(view.error)}
        /></label>
        <label
          >Password
          <input
            type="password"
            name="password"
            autocomplete="current-password"
            required
            ${describedBy(view.error)}
        /></label>
        <button type="submit">Sign in</button>
      </form>
      ${view.signupOpen && html`<p>No account yet? <a href="/sign-up">Sign up</a>.</p>`}`,
  );
}

export interface SignUpView {
  readonly email?: string;
  readonly error?: string;
  readonly open: boolean;
}

export function signUpPage(page: PageContext, view: SignUpView): string {
  if (!view.open) {
    return layout(
      page,
      'Sign up',
      html`<h1>Sign up</h1>
        <p>
          Sign-up is closed on this service: ask its operator for an account, then
          <a href="/sign-in">sign in</a>.
        </p>`,
    );
  }
  return layout(
    page,
    'Sign up',
    html`<h1>Create an account</h1>
      <p>New accounts are on the free plan.</p>
      ${message('error', view.error)}
      <form class="stack" method="post" action="/sign-up" novalidate>
        ${csrfInput(page)}
        <label
          >Email
          <input
            type="email"
            name="email"
            autocomplete="email"
            required
            value="${view.email ?? ''}"
            ${describedBy(view.error)}
        /></label>
        <label
          >Password
          <span class="hint" id="password-hint"
            >At least 10 characters, and not one of the most common passwords.</span
          >
          <input
            type="password"
            name="password"
            autocomplete="new-password"
            required
            minlength="10"
            ${describedBy(view.error, 'password-hint')}
        /></label>
        <button type="submit">Create account</button>
      </form>
      <p>Already have an account? <a href="/sign-in">Sign in</a>.</p>`,
  );
}

const PLAN_NAMES = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' } as const;

export function homePage(page: PageContext & { readonly account: Account }): string {
  const { account } = page;
  return layout(
    page,
    'Home',
    html`<h1>Welcome</h1>
      <p>
        Signed in as <strong>${account.email}</strong>, on the
        <strong>${PLAN_NAMES[account.plan]}</strong> plan.
      </p>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p>Your API keys and how to use them are in <a href="/settings/developer">Developer settings</a>.</p>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Saved explanations</h2>
        <p>
          Every explanation made with your keys is saved: browse, open and delete them in
          <a href="/history">History</a>.
        </p>
      </section>
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <p>Change your password or sign out of every device in <a href="/account">Account</a>.</p>
      </section>`,
  );
}

export interface AccountView {
  readonly error?: string;
  readonly notice?: string;
}

export function accountPage(page: PageContext & { readonly account: Account }, view: AccountView): string {
  return layout(
    page,
    'Account',
    html`<h1>Account</h1>
      <p>
        Email: <strong>${page.account.email}</strong> · Plan:
        <strong>${PLAN_NAMES[page.account.plan]}</strong>
      </p>
      ${message('notice', view.notice)}
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <p>Changing it signs you out everywhere else.</p>
        ${message('error', view.error)}
        <form class="stack" method="post" action="/account/password" novalidate>
          ${csrfInput(page)}
          <input type="text" name="username" autocomplete="username" value="${page.account.email}" hidden />
          <label
            >Current password
            <input
              type="password"
              name="current"
              autocomplete="current-password"
              required
              ${describedBy(view.error)}
          /></label>
          <label
            >New password
            <span class="hint" id="new-password-hint"
              >At least 10 characters, and not one of the most common passwords.</span
            >
            <input
              type="password"
              name="password"
              autocomplete="new-password"
              required
              minlength="10"
              ${describedBy(view.error, 'new-password-hint')}
          /></label>
          <button type="submit">Change password</button>
        </form>
      </section>
      <section aria-labelledby="everywhere-heading">
        <h2 id="everywhere-heading">Sign out everywhere</h2>
        <p>Ends every session of this account, on every device, this one included.</p>
        <form method="post" action="/account/sign-out-everywhere">
          ${csrfInput(page)}
          <button type="submit">Sign out everywhere</button>
        </form>
      </section>`,
  );
}

const dateOf = (iso: string) => html`<time datetime="${iso}">${iso.slice(0, 10)}</time>`;
export const dateTimeOf = (iso: string) =>
  html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;

/** A key generated just now, shown on this page view only. */
export interface RevealedKey {
  readonly key: string;
  readonly name: string;
  /** Set when it replaced another key: the old one's fate, in words. */
  readonly replaced?: string;
}

export interface DeveloperView {
  readonly keys: readonly ApiKeyInfo[];
  /** The plan may generate keys; otherwise the action is shown unavailable, with the reason. */
  readonly canGenerate: boolean;
  /** Generate would exceed the cap on working keys. */
  readonly atCap: boolean;
  readonly maxKeys: number;
  readonly revealed?: RevealedKey;
  readonly error?: string;
  readonly notice?: string;
  /** The clock the statuses are told by (ms). */
  readonly now: number;
  /** The Copy button's script, loaded with a new key. */
  readonly copyScript: string;
  /** Requests per key id in the last 30 days (keys with none absent); the column is left out without it. */
  readonly requests?: Readonly<Record<string, number>>;
}

const GRACE_CHOICES: readonly (readonly [string, string])[] = [
  ['now', 'immediately'],
  ['1h', 'after 1 hour'],
  ['24h', 'after 24 hours'],
  ['7d', 'after 7 days'],
];

function keyStatus(key: ApiKeyInfo, now: number): SafeHtml {
  if (key.revokedAt !== null) return html`Revoked ${dateTimeOf(key.revokedAt)}`;
  if (key.expiresAt !== null)
    return Date.parse(key.expiresAt) > now
      ? html`<strong>Expiring at ${dateTimeOf(key.expiresAt)}</strong>`
      : html`Expired ${dateTimeOf(key.expiresAt)}`;
  return html`Active`;
}

const isWorking = (key: ApiKeyInfo, now: number) =>
  key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > now);

function revealed(page: PageContext, key: RevealedKey, copyScript: string): SafeHtml {
  return html`<section aria-labelledby="new-key-heading" class="reveal">
    <h2 id="new-key-heading">Your new key “${key.name}”</h2>
    ${key.replaced ? html`<p class="notice" role="status">${key.replaced}</p>` : false}
    <p>Copy it now: it is shown this once and never again. Anyone who has it can use your quota.</p>
    <p><code id="new-key">${key.key}</code></p>
    <p>
      <button type="button" id="copy-key" data-copy="new-key">Copy key</button>
      <span id="copy-status" class="hint" role="status" data-copy-status></span>
    </p>
    <script nonce="${page.nonce}" src="${copyScript}" defer></script>
  </section>`;
}

export function developerPage(
  page: PageContext & { readonly account: Account },
  view: DeveloperView,
): string {
  const rows = view.keys.map(
    (key) =>
      html`<tr>
        <td>${key.name}</td>
        <td><code>${key.prefix}…</code></td>
        <td>${dateOf(key.createdAt)}</td>
        <td>${key.lastUsedAt === null ? 'Never' : dateTimeOf(key.lastUsedAt)}</td>
        ${view.requests ? html`<td>${(view.requests[key.id] ?? 0).toLocaleString('en')}</td>` : false}
        <td>${keyStatus(key, view.now)}</td>
        <td>
          ${
            isWorking(key, view.now) && view.canGenerate
              ? html`<form class="inline" method="post" action="/settings/developer/keys/${key.id}/replace">
                    ${csrfInput(page)}
                    <label class="inline"
                      >Old key stops
                      <select name="grace">
                        ${GRACE_CHOICES.map(([value, label]) => html`<option value="${value}">${label}</option>`)}
                      </select></label
                    >
                    <button type="submit">Replace</button>
                  </form>
                  <a href="/settings/developer/keys/${key.id}/revoke">Revoke…</a>`
              : false
          }
        </td>
      </tr>`,
  );
  const generate = view.canGenerate
    ? view.atCap
      ? html`<p class="hint">
          This account has ${view.maxKeys} working keys, the most it may have: revoke one to generate another.
        </p>`
      : html`<form class="stack" method="post" action="/settings/developer/keys" novalidate>
          ${csrfInput(page)}
          <label
            >Key name <span class="hint" id="key-name-hint">What it is for, such as “CI” or “laptop”.</span>
            <input
              type="text"
              name="name"
              required
              maxlength="100"
              ${describedBy(view.error, 'key-name-hint')}
          /></label>
          <button type="submit">Generate API Key</button>
        </form>`
    : html`<p>
          <button type="button" disabled aria-describedby="generate-why">Generate API Key</button>
        </p>
        <p class="hint" id="generate-why">
          API keys come with the Pro and Enterprise plans; this account is on the Free plan.
        </p>`;
  return layout(
    page,
    'Developer settings',
    html`<h1>Developer settings</h1>
      ${view.revealed ? revealed(page, view.revealed, view.copyScript) : false}
      ${message('notice', view.notice)} ${message('error', view.error)}
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        ${generate}
        ${
          view.keys.length === 0
            ? html`<p>This account has no API keys.</p>`
            : html`<table>
                <caption class="hint">
                  Keys are shown by their first characters only. A replaced key keeps working until the time
                  it expires; a revoked one stops within a few seconds on every server.
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Prefix</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    ${view.requests ? html`<th scope="col">Requests, 30 days</th>` : false}
                    <th scope="col">Status</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>`
        }
      </section>`,
  );
}

export function revokePage(page: PageContext & { readonly account: Account }, key: ApiKeyInfo): string {
  return layout(
    page,
    'Revoke key',
    html`<h1>Revoke “${key.name}”?</h1>
      <p>
        Requests with the key <code>${key.prefix}…</code> will be refused within a few seconds on every
        server. This cannot be undone.
      </p>
      <form method="post" action="/settings/developer/keys/${key.id}/revoke">
        ${csrfInput(page)}
        <button type="submit">Revoke key</button>
        <a href="/settings/developer">Cancel</a>
      </form>`,
  );
}

export interface UsageView {
  /** The last 24 hours, per hour. */
  readonly hours: UsageResponse;
  /** The last 30 days, per day. */
  readonly days: UsageResponse;
  readonly keys: readonly ApiKeyInfo[];
  /** The key the page is filtered by, if any. */
  readonly keyId: string | undefined;
  /** uPlot's stylesheet, put in the page's nonce'd <style>. */
  readonly uplotCss: string;
  /** The chart script's address (assets.ts). */
  readonly chartsScript: string;
  /** The current minute against the plan's quota; absent for a plan without API access. */
  readonly minute?: QuotaWindow;
}

/** The current minute's requests against the plan's quota, from the rate limiter. */
function currentMinute(page: PageContext & { readonly account: Account }, minute: QuotaWindow | undefined) {
  const body = minute
    ? html`<p id="quota-now" class="quota">
          ${count(minute.used)} of ${count(minute.limit)} requests this
          minute${
            minute.resetsInSeconds === null
              ? html`; the next request starts the minute.`
              : html`, resets in ${minute.resetsInSeconds} s.`
          }
        </p>
        <p class="hint">
          All of the account's keys share the ${PLAN_NAMES[page.account.plan]} plan's quota; a request over it
          is refused with 429 until the reset.
        </p>`
    : html`<p id="quota-now">The Free plan has no API access, so there is no quota to use.</p>`;
  return html`<section aria-labelledby="quota-heading">
    <h2 id="quota-heading">This minute</h2>
    ${body}
  </section>`;
}

/** JSON inside a <script type="application/json">: no `<`, `>` or `&` that could end or confuse it. */
function jsonScriptBody(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026'),
  );
}

const count = (n: number) => n.toLocaleString('en');
const ms = (n: number | null) => (n === null ? '—' : n >= 60_000 ? 'over 1 min' : `${count(n)} ms`);

/** The top entries of a count record, largest first (ties by name). */
const top = (counts: Readonly<Record<string, number>>, n: number) =>
  Object.entries(counts)
    .filter(([, c]) => c > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, n);

function outcomeCells(counts: UsageCounts): SafeHtml {
  return html`${OUTCOMES.map((o) => html`<td>${count(counts.outcomes[o])}</td>`)}
    <td>${count(counts.requests)}</td>`;
}

function topTable(
  id: string,
  caption: string,
  what: string,
  entries: readonly (readonly [string, number])[],
) {
  return entries.length === 0
    ? html`<p id="${id}">No ${what.toLowerCase()}s counted in these 30 days.</p>`
    : html`<table id="${id}">
        <caption class="hint">
          ${caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">${what}</th>
            <th scope="col">Requests</th>
          </tr>
        </thead>
        <tbody>
          ${entries.map(
            ([name, n]) =>
              html`<tr>
                <td>${name}</td>
                <td>${count(n)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
}

export function usagePage(page: PageContext & { readonly account: Account }, view: UsageView): string {
  const { hours, days } = view;
  const outcomeHeads = html`${OUTCOMES.map((o) => html`<th scope="col">${o}</th>`)}
    <th scope="col">Total</th>`;
  const chartData: ChartData = {
    outcomes: OUTCOMES,
    charts: [
      {
        target: 'chart-hours',
        buckets: hours.buckets.map((b) => ({ start: b.start, outcomes: b.outcomes })),
      },
      { target: 'chart-days', buckets: days.buckets.map((b) => ({ start: b.start, outcomes: b.outcomes })) },
    ],
  };
  const keyName = view.keys.find((k) => k.id === view.keyId);
  return layout(
    page,
    'Usage',
    html`<style nonce="${page.nonce}">
        ${new SafeHtml(view.uplotCss)}
      </style>
      <h1>Usage</h1>
      <form class="inline" method="get" action="/usage">
        <label class="inline"
          >Key
          <select name="key">
            <option value="">All keys</option>
            ${view.keys.map(
              (k) =>
                html`<option value="${k.id}" ${k.id === view.keyId ? html`selected` : false}>
                  ${k.name} (${k.prefix}…)
                </option>`,
            )}
          </select></label
        >
        <button type="submit">Show</button>
      </form>
      ${currentMinute(page, view.minute)}
      <p id="usage-summary">
        ${keyName ? html`Key “${keyName.name}”: ` : html`All keys: `}${count(days.totals.requests)} requests
        in the last 30 days (${count(days.totals.outcomes['429'])} over the quota, 429),
        ${count(hours.totals.requests)} in the last 24 hours. Median latency ${ms(days.totals.latencyMs.p50)},
        95th percentile ${ms(days.totals.latencyMs.p95)}. Times are UTC; the counts are up to the last second.
      </p>
      <section aria-labelledby="hours-heading">
        <h2 id="hours-heading">Requests per hour, last 24 hours</h2>
        <div id="chart-hours" class="chart" aria-hidden="true"></div>
        <table id="table-hours">
          <caption class="hint">
            The chart's numbers: requests per hour by outcome.
          </caption>
          <thead>
            <tr>
              <th scope="col">Hour (UTC)</th>
              ${outcomeHeads}
            </tr>
          </thead>
          <tbody>
            ${hours.buckets.map(
              (b) =>
                html`<tr>
                  <th scope="row">
                    <time datetime="${b.start}">${b.start.slice(0, 10)} ${b.start.slice(11, 16)}</time>
                  </th>
                  ${outcomeCells(b)}
                </tr>`,
            )}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="days-heading">
        <h2 id="days-heading">Requests per day, last 30 days</h2>
        <div id="chart-days" class="chart" aria-hidden="true"></div>
        <table id="table-days">
          <caption class="hint">
            The chart's numbers: requests per day by outcome, with median (p50) and 95th-percentile (p95)
            latency.
          </caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              ${outcomeHeads}
              <th scope="col">p50</th>
              <th scope="col">p95</th>
            </tr>
          </thead>
          <tbody>
            ${days.buckets.map(
              (b) =>
                html`<tr>
                  <th scope="row"><time datetime="${b.start}">${b.start.slice(0, 10)}</time></th>
                  ${outcomeCells(b)}
                  <td>${ms(b.latencyMs.p50)}</td>
                  <td>${ms(b.latencyMs.p95)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="top-heading">
        <h2 id="top-heading">Top languages and modes, last 30 days</h2>
        ${topTable('table-languages', 'Explain requests per language.', 'Language', top(days.totals.languages, 10))}
        ${topTable('table-modes', 'Explain requests per mode.', 'Mode', top(days.totals.modes, 10))}
      </section>
      <script type="application/json" id="usage-data">
        ${jsonScriptBody(chartData)}
      </script>
      <script nonce="${page.nonce}" src="${view.chartsScript}" defer></script>`,
  );
}

export function errorPage(page: PageContext, status: number, title: string, text: string): string {
  return layout(
    page,
    title,
    html`<h1>${title}</h1>
      <p data-status="${status}">${text}</p>
      <p><a href="/">Back to the dashboard</a></p>`,
  );
}
