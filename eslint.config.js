// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.cache/**',
      'data/**',
      'release/**',
      'test-artifacts/**',
      // Labeled snippets, kept as a developer wrote them: see server/test/engine/findings-corpus.test.ts.
      'server/test/engine/findings-corpus/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // With noUncheckedIndexedAccess every indexed read is `T | undefined`; where a
      // loop bound or an earlier check proves the element exists, `!` says so.
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/test/**/*.ts'],
    languageOptions: { globals: { ...globals.mocha } },
  },
  {
    // The dashboard's browser code (bundled by server/src/dashboard/bundle.ts).
    files: ['server/src/dashboard/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
