import { javaMetrics } from '../metrics/java/index.js';
import { JAVA_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import {
  api,
  apiDoing,
  blockDocs,
  CRYPTO_DOES,
  heritageNames,
  modifiersText,
  referenceReader,
  withoutArguments,
} from './common.js';
import type {
  ApiEntry,
  CollectionMethods,
  Heritage,
  LanguageSupport,
  PipelineCall,
  SyntaxTable,
} from './model.js';
import type { EffectKind } from '../purpose/model.js';
import type { TaintCatalogue } from '../taint/model.js';

/** `Type::method`: the method's name, after the `::`. */
const referencedMethod = (node: Node): boolean =>
  node.parent?.type === 'method_reference' && node.parent.namedChildren[0]?.id !== node.id;
/** Stream steps that run their lambda once per item (`sorted` compares n log n times: left out). */
const STREAM_STEPS: ReadonlySet<string> = new Set([
  'map',
  'filter',
  'flatMap',
  'mapToInt',
  'mapToLong',
  'mapToDouble',
  'mapToObj',
  'anyMatch',
  'allMatch',
  'noneMatch',
  'forEach',
  'peek',
  'takeWhile',
  'dropWhile',
  'reduce',
]);
/** A collection's own methods that run their lambda once per item, with no stream. */
const COLLECTION_STEPS: ReadonlySet<string> = new Set(['forEach', 'removeIf', 'replaceAll']);
const STREAM_OPENERS: ReadonlySet<string> = new Set(['stream', 'parallelStream']);
/** Stream steps that call their comparator to sort: n log n times, every item among them. */
const SORTS: ReadonlySet<string> = new Set(['sorted']);
/** Stream steps that take no lambda and pass items on: a chain is read back through them to its source. */
const PASSING_STEPS: ReadonlySet<string> = new Set(['distinct']);
/**
 * Steps that run a lambda per item but whose lambda search-in-chain has never read for searches
 * (facts/searches.ts): kept out of callbackSteps so that what it finds does not change.
 */
const UNREAD_FOR_SEARCHES: ReadonlySet<string> = new Set(['reduce', 'replaceAll']);
const COLLECTIONS: CollectionMethods = {
  searches: new Set(['contains', 'indexOf', 'lastIndexOf']),
  callbackSteps: new Set(
    [...STREAM_STEPS, ...COLLECTION_STEPS, ...SORTS].filter((m) => !UNREAD_FOR_SEARCHES.has(m)),
  ),
  chainLinks: new Set([...STREAM_OPENERS, ...PASSING_STEPS]),
};
/** Operations that end a stream, running every step before them (a stream without one runs nothing). */
const TERMINAL: ReadonlySet<string> = new Set([
  'collect',
  'toList',
  'toArray',
  'forEach',
  'forEachOrdered',
  'reduce',
  'count',
  'sum',
  'average',
  'min',
  'max',
  'anyMatch',
  'allMatch',
  'noneMatch',
  'findFirst',
  'findAny',
  'summaryStatistics',
  'iterator',
]);

/** Whether a stream step is run: it is a terminal operation, or one follows it in its chain. */
function ended(step: Node, method: string): boolean {
  if (TERMINAL.has(method)) return true;
  for (let at = step, p = step.parent; p?.type === 'method_invocation'; at = p, p = p.parent) {
    if (p.childForFieldName('object')?.id !== at.id) return false;
    if (TERMINAL.has(p.childForFieldName('name')?.text ?? '')) return true;
  }
  return false;
}
const CALLBACKS: ReadonlySet<string> = new Set(['lambda_expression', 'method_reference']);

/**
 * `orders.stream().filter(…)`: a step of a stream, back through its earlier steps to the collection it
 * streams. A `map` on no stream may be `Optional.map`, which runs at most once: no pipeline then.
 */
function pipeline(call: Node): PipelineCall | undefined {
  const method = call.type === 'method_invocation' ? call.childForFieldName('name')?.text : undefined;
  if (!method || (!STREAM_STEPS.has(method) && !COLLECTION_STEPS.has(method))) return undefined;
  const callback = call.childForFieldName('arguments')?.namedChildren[0];
  if (!callback || !CALLBACKS.has(callback.type)) return undefined;
  const receiver = call.childForFieldName('object') ?? undefined;
  let source = receiver;
  while (source?.type === 'method_invocation') {
    const name = source.childForFieldName('name')?.text ?? '';
    if (STREAM_OPENERS.has(name))
      return ended(call, method)
        ? { method: `.${method}`, over: source.childForFieldName('object') ?? source, callback }
        : undefined;
    if (!STREAM_STEPS.has(name) && !PASSING_STEPS.has(name) && !SORTS.has(name)) break;
    source = source.childForFieldName('object') ?? undefined;
  }
  return COLLECTION_STEPS.has(method) ? { method: `.${method}`, over: receiver, callback } : undefined;
}

const SYNTAX: SyntaxTable = {
  kind: 'table',
  // Sorts a whole collection (`Arrays.sort`, `Collections.sort`, `list.sort`, a stream's `sorted`): O(n log n).
  sorts: /^(Arrays\.(sort|parallelSort)|Collections\.sort)$|\.(sort|sorted)$/,
  // Copies or fills an array: O(n) in its length.
  copies: /^(System\.arraycopy|Arrays\.(copyOf|copyOfRange|fill))$/,
  isReference: referenceReader(['identifier'], referencedMethod),
  steps: {
    for_statement: { kind: 'loop', detail: 'for' },
    enhanced_for_statement: { kind: 'loop', detail: 'for-each' },
    while_statement: { kind: 'loop', detail: 'while' },
    do_statement: { kind: 'loop', detail: 'do-while' },
    if_statement: { kind: 'branch' },
    switch_expression: { kind: 'switch' },
    switch_statement: { kind: 'switch' },
    method_invocation: { kind: 'call' },
    object_creation_expression: { kind: 'call', detail: 'new' },
    // `this(…)` and `super(…)` in a constructor: another constructor runs.
    explicit_constructor_invocation: { kind: 'call' },
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    try_statement: { kind: 'try' },
    try_with_resources_statement: { kind: 'try' },
    catch_clause: { kind: 'catch' },
    yield_statement: { kind: 'yield' },
  },
  imports: {
    import_declaration: (n) => {
      const name = n.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
      return name ? [name.text] : [];
    },
  },
  calleeFields: ['name', 'type', 'constructor'],
  pipeline,
  comments: new Set(['line_comment', 'block_comment']),
  asyncMarkers: new Set(),
  generatorMarkers: new Set(),
  generatorWhenYields: false,
  requireImports: false,
};

/** What a reader built around `args` reads: standard input, a file, or (unknown, or a string) nothing said. */
function wrappedSource(args: readonly string[] | undefined): EffectKind | undefined {
  const text = args?.join(',') ?? '';
  if (/\bSystem\.in\b/.test(text)) return 'stdin';
  if (/\bnew (File|FileReader|FileInputStream)\(|\b(Paths\.get|Path\.of)\(/.test(text)) return 'reads-file';
  return undefined;
}

/** The JDK's well-known calls; Kotlin calls them too. */
export const JAVA_APIS: readonly ApiEntry[] = [
  api(
    /^(Files\.(readAllLines|readAllBytes|readString|lines|newBufferedReader|newInputStream)|new (FileReader|FileInputStream))$/,
    'reads-file',
  ),
  api(/^Files\.(exists|notExists|isDirectory|isRegularFile|size|list|walk)$/, 'file-system'),
  // A Scanner or BufferedReader reads what it wraps: `System.in`, a file, or a string.
  { callee: /^new (Scanner|BufferedReader)$/, effect: 'reads-file', byArguments: wrappedSource },
  api(
    /^(Files\.(write|writeString|newBufferedWriter|newOutputStream|delete|deleteIfExists|createDirectories|copy|move)|new (FileWriter|FileOutputStream))$/,
    'writes-file',
  ),
  // A PrintWriter writes where it is pointed: `System.out`, a file, a socket's stream.
  {
    callee: /^new PrintWriter$/,
    effect: 'writes-file',
    byArguments: (args) => {
      const text = args?.join(',') ?? '';
      if (/\bSystem\.(out|err)\b/.test(text)) return 'print';
      if (/\bnew (File|FileWriter|FileOutputStream)\(|^\s*"/.test(text)) return 'writes-file';
      return undefined;
    },
  },
  api(/^Runtime\.getRuntime\(\)\.exec$/, 'process'),
  api(/^(new ProcessBuilder)$/, 'process'),
  api(
    // Sending, not making a client or a URL; a DatagramSocket's send is no HTTP.
    /^((\w+\.)*\w*[cC]lient\.(send|sendAsync)|\w+\.openConnection)$/,
    'http-request',
    /^java\.net/,
  ),
  // `execute` is also Executor's (`pool.execute(task)`): a query only on a receiver named for a statement.
  api(
    /^((\w+\.)*(executeQuery|executeUpdate|executeBatch|prepareStatement|createStatement|prepareCall)|(\w+\.)*(stmt|\w+Stmt|statement|\w+Statement|ps|pst|pstmt)\.execute)$/,
    'database',
    /^(java\.sql|javax\.sql)/,
  ),
  api(/^(\w*[lL]og(ger)?|LOG|LOGGER)\.(trace|debug|info|warn|warning|error|fatal|severe|fine|log)$/, 'log'),
  api(/^System\.(out|err)\.(println|print|printf|format)$/, 'print'),
  apiDoing(/^Mac\.getInstance$/, 'crypto', CRYPTO_DOES.hmac),
  apiDoing(/^MessageDigest\.isEqual$/, 'crypto', CRYPTO_DOES.constantTime),
  apiDoing(/^MessageDigest\.getInstance$/, 'crypto', CRYPTO_DOES.hash),
  api(
    /^(MessageDigest\.getInstance|Cipher\.getInstance|Mac\.getInstance|KeyGenerator\.getInstance|new SecureRandom)$/,
    'crypto',
  ),
  api(
    /^(System\.currentTimeMillis|System\.nanoTime|Instant\.now|LocalDate\.now|LocalDateTime\.now)$/,
    'clock',
  ),
  // `new Date()` is now; `new Date(millis)` is a date made from a value.
  withoutArguments(/^new Date$/, 'clock'),
  api(/^(Thread\.sleep|TimeUnit\.\w+\.sleep)$/, 'sleep'),
  api(/^(Math\.random|new Random|ThreadLocalRandom\.current)$/, 'random'),
  api(
    // Handing work over, not making the pool (`Executors.newFixedThreadPool`).
    /^(new Thread|\w+\.submit|(\w+\.)*(pool|executor|\w*Executor|\w*Pool)\.execute|CompletableFuture\.(runAsync|supplyAsync))$/,
    'thread',
    /^java\.util\.concurrent|^java\.lang/,
  ),
  api(/^new Thread$/, 'thread'),
  // Not a Semaphore's acquire (a permit) or a latch's await (a count): only what takes a lock says so.
  api(/^(\w+\.)?(lock|lockInterruptibly|tryLock)$/, 'lock', /^java\.util\.concurrent/),
  api(/^System\.(getenv|getProperty)$/, 'env'),
  api(/^System\.exit$/, 'exit'),
  api(/^(new ObjectInputStream|\w+\.readObject)$/, 'parse-data'),
];

function heritage(node: Node): Heritage | undefined {
  const sup = node.childForFieldName('superclass')?.namedChildren[0]?.text.replace(/<.*$/s, '');
  const ifaces = node.childForFieldName('interfaces');
  const list = ifaces?.namedChildren.find((c) => c.type === 'type_list');
  if (sup) return { types: [sup], relation: 'extends' };
  const types = heritageNames(list);
  return types.length ? { types, relation: 'implements' } : undefined;
}

/**
 * Taint in Java: Spring's annotated handler parameters, servlet request
 * input, main's arguments, environment, stdin and file contents; the sinks
 * the security rules follow values into.
 */
const SPRING_INPUT =
  /@(RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|ModelAttribute|RequestPart|MatrixVariable)\b/;
const TAINT: TaintCatalogue = {
  sources: [
    {
      pattern:
        /^\w+\.(getParameter|getParameterValues|getParameterMap|getQueryString|getHeader|getCookies|getInputStream|getReader|getRequestURI|getPathInfo)\(/,
      remote: true,
    },
    { pattern: /^System\.(getenv|getProperty)\(|^System\.in\b/ },
    { pattern: /^Files\.(readString|readAllLines|readAllBytes|lines)\(/ },
    // Database reads, for stored XSS only: JDBC result sets, Spring Data repositories, JdbcTemplate.
    {
      pattern: /^\w+\.executeQuery\(|^(rs|resultSet|results)\.(getString|getNString|getObject)\(/,
      stored: true,
    },
    {
      pattern:
        /^(this\.)?\w*(repository|Repository|repo|Repo)\.(findById|findAll|findBy\w+|findAllBy\w+|findFirstBy\w+|getById|getReferenceById|findOne)\(|^(this\.)?jdbcTemplate\.(queryForObject|queryForList|queryForMap|query)\(/,
      stored: true,
    },
  ],
  sinks: [
    {
      kind: 'sql',
      callee:
        /(^|\.)(executeQuery|executeUpdate|executeLargeUpdate|execute|addBatch|prepareStatement|prepareCall|createQuery|createNativeQuery)$/,
      argument: 0,
    },
    { kind: 'shell', callee: /^Runtime\.getRuntime\(\)\.exec$/, argument: 0 },
    {
      kind: 'path',
      callee:
        /^(java\.io\.)?(File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile)$|^(Paths\.get|Path\.of)$/,
      argument: 'all',
    },
    {
      kind: 'path',
      callee:
        /^Files\.(readString|readAllLines|readAllBytes|lines|newInputStream|newOutputStream|newBufferedReader|newBufferedWriter|write|writeString|delete|deleteIfExists|copy|move|createFile|createDirectories)$/,
      argument: 0,
    },
    { kind: 'url', callee: /(^|\.)(openConnection|openStream)$/, argument: 'receiver' },
    { kind: 'url', callee: /^HttpRequest\.newBuilder$|(^|\.)uri$/, argument: 0 },
    {
      kind: 'url',
      callee: /\.(getForObject|getForEntity|postForObject|postForEntity|exchange)$/,
      argument: 0,
    },
    { kind: 'redirect', callee: /\.sendRedirect$/, argument: 0 },
    { kind: 'redirect', callee: /^RedirectView$/, argument: 0 },
    {
      kind: 'deserialise',
      callee: /^(java\.io\.)?ObjectInputStream$|^(java\.beans\.)?XMLDecoder$/,
      argument: 0,
    },
    { kind: 'log', callee: /^(log|logger|LOG|LOGGER)\.(trace|debug|info|warn|error)$/, argument: 'all' },
  ],
  sanitisers: [
    { callee: /\.replace(All)?$|(^|\.)(escapeJava|forJava)$/, clears: ['log'] },
    {
      callee:
        /^(Integer\.parseInt|Integer\.valueOf|Long\.parseLong|Long\.valueOf|Double\.parseDouble|UUID\.fromString|Boolean\.parseBoolean)$/,
      clears: 'all',
    },
    { callee: /(^|\.)(escapeHtml4?|htmlEscape|escapeHtml|forHtml|sanitize)$/, clears: ['html'] },
    { callee: /(^|\.)getFileName$|^FilenameUtils\.getName$/, clears: ['path'] },
    // Sizes and counts: a number, none of the text.
    { callee: /\.(size|length)$/, clears: 'all' },
    // A result set's numbers and dates hold no text anyone stored.
    {
      callee:
        /^(rs|resultSet|results)\.(getInt|getLong|getShort|getDouble|getFloat|getBoolean|getBigDecimal|getDate|getTimestamp)$/,
      clears: 'all',
    },
    { callee: /^URLEncoder\.encode$/, clears: ['url', 'redirect', 'path', 'html'] },
  ],
  normalisers: /(^|\.)(normalize|toRealPath|getCanonicalPath|getCanonicalFile|toAbsolutePath)$/,
  guards: [
    { test: /\.startsWith\(/, clears: ['path'], needsNormalised: true },
    {
      test: /\bgetHost\(\)[\s\S]*(contains|equals)|(contains|equals)\([\s\S]*getHost\(\)|allow|trusted/i,
      clears: ['url', 'redirect'],
    },
    { test: /\.startsWith\(\s*"\/"\s*\)/, clears: ['redirect'] },
  ],
  objectParameters: /^(request|response|req|res|session|model|this)$/,
  handlerParameter(name, declaration, unit) {
    if (SPRING_INPUT.test(declaration.text)) {
      const annotation = SPRING_INPUT.exec(declaration.text)![0];
      return `\`${annotation}\` parameter \`${name}\``;
    }
    // main's arguments are the command line.
    if (unit.childForFieldName('name')?.text === 'main' && /\bstatic\b/.test(unit.text.slice(0, 200)))
      return `the command-line arguments \`${name}\``;
    return undefined;
  },
};

export const java: LanguageSupport<'java'> = {
  id: 'java',
  tier: 1,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm' },
  metrics: javaMetrics,
  syntax: SYNTAX,
  docs: { docstrings: false, style: blockDocs('Javadoc') },
  apis: JAVA_APIS,
  exceptions: JAVA_EXCEPTIONS,
  collections: COLLECTIONS,
  isExported: ({ node }) => /\b(public|open)\b/.test(modifiersText(node)),
  declarations: {
    heritage,
    entryPoints: { names: ['main'], withParameters: true },
    react: false,
    protocols: {
      toString: 'gives the text an object shows as when it is printed or joined to a string',
      equals: 'decides whether two objects count as equal, as collections compare them',
      hashCode: 'gives the hash HashMap and HashSet file an object under, which must agree with equals',
      compareTo: 'decides the natural order of its objects (Comparable), which sorting uses',
      compare: 'decides the order of two objects (Comparator)',
      iterator: 'gives the items a for-each loop goes through (Iterable)',
      close: 'releases what the object holds, as try-with-resources does at the end of its block',
      run: 'is the work a Thread or an executor runs (Runnable)',
    },
    // Collections, sorting and threads call these, not the language.
    protocolCallers: {
      equals: { library: true },
      hashCode: { library: true },
      compareTo: { library: true },
      compare: { library: true },
      run: { library: true },
    },
    protocolParameters: {
      toString: 0,
      equals: 1,
      hashCode: 0,
      compareTo: 1,
      compare: 2,
      iterator: 0,
      close: 0,
      run: 0,
    },
  },
  arithmetic: { divisionIsNumeric: true },
  removal: {
    types: new Set([
      'Map',
      'HashMap',
      'TreeMap',
      'LinkedHashMap',
      'SortedMap',
      'NavigableMap',
      'List',
      'ArrayList',
      'LinkedList',
      'Set',
      'HashSet',
      'TreeSet',
      'LinkedHashSet',
      'SortedSet',
      'NavigableSet',
      'Collection',
      'Queue',
      'Deque',
      'ArrayDeque',
      'PriorityQueue',
    ]),
    methods: new Set([
      'remove',
      'removeIf',
      'removeAll',
      'retainAll',
      'clear',
      'poll',
      'pollFirst',
      'pollLast',
      'removeFirst',
      'removeLast',
      'pollFirstEntry',
      'pollLastEntry',
    ]),
  },
  wording: {
    name: 'Java',
    raises: false,
    collectionPipeline: 'a stream (`stream().map(…).toList()`)',
    forEachLoop: 'An enhanced `for (T item : items)` loop.',
    asyncAwait: false,
    examples: 'java',
  },
  taint: TAINT,
  sample: 'class Calc {\n  int add(int a, int b) {\n    if (a > b) return a;\n    return a + b;\n  }\n}\n',
};
