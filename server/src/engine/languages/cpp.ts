import { cppMetrics } from '../metrics/tier2/cpp.js';
import { CPP_EXCEPTIONS } from './exceptions.js';
import { blockDocs, GOTO_JUMPS, MAIN_WITHOUT_PARAMETERS } from './common.js';
import {
  CONVENTIONAL_APIS,
  CONVENTIONS,
  INCLUDE,
  PREPROCESSOR_CONDITIONALS,
  underscorePrivate,
} from './conventions.js';
import type { LanguageSupport } from './model.js';

export const cpp: LanguageSupport<'cpp'> = {
  id: 'cpp',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-cpp.wasm' },
  metrics: cppMetrics,
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`std::sort`, `std::stable_sort`, `list.sort()`): O(n log n).
    sorts: /^(std::)?(sort|stable_sort)$|^(std::)?ranges::(sort|stable_sort)$|\.sort$/,
    // Copies, moves, fills or compares memory: O(n) in the length it is given.
    copies:
      /^(std::)?(memcpy|memmove|memset|memcmp|strlen|strcpy|strncpy|strcat|strcmp|copy|copy_n|fill|fill_n|move|move_backward)$/,
    compileTime: PREPROCESSOR_CONDITIONALS,
    imports: { preproc_include: INCLUDE },
  },
  docs: { docstrings: false, style: blockDocs('doc comment') },
  apis: CONVENTIONAL_APIS,
  exceptions: CPP_EXCEPTIONS,
  isExported: underscorePrivate,
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  arithmetic: { divisionIsNumeric: false },
  passing: { jumps: GOTO_JUMPS },
  // A bare call of a type's name creates a value of it (a constructor, a tuple struct or enum variant).
  construction: { capitalisedCallCreates: true, conversions: {} },
  wording: { name: 'C++', raises: false, asyncAwait: false, imports: 'includes' },
  sample: 'template <typename T>\nT add(T a, T b) {\n  if (a > b) return a;\n  return a + b;\n}\n',
};
