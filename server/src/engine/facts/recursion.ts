/**
 * How a recursive unit's self-calls relate to its parameters, which is what
 * decides how many calls there are:
 * - structural: each call goes down to a part of a parameter (`node.left`,
 *   a `child` of `node.children`), so over a tree every node is visited at
 *   most once;
 * - decrement: each call is on a parameter only a constant smaller or larger
 *   (`n - 1`), so two or more of them per call multiply at every level;
 * - other: nothing the arguments show (a slice, a computed value).
 * Self-calls in callbacks written inline count (`node.children.forEach(c =>
 * visit(c))`): they run as part of the unit.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import {
  callArguments,
  calleeText,
  codeWithoutComments,
  COMPREHENSIONS,
  FUNCTION_TYPES,
  LOOP_TYPES,
  numberLiteral,
  unwrap,
} from '../nodes.js';
import { bindingsOf } from '../scope/bindings.js';
import type { UnitKind } from '../metrics/model.js';
import type { Recursion } from './model.js';
import { clip } from './subjects.js';
import { wordsOf } from '../purpose/words.js';

const CALLS = new Set(['call_expression', 'call', 'method_invocation', 'invocation_expression']);
/** Functions written inline: their calls run as part of the unit that passes them on. */
const INLINE = new Set([
  'arrow_function',
  'lambda',
  'lambda_expression',
  'func_literal',
  'function_expression',
  'function',
  // Rust's `|x| …`, Kotlin's and Swift's `{ x -> … }`.
  'closure_expression',
  'lambda_literal',
]);
const NOT_PARAMS = new Set(['self', 'cls', 'this']);
/** Functions declared by name in the tier-2 grammars (Rust's nested `fn`, C#'s and Kotlin's local functions). */
const NAMED_FUNCTION = /^(function_item|function_declaration|local_function_statement|method_declaration)$/;
/** Reading a part: `node.left`, `node.children[0]`, `n.Left`. */
const MEMBERS = new Set([
  'member_expression',
  'attribute',
  'field_access',
  'selector_expression',
  'subscript_expression',
  'subscript',
  'array_access',
  'index_expression',
  // Tier-2: `node->left` (C, C++), `node.left` (Rust, C#, PHP, Kotlin, Swift).
  'field_expression',
  'member_access_expression',
  'navigation_expression',
]);
/** Methods that hand each element of what they are called on to a callback. */
const ITERATORS =
  /^(forEach|map|flatMap|filter|some|every|reduce|reduceRight|find|findIndex|forEachOrdered|anyMatch|allMatch)$/;
/** Calls in a chain that only read a part: `node.getChildren()`, `children.stream()`. */
const GETTERS = /^(get[A-Z]\w*|stream|values|children|iterator)$/;

/** Constructs that run only one of their parts (or none): a call inside one is conditional. */
const CONDITIONAL = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'ternary_expression',
  'conditional_expression',
  'switch_case',
  'switch_default',
  'switch_block_statement_group',
  'switch_rule',
  'expression_case',
  'default_case',
  'case_clause',
  'match_statement',
  'catch_clause',
  'except_clause',
  'while_statement',
  'for_statement',
  'for_in_statement',
  'enhanced_for_statement',
  'do_statement',
]);

/** Ancestors of `node` up to (not including) `stop`. */
function pathUp(node: Node, stop: Node): Node[] {
  const path: Node[] = [];
  for (let p = node.parent; p && p.id !== stop.id; p = p.parent) path.push(p);
  return path;
}

function lowestCommonAncestor(a: Node, b: Node): Node | undefined {
  const ids = new Set<number>();
  for (let p: Node | null = a; p; p = p.parent) ids.add(p.id);
  for (let p: Node | null = b; p; p = p.parent) if (ids.has(p.id)) return p;
  return undefined;
}

/** The unit already caches results: a cache decorator, or a memo/cache name in it. */
export function memoised(unit: Node): boolean {
  const decorated =
    unit.parent?.type === 'decorated_definition'
      ? unit.parent.text.slice(0, unit.startIndex - unit.parent.startIndex)
      : '';
  if (/cache|memo/i.test(decorated)) return true;
  // A name in its code (not a comment or a string: "Memory requirements…" is no memo) made of words
  // such as `memo`, `cache`, `cached`: `_cache`, `memoTable`, `self.cache`.
  const code = codeWithoutComments(unit).replace(/(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g, '""');
  return [...code.matchAll(/[A-Za-z_$][\w$]*/g)].some((m) => wordsOf(m[0]).some((w) => MEMO_WORDS.has(w)));
}

const MEMO_WORDS: ReadonlySet<string> = new Set([
  'memo',
  'memos',
  'memoize',
  'memoized',
  'memoise',
  'memoised',
  'memoization',
  'cache',
  'caches',
  'cached',
  'lru',
]);

/** Two calls that one run makes together: nothing between them and their common ancestor chooses one over the other. */
export function together(a: Node, b: Node): boolean {
  const lca = lowestCommonAncestor(a, b);
  if (!lca || CONDITIONAL.has(lca.type)) return false;
  return ![...pathUp(a, lca), ...pathUp(b, lca)].some((p) => CONDITIONAL.has(p.type));
}

const MEMBER_KINDS: ReadonlySet<UnitKind> = new Set(['method', 'constructor', 'getter', 'setter']);
/** Languages where a bare name inside a method calls that method (an implicit `this`). */
const IMPLICIT_THIS: ReadonlySet<LanguageId> = new Set(['java', 'csharp', 'kotlin', 'swift', 'cpp', 'ruby']);

/**
 * Names a unit can call itself by: `fib`, `Cls.fib`; a method also by `this.fib`, `self.fib`, `cls.fib`
 * or Go's `recv.Fib`. Only a method is called through `this`: in an arrow function assigned inside one
 * (`const handle = () => this.handle()`), `this.handle` is the method, another unit. And inside a
 * method of Python, JavaScript, Go or PHP a bare `fib()` is a function of the module, not the method.
 */
export function selfNames(language: LanguageId, name: string, kind: UnitKind, unit: Node): Set<string> {
  const short = name.split(/[.#:]/).pop() ?? name;
  const member = MEMBER_KINDS.has(kind);
  const names = new Set([name]);
  if (!member || IMPLICIT_THIS.has(language)) names.add(short);
  if (member) {
    for (const receiver of ['this', 'self', 'cls']) names.add(`${receiver}.${short}`);
    const receiver = unit.childForFieldName('receiver')?.namedChildren[0]?.childForFieldName('name');
    if (receiver) names.add(`${receiver.text}.${short}`);
  }
  return names;
}

/** An argument `p - 1`, `p + 1`, `p - k` for a parameter p (the problem shrinks by a constant step): its text. */
export function constantStep(call: Node, params: ReadonlySet<string>): string | undefined {
  for (const arg of callArguments(call)) {
    const a = unwrap(arg);
    if (a.type !== 'binary_expression' && a.type !== 'binary_operator') continue;
    const op = a.childForFieldName('operator')?.text;
    const left = a.childForFieldName('left');
    const right = a.childForFieldName('right');
    if (
      (op === '-' || op === '+') &&
      left &&
      right &&
      params.has(left.text) &&
      numberLiteral(right) !== undefined
    )
      return a.text;
  }
  return undefined;
}

/**
 * Whether a call by the unit's name reaches this very unit. With overloads in
 * the snippet (units of the same name), the name alone does not say which one
 * a call reaches: only a call passing exactly as many arguments as this one
 * takes is taken for a self-call (`pad(s)` calling `pad(s, 8)` is not one).
 */
export function reachesUnit(call: Node, arity: number | undefined): boolean {
  return arity === undefined || callArguments(call).length === arity;
}

/** The self-calls a unit makes, its own and those of inline callbacks in it, in document order. */
function selfCalls(unit: Node, names: ReadonlySet<string>, arity: number | undefined): Node[] {
  const found: Node[] = [];
  const nodes = unit.doc.nodes;
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    // Named functions and classes inside are units of their own.
    if (
      (FUNCTION_TYPES.has(node.type) && !INLINE.has(node.type)) ||
      NAMED_FUNCTION.test(node.type) ||
      /^class_(declaration|definition)$/.test(node.type)
    ) {
      id = node.lastId;
      continue;
    }
    if (CALLS.has(node.type) && names.has(calleeText(node).replace(/\s+/g, '')) && reachesUnit(node, arity))
      found.push(node);
  }
  return found;
}

class Parts {
  /** What the loops and callbacks reaching a part run over, by their node id. */
  readonly over = new Map<number, string>();

  constructor(
    readonly language: LanguageId,
    readonly unit: Node,
    readonly params: ReadonlySet<string>,
  ) {}

  /** `expr` reads a part of a parameter: a field, an element, a getter's result, down from the parameter. */
  isPart(expr: Node): boolean {
    let e = unwrap(expr);
    let steps = 0;
    for (;;) {
      if (MEMBERS.has(e.type) && !this.#slice(e)) {
        const inner =
          e.childForFieldName('object') ??
          e.childForFieldName('operand') ??
          e.childForFieldName('value') ??
          e.namedChild(0);
        if (!inner) return false;
        e = unwrap(inner);
      } else if (CALLS.has(e.type) && callArguments(e).length === 0 && GETTERS.test(this.#method(e))) {
        const inner = this.#receiver(e);
        if (!inner) return false;
        e = unwrap(inner);
      } else break;
      steps++;
    }
    return steps > 0 && e.type === 'identifier' && this.params.has(e.text);
  }

  /** A loop (or iterating callback) in the unit repeats `call` without running over the parts. */
  repeatedElsewhere(call: Node): boolean {
    let repeated = false;
    for (let p = call.parent; p && p.id !== this.unit.id; p = p.parent) {
      if ((LOOP_TYPES.has(p.type) || COMPREHENSIONS.has(p.type)) && !this.over.has(p.id)) repeated = true;
      const host = INLINE.has(p.type) ? (p.parent?.parent ?? undefined) : undefined;
      const iterates = host !== undefined && CALLS.has(host.type) && ITERATORS.test(this.#method(host));
      if (iterates && !this.over.has(host.id)) repeated = true;
      // A function written here and handed on (a subscriber's callback, a finaliser) runs when its
      // receiver calls it: the loops inside it, around the self-call, are that function's, not this unit's.
      if (FUNCTION_TYPES.has(p.type) && !iterates) repeated = false;
    }
    return repeated;
  }

  /** `expr` is a parameter or a part of one: what a loop over it visits is made of the parameter's parts. */
  #isWhole(expr: Node): boolean {
    const e = unwrap(expr);
    if (e.type === 'identifier' && this.params.has(e.text)) return true;
    if (CALLS.has(e.type) && /^(enumerate|reversed|Object\.values)$/.test(calleeText(e))) {
      const [inner] = callArguments(e);
      return inner !== undefined && this.#isWhole(inner);
    }
    return this.isPart(e);
  }

  /** The part a self-call's argument goes down to, if it does. */
  reaches(arg: Node, call: Node): boolean {
    const a = unwrap(arg);
    if (this.isPart(a)) return true;
    if (a.type !== 'identifier' || this.params.has(a.text)) return false;
    return this.#loopVariable(a, call) || this.#callbackParameter(a, call) || this.#boundToPart(a, call);
  }

  /** `child` in `for child in node.children` (or `for (const c of node.children)`, `for _, c := range n.Kids`). */
  #loopVariable(name: Node, call: Node): boolean {
    for (let p = call.parent; p && p.id !== this.unit.id; p = p.parent) {
      const header =
        p.type === 'for_statement' ? (p.namedChildren.find((c) => c.type === 'range_clause') ?? p) : p;
      const iterable =
        header.childForFieldName('right') ??
        (p.type === 'enhanced_for_statement' ? p.childForFieldName('value') : null);
      if (!iterable || !(LOOP_TYPES.has(p.type) || COMPREHENSIONS.has(p.type))) continue;
      const bound =
        p.type === 'enhanced_for_statement' ? p.childForFieldName('name') : header.childForFieldName('left');
      const names = bound?.descendantsOfType('identifier') ?? [];
      if (names.some((n) => n.text === name.text) && this.#isWhole(iterable)) {
        this.over.set(p.id, iterable.text);
        return true;
      }
    }
    return false;
  }

  /** `c` in `node.children.forEach(c => visit(c))`. */
  #callbackParameter(name: Node, call: Node): boolean {
    for (let p = call.parent; p && p.id !== this.unit.id; p = p.parent) {
      if (!INLINE.has(p.type)) continue;
      const params = p.childForFieldName('parameter') ?? p.childForFieldName('parameters');
      const names = params?.descendantsOfType('identifier') ?? [];
      if (!names.some((n) => n.text === name.text)) continue;
      const host = p.parent?.parent;
      if (!host || !CALLS.has(host.type) || !ITERATORS.test(this.#method(host))) return false;
      const receiver = this.#receiver(host);
      if (!receiver || !this.#isWhole(receiver)) return false;
      this.over.set(host.id, receiver.text);
      return true;
    }
    return false;
  }

  /** `left` after `const left = node.left`, when every binding of it that the call sees is a part. */
  #boundToPart(name: Node, call: Node): boolean {
    const visible = bindingsOf(this.language, call).visible(name.text, call);
    return visible.length > 0 && visible.every((b) => b.value !== undefined && this.isPart(b.value));
  }

  #method(call: Node): string {
    const callee = calleeText(call);
    return callee.slice(callee.lastIndexOf('.') + 1);
  }

  #receiver(call: Node): Node | undefined {
    if (call.type === 'method_invocation') return call.childForFieldName('object') ?? undefined;
    const fn = call.childForFieldName('function');
    if (fn?.type === 'member_expression' || fn?.type === 'selector_expression')
      return fn.childForFieldName('object') ?? fn.childForFieldName('operand') ?? undefined;
    if (fn?.type === 'attribute') return fn.childForFieldName('object') ?? undefined;
    return undefined;
  }

  /** `xs[1:]`, `xs[:mid]`: a slice is a smaller copy, not a part. */
  #slice(node: Node): boolean {
    return node.namedChildren.some((c) => c.type === 'slice' || c.type === 'slice_expression');
  }
}

/** Deepest nesting of loops in the unit (inline callbacks included), not counting the ones in `skip`. */
function loopDepth(unit: Node, skip: ReadonlySet<number>): number {
  const nodes = unit.doc.nodes;
  const open: number[] = [];
  let deepest = 0;
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    while (open.length > 0 && id > open[open.length - 1]!) open.pop();
    if (
      (FUNCTION_TYPES.has(node.type) && !INLINE.has(node.type)) ||
      /^class_(declaration|definition)$/.test(node.type)
    ) {
      id = node.lastId;
      continue;
    }
    if ((LOOP_TYPES.has(node.type) || COMPREHENSIONS.has(node.type)) && !skip.has(node.id)) {
      open.push(node.lastId);
      deepest = Math.max(deepest, open.length);
    }
  }
  return deepest;
}

/**
 * A self-call made later, from a callback the unit hands on (`.then`,
 * `.catch`, `setTimeout`), rather than while the unit runs: an inline
 * function between them that is not passed to an iterating method.
 */
function deferred(call: Node, unit: Node): boolean {
  for (let p = call.parent; p && p.id !== unit.id; p = p.parent) {
    if (!INLINE.has(p.type)) continue;
    const host = p.parent?.parent;
    if (!host || !CALLS.has(host.type)) return true;
    const callee = calleeText(host);
    if (!ITERATORS.test(callee.slice(callee.lastIndexOf('.') + 1))) return true;
  }
  return false;
}

/** How many arguments a call to the unit passes: its parameters, less Python's `self` or `cls`. */
export function arityOf(params: readonly string[]): number {
  return params.filter((p) => !NOT_PARAMS.has(p)).length;
}

/**
 * The unit's self-recursion, if it calls itself. `arity`, when given (the
 * snippet has overloads of the unit), is the argument count a self-call passes.
 */
export function recursionOf(
  language: LanguageId,
  unit: Node,
  name: string,
  kind: UnitKind,
  params: readonly string[],
  arity?: number,
): Recursion | undefined {
  const calls = selfCalls(unit, selfNames(language, name, kind, unit), arity);
  if (calls.length === 0) return undefined;
  const paramSet = new Set(params.filter((p) => !NOT_PARAMS.has(p)));
  const parts = new Parts(language, unit, paramSet);
  const facts = {
    calls: calls.map((c) => clip(c.text)),
    sites: calls.map((c) => c.id),
    direct: calls.filter((c) => !deferred(c, unit)).map((c) => c.id),
    inLoop: calls.some((c) => new Parts(language, unit, paramSet).repeatedElsewhere(c)),
    together: calls.some((a, i) => calls.slice(i + 1).some((b) => together(a, b))),
    cached: memoised(unit),
  };
  const structural = calls.map((c) => {
    const part = callArguments(c).find((a) => parts.reaches(a, c));
    return part && clip(part.text);
  });
  // The same part twice, or a part inside a loop that is not over the parts, is visited more than once.
  const distinct = new Set(structural).size === structural.length;
  if (
    structural.every((a) => a !== undefined) &&
    distinct &&
    calls.every((c) => !parts.repeatedElsewhere(c))
  ) {
    return {
      ...facts,
      shape: 'structural',
      args: structural as string[],
      over: [...new Set([...parts.over.values()].map((o) => clip(o)))],
      otherLoopDepth: loopDepth(unit, new Set(parts.over.keys())),
    };
  }
  const steps = calls.map((c) => {
    const step = constantStep(c, paramSet);
    return step && clip(step);
  });
  if (steps.every((s) => s !== undefined))
    return { ...facts, shape: 'decrement', args: steps as string[], over: [], otherLoopDepth: 0 };
  return { ...facts, shape: 'other', args: [], over: [], otherLoopDepth: 0 };
}
