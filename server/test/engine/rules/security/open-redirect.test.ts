import { openRedirect } from '../../../../src/engine/rules/security/open-redirect.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines("app.get('/login/done', (req, res) => {", '  res.redirect(req.query.next);', '});'),
    errors: [
      {
        line: 2,
        messageId: 'untrusted',
        data: {
          value: '`req.query.next`',
          source: '`req.query`',
          sourceLine: 2,
          sink: '`res.redirect(...)`',
          sinkLine: 2,
        },
        says: /^CWE-601: `req\.query\.next` comes from `req\.query` \(line 2\).*`target = req\.query\.next`.*target\.startsWith\('\/'\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      "router.get('/out', async (ctx) => {",
      '  const to = ctx.query.to as string;',
      '  ctx.redirect(to);',
      '});',
    ),
    errors: [
      { line: 3, messageId: 'untrusted', data: { value: '`to`', source: '`ctx.query`', sourceLine: 2 } },
    ],
  },
  {
    language: 'tsx',
    code: lines(
      'export function back(res: Response, host: string) {',
      "  res.redirect(302, 'https://' + host + '/home');",
      '}',
    ),
    why: 'a plain parameter choosing the host: lower severity',
    errors: [
      {
        line: 2,
        messageId: 'parameter',
        severity: 'low',
        says: /`host` is a parameter of `back` \(line 1\)/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'from flask import redirect, request',
      '',
      '@app.route("/done")',
      'def done():',
      '    nxt = request.args.get("next", "/")',
      '    return redirect(nxt)',
      '',
    ),
    errors: [
      {
        line: 6,
        messageId: 'untrusted',
        data: { value: '`nxt`', source: '`request.args`', sourceLine: 5, sink: '`redirect(...)`' },
        says: /if not nxt\.startswith\("\/"\) or nxt\.startswith\("\/\/"\): nxt = "\/"/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Login {',
      '  void done(HttpServletRequest request, HttpServletResponse response) throws Exception {',
      '    String next = request.getParameter("next");',
      '    response.sendRedirect(next);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'untrusted',
        data: { source: '`request.getParameter`', sourceLine: 3, sink: '`response.sendRedirect(...)`' },
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package login',
      'import "net/http"',
      'func done(w http.ResponseWriter, r *http.Request) {',
      '\thttp.Redirect(w, r, r.URL.Query().Get("next"), http.StatusFound)',
      '}',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'untrusted',
        data: { sink: '`http.Redirect(...)`' },
        says: /target := r\.URL\.Query\(\)\.Get\("next"\)/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: lines(
      "app.get('/done', (req, res) => {",
      '  res.redirect(`${BASE_URL}/done?ref=${encodeURIComponent(req.query.ref)}`);',
      '});',
    ),
    why: 'the input is only a query value on a base URL it does not choose',
  },
  {
    language: 'tsx',
    code: lines('export function back(res: Response, url: string) {', '  res.redirect(302, url);', '}'),
    why: "a parameter that is the whole target is the caller's choice",
  },
  {
    language: 'javascript',
    code: lines("app.get('/go', (req, res) => {", "  res.redirect('/items/' + req.query.id);", '});'),
    why: 'a fixed local path prefix keeps the redirect on this site',
  },
  {
    language: 'javascript',
    code: lines(
      "app.get('/login/done', (req, res) => {",
      "  let next = String(req.query.next || '/');",
      "  if (!next.startsWith('/') || next.startsWith('//')) next = '/';",
      '  res.redirect(next);',
      '});',
    ),
    why: 'only a local path is allowed',
  },
  {
    language: 'python',
    code: lines(
      'from django.shortcuts import redirect',
      'from django.utils.http import url_has_allowed_host_and_scheme',
      'def done(request):',
      '    nxt = request.GET.get("next", "/")',
      '    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):',
      '        nxt = "/"',
      '    return redirect(nxt)',
      '',
    ),
    why: "Django's allowed-host check",
  },
  {
    language: 'go',
    code: lines(
      'package login',
      'import ("net/http"; "strings")',
      'func done(w http.ResponseWriter, r *http.Request) {',
      '\tnext := r.FormValue("next")',
      '\tif !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {',
      '\t\tnext = "/"',
      '\t}',
      '\thttp.Redirect(w, r, next, http.StatusFound)',
      '}',
      '',
    ),
    why: 'only a local path is allowed',
  },
  {
    language: 'java',
    code: lines(
      'class L {',
      '  void done(HttpServletResponse response) throws Exception {',
      '    response.sendRedirect("/home");',
      '  }',
      '}',
    ),
    why: 'a fixed target',
  },
  {
    language: 'typescript',
    code: lines("app.get('/x', (req, res) => {", "  res.redirect('/items/' + Number(req.query.id));", '});'),
    why: 'a number in a local path',
  },
];

/** C#: Redirect, Response.Redirect and Results.Redirect to a location from the request. */
const csharpInvalid: InvalidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class AccountController : Controller',
      '{',
      '    [HttpPost]',
      '    public IActionResult Login(LoginModel model, string returnUrl)',
      '    {',
      '        return Redirect(returnUrl);',
      '    }',
      '}',
    ),
    errors: [
      {
        line: 6,
        messageId: 'untrusted',
        severity: 'high',
        data: {
          source: 'the action parameter `returnUrl` of `Login`, bound from the request',
          sink: '`Redirect(...)`',
        },
        says: /if \(!Url\.IsLocalUrl\(returnUrl\)\) returnUrl = "\/";.*LocalRedirect\(returnUrl\)/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'var app = WebApplication.Create(args);',
      'app.MapGet("/out", (HttpContext ctx) => Results.Redirect(ctx.Request.Query["to"]));',
    ),
    errors: [
      {
        line: 2,
        messageId: 'untrusted',
        data: { source: '`ctx.Request.Query`' },
        says: /`var target = ctx\.Request\.Query\["to"\]`/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'public static class Links',
      '{',
      '    public static void Go(HttpResponse response, string host)',
      '    {',
      '        response.Redirect("https://" + host + "/home");',
      '    }',
      '}',
    ),
    why: 'a plain parameter choosing the host: lower severity',
    errors: [{ line: 5, messageId: 'parameter', severity: 'low' }],
  },
];

const csharpValid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class AccountController : Controller',
      '{',
      '    public IActionResult Login(string returnUrl)',
      '    {',
      '        if (!Url.IsLocalUrl(returnUrl)) returnUrl = "/";',
      '        return Redirect(returnUrl);',
      '    }',
      '    public IActionResult Item(string id) => Redirect("/items/" + id);',
      '    public IActionResult Back(string returnUrl) => LocalRedirect(returnUrl);',
      '}',
    ),
    why: 'checked with Url.IsLocalUrl, a local path, and LocalRedirect',
  },
];

ruleTester(openRedirect, { valid: [...valid, ...csharpValid], invalid: [...invalid, ...csharpInvalid] });
