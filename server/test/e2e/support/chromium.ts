/**
 * Debian's Chromium driven by playwright-core, for the dashboard's
 * end-to-end tests: browser contexts that behave like separate people
 * (a client address each, through the app's trusted-proxy setting), a
 * record of everything the page complained about (CSP refusals, script
 * errors), and axe-core run inside the page.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; `pnpm test` installs it (test/services/debian-tools.ts). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no browser at ${CHROMIUM_PATH}: run the tests with \`pnpm test\`, which installs Debian's chromium, or apt-get install chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A page of a new browser context, with what it complained about. */
export interface WatchedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors (a CSP refusal is one) and uncaught script errors, in order. */
  readonly problems: string[];
  /** Fails when the page complained about anything. */
  assertQuiet(): void;
}

export async function openPage(
  browser: Browser,
  options: {
    readonly headers?: Record<string, string>;
    readonly colorScheme?: 'light' | 'dark';
    /** Accept a certificate no authority signed (the test's own). */
    readonly ignoreHTTPSErrors?: boolean;
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    extraHTTPHeaders: options.headers ?? {},
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`script: ${error.message}`));
  // A dialog would mean script ran that no page of ours contains (an injected alert()).
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  return {
    context,
    page,
    problems,
    assertQuiet() {
      // The browser's own log line for a page answered with an error status is expected where a test asks for one.
      const real = problems.filter(
        (p) => !/Failed to load resource: the server responded with a status of/.test(p),
      );
      assert.deepEqual(real, [], 'the page reported problems');
    },
  };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * axe-core's WCAG 2.x A and AA rules and its best practices on the page as
 * it stands, run through the DevTools protocol (which the page's CSP does
 * not govern, so the page keeps its real policy). Returns the serious and
 * critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // A string is evaluated as a script by the protocol, which the page's CSP
  // does not govern (an eval() inside the page would be refused).
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    // The one global axe-core defines, and the page's document (the tests' own types have no DOM).
    const { axe, document } = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<AxeResults> };
      document: unknown;
    };
    const results = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
