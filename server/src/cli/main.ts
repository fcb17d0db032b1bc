#!/usr/bin/env node
/**
 * The `code-explain` command (server/bin/code-explain.js runs the compiled
 * copy of this module). `code-explain --help` lists the options.
 */
import { setFlagsFromString } from 'node:v8';

/** Rough bytes of WebAssembly a function runs before V8 optimises it (V8's default: 1,800,000). */
const WASM_TIERING_BUDGET = 100_000_000;

// V8 optimises a grammar's hot WebAssembly functions in the background, and
// the process cannot exit before that work ends: seconds for a large grammar
// (Swift's took 7.5 s of an 8 s run on one small file). A function is
// optimised once it has run through its tiering budget; a budget 55× V8's
// default (1.8 M) leaves a short run on the baseline compiler, where it exits
// at once, while a long one still gets optimised parsing: over the 3,476 files
// of `pnpm bench:cli`, `--liftoff-only` (the baseline compiler alone, this
// command's earlier choice) made parsing 1.3× slower. Set before the first
// grammar is compiled, in this thread or a worker (V8's flags are per process);
// a tiering flag given to node itself is left alone.
if (!process.execArgv.some((arg) => /^--(no-)?(liftoff[-_]only|wasm[-_]tiering[-_]budget)\b/.test(arg)))
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);

// Each analysis worker is a fresh V8 isolate that optimises the engine's
// JavaScript anew, and optimises much of it again as later files reach code
// paths the first ones did not (a function's optimised code is thrown away and
// rebuilt): over the 3,476 files of `pnpm bench:cli` that background compiling
// took about a third of the CPU, and with a worker per core it competes with
// the analyses. Without inlining each compile is smaller and so is each
// rebuild: the same run took 15% less time and CPU with two workers, a few
// per cent more on one core in a long run's steady state (server/README.md,
// Speed). Only this command: the service's long-lived workers keep V8's default.
if (!process.execArgv.some((arg) => /^--(no-)?turbo[-_]inlining\b/.test(arg)))
  setFlagsFromString('--no-turbo-inlining');

// A reader that stops early (`| head`) is not a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const { main } = await import('./program.js');
process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
