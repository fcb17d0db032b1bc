import type { LanguageId } from '@code-explain/shared';
import { bindingsOf } from '../../scope/bindings.js';
import type { Rule } from '../model.js';
import { code, contains, enclosingLoop, lineOf } from '../util.js';

const FIX: Partial<Record<LanguageId, string>> = {
  java: `each append copies the whole String into a new one, so building it this way takes time that grows with the square of its final length. Append to a StringBuilder created before the loop and call toString() once after it (or collect the parts and use String.join).`,
  python: `each append can copy the whole str (CPython sometimes extends it in place, but PEP 8 advises against relying on that), so the cost can grow with the square of the final length. Collect the pieces in a list and call ''.join() once after the loop.`,
  go: `Go strings are immutable, so each append copies the whole string and the cost grows with the square of its final length. Write the pieces to a strings.Builder declared before the loop and call its String() method once after it.`,
};

/** A string grown piece by piece inside a loop. */
export const stringConcatInLoop: Rule = {
  meta: {
    id: 'performance/string-concat-in-loop',
    type: 'performance',
    severity: 'low',
    languages: ['python', 'java', 'go'],
    docs: {
      description: 'A variable known to hold a string appended to with += inside a loop.',
      examples: [
        {
          language: 'python',
          bad: 'def to_csv(rows):\n    out = ""\n    for row in rows:\n        out += ",".join(row) + "\\n"\n    return out\n',
          good: 'def to_csv(rows):\n    return "".join(",".join(row) + "\\n" for row in rows)\n',
        },
        {
          language: 'java',
          bad: 'class Report {\n  String render(List<String> names) {\n    String html = "";\n    for (String name : names) {\n      html += "<li>" + name + "</li>";\n    }\n    return html;\n  }\n}\n',
          good: 'class Report {\n  String render(List<String> names) {\n    StringBuilder html = new StringBuilder();\n    for (String name : names) {\n      html.append("<li>").append(name).append("</li>");\n    }\n    return html.toString();\n  }\n}\n',
        },
      ],
    },
    messages: {
      appendInLoop:
        '{{append}} on line {{line}} appends to the string `{{name}}` (declared on line {{declared}}) on every iteration of the loop on line {{loop}}; {{fix}}',
    },
  },
  create(context) {
    const { language } = context;
    return {
      'Program:exit'() {
        const bindings = bindingsOf(language, context.root);
        const reported = new Set<string>();
        for (const { node, name, how } of bindings.everyUpdate()) {
          // `s += x`, or `s = s + x + …`.
          const loop = how === 'append' ? enclosingLoop(node) : undefined;
          if (!loop || bindings.holds(name, node) !== 'string') continue;
          const found = bindings.visible(name, node);
          // Declared inside the loop, it is a fresh string each time round.
          if (found.some((b) => contains(loop, b.node))) continue;
          // One report per variable and loop.
          const key = `${loop.id}:${name}`;
          if (reported.has(key)) continue;
          reported.add(key);
          context.report({
            node,
            messageId: 'appendInLoop',
            data: {
              append: code(node.text, 50),
              line: lineOf(node),
              name,
              declared: found[0]!.line,
              loop: lineOf(loop),
              fix: FIX[language]!,
            },
          });
        }
      },
    };
  },
};
