import { pythonMetrics } from '../metrics/python/index.js';
import { api, blockDocs, heritageNames, MAIN_WITHOUT_PARAMETERS } from './common.js';
import type { ApiEntry, LanguageSupport, SyntaxTable } from './model.js';

const SYNTAX: SyntaxTable = {
  kind: 'table',
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
  comments: new Set(['comment']),
  asyncMarkers: new Set(['async']),
  generatorMarkers: new Set(),
  generatorWhenYields: true,
  requireImports: false,
};

const APIS: readonly ApiEntry[] = [
  api(/^open$|^(io|codecs)\.open$|^\w+\.(read_text|read_bytes)$/, 'reads-file'),
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
    /^(requests|httpx)\.(get|post|put|delete|patch|head|request)$|^urllib\.request\.urlopen$|^urlopen$|^(session|client)\.(get|post|put|delete)$/,
    'http-request',
  ),
  api(
    /^(\w+\.)*(execute|executemany|executescript|fetchone|fetchall|fetchmany)$/,
    'database',
    /^(sqlite3|psycopg2?|pymysql|MySQLdb|mysql\.connector|cx_Oracle|oracledb|pyodbc|sqlalchemy)/,
  ),
  api(
    /^(\w+\.)*(find|find_one|insert_one|insert_many|update_one|update_many|delete_one|delete_many|aggregate)$/,
    'database',
    /^(pymongo|motor)/,
  ),
  api(
    /^(logging|logger|log|LOGGER|_log|_logger)\.(debug|info|warning|warn|error|exception|critical|log)$/,
    'log',
  ),
  api(/^print$|^sys\.stdout\.write$|^sys\.stderr\.write$/, 'print'),
  api(/^input$|^sys\.stdin\.(read|readline|readlines)$/, 'stdin'),
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
  api(
    /^(\w+\.)*(acquire)$|^(threading\.)?(Lock|RLock|Condition|Semaphore)$/,
    'lock',
    /^(threading|multiprocessing)/,
  ),
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

export const python: LanguageSupport<'python'> = {
  id: 'python',
  tier: 1,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm' },
  metrics: pythonMetrics,
  syntax: SYNTAX,
  docs: { docstrings: true, style: blockDocs('doc comment') },
  apis: APIS,
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
  },
  wording: {
    name: 'Python',
    raises: true,
    collectionPipeline: 'a list comprehension',
    asyncAwait: false,
    examples: 'python',
  },
  sample: 'def add(a, b):\n    if a > b:\n        return a\n    return a + b\n',
};
