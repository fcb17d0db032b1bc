import type { Rule } from '../model.js';
import { code, lineOf, unwrap } from '../util.js';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { bindingsOf, type Bindings } from '../../scope/bindings.js';

/** Expressions that produce a 64-bit integer (or a double rounded to one). */
const LONG_VALUE =
  /^(Long\.parseLong|Long\.valueOf|Math\.round|System\.currentTimeMillis|System\.nanoTime|long\.Parse|Convert\.ToInt64|Files\.size|[\w.]+\.longValue|[\w.]+\.getTime|[\w.]+\.toEpochMilli)\s*\(/;

/** `file.length()`: a long only on a `java.io.File`, so the receiver's declared type must say so. */
const FILE_LENGTH = /^(\w+)\.length\s*\(\s*\)$/;
const FILE_TYPE = /^(java\.io\.)?File$/;

/** Whether `name`, where `at` reads it, is declared only as a `java.io.File`. */
function isFile(bindings: Bindings, name: string, at: Node): boolean {
  const seen = bindings.visible(name, at);
  return seen.length > 0 && seen.every((b) => FILE_TYPE.test(b.node.childForFieldName('type')?.text ?? ''));
}

/** Go's conversions to an integer type of 32 bits or fewer. */
const GO_NARROW = /^(u?int(8|16|32))$/;
/** Go's 64-bit integer types (`int` and `uint` are 64 bits on every 64-bit platform Go supports). */
const GO_WIDE = /^(u?int(64)?)$/;
/** Go calls whose first result is a 64-bit integer: parsing at bit size 64 (or Atoi's int), Unix times. */
const GO_WIDE_CALL =
  /^(strconv\.Atoi\s*\(|strconv\.Parse(Int|Uint)\s*\([\s\S]*,\s*(0|64)\s*\)$|[\w.()]+\.Unix(Nano|Milli|Micro)?\s*\(\s*\)$)/;

/** Whether `value` is certainly a 64-bit integer in Go: a wide call, or a name every binding declares or fills with one. */
function isGoWide(bindings: Bindings, value: Node): boolean {
  const v = unwrap(value);
  if (GO_WIDE_CALL.test(v.text)) return true;
  if (v.type !== 'identifier') return false;
  const seen = bindings.visible(v.text, v);
  return (
    seen.length > 0 &&
    seen.every((b) => {
      const type = b.node.childForFieldName('type')?.text;
      if (type !== undefined) return GO_WIDE.test(type);
      // `n, err := strconv.Atoi(s)`: the first name takes the call's first result.
      const names = b.node.childForFieldName('left')?.namedChildren ?? [];
      const right = b.node.childForFieldName('right')?.namedChildren ?? [];
      return names[0]?.text === b.name && right.length === 1 && GO_WIDE_CALL.test(right[0]!.text);
    })
  );
}

/** Parse at the target size, or check the range first: both fail loudly where the conversion would wrap. */
function goFix(type: string): string {
  const bits = type.replace(/^u?int/, '');
  return type.startsWith('u')
    ? `parse it at the size you need (\`strconv.ParseUint(s, 10, ${bits})\` returns an error when it does not fit), or check \`n >= 0 && n <= math.MaxUint${bits}\` first`
    : `parse it at the size you need (\`strconv.ParseInt(s, 10, ${bits})\` returns an error when it does not fit), or check \`n >= math.MinInt${bits} && n <= math.MaxInt${bits}\` first`;
}

/** A 64-bit value cast to a 32-bit or smaller integer: values past the range wrap around silently. */
export const lossyConversion: Rule = {
  meta: {
    id: 'best_practices/lossy-conversion',
    type: 'best_practices',
    severity: 'medium',
    languages: ['java', 'csharp', 'go'],
    docs: {
      description:
        '`(int)` (or `(short)`, `(byte)`) applied to a long such as `Long.parseLong(…)`; in Go, `int32(…)` and smaller applied to a 64-bit integer.',
      cwe: 'CWE-681',
      examples: [
        {
          language: 'java',
          bad: 'class Limits {\n  int maxUploadBytes(Properties props) {\n    return (int) Long.parseLong(props.getProperty("upload.max"));\n  }\n}\n',
          good: 'class Limits {\n  int maxUploadBytes(Properties props) {\n    return Integer.parseInt(props.getProperty("upload.max"));\n  }\n}\n',
        },
        {
          language: 'csharp',
          bad: 'class Limits {\n  int MaxUploadBytes(string value) {\n    return (int)long.Parse(value);\n  }\n}\n',
          good: 'class Limits {\n  int MaxUploadBytes(string value) {\n    return int.Parse(value);\n  }\n}\n',
        },
        {
          language: 'go',
          bad: 'package limits\n\nimport "strconv"\n\nfunc MaxUpload(v string) (int32, error) {\n\tn, err := strconv.Atoi(v)\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn int32(n), nil\n}\n',
          good: 'package limits\n\nimport "strconv"\n\nfunc MaxUpload(v string) (int32, error) {\n\tn, err := strconv.ParseInt(v, 10, 32)\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\treturn int32(n), nil\n}\n',
        },
      ],
    },
    messages: {
      narrowingCast:
        'CWE-681: {{cast}} on line {{line}} narrows a 64-bit value to `{{type}}`; a value outside its range wraps around without an error. Instead, {{fix}}.',
    },
  },
  create(context) {
    const bindings = bindingsOf(context.language, context.root);
    const report = (node: Node, type: string, fix: string) =>
      context.report({
        node,
        messageId: 'narrowingCast',
        data: { cast: code(node.text, 50), line: lineOf(node), type, fix },
      });
    if (context.language === 'go')
      return {
        call_expression(node) {
          const type = node.childForFieldName('function')?.text ?? '';
          const args = node.childForFieldName('arguments')?.namedChildren ?? [];
          if (!GO_NARROW.test(type) || args.length !== 1 || !args[0] || !isGoWide(bindings, args[0])) return;
          report(node, type, goFix(type));
        },
      };
    return {
      cast_expression(node) {
        const type = node.childForFieldName('type')?.text;
        const value = node.childForFieldName('value');
        if (!type || !value || !/^(int|short|byte|char)$/.test(type)) return;
        const inner = value.text.replace(/^\(\s*|\s*\)$/g, '');
        const receiver = FILE_LENGTH.exec(unwrap(value).text)?.[1];
        const fileLength =
          context.language === 'java' && receiver !== undefined && isFile(bindings, receiver, value);
        if (!LONG_VALUE.test(inner) && !fileLength) return;
        report(
          node,
          type,
          context.language === 'java'
            ? 'parse or compute it as the narrower type (`Integer.parseInt`), or use `Math.toIntExact(…)`, which throws on overflow'
            : 'parse it as the narrower type (`int.Parse`), or convert inside `checked(…)`, which throws on overflow',
        );
      },
    };
  },
};
