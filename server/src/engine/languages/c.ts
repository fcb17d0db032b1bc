import { cMetrics } from '../metrics/tier2/c.js';
import { blockDocs, GOTO_JUMPS, MAIN_WITHOUT_PARAMETERS } from './common.js';
import {
  CONVENTIONAL_APIS,
  CONVENTIONS,
  INCLUDE,
  PREPROCESSOR_CONDITIONALS,
  underscorePrivate,
} from './conventions.js';
import type { LanguageSupport } from './model.js';

export const c: LanguageSupport<'c'> = {
  id: 'c',
  tier: 2,
  grammar: { wasm: '@repomix/tree-sitter-wasms/out/tree-sitter-c.wasm' },
  metrics: cMetrics,
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`qsort`): O(n log n).
    sorts: /^qsort$/,
    // Copies, moves, fills or compares memory: O(n) in the length it is given.
    copies: /^(memcpy|memmove|memset|memcmp|strlen|strcpy|strncpy|strcat|strncat|strcmp|strncmp)$/,
    compileTime: PREPROCESSOR_CONDITIONALS,
    imports: { preproc_include: INCLUDE },
  },
  docs: { docstrings: false, style: blockDocs('doc comment') },
  apis: CONVENTIONAL_APIS,
  isExported: underscorePrivate,
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  arithmetic: { divisionIsNumeric: true },
  passing: { jumps: GOTO_JUMPS },
  wording: { name: 'C', raises: false, asyncAwait: false, imports: 'includes' },
  sample: 'int add(int a, int b) {\n  if (a > b) return a;\n  return a + b;\n}\n',
};
