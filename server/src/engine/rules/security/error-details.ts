/**
 * Error details sent to the client (CWE-209). Three strengths of leak, told
 * apart because a wrong finding costs more than a missed one:
 *
 * - a stack trace (`err.stack`, `traceback.format_exc()`, `printStackTrace`
 *   into the response, `debug.Stack()`) always leaks file paths, library
 *   versions and code structure: reported wherever it reaches a response;
 * - the whole caught error object serialized as JSON (`res.json(err)`,
 *   Spring's `body(e)`): its own fields are the driver's or library's
 *   internals (a pg error's table and constraint, Jackson's `stackTrace`):
 *   reported wherever it reaches a response;
 * - only the error's message (`err.message`, `str(e)`, `e.getMessage()`,
 *   `err.Error()`): reported only with an explicit 500 status, where the
 *   failure was unexpected and the message was written by whatever failed,
 *   not for the user. With a 4xx status, or none written, a message is often
 *   deliberately user-facing (a validation error) and stays silent. Go's
 *   `http.Error(w, err.Error(), 500)` is the idiom of countless handlers: it
 *   is reported only when `err` came from the database, the file system,
 *   `os/exec` or a template, whose messages name tables, queries and paths.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  enclosingFunction,
  FUNCTION_TYPES,
  keywordArgument,
  lineOf,
  methodName,
  TIER1,
} from '../util.js';

type Leak = 'stack' | 'object' | 'message';

interface Found {
  readonly leak: Leak;
  /** The expression that carries the detail: `err.stack`, `str(e)`. */
  readonly node: Node;
  /** The error's name as written. */
  readonly name: string;
}

/** A sink: what is sent, and the status sent with it when one is written. */
interface Sink {
  readonly payload: Node;
  /** The call or assignment that sends it, for the report's line. */
  readonly at: Node;
  readonly status500: boolean;
}

const ERROR_NAME = /^(e|err|error|ex|exc|exception|throwable)$/i;
const SERVER_ERROR =
  /^(500|StatusCodes\.Status500InternalServerError|HttpStatusCode\.InternalServerError|HttpStatus\.INTERNAL_SERVER_ERROR|HttpServletResponse\.SC_INTERNAL_SERVER_ERROR|http\.StatusInternalServerError|status\.HTTP_500_INTERNAL_SERVER_ERROR|HTTPStatus\.INTERNAL_SERVER_ERROR|StatusCodes\.INTERNAL_SERVER_ERROR)$/;

const ancestors = function* (node: Node): Generator<Node> {
  for (let p = node.parent; p; p = p.parent) yield p;
};

/** Names bound to a caught error around `node`: catch parameters, `except … as e`, error-handler parameters. */
function caughtNames(language: LanguageId, node: Node): Set<string> {
  const names = new Set<string>();
  for (const p of ancestors(node)) {
    switch (p.type) {
      case 'catch_clause': {
        const param =
          p.childForFieldName('parameter') ??
          p.namedChildren
            .find((c) => c.type === 'catch_formal_parameter' || c.type === 'catch_declaration')
            ?.childForFieldName('name');
        if (param?.type === 'identifier') names.add(param.text);
        break;
      }
      case 'except_clause': {
        const target = p.descendantsOfType('as_pattern_target')[0];
        if (target) names.add(target.text);
        break;
      }
      default:
        if (FUNCTION_TYPES.has(p.type)) {
          const params = (p.childForFieldName('parameters')?.namedChildren ?? []).filter(
            (c) => !c.type.includes('comment'),
          );
          const first = params[0];
          const firstName =
            first?.type === 'identifier' ? first.text : first?.childForFieldName('pattern')?.text;
          // Express's error handler: (err, req, res, next).
          if (params.length === 4 && firstName) names.add(firstName);
          // A promise's .catch((err) => …).
          const call = p.parent?.parent;
          if (call?.type === 'call_expression' && methodName(calleeText(call)) === 'catch' && firstName)
            names.add(firstName);
          // Spring's @ExceptionHandler methods take the exception as a parameter.
          if (language === 'java' && /@ExceptionHandler\b/.test(p.text.slice(0, 200)))
            for (const param of params) {
              const name = param.childForFieldName('name')?.text;
              if (name && /(Exception|Throwable|Error)\b/.test(param.childForFieldName('type')?.text ?? ''))
                names.add(name);
            }
        }
    }
  }
  return names;
}

/** The error details `payload` carries, the strongest first. */
function leakIn(language: LanguageId, payload: Node, caught: ReadonlySet<string>): Found | undefined {
  const isCaught = (n: Node | null | undefined) => n?.type === 'identifier' && caught.has(n.text);
  const errorLike = (n: Node | null | undefined) =>
    n?.type === 'identifier' && (caught.has(n.text) || ERROR_NAME.test(n.text));
  let best: Found | undefined;
  const rank: Record<Leak, number> = { stack: 3, object: 2, message: 1 };
  const consider = (f: Found) => {
    if (!best || rank[f.leak] > rank[best.leak]) best = f;
  };
  const nodes = payload.doc.nodes;
  for (let i = payload.id; i <= payload.lastId; i++) {
    const n = nodes[i]!;
    switch (language) {
      case 'python':
        if (n.type === 'call') {
          const callee = calleeText(n);
          if (/^traceback\.(format_exc|format_exception|format_tb|format_stack)$/.test(callee))
            consider({ leak: 'stack', node: n, name: 'the exception' });
          else if (/^(str|repr)$/.test(callee) && isCaught(callArguments(n)[0]))
            consider({ leak: 'message', node: n, name: callArguments(n)[0]!.text });
        } else if (n.type === 'interpolation' && isCaught(n.namedChild(0)))
          consider({ leak: 'message', node: n, name: n.namedChild(0)!.text });
        else if (n.type === 'attribute' && n.childForFieldName('attribute')?.text === 'args') {
          const object = n.childForFieldName('object');
          if (isCaught(object)) consider({ leak: 'message', node: n, name: object!.text });
        }
        break;
      case 'csharp':
        if (n.type === 'member_access_expression') {
          const object = n.childForFieldName('expression');
          const member = n.childForFieldName('name')?.text;
          if (!isCaught(object)) break;
          // Exception.ToString() writes the stack trace too.
          const called =
            n.parent?.type === 'invocation_expression' && n.parent.childForFieldName('function')?.id === n.id;
          if (member === 'StackTrace' || (member === 'ToString' && called))
            consider({ leak: 'stack', node: called ? n.parent! : n, name: object!.text });
          else if (member === 'Message') consider({ leak: 'message', node: n, name: object!.text });
        } else if (isCaught(n)) {
          const parent = n.parent;
          if (parent?.type === 'interpolation' || parent?.type === 'binary_expression')
            // An exception in a string is its ToString(): the stack trace.
            consider({ leak: 'stack', node: parent, name: n.text });
          // System.Text.Json and Newtonsoft write an Exception's StackTrace property.
          else if (n.id === payload.id) consider({ leak: 'stack', node: n, name: n.text });
        }
        break;
      case 'java':
        if (n.type === 'method_invocation') {
          const name = n.childForFieldName('name')?.text ?? '';
          const object = n.childForFieldName('object');
          if (name === 'printStackTrace')
            consider({ leak: 'stack', node: n, name: object?.text ?? 'the exception' });
          else if (name === 'getStackTrace' && isCaught(object))
            consider({ leak: 'stack', node: n, name: object!.text });
          else if (/^ExceptionUtils\.getStackTrace$/.test(calleeText(n)))
            consider({ leak: 'stack', node: n, name: callArguments(n)[0]?.text ?? 'the exception' });
          else if (/^(getMessage|getLocalizedMessage|toString)$/.test(name) && isCaught(object))
            consider({ leak: 'message', node: n, name: object!.text });
        } else if (isCaught(n)) {
          const parent = n.parent;
          if (parent?.type === 'binary_expression') consider({ leak: 'message', node: parent, name: n.text });
          // Jackson writes a Throwable's stackTrace field.
          else if (n.id === payload.id) consider({ leak: 'stack', node: n, name: n.text });
        }
        break;
      case 'go':
        if (n.type === 'call_expression') {
          const callee = calleeText(n);
          if (callee === 'debug.Stack') consider({ leak: 'stack', node: n, name: 'the goroutine' });
          const fn = n.childForFieldName('function');
          const object = fn?.childForFieldName('operand');
          if (fn?.childForFieldName('field')?.text === 'Error' && errorLike(object))
            consider({ leak: 'message', node: n, name: object!.text });
        } else if (n.type === 'identifier' && n.text === 'err' && n.parent?.type === 'argument_list')
          consider({ leak: 'message', node: n, name: 'err' });
        break;
      default:
        if (n.type === 'member_expression') {
          const property = n.childForFieldName('property')?.text;
          const object = n.childForFieldName('object');
          if (property === 'stack' && errorLike(object))
            consider({ leak: 'stack', node: n, name: object!.text });
          else if (property === 'message' && isCaught(object))
            consider({ leak: 'message', node: n, name: object!.text });
        } else if (isCaught(n) || (n.type === 'shorthand_property_identifier' && caught.has(n.text))) {
          const parent = n.parent;
          if (parent?.type === 'member_expression' || parent?.type === 'arguments') {
            // err.toString(), String(err): the message; anything else done with it is not sent as is.
            const call = parent.parent;
            if (
              call?.type === 'call_expression' &&
              (parent.type === 'arguments'
                ? calleeText(call) === 'String'
                : parent.childForFieldName('property')?.text === 'toString')
            )
              consider({ leak: 'message', node: call, name: n.text });
            continue;
          }
          if (parent?.type === 'template_substitution' || parent?.type === 'binary_expression')
            consider({ leak: 'message', node: parent, name: n.text });
          else if (
            n.id === payload.id ||
            parent?.type === 'pair' ||
            n.type === 'shorthand_property_identifier'
          )
            consider({ leak: 'object', node: n, name: n.text });
        }
    }
  }
  return best;
}

const JS_SEND = /^(send|json|jsonp|end|write)$/;

/** The root object of a call chain: `res` in `res.status(500).json(…)`. */
function chainRoot(node: Node): { root: Node; links: Node[] } {
  const links: Node[] = [];
  let n: Node | null = node;
  while (n && (n.type === 'call_expression' || n.type === 'member_expression')) {
    if (n.type === 'call_expression') links.push(n);
    n = n.type === 'call_expression' ? n.childForFieldName('function') : n.childForFieldName('object');
  }
  return { root: n ?? node, links };
}

function isServerError(node: Node | null | undefined): boolean {
  return !!node && SERVER_ERROR.test(node.text.replace(/\s+/g, ''));
}

/** Go errors whose messages describe the server's insides: database, files, processes, templates. */
const GO_INTERNAL =
  /^(db|tx|sql|conn|stmt|rows|row|pool|database|os|exec|ioutil|filepath|template|tmpl)\.|^\w+\.(Query|QueryRow|QueryContext|QueryRowContext|Exec|ExecContext|Prepare|PrepareContext|Begin|BeginTx|ExecuteTemplate)$/;

/** The call that last assigned `err` before `at` in the same function, if it is written as `…, err := call(…)`. */
function goErrorSource(at: Node): Node | undefined {
  const fn = enclosingFunction(at);
  if (!fn) return undefined;
  let source: Node | undefined;
  for (const assign of [
    ...fn.descendantsOfType('short_var_declaration'),
    ...fn.descendantsOfType('assignment_statement'),
  ]) {
    if (assign.startIndex >= at.startIndex) continue;
    const left = assign.childForFieldName('left');
    if (!left?.namedChildren.some((c) => c.text === 'err')) continue;
    const right = assign.childForFieldName('right')?.namedChild(0);
    if (right?.type !== 'call_expression') continue;
    if (!source || assign.startIndex > source.startIndex) source = right;
  }
  return source;
}

/** C#'s arguments: each an `argument` node, with its name when written `detail: …`. */
function csArguments(call: Node): { name?: string; value: Node }[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? [])
    .filter((a) => a.type === 'argument')
    .flatMap((a) => {
      const value = a.namedChildren[a.namedChildren.length - 1];
      const name = a.childForFieldName('name')?.text;
      return value ? [{ ...(name ? { name } : {}), value }] : [];
    });
}

/** ASP.NET Core's results that carry a body to the client. */
const CS_RESULTS = /^(this\.)?(Ok|Content|BadRequest|Json|NotFound|Conflict|UnprocessableEntity)$/;

function sinks(language: LanguageId, node: Node): Sink[] {
  switch (language) {
    case 'csharp': {
      if (node.type !== 'invocation_expression') return [];
      const callee = node.childForFieldName('function')?.text ?? '';
      const args = csArguments(node);
      const named = (n: string) => args.find((a) => a.name === n)?.value;
      if (/^(this\.)?StatusCode$/.test(callee) && args[1])
        return [{ payload: args[1].value, at: node, status500: isServerError(args[0]?.value) }];
      if (/^(this\.)?Problem$/.test(callee)) {
        const detail = named('detail') ?? args.find((a) => !a.name)?.value;
        const status = named('statusCode');
        // Problem() answers 500 unless told otherwise.
        return detail ? [{ payload: detail, at: node, status500: !status || isServerError(status) }] : [];
      }
      if (CS_RESULTS.test(callee) && args[0]) return [{ payload: args[0].value, at: node, status500: false }];
      if (/(^|\.)Response\.WriteAsync$/.test(callee) && args[0]) {
        const fn = enclosingFunction(node);
        const status =
          !!fn && /\.StatusCode\s*=\s*(500|StatusCodes\.Status500InternalServerError)\b/.test(fn.text);
        return [{ payload: args[0].value, at: node, status500: status }];
      }
      return [];
    }
    case 'python': {
      if (node.type === 'return_statement') {
        const value = node.namedChild(0);
        if (!value) return [];
        // `return body, 500`: Flask's (body, status) response.
        if (value.type === 'expression_list' || value.type === 'tuple') {
          const [body, status] = value.namedChildren;
          if (body && status && /^\d{3}$/.test(status.text))
            return [{ payload: body, at: node, status500: status.text === '500' }];
          return [];
        }
        // A plain return is a response only in a routed view.
        const fn = enclosingFunction(node);
        const decorated = fn?.parent?.type === 'decorated_definition' ? fn.parent : undefined;
        if (decorated && /@\w+\.(route|get|post|put|patch|delete|errorhandler)\(/.test(decorated.text))
          return [{ payload: value, at: node, status500: false }];
        return [];
      }
      if (node.type !== 'call') return [];
      const callee = calleeText(node);
      const args = callArguments(node);
      const status = keywordArgument(node, 'status') ?? keywordArgument(node, 'status_code');
      if (
        /^(HttpResponse|JsonResponse|HttpResponseServerError|HttpResponseBadRequest|Response|JSONResponse|PlainTextResponse|HTMLResponse|jsonify|make_response)$/.test(
          methodName(callee),
        )
      ) {
        const payload = args[0] ?? keywordArgument(node, 'content');
        if (!payload && callee === 'jsonify') {
          const kw = node
            .childForFieldName('arguments')
            ?.namedChildren.find((a) => a.type === 'keyword_argument');
          if (kw) return [{ payload: kw, at: node, status500: false }];
        }
        if (!payload) return [];
        const fivehundred =
          callee === 'HttpResponseServerError' || isServerError(status) || isServerError(args[1]);
        return [{ payload, at: node, status500: fivehundred }];
      }
      if (/^(HTTPException|abort)$/.test(methodName(callee))) {
        const detail = keywordArgument(node, 'detail') ?? keywordArgument(node, 'description') ?? args[1];
        const code = keywordArgument(node, 'status_code') ?? args[0];
        return detail ? [{ payload: detail, at: node, status500: isServerError(code) }] : [];
      }
      return [];
    }
    case 'java': {
      if (node.type === 'method_invocation') {
        const name = node.childForFieldName('name')?.text ?? '';
        const args = callArguments(node);
        const object = node.childForFieldName('object');
        if (
          name === 'printStackTrace' &&
          args[0] &&
          /\b(response|resp|res)\b|getWriter|getOutputStream/.test(args[0].text)
        )
          return [{ payload: node, at: node, status500: false }];
        if (name === 'body' && object && /^ResponseEntity\b/.test(object.text)) {
          const status =
            /\.internalServerError\(|\.status\(\s*(500|HttpStatus\.INTERNAL_SERVER_ERROR)\s*\)/.test(
              object.text,
            );
          return args[0] ? [{ payload: args[0], at: node, status500: status }] : [];
        }
        if (
          /^(write|print|println|append)$/.test(name) &&
          object &&
          /getWriter\(\)|getOutputStream\(\)/.test(object.text)
        )
          return args[0] ? [{ payload: args[0], at: node, status500: false }] : [];
        if (name === 'sendError' && args[1])
          return [{ payload: args[1], at: node, status500: isServerError(args[0]) }];
        return [];
      }
      if (node.type === 'object_creation_expression' && /^ResponseEntity\b/.test(calleeText(node))) {
        const args = callArguments(node);
        return args[0] ? [{ payload: args[0], at: node, status500: args.some((a) => isServerError(a)) }] : [];
      }
      return [];
    }
    case 'go': {
      if (node.type !== 'call_expression') return [];
      const callee = calleeText(node);
      const args = callArguments(node);
      if (callee === 'http.Error' && args[1])
        return [{ payload: args[1], at: node, status500: isServerError(args[2]) }];
      if (/^(w|rw|writer)\.Write$/.test(callee) && args[0])
        return [{ payload: args[0], at: node, status500: false }];
      if (/^fmt\.Fprint(f|ln)?$/.test(callee) && /^(w|rw|writer)$/.test(args[0]?.text ?? ''))
        return args.slice(1).map((payload) => ({ payload, at: node, status500: false }));
      return [];
    }
    default: {
      if (node.type === 'call_expression') {
        const fn = node.childForFieldName('function');
        if (fn?.type !== 'member_expression' || !JS_SEND.test(fn.childForFieldName('property')?.text ?? ''))
          return [];
        const { root, links } = chainRoot(node);
        if (!/^(res|response|reply)$/.test(root.text)) return [];
        const status = links.some(
          (l) =>
            /^(status|code|writeHead)$/.test(methodName(calleeText(l))) && isServerError(callArguments(l)[0]),
        );
        const payload = callArguments(node)[0];
        return payload ? [{ payload, at: node, status500: status }] : [];
      }
      if (node.type === 'assignment_expression') {
        const left = node.childForFieldName('left')?.text ?? '';
        const right = node.childForFieldName('right');
        if (!right || !/^(ctx|context|this)(\.response)?\.body$/.test(left)) return [];
        const fn = enclosingFunction(node);
        const status = !!fn && /\b(ctx|context|this)(\.response)?\.status\s*=\s*500\b/.test(fn.text);
        return [{ payload: right, at: node, status500: status }];
      }
      return [];
    }
  }
}

function logAdvice(language: LanguageId, name: string): string {
  switch (language) {
    case 'csharp':
      return `log it on the server (\`_logger.LogError(${name}, "…")\` records the stack trace) and send a fixed message such as \`"Internal server error"\``;
    case 'python':
      return `log it on the server (\`logger.exception("…")\` records the traceback) and send a fixed message such as \`"Internal server error"\``;
    case 'java':
      return `log it on the server (\`log.error("…", ${name})\` records the stack trace) and send a fixed message such as \`"Internal server error"\``;
    case 'go':
      return `log it on the server (\`log.Printf("…: %v", ${name})\`) and send \`http.StatusText(http.StatusInternalServerError)\``;
    default:
      return `log it on the server (\`console.error(${name})\` or your logger) and send a fixed message such as \`{ error: 'Internal server error' }\``;
  }
}

/** A condition that switches on development mode: `NODE_ENV === 'development'`, `app.debug`, `env.IsDevelopment()`. */
const DEVELOPMENT = /NODE_ENV|development|Development|\bisDev\b|\bdev\b|\bDEBUG\b|\.debug\b|\bdebug\b/;
const CONDITIONALS = new Set([
  'if_statement',
  'ternary_expression',
  'conditional_expression',
  'conditional',
  'binary_expression',
  'boolean_operator',
]);

/**
 * The detail is sent only in development: it sits under a condition on the
 * environment (`isDev ? err.stack : undefined`, `if app.debug:`). Whatever
 * branch it is in, saying it leaks in production would be a guess.
 */
function developmentOnly(node: Node): boolean {
  for (let p = node.parent; p && !FUNCTION_TYPES.has(p.type); p = p.parent) {
    if (!CONDITIONALS.has(p.type)) continue;
    const condition =
      p.childForFieldName('condition') ??
      // `isDev && err.stack`, Python's `app.debug and …`; not `"…" + err.stack`.
      ((p.type === 'binary_expression' && p.childForFieldName('operator')?.text === '&&') ||
      p.type === 'boolean_operator'
        ? p.childForFieldName('left')
        : null) ??
      // Python's `a if cond else b`: the condition is the middle part.
      (p.type === 'conditional_expression' ? p.namedChild(1) : null);
    if (condition && DEVELOPMENT.test(condition.text)) return true;
  }
  return false;
}

const TYPES = [
  'invocation_expression',
  'call',
  'return_statement',
  'method_invocation',
  'object_creation_expression',
  'call_expression',
  'assignment_expression',
];

/** Stack traces, whole error objects, or (with a 500 status) error messages sent in a response. */
export const errorDetails: Rule = {
  meta: {
    id: 'security/error-details',
    type: 'security',
    severity: 'medium',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A stack trace or a whole caught error object sent in a response, or an error message sent with a 500 status (in Go only when the error came from the database, files, processes or templates). Messages sent with a 4xx status or no status are taken as written for the user and left alone.',
      cwe: 'CWE-209',
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/users', async (req, res) => {\n  try {\n    res.json(await db.users());\n  } catch (err) {\n    res.status(500).send(err.stack);\n  }\n});\n",
          good: "app.get('/users', async (req, res) => {\n  try {\n    res.json(await db.users());\n  } catch (err) {\n    console.error(err);\n    res.status(500).send('Internal server error');\n  }\n});\n",
        },
      ],
    },
    messages: {
      stack:
        'CWE-209: {{sink}} on line {{line}} sends the stack trace of {{name}} ({{detail}}) to the client: it shows file paths, library versions and how the code is built, which helps an attacker. Instead, {{fix}}.',
      object:
        'CWE-209: {{sink}} on line {{line}} sends the whole error object {{name}} to the client: its fields are whatever the library that threw put there (a database error carries the table, constraint and query). Instead, {{fix}}.',
      message:
        "CWE-209: {{sink}} on line {{line}} sends the message of {{name}} ({{detail}}) with a 500 status: an unexpected failure's message is written by whatever failed (a database driver, the file system) and can name tables, queries or paths. Instead, {{fix}}; keep messages you wrote yourself for 4xx responses.",
    },
  },
  create(context) {
    const { language } = context;
    const visit = (node: Node) => {
      for (const sink of sinks(language, node)) {
        const caught = caughtNames(language, sink.at);
        const found = leakIn(language, sink.payload, caught);
        if (!found || developmentOnly(found.node)) continue;
        if (found.leak === 'message') {
          if (!sink.status500) continue;
          if (language === 'go') {
            const source = goErrorSource(sink.at);
            if (!source || !GO_INTERNAL.test(calleeText(source))) continue;
          }
        }
        context.report({
          node: sink.at,
          messageId: found.leak,
          severity: found.leak === 'message' ? 'low' : 'medium',
          data: {
            sink: code(sink.at.text, 50),
            line: lineOf(sink.at),
            name:
              found.name === 'the exception' || found.name === 'the goroutine'
                ? found.name
                : `\`${found.name}\``,
            detail: code(found.node.text, 40),
            fix: logAdvice(
              language,
              found.name.startsWith('the ') ? (language === 'go' ? 'err' : 'e') : found.name,
            ),
          },
        });
      }
    };
    return Object.fromEntries(TYPES.map((t) => [t, visit]));
  },
};
