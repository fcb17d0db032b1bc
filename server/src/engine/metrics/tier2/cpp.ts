/**
 * Per-function metrics for C++ (tree-sitter-cpp); see ./cfamily.ts for what
 * is counted.
 *
 * Units: classes, structs and unions with a body (class units); function
 * definitions — methods inside a class body, constructors (named after their
 * class) and destructors (`~Stack`), free functions, and out-of-class
 * definitions named by their written qualifier with template arguments
 * dropped (`ns::Stack<T>::size` → `ns.Stack.size`); lambdas
 * (`<lambda in std::sort()>`, `<lambda assigned to f>`). Namespaces are not
 * units. Recursion: `f(…)`, `this->f(…)` and `ns::f(…)` reach the functions
 * named `f` beside the caller or at the top level.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { standIn, type AnonymousContext } from '../common/naming.js';
import type { Frame, UnitStart } from '../common/scan.js';
import { declaredName } from './c.js';
import { cFamilyRules } from './cfamily.js';
import { plainQualified, recursionByName, type Tier2Rules } from './kit.js';

const CLASSES = new Set(['class_specifier', 'struct_specifier', 'union_specifier']);

/** The class whose body directly holds this definition (through template and access wrappers). */
function enclosingClass(frame: Frame): Frame | null {
  let outer = frame.parent;
  if (outer?.type === 'template_declaration') outer = outer.parent;
  if (outer?.type !== 'field_declaration_list') return null;
  const owner = outer.parent;
  return owner && CLASSES.has(owner.type) ? owner : null;
}

function functionStart(frame: Frame): UnitStart {
  const declarator = declaredName(frame.node);
  const written = declarator?.text ?? '<function>';
  const owner = enclosingClass(frame);
  if (owner) {
    const className = plainQualified(owner.node.childForFieldName('name')?.text ?? '');
    const name = plainQualified(written);
    if (declarator?.type === 'destructor_name') return { kind: 'method', name, receiver: 'this' };
    return { kind: name === className ? 'constructor' : 'method', name, receiver: 'this' };
  }
  const name = plainQualified(written);
  const parts = name.split('.');
  const last = parts.at(-1) ?? name;
  if (parts.length < 2) return { kind: 'function', name };
  const isConstructor = parts.at(-2) === last;
  return { kind: isConstructor ? 'constructor' : 'method', name, receiver: 'this' };
}

function lambdaContext(frame: Frame): AnonymousContext {
  const outer = frame.parent;
  if (outer?.type === 'argument_list' && outer.parent?.type === 'call_expression') {
    const callee = outer.parent.node.childForFieldName('function');
    return { call: callee ? calleeText(callee) : null };
  }
  if (outer?.type === 'init_declarator')
    return { assigned: outer.node.childForFieldName('declarator')?.text };
  if (outer?.type === 'assignment_expression' && frame.field === 'right') {
    return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  }
  return {};
}

function calleeText(callee: Node): string {
  if (callee.type === 'field_expression') {
    const object = callee.childForFieldName('argument');
    const field = callee.childForFieldName('field')?.text ?? '';
    return object && /^\w+$/.test(object.text) ? `${object.text}.${field}` : field;
  }
  return callee.text;
}

function cppUnitStart(frame: Frame, scope: string): UnitStart | null {
  const type = frame.type;
  if (type === 'function_definition') return functionStart(frame);
  if (type === 'lambda_expression') {
    return { kind: 'lambda', name: null, label: standIn('lambda', lambdaContext(frame), scope) };
  }
  if (CLASSES.has(type) && frame.node.childForFieldName('body')) {
    const name = frame.node.childForFieldName('name');
    if (name) return { kind: 'class', name: plainQualified(name.text) };
    return { kind: 'class', name: null, label: `<anonymous ${type.replace('_specifier', '')}>` };
  }
  return null;
}

export const cppRules: Tier2Rules = { ...cFamilyRules, unitStart: cppUnitStart };

export const cppDefinition: LanguageDefinition = {
  rules: cppRules,
  recursion: recursionByName(new Set(['this'])),
};

export const cppMetrics: LanguageMetrics = languageMetrics(cppDefinition);
