/**
 * What decides a unit's running time beyond its loop nesting: how it
 * recurses, and which collections it searches on every iteration of a loop.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { calleeText, COMPREHENSIONS, contains, repeaterOf } from '../nodes.js';
import { bindingsOf } from '../scope/bindings.js';
import { exitReader } from './exits.js';
import type { LoopSearch } from './model.js';
import { searchesOf, type Search } from './searches.js';
import { clip } from './subjects.js';

/** Methods that make a collection longer. */
const GROWS = /^(push|unshift|splice|append|extend|insert|add|addAll)$/;

/** How many loops (or comprehensions) in `unit` repeat `node`. */
function repeats(unit: Node, node: Node): number {
  let depth = 0;
  for (let loop = repeaterOf(node); loop && contains(unit, loop); loop = repeaterOf(loop)) depth++;
  return depth;
}

/** What a loop runs over, or its condition. */
function loopText(loop: Node): { loopOver?: string; loopCondition?: string } {
  if (COMPREHENSIONS.has(loop.type)) {
    const over = loop.namedChildren.find((c) => c.type === 'for_in_clause')?.childForFieldName('right');
    return over ? { loopOver: clip(over.text) } : {};
  }
  const clause = loop.namedChildren.find((c) => c.type === 'range_clause' || c.type === 'for_clause');
  const header = clause ?? loop;
  const over = header.childForFieldName('right') ?? header.childForFieldName('value');
  if (over && header.type !== 'for_clause') return { loopOver: clip(over.text) };
  const condition =
    header.childForFieldName('condition') ??
    (loop.type === 'for_statement' && !clause
      ? loop.namedChildren.find((c) => c.type !== 'block' && !c.type.includes('comment'))
      : null);
  if (!condition) return {};
  const text = condition.text;
  const bare = condition.type === 'parenthesized_expression' ? text.slice(1, -1) : text;
  return { loopCondition: clip(bare) };
}

/** The search as quoted: the whole of a short `in` test, a call's callee with `(…)`. */
export function quote(search: Pick<Search, 'node' | 'method'>): string {
  const text = search.node.text;
  if (search.method === 'in' || search.node.type === 'comparison_operator') return clip(text, 50);
  return `${clip(calleeText(search.node), 50)}(…)`;
}

function loopSearches(language: LanguageId, unit: Node): LoopSearch[] {
  const bindings = bindingsOf(language, unit);
  const leavesLoop = exitReader();
  const out: LoopSearch[] = [];
  for (const s of searchesOf(language, unit)) {
    if (!contains(unit, s.loop) || s.boundInLoop) continue;
    // Sets, maps and strings are not searched element by element (or not a collection's elements).
    if (s.holds !== 'list' && s.holds !== 'unknown' && s.holds !== 'call') continue;
    const leaves = leavesLoop(s.node);
    const depth = repeats(unit, s.node) - (leaves === 'unit' ? Infinity : leaves === 'loop' ? 1 : 0);
    if (depth < 1) continue;
    const change = language === 'go' ? undefined : bindings.changedIn(s.name, s.loop);
    const grows =
      change && (change.how === 'append' || (change.how === 'mutation' && GROWS.test(change.method ?? '')));
    out.push({
      line: s.node.startPosition.row + 1,
      search: quote(s),
      collection: clip(s.name, 40),
      isList: s.holds === 'list',
      loopLine: s.loop.startPosition.row + 1,
      ...loopText(s.loop),
      loopDepth: depth,
      ...(grows ? { growsOn: change.line } : {}),
    });
  }
  return out;
}

/** The collections a function-like unit searches on every iteration of a loop; undefined when none. */
export function loopSearchesOf(language: LanguageId, unit: Node): readonly LoopSearch[] | undefined {
  const found = loopSearches(language, unit);
  return found.length > 0 ? found : undefined;
}
