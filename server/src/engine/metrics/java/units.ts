/**
 * Java units: classes, interfaces, enums, records and annotation types;
 * anonymous class bodies (`<anonymous Runnable>`) and enum constant bodies
 * (named after the constant); methods with a body; constructors (named after
 * their class, compact record constructors too); lambdas. Names are qualified
 * with the enclosing units (`Stack.push`, `Outer.Inner.run`).
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { calleeLabel, standIn, type AnonymousContext } from '../common/naming.js';
import type { Frame, UnitStart } from '../common/scan.js';

const TYPE_DECLARATIONS = new Set([
  'class_declaration',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
  'annotation_type_declaration',
]);

export function javaUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  const type = frame.type;
  if (TYPE_DECLARATIONS.has(type)) return { kind: 'class', name: nameOf(node, '<class>') };
  switch (type) {
    case 'class_body':
      if (frame.parent?.type === 'object_creation_expression') {
        const created = frame.parent.node.childForFieldName('type')?.text ?? 'class';
        return { kind: 'class', name: null, label: `<anonymous ${created.replace(/\s*<[\s\S]*$/, '')}>` };
      }
      if (frame.parent?.type === 'enum_constant')
        return { kind: 'class', name: nameOf(frame.parent.node, '<constant>') };
      return null;
    case 'method_declaration':
      if (!node.childForFieldName('body')) return null;
      return { kind: 'method', name: nameOf(node, '<method>'), arity: arityOf(node) };
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      return { kind: 'constructor', name: nameOf(node, '<init>'), arity: arityOf(node) };
    case 'lambda_expression':
      return { kind: 'lambda', name: null, label: standIn('lambda', lambdaContext(frame), scope) };
    default:
      return null;
  }
}

function nameOf(node: Node, fallback: string): string {
  return node.childForFieldName('name')?.text ?? fallback;
}

/** How many arguments reach this method: its parameters, any number more for varargs. */
function arityOf(node: Node): { min: number; max: number } {
  const parameters = node.childForFieldName('parameters');
  let count = 0;
  let variadic = false;
  for (const child of parameters?.namedChildren ?? []) {
    if (child?.type === 'formal_parameter') count++;
    else if (child?.type === 'spread_parameter') variadic = true;
  }
  return variadic ? { min: count, max: Number.POSITIVE_INFINITY } : { min: count, max: count };
}

function lambdaContext(frame: Frame): AnonymousContext {
  const outer = frame.parent;
  if (outer?.type === 'argument_list') {
    const call = outer.parent;
    if (call?.type === 'method_invocation') {
      const name = call.node.childForFieldName('name');
      if (name) return { call: calleeLabel(call.node.childForFieldName('object'), name.text) };
    }
    if (call?.type === 'object_creation_expression') {
      return { call: `new ${call.node.childForFieldName('type')?.text ?? ''}` };
    }
  }
  if (outer?.type === 'variable_declarator') return { assigned: nameOf(outer.node, '') || null };
  if (outer?.type === 'assignment_expression' && frame.field === 'right') {
    return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  }
  return {};
}
