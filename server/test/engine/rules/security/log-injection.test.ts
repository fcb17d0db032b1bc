import { logInjection } from '../../../../src/engine/rules/security/log-injection.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const FLASK = ['import logging', 'from flask import request', 'logger = logging.getLogger(__name__)', ''];

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines(
      ...FLASK,
      '@app.route("/login", methods=["POST"])',
      'def login():',
      '    user = request.form["user"]',
      '    logger.warning("failed login for " + user)',
      '    return "no", 401',
      '',
    ),
    errors: [
      {
        line: 8,
        messageId: 'forged',
        data: { source: '`request.form`', sourceLine: 7 },
        says: /^CWE-117: `user` comes from `request\.form` \(line 7\) and is written to the log by `logger\.warning\(\.\.\.\)` \(line 8\).*`logger\.info\("… %r", user\)`/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "app.get('/q', (req, res) => {",
      '  const q = req.query.q;',
      "  console.log('search: ' + q);",
      "  res.send('ok');",
      '});',
    ),
    errors: [{ line: 3, messageId: 'forged', says: /`JSON\.stringify\(q\)`/ }],
  },
  {
    language: 'typescript',
    code: lines(
      'router.post("/hook", async (ctx) => {',
      '  logger.info(`hook from ${ctx.request.body.source}`);',
      '});',
    ),
    errors: [{ line: 2, messageId: 'forged' }],
  },
  {
    language: 'tsx',
    code: lines(
      'export async function handler(req: Request, res: Response) {',
      '  const id = req.params.id;',
      '  console.warn("missing " + id);',
      '}',
    ),
    errors: [{ line: 3, messageId: 'forged' }],
  },
  {
    language: 'java',
    code: lines(
      'class S extends HttpServlet {',
      '  protected void doGet(HttpServletRequest req, HttpServletResponse resp) {',
      '    String user = req.getParameter("user");',
      '    log.info("user " + user);',
      '  }',
      '}',
    ),
    errors: [{ line: 4, messageId: 'forged', says: /`user\.replaceAll\("\[\\r\\n\]", ""\)`/ }],
  },
  {
    language: 'go',
    code: lines(
      'package main',
      '',
      'import (',
      '\t"log"',
      '\t"net/http"',
      ')',
      '',
      'func handler(w http.ResponseWriter, r *http.Request) {',
      '\tname := r.URL.Query().Get("name")',
      '\tlog.Printf("hello %s", name)',
      '}',
      '',
    ),
    errors: [{ line: 10, messageId: 'forged', says: /`%q`/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'python',
    why: 'quoted with %r, and the command line is the operator’s',
    code: lines(
      'import sys',
      ...FLASK,
      '@app.route("/login", methods=["POST"])',
      'def login():',
      '    user = request.form["user"]',
      '    logger.warning("failed login for %r", user)',
      '    logger.info("started with %s", sys.argv[1])',
      '    return "no", 401',
      '',
    ),
  },
  {
    language: 'python',
    why: 'line breaks removed first',
    code: lines(
      ...FLASK,
      '@app.route("/login", methods=["POST"])',
      'def login():',
      '    user = request.form["user"].replace("\\n", "")',
      '    logger.warning("failed login for " + user)',
      '',
    ),
  },
  {
    language: 'javascript',
    why: 'logged as JSON; the environment is the operator’s',
    code: lines(
      "app.get('/q', (req, res) => {",
      "  console.log('search: ' + JSON.stringify(req.query.q));",
      "  console.log('mode: ' + process.env.MODE);",
      '});',
    ),
  },
  {
    language: 'javascript',
    why: 'a child logger is made, no line is written',
    code: lines(
      'async function requestContext(ctx, next) {',
      "  ctx.state.log = logger.child({ requestId: ctx.get('X-Request-Id') });",
      '  await next();',
      '}',
    ),
  },
  {
    language: 'go',
    why: 'quoted with %q',
    code: lines(
      'package main',
      '',
      'import (',
      '\t"log"',
      '\t"net/http"',
      ')',
      '',
      'func handler(w http.ResponseWriter, r *http.Request) {',
      '\tlog.Printf("hello %q", r.URL.Query().Get("name"))',
      '}',
      '',
    ),
  },
  {
    language: 'java',
    why: 'a parameter of a plain method, not request input',
    code: lines('class Audit {', '  void record(String user) {', '    log.info("user " + user);', '  }', '}'),
  },
];

/**
 * C#: input written into a logging call's message template. A value passed
 * after a constant template is a structured property and is not reported.
 */
const csharpInvalid: InvalidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class AuthController : ControllerBase',
      '{',
      '    private readonly ILogger<AuthController> _logger;',
      '    [HttpPost("login")]',
      '    public IActionResult Login([FromForm] string user)',
      '    {',
      '        _logger.LogWarning($"Failed login for {user}");',
      '        return Unauthorized();',
      '    }',
      '}',
    ),
    errors: [
      {
        line: 7,
        messageId: 'forged',
        data: { source: 'the `[FromForm]` parameter `user`', sink: '`_logger.LogWarning(...)`' },
        says: /_logger\.LogInformation\("… \{Value\}", user\.Replace/,
      },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'app.MapPost("/hook", (HttpContext context) =>',
      '{',
      '    var agent = context.Request.Headers["User-Agent"].ToString();',
      '    Log.Information("hook from " + agent);',
      '    return Results.Ok();',
      '});',
    ),
    errors: [{ line: 4, messageId: 'forged', data: { source: '`context.Request.Headers`' } }],
  },
  {
    language: 'csharp',
    code: lines(
      'public class SearchController : Controller',
      '{',
      '    private static readonly Logger Log = LogManager.GetCurrentClassLogger();',
      '    public ActionResult Index(string q)',
      '    {',
      '        Log.Info("search: " + q);',
      '        return View();',
      '    }',
      '}',
    ),
    why: "NLog's and log4net's Info/Warn",
    errors: [{ line: 6, messageId: 'forged', data: { sink: '`Log.Info(...)`' } }],
  },
];

const csharpValid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'public class AuthController : ControllerBase',
      '{',
      '    [HttpPost("login")]',
      '    public IActionResult Login([FromForm] string user)',
      '    {',
      '        _logger.LogWarning("Failed login for {User}", user);',
      '        _logger.LogWarning("Failed login for " + user.Replace("\\r", "").Replace("\\n", ""));',
      '        return Unauthorized();',
      '    }',
      '}',
    ),
    why: 'a structured property after a constant template; line breaks removed',
  },
  {
    language: 'csharp',
    code: lines(
      'class Program',
      '{',
      '    static void Main(string[] args)',
      '    {',
      '        var env = Environment.GetEnvironmentVariable("APP_ENV");',
      '        _logger.LogInformation("Starting in " + env + " with " + args[0]);',
      '    }',
      '}',
    ),
    why: 'the environment and the command line are the operator’s, not a request sender’s',
  },
];

ruleTester(logInjection, { valid: [...valid, ...csharpValid], invalid: [...invalid, ...csharpInvalid] });
