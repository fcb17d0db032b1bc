/**
 * Words for metric increments: what a node that adds to cyclomatic or
 * cognitive complexity is, named by the snippet's own text where it has a
 * keyword or operator (so every quote is code the user wrote), otherwise by
 * its syntax type in plain words.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { MetricIncrement } from '../model.js';

const KEYWORD = /^[a-z][a-z_]*[a-z]$|^[a-z]$/;
const OPERATOR = /^(&&|\|\||\?\?|and|or|&&=|\|\|=|\?\?=|\?\.|\?)$/;

/** The node's own keyword (`if`, `for`, `case`, `catch`, …) or operator, if it has one among its first tokens. */
export function keywordOf(node: Node): string | null {
  let seen = 0;
  for (const child of node.children) {
    if (!child || child.isNamed) {
      if (++seen > 2) break;
      continue;
    }
    const text = child.text;
    if (KEYWORD.test(text) || OPERATOR.test(text)) return text;
    if (++seen > 2) break;
  }
  return null;
}

/** A syntax type in plain words: `for_in_statement` → "for in statement". */
export function typeWords(type: string): string {
  return type.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

/** How an increment names the node: its keyword or operator quoted, else its type in words. */
export function nodeLabel(node: Node): string {
  const directive = node.type.startsWith('preproc_') ? node.child(0)?.text : undefined;
  if (directive?.startsWith('#')) return `\`${directive}\``;
  const keyword = keywordOf(node);
  if (keyword !== 'if' && keyword !== 'else' && afterElse(node)) return '`else`';
  if (keyword !== null) return `\`${keyword}\``;
  // A keyword that is a named leaf of its own (Kotlin's and Swift's `else`).
  if (node.childCount === 0 && node.text === node.type && KEYWORD.test(node.text)) return `\`${node.text}\``;
  return typeWords(node.type);
}

/**
 * Whether the node is the branch an `else` token introduces (Go's else block,
 * Java's and C#'s else statement: `else return null;` is counted for its
 * `else`, not its `return`).
 */
function afterElse(node: Node): boolean {
  let previous = node.previousSibling;
  while (previous && previous.isNamed && /comment/.test(previous.type)) previous = previous.previousSibling;
  return previous !== null && !previous.isNamed && previous.text === 'else';
}

/**
 * The line of a binary node's operator (its first token between the two
 * operands), so a condition that runs over lines names each operator's own
 * line; other nodes' first line.
 */
export function operatorLineOf(node: Node): number {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) {
    // A conditional `a\n ? b : c`: the `?` may sit on a line below the condition's first.
    const token = node.children.find((c) => c && !c.isNamed && c.text === '?');
    return token ? lineOf(token) : lineOf(node);
  }
  for (const child of node.children) {
    if (child && !child.isNamed && child.startIndex >= left.endIndex && child.endIndex <= right.startIndex)
      return lineOf(child);
  }
  return lineOf(node);
}

export const lineOf = (node: Node): number => node.startPosition.row + 1;

/**
 * The line an increment names for a node: the `else` token's for the branch an `else` introduces (with
 * the brace on a line of its own, `else` and its block are on different lines), else the node's first.
 */
export function incrementLineOf(node: Node): number {
  if (keywordOf(node) === '?') return operatorLineOf(node);
  if (!afterElse(node)) return lineOf(node);
  let previous = node.previousSibling;
  while (previous && previous.isNamed && /comment/.test(previous.type)) previous = previous.previousSibling;
  return previous ? lineOf(previous) : lineOf(node);
}

export function cyclomaticIncrement(node: Node, points: number): MetricIncrement {
  // A language may count a construct one less than its parts (Kotlin's `when`: its entries minus one).
  const reason =
    points < 0
      ? `${nodeLabel(node)} (its first branch adds no path)`
      : node.type.startsWith('preproc_')
        ? `${nodeLabel(node)} (a compile-time condition, counted as lizard counts it)`
        : nodeLabel(node);
  const keyword = keywordOf(node);
  const line = keyword !== null && OPERATOR.test(keyword) ? operatorLineOf(node) : incrementLineOf(node);
  return { metric: 'cyclomatic', line, points, reason };
}

/** A structural cognitive increment: one, plus one per enclosing nesting level. */
export function nestedIncrement(node: Node, nesting: number, label = nodeLabel(node)): MetricIncrement {
  return nesting > 0
    ? {
        metric: 'cognitive',
        line: incrementLineOf(node),
        points: 1 + nesting,
        reason: `${label}, nested ${nesting} level${nesting === 1 ? '' : 's'} deep`,
        nesting,
      }
    : { metric: 'cognitive', line: incrementLineOf(node), points: 1, reason: label };
}

export function flatIncrement(line: number, reason: string): MetricIncrement {
  return { metric: 'cognitive', line, points: 1, reason };
}

/** The one path every function has before any decision. */
export function entryIncrement(line: number): MetricIncrement {
  return { metric: 'cyclomatic', line, points: 1, reason: 'the path through the function' };
}

export function recursionIncrement(line: number): MetricIncrement {
  return { metric: 'cognitive', line, points: 1, reason: 'recursion (its calls lead back to it)' };
}

/** Increments in source order, cyclomatic before cognitive on the same line. */
export function inSourceOrder(increments: readonly MetricIncrement[]): MetricIncrement[] {
  return [...increments].sort(
    (a, b) => a.line - b.line || (a.metric === b.metric ? 0 : a.metric === 'cyclomatic' ? -1 : 1),
  );
}

export function sumOf(increments: readonly MetricIncrement[], metric: MetricIncrement['metric']): number {
  let sum = 0;
  for (const increment of increments) if (increment.metric === metric) sum += increment.points;
  return sum;
}
