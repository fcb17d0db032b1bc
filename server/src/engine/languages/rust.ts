import { RUST_CLOSURES } from '../metrics/tier2/folded.js';
import { rustMetrics } from '../metrics/tier2/rust.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { api, blockDocs, lastStatement, MAIN_WITHOUT_PARAMETERS, modifiersText } from './common.js';
import { CONVENTIONS } from './conventions.js';
import type { ApiEntry, LanguageSupport, PipelineCall } from './model.js';

const APIS: readonly ApiEntry[] = [
  api(/^(fs::(read_to_string|read|read_dir|metadata)|File::open|std::fs::\w+)$/, 'reads-file'),
  api(/^(fs::(write|create_dir_all|remove_file|remove_dir_all|rename|copy)|File::create)$/, 'writes-file'),
  api(/^(Command::new|std::process::Command::new)$/, 'process'),
  api(/^(println!|print!|eprintln!|eprint!)$/, 'print'),
  api(/^(log::)?(info!|warn!|error!|debug!|trace!)$/, 'log'),
  api(/^(env::var|env::args|std::env::var|std::env::args)$/, 'env'),
  api(/^(thread::spawn|std::thread::spawn|tokio::spawn)$/, 'thread'),
  // read and write are also io::Read's and io::Write's: an RwLock's only on a receiver named for a lock.
  api(/^((\w+\.)?lock|(\w+\.)?\w*([lL]ock|rw|Rw)\w*\.(read|write))$/, 'lock', /^std::sync|Mutex|RwLock/),
  api(/^(Instant::now|SystemTime::now)$/, 'clock'),
  api(/^(thread::sleep|tokio::time::sleep)$/, 'sleep'),
  api(/^(process::exit|std::process::exit)$/, 'exit'),
  // send is also a channel's (`tx.send(msg)`): a request's only on a receiver named for one.
  api(
    /^(reqwest::get|(\w+\.)*\w*([rR]eq(uest)?|[bB]uilder|[cC]lient)\w*\.send)$/,
    'http-request',
    /^reqwest/,
  ),
];

/** Iterator adapters and consumers that run their closure once per item (`sorted_by` is no iterator's). */
const ITERATOR_STEPS: ReadonlySet<string> = new Set([
  'map',
  'filter',
  'filter_map',
  'flat_map',
  'for_each',
  'try_for_each',
  'fold',
  'try_fold',
  'reduce',
  'any',
  'all',
  'find',
  'find_map',
  'position',
  'take_while',
  'skip_while',
  'map_while',
  'inspect',
  'max_by_key',
  'min_by_key',
  'partition',
]);
/** Adapters: lazy, they run their closure only as a consumer after them takes items. */
const ADAPTERS: ReadonlySet<string> = new Set([
  'map',
  'filter',
  'filter_map',
  'flat_map',
  'take_while',
  'skip_while',
  'map_while',
  'inspect',
]);
/** Steps that take items from the iterator before them, so that its adapters run. */
const CONSUMERS =
  /^(collect|sum|product|count|last|nth|for_each|try_for_each|fold|try_fold|reduce|any|all|find|find_map|position|max|min|max_by|min_by|max_by_key|min_by_key|partition|unzip|extend)$/;

/** Whether an adapter is run where it is written: a consumer follows it in its chain. */
function consumed(call: Node): boolean {
  let at = call;
  for (let p = call.parent; p?.type === 'field_expression';) {
    if (p.childForFieldName('value')?.id !== at.id || p.parent?.type !== 'call_expression') return false;
    if (CONSUMERS.test(p.childForFieldName('field')?.text ?? '')) return true;
    at = p.parent;
    p = at.parent;
  }
  // `for y in xs.iter().filter(…)` takes its items one by one.
  return at.parent?.type === 'for_expression' && at.field === 'value';
}

/** Calls that start an iterator over a collection: only after one is `.map` no `Option::map`. */
const ITERATOR_OPENERS: ReadonlySet<string> = new Set([
  'iter',
  'into_iter',
  'iter_mut',
  'chars',
  'bytes',
  'lines',
  'keys',
  'values',
  'drain',
]);

/** The method a Rust call calls on a receiver, and that receiver. */
function methodCall(call: Node): { name: string; receiver: Node | undefined } | undefined {
  const fn = call.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (fn?.type !== 'field_expression') return undefined;
  return {
    name: fn.childForFieldName('field')?.text ?? '',
    receiver: fn.childForFieldName('value') ?? undefined,
  };
}

/** `xs.iter().map(|x| …)`: a step of an iterator chain, back through its earlier steps to the collection. */
function pipeline(call: Node): PipelineCall | undefined {
  const step = methodCall(call);
  if (!step || !ITERATOR_STEPS.has(step.name)) return undefined;
  const callback = call
    .childForFieldName('arguments')
    ?.namedChildren.find((a) => a.type === 'closure_expression');
  if (!callback || (ADAPTERS.has(step.name) && !consumed(call))) return undefined;
  for (let source = step.receiver; source;) {
    // `(0..n).map(…)`: a range is an iterator itself.
    if (source.type === 'parenthesized_expression' && source.namedChildren[0]?.type === 'range_expression')
      return { method: `.${step.name}`, over: source, callback };
    const earlier = methodCall(source);
    if (!earlier) return undefined;
    if (ITERATOR_OPENERS.has(earlier.name))
      return { method: `.${step.name}`, over: earlier.receiver ?? source, callback };
    if (
      !ITERATOR_STEPS.has(earlier.name) &&
      !/^(enumerate|rev|skip|take|step_by|cloned|copied|zip|chain|peekable)$/.test(earlier.name)
    )
      return undefined;
    source = earlier.receiver;
  }
  return undefined;
}

/** A block's tail expression (no semicolon) is its value. */
function tailExpression(unit: Node): Node | undefined {
  if (unit.type !== 'function_item' && unit.type !== 'closure_expression') return undefined;
  const body = unit.childForFieldName('body');
  const tail = body?.type === 'block' ? lastStatement(body) : (body ?? undefined);
  if (tail && (/_statement$|_declaration$|_item$/.test(tail.type) || tail.type === 'block')) return undefined;
  return tail;
}

const blockDoc = blockDocs('doc comment');

export const rust: LanguageSupport<'rust'> = {
  id: 'rust',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm' },
  metrics: rustMetrics,
  syntax: {
    ...CONVENTIONS,
    // `expr?` parses as a `try_expression`, but it is no `try` block: it hands an error back to the caller,
    // which the error paths tell ("passes errors up to its caller with `?`").
    steps: CONVENTIONS.steps.map(([pattern, step]) =>
      step.kind === 'try'
        ? ([/^(try|begin)(_statement|_block)?$/, step] as const)
        : ([pattern, step] as const),
    ),
    // Sorts a whole collection (`v.sort()`, `v.sort_unstable_by(…)`): O(n log n).
    sorts:
      /\.(sort|sort_unstable|sort_by|sort_by_key|sort_unstable_by|sort_unstable_by_key|sort_by_cached_key)$/,
    // Copies or moves memory, or fills a slice: O(n) in the length it is given.
    copies:
      /^((std|core)::)?ptr::(copy|copy_nonoverlapping|write_bytes)$|\.(copy_from_slice|clone_from_slice|copy_within)$/,
    foldedLambdas: RUST_CLOSURES,
    implicitReturn: tailExpression,
    pipeline,
    imports: {
      // `use std::sync::{Mutex, RwLock};` as written; `mod util;` declares a module of the crate, no import.
      use_declaration: (n) => {
        const path = n.childForFieldName('argument');
        return path ? [path.text] : [];
      },
      extern_crate_declaration: (n) => {
        const name = n.childForFieldName('name');
        return name ? [name.text] : [];
      },
    },
  },
  // `///` documents the item below, `//!` the module it is in.
  docs: { docstrings: false, style: (raw) => (/^\/\/[/!]/.test(raw) ? 'doc comment' : blockDoc(raw)) },
  apis: APIS,
  isExported: ({ node }) => /^pub\b/.test(modifiersText(node)),
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  arithmetic: { divisionIsNumeric: false },
  // A bare call of a type's name creates a value of it (a constructor, a tuple struct or enum variant).
  construction: { capitalisedCallCreates: true, conversions: {} },
  // `ptr.add(i)` and `n.add(m)` give a new pointer or number; Rust's collections insert, they do not add.
  valueMethods: new Set(['add']),
  wording: {
    name: 'Rust',
    raises: false,
    collectionPipeline: 'an iterator chain (`iter().map(…).collect()`)',
    asyncAwait: false,
  },
  sample: 'fn add(a: i32, b: i32) -> i32 {\n    if a > b {\n        return a;\n    }\n    a + b\n}\n',
};
