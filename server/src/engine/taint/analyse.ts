/**
 * The taint of one snippet, read in one ordered pass over its nodes: each
 * assignment records what its names hold from then on (per function), each
 * guarding condition (a containment check, an allow-list) records the names
 * it checks. Queries then ask what an expression carries at its position.
 *
 * Flow-insensitive but ordered: a name holds what its latest assignment
 * before the query gave it, whichever branch that assignment is in, and a
 * check anywhere before the query counts. Within a function only: a call
 * passes nothing to the function called, and a function's parameters start
 * tainted as `parameter` (or `untrusted` for a route handler's).
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { calleeText, contains, enclosingFunction, unwrap } from '../nodes.js';
import { bindingsOf, type Binding } from '../scope/bindings.js';
import { assignmentOf } from './assignments.js';
import { NAME_TYPES, originsOf, spend, type Budget } from './expressions.js';
import type { Flow, Origin, SinkKind, SinkPattern, Source, TaintCatalogue } from './model.js';

/** Nodes one analysis may visit, counting the pass and every query: beyond it, it finds nothing more. */
export const DEFAULT_BUDGET = 200_000;
/** Origins kept per name: enough to name a source, few enough that long chains stay cheap. */
const MAX_ORIGINS = 4;

interface Assigned {
  readonly at: number;
  readonly origins: readonly Origin[];
}

interface Guard {
  readonly at: number;
  /** The function the check is in: it guards uses inside it. */
  readonly unit: Node;
  readonly clears: ReadonlySet<SinkKind>;
}

export interface QueryOptions {
  /** Include values read from a database (`stored` origins): only stored XSS asks. */
  readonly stored?: boolean;
}

export interface TaintAnalysis {
  /** The taint `expr` carries where it stands, untrusted sources first; none when clean. */
  originsOf(expr: Node, options?: QueryOptions): readonly Origin[];
  /** The first origin of `expr` not sanitised for `kind`, preferring untrusted sources. */
  originFor(expr: Node, kind: SinkKind): Origin | undefined;
  /** Tainted values reaching the catalogue's sinks of these kinds, in document order. */
  flows(kinds: readonly SinkKind[]): Flow[];
  /** Nodes visited so far, for the work bound. */
  readonly visited: () => number;
  /** Whether the budget ran out: answers past that point may miss taint (never invent it). */
  readonly exhausted: () => boolean;
}

const CALL_TYPES = new Set([
  'call',
  'call_expression',
  'method_invocation',
  'object_creation_expression',
  'new_expression',
  'invocation_expression',
]);
const CONDITIONS = new Set(['if_statement', 'elif_clause', 'while_statement']);
/** Assignment-like loops: the node spans the body the variable is used in. */
const LOOPS = new Set(['for_statement', 'for_in_statement', 'enhanced_for_statement', 'foreach_statement']);

export interface AnalysisInput {
  readonly language: LanguageId;
  readonly root: Node;
  readonly catalogue: TaintCatalogue;
  /** The snippet's imports, for sinks recognised only with their library in sight. */
  readonly imports: readonly string[];
  readonly budget?: number;
}

const STRENGTH = { untrusted: 0, parameter: 1, stored: 2 } as const;
const byStrength = (a: Origin, b: Origin) => STRENGTH[a.source.kind] - STRENGTH[b.source.kind];

function unique(origins: readonly Origin[]): Origin[] {
  const seen = new Set<string>();
  const out: Origin[] = [];
  for (const o of [...origins].sort(byStrength)) {
    const key = `${o.source.text}\u0000${o.source.line}\u0000${[...o.sanitised].join()}\u0000${o.normalised}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(o);
    if (out.length >= MAX_ORIGINS) break;
  }
  return out;
}

const through = (origin: Origin, name: string): Origin =>
  origin.chain[origin.chain.length - 1] === name ? origin : { ...origin, chain: [...origin.chain, name] };

export function analyseTaint(input: AnalysisInput): TaintAnalysis {
  const { catalogue, root, language } = input;
  const budget: Budget = { visited: 0, limit: input.budget ?? DEFAULT_BUDGET };
  const bindings = bindingsOf(language, root);
  const imports = input.imports;
  /** unit id → name → assignments in document order. */
  const assigned = new Map<number, Map<string, Assigned[]>>();
  const guards = new Map<string, Guard[]>();
  const calls: Node[] = [];
  const unitOf = (node: Node): Node => enclosingFunction(node) ?? root;

  const parameterOrigin = (binding: Binding): Origin | undefined => {
    const unit = binding.scope;
    const remote = catalogue.handlerParameter?.(binding.name, binding.node, unit);
    const handler = remote ?? catalogue.programParameter?.(binding.name, binding.node, unit);
    if (handler === undefined) {
      if (catalogue.objectParameters.test(binding.name)) return undefined;
      // A typed parameter that is not text (a request object, a number, a list) carries no string of its own.
      if (binding.typed && binding.holds !== 'string') return undefined;
    }
    const unitName = unit.childForFieldName('name')?.text;
    const source: Source = {
      text: binding.name,
      description:
        handler ??
        (unitName
          ? `the parameter \`${binding.name}\` of \`${unitName}\``
          : `the parameter \`${binding.name}\``),
      line: binding.line,
      kind: handler === undefined ? 'parameter' : 'untrusted',
      remote: remote !== undefined,
    };
    return { source, chain: [binding.name], sanitised: new Set(), normalised: false };
  };

  /** A name the language binds with no declaration in sight: C#'s top-level `args`. */
  const implicitOrigin = (name: string, at: Node): Origin | undefined => {
    const description = catalogue.implicitName?.(name, at);
    if (description === undefined) return undefined;
    return {
      source: { text: name, description, line: at.startPosition.row + 1, kind: 'untrusted', remote: false },
      chain: [name],
      sanitised: new Set(),
      normalised: false,
    };
  };

  const sourceAt = (node: Node, text: string, remote: boolean, stored: boolean): Origin => ({
    source: {
      text,
      // A database read is named as the call it is: `cursor.fetchone()`, `db.QueryRow(...)`.
      description: stored ? `\`${text}(${node.text.startsWith(`${text}()`) ? '' : '...'})\`` : `\`${text}\``,
      line: node.startPosition.row + 1,
      kind: stored ? 'stored' : 'untrusted',
      remote,
    },
    chain: [],
    sanitised: new Set(),
    normalised: false,
  });

  /** What `name` holds at `at`: its latest assignment before, in the innermost function that assigns it. */
  const lookup = (name: string, at: Node): readonly Origin[] => {
    let holds: readonly Origin[] | undefined;
    for (
      let unit: Node | undefined = unitOf(at);
      unit;
      unit = unit.id === root.id ? undefined : unitOf(unit)
    ) {
      const entries = assigned.get(unit.id)?.get(name);
      if (!entries) continue;
      const before = entries.filter((e) => e.at <= at.startIndex);
      if (before.length > 0) holds = before[before.length - 1]!.origins;
      break;
    }
    if (holds === undefined) {
      const visible = bindings.visible(name, at);
      const parameter = visible.find((b) => b.kind === 'parameter');
      const origin =
        parameter && visible.length === 1
          ? parameterOrigin(parameter)
          : visible.length === 0
            ? implicitOrigin(name, at)
            : undefined;
      holds = origin ? [origin] : [];
    }
    return applyGuards(name, at, holds);
  };

  const applyGuards = (name: string, at: Node, origins: readonly Origin[]): readonly Origin[] => {
    const list = guards.get(name);
    if (!list || origins.length === 0) return origins;
    const clears = new Set<SinkKind>();
    for (const g of list)
      if (g.at <= at.startIndex && contains(g.unit, at)) for (const k of g.clears) clears.add(k);
    if (clears.size === 0) return origins;
    return origins.map((o) => ({ ...o, sanitised: new Set([...o.sanitised, ...clears]) }));
  };

  const evaluate = (expr: Node): Origin[] => unique(originsOf(catalogue, expr, lookup, sourceAt, budget));

  const record = (
    node: Node,
    names: readonly string[],
    value: readonly Origin[],
    augmented: boolean,
    at = node.endIndex,
  ) => {
    const unit = unitOf(node);
    const byName = assigned.get(unit.id) ?? new Map<string, Assigned[]>();
    assigned.set(unit.id, byName);
    for (const name of names) {
      const before = augmented ? lookup(name, node) : [];
      const origins = unique([...before, ...value.map((o) => through(o, name))]);
      const list = byName.get(name) ?? [];
      list.push({ at, origins });
      byName.set(name, list);
    }
  };

  const assign = (node: Node) => {
    const a = assignmentOf(node, language);
    // A loop's variable holds its items inside the body, not only after the loop (C#'s foreach too).
    if (a)
      record(
        node,
        a.names,
        evaluate(a.value),
        a.augmented,
        LOOPS.has(node.type) ? a.value.endIndex : node.endIndex,
      );
  };

  /**
   * `rows.Scan(&title)`: `title` holds what `rows` holds from the call on;
   * `rows.Scan(&u.Name)` adds it to what `u` holds.
   */
  const writeThrough = (call: Node) => {
    if (!catalogue.writesThrough?.test(calleeText(call))) return;
    const fn = call.childForFieldName('function');
    const receiver = fn?.childForFieldName('operand') ?? fn?.childForFieldName('object');
    if (!receiver) return;
    const whole: string[] = [];
    const fields: string[] = [];
    for (const arg of call.childForFieldName('arguments')?.namedChildren ?? []) {
      if (arg?.type !== 'unary_expression' || arg.childForFieldName('operator')?.text !== '&') continue;
      let target = arg.childForFieldName('operand');
      if (target?.type === 'identifier') {
        whole.push(target.text);
        continue;
      }
      while (target?.type === 'selector_expression') target = target.childForFieldName('operand');
      if (target?.type === 'identifier') fields.push(target.text);
    }
    if (whole.length === 0 && fields.length === 0) return;
    const value = evaluate(receiver);
    if (whole.length > 0) record(call, whole, value, false);
    if (fields.length > 0) record(call, fields, value, true);
  };

  const guard = (node: Node) => {
    const condition = node.childForFieldName('condition');
    if (!condition) return;
    const text = condition.text;
    const matched = catalogue.guards.filter((g) => g.test.test(text));
    if (matched.length === 0) return;
    const normalisedHere = /\(/.test(text) && hasNormaliser(condition);
    const unit = unitOf(node);
    const names = condition.descendantsOfType([...NAME_TYPES]).filter((n) => !isCallee(n));
    spend(budget, names.length);
    for (const n of names) {
      const origins = lookup(n.text, n);
      if (origins.length === 0) continue;
      const clears = new Set<SinkKind>();
      for (const g of matched) {
        if (g.needsNormalised && !normalisedHere && !origins.every((o) => o.normalised)) continue;
        for (const k of g.clears) clears.add(k);
      }
      if (clears.size === 0) continue;
      // The check covers the value it was made from, too: `u = new URL(target)` checked, `target` is checked.
      const checked = new Set([n.text, ...origins.flatMap((o) => o.chain)]);
      for (const name of checked) {
        const list = guards.get(name) ?? [];
        list.push({ at: condition.endIndex, unit, clears });
        guards.set(name, list);
      }
    }
  };

  const hasNormaliser = (condition: Node): boolean =>
    condition.descendantsOfType([...CALL_TYPES]).some((c) => catalogue.normalisers.test(calleeText(c)));

  // The ordered pass: the snapshot's pre-order array is document order.
  const nodes = root.doc.nodes;
  for (let id = root.id; id <= root.lastId; id++) {
    if (!spend(budget)) break;
    const node = nodes[id]!;
    if (CALL_TYPES.has(node.type)) {
      calls.push(node);
      writeThrough(node);
      // C#'s `sb.Append(x)` adds x to the builder it is called on.
      if (node.type === 'invocation_expression') assign(node);
    } else if (CONDITIONS.has(node.type)) guard(node);
    else assign(node);
  }

  const originsAt = (expr: Node, options?: QueryOptions): readonly Origin[] => {
    const all = evaluate(unwrap(expr));
    return options?.stored ? all : all.filter((o) => o.source.kind !== 'stored');
  };

  return {
    originsOf: originsAt,
    originFor(expr, kind) {
      return originsAt(expr).find((o) => !o.sanitised.has(kind));
    },
    flows(kinds) {
      const out: Flow[] = [];
      const wanted = catalogue.sinks.filter((s) => kinds.includes(s.kind));
      const available = wanted.filter((s) => !s.requires || imports.some((i) => s.requires!.test(i)));
      if (available.length === 0) return out;
      for (const call of calls) {
        const written = calleeText(call).replace(/\s+/g, ' ');
        const callee = written.replace(/\s+/g, '');
        for (const sink of available) {
          if (!sink.callee.test(callee) || sink.unless?.test(call.text)) continue;
          if (sink.when && !sink.when.test(call.text)) continue;
          for (const value of sinkValues(call, sink)) {
            const origin = originsAt(value).find((o) => !o.sanitised.has(sink.kind));
            if (origin) {
              out.push({ kind: sink.kind, sink: call, callee: written, value, origin });
              break;
            }
          }
        }
      }
      // `new FileInputStream(new File(name))`: the inner sink is the finding; the outer only passes it on.
      return out.filter((f) => !out.some((g) => g !== f && g.kind === f.kind && contains(f.value, g.sink)));
    },
    visited: () => budget.visited,
    exhausted: () => budget.visited > budget.limit,
  };
}

function isCallee(name: Node): boolean {
  const parent = name.parent;
  return (
    parent !== null && CALL_TYPES.has(parent.type) && parent.childForFieldName('function')?.id === name.id
  );
}

/** The values of a sink call that reach its dangerous operation. */
function sinkValues(call: Node, sink: SinkPattern): Node[] {
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (a): a is Node => a !== null && !a.type.includes('comment'),
  );
  // C# wraps each argument in an `argument` node: the value is the expression inside.
  const values = args
    .map((a) => (a.type === 'argument' ? csharpArgument(a) : a))
    .filter((a): a is Node => a !== undefined);
  const positional = values.filter((a) => a.type !== 'keyword_argument');
  switch (sink.argument) {
    case 'all':
      return values;
    case 'last':
      return positional.length > 0 ? [positional[positional.length - 1]!] : [];
    case 'receiver': {
      if (call.type === 'method_invocation') {
        const object = call.childForFieldName('object');
        return object ? [object] : [];
      }
      const fn = call.childForFieldName('function');
      const object =
        fn?.type === 'member_access_expression'
          ? fn.childForFieldName('expression')
          : (fn?.childForFieldName('object') ?? fn?.childForFieldName('operand'));
      return object ? [object] : [];
    }
    default: {
      const arg = positional[sink.argument];
      return arg ? [arg] : [];
    }
  }
}

/**
 * The expression a C# `argument` passes; none for `out`/`ref` arguments,
 * which the call writes rather than reads (`int.TryParse(s, out var n)`).
 */
function csharpArgument(argument: Node): Node | undefined {
  if (argument.children.some((c) => c.type === 'out' || c.type === 'ref')) return undefined;
  const name = argument.childForFieldName('name');
  return argument.namedChildren.find((c) => c.id !== name?.id && !c.type.includes('comment'));
}
