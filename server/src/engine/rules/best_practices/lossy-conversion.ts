import type { Rule } from '../model.js';
import { code, lineOf } from '../util.js';

/** Expressions that produce a 64-bit integer (or a double rounded to one). */
const LONG_VALUE =
  /^(Long\.parseLong|Long\.valueOf|Math\.round|System\.currentTimeMillis|System\.nanoTime|long\.Parse|Convert\.ToInt64|[\w.]+\.longValue|[\w.]+\.getTime|[\w.]+\.toEpochMilli)\s*\(/;

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
    return {
      cast_expression(node) {
        const type = node.childForFieldName('type')?.text;
        const value = node.childForFieldName('value');
        if (!type || !value || !/^(int|short|byte|char)$/.test(type)) return;
        const inner = value.text.replace(/^\(\s*|\s*\)$/g, '');
        if (!LONG_VALUE.test(inner)) return;
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
