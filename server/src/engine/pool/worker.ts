/**
 * An engine worker thread's entry point: its own engine, hence its own
 * tree-sitter WebAssembly runtime, answering the pool's tasks (serve.ts).
 * It runs at a lower CPU priority than the main thread when asked (`nice`).
 * Nothing here survives a trap: the pool terminates this thread and starts
 * another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../engine.js';
import { SourceParser } from '../parsing/parser.js';
import { workerOptionsSchema } from './messages.js';
import { lowerThreadPriority } from './priority.js';
import { serve } from './serve.js';

if (!parentPort) throw new Error('the engine worker must run in a worker thread');
const options = workerOptionsSchema.parse(workerData ?? {});
// Analyses yield the CPU to the main thread, so a saturated pool never starves the answers to health
// checks, cached explains and lists. Where the system cannot (not Linux), the worker runs as it is.
if (options.nice !== undefined && options.nice > 0) lowerThreadPriority(options.nice);
serve(parentPort, createEngine({ parser: new SourceParser({ timeoutMs: options.parseTimeoutMs }) }));
