#!/usr/bin/env node
/**
 * The `code-explain` command (server/bin/code-explain.js runs the compiled
 * copy of this module). `code-explain --help` lists the options.
 */
import { setFlagsFromString } from 'node:v8';

// V8 optimises a grammar's WebAssembly in the background, and the process
// cannot exit before that work ends: seconds for a large grammar (Swift's
// took 7.5 s of an 8 s run). A command that runs for seconds never profits
// from it, so the grammars run on the baseline compiler only (parsing is
// ~1.8× slower, which costs milliseconds here). Set before the first grammar
// is compiled, in this thread or a worker (V8's flags are per process).
// `node --no-liftoff-only …` keeps V8's default: over the ~3,500 files of
// `pnpm bench:cli` neither is faster beyond the machine's noise (server/README.md).
if (!process.execArgv.some((arg) => /^--(no-)?liftoff[-_]only$/.test(arg)))
  setFlagsFromString('--liftoff-only');

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
