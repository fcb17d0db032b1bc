// `pnpm --filter extension test:electron`: the in-editor suite in desktop VS Code
// through @vscode/test-electron. NEEDS INTERNET: it downloads VS Code 1.100.3
// into .vscode-test/ on first run. Not part of `pnpm test`; the code-server
// suite (test/e2e/) is the one CI runs offline.
import { runTests } from '@vscode/test-electron';
import { fileURLToPath } from 'node:url';

const extensionDevelopmentPath = fileURLToPath(new URL('../../.vsix-stage/', import.meta.url));
const extensionTestsPath = fileURLToPath(new URL('./suite/index.cjs', import.meta.url));

await runTests({
  version: '1.100.3',
  extensionDevelopmentPath,
  extensionTestsPath,
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
});
