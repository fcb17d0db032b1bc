import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  isBuiltString,
  isPlainString,
  keywordArgument,
  methodName,
  snippet,
} from '../util.js';

const FIX = {
  javascript:
    'Use execFile or spawn with the program and its arguments as an array, so no shell parses the input.',
  python:
    'Pass the command as a list without shell=True (subprocess.run(["prog", arg])), so no shell parses the input.',
  java: 'Use ProcessBuilder with the program and each argument as separate strings.',
  go: 'Run the program directly, exec.Command("prog", arg), so no shell parses the input.',
} as const;

/** A shell command assembled from run-time values. */
export const commandInjection: Rule = {
  meta: {
    id: 'security/command-injection',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'],
    docs: { description: 'A shell command built from values that are not fixed literals.', cwe: 'CWE-78' },
  },
  create(context) {
    const fix =
      context.language === 'python' || context.language === 'java' || context.language === 'go'
        ? FIX[context.language]
        : FIX.javascript;
    const report = (node: Node, arg: Node) =>
      context.report({
        node,
        message: `CWE-78: \`${snippet(node.text)}\` hands a shell the command \`${snippet(arg.text, 40)}\`, built from run-time values; input containing ; | $() or backticks runs extra commands. ${fix}`,
      });
    switch (context.language) {
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            const first = callArguments(node)[0];
            if (!first) return;
            if ((callee === 'os.system' || callee === 'os.popen') && !isPlainString(first))
              report(node, first);
            if (/^subprocess\.(run|call|check_call|check_output|Popen)$/.test(callee)) {
              const shell = keywordArgument(node, 'shell');
              if (shell?.text === 'True' && !isPlainString(first)) report(node, first);
            }
          },
        };
      case 'go':
        return {
          call_expression(node) {
            if (calleeText(node) !== 'exec.Command' && calleeText(node) !== 'exec.CommandContext') return;
            const args = callArguments(node);
            const offset = calleeText(node) === 'exec.CommandContext' ? 1 : 0;
            const shell = args[offset]?.text.replace(/"/g, '');
            const flag = args[offset + 1]?.text;
            const script = args[offset + 2];
            if (
              shell &&
              /^(\/bin\/)?(ba)?sh$/.test(shell) &&
              flag === '"-c"' &&
              script &&
              !isPlainString(script)
            ) {
              report(node, script);
            }
          },
        };
      case 'java':
        return {
          method_invocation(node) {
            if (!/Runtime\.getRuntime\(\)\.exec$/.test(calleeText(node).replace(/\s+/g, ''))) return;
            const first = callArguments(node)[0];
            if (first && isBuiltString(first)) report(node, first);
          },
        };
      default:
        return {
          call_expression(node) {
            const name = methodName(calleeText(node));
            if (name !== 'exec' && name !== 'execSync') return;
            const first = callArguments(node)[0];
            if (first && isBuiltString(first)) report(node, first);
          },
        };
    }
  },
};
