import { phpMetrics } from '../metrics/tier2/php.js';
import { PHP_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { blockDocs, loadedFile, MAIN_WITHOUT_PARAMETERS, modifiersText } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS } from './conventions.js';
import type { LanguageSupport } from './model.js';

/** `use App\Models\User;`, and a group (`use Foo\{Bar, Baz};`) as written, as Rust's `use a::{b, c}`. */
function useClauses(node: Node): string[] {
  const group = node.namedChildren.find((c) => c.type === 'namespace_use_group');
  const prefix = node.namedChildren.find((c) => c.type === 'namespace_name');
  if (group && prefix)
    return [node.text.slice(prefix.startIndex - node.startIndex, group.endIndex - node.startIndex)];
  return node.namedChildren
    .filter((c) => c.type === 'namespace_use_clause')
    .map((c) => {
      // An alias (`use Foo\Bar as Baz`) names the same import.
      const name = c.namedChildren.find((n) => n.type === 'qualified_name' || n.type === 'name');
      return name?.text ?? c.text;
    });
}

/** `require_once "db.php"` and its kin, when the file is a plain literal. */
const included = (node: Node): string[] => loadedFile(node.namedChildren[0]);

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
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`sort`, `usort`, `ksort`, …): O(n log n).
    sorts: /^(sort|rsort|usort|asort|arsort|uasort|ksort|krsort|uksort)$/,
    imports: {
      namespace_use_declaration: useClauses,
      require_expression: included,
      require_once_expression: included,
      include_expression: included,
      include_once_expression: included,
    },
  },
  docs: { docstrings: false, style: blockDocs('PHPDoc') },
  apis: CONVENTIONAL_APIS,
  exceptions: PHP_EXCEPTIONS,
  // Members without a visibility keyword are public.
  isExported: ({ node }) =>
    /\b(public|open)\b/.test(modifiersText(node)) || !/\b(private|protected)\b/.test(modifiersText(node)),
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  arithmetic: { divisionIsNumeric: true },
  wording: { name: 'PHP', raises: false, asyncAwait: false },
  sample: 'function add($a, $b) {\n  if ($a > $b) return $a;\n  return $a + $b;\n}\n',
};
