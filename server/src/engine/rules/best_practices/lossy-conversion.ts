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

/** A 64-bit value cast to a 32-bit or smaller integer: values past the range wrap around silently. */
export const lossyConversion: Rule = {
  meta: {
    id: 'best_practices/lossy-conversion',
    type: 'best_practices',
    severity: 'medium',
    languages: ['java', 'csharp'],
    docs: {
      description: '`(int)` (or `(short)`, `(byte)`) applied to a long such as `Long.parseLong(…)`.',
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
      ],
    },
    messages: {
      narrowingCast:
        'CWE-681: {{cast}} on line {{line}} narrows a 64-bit value to `{{type}}`; a value outside its range wraps around without an error. Instead, {{fix}}.',
    },
  },
  create(context) {
    const bindings = bindingsOf(context.language, context.root);
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
        context.report({
          node,
          messageId: 'narrowingCast',
          data: {
            cast: code(node.text, 50),
            line: lineOf(node),
            type,
            fix:
              context.language === 'java'
                ? 'parse or compute it as the narrower type (`Integer.parseInt`), or use `Math.toIntExact(…)`, which throws on overflow'
                : 'parse it as the narrower type (`int.Parse`), or convert inside `checked(…)`, which throws on overflow',
          },
        });
      },
    };
  },
};
