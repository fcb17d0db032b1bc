import assert from 'node:assert/strict';
import { apiLanguageFor } from '../../src/languages.js';

describe('apiLanguageFor', () => {
  // VS Code's built-in language ids for the languages the API supports.
  const expected: Record<string, string> = {
    javascript: 'javascript',
    javascriptreact: 'javascript',
    typescript: 'typescript',
    typescriptreact: 'tsx',
    python: 'python',
    java: 'java',
    go: 'go',
    c: 'c',
    cpp: 'cpp',
    csharp: 'csharp',
    rust: 'rust',
    php: 'php',
    ruby: 'ruby',
    kotlin: 'kotlin',
    swift: 'swift',
    shellscript: 'bash',
  };
  for (const [vscodeId, apiId] of Object.entries(expected)) {
    it(`maps ${vscodeId} to ${apiId}`, () => assert.equal(apiLanguageFor(vscodeId), apiId));
  }

  it('falls back to the file name for ids VS Code leaves generic', () => {
    assert.equal(apiLanguageFor('unknown-ext', '/src/app.tsx'), 'tsx');
    assert.equal(apiLanguageFor('unknown-ext', '/src/main.rs'), 'rust');
  });

  it('refuses languages the API does not support, even with a look-alike file name', () => {
    assert.equal(apiLanguageFor('plaintext', 'notes.txt'), undefined);
    assert.equal(apiLanguageFor('markdown', 'README.md'), undefined);
    assert.equal(apiLanguageFor('objective-c', 'thing.h'), undefined);
    assert.equal(apiLanguageFor('cuda-cpp', 'kernel.cu'), undefined);
  });
});
