import type { LanguageId } from '@code-explain/shared';
import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { code, lineOf, linesText, listOf, nameWords, numberLiteral, TIER1, unwrap } from '../util.js';

const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=', '===', '!==']);
interface Options {
  readonly allowed: readonly number[];
}

const CONSTANT: Partial<Record<LanguageId, string>> = {
  python: 'a module-level UPPER_CASE constant',
  java: 'a `static final` field',
  go: 'a `const`',
};

/** Inside a declaration of a named constant: `const LIMIT = x > 5`. */
function inConstant(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    switch (p.type) {
      case 'lexical_declaration':
        return p.childForFieldName('kind')?.text === 'const';
      case 'const_spec':
      case 'const_declaration':
        return true;
      case 'field_declaration':
      case 'local_variable_declaration':
        return /\bfinal\b/.test(p.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '');
      case 'assignment': {
        const left = p.childForFieldName('left')?.text ?? '';
        return /^[A-Z][A-Z0-9_]*$/.test(left);
      }
      case 'expression_statement':
      case 'statement_block':
      case 'block':
        return false;
    }
  }
  return false;
}

/** The operands on each side of each comparison operator in a comparison node. */
function comparedPairs(node: Node): [Node, Node][] {
  if (node.type === 'comparison_operator') {
    // Python chains: 0 < x < 10 → (0, x), (x, 10).
    const operands = node.namedChildren.filter((c): c is Node => c !== null && !c.type.includes('comment'));
    const ops = node.children.filter((c) => c !== null && !c.isNamed);
    if (!ops.every((o) => COMPARISONS.has(o!.type))) return [];
    return operands.slice(1).map((right, i) => [operands[i]!, right]);
  }
  // Most binary expressions are exactly `left op right`: read them by position, which is cheaper.
  if (node.childCount === 3) {
    const op = node.child(1)!;
    if (!COMPARISONS.has(op.type)) return [];
    return [[node.child(0)!, node.child(2)!]];
  }
  const op = node.childForFieldName('operator')?.text ?? '';
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  return COMPARISONS.has(op) && left && right ? [[left, right]] : [];
}

/** Unexplained numbers in conditions. */
export const magicNumber: Rule<Options> = {
  meta: {
    id: 'maintainability/magic-number',
    type: 'maintainability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description:
        'A numeric literal compared against in a condition, outside constant declarations, other than the `allowed` ones and HTTP status codes compared with a status.',
      examples: [
        {
          language: 'python',
          bad: 'def can_retry(attempts):\n    return attempts < 5\n',
          good: 'MAX_ATTEMPTS = 5\n\n\ndef can_retry(attempts):\n    return attempts < MAX_ATTEMPTS\n',
        },
      ],
    },
    messages: {
      bareNumber:
        '{{operand}} is compared with the bare number {{number}} on {{lines}}; give it a name that says what it stands for: declare it once as {{constant}} and compare with that, so the condition explains itself and the value changes in one place.',
      bareNumbers:
        '{{operand}} is compared with {{count}} different bare numbers, {{numbers}}, on {{lines}}; give each a name that says what it stands for ({{constant}} each, or an enum) and compare with those, so the conditions explain themselves.',
    },
    options: {
      schema: z.object({ allowed: z.array(z.number()) }),
      defaults: { allowed: [-1, 0, 1, 2] },
      focused: {},
      docs: {
        allowed:
          'Numbers whose meaning is plain from context and may be compared with bare: by default none, one, a pair, and "not found".',
      },
    },
  },
  create(context) {
    const plain = new Set(context.options.allowed);
    // Grouped by what the numbers are compared with: `code == 3 … code == 9` is one finding.
    const byOperand = new Map<string, { first: Node; other: Node; values: Map<string, number[]> }>();
    const visit = (node: Node) => {
      for (const [a, b] of comparedPairs(node)) {
        for (const [literal, other] of [
          [a, b],
          [b, a],
        ] as const) {
          const text = numberLiteral(literal);
          if (text === undefined || numberLiteral(other) !== undefined) continue;
          // A type suffix (`10L`, `1.5f`) is no digit; in hex (`0x0f`, `0xdd`) `f` and `d` are digits.
          const digits = text.replace(/_/g, '');
          const value = Number(
            /^0[xX]/.test(digits) ? digits.replace(/[lLuU]+$/, '') : digits.replace(/[lLfFdDuU]+$/, ''),
          );
          if (Number.isNaN(value) || plain.has(value)) continue;
          // HTTP status codes read as themselves.
          if (nameWords(unwrap(other).text).some((w) => w === 'status' || w === 'statuscode')) continue;
          if (inConstant(node)) continue;
          const key = unwrap(other).text;
          const entry = byOperand.get(key) ?? { first: literal, other, values: new Map<string, number[]>() };
          entry.values.set(text, [...(entry.values.get(text) ?? []), lineOf(literal)]);
          byOperand.set(key, entry);
        }
      }
    };
    const constant = CONSTANT[context.language] ?? 'a `const`';
    return {
      binary_expression: visit,
      comparison_operator: visit,
      'Program:exit'() {
        for (const { first, other, values } of byOperand.values()) {
          const all = [...values.values()].flat();
          const what = code(other.text, 40);
          if (values.size === 1) {
            const [text] = [...values.keys()];
            context.report({
              node: first,
              messageId: 'bareNumber',
              data: { operand: what, number: text!, lines: linesText(all), constant },
            });
          } else {
            context.report({
              node: first,
              messageId: 'bareNumbers',
              data: {
                operand: what,
                count: values.size,
                numbers: listOf([...values.keys()], 6),
                lines: linesText(all),
                constant,
              },
            });
          }
        }
      },
    };
  },
};
