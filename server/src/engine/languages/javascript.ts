/** JavaScript, TypeScript and TSX: one grammar family, one metrics definition, three grammars. */
import { javascriptMetrics } from '../metrics/javascript/index.js';
import { UNTYPED_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { callArguments } from '../nodes.js';
import {
  api,
  apiDoing,
  CRYPTO_DOES,
  withoutArguments,
  blockDocs,
  heritageNames,
  MAIN_WITHOUT_PARAMETERS,
  referenceReader,
  stringText,
} from './common.js';
import type {
  ApiEntry,
  CollectionMethods,
  Construction,
  Heritage,
  LanguageSupport,
  PipelineCall,
  SyntaxTable,
  VisibilityQuery,
} from './model.js';
import type { TaintCatalogue } from '../taint/model.js';

/**
 * Array methods that run their callback once per item (sorting is left out: it compares, n log n times).
 * A call of one counts only with an inline function, so `db.users.find(query)` is no pipeline. `each` is
 * the same walk in jQuery, Backbone and most tree and set libraries.
 */
const PIPELINE_METHODS: ReadonlySet<string> = new Set([
  'map',
  'filter',
  'flatMap',
  'forEach',
  'each',
  'some',
  'every',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'reduce',
  'reduceRight',
]);
/** Array methods that call their callback to compare items while sorting: n log n times, every item among them. */
const SORTS: ReadonlySet<string> = new Set(['sort', 'toSorted']);
/** Array methods that look for items by testing each with a callback (`filter` keeps every match, the rest stop at the first). */
const CALLBACK_SEARCHES: ReadonlySet<string> = new Set([
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'filter',
  'some',
]);
const COLLECTIONS: CollectionMethods = {
  searches: new Set(['includes', 'indexOf', 'lastIndexOf', ...CALLBACK_SEARCHES]),
  callbackSearches: CALLBACK_SEARCHES,
  callbackSteps: new Set([...PIPELINE_METHODS, ...SORTS]),
};
const INLINE_FUNCTIONS: ReadonlySet<string> = new Set(['arrow_function', 'function_expression', 'function']);

function pipeline(call: Node): PipelineCall | undefined {
  const fn = call.type === 'call_expression' ? call.childForFieldName('function') : null;
  const method = fn?.type === 'member_expression' ? fn.childForFieldName('property')?.text : undefined;
  if (!fn || !method || !PIPELINE_METHODS.has(method)) return undefined;
  const callback = callArguments(call)[0];
  if (!callback || !INLINE_FUNCTIONS.has(callback.type)) return undefined;
  return { method: `.${method}`, over: fn.childForFieldName('object') ?? undefined, callback };
}

const SYNTAX: SyntaxTable = {
  kind: 'table',
  // Sorts a whole collection (`xs.sort(…)`, `xs.toSorted(…)`): O(n log n).
  sorts: /\.(sort|toSorted)$/,
  // Property names and object keys are `property_identifier`s; `{ x }` is a use of `x`.
  isReference: referenceReader(['identifier', 'shorthand_property_identifier']),
  steps: {
    for_statement: { kind: 'loop', detail: 'for' },
    for_in_statement: { kind: 'loop', detail: 'for-each' },
    while_statement: { kind: 'loop', detail: 'while' },
    do_statement: { kind: 'loop', detail: 'do-while' },
    if_statement: { kind: 'branch' },
    switch_statement: { kind: 'switch' },
    call_expression: { kind: 'call' },
    new_expression: { kind: 'call', detail: 'new' },
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    await_expression: { kind: 'await' },
    try_statement: { kind: 'try' },
    catch_clause: { kind: 'catch' },
    yield_expression: { kind: 'yield' },
  },
  imports: {
    import_statement: (n) => stringText(n.childForFieldName('source')),
  },
  calleeFields: ['function', 'constructor'],
  pipeline,
  comments: new Set(['comment', 'html_comment']),
  asyncMarkers: new Set(['async']),
  generatorMarkers: new Set(['*']),
  generatorWhenYields: false,
  requireImports: true,
};

const APIS: readonly ApiEntry[] = [
  api(/^(fs(\.promises)?|fsp|fs\/promises)\.(readFile|readFileSync|createReadStream)$/, 'reads-file'),
  // Listing a folder or asking whether a path exists reads no file's content.
  api(
    /^(fs(\.promises)?|fsp|fs\/promises)\.(readdir|readdirSync|stat|statSync|lstat|lstatSync|access|accessSync|existsSync)$/,
    'file-system',
  ),
  api(
    /^(fs(\.promises)?|fsp)\.(writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|mkdir|mkdirSync|rm|rmSync|unlink|unlinkSync|rename|renameSync|copyFile)$/,
    'writes-file',
  ),
  api(/^(readFile|readFileSync)$/, 'reads-file', /^(node:)?fs(\/promises)?$/),
  api(/^(readdir|readdirSync|stat|statSync|existsSync|access)$/, 'file-system', /^(node:)?fs(\/promises)?$/),
  api(/^(writeFile|writeFileSync|appendFile|mkdir|rm|unlink)$/, 'writes-file', /^(node:)?fs(\/promises)?$/),
  api(/^(child_process\.|cp\.)?(exec|execSync)$/, 'shell', /^(node:)?child_process$/),
  api(
    /^(child_process\.|cp\.)?(spawn|spawnSync|execFile|execFileSync|fork)$/,
    'process',
    /^(node:)?child_process$/,
  ),
  api(
    /^(fetch|axios(\.(get|post|put|delete|patch|request))?|got(\.(get|post))?|https?\.(get|request)|superagent\.\w+)$/,
    'http-request',
  ),
  api(
    /^(\w+\.)?(query|execute)$/,
    'database',
    /^(pg|mysql2?(\/promise)?|sqlite3?|better-sqlite3|mssql|oracledb|knex|postgres)$/,
  ),
  api(
    /^(\w+\.)?(findOne|findById|insertOne|insertMany|updateOne|updateMany|deleteOne|deleteMany|aggregate|countDocuments)$/,
    'database',
    /^(mongodb|mongoose)$/,
  ),
  // `find` is also every array's (`items.find(...)`): a query only on a model (`User`) or a collection.
  api(/^([A-Z]\w*|(\w+\.)?\w*([cC]ollection|Model))\.find$/, 'database', /^(mongodb|mongoose)$/),
  api(
    /^(\w+\.)?(createServer|listen)$/,
    'http-server',
    /^(node:)?(http|https|http2|net|express|koa|fastify)$/,
  ),
  api(
    /^document\.(querySelector|querySelectorAll|getElementById|getElementsByClassName|getElementsByTagName)$/,
    'dom-read',
  ),
  api(
    // Not createElement: an element made is not on the page until something inserts it.
    /^document\.(write|writeln)$|\.(appendChild|insertBefore|replaceChildren|insertAdjacentHTML|setAttribute|removeChild)$/,
    'dom-write',
  ),
  // append and prepend are also FormData's, URLSearchParams' and Headers': the DOM's only on an element.
  api(
    /^(document\.(body|head|documentElement)|(\w+\.)*(\w*[eE]l|\w*[eE]lement|\w*[cC]ontainer|\w*[pP]arent|\w*[rR]oot|body|fragment|wrapper))\.(append|prepend)$/,
    'dom-write',
  ),
  api(
    /^console\.(log|info|warn|error|debug|trace)$|^(logger|log)\.(info|warn|error|debug|trace|fatal)$/,
    'log',
  ),
  apiDoing(/^(crypto\.)?createHmac$/, 'crypto', CRYPTO_DOES.hmac),
  apiDoing(/^(crypto\.)?timingSafeEqual$/, 'crypto', CRYPTO_DOES.constantTime),
  apiDoing(/^(crypto\.)?createHash$/, 'crypto', CRYPTO_DOES.hash),
  apiDoing(/^(crypto\.)?(pbkdf2|pbkdf2Sync|scrypt|scryptSync)$/, 'crypto', CRYPTO_DOES.derive),
  apiDoing(/^crypto\.sign$|^(crypto\.)?createSign$/, 'crypto', CRYPTO_DOES.sign),
  apiDoing(/^crypto\.verify$|^(crypto\.)?createVerify$/, 'crypto', CRYPTO_DOES.verify),
  apiDoing(/^(crypto\.)?createCipheriv$/, 'crypto', CRYPTO_DOES.encrypt),
  apiDoing(/^(crypto\.)?createDecipheriv$/, 'crypto', CRYPTO_DOES.decrypt),
  api(
    /^(crypto\.)?(createHash|createHmac|createCipheriv|createDecipheriv|randomBytes|pbkdf2|pbkdf2Sync|scrypt|scryptSync)$|^crypto\.subtle\.\w+$|^(bcrypt|argon2)\.\w+$/,
    'crypto',
  ),
  api(/^(Date\.now|performance\.now)$/, 'clock'),
  // `new Date()` is now; `new Date(e.hour)` is a date made from a value.
  withoutArguments(/^new Date$/, 'clock'),
  api(/^(setTimeout|setInterval|setImmediate|requestAnimationFrame|queueMicrotask)$/, 'timer'),
  api(/^(Math\.random|crypto\.randomUUID|crypto\.getRandomValues)$/, 'random'),
  api(/^process\.env(\.\w+)?$/, 'env'),
  api(/^process\.exit$/, 'exit'),
  api(/^(eval|new Function)$/, 'eval'),
  api(/^JSON\.stringify$/, 'serialise'),
  api(/^JSON\.parse$/, 'parse-data'),
  api(/^(new Worker)$/, 'thread'),
  api(/^(localStorage|sessionStorage)\.(getItem|setItem|removeItem)$/, 'file-system'),
  api(/^(new WebSocket|net\.connect|net\.createConnection)$/, 'network'),
];

/** Exported by an `export` written on it or on the declaration or class it sits in. */
function exportedJs(node: Node): boolean {
  for (let p: Node | null = node.parent; p; p = p.parent) {
    if (p.type === 'export_statement') return true;
    if (
      !/^(variable_declarator|lexical_declaration|variable_declaration|class_body|class_declaration|class)$/.test(
        p.type,
      )
    )
      return false;
  }
  return false;
}

function isExported({ node, inClass, snippetExports }: VisibilityQuery): boolean {
  return exportedJs(node) || (!inClass && !snippetExports);
}

function heritage(node: Node): Heritage | undefined {
  const clause = node.namedChildren.find((c) => c.type === 'class_heritage');
  const ext =
    clause?.namedChildren.find((c) => c.type === 'extends_clause') ??
    (clause?.text.startsWith('extends') ? clause : undefined);
  const value =
    ext?.type === 'extends_clause' ? ext.childForFieldName('value')?.text : ext?.namedChildren[0]?.text;
  if (value) return { types: [value.replace(/<.*$/s, '')], relation: 'extends' };
  const impl = clause?.namedChildren.find((c) => c.type === 'implements_clause');
  const types = heritageNames(impl);
  return types.length ? { types, relation: 'implements' } : undefined;
}

/**
 * `Number(x)`, `String(x)`, `Boolean(x)` and `BigInt(x)` called without `new` convert a value; they
 * create no wrapper object. A capitalised call without `new` is a plain function call.
 */
const CONSTRUCTION: Construction = {
  capitalisedCallCreates: false,
  conversions: { Number: 'a number', String: 'a string', Boolean: 'a boolean', BigInt: 'a BigInt' },
};

/** Everything but the grammar, the name and what a doc comment is called. */
const FAMILY = {
  tier: 1,
  metrics: javascriptMetrics,
  syntax: SYNTAX,
  apis: APIS,
  exceptions: UNTYPED_EXCEPTIONS,
  collections: COLLECTIONS,
  isExported,
  construction: CONSTRUCTION,
  // Every function but an arrow has its own `arguments`; an arrow's is its enclosing function's.
  passing: {
    argumentsObject: {
      name: 'arguments',
      ownedBy: new Set([
        'function_declaration',
        'function_expression',
        'function',
        'generator_function_declaration',
        'generator_function',
        'method_definition',
      ]),
    },
  },
  declarations: {
    heritage,
    entryPoints: MAIN_WITHOUT_PARAMETERS,
    react: true,
    protocols: {
      toString: 'gives the text an object turns into in a string',
      toJSON: 'gives what JSON.stringify writes for an object',
      valueOf: 'gives the value an object turns into in arithmetic and comparisons',
      '[Symbol.iterator]': 'gives the items a for…of loop and spreading go through',
    },
    protocolParameters: { toString: 0, valueOf: 0 },
    protocolCallers: { toJSON: { library: true } },
  },
} as const;

/**
 * A class body's first member: modifiers, then a method (`private load(id: string) {`, `get size() {`,
 * `async *items() {`) or a field (`private readonly cache = new Map()`).
 */
const MEMBER_START =
  /^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|private|protected|static|readonly|async|override|abstract|declare|get|set|accessor)\s+)*\*?\s*#?[\w$]+\??\s*(?:<[^>]*>\s*)?(?:\([^)]*\)?|[:=;])/;
/** Opens a statement, not a member: these start code that parses on its own. */
const STATEMENT_START =
  /^\s*(?:function|class|const|let|var|if|for|while|do|switch|try|return|throw|import|export|interface|type|enum|namespace|module|declare\s+module)\b/;

const firstCodeLine = (code: string): string =>
  code.split('\n').find((l) => l.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(l)) ?? '';

/** Members selected alone, parsed inside a class the explanation never shows. */
const MEMBERS = {
  wrappers: [
    { open: 'class __selection__ { ', close: '}' },
    { open: 'const __selection__ = { ', close: '};' },
  ],
  name: '__selection__',
  looksLike: (code: string) => {
    const first = firstCodeLine(code);
    return MEMBER_START.test(first) && !STATEMENT_START.test(first);
  },
};

const WORDING = {
  raises: false,
  collectionPipeline: '`map`/`filter`',
  forEachLoop: 'A `for…of` loop over the items.',
  asyncAwait: true,
  examples: 'js',
} as const;

/**
 * Taint in JavaScript and TypeScript: Express, Koa and Fastify request input,
 * the page's URL, argv, environment, stdin and file contents; the sinks the
 * security rules follow values into.
 */
const FS = /^(node:)?fs(\/promises)?$/;
const TAINT: TaintCatalogue = {
  sources: [
    {
      pattern:
        /^(req|request)\.(query|params|body|headers|cookies|signedCookies|url|originalUrl|path|hostname|ip|files?|get\(|header\(|param\()/,
      remote: true,
    },
    {
      pattern:
        /^ctx\.(query|params|querystring|headers|cookies\.get\(|get\(|url|path|request\.(query|body|headers|files?|url|querystring))/,
      remote: true,
    },
    { pattern: /^process\.(argv|env|stdin)\b/ },
    {
      pattern:
        /^(window\.)?location\.(search|hash|href|pathname)\b|^document\.(URL|documentURI|referrer|cookie|location)\b/,
      remote: true,
    },
    { pattern: /^(fs\.)?readFileSync\(|^(await\s+)?(fs\.promises|fsp|fs)\.readFile\(/ },
    // Database reads, for stored XSS only: SQL clients by their usual names, mongoose/Sequelize models, Prisma.
    {
      pattern:
        /^(this\.)?(db|pool|conn|connection|database)\.(query|execute|get|all|one|oneOrNone|many|manyOrNone|any)\(|^(this\.)?(client|pgClient)\.query\(/,
      stored: true,
    },
    {
      pattern:
        /^[A-Z]\w+\.(findOne|find|findById|findByPk|findAll)\(|^(this\.)?prisma\.\w+\.(findUnique|findFirst|findMany|findUniqueOrThrow|findFirstOrThrow)\(/,
      stored: true,
    },
  ],
  sinks: [
    { kind: 'sql', callee: /(^|\.)(query|execute|raw|\$queryRawUnsafe|\$executeRawUnsafe)$/, argument: 0 },
    { kind: 'shell', callee: /^((child_process|childProcess|cp)\.)?(exec|execSync)$/, argument: 0 },
    { kind: 'eval', callee: /^((window|globalThis|self)\.)?eval$|^Function$/, argument: 'last' },
    { kind: 'html', callee: /^document\.(write|writeln)$/, argument: 'all' },
    { kind: 'html', callee: /^(res|response)\.(send|write|end)$/, argument: 0 },
    {
      kind: 'path',
      callee:
        /^((fs|fsp|fs\.promises|promises)\.)(readFile|readFileSync|writeFile|writeFileSync|appendFile|appendFileSync|createReadStream|createWriteStream|unlink|unlinkSync|rm|rmSync|readdir|readdirSync|stat|statSync|access|open|openSync|copyFile|rename)$/,
      argument: 0,
    },
    {
      kind: 'path',
      callee:
        /^(readFile|readFileSync|writeFile|writeFileSync|createReadStream|createWriteStream|unlink|unlinkSync|rm|readdir|open)$/,
      argument: 0,
      requires: FS,
    },
    // Express keeps a file sent with a `root` option inside that root.
    { kind: 'path', callee: /^(res|response)\.(sendFile|download)$/, argument: 0, unless: /\broot\s*:/ },
    { kind: 'url', callee: /^fetch$|^(window|globalThis)\.fetch$/, argument: 0 },
    {
      kind: 'url',
      callee: /^axios(\.(get|post|put|patch|delete|head|request))?$/,
      argument: 0,
      requires: /^axios$/,
    },
    { kind: 'url', callee: /^got(\.(get|post|put|patch|delete|head))?$/, argument: 0, requires: /^got$/ },
    { kind: 'url', callee: /^(https?)\.(get|request)$/, argument: 0, requires: /^(node:)?https?$/ },
    { kind: 'redirect', callee: /^(res|response|ctx|reply)\.redirect$/, argument: 'last' },
    { kind: 'deserialise', callee: /^(serialize|node-serialize)\.unserialize$|^unserialize$/, argument: 0 },
    // The methods that write a line; `logger.child(...)` makes a logger and writes nothing.
    {
      kind: 'log',
      callee:
        /^console\.(log|info|warn|error|debug)$|^(logger|log)\.(trace|debug|info|warn|warning|error|fatal|log|verbose|silly|notice|critical)$/,
      argument: 'all',
    },
  ],
  sanitisers: [
    { callee: /^JSON\.stringify$|\.replace(All)?$/, clears: ['log'] },
    { callee: /^(parseInt|parseFloat|Number|Boolean|Math\.\w+|Number\.parse(Int|Float))$/, clears: 'all' },
    {
      callee:
        /^(escape|escapeHtml|escapeHTML|htmlEscape|encodeHTML|he\.encode|validator\.escape|DOMPurify\.sanitize|sanitizeHtml|sanitize)$/,
      clears: ['html'],
    },
    { callee: /^(shellEscape|shellQuote\.quote|shescape\.quote)$/, clears: ['shell'] },
    { callee: /^(encodeURIComponent)$/, clears: ['url', 'redirect', 'path', 'shell', 'html'] },
    { callee: /^path\.basename$|^basename$/, clears: ['path'] },
    { callee: /^JSON\.parse$/, clears: ['eval'] },
  ],
  normalisers: /^(path\.)?(resolve|normalize)$|^(fs\.)?realpathSync$|^(fs\.promises|fsp|fs)\.realpath$/,
  guards: [
    { test: /\.startsWith\(|path\.relative\(/, clears: ['path'], needsNormalised: true },
    {
      test: /\b(hostname|host|origin)\b[\s\S]*(includes|has|indexOf|===|==)|(includes|has|indexOf|===|==)[\s\S]*\b(hostname|host|origin)\b|allow|trusted/i,
      clears: ['url', 'redirect'],
    },
    { test: /\.startsWith\(\s*['"`]\/['"`]\s*\)/, clears: ['redirect'] },
  ],
  objectParameters: /^(req|res|request|response|reply|ctx|next|app|db|pool|conn|client|this)$/,
};

export const javascript: LanguageSupport<'javascript'> = {
  id: 'javascript',
  ...FAMILY,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm', members: MEMBERS },
  docs: { docstrings: false, style: blockDocs('JSDoc') },
  arithmetic: { divisionIsNumeric: true },
  wording: { name: 'JavaScript', ...WORDING },
  taint: TAINT,
  sample: 'function add(a, b) {\n  if (a > b) return a;\n  return a + b;\n}\n',
};

export const typescript: LanguageSupport<'typescript'> = {
  id: 'typescript',
  ...FAMILY,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm', members: MEMBERS },
  docs: { docstrings: false, style: blockDocs('TSDoc') },
  arithmetic: { divisionIsNumeric: true },
  removal: {
    types: new Set(['Map', 'Set', 'WeakMap', 'WeakSet']),
    methods: new Set(['delete']),
  },
  wording: { name: 'TypeScript', ...WORDING },
  taint: TAINT,
  sample: 'function add(a: number, b: number): number {\n  if (a > b) return a;\n  return a + b;\n}\n',
};

export const tsx: LanguageSupport<'tsx'> = {
  id: 'tsx',
  ...FAMILY,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm', members: MEMBERS },
  docs: { docstrings: false, style: blockDocs('TSDoc') },
  arithmetic: { divisionIsNumeric: true },
  wording: { name: 'TypeScript JSX', ...WORDING },
  taint: TAINT,
  sample:
    'function Label({ text }: { text: string }) {\n  if (!text) return null;\n  return <span>{text}</span>;\n}\n',
};
