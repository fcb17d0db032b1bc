import { kotlinMetrics } from '../metrics/tier2/kotlin.js';
import { KOTLIN_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { blockDocs, lastStatement, modifiersText } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS } from './conventions.js';
import { JAVA_APIS } from './java.js';
import type { LanguageSupport } from './model.js';

/** `fun f() = expr`: the expression after `=` is the function's value. */
function expressionBody(unit: Node): Node | undefined {
  const body = unit.children.find((c) => c.type === 'function_body');
  return body?.firstChild?.type === '=' ? lastStatement(body) : undefined;
}

export const kotlin: LanguageSupport<'kotlin'> = {
  id: 'kotlin',
  tier: 2,
  grammar: { wasm: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm' },
  metrics: kotlinMetrics,
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`xs.sorted()`, `xs.sortBy { … }`): O(n log n).
    sorts:
      /\.(sort|sorted|sortBy|sortedBy|sortWith|sortedWith|sortDescending|sortedDescending|sortByDescending|sortedByDescending)$/,
    implicitReturn: expressionBody,
    // `import java.io.File`, `import kotlinx.coroutines.*` (an alias, `as X`, names the same import).
    imports: {
      import: (n) => {
        const name = n.namedChildren.find((c) => c.type === 'qualified_identifier');
        if (!name) return [];
        return [/\.\*\s*$/.test(n.text) ? `${name.text}.*` : name.text];
      },
    },
  },
  docs: { docstrings: false, style: blockDocs('KDoc') },
  // Kotlin code calls the JDK as much as its own library.
  apis: [...JAVA_APIS, ...CONVENTIONAL_APIS],
  exceptions: KOTLIN_EXCEPTIONS,
  // Declarations are public unless they say otherwise.
  isExported: ({ node }) => !/\b(private|internal|protected)\b/.test(modifiersText(node)),
  declarations: {
    heritage: (node) => {
      const types = node.namedChildren
        .filter((c) => c.type === 'delegation_specifier')
        .map((c) => c.text.replace(/[(<].*$/s, ''));
      return types.length ? { types, relation: 'extends' } : undefined;
    },
    entryPoints: { names: ['main'], withParameters: true },
    react: false,
  },
  arithmetic: { divisionIsNumeric: false },
  // A bare call of a type's name creates a value of it (a constructor, a tuple struct or enum variant).
  construction: { capitalisedCallCreates: true, conversions: {} },
  wording: { name: 'Kotlin', raises: false, collectionPipeline: '`map`/`filter`', asyncAwait: false },
  sample: 'fun add(a: Int, b: Int): Int {\n    if (a > b) return a\n    return a + b\n}\n',
};
