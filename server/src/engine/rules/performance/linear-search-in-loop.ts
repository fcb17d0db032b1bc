import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  calleeText,
  callArguments,
  code,
  contains,
  enclosingLoop,
  lineOf,
  methodName,
  TIER1,
  unwrap,
} from '../util.js';

/** What a binding of a name says about its value: certainly an array/list, or anything else. */
interface Binding {
  readonly node: Node;
  readonly array: boolean;
}

interface Candidate {
  readonly node: Node;
  readonly name: string;
  readonly method: string;
  readonly loop: Node;
  readonly key?: KeyComparison;
}

/** A search callback that compares one key of each element with a value: `(x) => x.id === o.id`. */
interface KeyComparison {
  readonly param: string;
  /** The element's side: `x.id`, or `x` itself. */
  readonly key: string;
  /** The value looked for: `o.id`. */
  readonly probe: string;
}

const CALLBACK_METHODS = new Set(['find', 'findIndex', 'findLast', 'findLastIndex', 'filter', 'some']);

function keyComparison(arg: Node | undefined): KeyComparison | undefined {
  if (!arg) return undefined;
  const f = unwrap(arg);
  if (f.type !== 'arrow_function' && f.type !== 'function_expression' && f.type !== 'function')
    return undefined;
  const params = f
    .childForFieldName('parameters')
    ?.namedChildren.filter((c) => c !== null && !c.type.includes('comment'));
  const first = f.childForFieldName('parameter') ?? params?.[0];
  const id = first?.type === 'identifier' ? first : first?.childForFieldName('pattern');
  if (id?.type !== 'identifier') return undefined;
  const param = id.text;
  let body = f.childForFieldName('body');
  if (body?.type === 'statement_block') {
    const statements = body.namedChildren.filter((c) => c !== null && !c.type.includes('comment'));
    body =
      statements.length === 1 && statements[0]!.type === 'return_statement'
        ? statements[0]!.namedChild(0)
        : null;
  }
  if (!body) return undefined;
  const test = unwrap(body);
  const op = test.childForFieldName('operator')?.text;
  if (test.type !== 'binary_expression' || (op !== '===' && op !== '==')) return undefined;
  const left = test.childForFieldName('left');
  const right = test.childForFieldName('right');
  if (!left || !right) return undefined;
  const keyPattern = new RegExp(`^${param.replace(/\$/g, '\\$')}(\\??\\.[\\w$]+)*$`);
  const uses = (n: Node) =>
    n.text === param || n.descendantsOfType('identifier').some((i) => i?.text === param);
  if (keyPattern.test(left.text) && !uses(right)) return { param, key: left.text, probe: right.text };
  if (keyPattern.test(right.text) && !uses(left)) return { param, key: right.text, probe: left.text };
  return undefined;
}

const JS_METHODS = new Set([
  'includes',
  'indexOf',
  'lastIndexOf',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'filter',
  'some',
]);
const PY_METHODS = new Set(['index', 'count', 'remove']);
const JAVA_METHODS = new Set(['contains', 'indexOf', 'lastIndexOf']);
const JAVA_LISTS = /^(java\.util\.)?(List|ArrayList|LinkedList|Vector|CopyOnWriteArrayList)\b/;
const GO_SEARCH = /^slices\.(Contains|ContainsFunc|Index|IndexFunc)$/;
const COMPREHENSIONS = new Set([
  'list_comprehension',
  'set_comprehension',
  'dictionary_comprehension',
  'generator_expression',
]);

function jsArrayType(type: Node | null): boolean {
  if (!type) return false;
  const t = type.type === 'type_annotation' ? type.namedChild(0) : type;
  if (!t) return false;
  if (t.type === 'array_type') return true;
  if (t.type === 'readonly_type') return t.namedChild(0)?.type === 'array_type';
  return t.type === 'generic_type' && /^(Array|ReadonlyArray)$/.test(t.childForFieldName('name')?.text ?? '');
}

function jsArrayValue(value: Node | null): boolean {
  if (!value) return false;
  let v = unwrap(value);
  // `[] as string[]`, `x satisfies T[]`: the value or the asserted type tells.
  while (v.type === 'as_expression' || v.type === 'satisfies_expression') {
    if (jsArrayType(v.namedChild(1))) return true;
    const inner = v.namedChild(0);
    if (!inner) return false;
    v = unwrap(inner);
  }
  if (v.type === 'array') return true;
  if (v.type === 'new_expression') return v.childForFieldName('constructor')?.text === 'Array';
  if (v.type === 'call_expression') {
    const callee = calleeText(v);
    return (
      /^(Array\.(from|of)|Object\.(keys|values|entries))$/.test(callee) || methodName(callee) === 'split'
    );
  }
  return false;
}

function pyListType(type: Node | null): boolean {
  const text = type?.text.replace(/\s+/g, '') ?? '';
  return /^(list|List|typing\.List)(\[.*\])?$/.test(text);
}

function pyListValue(value: Node | null): boolean {
  if (!value) return false;
  const v = unwrap(value);
  if (v.type === 'list' || v.type === 'list_comprehension') return true;
  if (v.type === 'call')
    return /^(list|sorted)$/.test(calleeText(v)) || methodName(calleeText(v)) === 'split';
  return false;
}

/** Bindings a node makes, for the languages whose arrays must be proven from declarations. */
function bindingsOf(language: LanguageId, node: Node): { name: string; binding: Binding }[] {
  const out: { name: string; binding: Binding }[] = [];
  const add = (name: Node | null, array: boolean) => {
    if (name && name.type === 'identifier') out.push({ name: name.text, binding: { node, array } });
  };
  if (language === 'python') {
    switch (node.type) {
      case 'assignment':
        add(
          node.childForFieldName('left'),
          pyListType(node.childForFieldName('type')) || pyListValue(node.childForFieldName('right')),
        );
        break;
      case 'typed_parameter':
      case 'typed_default_parameter':
        add(node.childForFieldName('name') ?? node.namedChild(0), pyListType(node.childForFieldName('type')));
        break;
      case 'parameters':
      case 'lambda_parameters':
        for (const p of node.namedChildren) if (p?.type === 'identifier') add(p, false);
        break;
      case 'default_parameter':
        add(node.childForFieldName('name'), false);
        break;
      case 'named_expression':
        add(node.childForFieldName('name'), pyListValue(node.childForFieldName('value')));
        break;
      case 'for_statement':
      case 'for_in_clause':
        for (const id of node.childForFieldName('left')?.descendantsOfType('identifier') ?? [])
          add(id, false);
        break;
      case 'as_pattern':
        for (const id of node.childForFieldName('alias')?.descendantsOfType('identifier') ?? [])
          add(id, false);
        break;
    }
    return out;
  }
  if (language === 'java') {
    switch (node.type) {
      case 'local_variable_declaration':
      case 'field_declaration': {
        const type = node.childForFieldName('type')?.text ?? '';
        for (const d of node.childrenForFieldName('declarator')) {
          if (!d) continue;
          const value = d.childForFieldName('value');
          const fromValue =
            type === 'var' &&
            value?.type === 'object_creation_expression' &&
            JAVA_LISTS.test(value.childForFieldName('type')?.text ?? '');
          add(d.childForFieldName('name'), JAVA_LISTS.test(type) || fromValue);
        }
        break;
      }
      case 'formal_parameter':
      case 'enhanced_for_statement':
      case 'catch_formal_parameter':
        add(
          node.childForFieldName('name'),
          node.type === 'formal_parameter' && JAVA_LISTS.test(node.childForFieldName('type')?.text ?? ''),
        );
        break;
      case 'spread_parameter':
      case 'inferred_parameters':
        for (const id of node.namedChildren) add(id, false);
        break;
    }
    return out;
  }
  // JavaScript, TypeScript, TSX.
  switch (node.type) {
    case 'variable_declarator':
      add(
        node.childForFieldName('name'),
        jsArrayType(node.childForFieldName('type')) || jsArrayValue(node.childForFieldName('value')),
      );
      break;
    case 'required_parameter':
    case 'optional_parameter':
      add(node.childForFieldName('pattern'), jsArrayType(node.childForFieldName('type')));
      break;
    case 'formal_parameters':
      for (const p of node.namedChildren) if (p?.type === 'identifier') add(p, false);
      break;
    case 'assignment_expression':
      add(node.childForFieldName('left'), jsArrayValue(node.childForFieldName('right')));
      break;
    case 'for_in_statement':
      add(node.childForFieldName('left'), false);
      break;
    case 'arrow_function':
      add(node.childForFieldName('parameter'), false);
      break;
  }
  return out;
}

const BINDING_TYPES: Record<string, readonly string[]> = {
  python: [
    'assignment',
    'typed_parameter',
    'typed_default_parameter',
    'parameters',
    'lambda_parameters',
    'default_parameter',
    'named_expression',
    'for_statement',
    'for_in_clause',
    'as_pattern',
  ],
  java: [
    'local_variable_declaration',
    'field_declaration',
    'formal_parameter',
    'enhanced_for_statement',
    'catch_formal_parameter',
    'spread_parameter',
    'inferred_parameters',
  ],
  js: [
    'variable_declarator',
    'required_parameter',
    'optional_parameter',
    'formal_parameters',
    'assignment_expression',
    'for_in_statement',
    'arrow_function',
  ],
};

/** Python: the loop or comprehension that repeats `node`. */
function pythonRepeater(node: Node): Node | undefined {
  const loop = enclosingLoop(node);
  let child = node;
  for (let p = node.parent; p && (!loop || contains(loop, p)); child = p, p = p.parent) {
    if (loop && p.id === loop.id) break;
    if (COMPREHENSIONS.has(p.type)) {
      // Inside the comprehension's element or its `if` clauses, not the first iterable.
      const first = p.namedChildren.find((c) => c?.type === 'for_in_clause');
      const once = first?.childForFieldName('right');
      if (once && contains(once, node)) continue;
      if (
        child.type === 'for_in_clause' ||
        child.type === 'if_clause' ||
        child.id === p.childForFieldName('body')?.id
      )
        return p;
    }
  }
  return loop;
}

function advice(language: LanguageId, name: string, method: string, where: string): string {
  switch (language) {
    case 'python':
      return method === 'in'
        ? `build \`${name}_set = set(${name})\` once before the ${where} and test membership in that, which takes constant time`
        : `build a dict from each value to what you need (e.g. its position) once before the ${where} and look values up in it`;
    case 'java':
      return method === 'contains'
        ? `build \`new HashSet<>(${name})\` once before the loop and call contains on the set, which takes constant time`
        : `build a HashMap from each element to its position once before the loop and look elements up in it`;
    case 'go':
      return `build a map from the slice's elements (map[T]struct{}, or map[T]int for positions) once before the loop and look keys up in it`;
    default:
      switch (method) {
        case 'includes':
          return `build \`const ${name}Set = new Set(${name})\` once before the loop and call \`${name}Set.has(…)\`, which takes constant time`;
        default:
          return `build a Map from each element of \`${name}\` to its position once before the loop and look positions up with get, which takes constant time`;
      }
  }
}

/** JS advice for a search by key: the lookup structure to build, in this code's own names. */
function keyedAdvice(name: string, method: string, k: KeyComparison): string {
  const field = k.key === k.param ? '' : (k.key.split('.').pop() ?? '');
  const index = `${name}By${field ? field[0]!.toUpperCase() + field.slice(1) : 'Value'}`;
  const pair = (value: string) =>
    `new Map(${name}.map((${k.param}${value === 'i' ? ', i' : ''}) => [${k.key}, ${value}]))`;
  switch (method) {
    case 'some':
      return `build \`const ${index} = new Set(${name}.map((${k.param}) => ${k.key}))\` once before the loop and test \`${index}.has(${k.probe})\`, which takes constant time`;
    case 'filter':
      return `group \`${name}\` once before the loop into a Map from \`${k.key}\` to the elements that have it, and take \`${index}.get(${k.probe}) ?? []\` instead of filtering`;
    case 'findIndex':
    case 'findLastIndex':
      return `build \`const ${index} = ${pair('i')}\` once before the loop and look positions up with \`${index}.get(${k.probe})\` (it keeps the last position of a repeated key)`;
    default:
      return `build \`const ${index} = ${pair(k.param)}\` once before the loop and look elements up with \`${index}.get(${k.probe})\`, which takes constant time (if keys repeat, it keeps the last element with each key)`;
  }
}

/** A linear scan of a collection on every iteration of a loop. */
export const linearSearchInLoop: Rule = {
  meta: {
    id: 'performance/linear-search-in-loop',
    type: 'performance',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description:
        'includes/indexOf/find/filter/some, `in`, contains or slices.Contains on a known array or list inside a loop.',
    },
  },
  create(context) {
    const { language } = context;
    const report = (
      node: Node,
      name: string,
      kind: string,
      method: string,
      loop: Node,
      declared?: Node,
      key?: KeyComparison,
    ) => {
      const where = COMPREHENSIONS.has(loop.type) ? 'comprehension' : 'loop';
      context.report({
        node,
        message: `${code(node.text, 50)} on line ${lineOf(node)} scans the ${kind} \`${name}\`${declared ? ` (line ${lineOf(declared)})` : ''} element by element on every iteration of the ${where} on line ${lineOf(loop)}, so the work grows with the number of iterations times the length of \`${name}\`. Instead, ${key ? keyedAdvice(name, method, key) : advice(language, name, method, where)}.`,
      });
    };

    if (language === 'go') {
      return {
        call_expression(node) {
          if (!GO_SEARCH.test(calleeText(node))) return;
          const loop = enclosingLoop(node);
          const slice = callArguments(node)[0];
          if (loop && slice) report(node, slice.text, 'slice', 'contains', loop);
        },
      };
    }

    const bindings = new Map<string, Binding[]>();
    const candidates: Candidate[] = [];
    const bind = (node: Node) => {
      for (const { name, binding } of bindingsOf(language, node)) {
        const list = bindings.get(name) ?? [];
        list.push(binding);
        bindings.set(name, list);
      }
    };
    const visitors: Record<string, (node: Node) => void> = {};
    for (const type of BINDING_TYPES[language === 'python' || language === 'java' ? language : 'js']!)
      visitors[type] = bind;

    const candidate = (
      node: Node,
      receiver: Node | null | undefined,
      method: string,
      loop: Node | undefined,
      key?: KeyComparison,
    ) => {
      if (receiver?.type === 'identifier' && loop)
        candidates.push({ node, name: receiver.text, method, loop, ...(key ? { key } : {}) });
    };
    const kind = language === 'python' ? 'list' : language === 'java' ? 'List' : 'array';

    if (language === 'python') {
      visitors.comparison_operator = (node) => {
        const parts = node.children.filter((c) => c !== null);
        for (let i = 0; i < parts.length; i++) {
          const op = parts[i]!;
          if (op.isNamed || (op.type !== 'in' && op.type !== 'not in')) continue;
          candidate(
            node,
            parts.slice(i + 1).find((c) => c.isNamed),
            'in',
            pythonRepeater(node),
          );
        }
      };
      visitors.call = (node) => {
        const fn = node.childForFieldName('function');
        if (fn?.type === 'attribute' && PY_METHODS.has(fn.childForFieldName('attribute')?.text ?? ''))
          candidate(
            node,
            fn.childForFieldName('object'),
            fn.childForFieldName('attribute')!.text,
            pythonRepeater(node),
          );
      };
    } else if (language === 'java') {
      visitors.method_invocation = (node) => {
        const name = node.childForFieldName('name')?.text ?? '';
        if (!JAVA_METHODS.has(name)) return;
        let object = node.childForFieldName('object');
        // this.items → the field items
        if (object?.type === 'field_access' && object.childForFieldName('object')?.type === 'this')
          object = object.childForFieldName('field');
        candidate(node, object, name, enclosingLoop(node));
      };
    } else {
      visitors.call_expression = (node) => {
        const fn = node.childForFieldName('function');
        if (fn?.type !== 'member_expression') return;
        const method = fn.childForFieldName('property')?.text ?? '';
        if (!JS_METHODS.has(method)) return;
        // A search by callback is only replaceable by a lookup when it compares a key with a value.
        const key = CALLBACK_METHODS.has(method) ? keyComparison(callArguments(node)[0]) : undefined;
        if (CALLBACK_METHODS.has(method) && !key) return;
        candidate(node, fn.childForFieldName('object'), method, enclosingLoop(node), key);
      };
    }

    visitors['Program:exit'] = () => {
      for (const { node, name, method, loop, key } of candidates) {
        const found = bindings.get(name) ?? [];
        if (found.length === 0 || !found.every((b) => b.array)) continue;
        // Declared inside the loop, it is a fresh (usually small) collection each time round.
        if (found.some((b) => contains(loop, b.node))) continue;
        report(node, name, kind, method, loop, found[0]!.node, key);
      }
    };
    return visitors;
  },
};
