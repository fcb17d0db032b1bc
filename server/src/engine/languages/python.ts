import { pythonMetrics } from '../metrics/python/index.js';
import { PYTHON_EXCEPTIONS } from './exceptions.js';
import {
  api,
  apiDoing,
  blockDocs,
  CRYPTO_DOES,
  heritageNames,
  MAIN_WITHOUT_PARAMETERS,
  referenceReader,
} from './common.js';
import type {
  ApiEntry,
  CollectionMethods,
  LanguageSupport,
  LoopShape,
  PipelineCall,
  SyntaxTable,
} from './model.js';
import { callArguments, keywordArgument } from '../nodes.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { EffectKind } from '../purpose/model.js';
import type { TaintCatalogue } from '../taint/model.js';

const LOOP_DETAILS: Readonly<Record<string, string>> = {
  for_statement: 'for-each',
  while_statement: 'while',
  for_in_clause: 'comprehension',
};

/**
 * A comprehension's `for` builds a list, set or dict; inside a generator expression (`(f(x) for x in
 * xs)`, `sum(x * x for x in xs)`) it builds nothing: the values are yielded one at a time as whatever
 * consumes them asks. The consumer is the call the generator expression is the argument of, if any.
 */
/** Calls that take every value of the iterable they are given before they return (`zip` or `map` take none). */
const DRAINS =
  /^(sum|any|all|min|max|list|tuple|set|frozenset|dict|sorted|next|len|(.+\.)?(join|extend|update|writelines))$/;

function loopShape(node: Node): LoopShape {
  const subject = node.childForFieldName('right') ?? node.childForFieldName('condition') ?? undefined;
  const around = node.type === 'for_in_clause' ? node.parent : null;
  if (around?.type !== 'generator_expression') return { detail: LOOP_DETAILS[node.type] ?? 'for', subject };
  // `sum(x for x in xs)` gives the call the generator as its whole argument list; `f(g, (x for …))` wraps it.
  const list = around.parent?.type === 'argument_list' ? around.parent : around;
  const call = list.parent?.type === 'call' && list.field === 'arguments' ? list.parent : undefined;
  const drained = call !== undefined && DRAINS.test(call.childForFieldName('function')?.text ?? '');
  return {
    detail: 'generator',
    subject,
    ...(call ? { consumer: call } : {}),
    ...(drained ? {} : { deferred: true }),
  };
}

/** Built-ins that call a function once per item of their iterable argument, and where that argument is. */
const PIPELINE_FUNCTIONS: Readonly<Record<string, number>> = { map: 1, filter: 1, reduce: 1 };
/** Of those, the lazy ones: they run their function only as something takes their values. */
const LAZY_FUNCTIONS = new Set(['map', 'filter']);

/** Whether `node`'s values are all taken: by a call before it returns (`list(…)`, `sum(…)`), or by a loop over it. */
function drained(node: Node): boolean {
  const list = node.parent;
  // What a `for` (or a comprehension's `for`) goes through is taken item by item as it goes.
  if ((list?.type === 'for_statement' || list?.type === 'for_in_clause') && node.field === 'right')
    return true;
  const call = list?.type === 'argument_list' ? list.parent : undefined;
  return call?.type === 'call' && DRAINS.test(call.childForFieldName('function')?.text ?? '');
}
/** `min` and `max` call their `key` once per item (`sorted` also sorts: n log n). */
const KEYED = new Set(['min', 'max']);
/** Built-ins that sort, calling their `key` on every item. */
const SORTS: ReadonlySet<string> = new Set(['sorted']);
/**
 * Built-ins that call a function per item but whose function search-in-chain has never read for
 * searches (facts/searches.ts): kept out of callbackSteps so that what it finds does not change.
 */
const UNREAD_FOR_SEARCHES: ReadonlySet<string> = new Set(['reduce']);
const COLLECTIONS: CollectionMethods = {
  searches: new Set(['index', 'count', 'remove']),
  callbackSteps: new Set(
    [...Object.keys(PIPELINE_FUNCTIONS), ...KEYED, ...SORTS].filter((m) => !UNREAD_FOR_SEARCHES.has(m)),
  ),
  iterableArgument: PIPELINE_FUNCTIONS,
};

function pipeline(call: Node): PipelineCall | undefined {
  const fn = call.type === 'call' ? call.childForFieldName('function') : null;
  const name = fn?.type === 'identifier' ? fn.text : fn?.text === 'functools.reduce' ? 'reduce' : undefined;
  if (!name) return undefined;
  const positional = callArguments(call);
  const at = PIPELINE_FUNCTIONS[name];
  if (at !== undefined) {
    // `return map(f, xs)` calls `f` on nothing yet; `list(map(f, xs))` on every item (a `for` over it is a loop).
    if (LAZY_FUNCTIONS.has(name) && !drained(call)) return undefined;
    const callback = positional[0];
    return callback && positional[at] ? { method: name, over: positional[at], callback } : undefined;
  }
  const key = KEYED.has(name) ? keywordArgument(call, 'key') : undefined;
  return key && positional.length === 1 ? { method: name, over: positional[0], callback: key } : undefined;
}

const SYNTAX: SyntaxTable = {
  kind: 'table',
  // Sorts a whole collection (`sorted(xs)`, `xs.sort()`): O(n log n).
  sorts: /^(sorted|heapq\.nsmallest|heapq\.nlargest)$|\.sort$/,
  // `obj.x`'s `x` and `f(x=1)`'s `x` fill naming fields; `nonlocal x` makes a nested def's `x =` the outer one.
  isReference: referenceReader(['identifier']),
  outerNames: new Set(['nonlocal_statement']),
  steps: {
    for_statement: { kind: 'loop', detail: 'for-each' },
    while_statement: { kind: 'loop', detail: 'while' },
    for_in_clause: { kind: 'loop', detail: 'comprehension' },
    if_statement: { kind: 'branch' },
    elif_clause: { kind: 'branch', detail: 'elif' },
    match_statement: { kind: 'switch', detail: 'match' },
    call: { kind: 'call' },
    return_statement: { kind: 'return' },
    raise_statement: { kind: 'throw' },
    await: { kind: 'await' },
    try_statement: { kind: 'try' },
    except_clause: { kind: 'catch' },
    yield: { kind: 'yield' },
  },
  imports: {
    import_statement: (n) =>
      n.namedChildren.filter((c) => c !== null).map((c) => c.text.split(' ')[0] ?? c.text),
    import_from_statement: (n) => {
      const module = n.childForFieldName('module_name');
      return module ? [module.text] : [];
    },
  },
  calleeFields: ['function'],
  loopShape,
  pipeline,
  comments: new Set(['comment']),
  asyncMarkers: new Set(['async']),
  generatorMarkers: new Set(),
  generatorWhenYields: true,
  requireImports: false,
};

/**
 * What `open(...)` does, by its mode: the second positional argument or
 * `mode=`, `"r"` when absent. A mode that is not a literal (chosen at run
 * time) or arguments unpacked from `*args` or `**kwargs` say only that it
 * works with files; arguments that could not be read say nothing.
 */
function openMode(args: readonly string[] | undefined): EffectKind | undefined {
  if (!args || args.length === 0) return undefined;
  if (args.some((a) => a.startsWith('*'))) return 'file-system';
  const keyword = args.find((a) => /^mode\s*=/.test(a));
  const positional = args.filter((a) => !/^\w+\s*=(?!=)/.test(a));
  const mode = keyword ? keyword.replace(/^mode\s*=\s*/, '') : positional[1];
  if (mode === undefined) return 'reads-file';
  const literal = /^(['"])([rwxabt+]{1,4})\1$/.exec(mode);
  if (!literal) return 'file-system';
  return /[wax+]/.test(literal[2]!) ? 'writes-file' : 'reads-file';
}

const APIS: readonly ApiEntry[] = [
  { callee: /^open$|^(io|codecs)\.open$/, effect: 'reads-file', byArguments: openMode },
  api(/^\w+\.(read_text|read_bytes)$/, 'reads-file'),
  api(
    /^(os\.(listdir|scandir|walk|stat)|os\.path\.(exists|isfile|isdir|getsize)|glob\.glob|shutil\.copy\w*|os\.makedirs|os\.mkdir)$/,
    'file-system',
  ),
  api(
    /^(os\.(remove|unlink|rename|replace|rmdir)|shutil\.(rmtree|move)|\w+\.(write_text|write_bytes))$/,
    'writes-file',
  ),
  api(/^(os\.system|os\.popen|subprocess\.getoutput|subprocess\.getstatusoutput)$/, 'shell'),
  api(/^subprocess\.(run|call|check_call|check_output|Popen)$|^os\.(exec\w+|spawn\w+)$/, 'process'),
  api(
    /^(requests|httpx)\.(get|post|put|delete|patch|head|request)$|^urllib\.request\.urlopen$|^urlopen$/,
    'http-request',
  ),
  // `client.get(key)` is as often a cache's or a database's: an HTTP request only with an HTTP library imported.
  api(/^(session|client)\.(get|post|put|delete)$/, 'http-request', /^(requests|httpx|aiohttp)\b/),
  api(
    /^(\w+\.)*(execute|executemany|executescript|fetchone|fetchall|fetchmany)$/,
    'database',
    /^(sqlite3|psycopg2?|pymysql|MySQLdb|mysql\.connector|cx_Oracle|oracledb|pyodbc|sqlalchemy)/,
  ),
  api(
    /^(\w+\.)*(find_one|insert_one|insert_many|update_one|update_many|delete_one|delete_many|count_documents)$/,
    'database',
    /^(pymongo|motor)/,
  ),
  // `find` is also every string's (`url.find(":")`): a query only on a collection (`db.users`, `orders_collection`).
  api(
    /^((\w+\.)*\w*(collection|Collection|coll)\w*|(\w+\.)*db\.\w+)\.(find|aggregate)$/,
    'database',
    /^(pymongo|motor)/,
  ),
  api(
    /^(logging|logger|log|LOGGER|_log|_logger)\.(debug|info|warning|warn|error|exception|critical|log)$/,
    'log',
  ),
  api(/^print$|^sys\.stdout\.write$|^sys\.stderr\.write$/, 'print'),
  api(/^input$|^sys\.stdin\.(read|readline|readlines)$/, 'stdin'),
  apiDoing(/^hmac\.(new|digest)$/, 'crypto', CRYPTO_DOES.hmac),
  apiDoing(/^(hmac\.compare_digest|secrets\.compare_digest)$/, 'crypto', CRYPTO_DOES.constantTime),
  apiDoing(/^hashlib\.(pbkdf2_hmac|scrypt)$/, 'crypto', CRYPTO_DOES.derive),
  apiDoing(/^hashlib\.\w+$/, 'crypto', CRYPTO_DOES.hash),
  apiDoing(/^secrets\.token_\w+$/, 'crypto', CRYPTO_DOES.token),
  api(/^(hashlib\.\w+|hmac\.new|hmac\.compare_digest|secrets\.\w+|bcrypt\.\w+)$/, 'crypto'),
  api(
    /^(time\.(time|monotonic|perf_counter|time_ns)|datetime\.(now|utcnow|today)|datetime\.datetime\.(now|utcnow)|date\.today)$/,
    'clock',
  ),
  api(/^(time\.sleep|asyncio\.sleep)$/, 'sleep'),
  api(/^random\.\w+$/, 'random'),
  api(
    /^(threading\.Thread|Thread|multiprocessing\.Process|concurrent\.futures\.\w+Executor|ThreadPoolExecutor|ProcessPoolExecutor)$/,
    'thread',
  ),
  // Acquiring takes the lock; making one (`threading.Lock()`) does not.
  api(/^(\w+\.)*(acquire)$/, 'lock', /^(threading|multiprocessing)/),
  api(/^(os\.getenv|os\.environ\.get|os\.environ)$/, 'env'),
  api(/^(sys\.exit|exit|quit|os\._exit)$/, 'exit'),
  api(/^(eval|exec|compile)$/, 'eval'),
  api(/^(json\.dumps?|pickle\.dumps?|yaml\.(safe_)?dump|marshal\.dumps?)$/, 'serialise'),
  api(
    /^(json\.loads?|pickle\.loads?|yaml\.(safe_)?load|marshal\.loads?|ast\.literal_eval|csv\.(reader|DictReader))$/,
    'parse-data',
  ),
  api(/^(socket\.socket|socket\.create_connection)$/, 'network'),
];

/**
 * Taint in Python: Flask, Django and FastAPI request input, argv, environment,
 * stdin and file contents; the sinks the security rules follow values into.
 */
const TAINT: TaintCatalogue = {
  sources: [
    {
      pattern:
        /^request\.(args|form|values|json|get_json\(\)|cookies|headers|files|data|GET|POST|COOKIES|META|FILES|body|query_params|path_params)\b/,
      remote: true,
    },
    { pattern: /^sys\.argv\b/ },
    { pattern: /^os\.environ\b/ },
    { pattern: /^os\.getenv\(/ },
    { pattern: /^sys\.stdin\b/ },
    { pattern: /^input\(/ },
    { pattern: /^(io\.)?open\([^()]*\)\.read(lines|line)?\(/ },
    { pattern: /^\w+\.read_(text|bytes)\(/ },
    // Database reads, for stored XSS only: DB-API cursors, Django's ORM, SQLAlchemy. A bare
    // `session.get(…)` is as likely requests' or Flask's session, so SQLAlchemy's needs `db.`.
    { pattern: /^[\w.]+\.fetch(one|all|many)\(/, stored: true },
    {
      pattern:
        /^[A-Z]\w*\.objects\.(get|filter|exclude|all|first|last|latest|earliest|order_by|values|values_list)\(|^get_(object|list)_or_404\(/,
      stored: true,
    },
    {
      pattern:
        /^[A-Z]\w*\.query\.(get|get_or_404|filter|filter_by|order_by|all|first|first_or_404)\(|^(db\.)?session\.(query|execute|scalars|scalar)\(|^db\.session\.get\(|^db\.(get_or_404|first_or_404)\(/,
      stored: true,
    },
  ],
  sinks: [
    { kind: 'sql', callee: /(^|\.)(execute|executemany|executescript|raw)$/, argument: 0 },
    { kind: 'shell', callee: /^os\.(system|popen)$|^subprocess\.(getoutput|getstatusoutput)$/, argument: 0 },
    {
      kind: 'shell',
      callee: /^subprocess\.(run|call|check_call|check_output|Popen)$/,
      argument: 0,
      when: /shell\s*=\s*True/,
      // A list runs its first item as the program; its other items are arguments no shell parses.
      unless: /^[\w.]+\(\s*\[/,
    },
    { kind: 'eval', callee: /^(builtins\.)?(eval|exec)$/, argument: 0 },
    {
      kind: 'html',
      callee: /^(flask\.)?(Markup|make_response)$|^(django\.utils\.safestring\.)?mark_safe$/,
      argument: 0,
    },
    {
      kind: 'path',
      callee:
        /^(io\.)?open$|^os\.(open|remove|unlink|listdir|rmdir|makedirs|mkdir)$|^shutil\.\w+$|^(pathlib\.)?Path$|^(flask\.)?send_file$|^FileResponse$/,
      argument: 0,
    },
    {
      kind: 'url',
      callee:
        /^(requests|httpx)\.(get|post|put|patch|delete|head|options)$|^(urllib\.request\.)?urlopen$|^urllib\.request\.Request$/,
      argument: 0,
    },
    { kind: 'url', callee: /^(requests|httpx)\.request$/, argument: 1 },
    { kind: 'redirect', callee: /^(flask\.)?redirect$/, argument: 0, requires: /^(flask|django)/ },
    {
      kind: 'redirect',
      callee: /^(HttpResponseRedirect|HttpResponsePermanentRedirect|RedirectResponse)$/,
      argument: 0,
    },
    {
      kind: 'deserialise',
      callee: /^(pickle|cPickle|_pickle|dill|cloudpickle|joblib)\.loads?$|^yaml\.(unsafe_)?load$/,
      argument: 0,
    },
    {
      kind: 'log',
      callee: /^(logging|logger|log)\.(debug|info|warning|error|critical|exception)$/,
      argument: 'all',
    },
  ],
  sanitisers: [
    { callee: /^(repr|json\.dumps)$|\.replace$/, clears: ['log'] },
    { callee: /^(int|float|bool|len|ord|abs|round)$|^uuid\.UUID$/, clears: 'all' },
    { callee: /^(shlex\.quote|pipes\.quote)$/, clears: ['shell'] },
    { callee: /^(html\.escape|markupsafe\.escape|escape|bleach\.clean|cgi\.escape)$/, clears: ['html'] },
    { callee: /^(werkzeug\.utils\.)?secure_filename$|^os\.path\.basename$/, clears: ['path'] },
    { callee: /^(urllib\.parse\.)?quote(_plus)?$/, clears: ['url', 'redirect', 'path', 'shell'] },
    { callee: /^(ast\.)?literal_eval$|^json\.loads$/, clears: ['eval', 'deserialise'] },
  ],
  normalisers: /^os\.path\.(realpath|abspath|normpath)$|(^|\.)(resolve|absolute)$/,
  guards: [
    {
      test: /\.(startswith|is_relative_to)\(|os\.path\.commonpath|\.relative_to\(/,
      clears: ['path'],
      needsNormalised: true,
    },
    {
      test: /\b(hostname|netloc|host)\b[\s\S]*\b(in|==)\b|\b(in|==)\b[\s\S]*\b(hostname|netloc|host)\b|allow|trusted/i,
      clears: ['url', 'redirect'],
    },
    {
      test: /url_has_allowed_host_and_scheme|is_safe_url|\.startswith\(\s*["']\/["']\s*\)/,
      clears: ['redirect'],
    },
  ],
  objectParameters: /^(self|cls|request|req|response|session|db|conn|cursor|cur)$/,
  handlerParameter(name, declaration, unit) {
    const decorated = unit.parent?.type === 'decorated_definition' ? unit.parent : undefined;
    const route = decorated?.namedChildren.find(
      (d) => d?.type === 'decorator' && /\.(route|get|post|put|patch|delete|api_route)\(/.test(d.text),
    );
    if (!route || /^(self|cls|request|db|session|background_tasks)$/.test(name)) return undefined;
    // A typed parameter of a framework type is an object the framework injects, not input.
    const type = declaration.type.startsWith('typed')
      ? declaration.childForFieldName('type')?.text
      : undefined;
    if (type && /^(Request|Session|BackgroundTasks|Response|WebSocket)\b/.test(type)) return undefined;
    return `the route parameter \`${name}\``;
  },
};

export const python: LanguageSupport<'python'> = {
  id: 'python',
  tier: 1,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm' },
  metrics: pythonMetrics,
  syntax: SYNTAX,
  docs: { docstrings: true, style: blockDocs('doc comment') },
  apis: APIS,
  exceptions: PYTHON_EXCEPTIONS,
  collections: COLLECTIONS,
  // A leading underscore is private by convention; dunder methods are the language's own protocol.
  isExported: ({ name }) => !name.startsWith('_') || /^__\w+__$/.test(name),
  declarations: {
    heritage: (node) => {
      const types = heritageNames(node.childForFieldName('superclasses')).filter((t) => t !== 'object');
      return types.length ? { types, relation: 'extends' } : undefined;
    },
    entryPoints: MAIN_WITHOUT_PARAMETERS,
    // pytest and unittest collect functions by name.
    isTestName: (name) => /^test_?/.test(name),
    react: false,
    protocols: {
      __init__: 'sets up each new object of its class when the class is called',
      __new__: 'creates the object when its class is called, before __init__ runs',
      __repr__: 'gives the text repr() and the interactive prompt show for an object',
      __str__: 'gives the text str() and print() show for an object',
      __eq__: 'decides what == answers for its objects',
      __lt__: 'decides what < answers for its objects, which sorting uses',
      __hash__: 'gives the hash that sets and dictionary keys use',
      __len__: 'gives what len() answers for an object',
      __iter__: 'is what a for loop over an object calls to get its items',
      __next__: 'is what a for loop calls for each next item; raising StopIteration ends the loop',
      __contains__: 'decides what x in obj answers',
      __getitem__: 'is what obj[key] runs',
      __setitem__: 'is what obj[key] = value runs',
      __delitem__: 'is what del obj[key] runs',
      __getattr__: 'runs when looking an attribute up finds nothing',
      __setattr__: 'runs on every assignment to an attribute',
      __call__: 'is what calling an object like a function runs',
      __enter__: 'runs when a with block starts',
      __exit__: 'runs when a with block ends, with any exception it raised',
      __bool__: 'decides whether an object counts as true',
      __add__: 'is what + runs for its objects',
      __reduce__: 'tells pickle how to rebuild an object',
      __del__: 'runs when an object is about to be destroyed',
      __missing__:
        'gives the value of obj[key] for a missing key, where a dictionary subclass would raise KeyError',
      __getstate__: 'gives the state pickle saves for an object',
      __setstate__: 'restores an object’s state when pickle rebuilds it',
      __format__: 'gives the text format() and f-strings show for an object',
      __copy__: 'is what copy.copy() runs for an object',
      __deepcopy__: 'is what copy.deepcopy() runs for an object',
      __aenter__: 'runs when an async with block starts',
      __aexit__: 'runs when an async with block ends, with any exception it raised',
      __index__: 'gives the integer an object stands for in slicing and bin()/hex()',
      __reversed__: 'gives the items reversed() goes through',
      __get__: 'runs when the attribute it describes is read (a descriptor)',
      __set__: 'runs when the attribute it describes is assigned (a descriptor)',
      __set_name__: 'tells a descriptor the name it is assigned to in its class',
      __init_subclass__: 'runs for each new subclass of its class',
    },
    // pickle and copy call these, not the language.
    protocolCallers: {
      __reduce__: { library: true },
      __getstate__: { library: true },
      __setstate__: { library: true },
      __copy__: { library: true },
      __deepcopy__: { library: true },
    },
  },
  arithmetic: { divisionIsNumeric: false },
  // Calling a class creates an instance; `int(s)` and its kin convert (or parse) a value instead.
  construction: {
    capitalisedCallCreates: true,
    conversions: {
      int: 'an integer',
      float: 'a floating-point number',
      str: 'a string',
      bool: 'a boolean',
      complex: 'a complex number',
      bytes: 'bytes',
    },
  },
  wording: {
    name: 'Python',
    raises: true,
    collectionPipeline: 'a list comprehension',
    asyncAwait: false,
    examples: 'python',
  },
  taint: TAINT,
  sample: 'def add(a, b):\n    if a > b:\n        return a\n    return a + b\n',
};
