import { pathTraversal } from '../../../../src/engine/rules/security/path-traversal.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines(
      "const fs = require('fs');",
      "app.get('/file', (req, res) => {",
      '  const { name } = req.query;',
      "  const file = '/srv/files/' + name;",
      '  fs.readFile(file, (err, data) => res.send(data));',
      '});',
    ),
    errors: [
      {
        line: 5,
        messageId: 'untrusted',
        data: { source: '`req.query`', sourceLine: 3, sink: '`fs.readFile(...)`', sinkLine: 5 },
        says: /^CWE-22: `file` \(from `name`\) comes from `req\.query` \(line 3\) and reaches `fs\.readFile\(\.\.\.\)` \(line 5\).*path\.resolve\(baseDir, file\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      "import { readFile } from 'fs/promises';",
      "router.get('/doc', async (ctx) => {",
      '  ctx.body = await readFile(`docs/${ctx.query.page}.md`);',
      '});',
    ),
    errors: [{ line: 3, messageId: 'untrusted', data: { source: '`ctx.query`', sink: '`readFile(...)`' } }],
  },
  {
    language: 'tsx',
    code: lines("app.get('/dl/:name', (req, res) => {", '  res.sendFile(req.params.name);', '});'),
    errors: [
      { line: 2, messageId: 'untrusted', data: { source: '`req.params`', sink: '`res.sendFile(...)`' } },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import os',
      'from flask import request',
      '',
      '@app.route("/file")',
      'def download():',
      '    name = request.args["name"]',
      '    with open(os.path.join("/srv/files", name)) as f:',
      '        return f.read()',
      '',
    ),
    errors: [
      {
        line: 7,
        messageId: 'untrusted',
        data: { value: '`name`', source: '`request.args`', sourceLine: 6, sink: '`open(...)`', sinkLine: 7 },
        says: /`path = os\.path\.realpath\(os\.path\.join\("\/srv\/files", name\)\)`, then stop unless `path\.startswith\("\/srv\/files" \+ os\.sep\)`/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import os',
      'def load(name):',
      '    return open(os.path.join("/srv/data", name)).read()',
      '',
    ),
    why: 'a plain parameter joined under a folder: lower severity',
    errors: [
      {
        line: 3,
        messageId: 'parameter',
        severity: 'low',
        says: /^CWE-22: `name` is a parameter of `load` \(line 2\) and reaches `open\(\.\.\.\)` \(line 3\)/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Files {',
      '  @GetMapping("/file")',
      '  byte[] get(@RequestParam String name) throws Exception {',
      '    return new FileInputStream(new File("/srv/files", name)).readAllBytes();',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'untrusted',
        data: { source: '`@RequestParam` parameter `name`', sink: '`new File(...)`' },
        says: /baseDir\.resolve\(name\)\.normalize\(\)/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package files',
      'import ("net/http"; "os"; "path/filepath")',
      'func serve(w http.ResponseWriter, r *http.Request) {',
      '\tname := r.URL.Query().Get("name")',
      '\tdata, _ := os.ReadFile(filepath.Join("/srv/files", name))',
      '\tw.Write(data)',
      '}',
      '',
    ),
    errors: [
      {
        line: 5,
        messageId: 'untrusted',
        data: { source: '`r.URL.Query()`', sourceLine: 4, sink: '`os.ReadFile(...)`' },
        says: /`p := filepath\.Join\("\/srv\/files", name\)`, then stop unless `strings\.HasPrefix\(p, "\/srv\/files"\+string\(filepath\.Separator\)\)`/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    code: lines(
      'import os',
      'def save_report(out_dir, rows):',
      '    target = os.path.join(out_dir, "report.csv")',
      '    with open(target, "w") as f:',
      '        f.write(rows)',
    ),
    why: 'the parameter is only the folder the program writes its own file into',
  },
  {
    language: 'go',
    code: lines(
      'package p',
      '',
      'import (',
      '\t"os"',
      '\t"path/filepath"',
      ')',
      '',
      'func Save(dest string, data []byte) error {',
      '\treturn os.WriteFile(filepath.Join(dest, "out.json"), data, 0o644)',
      '}',
    ),
    why: 'the folder is the caller’s choice of where output goes',
  },
  {
    language: 'python',
    code: lines(
      'def load_items(path):',
      '    with open(path, encoding="utf-8") as f:',
      '        return f.read()',
      '',
    ),
    why: "a parameter that is the whole path is the caller's choice of file",
  },
  {
    language: 'python',
    code: lines(
      'import os',
      'BASE = os.path.realpath("/srv/files")',
      'def download():',
      '    path = os.path.realpath(os.path.join(BASE, request.args["name"]))',
      '    if not path.startswith(BASE + os.sep):',
      '        abort(404)',
      '    return open(path).read()',
      '',
    ),
    why: 'realpath, then a containment check',
  },
  {
    language: 'python',
    code: lines(
      'from werkzeug.utils import secure_filename',
      'def upload():',
      '    name = secure_filename(request.args["name"])',
      '    return open(os.path.join("/srv", name)).read()',
      '',
    ),
    why: 'secure_filename keeps only a file name',
  },
  {
    language: 'javascript',
    code: lines(
      "const fs = require('fs');",
      "const path = require('path');",
      "app.get('/file', (req, res) => {",
      "  const file = path.resolve('/srv/files', req.query.name);",
      "  if (!file.startsWith('/srv/files' + path.sep)) return res.sendStatus(404);",
      '  fs.readFile(file, (err, data) => res.send(data));',
      '});',
    ),
    why: 'path.resolve, then a containment check',
  },
  {
    language: 'typescript',
    code: lines(
      "app.get('/dl/:name', (req, res) => {",
      "  res.sendFile(req.params.name, { root: 'public' });",
      '});',
    ),
    why: 'sendFile with a root keeps the file inside it',
  },
  {
    language: 'tsx',
    code: lines(
      "import { readFile } from 'fs/promises';",
      'export const load = () => readFile("config.json");',
    ),
    why: 'a fixed path',
  },
  {
    language: 'java',
    code: lines(
      'class Files {',
      '  byte[] get(@RequestParam String name) throws Exception {',
      '    Path file = BASE.resolve(name).normalize();',
      '    if (!file.startsWith(BASE)) throw new SecurityException("outside");',
      '    return java.nio.file.Files.readAllBytes(file);',
      '  }',
      '}',
    ),
    why: 'normalize, then a containment check',
  },
  {
    language: 'go',
    code: lines(
      'package files',
      'import ("net/http"; "os"; "path/filepath"; "strings")',
      'func serve(w http.ResponseWriter, r *http.Request) {',
      '\tp := filepath.Join(base, r.FormValue("name"))',
      '\tif !strings.HasPrefix(p, base+string(filepath.Separator)) {',
      '\t\treturn',
      '\t}',
      '\tos.Open(p)',
      '}',
      '',
    ),
    why: 'filepath.Join cleans, then a containment check',
  },
  {
    language: 'go',
    code: lines('package files', 'import "os"', 'func open(n int) {', '\tos.Open("/tmp/x")', '}', ''),
    why: 'an int parameter and a fixed path',
  },
];

/** C#: File, FileStream and PhysicalFile given a name from the request, a parameter or the command line. */
const csharpInvalid: InvalidCase[] = [
  {
    language: 'csharp',
    code: lines(
      '[ApiController]',
      '[Route("files")]',
      'public class FilesController : ControllerBase',
      '{',
      '    [HttpGet("{name}")]',
      '    public IActionResult Get([FromRoute] string name)',
      '    {',
      '        var path = Path.Combine("/srv/uploads", name);',
      '        return PhysicalFile(path, "application/octet-stream");',
      '    }',
      '}',
    ),
    why: 'a route value joined under a folder and sent',
    errors: [
      {
        line: 9,
        messageId: 'untrusted',
        severity: 'high',
        data: { source: 'the `[FromRoute]` parameter `name`', sourceLine: 6, sink: '`PhysicalFile(...)`' },
        says: /Path\.GetFullPath\(Path\.Combine\(baseDir, path\)\).*Path\.DirectorySeparatorChar/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'var app = WebApplication.Create(args);',
      'app.MapGet("/logs", (string day) => File.ReadAllText("/var/log/app/" + day + ".log"));',
      'app.Run();',
    ),
    why: "a minimal API's route parameter",
    errors: [
      {
        line: 2,
        messageId: 'untrusted',
        says: /Path\.Combine\("\/var\/log\/app", day \+ "\.log"\)/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'public class Exporter',
      '{',
      '    public void Save(string reportName, string body)',
      '    {',
      '        File.WriteAllText(Path.Combine(_exportDir, reportName + ".csv"), body);',
      '    }',
      '}',
    ),
    why: 'a parameter joined under a folder: lower severity, and the written contents are no path',
    errors: [
      {
        line: 5,
        messageId: 'parameter',
        severity: 'low',
        says: /Path\.GetFullPath\(Path\.Combine\(_exportDir, reportName \+ "\.csv"\)\)/,
      },
    ],
  },
];

const csharpValid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'class Program',
      '{',
      '    static void Main(string[] args)',
      '    {',
      '        using var stream = new FileStream(@"C:\\data\\" + args[0], FileMode.Open);',
      '    }',
      '}',
    ),
    why: "Main's arguments: whoever passes them already runs the program",
  },
  {
    language: 'python',
    code: lines(
      'import os, sys',
      'def main():',
      '    with open(sys.argv[1]) as f:',
      '        print(f.read())',
      '    open(os.path.join(os.environ["HOME"], ".toolrc")).close()',
    ),
    why: 'a command-line tool opening the file it is given, and a path from the environment',
  },
  {
    language: 'csharp',
    code: lines(
      'public class FilesController : ControllerBase',
      '{',
      '    private const string BaseDir = "/srv/uploads";',
      '    [HttpGet("{name}")]',
      '    public IActionResult Get(string name)',
      '    {',
      '        var full = Path.GetFullPath(Path.Combine(BaseDir, name));',
      '        if (!full.StartsWith(BaseDir + Path.DirectorySeparatorChar, StringComparison.Ordinal))',
      '            return NotFound();',
      '        return PhysicalFile(full, "application/octet-stream");',
      '    }',
      '}',
    ),
    why: 'normalised with GetFullPath and checked to stay inside the folder',
  },
  {
    language: 'csharp',
    code: lines(
      'public class FilesController : ControllerBase',
      '{',
      '    [HttpGet("{name}")]',
      '    public IActionResult Get(string name)',
      '    {',
      '        var path = Path.Combine("/srv/uploads", Path.GetFileName(name));',
      '        return PhysicalFile(path, "image/png");',
      '    }',
      '}',
    ),
    why: 'only the file name is kept',
  },
  {
    language: 'csharp',
    code: lines(
      'public class UploadController : ControllerBase',
      '{',
      '    [HttpPost]',
      '    public async Task<IActionResult> Post()',
      '    {',
      '        using var reader = new StreamReader(Request.Body);',
      '        var text = await reader.ReadToEndAsync();',
      '        return Ok(text.Length);',
      '    }',
      '}',
    ),
    why: 'a StreamReader over the request body opens no file',
  },
];

ruleTester(pathTraversal, { valid: [...valid, ...csharpValid], invalid: [...invalid, ...csharpInvalid] });
