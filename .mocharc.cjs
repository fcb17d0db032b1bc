// One mocha configuration for every package: tests are TypeScript, run through
// tsx, and resolve workspace packages to their sources (the
// "@code-explain/source" export condition) so no build is needed first.
'use strict';

module.exports = {
  'node-option': ['conditions=@code-explain/source', 'import=tsx'],
  extension: ['ts'],
  spec: [
    'shared/test/**/*.test.ts',
    'server/test/**/*.test.ts',
    'extension/test/unit/**/*.test.ts',
    'test/integration/**/*.test.ts',
    // The extension in real VS Code (code-server); installs code-server once into .cache/.
    'test/e2e/**/*.test.ts',
  ],
  reporter: require.resolve('./test/support/summary-reporter.cjs'),
  timeout: 20000,
  'forbid-only': Boolean(process.env.CI),
};
