/**
 * One real VS Code for the end-to-end tests: code-server with user data,
 * extensions and home folders of its own (nothing written to the real home),
 * the built .vsix installed into it, and Debian's Chromium driving the
 * workbench through playwright-core.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH, ensureCodeServer } from '../../services/code-server.js';

const run = promisify(execFile);

export interface SessionOptions {
  readonly vsix: string;
  /** Files to create in the opened folder. */
  readonly files: Readonly<Record<string, string>>;
  /** User settings besides the ones every run needs. */
  readonly settings: Readonly<Record<string, unknown>>;
}

export interface Session {
  readonly page: Page;
  readonly folder: string;
  /** Rewrites the user settings; VS Code applies them live. */
  writeSettings(settings: Readonly<Record<string, unknown>>): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.commandCenter.enabled': false,
  'editor.minimap.enabled': false,
  'window.restoreWindows': 'none',
  // Hover tooltips appear after a delay over the rows around the pointer and can take the next click.
  'workbench.hover.delay': 60000,
  'editor.hover.enabled': false,
};

export async function startSession(options: SessionOptions): Promise<Session> {
  const codeServer = await ensureCodeServer();
  const root = await mkdtemp(join(tmpdir(), 'cex-e2e-'));
  const userData = join(root, 'user-data');
  const extensions = join(root, 'extensions');
  const home = join(root, 'home');
  const folder = join(root, 'workspace');
  const config = join(root, 'code-server.yaml');
  for (const dir of [join(userData, 'User'), extensions, home, folder]) await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(options.files)) await writeFile(join(folder, name), text);
  await writeFile(config, 'auth: none\ncert: false\n');

  const settingsFile = join(userData, 'User', 'settings.json');
  const writeSettings = (settings: Readonly<Record<string, unknown>>) =>
    writeFile(settingsFile, `${JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2)}\n`);
  await writeSettings(options.settings);

  // code-server keeps logs and state under XDG folders: point them at the run's own.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
  };
  const common = ['--config', config, '--user-data-dir', userData, '--extensions-dir', extensions];
  await run(codeServer, [...common, '--install-extension', options.vsix], { env });

  const port = await freePort();
  const child: ChildProcess = spawn(
    codeServer,
    [
      ...common,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      folder,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));

  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`code-server did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const browser: Browser = await chromium.launch({
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
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // The clipboard for Copy as Markdown; the workbench also asks for it on paste.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: `http://127.0.0.1:${port}`,
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });

  return {
    page,
    folder,
    writeSettings,
    async close() {
      await browser.close().catch(() => undefined);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
