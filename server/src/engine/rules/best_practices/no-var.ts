import type { SnapshotNode as Node } from '../../parsing/node.js';
import { SKIP_CHILDREN, walk } from '../../walk.js';
import type { Rule } from '../model.js';
import {
  maxIndividualOptions,
  enclosingFunction,
  JS_LIKE,
  lineOf,
  linesText,
  listOf,
  reportEachOrSummary,
  type PendingReport,
} from '../util.js';

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

interface Options {
  readonly maxIndividual: number;
}

/** `var` declarations, with their function scope and hoisting. */
export const noVar: Rule<Options> = {
  meta: {
    id: 'best_practices/no-var',
    type: 'best_practices',
    severity: 'low',
    languages: JS_LIKE,
    docs: {
      description: 'Variables declared with var instead of let or const.',
      examples: [
        {
          language: 'javascript',
          bad: 'function total(items) {\n  var sum = 0;\n  for (var i = 0; i < items.length; i++) sum += items[i].price;\n  return sum;\n}\n',
          good: 'function total(items) {\n  let sum = 0;\n  for (let i = 0; i < items.length; i++) sum += items[i].price;\n  return sum;\n}\n',
        },
      ],
    },
    messages: {
      varInLoop:
        '`var {{name}}` in the loop on line {{line}} is one variable shared by every iteration and visible after the loop, so callbacks created in the loop all see its last value; {{fix}}.',
      varDeclaration:
        '`var {{names}}` on line {{line}} is visible throughout {{scope}} (not just its block) and exists before the line that declares it, which invites use-before-assignment and loop-closure bugs; {{fix}}.',
      varThroughout:
        'This code declares variables with `var` {{count}} times ({{lines}}), starting with {{first}}; `var` is visible throughout its whole function or file (not just its block) and exists before its declaration line, which invites use-before-assignment and loop-closure bugs. Declare each with `const`, or `let` where it is reassigned.',
    },
    options: maxIndividualOptions('declarations'),
  },
  create(context) {
    let assigned: Set<string> | undefined;
    const found: (PendingReport & { readonly names: readonly string[] })[] = [];
    return {
      for_in_statement(node) {
        if (node.childForFieldName('kind')?.text !== 'var') return;
        const left = node.childForFieldName('left');
        if (left?.type !== 'identifier') return;
        assigned ??= reassigned(context.root);
        found.push({
          node,
          names: [left.text],
          messageId: 'varInLoop',
          data: {
            name: left.text,
            line: lineOf(node),
            fix: assigned.has(left.text)
              ? 'declare it with `let`'
              : 'declare it with `const`, which gives each iteration its own binding',
          },
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
          messageId: 'varDeclaration',
          data: {
            names: names.map((n) => n.text).join(', '),
            line: lineOf(node),
            scope: scopeOf(node),
            fix,
          },
        });
      },
      'Program:exit'() {
        reportEachOrSummary(
          context,
          found,
          (lines) => ({
            messageId: 'varThroughout',
            data: {
              count: lines.length,
              lines: linesText(lines),
              first: listOf(found[0]!.names.map((n) => `\`${n}\``)),
            },
          }),
          context.options.maxIndividual,
        );
      },
    };
  },
};
