/**
 * The repository's test-environment helpers (test/support/environment.ts):
 * serviceUrls() for the Redis and MongoDB-wire servers that `pnpm test`
 * provides, testNamespace() for per-run database names and key prefixes.
 * That file belongs to the test/ TypeScript project, which references this
 * one (not the reverse), so it is loaded at run time and typed here.
 */
interface Environment {
  serviceUrls(): { redisUrl: string; mongoUri: string };
  testNamespace(label: string): { dbName: string; keyPrefix: string };
}

const location = new URL('../../../../test/support/environment.ts', import.meta.url).href;
const environment = (await import(location)) as Environment;

export const serviceUrls = (): ReturnType<Environment['serviceUrls']> => environment.serviceUrls();
export const testNamespace = (label: string): ReturnType<Environment['testNamespace']> =>
  environment.testNamespace(label);
