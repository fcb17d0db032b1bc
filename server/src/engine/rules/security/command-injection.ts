import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  enclosingFunction,
  isBuiltString,
  isPlainString,
  JS_LIKE,
  keywordArgument,
  lineOf,
  methodName,
  stringContent,
  literalParts,
  unwrap,
} from '../util.js';
import { INPUT_LEAD, lazyAnalysis, PARAMETER_TAIL, reportSourced } from './taint-flows.js';

const SHELL_RUNS =
  'CWE-78: {{call}} on line {{line}} has a shell run {{command}}, which is not a fixed string; if any part of it comes from input, characters such as ; | $( ) or backticks in it run further commands. Instead, {{fix}}.';

const FIX = {
  javascript:
    'use execFile or spawn with the program and its arguments as an array (no shell option), e.g. `execFile("prog", [arg])`, so no shell parses the input',
  python:
    'pass the command as a list without shell=True, e.g. `subprocess.run(["prog", arg])`, so no shell parses the input',
  java: 'use `new ProcessBuilder("prog", arg)` with the program and each argument as separate strings, so no shell parses the input',
  go: 'run the program directly with its arguments, `exec.Command("prog", arg)`, so no shell parses the input',
  csharp:
    'start the program itself with each argument as its own item, `var psi = new ProcessStartInfo("prog") { UseShellExecute = false }; psi.ArgumentList.Add(arg);`, so no shell parses the input',
} as const;

/** C#: shells that parse their argument string as a command line, and the switch that hands it to them. */
const CSHARP_SHELLS = /^((\/usr)?(\/bin\/)?(ba|z|da|k)?sh|cmd(\.exe)?|powershell(\.exe)?|pwsh(\.exe)?)$/i;
const SHELL_SWITCH = /^\s*(-c|\/c|\/k|-Command)(\s|$)/i;

function isCsharpShell(node: Node | undefined): boolean {
  const text = node ? stringContent(unwrap(node)) : undefined;
  return text !== undefined && CSHARP_SHELLS.test(text);
}

/** A C# argument string handed to a shell's `-c`: built from values, and opening with the switch. */
function shellScript(args: Node | undefined): boolean {
  if (!args) return false;
  const n = unwrap(args);
  return !isPlainString(n) && SHELL_SWITCH.test(literalParts(n).trimStart()) && startsLiteral(n);
}

/** Whether the text opens with literal text (so the switch read above really comes first). */
function startsLiteral(n: Node): boolean {
  if (n.type === 'interpolated_string_expression')
    return n.namedChildren.find((c) => c.type !== 'interpolation_start')?.type === 'string_content';
  if (n.type === 'binary_expression') {
    const left = n.childForFieldName('left');
    return left !== null && (isPlainString(unwrap(left)) || startsLiteral(unwrap(left)));
  }
  return false;
}

/** In `new ProcessStartInfo { … }` or on `psi.…`, the value given to `property`. */
function propertySet(scope: Node, receiver: string | undefined, property: string): Node | undefined {
  for (const a of scope.descendantsOfType(['assignment_expression'])) {
    const left = a.childForFieldName('left');
    const written =
      left?.type === 'member_access_expression' ? left.childForFieldName('name')?.text : left?.text;
    const on =
      left?.type === 'member_access_expression' ? left.childForFieldName('expression')?.text : undefined;
    if (written === property && on === receiver) return a.childForFieldName('right') ?? undefined;
  }
  return undefined;
}

const SHELLS = /^(\/usr)?(\/bin\/)?(ba|z|da|k)?sh$/;
const CHILD_PROCESS = /^(node:)?child_process$/;
const SHELL_RUNNERS = new Set(['exec', 'execSync']);

function isShell(node: Node | undefined): boolean {
  const text = node ? stringContent(node) : undefined;
  return text !== undefined && SHELLS.test(text);
}

/** JS: names bound to child_process or to its exec functions, and names bound to something else. */
interface Bindings {
  readonly modules: Set<string>;
  /** Local name → the child_process function it is. */
  readonly functions: Map<string, string>;
  readonly others: Set<string>;
}

function requiredModule(value: Node | null): string | undefined {
  if (!value || value.type !== 'call_expression') return undefined;
  if (value.childForFieldName('function')?.text !== 'require') return undefined;
  const arg = callArguments(value)[0];
  return arg ? stringContent(arg) : undefined;
}

function bindImport(node: Node, b: Bindings): void {
  const source = stringContent(node.childForFieldName('source') ?? node);
  const fromChildProcess = source !== undefined && CHILD_PROCESS.test(source);
  const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
  for (const part of clause?.namedChildren ?? []) {
    if (!part) continue;
    if (part.type === 'identifier' || part.type === 'namespace_import') {
      const name = part.type === 'identifier' ? part.text : part.namedChildren[0]?.text;
      if (name) (fromChildProcess ? b.modules : b.others).add(name);
    } else if (part.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (spec?.type !== 'import_specifier') continue;
        const imported = spec.childForFieldName('name')?.text ?? '';
        const local = spec.childForFieldName('alias')?.text ?? imported;
        if (fromChildProcess) b.functions.set(local, imported);
        else b.others.add(local);
      }
    }
  }
}

/** `promisify(exec)`, `util.promisify(cp.exec)`: the child_process function it wraps, when known. */
function promisified(value: Node | null, b: Bindings): string | undefined {
  if (value?.type !== 'call_expression' || !/^(util\.)?promisify$/.test(calleeText(value))) return undefined;
  const arg = callArguments(value)[0];
  if (arg?.type === 'identifier') return b.functions.get(arg.text);
  if (arg?.type !== 'member_expression') return undefined;
  const object = arg.childForFieldName('object')?.text ?? '';
  return b.modules.has(object) ? arg.childForFieldName('property')?.text : undefined;
}

function bindDeclarator(node: Node, b: Bindings): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const wrapped = name.type === 'identifier' ? promisified(node.childForFieldName('value'), b) : undefined;
  if (wrapped !== undefined) {
    b.functions.set(name.text, wrapped);
    return;
  }
  const source = requiredModule(node.childForFieldName('value'));
  const fromChildProcess = source !== undefined && CHILD_PROCESS.test(source);
  if (name.type === 'identifier') {
    (fromChildProcess ? b.modules : b.others).add(name.text);
    return;
  }
  if (name.type !== 'object_pattern') return;
  for (const prop of name.namedChildren) {
    if (prop?.type === 'shorthand_property_identifier_pattern') {
      if (fromChildProcess) b.functions.set(prop.text, prop.text);
      else b.others.add(prop.text);
    } else if (prop?.type === 'pair_pattern') {
      const key = prop.childForFieldName('key')?.text ?? '';
      const local = prop.childForFieldName('value')?.text ?? key;
      if (fromChildProcess) b.functions.set(local, key);
      else b.others.add(local);
    }
  }
}

/** A shell command assembled from run-time values. */
export const commandInjection: Rule = {
  meta: {
    id: 'security/command-injection',
    type: 'security',
    severity: 'high',
    languages: [...JS_LIKE, 'python', 'java', 'go', 'csharp'],
    docs: {
      description: 'A shell command built from values that are not fixed literals.',
      cwe: 'CWE-78',
      examples: [
        {
          language: 'python',
          bad: 'import subprocess\nfrom flask import request\n\n@app.route("/ping")\ndef ping():\n    host = request.args["host"]\n    return subprocess.run("ping -c 1 " + host, shell=True, capture_output=True).stdout\n',
          good: 'import subprocess\nfrom flask import request\n\n@app.route("/ping")\ndef ping():\n    host = request.args["host"]\n    return subprocess.run(["ping", "-c", "1", host], capture_output=True).stdout\n',
        },
      ],
    },
    messages: {
      shellRuns: SHELL_RUNS,
      shellRunsParameter: SHELL_RUNS + PARAMETER_TAIL,
      shellRunsInput: `CWE-78: ${INPUT_LEAD}, where a shell runs it, so characters such as ; | $( ) or backticks in it run further commands. Instead, {{fix}}.`,
    },
  },
  create(context) {
    const fix =
      context.language === 'python' ||
      context.language === 'java' ||
      context.language === 'go' ||
      context.language === 'csharp'
        ? FIX[context.language]
        : FIX.javascript;
    const analysis = lazyAnalysis(context);
    const report = (node: Node, arg: Node, sink?: string) =>
      reportSourced(context, analysis, {
        node,
        value: arg,
        kind: 'shell',
        ...(sink ? { sink } : {}),
        messageId: 'shellRuns',
        data: { call: code(node.text), line: lineOf(node), command: code(arg.text, 40), fix },
      });
    switch (context.language) {
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            const first = callArguments(node)[0];
            if (!first || isPlainString(first)) return;
            if (/^os\.(system|popen)$|^subprocess\.(getoutput|getstatusoutput)$/.test(callee)) {
              report(node, first);
            } else if (/^subprocess\.(run|call|check_call|check_output|Popen)$/.test(callee)) {
              // With shell=True a list runs only its first item through the shell; that is not built text.
              const shell = keywordArgument(node, 'shell');
              if (shell?.text === 'True' && first.type !== 'list') report(node, first);
            }
          },
        };
      case 'go':
        return {
          call_expression(node) {
            const callee = calleeText(node);
            if (callee !== 'exec.Command' && callee !== 'exec.CommandContext') return;
            const args = callArguments(node);
            const offset = callee === 'exec.CommandContext' ? 1 : 0;
            const flag = args[offset + 1];
            const script = args[offset + 2];
            if (
              isShell(args[offset]) &&
              flag &&
              stringContent(flag) === '-c' &&
              script &&
              !isPlainString(script)
            )
              report(node, script);
          },
        };
      case 'java':
        return {
          method_invocation(node) {
            if (calleeText(node).replace(/\s+/g, '') !== 'Runtime.getRuntime().exec') return;
            const first = callArguments(node)[0];
            if (first && isBuiltString(unwrap(first))) report(node, first);
            // exec(new String[] {"sh", "-c", script}): the script goes through a shell all the same.
            const items =
              first?.type === 'array_creation_expression'
                ? (first.childForFieldName('value')?.namedChildren ?? []).filter((c): c is Node => c !== null)
                : [];
            const [shell, flag, script] = items;
            if (isShell(shell) && flag && stringContent(flag) === '-c' && script && !isPlainString(script))
              report(node, script);
          },
          object_creation_expression(node) {
            if (node.childForFieldName('type')?.text !== 'ProcessBuilder') return;
            const args = callArguments(node);
            if (
              isShell(args[0]) &&
              args[1] &&
              stringContent(args[1]) === '-c' &&
              args[2] &&
              !isPlainString(args[2])
            )
              report(node, args[2]);
          },
        };
      case 'csharp':
        return {
          // Process.Start("/bin/sh", "-c " + cmd), new ProcessStartInfo("cmd.exe", $"/c {cmd}").
          invocation_expression(node) {
            if (!/^(System\.Diagnostics\.)?Process\.Start$/.test(calleeText(node))) return;
            const [program, args] = callArguments(node);
            if (isCsharpShell(program) && args && shellScript(args)) report(node, unwrap(args));
          },
          object_creation_expression(node) {
            if (
              !/^(System\.Diagnostics\.)?ProcessStartInfo$/.test(node.childForFieldName('type')?.text ?? '')
            )
              return;
            const [program, args] = callArguments(node);
            if (isCsharpShell(program) && args && shellScript(args)) report(node, unwrap(args));
          },
          // FileName = "/bin/bash", Arguments = $"-c \"{cmd}\"": in an initializer, or set on the object.
          assignment_expression(node) {
            const left = node.childForFieldName('left');
            const right = node.childForFieldName('right');
            const member = left?.type === 'member_access_expression';
            const property = member ? left.childForFieldName('name')?.text : left?.text;
            if (property !== 'Arguments' || !right || !shellScript(right)) return;
            const receiver = member ? left.childForFieldName('expression')?.text : undefined;
            const scope = member
              ? (enclosingFunction(node) ?? context.root)
              : node.parent?.type === 'initializer_expression'
                ? node.parent
                : undefined;
            if (scope && isCsharpShell(propertySet(scope, receiver, 'FileName')))
              report(node, unwrap(right), code(left?.text ?? 'Arguments', 40));
          },
        };
      default: {
        const bindings: Bindings = { modules: new Set(), functions: new Map(), others: new Set() };
        const candidates: { node: Node; arg: Node; callee: Node }[] = [];
        return {
          import_statement(node) {
            bindImport(node, bindings);
          },
          variable_declarator(node) {
            bindDeclarator(node, bindings);
          },
          function_declaration(node) {
            const name = node.childForFieldName('name')?.text;
            if (name) bindings.others.add(name);
          },
          call_expression(node) {
            const fn = node.childForFieldName('function');
            const first = callArguments(node)[0];
            if (!fn || !first || !isBuiltString(unwrap(first))) return;
            // A bare name may be a wrapper bound later in the pass (`const run = promisify(exec)`): decided at exit.
            if (fn.type === 'identifier' || SHELL_RUNNERS.has(methodName(fn.text)))
              candidates.push({ node, arg: first, callee: fn });
          },
          'Program:exit'() {
            for (const { node, arg, callee } of candidates) {
              if (callee.type === 'identifier') {
                const bound = bindings.functions.get(callee.text);
                // A bare exec/execSync not imported from elsewhere: JavaScript has no other global of that name.
                const runsShell = bound
                  ? SHELL_RUNNERS.has(bound)
                  : SHELL_RUNNERS.has(callee.text) && !bindings.others.has(callee.text);
                if (runsShell) report(node, arg);
              } else if (callee.type === 'member_expression') {
                const object = callee.childForFieldName('object');
                const text = object?.text ?? '';
                const isModule =
                  bindings.modules.has(text) ||
                  /^(child_process|childProcess)$/.test(text) ||
                  (object !== null && CHILD_PROCESS.test(requiredModule(object) ?? ''));
                if (isModule) report(node, arg);
              }
            }
          },
        };
      }
    }
  },
};
