/**
 * Python units: `def` (function, or method / constructor / getter / setter
 * directly in a class body), `lambda`, and `class`. Decorators stay with the
 * enclosing code, as Python evaluates them there.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { UnitKind } from '../model.js';
import { calleeLabel, standIn, type AnonymousContext } from '../common/naming.js';
import type { Frame, UnitStart } from '../common/scan.js';

export function pythonUnitStart(frame: Frame, scope: string): UnitStart | null {
  switch (frame.type) {
    case 'function_definition':
      return functionStart(frame);
    case 'class_definition':
      return { kind: 'class', name: frame.node.childForFieldName('name')?.text ?? '<class>' };
    case 'lambda':
      return { kind: 'lambda', name: null, label: standIn('lambda', lambdaContext(frame), scope) };
    default:
      return null;
  }
}

function functionStart(frame: Frame): UnitStart {
  const node = frame.node;
  const name = node.childForFieldName('name')?.text ?? '<function>';
  let outer = frame.parent;
  const decorators: string[] = [];
  if (outer?.type === 'decorated_definition') {
    for (const child of outer.node.namedChildren) {
      if (child?.type === 'decorator') decorators.push(child.text.slice(1).trim());
    }
    outer = outer.parent;
  }
  const inClass = outer?.type === 'block' && outer.parent?.type === 'class_definition';
  if (!inClass) return { kind: 'function', name };
  const isStatic = decorators.includes('staticmethod');
  return { kind: methodKind(name, decorators), name, receiver: isStatic ? null : firstParameter(node) };
}

function methodKind(name: string, decorators: readonly string[]): UnitKind {
  if (name === '__init__') return 'constructor';
  for (const decorator of decorators) {
    if (/^(functools\.)?(cached_)?property$/.test(decorator) || decorator.endsWith('.getter'))
      return 'getter';
    if (decorator.endsWith('.setter')) return 'setter';
  }
  return 'method';
}

/** The first parameter's name (`self`, `cls`), or null. */
function firstParameter(node: Node): string | null {
  const parameters = node.childForFieldName('parameters');
  const first = parameters?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  if (!first) return null;
  if (first.type === 'identifier') return first.text;
  const name = first.childForFieldName('name') ?? first.namedChildren.find((c) => c?.type === 'identifier');
  return name?.type === 'identifier' ? name.text : null;
}

function lambdaContext(frame: Frame): AnonymousContext {
  let outer = frame.parent;
  if (outer?.type === 'keyword_argument') outer = outer.parent;
  if (outer?.type === 'argument_list' && outer.parent?.type === 'call') {
    const callee = outer.parent.node.childForFieldName('function');
    return { call: callee ? pythonCallee(callee) : null };
  }
  if (outer?.type === 'assignment' && frame.field === 'right') {
    return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  }
  return {};
}

function pythonCallee(callee: Node): string {
  if (callee.type === 'attribute') {
    const member = callee.childForFieldName('attribute');
    if (member) return calleeLabel(callee.childForFieldName('object'), member.text);
  }
  return callee.text;
}
