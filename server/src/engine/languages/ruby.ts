import { rubyMetrics } from '../metrics/tier2/ruby.js';
import { RUBY_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { blockDocs, loadedFile, MAIN_WITHOUT_PARAMETERS } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS, underscorePrivate } from './conventions.js';
import type { LanguageSupport } from './model.js';

/** A method's last expression is its value, unless it is an explicit `return` or an assignment. */
function lastExpression(unit: Node): Node | undefined {
  if (unit.type !== 'method' && unit.type !== 'singleton_method') return undefined;
  // A `rescue`, `else` or `ensure` clause ends the body's text, not its main path: the value is before them.
  const body = unit.childForFieldName('body');
  const main = body?.namedChildren.filter((c) => !/comment|^(rescue|else|ensure)$/.test(c.type)) ?? [];
  const tail = main[main.length - 1];
  return tail && /^(return|assignment|operator_assignment)$/.test(tail.type) ? undefined : tail;
}

export const ruby: LanguageSupport<'ruby'> = {
  id: 'ruby',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm' },
  metrics: rubyMetrics,
  syntax: {
    ...CONVENTIONS,
    implicitReturn: lastExpression,
    // `require 'json'` and `require_relative 'lib/x'` are calls; any other call is read on.
    imports: {
      call: (n) =>
        n.childForFieldName('receiver') === null &&
        /^require(_relative)?$/.test(n.childForFieldName('method')?.text ?? '')
          ? loadedFile(n.childForFieldName('arguments')?.namedChildren[0])
          : [],
    },
  },
  docs: { docstrings: false, style: blockDocs('doc comment') },
  apis: CONVENTIONAL_APIS,
  exceptions: RUBY_EXCEPTIONS,
  isExported: underscorePrivate,
  declarations: {
    entryPoints: MAIN_WITHOUT_PARAMETERS,
    // Minitest and Test::Unit run methods by name.
    isTestName: (name) => /^test_?/.test(name),
    react: false,
  },
  arithmetic: { divisionIsNumeric: false },
  wording: { name: 'Ruby', raises: true, collectionPipeline: '`map`/`select`', asyncAwait: false },
  sample: 'def add(a, b)\n  return a if a > b\n  a + b\nend\n',
};
