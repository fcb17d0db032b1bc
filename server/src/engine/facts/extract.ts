/**
 * Turns a parsed snippet plus its units into facts: per unit, the ordered
 * steps (loops, branches, calls, returns, throws, awaits), its parameters,
 * and the snippet's imports. One iterative walk per unit.
 */
import type { LanguageId } from '@code-explain/shared';
import type { Node } from 'web-tree-sitter';
import type { SnippetMetrics, UnitMetrics } from '../metrics/model.js';
import { SKIP_CHILDREN, walk } from '../walk.js';
import type { Dependency, SnippetFacts, Step, StepKind, UnitFacts } from './model.js';
import { CALLEE_FIELDS_FALLBACK, isComment, stepFor, syntaxTableFor } from './syntax.js';

const MAX_SUBJECT = 80;

/** Source text on one line, shortened to a readable length. */
export function clip(text: string, max = MAX_SUBJECT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function field(node: Node, ...names: string[]): Node | null {
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
  const fn = node.childForFieldName('function');
  const inner = fn?.type === 'parenthesized_expression' ? firstNamed(fn) : fn;
  return inner !== null && inner !== undefined && FUNCTION_LITERALS.has(inner.type);
}

function calleeOf(language: LanguageId, node: Node): string | undefined {
  if (callsLiteral(node)) return undefined;
  // Java: receiver.method(…) is split into `object` and `name`.
  if (node.type === 'method_invocation') {
    const object = node.childForFieldName('object');
    const name = node.childForFieldName('name');
    if (name) return shortCallee(object ? `${object.text}.${name.text}` : name.text);
  }
  const fields = syntaxTableFor(language)?.calleeFields ?? CALLEE_FIELDS_FALLBACK;
  const callee = field(node, ...fields) ?? firstNamed(node);
  return callee ? shortCallee(callee.text) : undefined;
}

/** In a call chain (`a.b().c`) the callee is named by its last step: `.c`. */
function shortCallee(text: string): string {
  const close = text.lastIndexOf(')');
  if (close >= 0) {
    const tail = text.slice(close + 1);
    if (/^\??\.[\w$#]+$/.test(tail)) return tail.replace(/^\?/, '');
  }
  return clip(text, 60);
}

function subjectOf(language: LanguageId, kind: StepKind, node: Node): string | undefined {
  let target: Node | null = null;
  switch (kind) {
    case 'loop': {
      if (node.type === 'for_statement' && language === 'go') {
        const clause = node.namedChildren.find((c) => c?.type === 'range_clause' || c?.type === 'for_clause');
        if (clause?.type === 'range_clause') target = clause.childForFieldName('right');
        else if (clause) target = clause.childForFieldName('condition');
        else target = node.namedChildren.find((c) => c && c.type !== 'block') ?? null;
      } else {
        target = field(node, 'right', 'value', 'condition');
      }
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
      const call = firstNamed(node);
      target = call && !callsLiteral(call) ? call : null;
      break;
    }
    case 'try':
    case 'catch':
      target = field(node, 'parameter');
      break;
  }
  if (!target) return undefined;
  const text = target.type === 'parenthesized_expression' ? target.text.slice(1, -1) : target.text;
  return clip(text);
}

const PARAM_NAME_FIELDS = ['name', 'pattern', 'left'];

function paramNames(unit: Node): string[] {
  const single = unit.childForFieldName('parameter');
  if (single) return [single.text];
  const list = field(unit, 'parameters', 'parameter_list');
  if (!list) return [];
  // A lone lambda parameter: Java `a -> …`.
  if (list.type === 'identifier') return [list.text];
  const names: string[] = [];
  for (const param of list.namedChildren) {
    if (!param || param.type.includes('comment')) continue;
    if (param.type === 'identifier' || param.type === 'simple_identifier') {
      names.push(param.text);
      continue;
    }
    // Go allows several names in one declaration: `a, b int`.
    const many = param.childrenForFieldName('name').filter((n) => n !== null);
    if (many.length > 1) {
      for (const n of many) names.push(n.text);
      continue;
    }
    const named = field(param, ...PARAM_NAME_FIELDS);
    if (named) {
      names.push(clip(named.text, 40));
      continue;
    }
    const id = firstIdentifier(param);
    if (id) names.push(id);
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

function hasDirectChild(node: Node, types: ReadonlySet<string>): boolean {
  if (types.size === 0) return false;
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && types.has(child.type)) return true;
  }
  return false;
}

/** Go's one `for` keyword covers counting, while-style and range loops. */
function refine(
  language: LanguageId,
  node: Node,
  step: ReturnType<typeof stepFor>,
): ReturnType<typeof stepFor> {
  if (!step || language !== 'go' || node.type !== 'for_statement') return step;
  const clause = node.namedChildren.find((c) => c?.type === 'range_clause' || c?.type === 'for_clause');
  if (clause?.type === 'range_clause') return { kind: 'loop', detail: 'for-each' };
  if (clause) return step;
  return { kind: 'loop', detail: 'while' };
}

interface Frame {
  node: Node;
  nesting: number;
  loops: number;
}

function collectSteps(
  language: LanguageId,
  container: Node,
  unitIds: ReadonlySet<number>,
): { steps: Step[]; maxNesting: number; maxLoopDepth: number } {
  const steps: Step[] = [];
  let maxNesting = 0;
  let maxLoopDepth = 0;
  const stack: Frame[] = [{ node: container, nesting: 0, loops: 0 }];
  while (stack.length > 0) {
    const { node, nesting, loops } = stack.pop()!;
    if (node.id !== container.id && unitIds.has(node.id)) continue;
    // Unnamed nodes are tokens: Python names both the `await` expression and its keyword `await`.
    const step = node.isNamed ? refine(language, node, stepFor(language, node.type)) : undefined;
    let childNesting = nesting;
    let childLoops = loops;
    if (step) {
      steps.push({
        kind: step.kind,
        line: node.startPosition.row + 1,
        depth: nesting,
        loopDepth: loops,
        subject: subjectOf(language, step.kind, node),
        ...(step.detail ? { detail: step.detail } : {}),
      });
      if (step.kind === 'loop' || step.kind === 'branch' || step.kind === 'switch') childNesting++;
      if (step.kind === 'loop') childLoops++;
      maxNesting = Math.max(maxNesting, childNesting);
      maxLoopDepth = Math.max(maxLoopDepth, childLoops);
    }
    // A for-each loop evaluates its iterable once, before repeating anything.
    const onceId = step?.kind === 'loop' ? (field(node, 'right', 'value')?.id ?? -1) : -1;
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child)
        stack.push({ node: child, nesting: childNesting, loops: child.id === onceId ? loops : childLoops });
    }
  }
  // The stack visits children in order, so steps are already in document order
  // except where a node's own step precedes its children; sort to be certain.
  steps.sort((a, b) => a.line - b.line);
  return { steps, maxNesting, maxLoopDepth };
}

function shortName(name: string): string {
  const parts = name.split(/[.#:]/);
  return parts[parts.length - 1] ?? name;
}

function unitFacts(
  language: LanguageId,
  unit: UnitMetrics,
  unitIds: ReadonlySet<number>,
  parent: string | undefined,
): UnitFacts {
  const table = syntaxTableFor(language);
  const { steps, maxNesting, maxLoopDepth } =
    unit.kind === 'class'
      ? { steps: [], maxNesting: 0, maxLoopDepth: 0 }
      : collectSteps(language, unit.node, unitIds);
  const calls: string[] = [];
  const seen = new Set<string>();
  const self = shortName(unit.name);
  let selfCallSites = 0;
  for (const step of steps) {
    if (step.kind !== 'call' || !step.subject) continue;
    if (!seen.has(step.subject)) {
      seen.add(step.subject);
      calls.push(step.subject);
    }
    const callee = step.subject;
    if (
      !unit.name.startsWith('<') &&
      (callee === self || callee === `this.${self}` || callee === `self.${self}` || callee === `${unit.name}`)
    ) {
      selfCallSites++;
    }
  }
  return {
    metrics: unit,
    params: unit.kind === 'class' ? [] : paramNames(unit.node),
    isAsync: table ? hasDirectChild(unit.node, table.asyncMarkers) : false,
    isGenerator:
      (table ? hasDirectChild(unit.node, table.generatorMarkers) : false) ||
      (language === 'python' && steps.some((s) => s.kind === 'yield')),
    steps,
    calls,
    recursive: selfCallSites > 0,
    selfCallSites,
    maxLoopDepth,
    maxNesting,
    parent,
  };
}

function dependencies(language: LanguageId, root: Node): { deps: Dependency[]; commentRows: Set<number> } {
  const importReaders = syntaxTableFor(language)?.imports ?? {};
  const deps: Dependency[] = [];
  const commentRows = new Set<number>();
  const jsLike = language === 'javascript' || language === 'typescript' || language === 'tsx';
  walk(root, (node) => {
    if (isComment(language, node.type)) {
      for (let row = node.startPosition.row; row <= node.endPosition.row; row++) commentRows.add(row);
      return SKIP_CHILDREN;
    }
    const read = importReaders[node.type];
    if (read) {
      for (const source of read(node)) deps.push({ source, line: node.startPosition.row + 1 });
      return SKIP_CHILDREN;
    }
    // CommonJS: require('x') with a literal argument.
    if (jsLike && node.type === 'call_expression' && node.childForFieldName('function')?.text === 'require') {
      const arg = node.childForFieldName('arguments')?.namedChildren[0];
      if (arg && arg.type === 'string') {
        deps.push({ source: arg.text.slice(1, -1), line: node.startPosition.row + 1 });
      }
    }
  });
  return { deps, commentRows };
}

export function extractFacts(
  language: LanguageId,
  code: string,
  root: Node,
  errorRegions: number,
  metrics: SnippetMetrics,
): SnippetFacts {
  const unitIds = new Set(metrics.units.map((u) => u.node.id));
  // Units arrive outer before inner; the innermost enclosing unit is the parent.
  const units: UnitFacts[] = [];
  const open: UnitMetrics[] = [];
  for (const unit of metrics.units) {
    while (open.length > 0 && open[open.length - 1]!.node.endIndex <= unit.node.startIndex) open.pop();
    const parent = open[open.length - 1];
    units.push(unitFacts(language, unit, unitIds, parent?.name));
    open.push(unit);
  }
  const topLevel = collectSteps(language, root, unitIds).steps;
  const { deps, commentRows } = dependencies(language, root);
  const lines = code.split(/\r\n|\r|\n/);
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
  };
}
