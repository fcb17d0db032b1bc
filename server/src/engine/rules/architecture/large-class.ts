import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { lineOf, TIER1 } from '../util.js';

export const MAX_METHODS = 20;

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

/** A class (or, in Go, a type) with more than twenty methods. */
export const largeClass: Rule = {
  meta: {
    id: 'architecture/large-class',
    type: 'architecture',
    severity: 'low',
    languages: TIER1,
    docs: { description: `A class, or a Go type, with more than ${MAX_METHODS} methods.` },
  },
  create(context) {
    const report = (name: string, line: number, methods: Node[], what: string) => {
      const names = [...new Set(methods.map(methodName))];
      context.report({
        line,
        message: `${what} \`${name}\` has ${methods.length} methods (${names
          .slice(0, 6)
          .map((n) => `\`${n}\``)
          .join(
            ', ',
          )}, …), more than ${MAX_METHODS}: a type this broad usually carries several responsibilities, and every change to it risks the others. Group the methods by the data they use and move each group into a smaller ${context.language === 'go' ? 'type' : 'class'} that \`${name}\` delegates to.`,
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
            if (methods.length > MAX_METHODS)
              report(type, declared.get(type) ?? lineOf(methods[0]!), methods, 'Type');
          }
        },
      };
    }
    const visit = (node: Node) => {
      const methods = methodsOf(node.childForFieldName('body'));
      const name = node.childForFieldName('name')?.text ?? '(anonymous class)';
      if (methods.length > MAX_METHODS) report(name, lineOf(node), methods, 'Class');
    };
    return {
      class_declaration: visit,
      class_definition: visit,
      class: visit,
      abstract_class_declaration: visit,
    };
  },
};
