/**
 * An engine worker thread's entry point: its own engine, hence its own
 * tree-sitter WebAssembly runtime, answering the pool's tasks (serve.ts).
 * Nothing here survives a trap: the pool terminates this thread and starts
 * another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../engine.js';
import { SourceParser } from '../parsing/parser.js';
import { workerOptionsSchema } from './messages.js';
import { serve } from './serve.js';

if (!parentPort) throw new Error('the engine worker must run in a worker thread');
const options = workerOptionsSchema.parse(workerData ?? {});
serve(parentPort, createEngine({ parser: new SourceParser({ timeoutMs: options.parseTimeoutMs }) }));
