/**
 * Turns a parsed snippet plus its units into facts: per unit, the ordered
 * steps (loops, branches, calls, returns, throws, awaits), its parameters,
 * and the snippet's imports. Reads the snapshot of the tree: one pass per
 * unit, one for the top level, one for imports and comments.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnippetMetrics, UnitMetrics } from '../metrics/model.js';
import type { Snapshot, SnapshotNode } from '../parsing/snapshot.js';
import { loopSearchesOf } from './cost.js';
import { arityOf, recursionOf, selfNames } from './recursion.js';
import { once } from '../once.js';
import { divisionClaims } from '../claims/division.js';
import { bodyComments, loopAnatomy } from './loops.js';
import { repetitionsOf } from './pipelines.js';
import type { Dependency, SnippetFacts, Step, UnitFacts } from './model.js';
import { collectSteps } from './steps.js';
import { compiledIn, compileGroupsIn } from './compile-time.js';
import { paramMarks, paramNames } from './subjects.js';
import { syntaxOf } from './syntax.js';
import { domainWords } from './domain.js';
import { isExported } from './visibility.js';
import { purposeOf, registrations, snippetDoc, type Declaration } from '../purpose/index.js';
import { namedLiterals, type NamedLiteral } from '../purpose/constants.js';
import { OwnCode } from '../purpose/own-text.js';
import { isStandIn } from '../metrics/common/naming.js';
import { LANGUAGES } from '../languages/index.js';
import { gotoExitsOf, namedResultsOf, passedBackOf, readsArgumentsObject } from './passing.js';

export { clip } from './subjects.js';

function hasDirectChild(node: SnapshotNode, types: ReadonlySet<string>): boolean {
  if (types.size === 0) return false;
  for (const child of node.children) if (types.has(child.type)) return true;
  return false;
}

function paramsOf(
  language: LanguageId,
  metrics: UnitMetrics,
): { params: string[]; paramsKnown: boolean; paramMarks?: string[] } {
  if (metrics.kind === 'class') return { params: [], paramsKnown: true };
  const names = paramNames(language, metrics.node);
  const marks = names ? paramMarks(language, metrics.node) : undefined;
  return { params: names ?? [], paramsKnown: names !== undefined, ...(marks ? { paramMarks: marks } : {}) };
}

/** Its bare `return`s, each told the named results it returns (Go): none is "without a value". */
function withNamedResults(steps: readonly Step[], results: readonly string[]): readonly Step[] {
  if (results.length === 0) return steps;
  return steps.map((s) => (s.kind === 'return' && !s.subject ? { ...s, results } : s));
}

interface Located {
  readonly metrics: UnitMetrics;
  readonly node: SnapshotNode;
}

/**
 * The functions a unit is written inside, up to the nearest class: a callback inside a callback uses
 * the names of every function around it, not only the nearest one's.
 */
function enclosingFunctions(
  language: LanguageId,
  outer: readonly Located[],
): { node: SnapshotNode; params: string[]; nodes: SnapshotNode[] } | undefined {
  const functions: Located[] = [];
  for (let i = outer.length - 1; i >= 0 && outer[i]!.metrics.kind !== 'class'; i--)
    functions.unshift(outer[i]!);
  if (functions.length === 0) return undefined;
  return {
    node: functions[0]!.node,
    params: functions.flatMap((f) => paramsOf(language, f.metrics).params),
    nodes: functions.map((f) => f.node),
  };
}

function unitFacts(
  language: LanguageId,
  snapshot: Snapshot,
  unit: Located,
  isUnit: Uint8Array,
  parent: Located | undefined,
  /** The units this one is written inside, outermost first. */
  outer: readonly Located[],
  context: {
    readonly imports: readonly string[];
    readonly registered: ReadonlyMap<string, Declaration>;
    readonly named: ReadonlyMap<string, NamedLiteral>;
    readonly snippetExports: boolean;
    readonly ownCode: OwnCode;
    /** Names more than one function-like unit has: overloads, where a call's name does not say which it reaches. */
    readonly overloaded: ReadonlySet<string>;
  },
): UnitFacts {
  const metrics = unit.metrics;
  const syntax = syntaxOf(language);
  const table = syntax.kind === 'table' ? syntax : undefined;
  const collected =
    metrics.kind === 'class'
      ? { steps: [], maxNesting: 0, maxLoopDepth: 0 }
      : collectSteps(language, snapshot, unit.node, isUnit);
  const { maxNesting, maxLoopDepth } = collected;
  const namedResults = metrics.kind === 'class' ? [] : namedResultsOf(language, unit.node);
  const steps = withNamedResults(collected.steps, namedResults);
  const calls: string[] = [];
  const seen = new Set<string>();
  const selfCallees = isStandIn(metrics.name)
    ? new Set<string>()
    : selfNames(language, metrics.name, metrics.kind, unit.node);
  let selfCallSites = 0;
  const construction = LANGUAGES[language].construction;
  // Go's `int64(n)` converts: it calls no function, so it is no callee.
  const conversion = (callee: string) =>
    construction?.conversionsCallNothing === true && construction.conversions[callee] !== undefined;
  for (const step of steps) {
    if (step.kind !== 'call' || !step.subject) continue;
    if (!seen.has(step.subject) && !conversion(step.subject)) {
      seen.add(step.subject);
      calls.push(step.subject);
    }
    if (selfCallees.has(step.subject)) selfCallSites++;
  }
  const params = paramsOf(language, metrics);
  // Worked out when first read: only cost estimates and a few sentences read them, and most explanations have
  // none (over whole files the searches alone were 3% of the engine's time).
  const functionLike = metrics.kind !== 'class';
  const arity = context.overloaded.has(metrics.name) ? arityOf(params.params) : undefined;
  const recursion = once(() =>
    functionLike && !isStandIn(metrics.name)
      ? recursionOf(language, unit.node, metrics.name, metrics.kind, params.params, arity)
      : undefined,
  );
  // With overloads, a call by the name reaches this unit only with its argument count (recursion.ts).
  if (arity !== undefined && selfCallSites > 0)
    selfCallSites = Math.min(selfCallSites, recursion()?.sites.length ?? 0);
  const searches = once(() => (functionLike ? loopSearchesOf(language, unit.node) : undefined));
  const repetitions = once(() => (functionLike ? repetitionsOf(language, unit.node) : []));
  const loops = once(() =>
    steps.flatMap((s) => (s.kind === 'loop' ? [loopAnatomy(snapshot.nodes[s.node]!, unit.node, s)] : [])),
  );
  const comments = once(() => (functionLike ? bodyComments(unit.node) : []));
  const divisions = once(() =>
    functionLike ? divisionClaims(language, unit.node, metrics.name, params.params, isUnit) : [],
  );
  const arm = compiledIn(language, unit.node);
  return {
    metrics,
    ...params,
    namedResults,
    passedBack: functionLike ? passedBackOf(language, unit.node) : new Map(),
    readsArguments: functionLike && readsArgumentsObject(language, unit.node),
    gotoExits: functionLike ? gotoExitsOf(language, unit.node, context.ownCode.nested(unit.node)) : [],
    isAsync: table ? hasDirectChild(unit.node, table.asyncMarkers) : false,
    isGenerator:
      (table ? hasDirectChild(unit.node, table.generatorMarkers) : false) ||
      (table?.generatorWhenYields === true && steps.some((s) => s.kind === 'yield')),
    steps,
    calls,
    // Calls of the language's well-known sorts, each O(n log n) in what it sorts.
    sorts: steps.filter(
      (s) => s.kind === 'call' && s.subject !== undefined && syntax.sorts?.test(s.subject) === true,
    ),
    // Calls that copy or move memory, each O(n) in the length they are given, unless it is a constant.
    copies: syntax.copies
      ? steps.filter(
          (s) =>
            s.kind === 'call' &&
            s.subject !== undefined &&
            syntax.copies!.test(s.subject) &&
            !constantLength(unit.node.doc.nodes[s.node]),
        )
      : [],
    recursive: selfCallSites > 0,
    selfCallSites,
    maxLoopDepth,
    maxNesting,
    compileGroups: functionLike ? compileGroupsIn(language, unit.node, isUnit) : [],
    ...(arm ? { compiledIn: arm } : {}),
    parent: parent?.metrics.name,
    parentLine: parent?.metrics.startLine,
    purpose: purposeOf(unit.node, {
      language,
      kind: metrics.kind,
      name: metrics.name,
      params: params.params,
      steps,
      imports: context.imports,
      registered: context.registered,
      named: context.named,
      ownCode: context.ownCode,
      enclosing: enclosingFunctions(language, outer),
    }),
    exported: isExported(language, unit.node, metrics, parent?.metrics, context.snippetExports),
    get recursion() {
      return recursion();
    },
    get searches() {
      return searches();
    },
    get loops() {
      return loops();
    },
    get comments() {
      return comments();
    },
    get repetitions() {
      return repetitions();
    },
    get divisions() {
      return divisions();
    },
  };
}

/**
 * Whether a call's text can hold a callee spelled `require` (a cheap test
 * before asking tree-sitter), for calls given in document order: the next
 * `require` is searched for only once the walk has passed the last one, so a
 * file without any costs one scan, not one per call.
 */
function requireFinder(source: string): (node: SnapshotNode) => boolean {
  let next = source.indexOf('require');
  return (node) => {
    if (next >= 0 && next < node.start) next = source.indexOf('require', node.start);
    return next >= 0 && next + 'require'.length <= node.end;
  };
}

function dependencies(
  language: LanguageId,
  snapshot: Snapshot,
): { deps: Dependency[]; commentRows: Set<number>; importNodes: SnapshotNode[] } {
  const syntax = syntaxOf(language);
  const importReaders = syntax.imports;
  const requireImports = syntax.kind === 'table' && syntax.requireImports;
  const deps: Dependency[] = [];
  const commentRows = new Set<number>();
  const importNodes: SnapshotNode[] = [];
  const nodes = snapshot.nodes;
  const mayRequire = requireFinder(snapshot.source);
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id];
    if (!node) continue;
    if (syntax.comments.has(node.type)) {
      const last = snapshot.endRow(node);
      for (let row = snapshot.startRow(node); row <= last; row++) commentRows.add(row);
      id = node.lastId;
      continue;
    }
    const sources = importReaders[node.type]?.(node);
    if (sources && sources.length > 0) {
      for (const source of sources) deps.push({ source, line: snapshot.startRow(node) + 1 });
      importNodes.push(node);
      id = node.lastId;
      continue;
    }
    // CommonJS: require('x') with a literal argument.
    if (requireImports && node.type === 'call_expression' && mayRequire(node)) {
      const call = node;
      if (call?.childForFieldName('function')?.text === 'require') {
        const arg = call.childForFieldName('arguments')?.namedChildren[0];
        if (arg && arg.type === 'string') {
          deps.push({ source: arg.text.slice(1, -1), line: snapshot.startRow(node) + 1 });
        }
      }
    }
  }
  return { deps, commentRows, importNodes };
}

/** For each unit's node id, the units directly inside it (units arrive outer before inner). */
function nestedUnits(located: readonly Located[]): Map<number, SnapshotNode[]> {
  const inside = new Map<number, SnapshotNode[]>();
  const open: Located[] = [];
  for (const unit of located) {
    while (open.length > 0 && open[open.length - 1]!.node.end <= unit.node.start) open.pop();
    const parent = open[open.length - 1];
    if (parent) {
      const siblings = inside.get(parent.node.id);
      if (siblings) siblings.push(unit.node);
      else inside.set(parent.node.id, [unit.node]);
    }
    open.push(unit);
  }
  return inside;
}

function fileDoc(language: LanguageId, snapshot: Snapshot, units: readonly UnitFacts[]) {
  const doc = snippetDoc(language, snapshot.root);
  return doc && units.some((u) => u.purpose.doc?.line === doc.line) ? undefined : doc;
}

/** A copy whose length is written as a constant (`memcpy(d, s, 4)`, `sizeof x`, `copy(b[:4], x)`): O(1). */
function constantLength(call: SnapshotNode | undefined): boolean {
  if (!call) return true;
  const args = call.childForFieldName('arguments') ?? call.namedChildren.find((c) => /argument/.test(c.type));
  const list = (args?.namedChildren ?? []).filter((c) => !c.type.includes('comment'));
  const last = list[list.length - 1]?.text ?? '';
  return (
    /^(\d+[uUlL]*|sizeof\b.*|(mem::)?size_of::<.*>\(\))$/.test(last.trim()) ||
    list.some((a) => /\[\s*\d*\s*:\s*\d+\s*\]$/.test(a.text.trim()))
  );
}

/** Facts about a parsed snippet, given its metrics. */
export function extractFacts(
  language: LanguageId,
  snapshot: Snapshot,
  errorRegions: number,
  metrics: SnippetMetrics,
): SnippetFacts {
  const located: Located[] = metrics.units.map((unit) => ({ metrics: unit, node: unit.node }));
  const isUnit = new Uint8Array(snapshot.nodes.length);
  for (const unit of located) isUnit[unit.node.id] = 1;
  // Units arrive outer before inner; the innermost enclosing unit is the parent.
  const { deps, commentRows, importNodes } = dependencies(language, snapshot);
  const named = new Map<string, number>();
  for (const unit of metrics.units)
    if (unit.kind !== 'class') named.set(unit.name, (named.get(unit.name) ?? 0) + 1);
  const context = {
    overloaded: new Set([...named].filter(([, n]) => n > 1).map(([name]) => name)),
    imports: deps.map((d) => d.source),
    snippetExports: /\bexport\b/.test(snapshot.source),
    ownCode: new OwnCode(nestedUnits(located)),
    registered: metrics.units.length > 0 ? registrations(snapshot.root) : new Map<string, Declaration>(),
    named: metrics.units.length > 0 ? namedLiterals(snapshot.root) : new Map<string, NamedLiteral>(),
  };
  const units: UnitFacts[] = [];
  const open: Located[] = [];
  for (const unit of located) {
    while (open.length > 0 && open[open.length - 1]!.node.end <= unit.node.start) open.pop();
    const parent = open[open.length - 1];
    units.push(unitFacts(language, snapshot, unit, isUnit, parent, [...open], context));
    open.push(unit);
  }
  const topLevel = collectSteps(language, snapshot, snapshot.root, isUnit).steps;
  const lines = snapshot.source.split(/\r\n|\r|\n/);
  // A final newline ends the last line; it does not start another.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return {
    lines: lines.length,
    nonBlankLines: lines.filter((l) => l.trim() !== '').length,
    commentLines: commentRows.size,
    errorRegions,
    units,
    dependencies: deps,
    topLevel,
    // An opening comment that documents the first unit is that unit's, not the file's.
    doc: fileDoc(language, snapshot, units),
    domainWords: domainWords(snapshot, importNodes),
  };
}
