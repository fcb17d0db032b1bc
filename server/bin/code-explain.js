#!/usr/bin/env node
// The `code-explain` command: the compiled command line (dist/src/cli/main.js)
// on plain node. `pnpm install` builds it in the workspace (the root's
// `prepare`); a packed package carries it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write(
    `code-explain: the command is not built (${fileURLToPath(main)} is missing); run \`pnpm build\` in the workspace\n`,
  );
  process.exit(3);
}
await import(main.href);
