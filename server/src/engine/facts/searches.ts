/**
 * Collection searches repeated by a loop: `includes`/`indexOf`/`find`… in
 * JavaScript, `in`/`index`/`count`/`remove` in Python, `contains`/`indexOf`
 * in Java, `slices.Contains`/`Index` in Go, each with the loop that repeats
 * it and what the bindings say the searched name holds. Whether that makes a
 * finding or a complexity claim is for the reader to decide: a search of a
 * set, a map or a string is found here too, marked as such. Which methods
 * search, and which run a callback per item, each language says
 * (`collections` in languages/).
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node, SourceText } from '../parsing/node.js';
import {
  callArguments,
  calleeText,
  contains,
  enclosingFunction,
  enclosingLoop,
  methodName,
  repeaterOf,
  unwrap,
} from '../nodes.js';
import { bindingsOf, type Binding, type ValueKind } from '../scope/bindings.js';
import { csharpDeclaration } from './csharp-collections.js';
import { collectionsOf } from './syntax.js';

/** A search callback that compares one key of each element with a value: `(x) => x.id === o.id`. */
export interface KeyComparison {
  readonly param: string;
  /** The element's side: `x.id`, or `x` itself. */
  readonly key: string;
  /** The value looked for: `o.id`. */
  readonly probe: string;
}

export interface Search {
  /** The search: a call, or Python's `in` comparison. */
  readonly node: Node;
  /** What is searched, as written: `ids`. */
  readonly name: string;
  /** `includes`, `in`, `contains`, `Contains`… */
  readonly method: string;
  /** The innermost loop (or Python comprehension) that repeats the search. */
  readonly loop: Node;
  /** Searches by callback (`find`, `some`…): whether it compares a key. */
  readonly callback: boolean;
  readonly key?: KeyComparison;
  /** What `name` holds where it is searched (Go's `slices` functions take slices: always a list). */
  readonly holds: ValueKind;
  /** The first binding of `name` the search sees. */
  readonly binding?: Binding;
  /** `name` is bound inside the loop: a fresh collection each time round. */
  readonly boundInLoop: boolean;
}

function keyComparison(arg: Node | undefined): KeyComparison | undefined {
  if (!arg) return undefined;
  const f = unwrap(arg);
  if (f.type !== 'arrow_function' && f.type !== 'function_expression' && f.type !== 'function')
    return undefined;
  const params = f.childForFieldName('parameters')?.namedChildren.filter((c) => !c.type.includes('comment'));
  const first = f.childForFieldName('parameter') ?? params?.[0];
  const id = first?.type === 'identifier' ? first : first?.childForFieldName('pattern');
  if (id?.type !== 'identifier') return undefined;
  const param = id.text;
  let body = f.childForFieldName('body');
  if (body?.type === 'statement_block') {
    const statements = body.namedChildren.filter((c) => !c.type.includes('comment'));
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
    n.text === param || n.descendantsOfType('identifier').some((i) => i.text === param);
  if (keyPattern.test(left.text) && !uses(right)) return { param, key: left.text, probe: right.text };
  if (keyPattern.test(right.text) && !uses(left)) return { param, key: right.text, probe: left.text };
  return undefined;
}

interface Found {
  readonly node: Node;
  readonly receiver: Node | null | undefined;
  readonly method: string;
  readonly loop: Node | undefined;
  /** It tests each item with a callback (collectionsOf's callbackSearches). */
  readonly callback: boolean;
  readonly key?: KeyComparison;
}

/** The search a node makes, if it is one. */
function searchAt(language: LanguageId, node: Node): Found | undefined {
  const { searches, callbackSearches } = collectionsOf(language);
  const byCallback = (name: string) => callbackSearches?.has(name) ?? false;
  switch (language) {
    case 'python':
      if (node.type === 'comparison_operator') {
        const parts = node.children;
        const op = parts.findIndex((c) => !c.named && (c.type === 'in' || c.type === 'not in'));
        if (op < 0) return undefined;
        const receiver = parts.slice(op + 1).find((c) => c.named);
        return { node, receiver, method: 'in', loop: repeaterOf(node), callback: false };
      }
      if (node.type === 'call') {
        const fn = node.childForFieldName('function');
        const method = fn?.childForFieldName('attribute')?.text ?? '';
        if (fn?.type === 'attribute' && searches.has(method))
          return {
            node,
            receiver: fn.childForFieldName('object'),
            method,
            loop: repeaterOf(node),
            callback: byCallback(method),
          };
      }
      return undefined;
    case 'java': {
      if (node.type !== 'method_invocation') return undefined;
      const method = node.childForFieldName('name')?.text ?? '';
      if (!searches.has(method)) return undefined;
      let object = node.childForFieldName('object');
      // this.items → the field items
      if (object?.type === 'field_access' && object.childForFieldName('object')?.type === 'this')
        object = object.childForFieldName('field');
      return { node, receiver: object, method, loop: enclosingLoop(node), callback: byCallback(method) };
    }
    case 'go': {
      if (node.type !== 'call_expression') return undefined;
      const callee = calleeText(node);
      if (!searches.has(callee)) return undefined;
      return {
        node,
        receiver: callArguments(node)[0],
        method: methodName(callee),
        loop: enclosingLoop(node),
        callback: byCallback(callee),
      };
    }
    case 'csharp': {
      if (node.type !== 'invocation_expression') return undefined;
      const fn = node.childForFieldName('function');
      const method = fn?.childForFieldName('name')?.text ?? '';
      if (fn?.type !== 'member_access_expression' || !searches.has(method)) return undefined;
      return {
        node,
        receiver: fn.childForFieldName('expression'),
        method,
        loop: enclosingLoop(node),
        callback: byCallback(method),
      };
    }
    case 'javascript':
    case 'typescript':
    case 'tsx': {
      if (node.type !== 'call_expression') return undefined;
      const fn = node.childForFieldName('function');
      if (fn?.type !== 'member_expression') return undefined;
      const method = fn.childForFieldName('property')?.text ?? '';
      if (!searches.has(method)) return undefined;
      const callback = byCallback(method);
      const key = callback ? keyComparison(callArguments(node)[0]) : undefined;
      return {
        node,
        receiver: fn.childForFieldName('object'),
        method,
        loop: enclosingLoop(node),
        callback,
        ...(key ? { key } : {}),
      };
    }
    default:
      return undefined;
  }
}

function find(language: LanguageId, root: Node): Search[] {
  // C#'s searches are read for chains only (chainSearchesOf): loop facts stay tier 1's.
  if (language === 'csharp') return [];
  const bindings = bindingsOf(language, root);
  const out: Search[] = [];
  const nodes = root.doc.nodes;
  for (let id = root.id; id <= root.lastId; id++) {
    const found = searchAt(language, nodes[id]!);
    const receiver = found?.receiver;
    if (!found?.loop || !receiver) continue;
    // Go's slices functions name the slice as any expression; elsewhere only a plain name can be traced.
    if (language !== 'go' && receiver.type !== 'identifier') continue;
    // A literal (`[]string{"$and", "$or"}`) has the length the code gives it: searching it costs a constant.
    if (receiver.type === 'composite_literal') continue;
    const name = receiver.text;
    const visible = language === 'go' ? [] : bindings.visible(name, found.node);
    const loop = found.loop;
    const binding = visible[0];
    out.push({
      node: found.node,
      name,
      method: found.method,
      loop,
      callback: found.callback,
      ...(found.key ? { key: found.key } : {}),
      holds: language === 'go' ? 'list' : bindings.holds(name, found.node),
      ...(binding ? { binding } : {}),
      boundInLoop: visible.some((b) => contains(loop, b.node)),
    });
  }
  return out;
}

const cache = new WeakMap<SourceText, Map<LanguageId, readonly Search[]>>();

/** Every collection search repeated by a loop in the snippet `node` belongs to, in document order. */
export function searchesOf(language: LanguageId, node: Node): readonly Search[] {
  let byLanguage = cache.get(node.doc);
  if (!byLanguage) {
    byLanguage = new Map();
    cache.set(node.doc, byLanguage);
  }
  let found = byLanguage.get(language);
  if (!found) {
    found = find(language, node.doc.nodes[0] ?? node);
    byLanguage.set(language, found);
  }
  return found;
}

/**
 * A collection search inside the callback of an iterating call: `a.filter((x)
 * => b.includes(x))`, `a.stream().filter(x -> b.contains(x))`,
 * `filter(lambda x: x in b, a)`. The callback runs once per element of the
 * chain's source, so the search is repeated as in a loop, though no loop
 * statement is written (searchesOf, which follows loops, does not see it).
 */
export interface ChainSearch extends Omit<Search, 'loop' | 'boundInLoop'> {
  /** The callback that repeats the search. */
  readonly lambda: Node;
  /** The iterating call that takes the callback: `a.filter(…)`. */
  readonly step: Node;
  /** Its method or function: `filter`, `anyMatch`, `sorted`. */
  readonly stepMethod: string;
  /** What the chain runs over, as written: `a` (before `.stream()` in Java), when it can be told. */
  readonly source?: Node;
  /** The whole chain expression the step belongs to (the search's collection must not change in it). */
  readonly chain: Node;
  /** `name` is bound inside the callback: a fresh collection each time. */
  readonly boundInCallback: boolean;
  /** The line of the declaration or binding of `name` the search sees. */
  readonly declaredLine?: number;
  /** C#: its initializer lists every element, so the source fixes its length (tier 1 asks the bindings). */
  readonly fixedLength?: boolean;
}

const LAMBDAS = new Set(['arrow_function', 'function_expression', 'function', 'lambda_expression', 'lambda']);

/** The iterating call a callback is given to, and what that call runs over. */
function stepOf(
  language: LanguageId,
  lambda: Node,
): { step: Node; method: string; source?: Node } | undefined {
  let args = lambda.parent;
  // sorted(a, key=lambda …); C# wraps each argument in an `argument` node.
  if (args?.type === 'keyword_argument' || args?.type === 'argument') args = args.parent;
  const step = args?.parent;
  if (!args || !step || step.childForFieldName('arguments')?.id !== args.id) return undefined;
  const { callbackSteps, chainLinks, iterableArgument } = collectionsOf(language);
  const isStep = (name: string) => callbackSteps?.has(name) ?? false;
  switch (language) {
    case 'python': {
      const fn = step.childForFieldName('function');
      const method = fn?.type === 'identifier' ? fn.text : '';
      if (!isStep(method)) return undefined;
      const source = callArguments(step)[iterableArgument?.[method] ?? 0];
      return { step, method, ...(source && source.id !== lambda.id ? { source } : {}) };
    }
    case 'java': {
      const method = step.childForFieldName('name')?.text ?? '';
      if (step.type !== 'method_invocation' || !isStep(method)) return undefined;
      // Back through the stream's steps to what it streams: `orders` in orders.stream().filter(…).
      let source = step.childForFieldName('object');
      while (source?.type === 'method_invocation') {
        const name = source.childForFieldName('name')?.text ?? '';
        if (!isStep(name) && !chainLinks?.has(name)) break;
        source = source.childForFieldName('object');
      }
      return { step, method, ...(source ? { source } : {}) };
    }
    case 'csharp': {
      const fn = step.childForFieldName('function');
      const method =
        fn?.type === 'member_access_expression' ? (fn.childForFieldName('name')?.text ?? '') : '';
      if (!isStep(method)) return undefined;
      // Back through the query's steps to what it queries: `users` in users.Where(…).Select(…).
      let source = fn?.childForFieldName('expression');
      while (source?.type === 'invocation_expression') {
        const inner = source.childForFieldName('function');
        if (
          inner?.type !== 'member_access_expression' ||
          !isStep(inner.childForFieldName('name')?.text ?? '')
        )
          break;
        source = inner.childForFieldName('expression');
      }
      return { step, method, ...(source ? { source } : {}) };
    }
    case 'javascript':
    case 'typescript':
    case 'tsx': {
      const fn = step.childForFieldName('function');
      const method = fn?.type === 'member_expression' ? (fn.childForFieldName('property')?.text ?? '') : '';
      if (!isStep(method)) return undefined;
      const source = fn?.childForFieldName('object');
      return { step, method, ...(source ? { source } : {}) };
    }
    default:
      return undefined;
  }
}

/** The whole chain a step is part of: up through member accesses and calls on its result. */
function chainTop(step: Node): Node {
  let top = step;
  for (let p = step.parent; p; p = p.parent) {
    const object =
      p.childForFieldName('object') ??
      p.childForFieldName('function') ??
      // C#'s member access names its target `expression`.
      (p.type === 'member_access_expression' ? p.childForFieldName('expression') : null);
    if (object?.id !== top.id) break;
    top = p;
  }
  return top;
}

function findInChains(language: LanguageId, root: Node): ChainSearch[] {
  const bindings = bindingsOf(language, root);
  const out: ChainSearch[] = [];
  const nodes = root.doc.nodes;
  for (let id = root.id; id <= root.lastId; id++) {
    const node = nodes[id]!;
    const found = searchAt(language, node);
    const receiver = found?.receiver;
    if (!found || !receiver || receiver.type !== 'identifier') continue;
    // A loop (or comprehension) inside the callback repeats it already: searchesOf's business.
    if (found.loop) continue;
    const lambda = enclosingFunction(node);
    if (!lambda || !LAMBDAS.has(lambda.type)) continue;
    const step = stepOf(language, lambda);
    if (!step) continue;
    const name = receiver.text;
    const common = {
      node,
      name,
      method: found.method,
      callback: found.callback,
      ...(found.key ? { key: found.key } : {}),
      lambda,
      step: step.step,
      stepMethod: step.method,
      ...(step.source ? { source: step.source } : {}),
      chain: chainTop(step.step),
    };
    if (language === 'csharp') {
      // No scope tables for C#: its declaration is read directly.
      const declared = csharpDeclaration(name, node);
      out.push({
        ...common,
        holds: declared?.holds ?? 'unknown',
        ...(declared ? { declaredLine: declared.node.startPosition.row + 1 } : {}),
        fixedLength: declared?.fixed ?? false,
        boundInCallback: !!declared && contains(lambda, declared.node),
      });
      continue;
    }
    const visible = bindings.visible(name, node);
    const binding = visible[0];
    out.push({
      ...common,
      holds: bindings.holds(name, node),
      ...(binding ? { binding, declaredLine: binding.line } : {}),
      boundInCallback: visible.some((b) => contains(lambda, b.node)),
    });
  }
  return out;
}

const chainCache = new WeakMap<SourceText, Map<LanguageId, readonly ChainSearch[]>>();

/** Every collection search repeated by an iterating call's callback in the snippet, in document order. */
export function chainSearchesOf(language: LanguageId, node: Node): readonly ChainSearch[] {
  let byLanguage = chainCache.get(node.doc);
  if (!byLanguage) {
    byLanguage = new Map();
    chainCache.set(node.doc, byLanguage);
  }
  let found = byLanguage.get(language);
  if (!found) {
    found = findInChains(language, node.doc.nodes[0] ?? node);
    byLanguage.set(language, found);
  }
  return found;
}
