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

/**
 * Code parsed once right after a grammar loads. The Swift grammar's external
 * scanner parses raw strings (`#"…"#`) correctly only on the very first
 * Swift parse of the process and leaves state behind that no reset, new
 * parser or new grammar instance clears; every later parse reports them as
 * error regions. Parsing one raw string up front puts every request in that
 * same later state, so the same input always gets the same answer (raw
 * strings then count as error regions, an upstream bug we document).
 */
export const WARM_UP: Readonly<Partial<Record<LanguageId, string>>> = {
  swift: 'let s = #"raw"#\n',
};

export function grammarPath(language: LanguageId): string {
  return require.resolve(GRAMMAR_FILES[language]);
}
