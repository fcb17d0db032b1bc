import { rubyMetrics } from '../metrics/tier2/ruby.js';
import { RUBY_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { blockDocs, loadedFile, MAIN_WITHOUT_PARAMETERS } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS, underscorePrivate } from './conventions.js';
import type { LanguageSupport, PipelineCall } from './model.js';

/** A method's last expression is its value, unless it is an explicit `return` or an assignment. */
function lastExpression(unit: Node): Node | undefined {
  if (unit.type !== 'method' && unit.type !== 'singleton_method') return undefined;
  // A `rescue`, `else` or `ensure` clause ends the body's text, not its main path: the value is before them.
  const body = unit.childForFieldName('body');
  const main = body?.namedChildren.filter((c) => !/comment|^(rescue|else|ensure)$/.test(c.type)) ?? [];
  const tail = main[main.length - 1];
  return tail && /^(return|assignment|operator_assignment)$/.test(tail.type) ? undefined : tail;
}

/**
 * Enumerable methods that run their block once per item (sorting is left out: it compares n log n
 * times; `times` counts rather than go through a collection, and is read on its own).
 */
const BLOCK_ITERATORS: ReadonlySet<string> = new Set([
  'each',
  'each_with_index',
  'each_with_object',
  'each_char',
  'each_line',
  'each_slice',
  'each_cons',
  'each_key',
  'each_value',
  'each_pair',
  'map',
  'map!',
  'collect',
  'flat_map',
  'select',
  'select!',
  'filter',
  'filter_map',
  'reject',
  'reject!',
  'find',
  'detect',
  'find_index',
  'find_all',
  'any?',
  'all?',
  'none?',
  'one?',
  'count',
  'sum',
  'inject',
  'reduce',
  'group_by',
  'partition',
  'min_by',
  'max_by',
  'delete_if',
  'keep_if',
]);

/** `xs.map { |x| … }`, `xs.each do |x| … end`, `n.times { … }`: an iterating method given a block, on a receiver. */
function pipeline(call: Node): PipelineCall | undefined {
  if (call.type !== 'call') return undefined;
  const method = call.childForFieldName('method')?.text;
  const callback = call.childForFieldName('block') ?? undefined;
  const over = call.childForFieldName('receiver') ?? undefined;
  if (!method || !callback || !over) return undefined;
  if (method === 'times') return { method: '.times', over, callback, counts: true };
  if (!BLOCK_ITERATORS.has(method)) return undefined;
  // `xs.lazy.map { … }` runs its block only as its values are taken.
  return /(^|\.)lazy\b/.test(over.text) ? undefined : { method: `.${method}`, over, callback };
}

export const ruby: LanguageSupport<'ruby'> = {
  id: 'ruby',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm' },
  metrics: rubyMetrics,
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`xs.sort`, `xs.sort_by { … }`): O(n log n).
    sorts: /\.(sort|sort_by|sort!|sort_by!)$/,
    implicitReturn: lastExpression,
    pipeline,
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
