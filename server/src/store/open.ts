/**
 * The store the configuration asks for: MongoDB when MONGODB_URI is set, else
 * the embedded one (in a thread of its own for the service, embedded-thread.ts;
 * in the caller's thread for a short command); either way behind the guard
 * that bounds each operation in time and fails fast while the store does not
 * answer.
 */
import type { Config } from '../config.js';
import type { Logger } from '../logging.js';
import { createEmbeddedStore } from './embedded.js';
import { createThreadedEmbeddedStore } from './embedded-thread.js';
import { guardStore, type GuardedStore } from './guard.js';
import { createMongoStore } from './mongo.js';

export async function openStore(
  config: Pick<Config, 'mongodbUri' | 'dataDir' | 'storeTimeoutMs'>,
  logger?: Logger,
  options: { readonly thread?: boolean } = {},
): Promise<GuardedStore> {
  const embedded = options.thread ? createThreadedEmbeddedStore : createEmbeddedStore;
  const store =
    config.mongodbUri !== undefined
      ? await createMongoStore({ uri: config.mongodbUri })
      : await embedded({ dataDir: config.dataDir, logger });
  return guardStore(store, { timeoutMs: config.storeTimeoutMs, logger });
}
