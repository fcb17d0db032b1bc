/**
 * Go units: functions and methods with a body (methods are named
 * `Receiver.Method`, the receiver's base type without `*` or type
 * parameters), and func literals (closures), named after where they are
 * (`<func literal in http.HandleFunc()>`, `<func literal assigned to h>`,
 * `<func literal in Serve>`). Go has no classes.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { calleeLabel, standIn, type AnonymousContext } from '../common/naming.js';
import type { Frame, UnitStart } from '../common/scan.js';

export function goUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  switch (frame.type) {
    case 'function_declaration':
      if (!node.childForFieldName('body')) return null;
      return { kind: 'function', name: node.childForFieldName('name')?.text ?? '<func>' };
    case 'method_declaration': {
      if (!node.childForFieldName('body')) return null;
      const name = node.childForFieldName('name')?.text ?? '<method>';
      const receiver = receiverOf(node);
      return {
        kind: 'method',
        name: receiver.type ? `${receiver.type}.${name}` : name,
        receiver: receiver.name,
      };
    }
    case 'func_literal':
      return { kind: 'closure', name: null, label: standIn('func literal', literalContext(frame), scope) };
    default:
      return null;
  }
}

/** The receiver's variable name and base type name (`s`, `Stack` for `(s *Stack[T])`). */
export function receiverOf(method: Node): { name: string | null; type: string | null } {
  const declaration = method
    .childForFieldName('receiver')
    ?.namedChildren.find((c) => c?.type === 'parameter_declaration');
  if (!declaration) return { name: null, type: null };
  const name = declaration.childForFieldName('name')?.text ?? null;
  let type = declaration.childForFieldName('type');
  // Unwrap *T, (T) and T[P] down to the type's name.
  for (let guard = 0; type && type.type !== 'type_identifier' && guard < 8; guard++) {
    type =
      type.type === 'generic_type'
        ? type.childForFieldName('type')
        : (type.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null);
  }
  return { name, type: type?.text ?? null };
}

function literalContext(frame: Frame): AnonymousContext {
  const outer = frame.parent;
  if (outer?.type === 'argument_list' && outer.parent?.type === 'call_expression') {
    const callee = outer.parent.node.childForFieldName('function');
    return { call: callee ? goCallee(callee) : null };
  }
  if (outer?.type === 'expression_list') {
    const statement = outer.parent;
    if (
      (statement?.type === 'short_var_declaration' || statement?.type === 'assignment_statement') &&
      outer.field === 'right'
    ) {
      return { assigned: statement.node.childForFieldName('left')?.text ?? null };
    }
    if (statement?.type === 'var_spec' || statement?.type === 'const_spec') {
      return { assigned: statement.node.childForFieldName('name')?.text ?? null };
    }
  }
  return {};
}

function goCallee(callee: Node): string {
  if (callee.type === 'selector_expression') {
    const field = callee.childForFieldName('field');
    if (field) return calleeLabel(callee.childForFieldName('operand'), field.text);
  }
  return callee.text;
}
