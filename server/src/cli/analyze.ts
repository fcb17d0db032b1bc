/**
 * `pnpm -s analyze …`: the `code-explain` command run from the TypeScript
 * sources. pnpm runs scripts from the workspace root; INIT_CWD is the folder
 * the user ran pnpm in, which paths are relative to.
 */
process.chdir(process.env.INIT_CWD ?? process.cwd());
await import('./main.js');
