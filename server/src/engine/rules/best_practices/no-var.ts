import type { SnapshotNode as Node } from '../../parsing/node.js';
import { SKIP_CHILDREN, walk } from '../../walk.js';
import type { Rule } from '../model.js';
import { enclosingFunction, JS_LIKE, lineOf, linesText, listOf, reportEachOrSummary } from '../util.js';

/** Names assigned anywhere in the snippet after their declaration: `x = …`, `x += …`, `x++`. */
function reassigned(root: Node): Set<string> {
  const names = new Set<string>();
  walk(root, (n) => {
    if (n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression') {
      const left = n.childForFieldName('left');
      if (left?.type === 'identifier') names.add(left.text);
    } else if (n.type === 'update_expression') {
      const arg = n.childForFieldName('argument');
      if (arg?.type === 'identifier') names.add(arg.text);
    } else if (n.type === 'for_in_statement' && !n.childForFieldName('kind')) {
      // `for (x of xs)` without a declaration assigns x each iteration.
      const left = n.childForFieldName('left');
      if (left?.type === 'identifier') names.add(left.text);
    } else if (n.type === 'comment') {
      return SKIP_CHILDREN;
    }
    return undefined;
  });
  return names;
}

/** Where a `var` declared at `node` is visible. */
function scopeOf(node: Node): string {
  return enclosingFunction(node) ? 'the enclosing function' : 'the whole file';
}

/** `var` declarations, with their function scope and hoisting. */
export const noVar: Rule = {
  meta: {
    id: 'best_practices/no-var',
    type: 'best_practices',
    severity: 'low',
    languages: JS_LIKE,
    docs: { description: 'Variables declared with var instead of let or const.' },
  },
  create(context) {
    let assigned: Set<string> | undefined;
    const found: { node: Node; message: string; names: string[] }[] = [];
    return {
      for_in_statement(node) {
        if (node.childForFieldName('kind')?.text !== 'var') return;
        const left = node.childForFieldName('left');
        if (left?.type !== 'identifier') return;
        assigned ??= reassigned(context.root);
        found.push({
          node,
          names: [left.text],
          message: `\`var ${left.text}\` in the loop on line ${lineOf(node)} is one variable shared by every iteration and visible after the loop, so callbacks created in the loop all see its last value; ${
            assigned.has(left.text)
              ? 'declare it with `let`'
              : 'declare it with `const`, which gives each iteration its own binding'
          }.`,
        });
      },
      variable_declaration(node) {
        assigned ??= reassigned(context.root);
        const names = node.namedChildren
          .filter((d) => d?.type === 'variable_declarator')
          .map((d) => d!.childForFieldName('name'))
          .filter((n): n is Node => n !== null);
        if (names.length === 0) return;
        const simple = names.every((n) => n.type === 'identifier');
        // In a for-in/of head the variable is (re)assigned every iteration.
        const loopHead = node.parent?.type === 'for_in_statement' || node.parent?.type === 'for_statement';
        const changed = names.filter((n) => n.type !== 'identifier' || assigned!.has(n.text) || loopHead);
        const fix = !simple
          ? 'declare it with `let`, or `const` if it is never reassigned'
          : changed.length === 0
            ? `nothing in this code assigns ${names.length === 1 ? 'it' : 'them'} again, so declare ${names.length === 1 ? 'it' : 'them'} with \`const\``
            : changed.length === names.length
              ? `${names.length === 1 ? 'it is' : 'they are'} reassigned, so declare ${names.length === 1 ? 'it' : 'them'} with \`let\``
              : `use \`let\` for ${listOf(changed.map((n) => `\`${n.text}\``))}, which ${changed.length === 1 ? 'is' : 'are'} reassigned, and \`const\` for the rest`;
        found.push({
          node,
          names: names.map((n) => n.text),
          message: `\`var ${names.map((n) => n.text).join(', ')}\` on line ${lineOf(node)} is visible throughout ${scopeOf(node)} (not just its block) and exists before the line that declares it, which invites use-before-assignment and loop-closure bugs; ${fix}.`,
        });
      },
      'Program:exit'() {
        reportEachOrSummary(
          context,
          found,
          (lines) =>
            `This code declares variables with \`var\` ${lines.length} times (${linesText(lines)}), starting with ${listOf(
              found[0]!.names.map((n) => `\`${n}\``),
            )}; \`var\` is visible throughout its whole function or file (not just its block) and exists before its declaration line, which invites use-before-assignment and loop-closure bugs. Declare each with \`const\`, or \`let\` where it is reassigned.`,
        );
      },
    };
  },
};
