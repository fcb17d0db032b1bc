import { ssrf } from '../../../../src/engine/rules/security/ssrf.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines(
      'import requests',
      'def status():',
      '    host = request.args["host"]',
      '    return requests.get(f"http://{host}/status").status_code',
      '',
    ),
    why: 'the input is the host after a fixed scheme',
    errors: [
      { line: 4, messageId: 'untrusted', data: { value: '`host`', source: '`request.args`', sourceLine: 3 } },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "app.get('/preview', async (req, res) => {",
      '  const target = req.query.url;',
      '  const page = await fetch(target);',
      '  res.send(await page.text());',
      '});',
    ),
    errors: [
      {
        line: 3,
        messageId: 'untrusted',
        data: { value: '`target`', source: '`req.query`', sourceLine: 2, sink: '`fetch(...)`', sinkLine: 3 },
        says: /^CWE-918: `target` comes from `req\.query` \(line 2\) and is the URL `fetch\(\.\.\.\)` requests \(line 3\).*ALLOWED_HOSTS\.has\(new URL\(target\)\.hostname\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      "import axios from 'axios';",
      'export async function hook(ctx: Context) {',
      '  await axios.post(ctx.request.body.callback, { ok: true });',
      '}',
    ),
    errors: [
      { line: 3, messageId: 'untrusted', data: { source: '`ctx.request.body`', sink: '`axios.post(...)`' } },
    ],
  },
  {
    language: 'tsx',
    code: lines(
      'export function status(host: string) {',
      "  return fetch('http://' + host + '/status');",
      '}',
    ),
    why: 'a plain parameter choosing the host: lower severity',
    errors: [
      {
        line: 2,
        messageId: 'parameter',
        severity: 'low',
        says: /^CWE-918: `host` is a parameter of `status` \(line 1\) and is the URL `fetch\(\.\.\.\)` requests \(line 2\)/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import requests',
      'from flask import request',
      '',
      '@app.route("/preview")',
      'def preview():',
      '    url = request.args["url"]',
      '    return requests.get(url, timeout=5).text',
      '',
    ),
    errors: [
      {
        line: 7,
        messageId: 'untrusted',
        data: { source: '`request.args`', sourceLine: 6, sink: '`requests.get(...)`' },
        says: /urlparse\(url\)\.hostname in ALLOWED_HOSTS/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Proxy {',
      '  @GetMapping("/proxy")',
      '  InputStream proxy(@RequestParam String url) throws Exception {',
      '    return new URL(url).openConnection().getInputStream();',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'untrusted',
        data: { source: '`@RequestParam` parameter `url`' },
        says: /ALLOWED_HOSTS\.contains\(URI\.create\(new URL\(url\)\)\.getHost\(\)\)|ALLOWED_HOSTS\.contains/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package proxy',
      'import "net/http"',
      'func handle(w http.ResponseWriter, r *http.Request) {',
      '\ttarget := r.FormValue("url")',
      '\tresp, err := http.Get(target)',
      '\t_, _ = resp, err',
      '}',
      '',
    ),
    errors: [
      {
        line: 5,
        messageId: 'untrusted',
        data: { source: '`r.FormValue`', sourceLine: 4, sink: '`http.Get(...)`' },
        says: /u, err := url\.Parse\(target\)/,
      },
    ],
  },
];

invalid.push({
  language: 'javascript',
  why: "an options object whose host is the caller's",
  code: lines(
    "const https = require('https');",
    "app.get('/status', (req, res) => {",
    "  https.get({ host: req.query.host, path: '/status' }, (r) => r.pipe(res));",
    '});',
  ),
  errors: [{ line: 3, messageId: 'untrusted', data: { source: '`req.query`' } }],
});

const valid: ValidCase[] = [
  {
    language: 'javascript',
    why: "a parameter that starts the URL is the caller's choice of server, as much as a whole URL",
    code: lines(
      'async function firstHealthy(urls) {',
      '  for (const url of urls) {',
      "    const res = await fetch(url + '/health');",
      '    if (res.ok) return url;',
      '  }',
      '  return null;',
      '}',
    ),
  },
  {
    language: 'javascript',
    why: 'options with a fixed host: the input is only the path; a spread of fixed options adds nothing',
    code: lines(
      "const https = require('https');",
      'function getInternal(path, cb) {',
      "  https.get({ host: 'internal.example.org', path, headers: { 'x-path': path } }, cb);",
      '}',
    ),
  },
  {
    language: 'typescript',
    code: lines(
      "app.get('/u/:id', async (req, res) => {",
      '  res.send(await fetch(`${API_BASE}/users/${req.params.id}`));',
      '});',
    ),
    why: 'the input only chooses a path on a host it does not choose',
  },
  {
    language: 'tsx',
    code: lines('export function load(url: string) {', '  return fetch(url);', '}'),
    why: "a parameter that is the whole URL is the caller's choice",
  },
  {
    language: 'javascript',
    code: lines(
      "app.get('/item', async (req, res) => {",
      "  res.send(await fetch('https://api.example.com/items/' + req.query.id));",
      '});',
    ),
    why: 'scheme and host are fixed: the input only chooses a path there',
  },
  {
    language: 'python',
    code: lines(
      'import requests',
      'from urllib.parse import urlparse',
      'ALLOWED_HOSTS = {"images.example.com"}',
      'def preview():',
      '    url = request.args["url"]',
      '    if urlparse(url).hostname not in ALLOWED_HOSTS:',
      '        abort(400)',
      '    return requests.get(url).text',
      '',
    ),
    why: 'the host is checked against an allow-list first',
  },
  {
    language: 'javascript',
    code: lines(
      "const ALLOWED = new Set(['api.example.com']);",
      "app.get('/p', async (req, res) => {",
      '  const u = new URL(req.query.url);',
      '  if (!ALLOWED.has(u.hostname)) return res.sendStatus(400);',
      '  res.send(await (await fetch(u)).text());',
      '});',
    ),
    why: 'URL parsed, host allow-listed',
  },
  {
    language: 'typescript',
    code: lines(
      "app.get('/p', async (req, res) => {",
      "  const r = await fetch('https://api.example.com/items?id=' + encodeURIComponent(req.query.id));",
      '});',
    ),
    why: 'the input is only an encoded query value',
  },
  {
    language: 'go',
    code: lines(
      'package p',
      'import "net/http"',
      'func ping() {',
      '\thttp.Get("https://example.com/health")',
      '}',
      '',
    ),
    why: 'a fixed URL',
  },
  {
    language: 'java',
    code: lines(
      'class P {',
      '  void p(@RequestParam String url) throws Exception {',
      '    if (!ALLOWED_HOSTS.contains(URI.create(url).getHost())) throw new IllegalArgumentException(url);',
      '    new URL(url).openConnection();',
      '  }',
      '}',
    ),
    why: 'host allow-listed',
  },
];

/** C#: HttpClient and WebRequest given a URL from the request or a parameter. */
const csharpInvalid: InvalidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class PreviewController : Controller',
      '{',
      '    private readonly HttpClient _http;',
      '    public async Task<IActionResult> Preview()',
      '    {',
      '        var url = Request.Query["url"].ToString();',
      '        var html = await _http.GetStringAsync(url);',
      '        return Content(html, "text/html");',
      '    }',
      '}',
    ),
    errors: [
      {
        line: 7,
        messageId: 'untrusted',
        severity: 'high',
        data: { source: '`Request.Query`', sourceLine: 6, sink: '`_http.GetStringAsync(...)`' },
        says: /Uri\.TryCreate\(url, UriKind\.Absolute, out var uri\)/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'public class Webhooks',
      '{',
      '    public Task<HttpResponseMessage> Notify(HttpClient client, string host, string payload)',
      '    {',
      '        return client.PostAsync($"https://{host}/hooks", new StringContent(payload));',
      '    }',
      '}',
    ),
    why: 'a parameter choosing the host: lower severity',
    errors: [{ line: 5, messageId: 'parameter', severity: 'low' }],
  },
  {
    language: 'csharp',
    code: lines(
      'var app = WebApplication.Create(args);',
      'app.MapGet("/proxy", async (string target, HttpClient client) =>',
      '    Results.Ok(await client.GetFromJsonAsync<Forecast>(target)));',
    ),
    why: "a minimal API's parameter as the URL of a generic JSON call",
    errors: [
      {
        line: 3,
        messageId: 'untrusted',
        data: { source: 'the route handler parameter `target`, bound from the request' },
      },
    ],
  },
];

const csharpValid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class PreviewController : Controller',
      '{',
      '    private static readonly HashSet<string> AllowedHosts = new() { "images.example.com" };',
      '    public async Task<IActionResult> Preview(string url)',
      '    {',
      '        var uri = new Uri(url);',
      '        if (!AllowedHosts.Contains(uri.Host)) return BadRequest();',
      '        return Content(await _http.GetStringAsync(uri));',
      '    }',
      '}',
    ),
    why: 'the host checked against an allow-list',
  },
  {
    language: 'csharp',
    code: lines(
      'public class Users',
      '{',
      '    public Task<string> Profile(string id)',
      '    {',
      '        return _http.GetStringAsync($"https://api.example.com/users/{Uri.EscapeDataString(id)}");',
      '    }',
      '    public Task<byte[]> Cached(string key) => _cache.GetAsync(key);',
      '}',
    ),
    why: 'a fixed host; a cache lookup is no request',
  },
];

ruleTester(ssrf, { valid: [...valid, ...csharpValid], invalid: [...invalid, ...csharpInvalid] });
