/**
 * Declarations that say what a unit is: route decorators and registrations,
 * tests, entry points, CLI commands, React components and hooks, event
 * handlers, superclasses and interfaces. Each is read from the tree around
 * the unit: its decorators, annotations or attributes, the call it is passed
 * to, or its class's heritage.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { UnitKind } from '../metrics/model.js';
import type { Declaration } from './model.js';
import { isStandIn } from '../metrics/common/naming.js';

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const;
const HTTP_VERB = new Set<string>(HTTP_METHODS);

const line = (node: Node): number => node.startPosition.row + 1;

/** A string literal's contents (any quotes, no interpolation). */
function stringValue(node: Node | undefined | null): string | undefined {
  if (!node) return undefined;
  const m = /^[a-zA-Z]*(["'`])([^"'`\n]*)\1$/.exec(node.text.trim());
  return m?.[2];
}

/** Decorators, annotations and attributes written on a unit, as nodes. */
function markers(node: Node): Node[] {
  const found: Node[] = [];
  if (node.parent?.type === 'decorated_definition')
    found.push(...node.parent.namedChildren.filter((c) => c.type === 'decorator'));
  for (const child of node.namedChildren) {
    if (child.type === 'decorator' || child.type === 'attribute_list') found.push(child);
    if (child.type === 'modifiers')
      found.push(...child.namedChildren.filter((c) => /annotation|attribute/.test(c.type)));
  }
  // Rust attributes (`#[test]`) are siblings written above the item.
  for (let p = node.previousNamedSibling; p?.type === 'attribute_item'; p = p.previousNamedSibling)
    found.push(p);
  return found;
}

/** `@app.route('/x', methods=['POST'])`, `@router.get("/x")`, `@GetMapping("/x")`, `[HttpPost("x")]`, `#[get("/x")]`. */
function routeFromMarker(text: string, at: number): Declaration | undefined {
  const body = text.replace(/^[@#[\]!]+|\]$/g, '').trim();
  const call = /^([\w.]+)\s*(?:\(([\s\S]*)\))?$/.exec(body);
  if (!call) return undefined;
  const name = call[1] ?? '';
  const args = call[2] ?? '';
  const last = name.split('.').pop() ?? '';
  const firstString = /(["'])([^"']*)\1/.exec(args)?.[2];
  const valueString = /\b(?:value|path)\s*=\s*(?:\{\s*)?(["'])([^"']*)\1/.exec(args)?.[2];
  const path = valueString ?? firstString;
  // Python web frameworks: a method of an app or router object.
  if (name.includes('.') && (last === 'route' || HTTP_VERB.has(last) || last === 'websocket')) {
    if (!path?.startsWith('/') && path !== '') return undefined;
    const listed = /methods\s*=\s*[[(]([^\])]*)[\])]/.exec(args)?.[1];
    const methods =
      last === 'route'
        ? listed
          ? [...listed.matchAll(/["'](\w+)["']/g)].map((m) => (m[1] ?? '').toUpperCase())
          : ['GET']
        : [last.toUpperCase()];
    return { kind: 'route', line: at, methods, path, via: `@${name}` };
  }
  // Spring and ASP.NET.
  const spring = /^(Get|Post|Put|Delete|Patch|Request)Mapping$/.exec(name);
  if (spring) {
    const method =
      spring[1] === 'Request' ? /RequestMethod\.(\w+)/.exec(args)?.[1] : spring[1]?.toUpperCase();
    return { kind: 'route', line: at, methods: method ? [method.toUpperCase()] : [], path, via: `@${name}` };
  }
  const aspnet = /^Http(Get|Post|Put|Delete|Patch)$/.exec(name);
  if (aspnet) return { kind: 'route', line: at, methods: [aspnet[1]!.toUpperCase()], path, via: name };
  // Rust's actix-web and Rocket.
  if (HTTP_VERB.has(name) && path?.startsWith('/'))
    return { kind: 'route', line: at, methods: [name.toUpperCase()], path, via: name };
  return undefined;
}

const TEST_MARKERS =
  /^(Test|ParameterizedTest|RepeatedTest|Fact|Theory|TestMethod|TestCase|test|tokio::test|pytest\.mark\.\w+)$/;
const MEMO_MARKERS = /^((functools\.)?(lru_cache|cache|cached_property)|Memoize|memoize|Cacheable)$/;

function fromMarkers(node: Node): Declaration[] {
  const found: Declaration[] = [];
  for (const marker of markers(node)) {
    const at = line(marker);
    // An attribute list may hold several: `[HttpPost, Route("x")]`.
    const texts =
      marker.type === 'attribute_list'
        ? marker.namedChildren.filter((c) => c.type === 'attribute').map((c) => c.text)
        : [marker.text];
    for (const text of texts) {
      const route = routeFromMarker(text, at);
      if (route) {
        found.push(route);
        continue;
      }
      const name = /^[@#[\]!]*\s*([\w.:]+)/.exec(text)?.[1] ?? '';
      if (TEST_MARKERS.test(name))
        found.push({ kind: 'test', line: at, title: undefined, via: text.split('(')[0]! });
      else if (MEMO_MARKERS.test(name)) found.push({ kind: 'memoised', line: at, via: text.split('(')[0]! });
      else if (name === 'Override' || name === 'override') found.push({ kind: 'override', line: at });
      else if (name === 'property') found.push({ kind: 'property', line: at });
      else if (/^(pytest\.)?fixture$/.test(name)) found.push({ kind: 'fixture', line: at, via: `@${name}` });
    }
  }
  return found;
}

/** The call a function literal is passed to, and its position among the arguments. */
function enclosingCall(node: Node): { call: Node; callee: string; args: Node[]; index: number } | undefined {
  const args = node.parent;
  if (!args || !/^(arguments|argument_list|value_arguments)$/.test(args.type)) return undefined;
  const call = args.parent;
  if (!call) return undefined;
  // Java splits `items.forEach(…)` into `object` and `name`.
  const object = call.type === 'method_invocation' ? call.childForFieldName('object') : null;
  const method = call.type === 'method_invocation' ? call.childForFieldName('name') : null;
  const fn = call.childForFieldName('function') ?? method ?? call.namedChildren[0];
  if (!fn) return undefined;
  const full = object && method ? `${object.text}.${method.text}` : fn.text;
  // A chain's receiver is long and spans lines: the method alone names the call (`map` in `xs.filter(…).map`).
  const callee = /[()\n]/.test(full) ? (/([\w$]+)\s*$/.exec(full)?.[1] ?? full) : full;
  const list = args.namedChildren.filter((c) => !c.type.includes('comment'));
  return { call, callee, args: list, index: list.findIndex((a) => a.id === node.id) };
}

const TEST_CALLS =
  /^(it|test|describe|context|specify|suite|beforeEach|afterEach|beforeAll|afterAll|before|after)(\.(only|skip|each))?$/;
const EVENT_CALLS = /^(.+)\.(addEventListener|on|once|addListener)$/;

/** Express/Koa/Go registrations, tests and event handlers that take a function literal. */
function fromCall(node: Node): Declaration[] {
  const site = enclosingCall(node);
  if (!site || site.index < 0) return [];
  const { callee, args } = site;
  const at = line(site.call);
  const member = /^(.+)\.(\w+)$/.exec(callee);
  const first = stringValue(args[0]);
  if (member && (HTTP_VERB.has(member[2]!) || member[2] === 'all') && first?.startsWith('/'))
    return [
      {
        kind: 'route',
        line: at,
        methods: member[2] === 'all' ? [] : [member[2]!.toUpperCase()],
        path: first,
        via: `${callee}`,
      },
    ];
  if (/^(http\.)?HandleFunc$|\.HandleFunc$|\.Handle$/.test(callee) && first?.startsWith('/'))
    return [{ kind: 'route', line: at, methods: [], path: first, via: callee }];
  if (TEST_CALLS.test(callee) && site.index > 0) {
    const via = callee.split('.')[0]!;
    return [{ kind: 'test', line: at, title: first, via, suite: /^(describe|context|suite)$/.test(via) }];
  }
  const event = EVENT_CALLS.exec(callee);
  if (event && first) return [{ kind: 'event-handler', line: at, event: first, target: event[1]! }];
  return [{ kind: 'callback', line: line(node), callee }];
}

/** Go: a unit passed by name to `http.HandleFunc("/x", name)` anywhere in the snippet. */
export function registrations(root: Node): Map<string, Declaration> {
  const found = new Map<string, Declaration>();
  for (const call of root.descendantsOfType(['call_expression'])) {
    const callee = call.childForFieldName('function')?.text ?? '';
    const member = /^(.+)\.(\w+)$/.exec(callee);
    if (!member) continue;
    const verb = member[2]!;
    const isRoute = HTTP_VERB.has(verb) || verb === 'all' || verb === 'HandleFunc' || verb === 'Handle';
    if (!isRoute) continue;
    const args = call.childForFieldName('arguments')?.namedChildren ?? [];
    const path = stringValue(args[0]);
    if (!path?.startsWith('/')) continue;
    const methods = HTTP_VERB.has(verb) ? [verb.toUpperCase()] : [];
    for (const arg of args.slice(1)) {
      if (arg.type === 'identifier' || arg.type === 'member_expression' || arg.type === 'selector_expression')
        found.set(arg.text.replace(/^(this|self)\./, ''), {
          kind: 'route',
          line: line(call),
          methods,
          path,
          via: callee,
        });
    }
  }
  return found;
}

function heritage(language: LanguageId, node: Node): Extract<Declaration, { kind: 'extends' }> | undefined {
  const found = LANGUAGES[language].declarations.heritage?.(node);
  return found ? { kind: 'extends', line: line(node), ...found } : undefined;
}

/** Whether a function body holds JSX: a React component when its name is capitalised. */
function rendersJsx(node: Node): boolean {
  return node.descendantsOfType(['jsx_element', 'jsx_self_closing_element', 'jsx_fragment']).length > 0;
}

export interface DeclarationContext {
  readonly language: LanguageId;
  readonly kind: UnitKind;
  /** The unit's own name (last part of a qualified name), if it has one. */
  readonly shortName: string | undefined;
  readonly params: readonly string[];
  /** Units registered by name elsewhere in the snippet. */
  readonly registered: ReadonlyMap<string, Declaration>;
}

/** Whether a function is written in a class body (Python's methods are functions there). */
/** The receiver type a Go method is declared on (`Buffer` of `(b *Buffer)`), or undefined. */
function receiverType(method: Node): string | undefined {
  const receiver = method.childForFieldName('receiver');
  const type = receiver?.namedChildren
    .find((c) => c.type === 'parameter_declaration')
    ?.childForFieldName('type');
  return type?.text.replace(/^\*/, '').replace(/\[.*$/, '').trim();
}

/** Whether the methods a protocol needs beside this one are declared on the same type in the snippet. */
function hasPartners(node: Node, partners: readonly string[] | undefined): boolean {
  if (!partners) return true;
  const type = receiverType(node);
  if (!type) return false;
  const declared = new Set(
    node.doc.nodes
      .filter((n) => n.type === 'method_declaration' && receiverType(n) === type)
      .map((n) => n.childForFieldName('name')?.text),
  );
  return partners.every((p) => declared.has(p));
}

function inClassBody(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (/class|impl_item|interface/.test(p.type)) return true;
    if (/function|method/.test(p.type)) return false;
  }
  return false;
}

/** What the declarations around a unit say it is. */
export function declarationsOf(node: Node, context: DeclarationContext): Declaration[] {
  const { language, kind, shortName: name } = context;
  const reading = LANGUAGES[language].declarations;
  const found: Declaration[] = fromMarkers(node);
  const at = line(node);
  if (kind === 'class') {
    const h = heritage(language, node);
    if (h) found.push(h);
    const base = h?.kind === 'extends' ? h.types.find((t) => /TestCase$/.test(t)) : undefined;
    if (name && /^Test/.test(name) && base)
      found.push({ kind: 'test', line: at, title: undefined, via: base });
    return found;
  }
  if (!name || isStandIn(name)) {
    found.push(...fromCall(node));
    // `double = lambda x: …`, `Func<int, int> twice = x => …`: the name it is stored under.
    const holder = node.parent;
    const target =
      holder &&
      /^(assignment|assignment_expression|variable_declarator|short_var_declaration)$/.test(holder.type)
        ? (holder.childForFieldName('left') ?? holder.childForFieldName('name'))
        : undefined;
    if (target && target.id !== node.id && target.text.length <= 60)
      found.push({ kind: 'assigned', line: at, target: target.text });
    if (holder && /^return(_statement|_expression)?$/.test(holder.type))
      found.push({ kind: 'returned', line: at });
    return found;
  }
  const registered = context.registered.get(name);
  if (registered) found.push(registered);
  const { names: entryPoints, withParameters } = reading.entryPoints;
  if (entryPoints.includes(name) && (context.params.length === 0 || withParameters))
    found.push({ kind: 'entry-point', line: at, via: name });
  if (!found.some((d) => d.kind === 'test') && reading.isTestName?.(name, context.params.length))
    found.push({ kind: 'test', line: at, title: undefined, via: 'name' });
  const meaning =
    reading.protocols && Object.hasOwn(reading.protocols, name) ? reading.protocols[name] : undefined;
  const arity = reading.protocolParameters?.[name];
  if (
    meaning &&
    (arity === undefined || arity === context.params.length) &&
    hasPartners(node, reading.protocolPartners?.[name]) &&
    (kind === 'method' || inClassBody(node) || name.startsWith('__'))
  )
    found.push({ kind: 'protocol', line: at, name, meaning, caller: reading.protocolCallers?.[name] });
  if (reading.react) {
    if (/^use[A-Z]/.test(name)) found.push({ kind: 'hook', line: at });
    else if (/^[A-Z]/.test(name) && rendersJsx(node)) found.push({ kind: 'component', line: at });
  }
  return found;
}
