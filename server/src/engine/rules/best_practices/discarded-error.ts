import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, code, lineOf } from '../util.js';

/**
 * Standard-library functions whose last result is an error, with how many
 * results they return. Only calls we can name with certainty are listed.
 */
const STDLIB_ERROR_RESULTS: Readonly<Record<string, number>> = {
  'strconv.Atoi': 2,
  'strconv.ParseInt': 2,
  'strconv.ParseUint': 2,
  'strconv.ParseFloat': 2,
  'strconv.ParseBool': 2,
  'strconv.Unquote': 2,
  'os.Open': 2,
  'os.OpenFile': 2,
  'os.Create': 2,
  'os.ReadFile': 2,
  'os.ReadDir': 2,
  'os.Stat': 2,
  'os.Lstat': 2,
  'os.Getwd': 2,
  'os.Hostname': 2,
  'os.MkdirTemp': 2,
  'os.CreateTemp': 2,
  'io.ReadAll': 2,
  'io.Copy': 2,
  'json.Marshal': 2,
  'json.MarshalIndent': 2,
  'http.Get': 2,
  'http.Post': 2,
  'http.Head': 2,
  'http.NewRequest': 2,
  'http.NewRequestWithContext': 2,
  'url.Parse': 2,
  'url.ParseQuery': 2,
  'url.QueryUnescape': 2,
  'time.Parse': 2,
  'time.ParseDuration': 2,
  'time.LoadLocation': 2,
  'filepath.Abs': 2,
  'filepath.Rel': 2,
  'filepath.Glob': 2,
  'regexp.Compile': 2,
  'net.Dial': 2,
  'net.Listen': 2,
  'exec.LookPath': 2,
  'base64.StdEncoding.DecodeString': 2,
  'base64.URLEncoding.DecodeString': 2,
  'hex.DecodeString': 2,
  'sql.Open': 2,
};

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** Result counts of functions declared in this snippet whose last result type is `error`. */
function localErrorFunctions(root: Node): Map<string, number> {
  const found = new Map<string, number>();
  for (const fn of root.descendantsOfType('function_declaration')) {
    const name = fn?.childForFieldName('name')?.text;
    const result = fn?.childForFieldName('result');
    if (!name || result?.type !== 'parameter_list') continue;
    const types = result.namedChildren.flatMap((p) => {
      if (p?.type !== 'parameter_declaration') return [];
      const names = p.childrenForFieldName('name').length;
      return Array.from({ length: Math.max(1, names) }, () => p.childForFieldName('type')?.text ?? '');
    });
    if (types.length >= 2 && types[types.length - 1] === 'error') found.set(name, types.length);
  }
  return found;
}

/** An error result assigned to the blank identifier. */
export const discardedError: Rule = {
  meta: {
    id: 'best_practices/discarded-error',
    type: 'best_practices',
    severity: 'medium',
    languages: ['go'],
    docs: {
      description: 'A Go call whose last result is an error, with that result assigned to `_`.',
      examples: [
        {
          language: 'go',
          bad: 'package config\n\nimport "strconv"\n\nfunc Port(s string) int {\n\tport, _ := strconv.Atoi(s)\n\treturn port\n}\n',
          good: 'package config\n\nimport (\n\t"fmt"\n\t"strconv"\n)\n\nfunc Port(s string) (int, error) {\n\tport, err := strconv.Atoi(s)\n\tif err != nil {\n\t\treturn 0, fmt.Errorf("port %q: %w", s, err)\n\t}\n\treturn port, nil\n}\n',
        },
      ],
    },
    messages: {
      discardedError:
        '{{assignment}} on line {{line}} assigns the {{position}} result of `{{callee}}`, its error, to `_`, so when the call fails the code {{consequence}} without knowing it failed, and the reason is lost; assign it to `err` and check `if err != nil`: handle the failure there or return it wrapped, e.g. `fmt.Errorf("{{callee}}: %w", err)`.',
    },
  },
  create(context) {
    let local: Map<string, number> | undefined;
    const visit = (node: Node) => {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const targets = left?.namedChildren ?? [];
      if (targets.length < 2 || right?.namedChildCount !== 1) return;
      const call = right.namedChild(0);
      if (call?.type !== 'call_expression') return;
      const callee = calleeText(call);
      local ??= localErrorFunctions(context.root);
      const results = STDLIB_ERROR_RESULTS[callee] ?? local.get(callee);
      // The assignment must list every result, or the code would not compile; a mismatch means we misread it.
      if (results === undefined || results !== targets.length) return;
      const last = targets[targets.length - 1];
      if (last?.text !== '_') return;
      const position = ORDINALS[results - 1] ?? `${results}th`;
      context.report({
        node,
        messageId: 'discardedError',
        data: {
          assignment: code(node.text, 60),
          line: lineOf(node),
          position,
          callee,
          consequence: targets[0]?.text === '_' ? 'carries on' : `carries on using \`${targets[0]!.text}\``,
        },
      });
    };
    return { short_var_declaration: visit, assignment_statement: visit };
  },
};
