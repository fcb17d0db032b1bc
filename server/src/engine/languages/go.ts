import { goMetrics } from '../metrics/go/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { api, MAIN_WITHOUT_PARAMETERS, stringText } from './common.js';
import type { ApiEntry, LanguageSupport, LoopShape, SyntaxTable } from './model.js';

/** Go's one `for` keyword covers counting, while-style and range loops; its clause tells them apart. */
function loopShape(node: Node): LoopShape {
  const clause = node.children.find((c) => c.named && (c.type === 'range_clause' || c.type === 'for_clause'));
  if (clause?.type === 'range_clause')
    return { detail: 'for-each', subject: clause.childForFieldName('right') ?? undefined };
  if (clause) return { detail: 'for', subject: clause.childForFieldName('condition') ?? undefined };
  // `for cond {…}` is a while loop; a bare `for {…}` runs until something breaks out.
  const condition = node.children.find((c) => c.named && c.type !== 'block' && !c.type.includes('comment'));
  return {
    detail: condition ? 'while' : 'loop',
    subject: node.namedChildren.find((c) => c.type !== 'block'),
  };
}

const SYNTAX: SyntaxTable = {
  kind: 'table',
  steps: {
    for_statement: { kind: 'loop', detail: 'for' },
    if_statement: { kind: 'branch' },
    expression_switch_statement: { kind: 'switch' },
    type_switch_statement: { kind: 'switch', detail: 'type' },
    select_statement: { kind: 'switch', detail: 'select' },
    call_expression: { kind: 'call' },
    return_statement: { kind: 'return' },
    go_statement: { kind: 'spawn' },
    defer_statement: { kind: 'defer' },
  },
  imports: {
    import_spec: (n) => stringText(n.childForFieldName('path')),
  },
  calleeFields: ['function'],
  comments: new Set(['comment']),
  loopShape,
  asyncMarkers: new Set(),
  generatorMarkers: new Set(),
  generatorWhenYields: false,
  requireImports: false,
};

const APIS: readonly ApiEntry[] = [
  api(
    /^(os\.(ReadFile|Open|ReadDir|Stat|Lstat)|ioutil\.(ReadFile|ReadDir)|io\.ReadAll|bufio\.NewScanner|bufio\.NewReader)$/,
    'reads-file',
  ),
  api(
    /^(os\.(WriteFile|Create|OpenFile|Remove|RemoveAll|Mkdir|MkdirAll|Rename)|ioutil\.WriteFile)$/,
    'writes-file',
  ),
  api(/^exec\.(Command|CommandContext)$/, 'process'),
  api(
    /^(http\.(Get|Post|PostForm|Head|NewRequest|NewRequestWithContext)|\w+\.Do)$/,
    'http-request',
    /^net\/http$/,
  ),
  api(/^http\.(ListenAndServe|ListenAndServeTLS|HandleFunc|Handle|NewServeMux)$/, 'http-server'),
  api(
    /^(\w+\.)*(Query|QueryRow|QueryContext|QueryRowContext|Exec|ExecContext|Prepare|PrepareContext|Begin|BeginTx)$/,
    'database',
    /^database\/sql$|jmoiron\/sqlx|jackc\/pgx/,
  ),
  api(
    /^(log\.(Print|Printf|Println|Fatal|Fatalf|Fatalln|Panic|Panicf)|slog\.(Info|Warn|Error|Debug)|\w*[lL]ogger\.(Info|Warn|Error|Debug|Infof|Errorf|Warnf|Debugf))$/,
    'log',
  ),
  api(/^fmt\.(Print|Printf|Println|Fprint|Fprintf|Fprintln)$/, 'print'),
  api(/^(sha256|sha1|sha512|md5|hmac|aes|cipher|rsa|bcrypt)\.\w+$/, 'crypto'),
  api(/^time\.(Now|Since|Until)$/, 'clock'),
  api(/^time\.(Sleep|After|Tick|NewTimer|NewTicker)$/, 'sleep'),
  api(/^(rand\.\w+)$/, 'random'),
  api(/^(\w+\.)*(Lock|RLock|Wait)$/, 'lock', /^sync$/),
  api(/^os\.(Getenv|LookupEnv|Environ)$/, 'env'),
  api(/^os\.Exit$|^log\.Fatal\w*$/, 'exit'),
  api(/^json\.(Marshal|MarshalIndent|NewEncoder)$/, 'serialise'),
  api(/^json\.(Unmarshal|NewDecoder)$/, 'parse-data'),
  api(/^net\.(Dial|DialTimeout|Listen)$/, 'network'),
];

export const go: LanguageSupport<'go'> = {
  id: 'go',
  tier: 1,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm' },
  metrics: goMetrics,
  syntax: SYNTAX,
  // Go's convention: the comment directly above a declaration is its documentation.
  docs: { docstrings: false, style: () => 'doc comment' },
  apis: APIS,
  isExported: ({ name }) => /^[A-Z]/.test(name),
  declarations: {
    entryPoints: MAIN_WITHOUT_PARAMETERS,
    // `go test` runs `func TestX(t *testing.T)`.
    isTestName: (name, parameters) => /^Test[A-Z_]/.test(name) && parameters === 1,
    react: false,
  },
  wording: { name: 'Go', raises: false, asyncAwait: false, examples: 'go' },
  sample: 'package main\n\nfunc add(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn a + b\n}\n',
};
