/**
 * What a type declaration is (class, interface, struct, …) and the methods it
 * declares, read from its body in the tree: an interface's or a trait's
 * methods have no body, so they are no units, yet they are what the
 * interface is ("has no methods" was said of an interface of four).
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { DeclaresMethods } from './model.js';

/** The declaration's keyword, from its node type (`interface_declaration`, `struct_item`, `trait_item`, …). */
const KEYWORDS: readonly (readonly [RegExp, string])[] = [
  [/interface/, 'interface'],
  [/protocol/, 'protocol'],
  [/trait/, 'trait'],
  [/struct/, 'struct'],
  [/enum/, 'enum'],
  [/record/, 'record'],
  [/impl/, 'impl block'],
  [/object/, 'object'],
  [/module/, 'module'],
];

/** Member declarations that are methods, with or without a body, across the grammars. */
const METHOD =
  /^(method_declaration|method_definition|method_signature|abstract_method_signature|method_spec|method_elem|function_definition|function_declaration|function_item|function_signature_item|function_signature|constructor_declaration|destructor_declaration|operator_declaration|protocol_function_declaration|singleton_method|method|decorated_definition)$/;

/** Bodies of declarations that hold their members, when the grammar has no `body` field. */
const BODY = /(body|declaration_list|block|field_declaration_list|interface_type|members)$/;

export function declarationKeyword(node: Node): string {
  for (const [pattern, keyword] of KEYWORDS) if (pattern.test(node.type)) return keyword;
  return 'class';
}

/**
 * Whether a type declaration is one of the parts that make one type together: C#'s `partial class`,
 * Rust's `impl` blocks of one type.
 */
export function declaredInParts(node: Node): boolean {
  const head = node.text.slice(0, Math.max(0, node.text.indexOf('{')));
  return node.type === 'impl_item' || /\bpartial\b/.test(head);
}

function bodyOf(node: Node): Node | undefined {
  const field = node.childForFieldName('body') ?? node.childForFieldName('type');
  if (field && BODY.test(field.type)) return field;
  return node.namedChildren.find((c) => BODY.test(c.type));
}

/** A decorated definition is a method when what it decorates is a function. */
function isMethod(member: Node): boolean {
  if (!METHOD.test(member.type)) return false;
  if (member.type !== 'decorated_definition') return true;
  return member.childForFieldName('definition')?.type === 'function_definition';
}

/** The methods declared directly in a type's body, in order. */
export function declaredMethods(node: Node): Node[] {
  const body = bodyOf(node);
  if (!body) return [];
  // Go's `type I interface { … }` keeps its methods one level down.
  return body.namedChildren.filter(isMethod);
}

export function declaresMethodsClaim(node: Node, name: string): DeclaresMethods {
  const methods = declaredMethods(node);
  return {
    kind: 'declares-methods',
    unit: name,
    unitLine: node.startPosition.row + 1,
    unitNode: node.id,
    keyword: declarationKeyword(node),
    count: methods.length,
    evidence: {
      nodes: [node.id, ...methods.map((m) => m.id)],
      lines: methods.map((m) => m.startPosition.row + 1),
    },
  };
}
