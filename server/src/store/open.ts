/**
 * The store the configuration asks for: MongoDB when MONGODB_URI is set, else
 * the embedded one; either way behind the guard that bounds each operation
 * in time and fails fast while the store does not answer.
 */
import type { Config } from '../config.js';
import type { Logger } from '../logging.js';
import { createEmbeddedStore } from './embedded.js';
import { guardStore, type GuardedStore } from './guard.js';
import { createMongoStore } from './mongo.js';

export async function openStore(
  config: Pick<Config, 'mongodbUri' | 'dataDir' | 'storeTimeoutMs'>,
  logger?: Logger,
): Promise<GuardedStore> {
  const store =
    config.mongodbUri !== undefined
      ? await createMongoStore({ uri: config.mongodbUri })
      : await createEmbeddedStore({ dataDir: config.dataDir, logger });
  return guardStore(store, { timeoutMs: config.storeTimeoutMs, logger });
}
