import { csharpMetrics } from '../metrics/tier2/csharp.js';
import { CSHARP_EXCEPTIONS } from './exceptions.js';
import { CSHARP_LAMBDAS } from '../metrics/tier2/folded.js';
import { api, blockDocs, GOTO_JUMPS, heritageNames, modifiersText } from './common.js';
import { CONVENTIONS, CSHARP_CONDITIONALS } from './conventions.js';
import { CSHARP_TAINT, HTTP_CLIENT } from './csharp-taint.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { ApiEntry, CollectionMethods, LanguageSupport, PassedBack, PipelineCall } from './model.js';
import { callArguments } from '../nodes.js';

/**
 * LINQ operators and List methods that run their lambda once per item. Ordering (`OrderBy`, `ThenBy`)
 * compares n log n times and is left out.
 */
const PIPELINE_METHODS: ReadonlySet<string> = new Set([
  'Where',
  'Select',
  'SelectMany',
  'Any',
  'All',
  'Count',
  'First',
  'FirstOrDefault',
  'Last',
  'LastOrDefault',
  'Single',
  'SingleOrDefault',
  'TakeWhile',
  'SkipWhile',
  'GroupBy',
  'ToDictionary',
  'ToLookup',
  'Sum',
  'Min',
  'Max',
  'Average',
  'Aggregate',
  'ForEach',
  'RemoveAll',
  'Exists',
  'FindAll',
  'Find',
  'FindIndex',
  'TrueForAll',
]);

/** LINQ operators that sort: their key selector runs for every item, and the items are compared n log n times. */
const SORTS: ReadonlySet<string> = new Set(['OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending']);
/**
 * Operators that run a lambda per item but whose lambda search-in-chain has never read for searches
 * (facts/searches.ts): kept out of callbackSteps so that what it finds does not change.
 */
const UNREAD_FOR_SEARCHES: ReadonlySet<string> = new Set(['Aggregate']);
const COLLECTIONS: CollectionMethods = {
  searches: new Set(['Contains', 'IndexOf', 'LastIndexOf']),
  callbackSteps: new Set([...PIPELINE_METHODS, ...SORTS].filter((m) => !UNREAD_FOR_SEARCHES.has(m))),
};

/** LINQ operators that defer: they run their lambda only when something enumerates what they return. */
const DEFERRED: ReadonlySet<string> = new Set([
  'Where',
  'Select',
  'SelectMany',
  'TakeWhile',
  'SkipWhile',
  'GroupBy',
]);

/** Whether a deferred operator is run where it is written: an operator that enumerates follows it in its chain. */
function enumerated(call: Node): boolean {
  let at = call;
  for (let p = call.parent; p?.type === 'member_access_expression';) {
    if (p.childForFieldName('expression')?.id !== at.id) return false;
    const next = p.parent;
    if (next?.type !== 'invocation_expression') return false;
    const name = p.childForFieldName('name')?.text ?? '';
    if (
      !DEFERRED.has(name) &&
      !SORTS.has(name) &&
      !/^(Distinct|Skip|Take|Reverse|Concat|Cast|OfType|AsEnumerable)$/.test(name)
    )
      return true;
    at = next;
    p = next.parent;
  }
  // `foreach (var x in xs.Where(…))` enumerates it.
  return at.parent?.type === 'foreach_statement' && at.field === 'right';
}

function pipeline(call: Node): PipelineCall | undefined {
  const fn = call.type === 'invocation_expression' ? call.childForFieldName('function') : null;
  const method = fn?.type === 'member_access_expression' ? fn.childForFieldName('name')?.text : undefined;
  if (!fn || !method || !PIPELINE_METHODS.has(method)) return undefined;
  const callback = callArguments(call).find((a) => a.type === 'lambda_expression');
  if (!callback || (DEFERRED.has(method) && !enumerated(call))) return undefined;
  return { method: `.${method}`, over: fn.childForFieldName('expression') ?? undefined, callback };
}

const APIS: readonly ApiEntry[] = [
  api(/^File\.(ReadAllText|ReadAllLines|ReadAllBytes|OpenRead)$|^new StreamReader$/, 'reads-file'),
  api(/^(File|Directory)\.Exists$|^Directory\.(GetFiles|GetDirectories|EnumerateFiles)$/, 'file-system'),
  api(
    /^File\.(WriteAllText|WriteAllLines|WriteAllBytes|AppendAllText|Delete|Move|Copy)$|^new StreamWriter$/,
    'writes-file',
  ),
  api(/^Process\.Start$/, 'process'),
  // On a receiver named as a client: IDistributedCache has GetAsync too.
  api(HTTP_CLIENT, 'http-request', /^System\.Net\.Http/),
  api(
    /^(\w+\.)?(ExecuteReader|ExecuteNonQuery|ExecuteScalar|ExecuteReaderAsync|ExecuteNonQueryAsync)$/,
    'database',
  ),
  api(/^Console\.(WriteLine|Write)$/, 'print'),
  api(/^Console\.(ReadLine|Read|ReadKey)$/, 'stdin'),
  api(/^(_?[lL]ogger|_log|Log)\.(Log\w*|Info|Warn|Error|Debug)$/, 'log'),
  api(/^(DateTime\.(Now|UtcNow)|Stopwatch\.StartNew)$/, 'clock'),
  api(/^(Thread\.Sleep|Task\.Delay)$/, 'sleep'),
  api(/^new Random$|^Random\.Shared\.\w+$/, 'random'),
  api(/^Environment\.(GetEnvironmentVariable|Exit)$/, 'env'),
  api(/^(Task\.Run|new Thread|ThreadPool\.QueueUserWorkItem)$/, 'thread'),
];

/** `using System.Net.Http;`, `using static System.Math;`, `using Json = Newtonsoft.Json;` (the namespace, not the alias). */
function usingNamespace(node: Node): string[] {
  const names = node.namedChildren.filter((c) => c.type === 'qualified_name' || c.type === 'identifier');
  const name = names[names.length - 1];
  return name ? [name.text] : [];
}

const blockDoc = blockDocs('doc comment');

/** Its `out` and `ref` parameters: `out int value` is an output only, `ref` goes in and comes back. */
function passedBack(unit: Node): ReadonlyMap<string, PassedBack> {
  const found = new Map<string, PassedBack>();
  for (const param of unit.childForFieldName('parameters')?.namedChildren ?? []) {
    if (param.type !== 'parameter') continue;
    const modifier = param.namedChildren.find((c) => c.type === 'modifier')?.text;
    const name = param.childForFieldName('name')?.text;
    if (name && (modifier === 'out' || modifier === 'ref')) found.set(name, modifier);
  }
  return found;
}

export const csharp: LanguageSupport<'csharp'> = {
  id: 'csharp',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-c-sharp.wasm' },
  metrics: csharpMetrics,
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`Array.Sort`, `list.Sort()`, LINQ `OrderBy`): O(n log n).
    sorts:
      /^(Array\.Sort|Enumerable\.(OrderBy|OrderByDescending))$|\.(Sort|OrderBy|OrderByDescending|Order|OrderDescending)$/,
    // Copies or fills an array: O(n) in its length.
    copies: /^(Array\.(Copy|ConstrainedCopy|Clear|Fill)|Buffer\.(BlockCopy|MemoryCopy))$/,
    foldedLambdas: CSHARP_LAMBDAS,
    pipeline,
    imports: { using_directive: usingNamespace },
    compileTime: CSHARP_CONDITIONALS,
  },
  docs: { docstrings: false, style: (raw) => (raw.startsWith('///') ? 'XML doc comment' : blockDoc(raw)) },
  apis: APIS,
  exceptions: CSHARP_EXCEPTIONS,
  collections: COLLECTIONS,
  isExported: ({ node }) => /\b(public|open)\b/.test(modifiersText(node)),
  declarations: {
    heritage: (node) => {
      const types = heritageNames(node.namedChildren.find((c) => c.type === 'base_list'));
      // C# lists a base class and interfaces alike; by the language's naming rule an interface is `IName`.
      // A base class is what the class is a kind of; with none, it implements the interfaces.
      const isInterface = (t: string) => /^I[A-Z]/.test(t.split('.').pop() ?? t);
      const classes = types.filter((t) => !isInterface(t));
      if (classes.length > 0) return { types: classes, relation: 'extends' };
      return types.length ? { types, relation: 'implements' } : undefined;
    },
    entryPoints: { names: ['main', 'Main'], withParameters: true },
    react: false,
    protocols: {
      ToString: 'gives the text an object shows as when it is printed or put into an interpolated string',
      Equals: 'decides whether two objects count as equal, as collections compare them',
      GetHashCode: 'gives the hash Dictionary and HashSet file an object under, which must agree with Equals',
      CompareTo: 'decides the order of its objects (IComparable), which sorting uses',
      Dispose: 'releases what the object holds, as a using block does at its end (IDisposable)',
      GetEnumerator: 'gives the items a foreach loop goes through',
    },
    // Collections and sorting call these, not the language.
    protocolCallers: {
      Equals: { library: true },
      GetHashCode: { library: true },
      CompareTo: { library: true },
    },
    protocolParameters: {
      ToString: 0,
      Equals: 1,
      GetHashCode: 0,
      CompareTo: 1,
      Dispose: 0,
      GetEnumerator: 0,
    },
  },
  arithmetic: { divisionIsNumeric: false },
  passing: { passedBack, jumps: GOTO_JUMPS },
  wording: { name: 'C#', raises: false, collectionPipeline: 'LINQ (`Select`/`Where`)', asyncAwait: false },
  taint: CSHARP_TAINT,
  sample: 'class Calc {\n  int Add(int a, int b) {\n    if (a > b) return a;\n    return a + b;\n  }\n}\n',
};
