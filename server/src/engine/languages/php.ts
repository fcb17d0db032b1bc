import { phpMetrics } from '../metrics/tier2/php.js';
import { blockDocs, MAIN_WITHOUT_PARAMETERS, modifiersText } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS } from './conventions.js';
import type { LanguageSupport } from './model.js';

export const php: LanguageSupport<'php'> = {
  id: 'php',
  tier: 2,
  grammar: {
    wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-php.wasm',
    // The grammar reads everything before `<?php` as inline HTML, and snippets
    // usually omit the tag; a same-line prefix keeps every line number.
    prepare: (code) => (/<\?(php|=)/i.test(code) ? code : `<?php ${code}`),
  },
  metrics: phpMetrics,
  syntax: CONVENTIONS,
  docs: { docstrings: false, style: blockDocs('PHPDoc') },
  apis: CONVENTIONAL_APIS,
  // Members without a visibility keyword are public.
  isExported: ({ node }) =>
    /\b(public|open)\b/.test(modifiersText(node)) || !/\b(private|protected)\b/.test(modifiersText(node)),
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  wording: { name: 'PHP', raises: false, asyncAwait: false },
  sample: 'function add($a, $b) {\n  if ($a > $b) return $a;\n  return $a + $b;\n}\n',
};
