/**
 * The dashboard's browser code (client/*.ts, TypeScript modules) bundled
 * with esbuild, as the extension's view script is: one minified IIFE per
 * page script, uPlot included in the usage page's, each named with a hash of
 * its content (`usage-charts-4NJ2RVYB.js`), so assets.ts can let browsers
 * keep them for a year and a changed script is a new address.
 *
 * When: running from the TypeScript sources (`pnpm start`, tests), at app
 * start, in memory, from the sources as they are now; esbuild is a dev
 * dependency and takes a few tens of milliseconds. Compiled (`node
 * server/dist/src/main.js`), from `server/dist/client/`, which `pnpm install`
 * writes (the root `prepare` script runs `pnpm build:client`,
 * scripts/build-client.ts), so production needs no bundler.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';
import { z } from 'zod';

/** The page scripts, by the name pages ask for them with. */
export const CLIENT_ENTRIES = ['usage-charts', 'copy-key'] as const;
export type ClientEntry = (typeof CLIENT_ENTRIES)[number];

export interface ClientBundle {
  /** Each entry's file name, hash included. */
  readonly names: Readonly<Record<ClientEntry, string>>;
  /** The files' text by file name. */
  readonly files: ReadonlyMap<string, string>;
}

const MANIFEST = 'manifest.json';
const manifestSchema = z.record(z.enum(CLIENT_ENTRIES), z.string().regex(/^[\w-]+\.js$/));

const sourceDir = (from: string) => fileURLToPath(new URL('./client/', from));

/** Bundles the entries from client/ beside `from` (this module, unless a test says otherwise). */
export function buildClientBundle(from: string = import.meta.url): ClientBundle {
  // Required, not imported: compiled code never loads it, so production does without it.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const dir = sourceDir(from);
  const result = esbuild.buildSync({
    entryPoints: Object.fromEntries(CLIENT_ENTRIES.map((entry) => [entry, join(dir, `${entry}.ts`)])),
    bundle: true,
    write: false,
    outdir: '/client',
    entryNames: '[name]-[hash]',
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    // uPlot's notice (the /*! comment in usage-charts.ts) stays with it.
    legalComments: 'eof',
    logLevel: 'silent',
  });
  const files = new Map<string, string>();
  const names: Partial<Record<ClientEntry, string>> = {};
  for (const output of result.outputFiles) {
    const name = basename(output.path);
    const entry = CLIENT_ENTRIES.find((e) => name.startsWith(`${e}-`));
    if (entry === undefined) throw new Error(`esbuild wrote an unexpected file: ${name}`);
    names[entry] = name;
    files.set(name, output.text);
  }
  return { names: complete(names), files };
}

function complete(names: Partial<Record<ClientEntry, string>>): Record<ClientEntry, string> {
  for (const entry of CLIENT_ENTRIES) {
    if (names[entry] === undefined) throw new Error(`the client bundle has no ${entry} script`);
  }
  return names as Record<ClientEntry, string>;
}

/** Writes a bundle to `dir` (emptied first) with a manifest naming each entry's file. */
export function writeClientBundle(bundle: ClientBundle, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of bundle.files) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(bundle.names, null, 2)}\n`);
}

/** Reads a bundle writeClientBundle wrote. */
export function readClientBundle(dir: string): ClientBundle {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch (error) {
    throw new Error(
      `the dashboard's scripts are not built in ${dir}: run \`pnpm install\` or \`pnpm build:client\``,
      { cause: error },
    );
  }
  const names = complete(manifestSchema.parse(manifest));
  const files = new Map(Object.values(names).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  return { names, files };
}

/** Where the compiled service finds the bundle: server/dist/client/, beside dist/src/. */
export const BUILT_CLIENT_DIR = fileURLToPath(new URL('../../client/', import.meta.url));

/** The bundle for this process: built now from the sources under tsx, read from dist/ when compiled. */
export function loadClientBundle(from: string = import.meta.url): ClientBundle {
  return /\.[cm]?ts$/.test(new URL(from).pathname)
    ? buildClientBundle(from)
    : readClientBundle(BUILT_CLIENT_DIR);
}
