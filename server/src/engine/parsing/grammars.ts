/**
 * Where each language's tree-sitter grammar comes from (its `grammar` in
 * languages/): prebuilt WASM files shipped inside registry packages, so
 * nothing is compiled or downloaded.
 */
import { createRequire } from 'node:module';
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';

const require = createRequire(import.meta.url);

export function grammarPath(language: LanguageId): string {
  return require.resolve(LANGUAGES[language].grammar.wasm);
}

/** Code to parse once right after the grammar loads, if the grammar needs it. */
export function warmUpCode(language: LanguageId): string | undefined {
  return LANGUAGES[language].grammar.warmUp;
}
