/**
 * The taint module on real parses: sources per framework, propagation through
 * each operator, sanitisers and guards that clear taint, parameter sources and
 * the work bound.
 */
import assert from 'node:assert/strict';
import type { LanguageId } from '@code-explain/shared';
import { SourceParser } from '../../../src/engine/parsing/parser.js';
import { SINK_KINDS, type SinkKind } from '../../../src/engine/taint/model.js';
import { analyse, flowsIn, type Brief } from './support.js';

const lines = (...ls: string[]) => `${ls.join('\n')}\n`;

interface Case {
  readonly title: string;
  readonly language: LanguageId;
  readonly code: string;
  readonly kinds?: readonly SinkKind[];
  /** Every flow expected, in document order (a subset of each flow's fields). */
  readonly flows: readonly Partial<Brief>[];
}

const SOURCES: Case[] = [
  {
    title: 'Express req.query, req.params and req.body',
    language: 'javascript',
    code: lines(
      "app.get('/a/:id', (req, res) => {",
      '  fetch(req.query.url);',
      '  fetch(req.params.id);',
      '  fetch(req.body.target);',
      '});',
    ),
    flows: [
      {
        kind: 'url',
        sink: 'fetch',
        sinkLine: 2,
        source: 'req.query',
        sourceLine: 2,
        sourceKind: 'untrusted',
      },
      { kind: 'url', sinkLine: 3, source: 'req.params' },
      { kind: 'url', sinkLine: 4, source: 'req.body' },
    ],
  },
  {
    title: 'Koa ctx.query and ctx.request.body',
    language: 'typescript',
    code: lines(
      'router.get("/r", async (ctx) => {',
      '  ctx.redirect(ctx.query.next as string);',
      '  ctx.redirect(ctx.request.body.to);',
      '});',
    ),
    flows: [
      { kind: 'redirect', sink: 'ctx.redirect', sinkLine: 2, source: 'ctx.query' },
      { kind: 'redirect', sinkLine: 3, source: 'ctx.request.body' },
    ],
  },
  {
    title: 'Flask request.args, request.form and request.json',
    language: 'python',
    code: lines(
      'import requests',
      'def proxy():',
      '    requests.get(request.args["u"])',
      '    requests.get(request.form.get("u"))',
      '    requests.get(request.json["u"])',
    ),
    flows: [
      { kind: 'url', sink: 'requests.get', sinkLine: 3, source: 'request.args', sourceKind: 'untrusted' },
      { sinkLine: 4, source: 'request.form' },
      { sinkLine: 5, source: 'request.json' },
    ],
  },
  {
    title: "FastAPI route handler's parameters are request input",
    language: 'python',
    code: lines(
      'import httpx',
      '@app.get("/fetch")',
      'async def fetch(url: str, request: Request):',
      '    return httpx.get(url)',
    ),
    flows: [
      { kind: 'url', sink: 'httpx.get', sinkLine: 4, source: 'url', sourceLine: 3, sourceKind: 'untrusted' },
    ],
  },
  {
    title: 'Django request.GET and request.POST',
    language: 'python',
    code: lines(
      'from django.shortcuts import redirect',
      'def view(request):',
      '    nxt = request.GET.get("next")',
      '    open(request.POST["path"])',
      '    return redirect(nxt)',
    ),
    flows: [
      { kind: 'path', sink: 'open', sinkLine: 4, source: 'request.POST' },
      { kind: 'redirect', sink: 'redirect', sinkLine: 5, source: 'request.GET', sourceLine: 3, chain: 'nxt' },
    ],
  },
  {
    title: 'Spring @RequestParam, @PathVariable and @RequestBody',
    language: 'java',
    code: lines(
      'class C {',
      '  @GetMapping("/f/{id}")',
      '  void f(@RequestParam String name, @PathVariable String id, @RequestBody String body, String plain) throws Exception {',
      '    new File(name);',
      '    new File(id);',
      '    new File(body);',
      '    new File(plain);',
      '  }',
      '}',
    ),
    flows: [
      { kind: 'path', sink: 'File', sinkLine: 4, source: 'name', sourceKind: 'untrusted' },
      { sinkLine: 5, source: 'id', sourceKind: 'untrusted' },
      { sinkLine: 6, source: 'body', sourceKind: 'untrusted' },
      { sinkLine: 7, source: 'plain', sourceKind: 'parameter' },
    ],
  },
  {
    title: 'net/http r.URL.Query().Get and r.FormValue',
    language: 'go',
    code: lines(
      'package m',
      'import "net/http"',
      'func h(w http.ResponseWriter, r *http.Request) {',
      '\thttp.Get(r.URL.Query().Get("u"))',
      '\thttp.Redirect(w, r, r.FormValue("next"), http.StatusFound)',
      '}',
    ),
    flows: [
      { kind: 'url', sink: 'http.Get', sinkLine: 4, source: 'r.URL.Query()' },
      { kind: 'redirect', sink: 'http.Redirect', sinkLine: 5, source: 'r.FormValue' },
    ],
  },
  {
    title: "net/http's PathValue and gorilla/mux's path variables",
    language: 'go',
    code: lines(
      'package m',
      'import ("net/http"; "os"; "github.com/gorilla/mux")',
      'func h(w http.ResponseWriter, r *http.Request) {',
      '\tos.Open(r.PathValue("name"))',
      '\tvars := mux.Vars(r)',
      '\thttp.Get(vars["target"])',
      '}',
    ),
    flows: [
      { kind: 'path', sinkLine: 4, source: 'r.PathValue' },
      { kind: 'url', sinkLine: 6, source: 'mux.Vars' },
    ],
  },
  {
    title: 'process.argv and process.env',
    language: 'javascript',
    code: lines(
      "const fs = require('fs');",
      'fs.readFileSync(process.argv[2]);',
      'fetch(process.env.TARGET);',
    ),
    flows: [
      { kind: 'path', sinkLine: 2, source: 'process.argv' },
      { kind: 'url', sinkLine: 3, source: 'process.env' },
    ],
  },
  {
    title: 'sys.argv, os.environ and input()',
    language: 'python',
    code: lines(
      'import sys, os, subprocess',
      'os.system("ls " + sys.argv[1])',
      'os.system(os.environ["CMD"])',
      'line = input()',
      'os.system(line)',
    ),
    flows: [
      { kind: 'shell', sinkLine: 2, source: 'sys.argv' },
      { sinkLine: 3, source: 'os.environ' },
      { sinkLine: 5, source: 'input', sourceLine: 4, chain: 'line' },
    ],
  },
  {
    title: 'os.Args and os.Getenv',
    language: 'go',
    code: lines(
      'package main',
      'import ("net/http"; "os")',
      'func main() {',
      '\thttp.Get(os.Args[1])',
      '\tos.Open(os.Getenv("FILE"))',
      '}',
    ),
    flows: [
      { kind: 'url', sinkLine: 4, source: 'os.Args' },
      { kind: 'path', sinkLine: 5, source: 'os.Getenv' },
    ],
  },
  {
    title: "System.getenv and main's arguments",
    language: 'java',
    code: lines(
      'class Main {',
      '  public static void main(String[] args) throws Exception {',
      '    new File(args[0]);',
      '    new File(System.getenv("HOME"));',
      '  }',
      '}',
    ),
    flows: [
      { kind: 'path', sinkLine: 3, source: 'args', sourceKind: 'untrusted' },
      { sinkLine: 4, source: 'System.getenv' },
    ],
  },
];

const PROPAGATION: Case[] = [
  {
    title: "a for-each loop's variable holds the items inside the body",
    language: 'python',
    code: lines(
      'import os',
      'def h():',
      '    for name in request.args.getlist("f"):',
      '        os.remove(name)',
    ),
    flows: [{ kind: 'path', sinkLine: 4, source: 'request.args', chain: 'name' }],
  },
  {
    title: 'a database read is no source for the injection rules',
    language: 'python',
    code: lines(
      'import os',
      'def h(cur):',
      '    row = cur.fetchone()',
      '    os.remove(row[0])',
      '    cur.execute("SELECT * FROM t WHERE name = \'" + row[1] + "\'")',
    ),
    flows: [],
  },
  {
    title: 'assignment, destructuring, template and + concatenation',
    language: 'javascript',
    code: lines(
      "const fs = require('fs');",
      "app.get('/', (req, res) => {",
      '  const { name } = req.query;',
      '  const file = `./files/${name}`;',
      "  let full = '/srv' + file;",
      '  fs.readFile(full, () => {});',
      '});',
    ),
    flows: [{ kind: 'path', sinkLine: 6, source: 'req.query', sourceLine: 3, chain: 'name > file > full' }],
  },
  {
    title: 'augmented assignment keeps and adds taint',
    language: 'python',
    code: lines(
      'import os',
      'def h():',
      '    cmd = "ls "',
      '    cmd += request.args["d"]',
      '    os.system(cmd)',
    ),
    flows: [{ kind: 'shell', sinkLine: 5, source: 'request.args', chain: 'cmd' }],
  },
  {
    title: 'f-string, % and format',
    language: 'python',
    code: lines(
      'import os',
      'def h():',
      '    d = request.args["d"]',
      '    os.system(f"ls {d}")',
      '    os.system("ls %s" % d)',
      '    os.system("ls {}".format(d))',
    ),
    flows: [
      { kind: 'shell', sinkLine: 4, chain: 'd' },
      { sinkLine: 5, chain: 'd' },
      { sinkLine: 6, chain: 'd' },
    ],
  },
  {
    title: 'String.format and concatenation in Java',
    language: 'java',
    code: lines(
      'class C {',
      '  void f(HttpServletRequest request) throws Exception {',
      '    String n = request.getParameter("n");',
      '    String p = String.format("/srv/%s", n);',
      '    new FileInputStream("/srv/" + n);',
      '    new FileInputStream(p);',
      '  }',
      '}',
    ),
    flows: [
      { kind: 'path', sinkLine: 5, source: 'request.getParameter', chain: 'n' },
      { sinkLine: 6, chain: 'n > p' },
    ],
  },
  {
    title: 'fmt.Sprintf in Go',
    language: 'go',
    code: lines(
      'package m',
      'import ("fmt"; "net/http"; "os")',
      'func h(w http.ResponseWriter, r *http.Request) {',
      '\tp := fmt.Sprintf("/srv/%s", r.FormValue("f"))',
      '\tos.ReadFile(p)',
      '}',
    ),
    flows: [{ kind: 'path', sinkLine: 5, source: 'r.FormValue', chain: 'p' }],
  },
  {
    title: 'a clean reassignment clears the name',
    language: 'python',
    code: lines(
      'import os',
      'def h():',
      '    d = request.args["d"]',
      '    d = "tmp"',
      '    os.system("ls " + d)',
    ),
    flows: [],
  },
  {
    title: 'a comparison carries no text',
    language: 'javascript',
    code: lines(
      "app.get('/', (req, res) => {",
      "  const ok = req.query.a === 'x';",
      '  fetch(String(ok));',
      '});',
    ),
    flows: [],
  },
];

const SANITISERS: Case[] = [
  {
    title: 'shlex.quote clears shell taint only',
    language: 'python',
    code: lines(
      'import os, shlex',
      'def h():',
      '    d = shlex.quote(request.args["d"])',
      '    os.system("ls " + d)',
      '    open(d)',
    ),
    flows: [{ kind: 'path', sinkLine: 5, source: 'request.args' }],
  },
  {
    title: 'int() clears every kind',
    language: 'python',
    code: lines('import os', 'def h():', '    n = int(request.args["n"])', '    os.system(f"kill {n}")'),
    flows: [],
  },
  {
    title: 'an argument list is not a shell command',
    language: 'python',
    code: lines('import subprocess', 'def h():', '    subprocess.run(["ls", request.args["d"]], shell=True)'),
    flows: [],
  },
  {
    title: 'a path normalised and checked for containment',
    language: 'python',
    code: lines(
      'import os',
      'BASE = "/srv/files"',
      'def h():',
      '    p = os.path.realpath(os.path.join(BASE, request.args["f"]))',
      '    if not p.startswith(BASE + os.sep):',
      '        abort(403)',
      '    return open(p).read()',
    ),
    flows: [],
  },
  {
    title: 'a startsWith check without normalising first does not clear',
    language: 'javascript',
    code: lines(
      "const fs = require('fs');",
      "app.get('/', (req, res) => {",
      "  const p = '/srv/' + req.query.f;",
      "  if (!p.startsWith('/srv/')) return res.sendStatus(403);",
      '  fs.readFile(p, () => {});',
      '});',
    ),
    flows: [{ kind: 'path', sinkLine: 5 }],
  },
  {
    title: 'path.resolve then a startsWith check clears',
    language: 'javascript',
    code: lines(
      "const fs = require('fs');",
      "const path = require('path');",
      "app.get('/', (req, res) => {",
      "  const p = path.resolve('/srv', req.query.f);",
      "  if (!p.startsWith('/srv/')) return res.sendStatus(403);",
      '  fs.readFile(p, () => {});',
      '});',
    ),
    flows: [],
  },
  {
    title: 'a host allow-list check clears the URL it was parsed from',
    language: 'javascript',
    code: lines(
      "const ALLOWED = new Set(['api.example.com']);",
      "app.get('/', async (req, res) => {",
      '  const target = req.query.url;',
      '  const u = new URL(target);',
      '  if (!ALLOWED.has(u.hostname)) return res.sendStatus(400);',
      '  await fetch(target);',
      '});',
    ),
    flows: [],
  },
  {
    title: 'html escaping clears HTML taint',
    language: 'javascript',
    code: lines("app.get('/', (req, res) => {", '  res.send(`<p>${escapeHtml(req.query.q)}</p>`);', '});'),
    kinds: ['html'],
    flows: [],
  },
  {
    title: 'res.sendFile with a root option stays under it',
    language: 'javascript',
    code: lines("app.get('/', (req, res) => {", "  res.sendFile(req.query.f, { root: 'public' });", '});'),
    flows: [],
  },
];

const PARAMETERS: Case[] = [
  {
    title: 'a plain parameter is a `parameter` source; self and typed non-strings are not',
    language: 'python',
    code: lines(
      'import os',
      'class A:',
      '    def run(self, d):',
      '        os.system("ls " + d)',
      '        os.system(self.cmd)',
    ),
    flows: [{ kind: 'shell', sinkLine: 4, source: 'd', sourceLine: 3, sourceKind: 'parameter', chain: 'd' }],
  },
  {
    title: 'a typed parameter that is not text carries no taint',
    language: 'go',
    code: lines(
      'package m',
      'import "os"',
      'func f(n int, name string) {',
      '\tos.Open(fmt.Sprint(n))',
      '\tos.Open(name)',
      '}',
    ),
    flows: [{ kind: 'path', sinkLine: 5, source: 'name', sourceKind: 'parameter' }],
  },
  {
    title: 'untrusted input is named before a parameter in the same value',
    language: 'javascript',
    code: lines('function go(res, prefix, req) {', '  res.redirect(prefix + req.query.next);', '}'),
    flows: [{ kind: 'redirect', sinkLine: 2, source: 'req.query', sourceKind: 'untrusted' }],
  },
];

/** C#: ASP.NET request objects and model-bound parameters, the program's own inputs, and what stops taint. */
const CSHARP: Case[] = [
  {
    title: 'Request.Query, HttpContext.Request.Headers and a middleware context',
    language: 'csharp',
    code: lines(
      'public class P {',
      '  public void Run(HttpContext context) {',
      '    File.ReadAllText(Request.Query["f"]);',
      '    var h = HttpContext.Request.Headers["X-File"].ToString();',
      '    File.Delete(h);',
      '    _http.GetAsync(context.Request.Form["u"]);',
      '  }',
      '}',
    ),
    flows: [
      {
        kind: 'path',
        sink: 'File.ReadAllText',
        sinkLine: 3,
        source: 'Request.Query',
        sourceKind: 'untrusted',
      },
      { kind: 'path', sinkLine: 5, source: 'HttpContext.Request.Headers', chain: 'h' },
      { kind: 'url', sink: '_http.GetAsync', sinkLine: 6, source: 'context.Request.Form' },
    ],
  },
  {
    title: 'model-bound parameters: attributes, controller actions, Razor Pages and minimal APIs',
    language: 'csharp',
    code: lines(
      '[ApiController]',
      'public class A : ControllerBase {',
      '  [HttpGet] public IActionResult Get([FromQuery] string a, int n, [FromServices] string s) {',
      '    File.OpenRead(a); File.OpenRead(n.ToString()); File.OpenRead(s);',
      '    return Ok();',
      '  }',
      '  public IActionResult Other(string b) { File.OpenRead(b); return Ok(); }',
      '  private void Helper(string c) { File.OpenRead(c); }',
      '}',
      'public class IndexModel : PageModel {',
      '  public void OnGet(string d) { File.OpenRead(d); }',
      '}',
      'app.MapGet("/x", (string e) => File.OpenRead(e));',
    ),
    flows: [
      { kind: 'path', sinkLine: 4, source: 'a', sourceKind: 'untrusted' },
      { kind: 'path', sinkLine: 4, source: 's', sourceKind: 'parameter' },
      { kind: 'path', sinkLine: 7, source: 'b', sourceKind: 'untrusted' },
      { kind: 'path', sinkLine: 8, source: 'c', sourceKind: 'parameter' },
      { kind: 'path', sinkLine: 11, source: 'd', sourceKind: 'untrusted' },
      { kind: 'path', sinkLine: 13, source: 'e', sourceKind: 'untrusted' },
    ],
  },
  {
    title: "Main's arguments, the environment and stdin are untrusted but not remote",
    language: 'csharp',
    code: lines(
      'class Program {',
      '  static void Main(string[] args) {',
      '    File.ReadAllText(args[0]);',
      '    File.ReadAllText(Environment.GetEnvironmentVariable("CONF"));',
      '    var line = Console.ReadLine();',
      '    File.ReadAllText(line);',
      '  }',
      '}',
    ),
    flows: [
      { kind: 'path', sinkLine: 3, source: 'args', sourceKind: 'untrusted' },
      { kind: 'path', sinkLine: 4, source: 'Environment.GetEnvironmentVariable' },
      { kind: 'path', sinkLine: 6, source: 'Console.ReadLine', chain: 'line' },
    ],
  },
  {
    title: 'StringBuilder appends, chained or not, add to the builder',
    language: 'csharp',
    code: lines(
      'class R : Controller {',
      '  public void Run(string q) {',
      '    var sb = new StringBuilder("/srv/");',
      '    sb.Append("a/").Append(q).Append(".txt");',
      '    File.Delete(sb.ToString());',
      '    var clean = new StringBuilder("/srv/");',
      '    clean.Append("fixed").AppendLine();',
      '    File.Delete(clean.ToString());',
      '  }',
      '}',
    ),
    flows: [{ kind: 'path', sinkLine: 5, source: 'q', chain: 'q > sb' }],
  },
  {
    title: "top-level statements' implicit `args`; a declared `args` elsewhere is a plain parameter",
    language: 'csharp',
    code: lines(
      'var name = args[0];',
      'File.ReadAllText(name);',
      'class Tool {',
      '  public void Run(string[] args) { File.ReadAllText(args[0]); }',
      '}',
    ),
    flows: [{ kind: 'path', sinkLine: 2, source: 'args', sourceKind: 'untrusted', chain: 'args > name' }],
  },
  {
    title: 'interpolation, ?:, ??, += and foreach carry taint; parsing, encoding and guards stop it',
    language: 'csharp',
    code: lines(
      'class C : Controller {',
      '  public IActionResult Go(string q, string next) {',
      '    var a = $"/tmp/{q}";',
      '    var b = q.Length > 3 ? q : "x";',
      '    string c = null;',
      '    c += q ?? "";',
      '    foreach (var part in q.Split(",")) { File.Delete(part); }',
      '    File.Delete(a); File.Delete(b); File.Delete(c);',
      '    File.Delete(Path.GetFileName(q)); File.Delete(int.Parse(q).ToString());',
      '    int.TryParse(q, out var id);',
      '    File.Delete(id.ToString());',
      '    if (!Url.IsLocalUrl(next)) return BadRequest();',
      '    return Redirect(next);',
      '  }',
      '}',
    ),
    flows: [
      { kind: 'path', sinkLine: 7, chain: 'q > part' },
      { kind: 'path', sinkLine: 8, chain: 'q > a' },
      { kind: 'path', sinkLine: 8, chain: 'q > b' },
      { kind: 'path', sinkLine: 8, chain: 'q > c' },
    ],
  },
];

function check(cases: readonly Case[], parser: () => SourceParser) {
  for (const c of cases) {
    it(`${c.language}: ${c.title}`, async () => {
      const found = await flowsIn(parser(), c.language, c.code, c.kinds ?? SINK_KINDS);
      assert.equal(found.length, c.flows.length, JSON.stringify(found, null, 2));
      c.flows.forEach((expected, i) => {
        for (const [key, value] of Object.entries(expected))
          assert.equal(
            found[i]![key as keyof Brief],
            value,
            `flow ${i + 1}: ${key} (${JSON.stringify(found[i])})`,
          );
      });
    });
  }
}

describe('taint', () => {
  let parser: SourceParser;
  before(() => {
    parser = new SourceParser();
  });
  after(() => parser.dispose());
  const get = () => parser;

  describe('sources', () => check(SOURCES, get));
  describe('propagation', () => check(PROPAGATION, get));
  describe('sanitisers and guards', () => check(SANITISERS, get));
  describe('parameters', () => check(PARAMETERS, get));
  describe('csharp', () => check(CSHARP, get));

  describe('stored sources', () => {
    /** The stored origins of every use of `name`, as "source@line chain". */
    const storedOf = async (language: LanguageId, code: string, name: string) => {
      const parsed = await parser.parse(code, language);
      const analysis = await analyse(parser, language, code);
      const uses = parsed.snapshot.nodes.filter((n) => n?.type === 'identifier' && n.text === name);
      return uses.flatMap((u) =>
        analysis
          .originsOf(u!, { stored: true })
          .filter((o) => o.source.kind === 'stored' && !o.sanitised.has('html'))
          .map(
            (o) =>
              `${o.source.description}@${o.source.line} ${o.chain.join('>')} line ${u!.startPosition.row + 1}`,
          ),
      );
    };

    it('are returned only when asked for', async () => {
      const code = lines('def h(cur):', '    name = cur.fetchone()[0]', '    return name');
      const analysis = await analyse(parser, 'python', code);
      const parsed = await parser.parse(code, 'python');
      const use = parsed.snapshot.nodes.filter((n) => n?.type === 'identifier' && n.text === 'name').pop()!;
      assert.deepEqual(analysis.originsOf(use), []);
      assert.equal(analysis.originsOf(use, { stored: true })[0]?.source.description, '`cur.fetchone()`');
    });

    it("go: rows.Scan(&x) and QueryRow(...).Scan(&x) bind x to the query's rows", async () => {
      const code = lines(
        'package p',
        'func h(db *sql.DB) {',
        '	var title string',
        '	db.QueryRow("SELECT title FROM posts").Scan(&title)',
        '	use(title)',
        '	rows, _ := db.Query("SELECT body FROM comments")',
        '	for rows.Next() {',
        '		var body string',
        '		err := rows.Scan(&body)',
        '		use(body, err)',
        '	}',
        '}',
      );
      assert.deepEqual(await storedOf('go', code, 'title'), ['`db.QueryRow(...)`@4 title line 5']);
      assert.deepEqual(await storedOf('go', code, 'body'), ['`db.Query(...)`@6 rows>body line 10']);
      // Scan's own result is an error, not the row: it holds no stored text.
      assert.deepEqual(await storedOf('go', code, 'err'), []);
    });
  });

  describe('work bound', () => {
    // A long chain of `+` and many assignments: the bound is in nodes visited, not time.
    const long = lines(
      'import os',
      'def h():',
      '    s = request.args["a"]',
      ...Array.from({ length: 400 }, (_, i) => `    s${i} = s + "x" + s + "y"`),
      `    os.system(${Array.from({ length: 300 }, () => 's').join(' + ')})`,
    );

    it('counts the nodes it visits and stops at its budget', async () => {
      const analysis = await analyse(parser, 'python', long, 2_000);
      analysis.flows(SINK_KINDS);
      assert.ok(analysis.exhausted());
      // One node past the limit at most for each stop: the pass and each query check before visiting.
      assert.ok(analysis.visited() <= 2_000 + 50, `visited ${analysis.visited()}`);
    });

    it('finds the flow when the budget allows', async () => {
      const analysis = await analyse(parser, 'python', long);
      const flows = analysis.flows(['shell']);
      assert.equal(flows.length, 1);
      assert.ok(!analysis.exhausted());
      assert.ok(analysis.visited() < 50_000, `visited ${analysis.visited()}`);
    });

    it('a deeply nested expression does not overflow the stack', async () => {
      const deep = lines(
        'import os',
        'def h():',
        `    os.system(${'('.repeat(3000)}request.args["a"]${')'.repeat(3000)})`,
      );
      const analysis = await analyse(parser, 'python', deep);
      assert.ok(analysis.flows(['shell']).length <= 1);
    });
  });
});
