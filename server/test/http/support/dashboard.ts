/**
 * What the dashboard's HTTP tests share: the real app behind a pretend proxy
 * (so each test picks its own client address), on a backend's real store,
 * limiter and session store, and small helpers for its pages.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { ExpiringStore } from '../../../src/sessions/kv.js';
import { mainText, type Page } from './browser.js';
import {
  openTestDashboardStore,
  openTestLimiter,
  openTestStore,
  startServer,
  type Backend,
  type LimiterOptions,
  type StoreHandle,
  type TestServer,
} from './harness.js';

export interface DashboardServer {
  readonly handle: StoreHandle;
  readonly server: TestServer;
  close(): Promise<void>;
}

/** The app on `backend`: FerretDB with Redis (sessions too), or the embedded store with everything in process. */
export async function startDashboardServer(
  backend: Backend,
  label: string,
  options: { readonly clock?: () => number; readonly limiter?: LimiterOptions } = {},
): Promise<DashboardServer> {
  const mongo = backend === 'mongo+redis';
  const handle = await openTestStore(mongo ? 'mongo' : 'embedded', label);
  const limiter = await openTestLimiter(mongo ? 'redis' : 'memory', options.limiter);
  const dashboardStore: ExpiringStore | undefined = mongo ? await openTestDashboardStore() : undefined;
  const server = await startServer({
    store: handle.store,
    limiter,
    config: { trustProxy: true },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(dashboardStore ? { dashboardStore } : {}),
  });
  return {
    handle,
    server,
    async close() {
      await server.close();
      await server.limiter.close();
      await dashboardStore?.close();
      await handle.dispose();
    },
  };
}

let counter = 0;
export const uniqueEmail = (label: string) =>
  `${label}-${++counter}-${randomBytes(3).toString('hex')}@example.test`;
/** A client address of the test's own (a private range, random enough never to repeat within a run). */
export const address = () => `10.${[...randomBytes(3)].join('.')}`;

export function assertRedirect(page: Page, to: string): void {
  assert.equal(page.status, 303, `expected a redirect to ${to}, got ${page.status}: ${mainText(page.body)}`);
  assert.equal(page.headers.get('location'), to);
}
