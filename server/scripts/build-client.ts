/**
 * `pnpm build:client` (and the root `prepare`, so `pnpm install` runs it):
 * bundles the dashboard's browser code into server/dist/client/, where the
 * compiled service reads it (src/dashboard/bundle.ts). Running from the
 * sources, the service bundles at start instead and does not need this.
 */
import { fileURLToPath } from 'node:url';
import { buildClientBundle, writeClientBundle } from '../src/dashboard/bundle.js';

const dir = new URL('../dist/client/', import.meta.url);
const bundle = buildClientBundle();
writeClientBundle(bundle, fileURLToPath(dir));
console.log(`dashboard scripts: ${Object.values(bundle.names).join(', ')} → server/dist/client/`);
