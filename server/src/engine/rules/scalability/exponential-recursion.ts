import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { UnitFacts } from '../../facts/model.js';
import type { Rule } from '../model.js';
import { callArguments, calleeText, code, lineOf, numberLiteral, TIER1, unwrap } from '../util.js';

const CALLS = new Set(['call_expression', 'call', 'method_invocation']);
/** Constructs that run only one of their parts (or none): a call inside one is conditional. */
const CONDITIONAL = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'ternary_expression',
  'conditional_expression',
  'switch_case',
  'switch_default',
  'switch_block_statement_group',
  'switch_rule',
  'expression_case',
  'default_case',
  'case_clause',
  'match_statement',
  'catch_clause',
  'except_clause',
  'while_statement',
  'for_statement',
  'for_in_statement',
  'enhanced_for_statement',
  'do_statement',
]);

/** Names a unit can call itself by: `fib`, `this.fib`, `self.fib`, `Cls.fib`, Go's `recv.Fib`. */
function selfNames(unit: UnitFacts): Set<string> {
  const full = unit.metrics.name;
  const short = full.split(/[.#:]/).pop() ?? full;
  const names = new Set([short, full, `this.${short}`, `self.${short}`, `cls.${short}`]);
  const receiver = unit.metrics.node
    .childForFieldName('receiver')
    ?.namedChildren[0]?.childForFieldName('name');
  if (receiver) names.add(`${receiver.text}.${short}`);
  return names;
}

/** An argument `p - 1`, `p + 1`, `p - k` for a parameter p (the problem shrinks by a constant step): its text. */
function constantStep(call: Node, params: ReadonlySet<string>): string | undefined {
  for (const arg of callArguments(call)) {
    const a = unwrap(arg);
    if (a.type !== 'binary_expression' && a.type !== 'binary_operator') continue;
    const op = a.childForFieldName('operator')?.text;
    const left = a.childForFieldName('left');
    const right = a.childForFieldName('right');
    if (
      (op === '-' || op === '+') &&
      left &&
      right &&
      params.has(left.text) &&
      numberLiteral(right) !== undefined
    )
      return a.text;
  }
  return undefined;
}

/** Ancestors of `node` up to (not including) `stop`. */
function pathUp(node: Node, stop: Node): Node[] {
  const path: Node[] = [];
  for (let p = node.parent; p && p.id !== stop.id; p = p.parent) path.push(p);
  return path;
}

function lowestCommonAncestor(a: Node, b: Node): Node | undefined {
  const ids = new Set<number>();
  for (let p: Node | null = a; p; p = p.parent) ids.add(p.id);
  for (let p: Node | null = b; p; p = p.parent) if (ids.has(p.id)) return p;
  return undefined;
}

/** The unit already caches results: a cache decorator, or a memo/cache name in it. */
function memoised(unit: Node): boolean {
  const decorated =
    unit.parent?.type === 'decorated_definition'
      ? unit.parent.text.slice(0, unit.startIndex - unit.parent.startIndex)
      : '';
  return /cache|memo/i.test(decorated) || /\b\w*(memo|cache|Memo|Cache)\w*\b/.test(unit.text);
}

/** A function that calls itself more than once per call, on a problem only a constant smaller. */
export const exponentialRecursion: Rule = {
  meta: {
    id: 'scalability/exponential-recursion',
    type: 'scalability',
    severity: 'medium',
    languages: TIER1,
    docs: {
      description:
        'Self-recursion that makes two or more calls per run, each on an argument reduced by a constant, so the call count grows exponentially.',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const unitIds = new Set(context.facts.units.map((u) => u.metrics.node.id));
        for (const unit of context.facts.units) {
          if (unit.selfCallSites < 2 || unit.metrics.kind === 'class') continue;
          const node = unit.metrics.node;
          if (memoised(node)) continue;
          const names = selfNames(unit);
          const params = new Set(unit.params);
          const calls: { call: Node; step: string }[] = [];
          const stack: Node[] = [node];
          while (stack.length > 0) {
            const n = stack.pop()!;
            if (n.id !== node.id && unitIds.has(n.id)) continue;
            if (CALLS.has(n.type) && names.has(calleeText(n).replace(/\s+/g, ''))) {
              const step = constantStep(n, params);
              if (step) calls.push({ call: n, step });
            }
            for (let i = n.namedChildCount - 1; i >= 0; i--) {
              const c = n.namedChild(i);
              if (c) stack.push(c);
            }
          }
          // Two such calls that one run makes together: nothing between them and their common
          // ancestor chooses one over the other.
          let pair: [Node, Node, string, string] | undefined;
          for (let i = 0; i < calls.length && !pair; i++) {
            for (let j = i + 1; j < calls.length && !pair; j++) {
              const a = calls[i]!;
              const b = calls[j]!;
              const lca = lowestCommonAncestor(a.call, b.call);
              if (!lca || CONDITIONAL.has(lca.type)) continue;
              const conditional = [...pathUp(a.call, lca), ...pathUp(b.call, lca)].some((p) =>
                CONDITIONAL.has(p.type),
              );
              if (!conditional) pair = [a.call, b.call, a.step, b.step];
            }
          }
          if (!pair) continue;
          const [first, second, step1, step2] = pair;
          const steps = step1 === step2 ? `\`${step1}\`` : `\`${step1}\`, \`${step2}\``;
          const where =
            lineOf(first) === lineOf(second)
              ? `on line ${lineOf(first)}`
              : `on lines ${lineOf(first)} and ${lineOf(second)}`;
          context.report({
            line: lineOf(first),
            message: `\`${unit.metrics.name}\` calls itself twice in one run ${where} (${code(first.text, 30)} and ${code(second.text, 30)}), each time on an argument only a constant smaller (${steps}), so the number of calls grows exponentially with the size of the input and the same results are computed again and again. Cache results by argument (memoisation) or compute them bottom-up in a loop.`,
          });
        }
      },
    };
  },
};
