/** JavaScript, TypeScript and TSX: one grammar family, one metrics definition, three grammars. */
import { javascriptMetrics } from '../metrics/javascript/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { api, blockDocs, heritageNames, MAIN_WITHOUT_PARAMETERS, stringText } from './common.js';
import type { ApiEntry, Heritage, LanguageSupport, SyntaxTable, VisibilityQuery } from './model.js';

const SYNTAX: SyntaxTable = {
  kind: 'table',
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
  comments: new Set(['comment', 'html_comment']),
  asyncMarkers: new Set(['async']),
  generatorMarkers: new Set(['*']),
  generatorWhenYields: false,
  requireImports: true,
};

const APIS: readonly ApiEntry[] = [
  api(
    /^(fs(\.promises)?|fsp|fs\/promises)\.(readFile|readFileSync|createReadStream|readdir|readdirSync|stat|statSync|access|existsSync)$/,
    'reads-file',
  ),
  api(
    /^(fs(\.promises)?|fsp)\.(writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|mkdir|mkdirSync|rm|rmSync|unlink|unlinkSync|rename|renameSync|copyFile)$/,
    'writes-file',
  ),
  api(/^(readFile|readFileSync|readdir)$/, 'reads-file', /^(node:)?fs(\/promises)?$/),
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
    /^(\w+\.)?(find|findOne|insertOne|insertMany|updateOne|updateMany|deleteOne|deleteMany|aggregate|countDocuments)$/,
    'database',
    /^(mongodb|mongoose)$/,
  ),
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
    /^document\.(write|writeln|createElement|createTextNode)$|\.(appendChild|insertBefore|replaceChildren|insertAdjacentHTML|setAttribute|removeChild|append|prepend)$/,
    'dom-write',
  ),
  api(
    /^console\.(log|info|warn|error|debug|trace)$|^(logger|log)\.(info|warn|error|debug|trace|fatal)$/,
    'log',
  ),
  api(
    /^(crypto\.)?(createHash|createHmac|createCipheriv|createDecipheriv|randomBytes|pbkdf2|pbkdf2Sync|scrypt|scryptSync)$|^crypto\.subtle\.\w+$|^(bcrypt|argon2)\.\w+$/,
    'crypto',
  ),
  api(/^(Date\.now|performance\.now|new Date)$/, 'clock'),
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

/** Everything but the grammar, the name and what a doc comment is called. */
const FAMILY = {
  tier: 1,
  metrics: javascriptMetrics,
  syntax: SYNTAX,
  apis: APIS,
  isExported,
  declarations: { heritage, entryPoints: MAIN_WITHOUT_PARAMETERS, react: true },
} as const;

const WORDING = {
  raises: false,
  collectionPipeline: '`map`/`filter`',
  forEachLoop: 'A `for…of` loop over the items.',
  asyncAwait: true,
  examples: 'js',
} as const;

export const javascript: LanguageSupport<'javascript'> = {
  id: 'javascript',
  ...FAMILY,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm' },
  docs: { docstrings: false, style: blockDocs('JSDoc') },
  wording: { name: 'JavaScript', ...WORDING },
  sample: 'function add(a, b) {\n  if (a > b) return a;\n  return a + b;\n}\n',
};

export const typescript: LanguageSupport<'typescript'> = {
  id: 'typescript',
  ...FAMILY,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm' },
  docs: { docstrings: false, style: blockDocs('TSDoc') },
  wording: { name: 'TypeScript', ...WORDING },
  sample: 'function add(a: number, b: number): number {\n  if (a > b) return a;\n  return a + b;\n}\n',
};

export const tsx: LanguageSupport<'tsx'> = {
  id: 'tsx',
  ...FAMILY,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm' },
  docs: { docstrings: false, style: blockDocs('TSDoc') },
  wording: { name: 'TypeScript JSX', ...WORDING },
  sample:
    'function Label({ text }: { text: string }) {\n  if (!text) return null;\n  return <span>{text}</span>;\n}\n',
};
