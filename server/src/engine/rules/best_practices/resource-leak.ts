/**
 * Resources opened into a local variable and not closed on every path
 * (CWE-772). A resource is safe when `with`, try-with-resources or `defer`
 * manages it, or a close sits in a `finally`; a close reached only when
 * nothing before it fails is reported as such. A resource returned, stored
 * elsewhere (a field, a collection, another variable) or passed to a call
 * that may take it over is the caller's or the new owner's to close: silent.
 * Top-level code is left alone (a script's files close when it exits), and
 * so are database cursors and statements, which closing their connection
 * closes too.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { bindingsOf } from '../../scope/bindings.js';
import type { Rule } from '../model.js';
import { calleeText, code, contains, enclosingFunction, FUNCTION_TYPES, lineOf, TIER1 } from '../util.js';

interface Opener {
  readonly callee: RegExp;
  /** What it opens, for the message: "file", "database connection". */
  readonly what: string;
  /** Go's HTTP responses are closed through their Body. */
  readonly body?: boolean;
  /** JS file descriptors are closed by `fs.closeSync(fd)`, not a method. */
  readonly fd?: boolean;
}

const PY_OPENERS: readonly Opener[] = [
  { callee: /^(open|io\.open|codecs\.open)$/, what: 'file' },
  { callee: /^(gzip|bz2|lzma|tarfile)\.open$|^(zipfile\.)?ZipFile$/, what: 'archive' },
  { callee: /^tempfile\.(NamedTemporaryFile|TemporaryFile|SpooledTemporaryFile)$/, what: 'temporary file' },
  { callee: /^socket\.(socket|create_connection)$/, what: 'socket' },
  {
    callee: /^(sqlite3|psycopg2|psycopg|pymysql|MySQLdb|mysql\.connector|cx_Oracle|oracledb)\.connect$/,
    what: 'database connection',
  },
  { callee: /^(urllib\.request\.)?urlopen$/, what: 'HTTP response' },
];

const JAVA_FILES =
  /^(FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile|ZipFile|JarFile)$/;
const JAVA_WRAPPERS =
  /^(Buffered(Reader|Writer|InputStream|OutputStream)|InputStreamReader|OutputStreamWriter|PrintWriter|PrintStream|Data(Input|Output)Stream|Object(Input|Output)Stream|Scanner|GZIP(Input|Output)Stream|Zip(Input|Output)Stream)$/;
const JAVA_OPENERS: readonly Opener[] = [
  { callee: JAVA_FILES, what: 'file' },
  { callee: /^(Socket|ServerSocket)$/, what: 'socket' },
  {
    callee:
      /^Files\.(newBufferedReader|newBufferedWriter|newInputStream|newOutputStream|newByteChannel|newDirectoryStream)$|^FileChannel\.open$/,
    what: 'file',
  },
  { callee: /^Files\.(lines|list|walk|find)$/, what: 'file-system stream' },
  { callee: /^(DriverManager|\w*[dD]ataSource|\w*[pP]ool)\.getConnection$/, what: 'database connection' },
];

const GO_OPENERS: readonly Opener[] = [
  { callee: /^os\.(Open|Create|OpenFile)$/, what: 'file' },
  {
    callee:
      /^http\.(Get|Post|Head|PostForm)$|^(\w+\.)?(client|Client|httpClient|http\.DefaultClient)\.(Do|Get|Post|Head|PostForm)$/,
    what: 'response body',
    body: true,
  },
  { callee: /^(\w+\.)?(db|DB|tx|conn|stmt)\.(Query|QueryContext)$/, what: 'result rows' },
  { callee: /^net\.(Dial|DialTimeout|Listen)$/, what: 'connection' },
];

/** C# readers and writers over a path (`new StreamReader("a.txt")`); over a stream they are the stream owner's business. */
const CS_PATH_WRAPPERS = /^(StreamReader|StreamWriter)$/;
const CS_OPENERS: readonly Opener[] = [
  { callee: /^(FileStream|System\.IO\.FileStream)$/, what: 'file' },
  { callee: /^File\.(OpenRead|OpenWrite|Open|Create|OpenText|CreateText|AppendText)$/, what: 'file' },
  {
    callee: /^(SqlConnection|NpgsqlConnection|MySqlConnection|SqliteConnection|OracleConnection)$/,
    what: 'database connection',
  },
  { callee: /^\w+\.ExecuteReader(Async)?$/, what: 'data reader' },
  { callee: /^(TcpClient|Socket)$/, what: 'socket' },
];

const JS_OPENERS: readonly Opener[] = [
  { callee: /^(fs\.)?openSync$/, what: 'file descriptor', fd: true },
  { callee: /^(fs\.promises|fsp|fsPromises|promises)\.open$/, what: 'file handle' },
];

/** Calls that read or write through a resource without taking it over. */
const NON_OWNING: Partial<Record<LanguageId, RegExp>> = {
  python:
    /^(json\.(load|dump)|csv\.(reader|writer|DictReader|DictWriter)|pickle\.(load|dump)|yaml\.(safe_load|load|dump|safe_dump)|print|shutil\.copyfileobj|next|iter|enumerate|len|list|sorted|tomllib\.load|toml\.load)$/,
  go: /^(io\.(ReadAll|Copy|CopyN|ReadFull|TeeReader|LimitReader)|ioutil\.ReadAll|bufio\.(NewScanner|NewReader|NewWriter)|json\.(NewDecoder|NewEncoder)|xml\.NewDecoder|csv\.(NewReader|NewWriter)|fmt\.(Fprint|Fprintf|Fprintln|Fscan|Fscanf|Fscanln))$/,
  javascript:
    /^(fs\.)?(readSync|writeSync|fstatSync|readFileSync|writeFileSync|appendFileSync|ftruncateSync|fsyncSync|fdatasyncSync)$/,
};
const JS_CLOSE = /^(fs\.)?(closeSync|close)$/;

const CALLS = new Set([
  'call',
  'call_expression',
  'method_invocation',
  'object_creation_expression',
  'new_expression',
  'invocation_expression',
]);
const EXITS = new Set(['return_statement', 'raise_statement', 'throw_statement']);
const ARGUMENT_LISTS = new Set(['argument_list', 'arguments']);
/** Places a resource is looked at without leaving the function's hands. */
const USES = new Set([
  'binary_expression',
  'comparison_operator',
  'boolean_operator',
  'not_operator',
  'unary_expression',
  'expression_statement',
  'for_statement',
  'for_in_clause',
  'enhanced_for_statement',
  'range_clause',
  'if_statement',
  'while_statement',
  'parenthesized_expression',
]);

type Role = 'close' | 'managed' | 'use' | 'escape';

interface Acquisition {
  readonly name: string;
  /** The assignment or declarator that binds it. */
  readonly binding: Node;
  /** The call that opens it. */
  readonly call: Node;
  readonly opener: Opener;
  /** Java's declared type, for the try-with-resources fix. */
  readonly type?: string;
}

const isJs = (language: LanguageId) =>
  language === 'javascript' || language === 'typescript' || language === 'tsx';

function openerOf(language: LanguageId, call: Node): Opener | undefined {
  const callee = calleeText(call);
  switch (language) {
    case 'python':
      return PY_OPENERS.find((o) => o.callee.test(callee));
    case 'java': {
      if (call.type === 'object_creation_expression' && JAVA_WRAPPERS.test(callee)) {
        // A wrapper opens something only when what it wraps is opened right there.
        const inner = call.childForFieldName('arguments')?.namedChildren[0];
        const wrapped = inner && CALLS.has(inner.type) ? openerOf(language, inner) : undefined;
        if (wrapped) return wrapped;
        if (inner?.type === 'object_creation_expression' && /^File$/.test(calleeText(inner)))
          return { callee: JAVA_WRAPPERS, what: 'file' };
        return undefined;
      }
      return JAVA_OPENERS.find((o) => o.callee.test(callee.replace(/<.*>$/, '')));
    }
    case 'go':
      return GO_OPENERS.find((o) => o.callee.test(callee));
    case 'csharp': {
      if (call.type === 'object_creation_expression' && CS_PATH_WRAPPERS.test(callee)) {
        const first = call.childForFieldName('arguments')?.namedChildren[0]?.namedChildren.at(-1);
        if (first && CALLS.has(first.type)) return openerOf(language, first);
        const path = first && (/string/.test(first.type) || /(path|file|fileName)$/i.test(first.text));
        return path ? { callee: CS_PATH_WRAPPERS, what: 'file' } : undefined;
      }
      return CS_OPENERS.find((o) => o.callee.test(callee));
    }
    default:
      return JS_OPENERS.find((o) => o.callee.test(callee));
  }
}

/** The resource a binding node opens, if it is one. */
function acquisitionAt(language: LanguageId, node: Node): Acquisition | undefined {
  let nameNode: Node | null | undefined;
  let value: Node | null | undefined;
  let type: string | undefined;
  switch (node.type) {
    case 'assignment': // Python
    case 'assignment_expression': // Java, JS
      nameNode = node.childForFieldName('left');
      value = node.childForFieldName('right');
      break;
    case 'variable_declarator': // Java, JS, C#
      nameNode = node.childForFieldName('name');
      value = node.childForFieldName('value');
      if (language === 'java') type = node.parent?.childForFieldName('type')?.text;
      if (language === 'csharp') {
        // `using var r = …;` and `using (var r = …) { }` dispose it.
        const declaration = node.parent?.parent;
        if (declaration?.type === 'using_statement' || declaration?.firstChild?.type === 'using')
          return undefined;
        const named = node.namedChildren.filter((c) => c.id !== nameNode?.id);
        value = named.length === 1 ? named[0] : undefined;
        if (value?.type === 'equals_value_clause') value = value.namedChild(0) ?? undefined;
      }
      break;
    case 'short_var_declaration': // Go
    case 'assignment_statement':
      nameNode = node.childForFieldName('left')?.namedChild(0);
      value = node.childForFieldName('right')?.namedChild(0);
      break;
    default:
      return undefined;
  }
  if (nameNode?.type !== 'identifier' || nameNode.text === '_' || !value) return undefined;
  const call = value.type === 'await_expression' ? value.namedChild(0) : value;
  if (!call || !CALLS.has(call.type)) return undefined;
  const opener = openerOf(language, call);
  if (!opener) return undefined;
  return { name: nameNode.text, binding: node, call, opener, ...(type ? { type } : {}) };
}

function isMemberObject(parent: Node, child: Node): boolean {
  const object =
    parent.childForFieldName('object') ??
    parent.childForFieldName('operand') ??
    (parent.type === 'member_access_expression' ? parent.childForFieldName('expression') : null) ??
    undefined;
  return (
    object?.id === child.id &&
    (parent.type === 'attribute' ||
      parent.type === 'member_access_expression' ||
      parent.type === 'member_expression' ||
      parent.type === 'selector_expression' ||
      parent.type === 'method_invocation' ||
      parent.type === 'field_access')
  );
}

function memberName(member: Node): string {
  return (
    (
      member.childForFieldName('attribute') ??
      member.childForFieldName('property') ??
      member.childForFieldName('field') ??
      member.childForFieldName('name')
    )?.text ?? ''
  );
}

/** What one mention of the resource does with it. */
function roleOf(language: LanguageId, occ: Node, acq: Acquisition): Role {
  let expr = occ;
  const up = occ.parent;
  if (
    acq.opener.body &&
    up?.type === 'selector_expression' &&
    isMemberObject(up, occ) &&
    memberName(up) === 'Body'
  )
    expr = up;
  const parent = expr.parent;
  if (!parent) return 'escape';
  if (isMemberObject(parent, expr)) {
    const called =
      parent.type === 'method_invocation' ||
      (parent.parent &&
        CALLS.has(parent.parent.type) &&
        parent.parent.childForFieldName('function')?.id === parent.id);
    const closes =
      /^(close|Close|Dispose|DisposeAsync)$/.test(memberName(parent)) &&
      (!acq.opener.body || expr.id !== occ.id);
    return called && closes ? 'close' : 'use';
  }
  // Python's `file=f`, C#'s `argument` wrapper.
  const args = parent.type === 'keyword_argument' || parent.type === 'argument' ? parent.parent : parent;
  if (args && ARGUMENT_LISTS.has(args.type)) {
    const callee = args.parent ? calleeText(args.parent) : '';
    if (isJs(language) && acq.opener.fd && JS_CLOSE.test(callee)) return 'close';
    const nonOwning = NON_OWNING[isJs(language) ? 'javascript' : language];
    return nonOwning?.test(callee) ? 'use' : 'escape';
  }
  if (parent.type === 'with_item' || parent.type === 'resource' || parent.type === 'using_statement')
    return 'managed';
  return USES.has(parent.type) ? 'use' : 'escape';
}

/** Whether the node is under a `finally` or a Go `defer` inside `fn`. */
function protectedIn(node: Node, fn: Node): boolean {
  for (let p = node.parent; p && p.id !== fn.id; p = p.parent)
    if (p.type === 'finally_clause' || p.type === 'defer_statement') return true;
  return false;
}

/** The nested function between `node` and `fn`, if any. */
function nestedFunction(node: Node, fn: Node): Node | undefined {
  for (let p = node.parent; p && p.id !== fn.id; p = p.parent) if (FUNCTION_TYPES.has(p.type)) return p;
  return undefined;
}

/**
 * Go: the `if`s that test the acquisition's error before the resource is
 * first used (`if err != nil`, `if !os.IsExist(err)`), not an `err` of their
 * own (`if err := os.MkdirAll(…); err != nil`). Their exits leave nothing
 * open: the resource is nil when the call failed.
 */
function errorChecksAfter(acq: Acquisition, fn: Node): Node[] {
  const out: Node[] = [];
  const nodes = fn.doc.nodes;
  for (let i = acq.binding.lastId + 1; i <= fn.lastId; i++) {
    const n = nodes[i]!;
    if (n.type === 'identifier' && n.text === acq.name) break;
    if (n.type !== 'if_statement') continue;
    const condition = n.childForFieldName('condition');
    const own = n.childForFieldName('initializer');
    if (
      condition?.descendantsOfType('identifier').some((id) => id.text === 'err') &&
      !own?.descendantsOfType('identifier').some((id) => id.text === 'err')
    )
      out.push(n);
  }
  return out;
}

/** Go: the function's named results (`(f *os.File, err error)`): assigning one is returning it. */
function isNamedResult(name: string, fn: Node): boolean {
  const result = fn.childForFieldName('result');
  return (
    result?.type === 'parameter_list' &&
    result.namedChildren.some((p) => p.childrenForFieldName('name').some((n) => n.text === name))
  );
}

/**
 * The first thing between the acquisition and its last close that can leave
 * the function with the resource open: a call that can throw (not in Go,
 * whose errors are values), or an exit with no close before it in its block.
 */
function escapeRoute(
  language: LanguageId,
  acq: Acquisition,
  closes: readonly Node[],
  fn: Node,
): Node | undefined {
  const last = closes[closes.length - 1]!;
  const checks = language === 'go' ? errorChecksAfter(acq, fn) : [];
  const handlers = openingHandlers(acq.binding, fn);
  let firstCall: Node | undefined;
  const nodes = fn.doc.nodes;
  for (let i = acq.binding.lastId + 1; i < last.id; i++) {
    const n = nodes[i]!;
    if (n.startIndex >= last.startIndex) break;
    if (checks.some((c) => contains(c, n))) continue;
    // The handlers of a try whose body opens it run when opening failed: nothing is open there.
    if (handlers.some((h) => contains(h, n))) continue;
    if (closes.some((c) => contains(c, n) || contains(n, c))) continue;
    if (nestedFunction(n, fn)) continue;
    if (language !== 'go' && CALLS.has(n.type) && !closes.some((c) => contains(n, c))) {
      // The call that works with the resource is the convincing example of what can fail.
      if (n.descendantsOfType('identifier').some((id) => id.text === acq.name)) return n;
      firstCall ??= n;
    }
    if (EXITS.has(n.type)) {
      const closedBefore = closes.some(
        (c) => c.startIndex < n.startIndex && n.parent && contains(n.parent, c),
      );
      if (!closedBefore) return n;
    }
  }
  return firstCall;
}

/** The except/catch clauses of the try statements around `binding` in `fn` (their body holds it). */
function openingHandlers(binding: Node, fn: Node): Node[] {
  const out: Node[] = [];
  for (let p = binding.parent; p && p.id !== fn.id; p = p.parent) {
    if (p.type !== 'try_statement') continue;
    const body = p.childForFieldName('body');
    if (!body || !contains(body, binding)) continue;
    for (const c of p.namedChildren) if (c.type === 'except_clause' || c.type === 'catch_clause') out.push(c);
    const handler = p.childForFieldName('handler');
    if (handler) out.push(handler);
  }
  return out;
}

/**
 * Whether the name is the function's own: not declared global or nonlocal
 * (Python), and, when assigned rather than declared (Java, JS, Go), declared
 * in the function. A field or an outer variable keeps it beyond the call.
 */
function isLocal(language: LanguageId, acq: Acquisition, fn: Node): boolean {
  if (language === 'python') {
    return !fn
      .descendantsOfType(['global_statement', 'nonlocal_statement'])
      .some((g) => g.namedChildren.some((c) => c.text === acq.name));
  }
  if (acq.binding.type === 'variable_declarator' || acq.binding.type === 'short_var_declaration') return true;
  return bindingsOf(language, fn)
    .all(acq.name)
    .some((b) => (b.kind === 'declaration' || b.kind === 'parameter') && contains(fn, b.node));
}

/** Python: the snippet defines a function `open` or imports one, shadowing the builtin. */
function definesOpen(root: Node): boolean {
  return (
    root.descendantsOfType('function_definition').some((f) => f.childForFieldName('name')?.text === 'open') ||
    root
      .descendantsOfType('import_from_statement')
      .some((i) => i.namedChildren.some((c, k) => k > 0 && /^open$|\bopen$/.test(c.text)))
  );
}

function fixFor(language: LanguageId, acq: Acquisition): string {
  const opened = acq.call.text.replace(/\s+/g, ' ');
  switch (language) {
    case 'python':
      // sqlite3's and psycopg2's own `with` ends a transaction and leaves the connection open.
      if (acq.opener.what === 'database connection')
        return `Open it in a \`with\` statement through \`contextlib.closing\` (${code(`with closing(${opened}) as ${acq.name}:`, 80)}, after \`from contextlib import closing\`) and move the code that uses it into the block, which closes it however the block ends; a connection's own \`with\` (\`with conn:\`) only commits or rolls back, it does not close`;
      return `Open it in a \`with\` statement (${code(`with ${opened} as ${acq.name}:`, 70)}) and move the code that uses it into the block, which closes it however the block ends`;
    case 'java':
      return `Declare it in a try-with-resources statement and move the code that uses it into its block (${code(`try (${acq.type ?? 'var'} ${acq.name} = ${opened}) {}`, 90)}), which closes it however the block ends`;
    case 'go':
      return `Add \`defer ${acq.name}${acq.opener.body ? '.Body' : ''}.Close()\` right after the error check, so it is closed on every return`;
    case 'csharp':
      return `Declare it with \`using\` (${code(`using var ${acq.name} = ${opened};`, 80)}), which disposes it however the method ends`;
    default:
      return acq.opener.fd
        ? `Close it in a \`finally\` block: \`try { … } finally { fs.closeSync(${acq.name}); }\``
        : `Close it in a \`finally\` block: \`try { … } finally { await ${acq.name}.close(); }\``;
  }
}

const BINDINGS = [
  'assignment',
  'assignment_expression',
  'variable_declarator',
  'short_var_declaration',
  'assignment_statement',
];

/** When an unclosed resource is let go, as each runtime does it. */
function leftOpen(language: LanguageId): string {
  // CPython closes a file when its last reference goes; other implementations wait for their collector.
  if (language === 'python')
    return 'when it is closed is left to the runtime: CPython closes it when the last reference to it goes away (later if a traceback or a cycle holds one), other implementations whenever their garbage collector runs';
  return 'each call leaves it open until the garbage collector, if ever, gets to it';
}

export const resourceLeak: Rule = {
  meta: {
    id: 'best_practices/resource-leak',
    type: 'best_practices',
    severity: 'medium',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A file, socket, connection, HTTP response body or result set opened into a local variable and not closed on every path (CWE-772, CWE-404): no `with`, try-with-resources, `defer` or `finally` close. A resource returned, stored elsewhere or handed to another owner is left alone.',
      examples: [
        {
          language: 'go',
          bad: 'package f\n\nfunc fetch(u string) ([]byte, error) {\n\tresp, err := http.Get(u)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn io.ReadAll(resp.Body)\n}\n',
          good: 'package f\n\nfunc fetch(u string) ([]byte, error) {\n\tresp, err := http.Get(u)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\tdefer resp.Body.Close()\n\treturn io.ReadAll(resp.Body)\n}\n',
        },
      ],
    },
    messages: {
      notClosed:
        'The {{what}} opened on line {{line}} ({{call}}, held in `{{name}}`) is never closed in {{unit}}: {{when}}, and under load the process runs out of file descriptors or connections. {{fix}}.',
      happyPath:
        'The {{what}} opened on line {{line}} ({{call}}, held in `{{name}}`) is closed on line {{closeLine}} only when nothing before it fails: if {{route}} on line {{routeLine}} {{how}}, the close is skipped and it stays open. {{fix}}.',
    },
  },
  create(context) {
    const { language } = context;
    const visit = (node: Node) => {
      const acq = acquisitionAt(language, node);
      if (!acq) return;
      const fn = enclosingFunction(node);
      if (!fn) return; // Top-level code: the process's exit closes it.
      // `a = b = open(p)`: the other name may be the one that is closed or kept.
      if (node.parent && BINDINGS.includes(node.parent.type)) return;
      if (!isLocal(language, acq, fn)) return;
      if (language === 'go' && isNamedResult(acq.name, fn)) return;
      // A module that defines or imports its own `open` (gzip, tarfile) does not mean the builtin.
      if (language === 'python' && calleeText(acq.call) === 'open' && definesOpen(context.root)) return;
      const closes: Node[] = [];
      let safe = false;
      const nodes = fn.doc.nodes;
      for (let i = node.lastId + 1; i <= fn.lastId; i++) {
        const occ = nodes[i]!;
        if (occ.text !== acq.name) continue;
        // `{ fd }`: put in an object, it belongs to whatever receives the object.
        if (occ.type === 'shorthand_property_identifier') return;
        if (occ.type !== 'identifier') continue;
        const nested = nestedFunction(occ, fn);
        // A closure that keeps it may close it later; only Go's deferred closure is known to run at return.
        const deferred =
          nested?.parent?.parent?.type === 'defer_statement' || nested?.parent?.type === 'defer_statement';
        if (nested && !deferred) return;
        const role = roleOf(language, occ, acq);
        if (role === 'escape') return;
        if (role === 'managed') safe = true;
        if (role === 'close') {
          if (protectedIn(occ, fn)) safe = true;
          // The call node that closes, for line and containment.
          let call: Node = occ;
          while (call.parent && !CALLS.has(call.type)) call = call.parent;
          closes.push(call);
        }
      }
      if (safe) return;
      const fnName = fn.childForFieldName('name')?.text;
      const data = {
        what: acq.opener.what,
        line: lineOf(acq.call),
        call: code(acq.call.text, 50),
        name: acq.name,
        unit: fnName ? `\`${fnName}\`` : `the function on line ${lineOf(fn)}`,
        fix: fixFor(language, acq),
        when: leftOpen(language),
      };
      if (closes.length === 0) {
        context.report({ line: lineOf(acq.call), messageId: 'notClosed', data });
        return;
      }
      const route = escapeRoute(language, acq, closes, fn);
      if (!route) return;
      const exits = EXITS.has(route.type);
      context.report({
        line: lineOf(acq.call),
        messageId: 'happyPath',
        data: {
          ...data,
          closeLine: lineOf(closes[closes.length - 1]!),
          route: exits ? code(route.text.split('\n')[0] ?? route.text, 40) : code(route.text, 40),
          routeLine: lineOf(route),
          how: exits ? 'is taken' : language === 'python' ? 'raises' : 'throws',
        },
      });
    };
    return Object.fromEntries(BINDINGS.map((t) => [t, visit]));
  },
};
