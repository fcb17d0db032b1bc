import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import { callArguments, calleeText, enclosingLoop, isPlainString, lineOf, TIER1 } from '../util.js';

const COMPILERS: Record<string, RegExp> = {
  python: /^re\.compile$/,
  java: /^Pattern\.compile$/,
  go: /^regexp\.(MustCompile|Compile)$/,
};

/** A fixed regular expression compiled again on every iteration. */
export const regexInLoop: Rule = {
  meta: {
    id: 'performance/regex-in-loop',
    type: 'performance',
    severity: 'low',
    languages: TIER1,
    docs: { description: 'A constant regular expression compiled inside a loop.' },
  },
  create(context) {
    const report = (node: Node, loop: Node) =>
      context.report({
        node,
        message: `\`${node.text.length > 60 ? `${node.text.slice(0, 59)}…` : node.text}\` compiles the same pattern on every iteration of the loop on line ${lineOf(loop)}; compile it once before the loop (or at module level) and reuse it.`,
      });
    const check = (node: Node, pattern: Node | undefined) => {
      if (!pattern || !isPlainString(pattern)) return;
      const loop = enclosingLoop(node);
      if (loop) report(node, loop);
    };
    const compiler = COMPILERS[context.language];
    if (compiler) {
      const visit = (node: Node) => {
        if (compiler.test(calleeText(node))) check(node, callArguments(node)[0]);
      };
      return { call: visit, call_expression: visit, method_invocation: visit };
    }
    return {
      new_expression(node) {
        if (node.childForFieldName('constructor')?.text === 'RegExp') check(node, callArguments(node)[0]);
      },
    };
  },
};
