import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { lineOf, TIER1 } from '../util.js';

interface Options {
  readonly maxMethods: number;
}

/** Method nodes directly in a class body, per grammar. */
const METHOD_TYPES = new Set(['method_definition', 'function_definition', 'method_declaration']);

function methodsOf(body: Node | null): Node[] {
  const methods: Node[] = [];
  for (const member of body?.namedChildren ?? []) {
    if (!member) continue;
    // Python wraps decorated methods.
    const inner = member.type === 'decorated_definition' ? member.childForFieldName('definition') : member;
    if (inner && METHOD_TYPES.has(inner.type)) methods.push(inner);
  }
  return methods;
}

const methodName = (m: Node) => m.childForFieldName('name')?.text ?? '?';

/** A class (or, in Go, a type) with more than `maxMethods` methods. */
export const largeClass: Rule<Options> = {
  meta: {
    id: 'architecture/large-class',
    type: 'architecture',
    severity: 'low',
    languages: TIER1,
    docs: {
      description: 'A class, or a Go type, with more than `maxMethods` methods.',
      examples: [
        {
          language: 'python',
          bad: `class Store:\n${Array.from({ length: 21 }, (_, i) => `    def op${i}(self):\n        pass\n`).join('')}`,
          good: 'class Store:\n    def __init__(self, orders, users):\n        self.orders = orders\n        self.users = users\n',
        },
      ],
    },
    messages: {
      tooManyMethods:
        '{{what}} `{{name}}` has {{count}} methods ({{methods}}, …), more than {{max}}: a type this broad usually carries several responsibilities, and every change to it risks the others. Group the methods by the data they use and move each group into a smaller {{kind}} that `{{name}}` delegates to.',
    },
    options: {
      schema: z.object({ maxMethods: z.number().int().min(1) }),
      defaults: { maxMethods: 20 },
      focused: { maxMethods: 15 },
      docs: { maxMethods: 'Most methods one class (in Go, one receiver type) may have.' },
    },
  },
  create(context) {
    const max = context.options.maxMethods;
    const report = (name: string, line: number, methods: Node[], what: string) => {
      const names = [...new Set(methods.map(methodName))];
      context.report({
        line,
        messageId: 'tooManyMethods',
        data: {
          what,
          name,
          count: methods.length,
          methods: names
            .slice(0, 6)
            .map((n) => `\`${n}\``)
            .join(', '),
          max,
          kind: context.language === 'go' ? 'type' : 'class',
        },
      });
    };
    if (context.language === 'go') {
      const byReceiver = new Map<string, Node[]>();
      const declared = new Map<string, number>();
      return {
        type_spec(node) {
          const name = node.childForFieldName('name')?.text;
          if (name) declared.set(name, lineOf(node));
        },
        method_declaration(node) {
          const receiver = node
            .childForFieldName('receiver')
            ?.namedChildren.find((c) => c?.type === 'parameter_declaration');
          const type = receiver
            ?.childForFieldName('type')
            ?.text.replace(/^\*/, '')
            .replace(/\[.*\]$/, '');
          if (!type) return;
          const list = byReceiver.get(type) ?? [];
          list.push(node);
          byReceiver.set(type, list);
        },
        'Program:exit'() {
          for (const [type, methods] of byReceiver) {
            if (methods.length > max)
              report(type, declared.get(type) ?? lineOf(methods[0]!), methods, 'Type');
          }
        },
      };
    }
    const visit = (node: Node) => {
      const methods = methodsOf(node.childForFieldName('body'));
      const name = node.childForFieldName('name')?.text ?? '(anonymous class)';
      if (methods.length > max) report(name, lineOf(node), methods, 'Class');
    };
    return {
      class_declaration: visit,
      class_definition: visit,
      class: visit,
      abstract_class_declaration: visit,
    };
  },
};
