/**
 * What a step acts on, read from the tree-sitter node itself: a loop's
 * iterable or condition, a branch's condition, a callee, a returned value,
 * and a unit's parameter names. Field lookups go through tree-sitter
 * (`childForFieldName`), whose answers some grammars give differently from
 * the field names a cursor reports.
 */
import type { LanguageId } from '@code-explain/shared';
import type { ParameterShape } from '../languages/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { codeWithoutComments } from '../nodes.js';
import { SKIP_CHILDREN, walk } from '../walk.js';
import type { StepKind } from './model.js';
import { stepFor, syntaxOf } from './syntax.js';
import { parameterName } from './tier2.js';

const MAX_SUBJECT = 80;

/** Source text on one line, shortened to a readable length. */
export function clip(text: string, max = MAX_SUBJECT): string {
  // A chain split over lines (`base64\n  .replace(…)`) reads as written on one: no space before its dots.
  const flat = text
    .replace(/\s*\n\s*(\??\.)(?=[A-Za-z_$])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function field(node: Node, ...names: string[]): Node | null {
  for (const name of names) {
    const child = node.childForFieldName(name);
    if (child) return child;
  }
  return null;
}

function firstNamed(node: Node): Node | null {
  for (const child of node.namedChildren) {
    if (child && !child.type.includes('comment')) return child;
  }
  return null;
}

// Function values written inline: calling one is not calling a named function.
const FUNCTION_LITERALS = new Set([
  'func_literal',
  'arrow_function',
  'function_expression',
  'function',
  'lambda',
  'lambda_expression',
  'closure_expression',
  'anonymous_function',
]);

/** True for a call of an inline function literal, e.g. `go func() {…}()`. */
function callsLiteral(node: Node): boolean {
  return isLiteral(node.childForFieldName('function'));
}

/** Whether a call's `function` is an inline function literal (in parentheses or not). */
function isLiteral(fn: Node | null): boolean {
  const inner = fn?.type === 'parenthesized_expression' ? firstNamed(fn) : fn;
  return inner !== null && inner !== undefined && FUNCTION_LITERALS.has(inner.type);
}

function calleeOf(language: LanguageId, node: Node): string | undefined {
  const fn = node.childForFieldName('function');
  if (isLiteral(fn)) return undefined;
  // Java: receiver.method(…) is split into `object` and `name`.
  if (node.type === 'method_invocation') {
    const object = node.childForFieldName('object');
    const name = node.childForFieldName('name');
    if (name) return shortCallee(object ? `${object.text}.${name.text}` : name.text);
  }
  const fields = syntaxOf(language).calleeFields;
  // `function` was read above; every other field is asked in turn, as `field` would.
  const callee = (fields[0] === 'function' && fn) || field(node, ...fields) || firstNamed(node);
  // Kotlin's and Swift's trailing lambda (`repeat(times) { … }`) wraps the call it belongs to: that inner
  // call is the step, named once.
  if (callee?.type === node.type && node.namedChildren.some((c) => TRAILING_LAMBDA.has(c.type)))
    return undefined;
  return callee ? shortCallee(callee.text) : undefined;
}

const TRAILING_LAMBDA = new Set(['annotated_lambda', 'lambda_literal', 'closure_expression']);

/** In a call chain (`a.b().c`) the callee is named by its last step: `.c`. */
function shortCallee(text: string): string {
  const close = text.lastIndexOf(')');
  if (close >= 0) {
    // A chain split over lines (`fetch(url)\n  .then`) is named the same way.
    const tail = /^\s*\??\s*(\.[\w$#]+)$/.exec(text.slice(close + 1));
    if (tail) return tail[1]!;
  }
  return clip(text, 60);
}

export function subjectOf(language: LanguageId, kind: StepKind, node: Node): string | undefined {
  let target: Node | null = null;
  switch (kind) {
    case 'loop': {
      const shape = syntaxOf(language).loopShape;
      target = shape ? (shape(node).subject ?? null) : field(node, 'right', 'value', 'condition');
      // `for (;;)`: the grammar's condition is the bare `;`.
      if (target && target.text.replace(/;/g, '').trim() === '') target = null;
      break;
    }
    case 'branch':
      target = field(node, 'condition');
      break;
    case 'switch':
      target = field(node, 'value', 'condition', 'subject');
      break;
    case 'call': {
      const callee = calleeOf(language, node);
      return callee && stepFor(language, node.type)?.detail === 'new' ? `new ${callee}` : callee;
    }
    case 'return':
    case 'throw':
    case 'await':
    case 'yield':
    case 'spawn':
    case 'defer': {
      // C#'s `return this;` holds `this` as a keyword token, not a named node: it is still the value.
      const call =
        firstNamed(node) ??
        node.children.find((c) => c !== null && /^(this|base|null|true|false)$/.test(c.type)) ??
        null;
      target = call && !callsLiteral(call) ? call : null;
      break;
    }
    case 'try':
    case 'catch':
      target = field(node, 'parameter');
      break;
  }
  if (!target) return undefined;
  // `(a > 0)` reads as `a > 0`: drop the parentheses a condition is written in.
  const wrapped =
    target.firstChild?.type === '(' && target.children[target.children.length - 1]?.type === ')';
  const text = codeWithoutComments(target);
  return clip(wrapped ? text.slice(1, -1) : text);
}

const PARAM_NAME_FIELDS = ['name', 'pattern', 'left'];

/** A unit's parameter names; undefined when its grammar's parameter list cannot be read. */
export function paramNames(language: LanguageId, unit: Node): string[] | undefined {
  return paramList(language, unit)?.names;
}

/**
 * How each parameter is written before its name, where that changes what the caller passes: Python's
 * `*args` and `**kwargs`, JavaScript's `...rest`; '' for a plain one. Undefined when none is marked.
 */
export function paramMarks(language: LanguageId, unit: Node): string[] | undefined {
  const marks = paramList(language, unit)?.marks;
  return marks?.some(Boolean) ? marks : undefined;
}

function paramList(language: LanguageId, unit: Node): { names: string[]; marks: string[] } | undefined {
  const syntax = syntaxOf(language);
  if (syntax.kind === 'conventions') {
    const names = shapedParamNames(syntax.parameters, unit);
    return names && { names, marks: names.map(() => '') };
  }
  const single = unit.childForFieldName('parameter');
  if (single) return { names: [single.text], marks: [''] };
  const list = field(unit, 'parameters', 'parameter_list');
  if (!list) return { names: [], marks: [] };
  // A lone lambda parameter: Java `a -> …`.
  if (list.type === 'identifier') return { names: [list.text], marks: [''] };
  const names: string[] = [];
  const marks: string[] = [];
  const push = (name: string, param: Node) => {
    // TypeScript's `...args: T[]` names its pattern `...args`: the mark is kept apart from the name.
    names.push(name.replace(/^(\*\*|\*|\.\.\.)\s*(?=[A-Za-z_$])/, ''));
    marks.push(/^(\*\*|\*|\.\.\.)\s*[A-Za-z_$]/.exec(param.text)?.[1] ?? '');
  };
  for (const param of list.namedChildren) {
    if (!param || param.type.includes('comment')) continue;
    if (param.type === 'identifier' || param.type === 'simple_identifier') {
      push(param.text, param);
      continue;
    }
    // Go allows several names in one declaration: `a, b int`.
    const many = param.childrenForFieldName('name').filter((n) => n !== null);
    if (many.length > 1) {
      for (const n of many) {
        names.push(n.text);
        marks.push('');
      }
      continue;
    }
    const named = field(param, ...PARAM_NAME_FIELDS);
    if (named) {
      push(clip(named.text, 40), param);
      continue;
    }
    const id = firstIdentifier(param);
    if (id) push(id, param);
  }
  return { names, marks };
}

function shapedParamNames(shape: ParameterShape, unit: Node): string[] | undefined {
  const list = shape.list(unit);
  if (!list) return undefined;
  // `x => …` in C#: the parameters field is the one parameter itself, not a list.
  if (list.type === 'implicit_parameter' || list.type === 'identifier') return [clip(list.text, 40)];
  const names: string[] = [];
  for (const child of list.children) {
    if (!shape.isParameter(child)) continue;
    const name = parameterName(child);
    // A parameter whose name cannot be read makes the whole list unreliable.
    if (name === undefined) return undefined;
    names.push(clip(name, 40));
  }
  return names;
}

function firstIdentifier(node: Node): string | undefined {
  let found: string | undefined;
  walk(node, (n) => {
    if (found) return SKIP_CHILDREN;
    if (n.type === 'identifier' || n.type.endsWith('_identifier') || n.type === 'variable_name') {
      found = n.text;
      return SKIP_CHILDREN;
    }
  });
  return found;
}
