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

ruleTester(pathTraversal, { valid, invalid });
