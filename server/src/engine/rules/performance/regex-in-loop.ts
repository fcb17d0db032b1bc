import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { MessageData, Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  enclosingLoop,
  isPlainString,
  JS_LIKE,
  lineOf,
  methodName,
} from '../util.js';

/** Calls that compile their first argument as a pattern every time they run. */
const COMPILERS: Record<string, RegExp> = {
  java: /^(java\.util\.regex\.)?Pattern\.(compile|matches)$/,
  go: /^regexp\.(MustCompile|Compile|MatchString|Match|MustCompilePOSIX|CompilePOSIX)$/,
};

/** Java String methods that compile their first argument as a regular expression on each call. */
const JAVA_STRING_REGEX = new Set(['matches', 'replaceAll', 'replaceFirst']);

const EVERY_ITERATION = 'the fixed pattern {{pattern}} on every iteration of the loop on line {{loop}}';
const GO_FIX = 'compile it once with regexp.MustCompile into a package-level variable and reuse it.';

/** A fixed regular expression compiled again on every iteration. */
export const regexInLoop: Rule = {
  meta: {
    id: 'performance/regex-in-loop',
    type: 'performance',
    severity: 'low',
    languages: [...JS_LIKE, 'java', 'go'],
    docs: {
      description: 'A constant regular expression compiled inside a loop.',
      examples: [
        {
          language: 'java',
          bad: 'class Codes {\n  static int count(List<String> lines) {\n    int n = 0;\n    for (String line : lines) {\n      if (Pattern.compile("^[A-Z]{3}-\\\\d+$").matcher(line).matches()) n++;\n    }\n    return n;\n  }\n}\n',
          good: 'class Codes {\n  private static final Pattern CODE = Pattern.compile("^[A-Z]{3}-\\\\d+$");\n\n  static int count(List<String> lines) {\n    int n = 0;\n    for (String line : lines) {\n      if (CODE.matcher(line).matches()) n++;\n    }\n    return n;\n  }\n}\n',
        },
        {
          language: 'go',
          bad: 'package logs\n\nimport "regexp"\n\nfunc Errors(lines []string) (n int) {\n\tfor _, l := range lines {\n\t\tif regexp.MustCompile(`^ERROR `).MatchString(l) {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n',
          good: 'package logs\n\nimport "regexp"\n\nvar errorLine = regexp.MustCompile(`^ERROR `)\n\nfunc Errors(lines []string) (n int) {\n\tfor _, l := range lines {\n\t\tif errorLine.MatchString(l) {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n',
        },
      ],
    },
    messages: {
      regExpInLoop: `{{call}} on line {{line}} builds a RegExp from ${EVERY_ITERATION}; create it once before the loop (or use a regex literal) and reuse it.`,
      patternInLoop: `{{call}} on line {{line}} compiles ${EVERY_ITERATION}; compile it once into a static final Pattern before the loop and reuse it.`,
      stringRegexInLoop: `{{call}} on line {{line}} compiles (through String.{{method}}) ${EVERY_ITERATION}; compile it once into a static final Pattern and call pattern.matcher(…).{{matcherCall}} inside the loop.`,
      goCompileInLoop: `{{call}} on line {{line}} compiles ${EVERY_ITERATION}; ${GO_FIX}`,
      goMatchInLoop: `{{call}} on line {{line}} compiles (inside {{callee}}) ${EVERY_ITERATION}; ${GO_FIX}`,
    },
  },
  create(context) {
    const check = (node: Node, pattern: Node | undefined, messageId: string, extra: MessageData = {}) => {
      if (!pattern || !isPlainString(pattern)) return;
      const loop = enclosingLoop(node);
      if (!loop) return;
      context.report({
        node,
        messageId,
        data: {
          call: code(node.text, 50),
          line: lineOf(node),
          pattern: code(pattern.text, 40),
          loop: lineOf(loop),
          ...extra,
        },
      });
    };
    switch (context.language) {
      case 'java':
        return {
          method_invocation(node) {
            const callee = calleeText(node);
            const args = callArguments(node);
            const method = methodName(callee);
            if (COMPILERS.java!.test(callee)) {
              check(node, args[0], 'patternInLoop');
            } else if (
              JAVA_STRING_REGEX.has(method) &&
              node.childForFieldName('object') &&
              args.length === (method === 'matches' ? 1 : 2)
            ) {
              check(node, args[0], 'stringRegexInLoop', {
                method,
                matcherCall: method === 'matches' ? 'matches()' : `${method}(…)`,
              });
            }
          },
        };
      case 'go':
        return {
          call_expression(node) {
            const callee = calleeText(node);
            if (!COMPILERS.go!.test(callee)) return;
            const pattern = callArguments(node)[0];
            if (/Compile/.test(callee)) check(node, pattern, 'goCompileInLoop');
            else check(node, pattern, 'goMatchInLoop', { callee });
          },
        };
      default:
        return {
          new_expression(node) {
            if (node.childForFieldName('constructor')?.text !== 'RegExp') return;
            const args = callArguments(node);
            // Constant flags (or none) keep the expression constant; with g or y the RegExp keeps
            // state (lastIndex) between uses, so sharing one across iterations would change behaviour.
            if (args[1] && (!isPlainString(args[1]) || /[gy]/.test(args[1].text))) return;
            check(node, args[0], 'regExpInLoop');
          },
        };
    }
  },
};
