/**
 * Where names are bound and changed, and what a binding says they hold: one
 * table per snapshot and language, built in one pass over the nodes on first
 * use and shared by every rule and fact that asks (so the answers agree).
 *
 * Scope is approximated by functions: a name bound anywhere in a function
 * belongs to it, and a use sees the bindings of the innermost function around
 * it that binds the name, else the top level's. Block scope is ignored, which
 * only ever adds bindings to consider: every answer here is "all the bindings
 * agree", so extra ones make it say less, never something false.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node, SourceText } from '../parsing/node.js';
import { contains, enclosingFunction, FUNCTION_TYPES, unwrap } from '../nodes.js';
import { kindOfType, kindOfValue, type ValueKind } from './values.js';

export type { ValueKind } from './values.js';

export type BindingKind = 'declaration' | 'assignment' | 'parameter' | 'loop-variable';

export interface Binding {
  readonly name: string;
  /** The node that binds: a declarator or declaration, an assignment, a parameter, a loop (for its variable). */
  readonly node: Node;
  /** 1-based line of `node`. */
  readonly line: number;
  readonly kind: BindingKind;
  /** What the binding says the name holds: its declared type when that is recognised, else its value. */
  readonly holds: ValueKind;
  /** A type is written (TypeScript annotation, Java or Go declaration, Python annotation). */
  readonly typed: boolean;
  /** The value bound, where one is written (`[]` in `const seen = []`). */
  readonly value?: Node;
  /** The function whose name it is, or the root for top-level and class-level names. */
  readonly scope: Node;
}

/**
 * A change that keeps the binding: `s += x` and `s = s + x` append, `n -= 1`
 * is another compound assignment, `xs.push(x)` a call of a mutating method.
 */
export type UpdateKind = 'append' | 'compound' | 'mutation';

export interface Update {
  readonly name: string;
  readonly node: Node;
  readonly line: number;
  readonly how: UpdateKind;
  /** For mutations: the method called (`push`, `append`, `add`). */
  readonly method?: string;
}

/** A change to a name inside a loop: a new binding there, or an update. */
export interface Change {
  readonly node: Node;
  readonly line: number;
  readonly how: 'rebound' | UpdateKind;
  /** For mutations: the method called. */
  readonly method?: string;
}

export interface Bindings {
  /** Every binding of `name` in the snippet, in document order. */
  all(name: string): readonly Binding[];
  /** The bindings of `name` a use at `at` sees (in document order), or none. */
  visible(name: string, at: Node): readonly Binding[];
  /**
   * What `name` holds at `at` when every binding that decides agrees, else
   * `unknown`. Where types are checked (Java, Go, TypeScript declarations with
   * a type), declarations and parameters decide and plain assignments cannot
   * change the kind; elsewhere every binding does.
   */
  holds(name: string, at: Node): ValueKind;
  /** Updates of `name` inside `within` (the whole snippet when not given), in document order. */
  updates(name: string, within?: Node): readonly Update[];
  /** Every update of every name, in document order. */
  everyUpdate(): readonly Update[];
  /** The first rebinding or update of `name` inside `loop`, if any. */
  changedIn(name: string, loop: Node): Change | undefined;
}

/** Methods that change the collection they are called on. */
const MUTATORS = new Set([
  'push',
  'unshift',
  'splice',
  'pop',
  'shift',
  'append',
  'extend',
  'insert',
  'add',
  'addAll',
  'put',
  'putAll',
  'set',
  'setdefault',
  'update',
  'remove',
  'removeAll',
  'discard',
  'delete',
  'clear',
]);

interface Extra {
  readonly typed?: boolean;
  readonly value?: Node | null;
}

interface Sink {
  bind(name: Node | null | undefined, kind: BindingKind, holds: ValueKind, extra?: Extra): void;
  update(name: Node | null | undefined, how: UpdateKind, method?: string): void;
}

type Reader = (node: Node, sink: Sink) => void;

/** C#'s `x => …` holds its one parameter in an `implicit_parameter` leaf. */
const isName = (n: Node | null | undefined): boolean =>
  (n?.type === 'identifier' || n?.type === 'implicit_parameter') && n.text !== '_';

/** Names a destructuring pattern binds (defaults inside it may add a few more: that only says less). */
function patternNames(pattern: Node | null | undefined): Node[] {
  if (!pattern) return [];
  return pattern.descendantsOfType(['identifier', 'shorthand_property_identifier_pattern']);
}

function each(sink: Sink, names: readonly Node[], kind: BindingKind, holds: ValueKind): void {
  for (const n of names) if (n.text !== '_') sink.bind(n, kind, holds);
}

/** The leftmost operand of a chain of `+`: `s` in `s + a + b`. */
function leftmostOfSum(node: Node): Node {
  let n = unwrap(node);
  while (
    (n.type === 'binary_operator' || n.type === 'binary_expression') &&
    n.childForFieldName('operator')?.text === '+'
  ) {
    const left = n.childForFieldName('left');
    if (!left) break;
    n = unwrap(left);
  }
  return n;
}

/** `s = s + x + …`: appends to s, keeping its kind (not so in JavaScript, where `[] + x` is a string). */
function selfAppend(name: Node, value: Node): boolean {
  const first = leftmostOfSum(value);
  return first.id !== unwrap(value).id && first.text === name.text;
}

/** Go's `s = append(s, x)`: the slice grows, it is not a new one. */
function appendsTo(name: Node, value: Node): boolean {
  const call = unwrap(value);
  if (call.type !== 'call_expression' || call.childForFieldName('function')?.text !== 'append') return false;
  return call.childForFieldName('arguments')?.namedChild(0)?.text === name.text;
}

/** Binds a declared name from its type (if written) and its value. */
function declare(
  sink: Sink,
  language: LanguageId,
  name: Node | null | undefined,
  kind: BindingKind,
  type: Node | null | undefined,
  value: Node | null | undefined,
): void {
  const declared = kindOfType(language, type);
  const holds = declared && declared !== 'unknown' ? declared : kindOfValue(language, value);
  sink.bind(name, kind, holds, { typed: declared !== undefined, value });
}

/** `a, b = x, y` style pairs: each name with its own value when the counts match. */
function pairs(
  sink: Sink,
  language: LanguageId,
  names: readonly Node[],
  values: readonly Node[],
  kind: BindingKind,
  type?: Node | null,
): void {
  names.forEach((name, i) =>
    declare(sink, language, name, kind, type, values.length === names.length ? values[i] : undefined),
  );
}

function mutation(sink: Sink, receiver: Node | null | undefined, method: string | undefined): void {
  if (method && MUTATORS.has(method)) sink.update(receiver, 'mutation', method);
}

const PYTHON: Record<string, Reader> = {
  assignment(node, sink) {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (left && isName(left)) {
      if (right && selfAppend(left, right)) sink.update(left, 'append');
      else declare(sink, 'python', left, 'assignment', node.childForFieldName('type'), right);
    } else if (left?.type === 'pattern_list' && right?.type === 'expression_list') {
      pairs(sink, 'python', left.namedChildren, right.namedChildren, 'assignment');
    } else {
      each(sink, patternNames(left), 'assignment', 'unknown');
    }
  },
  augmented_assignment(node, sink) {
    const op = node.childForFieldName('operator')?.text;
    sink.update(node.childForFieldName('left'), op === '+=' ? 'append' : 'compound');
  },
  named_expression(node, sink) {
    declare(
      sink,
      'python',
      node.childForFieldName('name'),
      'assignment',
      null,
      node.childForFieldName('value'),
    );
  },
  parameters: pythonParameters,
  lambda_parameters: pythonParameters,
  typed_parameter(node, sink) {
    const name = node.childForFieldName('name') ?? node.namedChildren.find((c) => isName(c));
    declare(sink, 'python', name, 'parameter', node.childForFieldName('type'), null);
  },
  typed_default_parameter(node, sink) {
    declare(
      sink,
      'python',
      node.childForFieldName('name'),
      'parameter',
      node.childForFieldName('type'),
      null,
    );
  },
  default_parameter(node, sink) {
    sink.bind(node.childForFieldName('name'), 'parameter', 'unknown');
  },
  for_statement: pythonLoop,
  for_in_clause: pythonLoop,
  as_pattern(node, sink) {
    each(sink, patternNames(node.childForFieldName('alias')), 'assignment', 'unknown');
  },
  call(node, sink) {
    const fn = node.childForFieldName('function');
    if (fn?.type === 'attribute')
      mutation(sink, fn.childForFieldName('object'), fn.childForFieldName('attribute')?.text);
  },
};

function pythonParameters(node: Node, sink: Sink): void {
  for (const p of node.namedChildren) {
    if (isName(p)) sink.bind(p, 'parameter', 'unknown');
    else if (p.type === 'list_splat_pattern') sink.bind(p.namedChild(0), 'parameter', 'unknown');
    else if (p.type === 'dictionary_splat_pattern') sink.bind(p.namedChild(0), 'parameter', 'map');
  }
}

function pythonLoop(node: Node, sink: Sink): void {
  each(sink, patternNames(node.childForFieldName('left')), 'loop-variable', 'unknown');
}

function jsParameter(language: LanguageId, pattern: Node | null, type: Node | null, sink: Sink): void {
  if (!pattern) return;
  if (pattern.type === 'rest_pattern') sink.bind(pattern.namedChild(0), 'parameter', 'list', { typed: true });
  else if (isName(pattern)) declare(sink, language, pattern, 'parameter', type, null);
  else each(sink, patternNames(pattern), 'parameter', 'unknown');
}

function javascript(language: LanguageId): Record<string, Reader> {
  return {
    variable_declarator(node, sink) {
      const name = node.childForFieldName('name');
      if (isName(name))
        declare(
          sink,
          language,
          name,
          'declaration',
          node.childForFieldName('type'),
          node.childForFieldName('value'),
        );
      else each(sink, patternNames(name), 'declaration', 'unknown');
    },
    required_parameter(node, sink) {
      jsParameter(language, node.childForFieldName('pattern'), node.childForFieldName('type'), sink);
    },
    optional_parameter(node, sink) {
      jsParameter(language, node.childForFieldName('pattern'), node.childForFieldName('type'), sink);
    },
    formal_parameters(node, sink) {
      for (const p of node.namedChildren) {
        if (p.type === 'required_parameter' || p.type === 'optional_parameter') continue;
        if (p.type === 'assignment_pattern')
          each(sink, patternNames(p.childForFieldName('left')), 'parameter', 'unknown');
        else jsParameter(language, p, null, sink);
      }
    },
    arrow_function(node, sink) {
      sink.bind(node.childForFieldName('parameter'), 'parameter', 'unknown');
    },
    assignment_expression(node, sink) {
      const left = node.childForFieldName('left');
      if (isName(left)) declare(sink, language, left, 'assignment', null, node.childForFieldName('right'));
      else if (left?.type === 'array_pattern' || left?.type === 'object_pattern')
        each(sink, patternNames(left), 'assignment', 'unknown');
    },
    augmented_assignment_expression(node, sink) {
      const op = node.childForFieldName('operator')?.text;
      sink.update(node.childForFieldName('left'), op === '+=' ? 'append' : 'compound');
    },
    for_in_statement(node, sink) {
      each(sink, patternNames(node.childForFieldName('left')), 'loop-variable', 'unknown');
    },
    catch_clause(node, sink) {
      each(sink, patternNames(node.childForFieldName('parameter')), 'parameter', 'unknown');
    },
    call_expression(node, sink) {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'member_expression')
        mutation(sink, fn.childForFieldName('object'), fn.childForFieldName('property')?.text);
    },
  };
}

function javaDeclaration(kind: BindingKind): Reader {
  return (node, sink) => {
    const type = node.childForFieldName('type');
    for (const d of node.childrenForFieldName('declarator'))
      declare(sink, 'java', d.childForFieldName('name'), kind, type, d.childForFieldName('value'));
  };
}

const JAVA: Record<string, Reader> = {
  local_variable_declaration: javaDeclaration('declaration'),
  field_declaration: javaDeclaration('declaration'),
  formal_parameter(node, sink) {
    declare(sink, 'java', node.childForFieldName('name'), 'parameter', node.childForFieldName('type'), null);
  },
  spread_parameter(node, sink) {
    const declarator = node.namedChildren.find((c) => c.type === 'variable_declarator');
    sink.bind(declarator?.childForFieldName('name'), 'parameter', 'list', { typed: true });
  },
  catch_formal_parameter(node, sink) {
    sink.bind(node.childForFieldName('name'), 'parameter', 'unknown', { typed: true });
  },
  enhanced_for_statement(node, sink) {
    declare(
      sink,
      'java',
      node.childForFieldName('name'),
      'loop-variable',
      node.childForFieldName('type'),
      null,
    );
  },
  inferred_parameters(node, sink) {
    each(
      sink,
      node.namedChildren.filter((c) => isName(c)),
      'parameter',
      'unknown',
    );
  },
  lambda_expression(node, sink) {
    const params = node.childForFieldName('parameters');
    if (isName(params)) sink.bind(params, 'parameter', 'unknown');
  },
  assignment_expression(node, sink) {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const op = node.childForFieldName('operator')?.text ?? '=';
    if (op === '+=') sink.update(left, 'append');
    else if (op !== '=') sink.update(left, 'compound');
    else if (left && isName(left) && right && selfAppend(left, right)) sink.update(left, 'append');
    else declare(sink, 'java', left, 'assignment', null, right);
  },
  method_invocation(node, sink) {
    mutation(sink, node.childForFieldName('object'), node.childForFieldName('name')?.text);
  },
};

function goSpec(node: Node, sink: Sink): void {
  const values = node.childForFieldName('value')?.namedChildren ?? [];
  pairs(sink, 'go', node.childrenForFieldName('name'), values, 'declaration', node.childForFieldName('type'));
}

const GO: Record<string, Reader> = {
  var_spec: goSpec,
  const_spec: goSpec,
  short_var_declaration(node, sink) {
    const names = node.childForFieldName('left')?.namedChildren ?? [];
    const values = node.childForFieldName('right')?.namedChildren ?? [];
    pairs(sink, 'go', names, values, 'declaration');
  },
  parameter_declaration(node, sink) {
    const type = node.childForFieldName('type');
    for (const name of node.childrenForFieldName('name')) declare(sink, 'go', name, 'parameter', type, null);
  },
  variadic_parameter_declaration(node, sink) {
    sink.bind(node.childForFieldName('name'), 'parameter', 'list', { typed: true });
  },
  range_clause(node, sink) {
    each(
      sink,
      node.childForFieldName('left')?.namedChildren.filter((c) => isName(c)) ?? [],
      'loop-variable',
      'unknown',
    );
  },
  assignment_statement(node, sink) {
    const names = node.childForFieldName('left')?.namedChildren ?? [];
    const values = node.childForFieldName('right')?.namedChildren ?? [];
    const op = node.childForFieldName('operator')?.text ?? '=';
    names.forEach((name, i) => {
      const value = values.length === names.length ? values[i] : undefined;
      if (op === '+=') sink.update(name, 'append');
      else if (op !== '=') sink.update(name, 'compound');
      else if (isName(name) && value && selfAppend(name, value)) sink.update(name, 'append');
      else if (isName(name) && value && appendsTo(name, value)) sink.update(name, 'append', 'append');
      else declare(sink, 'go', name, 'assignment', null, value);
    });
  },
};

/** C#'s declarator holds its value as an unnamed child after the name. */
export function csharpDeclaratorValue(declarator: Node): Node | undefined {
  const name = declarator.childForFieldName('name');
  return declarator.namedChildren.find(
    (c) => c.id !== name?.id && c.type !== 'bracketed_argument_list' && !c.type.includes('comment'),
  );
}

/** `Add`, `Remove`, `Clear`: C#'s mutators, under the names the table keeps (`add`). */
const csharpMethod = (name: string | undefined) =>
  name ? name.charAt(0).toLowerCase() + name.slice(1) : undefined;

const CSHARP: Record<string, Reader> = {
  variable_declaration(node, sink) {
    const type = node.childForFieldName('type');
    for (const d of node.namedChildren)
      if (d.type === 'variable_declarator')
        declare(sink, 'csharp', d.childForFieldName('name'), 'declaration', type, csharpDeclaratorValue(d));
  },
  parameter(node, sink) {
    declare(
      sink,
      'csharp',
      node.childForFieldName('name'),
      'parameter',
      node.childForFieldName('type'),
      null,
    );
  },
  implicit_parameter(node, sink) {
    sink.bind(node, 'parameter', 'unknown');
  },
  foreach_statement(node, sink) {
    const left = node.childForFieldName('left');
    const type = node.childForFieldName('type');
    if (isName(left)) declare(sink, 'csharp', left, 'loop-variable', type, null);
    else each(sink, patternNames(left), 'loop-variable', 'unknown');
  },
  catch_declaration(node, sink) {
    sink.bind(node.childForFieldName('name'), 'parameter', 'unknown', { typed: true });
  },
  assignment_expression(node, sink) {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const op = node.childForFieldName('operator')?.text ?? '=';
    if (op === '+=') sink.update(left, 'append');
    else if (op === '??=') declare(sink, 'csharp', left, 'assignment', null, right);
    else if (op !== '=') sink.update(left, 'compound');
    else if (left && isName(left) && right && selfAppend(left, right)) sink.update(left, 'append');
    else declare(sink, 'csharp', left, 'assignment', null, right);
  },
  invocation_expression(node, sink) {
    const fn = node.childForFieldName('function');
    if (fn?.type === 'member_access_expression')
      mutation(sink, fn.childForFieldName('expression'), csharpMethod(fn.childForFieldName('name')?.text));
  },
};

function readersFor(language: LanguageId): Record<string, Reader> | undefined {
  switch (language) {
    case 'python':
      return PYTHON;
    case 'java':
      return JAVA;
    case 'go':
      return GO;
    case 'csharp':
      return CSHARP;
    case 'javascript':
    case 'typescript':
    case 'tsx':
      return javascript(language);
    default:
      return undefined;
  }
}

/** Languages whose compiler checks every binding against its declaration. */
const CHECKED = new Set<LanguageId>(['java', 'go', 'csharp']);

class Table implements Bindings {
  readonly #byName = new Map<string, Binding[]>();
  readonly #updates = new Map<string, Update[]>();

  constructor(
    readonly language: LanguageId,
    readonly root: Node,
  ) {
    const readers = readersFor(language);
    if (!readers) return;
    const nodes = root.doc.nodes;
    // Functions open around the current node, innermost last.
    const open: Node[] = [];
    let scope = root;
    let current = root;
    const sink: Sink = {
      bind: (name, kind, holds, extra = {}) => {
        if (!name || !isName(name)) return;
        const list = this.#byName.get(name.text) ?? [];
        list.push({
          name: name.text,
          node: current,
          line: current.startPosition.row + 1,
          kind,
          holds,
          typed: extra.typed ?? false,
          ...(extra.value ? { value: extra.value } : {}),
          scope,
        });
        this.#byName.set(name.text, list);
      },
      update: (name, how, method) => {
        if (!name || !isName(name)) return;
        const list = this.#updates.get(name.text) ?? [];
        list.push({
          name: name.text,
          node: current,
          line: current.startPosition.row + 1,
          how,
          ...(method ? { method } : {}),
        });
        this.#updates.set(name.text, list);
      },
    };
    for (let id = root.id; id <= root.lastId; id++) {
      const node = nodes[id]!;
      while (open.length > 0 && id > open[open.length - 1]!.lastId) open.pop();
      // A function's parameters are inside its node, so they are its names.
      if (FUNCTION_TYPES.has(node.type)) open.push(node);
      scope = open[open.length - 1] ?? root;
      current = node;
      readers[node.type]?.(node, sink);
    }
  }

  all(name: string): readonly Binding[] {
    return this.#byName.get(name) ?? [];
  }

  visible(name: string, at: Node): readonly Binding[] {
    const bound = this.all(name);
    if (bound.length === 0) return bound;
    for (let fn = enclosingFunction(at) ?? this.root; ; fn = enclosingFunction(fn) ?? this.root) {
      const here = bound.filter((b) => b.scope.id === fn.id);
      if (here.length > 0 || fn.id === this.root.id) return here;
    }
  }

  holds(name: string, at: Node): ValueKind {
    const visible = this.visible(name, at);
    const declared = visible.filter((b) => b.kind !== 'assignment');
    const checked =
      declared.length > 0 &&
      (CHECKED.has(this.language) || declared.some((b) => b.typed && this.language !== 'python'));
    const deciding = checked ? declared : visible;
    const kinds = new Set(deciding.map((b) => b.holds));
    return kinds.size === 1 ? [...kinds][0]! : 'unknown';
  }

  updates(name: string, within?: Node): readonly Update[] {
    const all = this.#updates.get(name) ?? [];
    return within ? all.filter((u) => contains(within, u.node)) : all;
  }

  everyUpdate(): readonly Update[] {
    return [...this.#updates.values()].flat().sort((a, b) => a.node.startIndex - b.node.startIndex);
  }

  changedIn(name: string, loop: Node): Change | undefined {
    // The loop's own header binds its variable afresh each time round: that is not a change.
    const rebound = this.all(name).find((b) => b.node.id !== loop.id && contains(loop, b.node));
    const updated = this.updates(name, loop)[0];
    const first = [rebound, updated]
      .filter((c): c is Binding | Update => c !== undefined)
      .sort((a, b) => a.node.startIndex - b.node.startIndex)[0];
    if (!first) return undefined;
    if (!('how' in first)) return { node: first.node, line: first.line, how: 'rebound' };
    return {
      node: first.node,
      line: first.line,
      how: first.how,
      ...(first.method ? { method: first.method } : {}),
    };
  }
}

const tables = new WeakMap<SourceText, Map<LanguageId, Table>>();

/** The bindings of the snippet `node` belongs to (built once per snapshot and language). */
export function bindingsOf(language: LanguageId, node: Node): Bindings {
  let byLanguage = tables.get(node.doc);
  if (!byLanguage) {
    byLanguage = new Map();
    tables.set(node.doc, byLanguage);
  }
  let table = byLanguage.get(language);
  if (!table) {
    table = new Table(language, node.doc.nodes[0] ?? node);
    byLanguage.set(language, table);
  }
  return table;
}
