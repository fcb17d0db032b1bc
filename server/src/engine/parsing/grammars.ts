/**
 * Where each language's tree-sitter grammar comes from: prebuilt WASM files
 * shipped inside registry packages, so nothing is compiled or downloaded.
 */
import { createRequire } from 'node:module';
import type { LanguageId } from '@code-explain/shared';

const require = createRequire(import.meta.url);

/** Package-relative paths, resolved through Node's module resolution. */
const GRAMMAR_FILES: Readonly<Record<LanguageId, string>> = {
  javascript: '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm',
  typescript: '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm',
  tsx: '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm',
  python: '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm',
  java: '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm',
  go: '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm',
  c: '@repomix/tree-sitter-wasms/out/tree-sitter-c.wasm',
  cpp: '@vscode/tree-sitter-wasm/wasm/tree-sitter-cpp.wasm',
  csharp: '@vscode/tree-sitter-wasm/wasm/tree-sitter-c-sharp.wasm',
  rust: '@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm',
  php: '@vscode/tree-sitter-wasm/wasm/tree-sitter-php.wasm',
  ruby: '@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm',
  kotlin: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
  swift: '@unit-mesh/treesitter-artifacts/wasm/tree-sitter-swift.wasm',
  bash: '@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm',
};

export function grammarPath(language: LanguageId): string {
  return require.resolve(GRAMMAR_FILES[language]);
}
