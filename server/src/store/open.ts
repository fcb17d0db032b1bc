/** The store the configuration asks for: MongoDB when MONGODB_URI is set, else the embedded one. */
import type { Config } from '../config.js';
import { createEmbeddedStore } from './embedded.js';
import { createMongoStore } from './mongo.js';
import type { Store } from './types.js';

export interface OpenStoreOptions {
  /** The admin command opens only accounts and keys. */
  readonly purpose?: 'server' | 'admin';
}

export function openStore(
  config: Pick<Config, 'mongodbUri' | 'dataDir'>,
  options: OpenStoreOptions = {},
): Promise<Store> {
  if (config.mongodbUri !== undefined) return createMongoStore({ uri: config.mongodbUri });
  return createEmbeddedStore({ dataDir: config.dataDir, explanations: options.purpose !== 'admin' });
}
