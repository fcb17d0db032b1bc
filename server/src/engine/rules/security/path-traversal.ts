import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  isPlainString,
  stringContent,
  sumOperands,
  TIER1,
  unwrap,
} from '../util.js';
import { analysisFor, flowReport, isBuilt, resolvedValue, valueCode } from './taint-flows.js';

/** Names the fix uses for the folder: the literal the code already joins under, or a stand-in. */
interface Base {
  /** As an expression: `"/srv/data"` or `BASE_DIR`. */
  readonly expr: string;
  readonly python: string;
  readonly java: string;
  readonly go: string;
  readonly js: string;
  readonly csharp: string;
}

const STAND_IN: Base = {
  expr: '',
  python: 'BASE_DIR',
  java: 'baseDir',
  go: 'baseDir',
  js: 'baseDir',
  csharp: 'baseDir',
};
const JOINS =
  /^(os\.path\.join|path\.join|path\.resolve|filepath\.Join|Paths\.get|Path\.of|(System\.IO\.)?Path\.Combine)$/;

/**
 * When the path is already a folder literal joined with the input
 * (`os.path.join("/srv/data", name)`, `'/srv/files/' + name`), the fix names
 * that folder and the input, rather than joining the whole path again.
 */
function splitBase(value: Node, language: LanguageId): { base: Base; rest: string } | undefined {
  const n = unwrap(value);
  let folder: Node | undefined;
  let rest: Node[] = [];
  let joined = false;
  if (
    n.type === 'call' ||
    n.type === 'call_expression' ||
    n.type === 'method_invocation' ||
    n.type === 'invocation_expression'
  ) {
    const args = callArguments(n);
    if (!JOINS.test(calleeText(n)) || args.length < 2) return undefined;
    // C#: `Path.Combine(_uploadRoot, name)` names its folder by a field or constant; the fix uses that name.
    const folderName = args[0]!.text;
    if (language === 'csharp' && /^[\w.]+$/.test(folderName) && folderName.length <= 40) {
      const rest = args
        .slice(1)
        .map((r) => r.text)
        .join(', ');
      if (rest.length > 40 || rest.includes('`')) return undefined;
      const named = folderName;
      return {
        base: { expr: named, python: named, java: named, go: named, js: named, csharp: named },
        rest,
      };
    }
    if (!isPlainString(args[0]!)) return undefined;
    [folder, ...rest] = args;
    joined = true;
  } else if (
    (n.type === 'binary_expression' || n.type === 'binary_operator') &&
    n.childForFieldName('operator')?.text === '+'
  ) {
    const parts = sumOperands(n);
    if (parts.length < 2 || !isPlainString(parts[0]!)) return undefined;
    [folder, ...rest] = parts;
  }
  const dir = folder ? stringContent(folder)?.replace(/[/\\]+$/, '') : undefined;
  // Joined parts stay separate segments; concatenated ones are one name (`day + ".log"`).
  const restText = rest.map((r) => r.text).join(joined ? ', ' : ' + ');
  if (!dir || rest.length === 0 || restText.length > 40 || restText.includes('`')) return undefined;
  const quoted = JSON.stringify(dir);
  return {
    base: {
      expr: quoted,
      python: quoted,
      java: `Path.of(${quoted})`,
      go: quoted,
      js: quoted,
      // A C# verbatim string keeps a Windows folder's backslashes as they are.
      csharp: dir.includes('\\') ? `@"${dir.replace(/\\\\/g, '\\')}"` : quoted,
    },
    rest: restText,
  };
}

/** The fix for this code: resolve the path and check it stays inside the base folder, in the language's idiom. */
function fixFor(language: LanguageId, value: string, base: Base): string {
  switch (language) {
    case 'python':
      return `Resolve it against the folder it must stay in and refuse anything outside: \`path = os.path.realpath(os.path.join(${base.python}, ${value}))\`, then stop unless \`path.startswith(${base.python} + os.sep)\`${base.expr ? " (or with the folder's own real path, if it may be a symbolic link)" : ' (with BASE_DIR itself a real path)'}.`;
    case 'java':
      return `Resolve it against the folder it must stay in and refuse anything outside: \`Path file = ${base.java}.resolve(${value}).normalize()\`, then stop unless \`file.startsWith(${base.java})\`.`;
    case 'go':
      return `Join it to the folder it must stay in (Join cleans the path) and refuse anything outside: \`p := filepath.Join(${base.go}, ${value})\`, then stop unless \`strings.HasPrefix(p, ${base.go}+string(filepath.Separator))\`.`;
    case 'csharp':
      return `Resolve it against the folder it must stay in and refuse anything outside: \`var full = Path.GetFullPath(Path.Combine(${base.csharp}, ${value}))\`, then stop unless \`full.StartsWith(Path.GetFullPath(${base.csharp}) + Path.DirectorySeparatorChar, StringComparison.Ordinal)\` (or keep only the file name: \`Path.GetFileName(${value})\`).`;
    default:
      return `Resolve it against the folder it must stay in and refuse anything outside: \`const file = path.resolve(${base.js}, ${value})\`, then stop unless \`file.startsWith(${base.js} + path.sep)\` (or send it with \`res.sendFile(${value}, { root: ${base.js} })\`).`;
  }
}

function fixOf(language: LanguageId, value: Node): string {
  const split = splitBase(value, language);
  if (split) return fixFor(language, split.rest, split.base);
  const { code, intro } = valueCode(value);
  return intro + fixFor(language, code, STAND_IN);
}

/** Whether `name` appears in the joined path only as its first part, the folder: `join(name, entry)`. */
function onlyTheFolder(context: Parameters<typeof resolvedValue>[0], value: Node, name: string): boolean {
  const v = resolvedValue(context, value);
  if (!/^(call|call_expression|method_invocation|invocation_expression)$/.test(v.type)) return false;
  if (!JOINS.test(calleeText(v))) return false;
  const [first, ...rest] = callArguments(v);
  const mentions = (n: Node) =>
    new RegExp(`(?<![\\w.$])${name.replace(/[$.]/g, '\\$&')}(?![\\w$])`).test(n.text);
  return first !== undefined && rest.length > 0 && mentions(first) && !rest.some(mentions);
}

/** A file path built from input opened without a containment check. */
export const pathTraversal: Rule = {
  meta: {
    id: 'security/path-traversal',
    type: 'security',
    severity: 'high',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A value from a request (or a parameter) used as a file path without normalising it and checking it stays inside a base folder. The command line and the environment are not reported: whoever sets them already runs the program.',
      cwe: 'CWE-22',
      examples: [
        {
          language: 'javascript',
          bad: "const fs = require('fs');\napp.get('/file', (req, res) => {\n  fs.readFile('/srv/files/' + req.query.name, (err, data) => res.send(data));\n});\n",
          good: "const fs = require('fs');\nconst path = require('path');\nconst BASE = '/srv/files';\napp.get('/file', (req, res) => {\n  const file = path.resolve(BASE, req.query.name);\n  if (!file.startsWith(BASE + path.sep)) return res.sendStatus(404);\n  fs.readFile(file, (err, data) => res.send(data));\n});\n",
        },
      ],
    },
    messages: {
      untrusted:
        'CWE-22: {{value}} comes from {{source}} (line {{sourceLine}}) and reaches {{sink}} (line {{sinkLine}}) as a file path, so a value such as ../../etc/passwd reaches files outside the folder meant. {{fix}}',
      parameter:
        'CWE-22: {{value}} is {{source}} (line {{sourceLine}}) and reaches {{sink}} (line {{sinkLine}}) as a file path with no check; if a caller passes request input, a value such as ../../etc/passwd reaches files outside the folder meant. {{fix}}',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const analysis = analysisFor(context);
        for (const flow of analysis?.flows(['path']) ?? []) {
          const { data, severity, untrusted } = flowReport(flow, 'low');
          // Argv, the environment or a file the operator wrote: whoever chooses it already runs the program.
          if (untrusted && !flow.origin.source.remote) continue;
          // A parameter that is the whole path is the caller's choice of file; one joined under a folder is a name meant to stay in it.
          if (!untrusted && !isBuilt(context, flow.value, flow.sink, true)) continue;
          // …but a parameter that is only the folder joined under (`os.path.join(dest, name)`) is the caller's choice of
          // where output goes: what could climb out of it is the rest of the path, told by its own source.
          if (!untrusted && onlyTheFolder(context, flow.value, flow.origin.source.text)) continue;
          context.report({
            node: flow.sink,
            messageId: untrusted ? 'untrusted' : 'parameter',
            data: { ...data, fix: fixOf(context.language, flow.value) },
            severity,
          });
        }
      },
    };
  },
};
