import { randomBytes } from 'node:crypto';

/** The services that with-services.ts provides; a clear failure when run without it. */
export function serviceUrls(): { redisUrl: string; mongoUri: string } {
  const redisUrl = process.env.REDIS_URL;
  const mongoUri = process.env.MONGODB_URI;
  if (!redisUrl || !mongoUri) {
    throw new Error(
      'REDIS_URL and MONGODB_URI are not set: run the tests with `pnpm test`, which provides the services',
    );
  }
  return { redisUrl, mongoUri };
}

/**
 * A database name and Redis key prefix of this test run's own, so runs (and
 * suites within a run) never see each other's data.
 */
export function testNamespace(label: string): { dbName: string; keyPrefix: string } {
  const id = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const safe = label.replace(/[^a-z0-9]/gi, '').slice(0, 20) || 'test';
  return { dbName: `cex_${safe}_${id}`, keyPrefix: `cex:test:${safe}:${id}:` };
}
