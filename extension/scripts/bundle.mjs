// Bundles the extension into one CommonJS file (dist/extension.cjs, `vscode`
// external: the host provides it) and the view script into dist/webview.js.
// Workspace packages resolve to their TypeScript sources, so nothing needs
// building first. `--production` minifies and drops source maps.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  absWorkingDir: root,
  conditions: ['@code-explain/source'],
  minify: production,
  sourcemap: production ? false : 'linked',
  legalComments: 'none',
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.cjs',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
  }),
  build({
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  }),
]);
console.log(`bundled dist/extension.cjs and dist/webview.js${production ? ' (production)' : ''}`);
