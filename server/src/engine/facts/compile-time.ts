/**
 * Compile-time conditionals (C's `#if … #elif … #else … #endif`): of a group
 * of arms, the compiler keeps one, so the statements of different arms never
 * run one after another. The groups are read by line: every directive stands
 * on a line of its own, so an arm is the lines between its directive and the
 * next one.
 */
import type { LanguageId } from '@code-explain/shared';
import type { CompileTimeSyntax } from '../languages/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { CompiledArm, CompileGroup } from './model.js';
import { syntaxOf } from './syntax.js';

/** An arm that opens a group: not the `#elif` or `#else` another arm holds as its alternative. */
function opensGroup(syntax: CompileTimeSyntax, arm: Node): boolean {
  return !(arm.field === 'alternative' && arm.parent !== null && syntax.arms.has(arm.parent.type));
}

/** A group's arms, first to last, each with its lines and what makes it the one compiled. */
function groupOf(syntax: CompileTimeSyntax, first: Node): CompileGroup {
  const nodes: Node[] = [];
  for (let arm: Node | null = first; arm; arm = arm.childForFieldName('alternative'))
    if (syntax.arms.has(arm.type)) nodes.push(arm);
  const endif = nodes
    .flatMap((n) => n.children.filter((c) => c.type === syntax.end))
    .map((c) => c.startPosition.row + 1)[0];
  const endLine = endif ?? first.endPosition.row + 1;
  const arms: CompiledArm[] = nodes.map((n, i) => {
    const next = nodes[i + 1];
    // A row counts from 0: the next directive's row is the line before it.
    return {
      line: n.startPosition.row + 1,
      endLine: next ? next.startPosition.row : endLine - 1,
      when: syntax.condition(n),
    };
  });
  return { line: first.startPosition.row + 1, endLine, arms };
}

/** The outermost compile-time conditionals inside `container`, leaving out those of units nested in it. */
export function compileGroupsIn(language: LanguageId, container: Node, isUnit: Uint8Array): CompileGroup[] {
  const syntax = syntaxOf(language).compileTime;
  if (!syntax) return [];
  const nodes = container.doc.nodes;
  const groups: CompileGroup[] = [];
  for (let id = container.id + 1; id <= container.lastId; id++) {
    const node = nodes[id];
    if (!node) continue;
    if (isUnit[id] === 1) {
      id = node.lastId;
      continue;
    }
    if (syntax.arms.has(node.type) && opensGroup(syntax, node)) {
      groups.push(groupOf(syntax, node));
      id = node.lastId;
    }
  }
  return groups;
}

/** The outermost compile-time arm `unit` is written in, with its group, if any. */
export function compiledIn(
  language: LanguageId,
  unit: Node,
): { readonly group: CompileGroup; readonly arm: number } | undefined {
  const syntax = syntaxOf(language).compileTime;
  if (!syntax) return undefined;
  let found: { first: Node; arm: Node } | undefined;
  let from = unit;
  for (let p = unit.parent; p; from = p, p = p.parent) {
    // Coming up from an arm's alternative, `p` is the arm before it, not one `unit` is in.
    if (!syntax.arms.has(p.type) || (syntax.arms.has(from.type) && from.field === 'alternative')) continue;
    let first = p;
    while (!opensGroup(syntax, first) && first.parent) first = first.parent;
    found = { first, arm: p };
  }
  if (!found) return undefined;
  const group = groupOf(syntax, found.first);
  const line = found.arm.startPosition.row + 1;
  const arm = group.arms.findIndex((a) => a.line === line);
  return arm >= 0 ? { group, arm } : undefined;
}

/** The group and arm a line is in, among `groups`. */
export function armAt(
  groups: readonly CompileGroup[],
  line: number,
): { readonly group: CompileGroup; readonly arm: number } | undefined {
  for (const group of groups) {
    if (line <= group.line || line >= group.endLine) continue;
    const arm = group.arms.findIndex((a) => line > a.line && line <= a.endLine);
    if (arm >= 0) return { group, arm };
  }
  return undefined;
}
