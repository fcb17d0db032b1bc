import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, callArguments, lineOf, numberLiteral, snippet, TIER1, unwrap } from '../util.js';

interface Options {
  readonly maxDepth: number;
}

/**
 * What a loop iterates over, if its trip count depends on data: the
 * collection of a for-each loop, or the bound of a counting loop. Loops with
 * a literal bound (`i < 3`, `range(4)`), and while loops, return undefined.
 */
function dataLoop(loop: Node, fixed: ReadonlySet<string>): string | undefined {
  const over = (node: Node | null) => (node && !isFixed(node, fixed) ? node.text : undefined);
  switch (loop.type) {
    case 'for_in_statement':
      return over(loop.childForFieldName('right'));
    case 'enhanced_for_statement':
      return over(loop.childForFieldName('value'));
    case 'for_statement': {
      // Python: for x in <right>.
      const right = loop.childForFieldName('right');
      if (right) {
        if (right.type === 'call' && calleeText(right) === 'range') {
          const args = callArguments(right);
          return args.every((a) => numberLiteral(a) !== undefined) ? undefined : right.text;
        }
        return over(right);
      }
      // Go: range clause or three-part clause.
      const clause = loop.namedChildren.find((c) => c?.type === 'range_clause' || c?.type === 'for_clause');
      if (clause?.type === 'range_clause') {
        const range = clause.childForFieldName('right');
        return range && numberLiteral(range) === undefined ? over(range) : undefined;
      }
      // JS/Java/Go counting loop: the bound is the side of `i < n` that is not the counter.
      return countingBound((clause ?? loop).childForFieldName('condition'));
    }
    default:
      return undefined;
  }
}

const LITERAL_COLLECTIONS = new Set(['array', 'list', 'tuple', 'array_initializer', 'composite_literal']);

/** A collection written out in the code (or a const bound to one): its size is fixed. */
function isFixed(node: Node, fixed: ReadonlySet<string>): boolean {
  const n = unwrap(node);
  if (LITERAL_COLLECTIONS.has(n.type) || n.type === 'array_creation_expression') return true;
  if (n.type === 'identifier') return fixed.has(n.text);
  // Java: List.of(a, b), Arrays.asList(a, b), Set.of(…).
  return n.type === 'method_invocation' && /^(List|Set|Arrays|Stream)\.(of|asList)$/.test(calleeText(n));
}

/** Names declared `const` (JS) or `final` (Java) with a literal collection, in a unit. */
function fixedNames(unit: Node): Set<string> {
  const names = new Set<string>();
  for (const d of unit.descendantsOfType('variable_declarator')) {
    const value = d?.childForFieldName('value');
    const name = d?.childForFieldName('name');
    const decl = d?.parent;
    const constant =
      decl?.childForFieldName('kind')?.text === 'const' ||
      /\bfinal\b/.test(decl?.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '');
    if (constant && name && value && isFixed(value, new Set())) names.add(name.text);
  }
  return names;
}

const ORDERING = new Set(['<', '<=', '>', '>=', '!=']);

/** The bound of a counting loop's condition, `n` in `i < n` (or `i < n && …`); undefined if literal or unclear. */
function countingBound(condition: Node | null): string | undefined {
  let c = condition ? unwrap(condition) : undefined;
  while (c?.type === 'binary_expression' && c.childForFieldName('operator')?.text === '&&') {
    const left = c.childForFieldName('left');
    c = left ? unwrap(left) : undefined;
  }
  if (c?.type !== 'binary_expression' || !ORDERING.has(c.childForFieldName('operator')?.text ?? ''))
    return undefined;
  const left = c.childForFieldName('left');
  const right = c.childForFieldName('right');
  if (!left || !right) return undefined;
  // The counter is the plain name; the bound is the other side.
  const bound =
    left.type === 'identifier' && right.type !== 'identifier'
      ? right
      : right.type === 'identifier' && left.type !== 'identifier'
        ? left
        : right;
  return numberLiteral(bound) === undefined ? bound.text : undefined;
}

/**
 * The names a loop over a collection binds to its elements (or, in Go, its
 * indexes): `x` in `for (const x of xs)`, `for x in xs`, `for (T x : xs)`,
 * `for i, x := range xs`. Counting loops and Python's `range` bind none.
 */
function elementNames(loop: Node): string[] {
  let target: Node | null | undefined;
  switch (loop.type) {
    case 'for_in_statement':
      target = loop.childForFieldName('left');
      break;
    case 'enhanced_for_statement':
      target = loop.childForFieldName('name');
      break;
    case 'for_statement': {
      const right = loop.childForFieldName('right');
      if (right) {
        if (right.type === 'call' && calleeText(right) === 'range') return [];
        target = loop.childForFieldName('left');
        break;
      }
      target = loop.namedChildren.find((c) => c?.type === 'range_clause')?.childForFieldName('left');
      break;
    }
    default:
      return [];
  }
  if (!target) return [];
  const ids = target.type === 'identifier' ? [target] : target.descendantsOfType('identifier');
  return ids.filter((n): n is Node => n !== null && n.text !== '_').map((n) => n.text);
}

/** Whether an expression's text names any of `names`. */
function mentions(text: string, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  return (text.match(/[A-Za-z_$][\w$]*/g) ?? []).some((word) => names.has(word));
}

/** More than `maxDepth` loops over data nested in one function. */
export const nestedLoops: Rule<Options> = {
  meta: {
    id: 'scalability/nested-loops',
    type: 'scalability',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description:
        "Loops over collections (or data-dependent bounds) nested more than `maxDepth` deep in one function; a loop over part of an outer loop's element (a grid's row, `adj[u]`) walks nested data and adds no level.",
      examples: [
        {
          language: 'python',
          bad: 'def common(xs, ys, zs):\n    out = []\n    for x in xs:\n        for y in ys:\n            for z in zs:\n                if x == y == z:\n                    out.append(x)\n    return out\n',
          good: 'def common(xs, ys, zs):\n    return set(xs) & set(ys) & set(zs)\n',
        },
      ],
    },
    messages: {
      nestedDataLoops:
        '`{{name}}` nests {{depth}} loops whose lengths depend on data: over {{levels}}. The innermost body runs once for every combination, so the work grows with the product of those sizes ({{growth}} when they grow together). Index what the inner loops look for in a Map/Set or dictionary built once beforehand, or otherwise restructure so each level does not rescan the next.',
    },
    options: {
      schema: z.object({ maxDepth: z.number().int().min(1) }),
      defaults: { maxDepth: 2 },
      focused: { maxDepth: 1 },
      docs: {
        maxDepth:
          'Most loops over data (collections or data-dependent bounds; not literal ranges or while loops) one function may nest.',
      },
    },
  },
  create(context) {
    const max = context.options.maxDepth;
    return {
      'Program:exit'() {
        const unitIds = new Set(context.facts.units.map((u) => u.metrics.node.id));
        for (const unit of context.facts.units) {
          // The facts count every loop, so they bound ours from above.
          if (unit.metrics.kind === 'class' || unit.maxLoopDepth <= max) continue;
          const root = unit.metrics.node;
          const fixed = fixedNames(root);
          let deepest: { loop: Node; over: string }[] = [];
          const stack: { node: Node; chain: { loop: Node; over: string }[]; bound: ReadonlySet<string> }[] = [
            { node: root, chain: [], bound: new Set() },
          ];
          while (stack.length > 0) {
            const { node, chain: outer, bound: outerBound } = stack.pop()!;
            if (node.id !== root.id && unitIds.has(node.id)) continue;
            const over = node.id === root.id ? undefined : dataLoop(node, fixed);
            // A loop over part of an outer loop's element (`for cell in row`, `adj[u]`) walks nested data:
            // together the two visit each element once, which is no product of sizes.
            const independent = over !== undefined && !mentions(over, outerBound);
            const chain = independent ? [...outer, { loop: node, over }] : outer;
            const binds = over !== undefined ? elementNames(node) : [];
            const bound = binds.length > 0 ? new Set([...outerBound, ...binds]) : outerBound;
            if (chain.length > deepest.length) deepest = chain;
            for (let i = node.namedChildCount - 1; i >= 0; i--) {
              const child = node.namedChild(i);
              if (child) stack.push({ node: child, chain, bound });
            }
          }
          if (deepest.length <= max) continue;
          const levels = deepest.map((l) => `\`${snippet(l.over, 30)}\` (line ${lineOf(l.loop)})`);
          context.report({
            line: lineOf(deepest[0]!.loop),
            messageId: 'nestedDataLoops',
            data: {
              name: unit.metrics.name,
              depth: deepest.length,
              levels: levels.join(', then '),
              growth: deepest.length === 2 ? 'quadratic' : 'cubic or worse',
              max,
            },
          });
        }
      },
    };
  },
};
