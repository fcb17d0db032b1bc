/**
 * Recursion for cognitive complexity: the whitepaper adds one increment to
 * each method in a recursion cycle, direct or indirect. Languages resolve
 * calls to units of the same snippet; this finds the cycles.
 */
import type { CallRef, Region } from './scan.js';

/**
 * The region whose call graph a region's calls belong to: the nearest named
 * function-like unit at or above it (lambdas and closures fold into the
 * function that contains them), or -1 when there is none.
 */
export function callerOf(regions: readonly Region[], index: number): number {
  for (let region = regions[index]; region; region = regions[region.parent]) {
    const unit = region.unit;
    if (!unit || unit.kind === 'class') return -1;
    if (unit.name !== null) return region.index;
  }
  return -1;
}

/**
 * Builds the call graph between regions and returns those on a cycle.
 * `resolve` maps one call made by `caller` to the regions it may reach.
 */
export function recursiveRegions(
  regions: readonly Region[],
  resolve: (caller: Region, call: CallRef) => readonly number[],
): Set<number> {
  const edges = new Map<number, Set<number>>();
  for (const region of regions) {
    if (region.calls.length === 0) continue;
    const caller = regions[callerOf(regions, region.index)];
    if (!caller) continue;
    let targets = edges.get(caller.index);
    if (!targets) {
      targets = new Set();
      edges.set(caller.index, targets);
    }
    for (const call of region.calls) {
      for (const target of resolve(caller, call)) targets.add(target);
    }
  }
  return nodesOnCycles(edges);
}

interface Visit {
  readonly node: number;
  readonly next: number[];
}

/** Nodes on a cycle: a self-loop or a strongly connected component of two or more (iterative Tarjan). */
export function nodesOnCycles(edges: ReadonlyMap<number, ReadonlySet<number>>): Set<number> {
  const onCycle = new Set<number>();
  const order = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const component: number[] = [];
  for (const [from, targets] of edges) if (targets.has(from)) onCycle.add(from);

  const lower = (node: number, value: number | undefined): void => {
    if (value !== undefined && value < (low.get(node) ?? value)) low.set(node, value);
  };
  for (const root of edges.keys()) {
    if (order.has(root)) continue;
    const work: Visit[] = [];
    const enter = (node: number): void => {
      order.set(node, order.size);
      low.set(node, order.size - 1);
      component.push(node);
      onStack.add(node);
      work.push({ node, next: [...(edges.get(node) ?? [])] });
    };
    enter(root);
    for (let top = work.at(-1); top; top = work.at(-1)) {
      const target = top.next.pop();
      if (target !== undefined) {
        if (!order.has(target)) enter(target);
        else if (onStack.has(target)) lower(top.node, order.get(target));
        continue;
      }
      work.pop();
      if (low.get(top.node) === order.get(top.node)) {
        const members: number[] = [];
        for (let member = component.pop(); member !== undefined; member = component.pop()) {
          onStack.delete(member);
          members.push(member);
          if (member === top.node) break;
        }
        if (members.length > 1) for (const member of members) onCycle.add(member);
      }
      const parent = work.at(-1);
      if (parent) lower(parent.node, low.get(top.node));
    }
  }
  return onCycle;
}
