/**
 * The extension in real VS Code (code-server 4.100.3: VS Code 1.100's
 * workbench and extension host) against the real service with real FerretDB
 * and Redis, in one code-server session whose tests run in order. It installs
 * the built .vsix, sets the key through the command, explains code every way
 * a user can (context menu, Explain Selection With…, function at cursor,
 * file), uses the view's actions (reveal, Re-run, Copy as Markdown, Open raw
 * JSON), History (refresh, Load more, filters, open, delete), and the errors
 * (refused key, unreachable server with Retry, 429). Every check is against
 * what the workbench shows and what the service saved. Screenshots of the view
 * in light, dark and high-contrast themes go to test-artifacts/e2e/.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { toMarkdown } from '../../shared/src/markdown.js';
import { sectionsBeyondExplanation } from '../../shared/src/response.js';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { ApiClient } from '../../extension/src/api/client.js';
import { startService, type RunningService } from '../../extension/test/support/service.js';
import { startSession, type Session } from './support/code-server-session.js';

const run = promisify(execFile);
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ARTIFACTS = join(ROOT, 'test-artifacts', 'e2e');

// Line 1–17 is the function the test selects; the helper after it is not sent.
const ORDERS_JS = `function processOrders(orders, user) {
  var total = 0;
  for (var i = 0; i < orders.length; i++) {
    for (var j = 0; j < orders.length; j++) {
      if (orders[i].id == orders[j].id && i != j) {
        console.log('duplicate order ' + orders[i].id);
      }
    }
    if (orders[i].status === 'paid') {
      total += orders[i].amount;
    } else if (orders[i].status === 'pending') {
      document.getElementById('out').innerHTML = user.name;
    }
  }
  eval('report(' + total + ')');
  return total;
}

function helper() {
  return 1;
}
`;
const FUNCTION_LINES = 17;
/** History pages of three, so five explanations need Load more. */
const PAGE_SIZE = 3;

async function buildVsix(): Promise<string> {
  await run(process.execPath, ['extension/scripts/bundle.mjs', '--production'], { cwd: ROOT });
  const { stdout } = await run(process.execPath, ['extension/scripts/package.mjs'], { cwd: ROOT });
  const vsix = stdout.trim().split('\n').pop()!;
  assert.match(vsix, /code-explain-.*\.vsix$/);
  // What ships: the manifest, two bundles, the icon, README, CHANGELOG; no node_modules.
  const { stdout: listing } = await run('unzip', ['-Z1', vsix]);
  const files = listing.trim().split('\n').sort();
  assert.deepEqual(files, [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/changelog.md',
    'extension/dist/extension.cjs',
    'extension/dist/webview.js',
    'extension/media/icon.svg',
    'extension/package.json',
    'extension/readme.md',
  ]);
  return vsix;
}

/** A loopback port nothing listens on: requests to it are refused. */
function closedPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The quick input's row whose label is exactly `label` (not a longer one that also matches). */
function pickRow(page: Page, label: string): Locator {
  return page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
    .first();
}

/**
 * Chooses a row of the open quick pick. A click on a row is sometimes
 * swallowed (the picker stays open and nothing runs); then the row is reached
 * with the arrow keys and chosen with Enter, which the picker always takes.
 */
async function chooseRow(page: Page, label: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const row = pickRow(page, label);
  await row.waitFor();
  await row.click();
  await page.waitForTimeout(300);
  if (!(await row.isVisible())) return;
  await focusRow(page, label);
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden' });
}

/** Moves the quick pick's keyboard focus to the row with this label. */
async function focusRow(page: Page, label: string): Promise<void> {
  const rows = page.locator('.quick-input-list .monaco-list-row');
  const focused = page.locator('.quick-input-list .monaco-list-row.focused .label-name');
  for (let step = 0; step < 30; step++) {
    if ((await focused.count()) > 0 && (await focused.first().innerText()).trim() === label) return;
    await page.keyboard.press(step === 0 && (await focused.count()) === 0 ? 'Home' : 'ArrowDown');
  }
  throw new Error(`no row ${label} among ${await rows.count()} rows`);
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor();
  await input.fill(`>${title}`);
  await chooseRow(page, title);
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.notification-toast', { hasText: text }).first();
}

async function notification(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  await toast(page, text).waitFor({ timeout });
}

async function clearNotifications(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notification-toast').first().waitFor({ state: 'detached' });
}

function explanationView(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

/** The view's "Mode" (etc.) fact in its header. */
function fact(page: Page, name: string): Locator {
  return explanationView(page)
    .locator('dl.facts div', { has: page.locator(`dt:text-is("${name}")`) })
    .locator('dd');
}

function sidebar(page: Page): Locator {
  return page.locator('[id="workbench.parts.sidebar"]');
}

function historyRows(page: Page): Locator {
  return sidebar(page).locator('.monaco-list-row');
}

/** Shows History whatever the side bar showed (clicking the activity bar icon would toggle it). */
async function showHistory(page: Page): Promise<void> {
  await runCommand(page, 'Code Explain: Focus on History View');
  await sidebar(page)
    .locator('.title-label h2', { hasText: /Code Explain: History/i })
    .waitFor();
}

/** A button in History's title bar (a single view's actions sit in the side bar's title). */
async function historyAction(page: Page, name: string): Promise<void> {
  await sidebar(page).hover();
  await sidebar(page).locator('.title-actions').getByRole('button', { name, exact: true }).click();
}

async function quotaText(page: Page): Promise<string> {
  return page
    .locator('.statusbar-item', { hasText: /\d+\/10000/ })
    .first()
    .innerText();
}

async function setApiKey(page: Page, key: string): Promise<void> {
  await runCommand(page, 'Code Explain: Set API Key');
  await enterApiKey(page, key);
}

async function enterApiKey(page: Page, key: string): Promise<void> {
  const input = page.locator('.quick-input-widget input[type="password"]');
  await input.waitFor();
  await input.fill(key);
  await page.keyboard.press('Enter');
  await notification(page, 'API key saved');
}

function ordersEditor(page: Page): Locator {
  return page.locator('.monaco-editor[data-uri$="/orders.js"]').first();
}

/**
 * Opens orders.js in the first editor group with the cursor at the start of
 * `line`, through the palette only (F1, then the quick-open and go-to-line
 * prefixes): no clicks into the editor, whose scroll position varies.
 */
async function openOrders(page: Page, line = 1): Promise<void> {
  // A picker a failed test left open would hold every later test: close it first.
  if (await page.locator('.quick-input-widget').isVisible()) await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await runCommand(page, 'View: Focus First Editor Group');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await page.keyboard.press('F1');
  await input.fill('orders.js');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'orders.js' }).first().waitFor();
  await page.keyboard.press('Enter');
  await ordersEditor(page).locator('.view-lines').waitFor();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page.keyboard.press('F1');
  await input.fill(`:${line}`);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: new RegExp(`line ${line}\\b`, 'i') })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await waitForSelection(page, new RegExp(`^Ln ${line}, Col 1$`));
}

/**
 * Chooses an item of the open context menu. A click on a Monaco menu item is
 * sometimes swallowed (the menu stays open and nothing runs); the item takes
 * keyboard focus on hover, so Enter chooses it whatever the pointer did. Enter
 * is pressed only while the menu is open, so it can never reach the editor.
 */
async function chooseMenuItem(page: Page, label: string): Promise<void> {
  const menu = page.locator('.monaco-menu');
  const item = menu.locator(`.action-label:text-is("${label}")`);
  await item.hover();
  await item.click();
  await page.waitForTimeout(500);
  if (await menu.isVisible()) {
    await item.hover();
    await page.keyboard.press('Enter');
  }
  await menu.waitFor({ state: 'hidden' });
}

/** Selects lines 1–17, processOrders without the helper. */
async function selectFunction(page: Page): Promise<void> {
  await openOrders(page);
  for (let i = 0; i < FUNCTION_LINES - 1; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await waitForSelection(page, /^Ln 17, Col 2 \(\d+ selected\)/);
}

async function waitForSelection(page: Page, pattern: RegExp): Promise<void> {
  await page
    .locator('.statusbar [id="status.editor.selection"]', { hasText: pattern })
    .waitFor({ timeout: 10_000 });
}

/** Sets codeExplain.serverUrl the way a user does: in the Settings editor (applies live). */
async function setServerUrl(page: Page, url: string): Promise<void> {
  await runCommand(page, 'Preferences: Open User Settings');
  await page.locator('.settings-editor .suggest-input-container textarea').waitFor();
  await page.keyboard.type('codeExplain.serverUrl');
  const input = page
    .locator('.settings-editor .setting-item-contents', { hasText: 'Server Url' })
    .first()
    .locator('input');
  await input.fill(url);
  await input.press('Enter');
  await runCommand(page, 'View: Close Editor');
  await page.locator('.settings-editor').waitFor({ state: 'detached' });
}

async function setTheme(page: Page, theme: string, bodyClass: string) {
  await runCommand(page, 'Preferences: Color Theme');
  // Wait for the theme picker itself, not the palette it replaces.
  const input = page.locator('.quick-input-widget input[placeholder*="Color Theme"]');
  await input.waitFor();
  await input.fill(theme);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: theme }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator(`.monaco-workbench.${bodyClass}`).waitFor({ timeout: 20_000 });
  // The view re-reads the theme's variables; give it a moment to repaint.
  await page.waitForTimeout(1000);
}

describe('extension end to end in code-server (real VS Code)', function () {
  // The first run installs code-server (a few minutes); later runs reuse it.
  this.timeout(15 * 60_000);
  let service: RunningService;
  let limited: RunningService;
  let session: Session;
  let key: string;
  let api: ApiClient;

  /** The account's explanations, newest first, as the service has them (each read in full). */
  async function saved() {
    const list = await api.listExplanations({ limit: 100 });
    return { ...list, items: await Promise.all(list.items.map((item) => api.getExplanation(item.id))) };
  }

  /** Waits until the service holds `count` explanations; returns the newest. */
  async function newestWhenTotal(count: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const list = await saved();
      if (list.total === count) return list.items[0]!;
      if (Date.now() > deadline)
        assert.fail(`expected ${count} saved explanations, the service has ${list.total}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    let vsix: string;
    [service, limited, vsix] = await Promise.all([
      startService({ label: 'e2e' }),
      startService({ label: 'e2elimited', proPerMinute: 1 }),
      buildVsix(),
    ]);
    key = await service.createKey();
    api = new ApiClient({ serverUrl: service.url, apiKey: () => key });
    session = await startSession({
      vsix,
      files: { 'orders.js': ORDERS_JS, 'notes.md': '# Notes\n\nNot code the API explains.\n' },
      settings: {
        'codeExplain.serverUrl': service.url,
        'codeExplain.historyPageSize': PAGE_SIZE,
        'workbench.colorTheme': 'Default Light Modern',
      },
    });
  });

  after(async () => {
    await session?.close();
    await Promise.all([service?.stop(), limited?.stop()]);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) {
      const name = this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await session.page.screenshot({ path: join(ARTIFACTS, `failed-${name}.png`) }).catch(() => undefined);
    }
  });

  it('shows the History welcome with Set API Key while no key is stored', async () => {
    const { page } = session;
    await page.locator('.activitybar [aria-label="Code Explain"]').first().click();
    await page.locator('.welcome-view-content', { hasText: 'Set your Code Explain API key' }).waitFor();
    await page.locator('.welcome-view-content .monaco-button', { hasText: 'Set API Key' }).waitFor();
  });

  it('sets the API key through the command (stored in secret storage)', async () => {
    await setApiKey(session.page, key);
    // With a key the welcome gives way to the (empty) history.
    await session.page.locator('.welcome-view-content', { hasText: 'No saved explanations yet' }).waitFor();
  });

  it('explains the selected function from the editor context menu and shows everything in the view', async () => {
    const { page } = session;
    await selectFunction(page);
    await ordersEditor(page)
      .locator('.view-line', { hasText: 'processOrders' })
      .first()
      .click({ button: 'right' });
    await chooseMenuItem(page, 'Explain Selection');

    const view = explanationView(page);
    await view.locator('h1', { hasText: 'Code explanation' }).waitFor({ timeout: 60_000 });

    // Compare with what the service saved for this account.
    const { items } = await saved();
    assert.equal(items.length, 1);
    const first = items[0]!;
    assert.match(first.code, /^function processOrders/);
    assert.ok(!first.code.includes('helper'), 'only the selection was sent');
    assert.equal(await fact(page, 'Mode').innerText(), 'standard');
    assert.equal(await fact(page, 'Audience').innerText(), 'intermediate');

    const explanationText = await view.locator('section.explanation').innerText();
    assert.ok(explanationText.includes(first.explanation.split('\n')[0]!.replace(/`/g, '').slice(0, 30)));
    const titles = await view.locator('details.section summary h3').allInnerTexts();
    // The sections the explanation does not already hold word for word: each text is shown once.
    assert.deepEqual(
      titles,
      sectionsBeyondExplanation(first).map((s) => s.title),
    );
    assert.equal(await view.locator('[data-metric]').count(), 3);
    for (const metric of ['cognitive', 'cyclomatic', 'halstead']) {
      await view.locator(`[data-metric="${metric}"] .badge.reading`).waitFor();
    }
    assert.equal(await view.locator('li.suggestion').count(), first.suggestions.length);
    assert.ok(first.suggestions.length > 0);
    await view.locator('.suggestion-group[data-type="security"]').waitFor();
    await view.locator('.suggestion-group[data-type="best_practices"]').waitFor();

    // The status bar shows the quota from the rate-limit headers.
    await page
      .locator('.statusbar-item', { hasText: /\d+\/10000/ })
      .first()
      .waitFor();

    // A suggestion's line reveals it in the source editor.
    await view.locator('li.suggestion button[data-line="12"]').click();
    await ordersEditor(page).locator('.view-line', { hasText: 'innerHTML' }).first().waitFor();
    await waitForSelection(page, /^Ln 12, Col 60 \(59 selected\)/);

    // A function in the per-function table selects its lines (1–17) in the editor.
    const unit = view.locator('table.units tbody tr', { hasText: 'processOrders' });
    assert.equal(await unit.locator('td').nth(1).innerText(), '1–17');
    await unit.locator('button[data-action="reveal"]').click();
    await waitForSelection(page, /^Ln 17, Col 2 \(\d+ selected\)/);

    // Why its numbers: under its row, what adds up to each, and each increment's line selects it.
    const why = view.locator('tr.increments').first();
    await why.locator('summary', { hasText: /^Why cognitive \d+, cyclomatic \d+$/ }).click();
    const nestedIf = why.locator('li', { hasText: 'nested 2 levels deep' }).first();
    assert.match(await nestedIf.innerText(), /^\+3\s+if, nested 2 levels deep\s+line 5$/);
    await nestedIf.locator('button[data-action="reveal"]').click();
    await waitForSelection(page, /^Ln 5, Col \d+ \(\d+ selected\)/);
    const savedRecord = (await saved()).items[0]!;
    const processOrders = savedRecord.metadata.units?.find((u) => u.name === 'processOrders');
    assert.equal(
      await why.locator('li').count(),
      processOrders?.increments?.length,
      'every increment the service sent is shown',
    );

    await view.locator('h1').scrollIntoViewIfNeeded();
    await clearNotifications(page);
    await page.screenshot({ path: join(ARTIFACTS, 'explanation-light.png') });
  });

  it('looks native in dark and high-contrast themes', async () => {
    await setTheme(session.page, 'Dark Modern', 'vs-dark');
    await explanationView(session.page).locator('[data-metric="cognitive"]').waitFor();
    await session.page.screenshot({ path: join(ARTIFACTS, 'explanation-dark.png') });
    await setTheme(session.page, 'Dark High Contrast', 'hc-black');
    await session.page.screenshot({ path: join(ARTIFACTS, 'explanation-high-contrast.png') });
    await setTheme(session.page, 'Light Modern', 'vs');
  });

  it('re-runs in place with another mode from the view', async () => {
    const { page } = session;
    const view = explanationView(page);
    const before = (await saved()).items[0]!;
    await view.locator('#rerun-mode').selectOption('quick');
    await view.locator('button[data-action="rerun"]').click();
    const rerun = await newestWhenTotal(2);
    assert.equal(rerun.mode, 'quick');
    assert.equal(rerun.audience, 'intermediate');
    assert.equal(rerun.code, before.code, 'the same code was sent again');
    await fact(page, 'Mode')
      .filter({ hasText: /^quick$/ })
      .waitFor();
    assert.equal(await fact(page, 'Audience').innerText(), 'intermediate');
    // Still one view, still revealing lines of the same source.
    assert.equal(await page.locator('.tab', { hasText: 'Explain: processOrders' }).count(), 1);
    await view.locator('li.suggestion button[data-action="reveal"]').first().waitFor();
  });

  it('copies the explanation as Markdown to the clipboard', async () => {
    const { page } = session;
    await clearNotifications(page);
    await explanationView(page).locator('button[data-action="copyMarkdown"]').click();
    await notification(page, 'copied the explanation as Markdown');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const shown = (await saved()).items[0]!;
    assert.equal(clipboard, toMarkdown(shown, 'Code explanation (javascript)'));
    assert.match(clipboard, /^# Code explanation \(javascript\)\n/);
  });

  it('opens the raw JSON in a read-only editor', async () => {
    const { page } = session;
    const shown = (await saved()).items[0]!;
    await explanationView(page).locator('button[data-action="openJson"]').click();
    const tab = page.locator('.tab', { hasText: /^explanation-\d+\.json/ });
    await tab.waitFor();
    const editor = page.locator('.monaco-editor[data-uri^="code-explain-json:"]').first();
    await editor.locator('.view-line', { hasText: '"explanation":' }).first().waitFor();
    await page
      .locator('.statusbar-item', { hasText: /^\{ \}\s*JSON$|^JSON$/ })
      .first()
      .waitFor();
    const text = (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
    const firstLine = `"explanation": ${JSON.stringify(shown.explanation).slice(0, 40)}`;
    assert.ok(text.includes(firstLine), `${firstLine} not in\n${text.slice(0, 400)}`);
    // Read-only: typing is refused, and closing asks nothing.
    await editor.click({ position: { x: 120, y: 8 } });
    await page.keyboard.type('x');
    await page
      .locator('.monaco-editor-overlaymessage', { hasText: /read-only/i })
      .first()
      .waitFor({ timeout: 10_000 });
    await runCommand(page, 'View: Close Editor');
    await tab.waitFor({ state: 'detached' });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0);
  });

  it('explains the selection with a picked mode, audience and focus areas', async () => {
    const { page } = session;
    await selectFunction(page);
    await runCommand(page, 'Code Explain: Explain Selection With…');
    const picker = page.locator('.quick-input-widget');
    const pick = async (step: string, value: string) => {
      await picker.locator('.quick-input-title', { hasText: step }).waitFor();
      await picker.locator('input[type="text"]').fill(value);
      await picker
        .locator('.monaco-list-row', { hasText: new RegExp(`^${value}`) })
        .first()
        .waitFor();
      await page.keyboard.press('Enter');
    };
    await pick('(1/3)', 'security');
    await pick('(2/3)', 'beginner');
    await picker.locator('.quick-input-title', { hasText: '(3/3)' }).waitFor();
    for (const area of ['security', 'performance']) {
      const row = picker.locator('.monaco-list-row[role="checkbox"]', { hasText: new RegExp(`^${area}$`) });
      const box = row.locator('.monaco-checkbox');
      // Dispatched on the checkbox itself: a tooltip or the pointer's position cannot take it.
      await box.dispatchEvent('click');
      await page.waitForTimeout(200);
      if ((await row.getAttribute('aria-checked')) !== 'true') await box.click();
    }
    assert.deepEqual(await picker.locator('.monaco-list-row[aria-checked="true"]').allInnerTexts(), [
      'performance',
      'security',
    ]);
    await page.keyboard.press('Enter');

    const made = await newestWhenTotal(3);
    assert.equal(made.mode, 'security');
    assert.equal(made.audience, 'beginner');
    assert.deepEqual([...made.focus].sort(), ['performance', 'security']);
    assert.match(made.code, /^function processOrders/);
    await fact(page, 'Mode')
      .filter({ hasText: /^security$/ })
      .waitFor();
    assert.equal(await fact(page, 'Audience').innerText(), 'beginner');
    assert.equal(await fact(page, 'Focus').innerText(), 'performance, security');
    // The view's Re-run pickers start from what was used.
    assert.equal(await explanationView(page).locator('#rerun-mode').inputValue(), 'security');
    assert.equal(await explanationView(page).locator('#rerun-audience').inputValue(), 'beginner');
  });

  it('explains the function around the cursor', async () => {
    const { page } = session;
    // Line 20, inside helper(); no selection.
    await openOrders(page, 20);
    await runCommand(page, 'Code Explain: Explain Function at Cursor');
    const made = await newestWhenTotal(4);
    assert.equal(made.code, 'function helper() {\n  return 1;\n}');
    assert.equal(made.mode, 'standard');
    await page.locator('.tab', { hasText: 'Explain: helper' }).waitFor();
    await explanationView(page).locator('table.units tbody tr', { hasText: 'helper' }).waitFor();
  });

  it('explains the whole file, and a function in the table selects its lines', async () => {
    const { page } = session;
    await openOrders(page);
    await runCommand(page, 'Code Explain: Explain File');
    const made = await newestWhenTotal(5);
    assert.equal(made.code, ORDERS_JS);
    await page.locator('.tab', { hasText: 'Explain: processOrders' }).waitFor();
    const units = explanationView(page).locator('table.units tbody tr');
    await units.filter({ hasText: 'helper' }).waitFor();
    assert.deepEqual(
      (await units.locator('th').allInnerTexts()).map((t) => t.trim()),
      ['processOrders', 'helper'],
    );
    await units.filter({ hasText: 'helper' }).locator('button[data-action="reveal"]').click();
    await waitForSelection(page, /^Ln 21, Col 2 \(\d+ selected\)/);
  });

  it('lists History a page at a time, filters it, opens an item without a request, and deletes one', async () => {
    const { page } = session;
    // One Python explanation made elsewhere (through the API), for the language filter.
    await api.explain({ code: 'def double(x):\n    return x * 2\n', language: 'python', mode: 'quick' });
    await showHistory(page);
    await historyAction(page, 'Refresh');
    const rows = historyRows(page);
    const loadMore = rows.filter({ hasText: 'Load more…' });
    await rows.first().filter({ hasText: 'def double(x):' }).waitFor();
    await loadMore.waitFor();
    assert.equal(await rows.count(), PAGE_SIZE + 1);

    await loadMore.click();
    await loadMore.waitFor({ state: 'detached' });
    const all = await saved();
    assert.equal(all.total, 6);
    assert.equal(await rows.count(), 6);
    // Newest first, as the service has them.
    const labels = await rows.evaluateAll((list) => list.map((r) => r.getAttribute('aria-label') ?? ''));
    assert.equal(labels.length, all.items.length);
    all.items.forEach((item, i) => {
      const expected = `${item.code.split('\n')[0]!.trim()}, ${item.language === 'python' ? 'Python' : 'JavaScript'}, ${item.mode},`;
      assert.ok(labels[i]!.startsWith(expected), `row ${i}: ${labels[i]} (expected ${expected}…)`);
    });

    // Filter by mode: only the security explanation; the view says so.
    await historyAction(page, 'Filter by Mode…');
    await page.locator('.quick-input-widget input[type="text"]').fill('security');
    await pickRow(page, 'security').click();
    await sidebar(page).locator('.message', { hasText: 'Filtered: security.' }).waitFor();
    await rows.filter({ hasText: /security/ }).waitFor();
    assert.equal(await rows.count(), 1);
    assert.match(
      (await rows.first().getAttribute('aria-label')) ?? '',
      /function processOrders.*, security,/,
    );

    // Filter by language too (Python): no match, and the view says that.
    await historyAction(page, 'Filter by Language…');
    await page.locator('.quick-input-widget input[type="text"]').fill('Python');
    await pickRow(page, 'Python').click();
    await sidebar(page)
      .locator('.message', { hasText: 'No saved explanations match the filter (Python, security).' })
      .waitFor();
    assert.equal(await rows.count(), 0);

    // Clear, then Python alone.
    await historyAction(page, 'Clear Filter');
    await rows.filter({ hasText: 'Load more…' }).waitFor();
    assert.equal(await sidebar(page).locator('.title-actions [aria-label="Clear Filter"]').count(), 0);
    await historyAction(page, 'Filter by Language…');
    await page.locator('.quick-input-widget input[type="text"]').fill('Python');
    await pickRow(page, 'Python').click();
    await sidebar(page).locator('.message', { hasText: 'Filtered: Python.' }).waitFor();
    const python = rows.filter({ hasText: 'def double(x):' });
    await python.waitFor();
    assert.equal(await rows.count(), 1);

    // Opening reads the saved explanation back (no new explanation: same total), no source to reveal.
    await python.click();
    await fact(page, 'Language').filter({ hasText: 'Python' }).waitFor();
    assert.equal(await fact(page, 'Mode').innerText(), 'quick');
    const pySaved = all.items.find((i) => i.language === 'python')!;
    assert.deepEqual(
      await explanationView(page).locator('details.section summary h3').allInnerTexts(),
      sectionsBeyondExplanation(pySaved).map((s) => s.title),
    );
    assert.equal(await explanationView(page).locator('button[data-action="reveal"]').count(), 0);
    assert.equal((await saved()).total, 6);

    // Delete (context menu) asks first; Cancel keeps it, Delete removes it on the server.
    await python.click({ button: 'right' });
    const deleteItem = page.getByRole('menuitem', { name: 'Delete Explanation' });
    await deleteItem.waitFor();
    // The workbench ignores a click that comes right after the menu opened (the right-click's own mouse-up).
    await page.waitForTimeout(300);
    await deleteItem.click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'Delete this saved explanation?' });
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await saved()).total, 6);
    // This time the row's inline trash icon.
    await python.hover();
    await python.getByRole('button', { name: 'Delete Explanation' }).click();
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: 'Delete' }).click();
    await python.waitFor({ state: 'detached' });
    const after = await saved();
    assert.equal(after.total, 5);
    assert.ok(!after.items.some((i) => i.language === 'python'));

    await historyAction(page, 'Clear Filter');
    await rows.filter({ hasText: 'Load more…' }).waitFor();
  });

  it('offers Set API Key when the server refuses the key (401)', async () => {
    const { page } = session;
    await clearNotifications(page);
    await setApiKey(page, `cex_${'A'.repeat(43)}`);
    // History says why it is empty and offers the fix.
    await sidebar(page)
      .locator('.message', { hasText: /^Cannot load history: / })
      .waitFor();
    await historyRows(page).filter({ hasText: 'Set API Key' }).waitFor();
    await selectFunction(page);
    await runCommand(page, 'Code Explain: Explain Selection');
    const refused = toast(page, 'the server refused the API key');
    await refused.waitFor();
    await refused.locator('.monaco-button', { hasText: 'Set API Key' }).click();
    await enterApiKey(page, key);
    // The right key again: History lists the account's explanations.
    await historyRows(page).filter({ hasText: 'Load more…' }).waitFor();
    assert.equal((await saved()).total, 5);
  });

  it('says when the server cannot be reached (with its URL) and retries on request', async () => {
    const { page } = session;
    await clearNotifications(page);
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    await setServerUrl(page, unreachable);
    await showHistory(page);
    await sidebar(page)
      .locator('.message', { hasText: `Cannot reach the Code Explain server at ${unreachable}.` })
      .waitFor();
    assert.deepEqual(await historyRows(page).allInnerTexts(), [
      'Retry',
      'Open Settings (codeExplain.serverUrl)',
    ]);
    await page.screenshot({ path: join(ARTIFACTS, 'history-unreachable.png') });

    await selectFunction(page);
    await runCommand(page, 'Code Explain: Explain Selection');
    const failed = toast(page, `Cannot reach the Code Explain server at ${unreachable}`);
    await failed.waitFor();
    assert.equal((await saved()).total, 5);

    // Fix the setting, wait until the extension uses it (History lists again), then Retry.
    await setServerUrl(page, service.url);
    await historyRows(page).filter({ hasText: 'Load more…' }).waitFor();
    await failed.locator('.monaco-button', { hasText: 'Retry' }).click();
    const made = await newestWhenTotal(6);
    assert.match(made.code, /^function processOrders/);
    assert.ok(!made.code.includes('helper'));
  });

  it('refuses a file in a language the API does not support, before sending anything', async () => {
    const { page } = session;
    await clearNotifications(page);
    const before = await quotaText(page);
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input[type="text"]');
    await input.fill('notes.md');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.md' }).first().waitFor();
    await page.keyboard.press('Enter');
    const notes = page.locator('.monaco-editor[data-uri$="/notes.md"]').first();
    await notes.locator('.view-line', { hasText: 'Not code' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await waitForSelection(page, /^Ln \d+, Col \d+ \(\d+ selected\)/);
    await runCommand(page, 'Code Explain: Explain Selection');
    await notification(
      page,
      /Code Explain does not support "markdown" files\. Supported languages: JavaScript, /,
    );
    // Nothing reached the server: no new record, and the quota shown is still the last response's — or, if the
    // minute it counts ended meanwhile, the full quota the status bar shows by itself at the reset.
    assert.equal((await saved()).total, 6);
    const shown = (await quotaText(page)).trim();
    assert.ok([before.trim(), '10000/10000'].includes(shown), `${before} → ${shown}`);
  });

  it('shows the wait from Retry-After when the quota is used up (429)', async () => {
    const { page } = session;
    await clearNotifications(page);
    await setServerUrl(page, limited.url);
    await setApiKey(page, await limited.createKey());
    await selectFunction(page);
    // A quota of one request a minute: History has used it (or the first explain does).
    for (let attempt = 0; attempt < 3; attempt++) {
      await runCommand(page, 'Code Explain: Explain Selection');
      try {
        await notification(page, /rate limit reached\. Try again in \d+ s/, 15_000);
        break;
      } catch (error) {
        if (attempt === 2) throw error;
      }
    }
    await page.locator('.statusbar-item', { hasText: '0/1' }).first().waitFor();
  });

  it('clears the API key: History asks for one again', async () => {
    const { page } = session;
    await runCommand(page, 'Code Explain: Clear API Key');
    await showHistory(page);
    await page.locator('.welcome-view-content', { hasText: 'Set your Code Explain API key' }).waitFor();
    await page.locator('.welcome-view-content .monaco-button', { hasText: 'Set API Key' }).waitFor();
  });
});
