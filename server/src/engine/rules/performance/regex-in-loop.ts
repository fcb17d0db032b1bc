import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
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

/** A fixed regular expression compiled again on every iteration. */
export const regexInLoop: Rule = {
  meta: {
    id: 'performance/regex-in-loop',
    type: 'performance',
    severity: 'low',
    languages: [...JS_LIKE, 'java', 'go'],
    docs: { description: 'A constant regular expression compiled inside a loop.' },
  },
  create(context) {
    const report = (node: Node, loop: Node, pattern: Node, what: string, fix: string) =>
      context.report({
        node,
        message: `${code(node.text, 50)} on line ${lineOf(node)} ${what} the fixed pattern ${code(pattern.text, 40)} on every iteration of the loop on line ${lineOf(loop)}; ${fix}`,
      });
    const check = (node: Node, pattern: Node | undefined, what: string, fix: string) => {
      if (!pattern || !isPlainString(pattern)) return;
      const loop = enclosingLoop(node);
      if (loop) report(node, loop, pattern, what, fix);
    };
    switch (context.language) {
      case 'java':
        return {
          method_invocation(node) {
            const callee = calleeText(node);
            const args = callArguments(node);
            if (COMPILERS.java!.test(callee)) {
              check(
                node,
                args[0],
                'compiles',
                'compile it once into a static final Pattern before the loop and reuse it.',
              );
            } else if (
              JAVA_STRING_REGEX.has(methodName(callee)) &&
              node.childForFieldName('object') &&
              args.length === (methodName(callee) === 'matches' ? 1 : 2)
            ) {
              check(
                node,
                args[0],
                `compiles (through String.${methodName(callee)})`,
                `compile it once into a static final Pattern and call pattern.matcher(…).${methodName(callee) === 'matches' ? 'matches()' : `${methodName(callee)}(…)`} inside the loop.`,
              );
            }
          },
        };
      case 'go':
        return {
          call_expression(node) {
            const callee = calleeText(node);
            if (!COMPILERS.go!.test(callee)) return;
            const compiles = /Compile/.test(callee);
            check(
              node,
              callArguments(node)[0],
              compiles ? 'compiles' : `compiles (inside ${callee})`,
              'compile it once with regexp.MustCompile into a package-level variable and reuse it.',
            );
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
            check(
              node,
              args[0],
              'builds a RegExp from',
              'create it once before the loop (or use a regex literal) and reuse it.',
            );
          },
        };
    }
  },
};
