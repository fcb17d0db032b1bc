/**
 * Taint in C#: ASP.NET Core request input (the `Request` object, model-bound
 * action parameters, minimal-API route handlers), `Main`'s arguments, the
 * environment, stdin and file contents; the sinks the security rules follow
 * values into.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { TaintCatalogue } from '../taint/model.js';

/** `Request.Query`, `HttpContext.Request.Form`, `context.Request.Headers`; classic ASP.NET's `Request.QueryString`. */
const REQUEST =
  /^((this|base|\w+)\.)?(HttpContext\.)?Request\.(Query|QueryString|Form|Headers|Cookies|RouteValues|Body|BodyReader|Params|Path|PathBase|RawUrl|Url)\b/;

/** Model binding's attributes that fill a parameter from the request (not `[FromServices]`). */
const FROM_REQUEST = /^From(Query|Route|Form|Body|Header)(Attribute)?$/;
/** Types that cannot carry text: a number, a flag, a date or a GUID parsed by model binding. */
const NOT_TEXT =
  /^(int|uint|long|ulong|short|ushort|byte|sbyte|double|float|decimal|bool|char|Guid|DateTime|DateTimeOffset|DateOnly|TimeOnly|TimeSpan|CancellationToken|Int32|Int64|Boolean)\??$/;
const TEXT = /^(string|String|StringValues)\??$/;
const ACTION_ATTRIBUTES = /^(Http(Get|Post|Put|Delete|Patch|Head|Options)|Route|AcceptVerbs)(Attribute)?$/;
const MINIMAL_API = /\.Map(Get|Post|Put|Delete|Patch|Methods|Fallback)?$/;

/** The names of the attributes on `node` (its own `[A, B(…)]` lists). */
function attributes(node: Node): string[] {
  return node.namedChildren
    .filter((c) => c.type === 'attribute_list')
    .flatMap((list) => list.namedChildren.filter((a) => a.type === 'attribute'))
    .map((a) => (a.childForFieldName('name')?.text ?? '').replace(/^.*\./, ''));
}

function enclosingClass(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'class_declaration') return p;
  return undefined;
}

/** A controller: it derives from `Controller`/`ControllerBase` (or a base named `…Controller`), or is `[ApiController]`. */
function isController(cls: Node): boolean {
  const bases = cls.namedChildren.find((c) => c.type === 'base_list');
  const derives = bases?.namedChildren.some((b) => /(^|\.)\w*Controller(Base)?$/.test(b.text)) ?? false;
  return derives || attributes(cls).some((a) => /^ApiController(Attribute)?$/.test(a));
}

/** A Razor Pages page model: its `OnGet`/`OnPostAsync`… handlers bind their parameters from the request. */
function isPageModel(cls: Node): boolean {
  const bases = cls.namedChildren.find((c) => c.type === 'base_list');
  return bases?.namedChildren.some((b) => /(^|\.)PageModel$/.test(b.text)) ?? false;
}

/** An action method: routed by an attribute, or any public method of a controller (conventional routing). */
function isAction(unit: Node): boolean {
  if (unit.type !== 'method_declaration') return false;
  const cls = enclosingClass(unit);
  if (cls && isPageModel(cls))
    return /^On(Get|Post|Put|Delete|Patch)\w*$/.test(unit.childForFieldName('name')?.text ?? '');
  if (!cls || !isController(cls)) return false;
  const own = attributes(unit);
  if (own.some((a) => /^NonAction(Attribute)?$/.test(a))) return false;
  if (own.some((a) => ACTION_ATTRIBUTES.test(a))) return true;
  const modifiers = unit.namedChildren.filter((c) => c.type === 'modifier').map((c) => c.text);
  return modifiers.includes('public') && !modifiers.includes('static');
}

/** A lambda passed to `app.MapGet("/path", …)` and its kin. */
function isMinimalApiHandler(unit: Node): boolean {
  if (unit.type !== 'lambda_expression') return false;
  const call = unit.parent?.type === 'argument' ? unit.parent.parent?.parent : undefined;
  if (call?.type !== 'invocation_expression') return false;
  return MINIMAL_API.test(call.childForFieldName('function')?.text ?? '');
}

function handlerParameter(name: string, declaration: Node, unit: Node): string | undefined {
  if (declaration.type !== 'parameter') return undefined;
  const type = declaration.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '';
  if (NOT_TEXT.test(type)) return undefined;
  const bound = attributes(declaration).find((a) => FROM_REQUEST.test(a));
  if (bound) return `the \`[${bound.replace(/Attribute$/, '')}]\` parameter \`${name}\``;
  if (attributes(declaration).some((a) => /^FromServices(Attribute)?$/.test(a))) return undefined;
  // Without an attribute, model binding fills text parameters from the route, the query or the form.
  if (!TEXT.test(type)) return undefined;
  if (isAction(unit)) {
    const action = unit.childForFieldName('name')?.text;
    return `the action parameter \`${name}\`${action ? ` of \`${action}\`` : ''}, bound from the request`;
  }
  if (isMinimalApiHandler(unit)) return `the route handler parameter \`${name}\`, bound from the request`;
  return undefined;
}

function programParameter(name: string, declaration: Node, unit: Node): string | undefined {
  if (declaration.type !== 'parameter' || unit.childForFieldName('name')?.text !== 'Main') return undefined;
  const static_ = unit.namedChildren.some((c) => c.type === 'modifier' && c.text === 'static');
  const type = declaration.childForFieldName('type')?.text.replace(/\s+/g, '');
  return static_ && type === 'string[]' ? `the command-line arguments \`${name}\`` : undefined;
}

/** A program of top-level statements sees its command-line arguments as `args`, declared nowhere. */
function implicitName(name: string, at: Node): string | undefined {
  if (name !== 'args') return undefined;
  for (let p = at.parent; p; p = p.parent) {
    if (p.type === 'global_statement') return 'the command-line arguments `args`';
    if (
      /^(method_declaration|constructor_declaration|class_declaration|local_function_statement)$/.test(p.type)
    )
      return undefined;
  }
  return undefined;
}

/** HttpClient's request methods, on a receiver named as a client (`_http`, `client`, `httpClient`). */
export const HTTP_CLIENT =
  /(^|\.)_?\w*([Hh]ttp|[Cc]lient)\w*\.(GetAsync|GetStringAsync|GetByteArrayAsync|GetStreamAsync|PostAsync|PutAsync|PatchAsync|DeleteAsync|(GetFromJsonAsync|PostAsJsonAsync|PutAsJsonAsync|PatchAsJsonAsync)(<.*>)?)$/;
/** Shells that parse their argument string as a command line. */
const SHELL_FIRST =
  /^(new\s+)?(System\.Diagnostics\.)?(Process\.Start|ProcessStartInfo)\(\s*@?"(\/usr)?(\/bin\/)?((ba|z|da|k)?sh|cmd(\.exe)?|powershell(\.exe)?|pwsh)"/i;

export const CSHARP_TAINT: TaintCatalogue = {
  sources: [
    { pattern: REQUEST, remote: true },
    { pattern: /^(System\.)?Environment\.(GetEnvironmentVariable|GetCommandLineArgs)\(/ },
    { pattern: /^(System\.)?Console\.(ReadLine|In\.ReadLine|In\.ReadToEnd)\(/ },
    {
      pattern:
        /^(System\.IO\.)?File\.(ReadAllText|ReadAllTextAsync|ReadAllLines|ReadAllLinesAsync|ReadLines)\(/,
    },
  ],
  sinks: [
    {
      kind: 'sql',
      callee:
        /^(SqlCommand|SqliteCommand|NpgsqlCommand|MySqlCommand|OracleCommand|OleDbCommand|OdbcCommand|SqlDataAdapter)$/,
      argument: 0,
    },
    {
      kind: 'sql',
      callee:
        /\.(ExecuteSqlRaw|ExecuteSqlRawAsync|FromSqlRaw|ExecuteSqlCommand|ExecuteSqlCommandAsync|SqlQueryRaw)(<.*>)?$/,
      argument: 0,
    },
    {
      kind: 'sql',
      callee:
        /\.(Query|QueryAsync|QueryFirst|QueryFirstAsync|QueryFirstOrDefault|QueryFirstOrDefaultAsync|QuerySingle|QuerySingleAsync|QuerySingleOrDefault|QuerySingleOrDefaultAsync|QueryMultiple|QueryMultipleAsync|Execute|ExecuteAsync|ExecuteScalar|ExecuteScalarAsync|ExecuteReader|ExecuteReaderAsync)(<.*>)?$/,
      argument: 0,
      requires: /^Dapper$/,
    },
    // The program itself chosen by input; with a shell as the program, the argument string is a command line.
    { kind: 'shell', callee: /^(System\.Diagnostics\.)?Process\.Start$/, argument: 0 },
    { kind: 'shell', callee: /^(System\.Diagnostics\.)?Process\.Start$/, argument: 1, when: SHELL_FIRST },
    { kind: 'shell', callee: /^ProcessStartInfo$/, argument: 1, when: SHELL_FIRST },
    {
      kind: 'path',
      callee:
        /^(System\.IO\.)?File\.(ReadAllText|ReadAllTextAsync|ReadAllBytes|ReadAllBytesAsync|ReadAllLines|ReadAllLinesAsync|ReadLines|OpenRead|OpenWrite|OpenText|Open|Create|CreateText|AppendText|WriteAllText|WriteAllTextAsync|WriteAllBytes|WriteAllBytesAsync|WriteAllLines|WriteAllLinesAsync|AppendAllText|AppendAllTextAsync|Delete|Exists)$|^(System\.IO\.)?Directory\.(GetFiles|EnumerateFiles|GetDirectories|EnumerateDirectories|Delete|CreateDirectory|Exists)$/,
      argument: 0,
    },
    { kind: 'path', callee: /^(System\.IO\.)?File\.(Copy|Move|Replace)$/, argument: 'all' },
    { kind: 'path', callee: /^(FileStream|FileInfo|DirectoryInfo)$/, argument: 0 },
    // StreamReader/StreamWriter also take a stream (`new StreamReader(Request.Body)`): that is no path.
    {
      kind: 'path',
      callee: /^(StreamReader|StreamWriter)$/,
      argument: 0,
      unless: /^new\s+Stream(Reader|Writer)\(\s*[\w.]*(Body|Stream|stream|BaseStream|In|Out)\s*[,)]/,
    },
    // Not Results.File: it also sends a stream or bytes, which are no path.
    { kind: 'path', callee: /^(this\.)?PhysicalFile$|^(Typed)?Results\.PhysicalFile$/, argument: 0 },
    { kind: 'url', callee: HTTP_CLIENT, argument: 0 },
    { kind: 'url', callee: /^(WebRequest|HttpWebRequest)\.(Create|CreateHttp)$/, argument: 0 },
    { kind: 'url', callee: /^HttpRequestMessage$/, argument: 1 },
    {
      kind: 'redirect',
      callee:
        /^(this\.)?(Redirect|RedirectPermanent|RedirectPreserveMethod|RedirectPermanentPreserveMethod)$|^(\w+\.)*[Rr]esponse\.Redirect$|^(Typed)?Results\.Redirect$|^RedirectResult$/,
      argument: 0,
    },
    { kind: 'deserialise', callee: /(BinaryFormatter\(\)|[Ff]ormatter)\.Deserialize$/, argument: 0 },
    {
      kind: 'deserialise',
      callee: /^JsonConvert\.DeserializeObject(<.*>)?$/,
      argument: 0,
      when: /TypeNameHandling\.(All|Auto|Objects|Arrays)/,
    },
    {
      kind: 'log',
      callee:
        /^(this\.)?(_?\w*[lL]ogger|_?log|Log)\.(Log|LogTrace|LogDebug|LogInformation|LogWarning|LogError|LogCritical|Verbose|Trace|Debug|Info|Information|Warn|Warning|Error|Fatal)$/,
      argument: 'all',
    },
  ],
  sanitisers: [
    { callee: /\.Replace$/, clears: ['log'] },
    {
      callee:
        /^(int|uint|long|ulong|short|ushort|byte|double|float|decimal|bool|Guid|DateTime|DateTimeOffset|Int32|Int64|Boolean|Double|Decimal)\.(Parse|TryParse|ParseExact)$|^Convert\.To(Int16|Int32|Int64|UInt32|UInt64|Double|Decimal|Boolean|DateTime)$/,
      clears: 'all',
    },
    {
      callee:
        /^((System\.Net\.)?WebUtility\.HtmlEncode|(System\.Web\.)?HttpUtility\.Html(Attribute)?Encode|HtmlEncoder\.Default\.Encode|_?htmlEncoder\.Encode)$/,
      clears: ['html'],
    },
    { callee: /^(System\.IO\.)?Path\.GetFileName$/, clears: ['path'] },
    {
      callee:
        /^(Uri\.EscapeDataString|(System\.Net\.)?WebUtility\.UrlEncode|(System\.Web\.)?HttpUtility\.UrlEncode|UrlEncoder\.Default\.Encode)$/,
      clears: ['url', 'redirect', 'path', 'html'],
    },
  ],
  normalisers: /^(System\.IO\.)?Path\.GetFullPath$/,
  guards: [
    { test: /\.StartsWith\(/, clears: ['path'], needsNormalised: true },
    { test: /\bUrl\.IsLocalUrl\(/, clears: ['redirect'] },
    {
      test: /\.(Host|Authority|DnsSafeHost)\b[\s\S]*(Contains|Equals|==)|(Contains|Equals)\([\s\S]*\.(Host|Authority|DnsSafeHost)\b|allow|trusted/i,
      clears: ['url', 'redirect'],
    },
    { test: /\.StartsWith\(\s*"\/"/, clears: ['redirect'] },
  ],
  objectParameters: /^(request|req|response|context|ctx|httpContext|this)$/,
  handlerParameter,
  programParameter,
  implicitName,
};
