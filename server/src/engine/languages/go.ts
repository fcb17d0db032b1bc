import { goMetrics } from '../metrics/go/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import {
  api,
  apiDoing,
  CRYPTO_DOES,
  GOTO_JUMPS,
  MAIN_WITHOUT_PARAMETERS,
  referenceReader,
  stringText,
} from './common.js';
import type { ApiEntry, CollectionMethods, LanguageSupport, LoopShape, SyntaxTable } from './model.js';
import type { TaintCatalogue } from '../taint/model.js';

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

/** A composite literal's key, `Point{X: 1}`: a struct field's name (a map's key variable is not told apart). */
const literalKey = (node: Node): boolean =>
  node.parent?.type === 'literal_element' && node.parent.field === 'key';

/** The `slices` functions that look for a value in a slice item by item; the `Func` ones test each with a callback. */
const CALLBACK_SEARCHES: ReadonlySet<string> = new Set(['slices.ContainsFunc', 'slices.IndexFunc']);
const COLLECTIONS: CollectionMethods = {
  searches: new Set(['slices.Contains', 'slices.Index', ...CALLBACK_SEARCHES]),
  callbackSearches: CALLBACK_SEARCHES,
};

const SYNTAX: SyntaxTable = {
  kind: 'table',
  // Sorts a whole collection (`sort.Slice`, `sort.Strings`, `slices.Sort`, …): O(n log n).
  sorts:
    /^(sort\.(Slice|SliceStable|Sort|Stable|Strings|Ints|Float64s)|slices\.(Sort|SortFunc|SortStableFunc))$/,
  // The built-in `copy`: O(n) in the items it copies.
  copies: /^copy$/,
  isReference: referenceReader(['identifier'], literalKey),
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
  api(/^(os\.(ReadFile|Open)|ioutil\.ReadFile)$/, 'reads-file'),
  api(/^(os\.(ReadDir|Stat|Lstat)|ioutil\.ReadDir)$/, 'file-system'),
  // These read whatever io.Reader they are given (a file, a response body, a string): only os.Stdin is known.
  {
    callee: /^(io\.ReadAll|ioutil\.ReadAll|bufio\.NewScanner|bufio\.NewReader)$/,
    effect: 'stdin',
    byArguments: (args) => (args?.length === 1 && args[0] === 'os.Stdin' ? 'stdin' : undefined),
  },
  api(
    /^(os\.(WriteFile|Create|OpenFile|Remove|RemoveAll|Mkdir|MkdirAll|Rename)|ioutil\.WriteFile)$/,
    'writes-file',
  ),
  api(/^exec\.(Command|CommandContext)$/, 'process'),
  api(/^http\.(Get|Post|PostForm|Head)$/, 'http-request', /^net\/http$/),
  // Do is also sync.Once's and a Redis client's: an HTTP request on a client named for HTTP, or given a request.
  api(/^(\w+\.)*(DefaultClient|\w*[hH]ttp\w*|\w*HTTP\w*)\.Do$/, 'http-request', /^net\/http$/),
  {
    callee: /^(\w+\.)*\w+\.Do$/,
    effect: 'http-request',
    requires: /^net\/http$/,
    byArguments: (args) =>
      args?.length === 1 && /^&?(req|request|\w*Req|\w*Request)$/.test(args[0]!) ? 'http-request' : undefined,
  },
  api(/^http\.(ListenAndServe|ListenAndServeTLS|HandleFunc|Handle|NewServeMux)$/, 'http-server'),
  // database/sql's ...Context methods and BeginTx are its own names; Query, Exec, Prepare and Begin are
  // everyone's (`r.URL.Query()` parses a query string, gin's `c.Query` reads one), so on a receiver
  // named for a database only.
  api(
    /^((\w+\.)*(QueryContext|QueryRowContext|ExecContext|PrepareContext|BeginTx)|(\w+\.)*(db|DB|\w+DB|\w*Db|tx|\w+Tx|conn|\w+Conn|stmt|\w+Stmt|pool|\w+Pool|database|\w+Database)\.(Query|QueryRow|Exec|Prepare|Begin))$/,
    'database',
    /^database\/sql$|jmoiron\/sqlx|jackc\/pgx/,
  ),
  api(
    /^(log\.(Print|Printf|Println|Fatal|Fatalf|Fatalln|Panic|Panicf)|slog\.(Info|Warn|Error|Debug)|\w*[lL]ogger\.(Info|Warn|Error|Debug|Infof|Errorf|Warnf|Debugf))$/,
    'log',
  ),
  api(/^fmt\.(Print|Printf|Println)$/, 'print'),
  // Fprint writes to the writer it is given (often an HTTP response): printing only to os.Stdout or os.Stderr.
  {
    callee: /^fmt\.(Fprint|Fprintf|Fprintln)$/,
    effect: 'print',
    byArguments: (args) => (/^os\.(Stdout|Stderr)$/.test(args?.[0] ?? '') ? 'print' : undefined),
  },
  apiDoing(/^hmac\.New$/, 'crypto', CRYPTO_DOES.hmac),
  apiDoing(/^(rsa\.Sign(PKCS1v15|PSS)|ecdsa\.Sign(ASN1)?|ed25519\.Sign)$/, 'crypto', CRYPTO_DOES.sign),
  apiDoing(
    /^(rsa\.Verify(PKCS1v15|PSS)|ecdsa\.Verify(ASN1)?|ed25519\.Verify)$/,
    'crypto',
    CRYPTO_DOES.verify,
  ),
  apiDoing(/^(hmac\.Equal|subtle\.ConstantTimeCompare)$/, 'crypto', CRYPTO_DOES.constantTime),
  apiDoing(/^(sha256|sha1|sha512|md5)\.(New|Sum\d*)$/, 'crypto', CRYPTO_DOES.hash),
  api(/^(sha256|sha1|sha512|md5|hmac|aes|cipher|rsa|bcrypt)\.\w+$/, 'crypto'),
  api(/^time\.(Now|Since|Until)$/, 'clock'),
  // time.After, Tick, NewTimer and NewTicker make a channel or a timer: only receiving from it waits.
  api(/^time\.Sleep$/, 'sleep'),
  api(/^time\.AfterFunc$/, 'timer'),
  api(/^(rand\.\w+)$/, 'random'),
  // Not Wait: a WaitGroup's waits for goroutines, an exec.Cmd's for a program; neither is a lock.
  api(/^(\w+\.)*(Lock|RLock)$/, 'lock', /^sync$/),
  api(/^os\.(Getenv|LookupEnv|Environ)$/, 'env'),
  api(/^os\.Exit$|^log\.Fatal\w*$/, 'exit'),
  api(/^json\.(Marshal|MarshalIndent|NewEncoder)$/, 'serialise'),
  api(/^json\.(Unmarshal|NewDecoder)$/, 'parse-data'),
  api(/^net\.(Dial|DialTimeout|Listen)$/, 'network'),
];

/**
 * Taint in Go: net/http request input, os.Args, environment, stdin and file
 * contents; the sinks the security rules follow values into.
 */
const TAINT: TaintCatalogue = {
  sources: [
    {
      pattern:
        /^\w+\.(URL\.Query\(\)|URL\.(Path|RawQuery|String\(\))|FormValue\(|PostFormValue\(|Form\b|PostForm\b|Header\.Get\(|Cookie\(|Body\b|PathValue\()/,
      remote: true,
    },
    // Path parameters of gorilla/mux and chi.
    { pattern: /^mux\.Vars\(|^chi\.URLParam\(/, remote: true },
    // Database reads, for stored XSS only: what `rows.Scan(&x)` copies out (see writesThrough).
    {
      pattern:
        /^(\w+\.)?(db|DB|tx|conn|stmt|pool|\w+DB|\w+Stmt)\.(Query|QueryRow|QueryContext|QueryRowContext)\(/,
      stored: true,
    },
    { pattern: /^os\.(Args|Getenv\(|LookupEnv\(|Environ\(|Stdin\b)/ },
    { pattern: /^(os|ioutil)\.ReadFile\(/ },
  ],
  sinks: [
    {
      kind: 'sql',
      callee: /\.(Query|QueryRow|QueryContext|QueryRowContext|Exec|ExecContext|Prepare|PrepareContext)$/,
      argument: 0,
    },
    { kind: 'shell', callee: /^exec\.Command$/, argument: 'all' },
    {
      kind: 'path',
      callee:
        /^(os\.(Open|OpenFile|ReadFile|Create|Remove|RemoveAll|WriteFile|ReadDir|Mkdir|MkdirAll|Stat)|ioutil\.(ReadFile|WriteFile|ReadDir))$/,
      argument: 0,
    },
    { kind: 'path', callee: /^http\.ServeFile$/, argument: 2 },
    { kind: 'url', callee: /^http\.(Get|Head|Post|PostForm)$/, argument: 0 },
    { kind: 'url', callee: /^http\.NewRequest$/, argument: 1 },
    { kind: 'url', callee: /^http\.NewRequestWithContext$/, argument: 2 },
    { kind: 'redirect', callee: /^http\.Redirect$/, argument: 2 },
    { kind: 'html', callee: /^fmt\.Fprint(f|ln)?$/, argument: 'all', requires: /^net\/http$/ },
    { kind: 'log', callee: /^log\.(Print|Printf|Println|Fatal|Fatalf|Panic|Panicf)$/, argument: 'all' },
  ],
  sanitisers: [
    { callee: /^strconv\.Quote(ToASCII)?$|^strings\.(Replace|ReplaceAll)$|\.Replace$/, clears: ['log'] },
    { callee: /^strconv\.(Atoi|ParseInt|ParseUint|ParseFloat|ParseBool)$|^len$/, clears: 'all' },
    {
      callee: /^(html\.EscapeString|template\.HTMLEscapeString|template\.JSEscapeString)$/,
      clears: ['html'],
    },
    { callee: /^(url\.QueryEscape|url\.PathEscape)$/, clears: ['url', 'redirect', 'path', 'html'] },
    { callee: /^filepath\.Base$|^path\.Base$/, clears: ['path'] },
    // Scan's own result is an error; what it reads goes into its `&x` arguments (writesThrough).
    { callee: /\.Scan$/, clears: 'all' },
  ],
  normalisers: /^(filepath\.(Clean|Abs|EvalSymlinks|Join)|path\.Clean)$/,
  guards: [
    {
      test: /strings\.HasPrefix\(|filepath\.Rel\(|filepath\.IsLocal\(/,
      clears: ['path'],
      needsNormalised: true,
    },
    { test: /\b(Host|Hostname\(\))[\s\S]*(==|\[|Contains)|allow|trusted/i, clears: ['url', 'redirect'] },
    { test: /strings\.HasPrefix\(\s*\w+\s*,\s*"\/"\s*\)/, clears: ['redirect'] },
  ],
  objectParameters: /^(w|r|req|ctx|db|tx)$/,
  // `rows.Scan(&title)`, `db.QueryRow(q, id).Scan(&title)`; `fmt.Scan`'s receiver is a package, which holds nothing.
  writesThrough: /\.Scan$/,
};

/** Go's conversions to its built-in types, and what each converts to. */
const GO_CONVERSIONS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr'].map(
      (t) => [t, `${t.startsWith('i') ? 'an' : 'a'} ${t}`],
    ),
  ),
  float32: 'a float32',
  float64: 'a float64',
  complex64: 'a complex64',
  complex128: 'a complex128',
  byte: 'a byte',
  rune: 'a rune',
  string: 'a string',
  '[]byte': 'a byte slice',
  '[]rune': 'a rune slice',
};

/** The names of its results (`(r rune, err error)`): a bare `return` returns them. */
function namedResults(unit: Node): readonly string[] {
  const result = unit.childForFieldName('result');
  if (result?.type !== 'parameter_list') return [];
  return result.namedChildren.flatMap((d) => d.childrenForFieldName('name').map((n) => n.text));
}

export const go: LanguageSupport<'go'> = {
  id: 'go',
  tier: 1,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm' },
  metrics: goMetrics,
  syntax: SYNTAX,
  // Go's convention: the comment directly above a declaration is its documentation.
  docs: { docstrings: false, style: () => 'doc comment' },
  apis: APIS,
  collections: COLLECTIONS,
  isExported: ({ name }) => /^[A-Z]/.test(name),
  passing: { namedResults, jumps: GOTO_JUMPS },
  declarations: {
    entryPoints: MAIN_WITHOUT_PARAMETERS,
    // `go test` runs `func TestX(t *testing.T)`.
    isTestName: (name, parameters) => /^Test[A-Z_]/.test(name) && parameters === 1,
    react: false,
    protocols: {
      Error: 'makes its type an error: it gives the message the error reports',
      String: 'gives the text fmt prints for a value of its type (fmt.Stringer)',
      Len: 'gives the length sort and container/heap work with (sort.Interface)',
      Less: 'decides the order sort and container/heap put items in (sort.Interface)',
      Swap: 'exchanges two items for sort and container/heap (sort.Interface)',
      ServeHTTP: 'answers HTTP requests (http.Handler)',
      Unwrap: 'gives the error this one wraps, which errors.Is and errors.As look through',
      MarshalJSON: 'gives the JSON encoding/json writes for its type',
      UnmarshalJSON: 'reads its type from JSON for encoding/json',
      MarshalText:
        'gives the text encodings such as encoding/json write for its type (encoding.TextMarshaler)',
      UnmarshalText:
        'reads its type from text for encodings such as encoding/json (encoding.TextUnmarshaler)',
      MarshalBinary: 'gives the binary form of its type (encoding.BinaryMarshaler)',
      UnmarshalBinary: 'reads its type from its binary form (encoding.BinaryUnmarshaler)',
      Read: 'fills its argument with the next bytes of a stream (io.Reader)',
      Write: 'takes the bytes written to its type as a stream (io.Writer)',
      Close: 'releases what its type holds (io.Closer)',
      Timeout: 'tells whether the error was a timeout (net.Error)',
      Temporary: 'tells whether the error is temporary, so trying again may succeed (net.Error)',
    },
    // Go calls no method implicitly: each is reached through the interface it belongs to.
    protocolCallers: {
      Error: { interface: 'error' },
      String: { interface: 'fmt.Stringer' },
      Len: { interface: 'sort.Interface' },
      Less: { interface: 'sort.Interface' },
      Swap: { interface: 'sort.Interface' },
      ServeHTTP: { interface: 'http.Handler' },
      MarshalJSON: { interface: 'json.Marshaler' },
      UnmarshalJSON: { interface: 'json.Unmarshaler' },
      MarshalText: { interface: 'encoding.TextMarshaler' },
      UnmarshalText: { interface: 'encoding.TextUnmarshaler' },
      MarshalBinary: { interface: 'encoding.BinaryMarshaler' },
      UnmarshalBinary: { interface: 'encoding.BinaryUnmarshaler' },
      Read: { interface: 'io.Reader' },
      Write: { interface: 'io.Writer' },
      Close: { interface: 'io.Closer' },
      Timeout: { interface: 'net.Error' },
      Temporary: { interface: 'net.Error' },
      Unwrap: { library: true },
    },
    // Many types have a `Len` of their own (`bytes.Buffer`); `Less(i, j)` and `Swap(i, j)` are sort's alone.
    protocolPartners: {
      Len: ['Less', 'Swap'],
    },
    protocolParameters: {
      Error: 0,
      String: 0,
      Len: 0,
      Less: 2,
      Swap: 2,
      ServeHTTP: 2,
      Unwrap: 0,
      MarshalJSON: 0,
      UnmarshalJSON: 1,
      MarshalText: 0,
      UnmarshalText: 1,
      MarshalBinary: 0,
      UnmarshalBinary: 1,
      Read: 1,
      Write: 1,
      Close: 0,
      Timeout: 0,
      Temporary: 0,
    },
  },
  arithmetic: { divisionIsNumeric: true },
  // `T(x)` is a conversion in Go (values are created by composite literals, `&T{…}`, or `new`).
  construction: { capitalisedCallCreates: false, conversions: GO_CONVERSIONS, conversionsCallNothing: true },
  growing: { append: 'append' },
  aborts: { call: 'panic' },
  wording: { name: 'Go', raises: false, asyncAwait: false, examples: 'go' },
  taint: TAINT,
  sample: 'package main\n\nfunc add(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn a + b\n}\n',
};
