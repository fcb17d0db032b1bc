/**
 * Starting a worker thread from a worker module, whether the service runs
 * from its TypeScript sources (tsx) or from compiled JavaScript.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A module beside `from` (default: this folder), with the extension the
 * running code has (.ts under tsx, .js when compiled).
 */
export function siblingModule(name: string, from: string = import.meta.url): URL {
  const extension = /\.[cm]?[jt]s$/.exec(new URL(from).pathname)?.[0] ?? '.js';
  return new URL(`./${name}${extension}`, from);
}

const TYPESCRIPT = /\.[cm]?ts$/;

/**
 * tsx's ESM hooks module, where tsx is installed (it is whenever the sources
 * run). Resolved with require, which works whether tsx runs this module as ESM
 * or (under mocha) as CommonJS; tsx's own register() API cannot be used from
 * here, as its CommonJS build looks for the hooks in the wrong folder.
 */
function tsxHooks(): string | null {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  } catch {
    return null;
  }
}

/**
 * Workers inherit the process's execArgv (the default), so they get
 * `--conditions=@code-explain/source` and tsx's `--import`. But before
 * Node 22.15 (module.registerHooks) tsx registers its hooks on the main
 * thread only, and a worker cannot load a .ts entry point. A small bootstrap
 * imports the module as is and, only if Node refuses the .ts extension,
 * registers tsx in the worker and imports it again.
 */
function typeScriptBootstrap(url: URL): string {
  const target = JSON.stringify(url.href);
  // Node caches the failed import under the module's URL; a query makes it a new one.
  const retry = JSON.stringify(`${url.href}?tsx`);
  const hooks = JSON.stringify(tsxHooks());
  return `
    import(${target}).catch((error) => {
      if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION' || ${hooks} === null) throw error;
      // What tsx's register() does: the hooks take their options as data (without them they assume --loader).
      require('node:module').register(${hooks}, { data: {} });
      return import(${retry});
    });
  `;
}

export function startThread(url: URL, workerData: unknown): Worker {
  // The worker's stderr (emscripten prints "Aborted()" there before it throws) goes to
  // the process's own: taking it as a stream (`stderr: true`) keeps a port ref'd that
  // worker.unref() does not release, so an idle pool would hold the process open.
  const options = { workerData };
  return TYPESCRIPT.test(url.pathname)
    ? new Worker(typeScriptBootstrap(url), { ...options, eval: true })
    : new Worker(url, options);
}
