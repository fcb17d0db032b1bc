/**
 * "It divides by `n`, and nothing in it rules out zero": read from operator
 * nodes, never from text (a `/` in a string or a `%q` format code is not a
 * division). The divisor must be a parameter of the unit, and every other
 * mention of it in the unit must be as a divisor too: a comparison, an
 * assignment, a call it is passed to, anything else might rule zero out, and
 * then nothing is claimed. Where `/` and `%` can mean something else
 * (overloading, formatting, path joining), the parameter's declared type must
 * be a number.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { DividesBy } from './model.js';

/** Operators that divide: `/`, `%`, Python's `//`, and their assignments. */
export const DIVIDING = new Set(['/', '%', '//', '/=', '%=', '//=']);

/** Words of a declared type that make it a number (any other word, a qualifier aside, makes it something else). */
const NUMERIC_TYPE =
  /^(int|long|short|byte|char|float|double|decimal|number|bigint|integer|u?int(8|16|32|64|ptr)?|[iu](8|16|32|64|128|size)|f32|f64|float(32|64)|Int(8|16|32|64)?|UInt(8|16|32|64)?|Long|Double|Float|Short|Byte|size_t|ssize_t|ptrdiff_t|uint|ulong|ushort|sbyte|nint|nuint|Integer|BigInteger|BigDecimal)$/;
const QUALIFIER = /^(const|final|unsigned|signed|mut|var|val|let|in|readonly|volatile|register|static|_)$/;

/** The right operand of a dividing operator node, if `node` is one. */
export function divisorOf(node: Node): Node | undefined {
  const operator = node.childForFieldName('operator');
  if (!operator || !DIVIDING.has(operator.text)) return undefined;
  return node.childForFieldName('right') ?? undefined;
}

/** The parameter declaration `name` is declared in, read as the identifier's parent: `int n`, `n: u32`. */
function declaredType(declaration: Node, name: string): boolean {
  const words = declaration.text
    .replace(/=.*$/s, '')
    .split(/[^A-Za-z0-9_]+/)
    .filter((w) => w !== '' && w !== name && !QUALIFIER.test(w));
  return words.length > 0 && words.every((w) => NUMERIC_TYPE.test(w));
}

/**
 * The unit's divisions by a parameter nothing else in it touches, one claim
 * per parameter (its first division). `isUnit` marks the nodes that start
 * other units: a division in a nested function is that function's.
 */
export function divisionClaims(
  language: LanguageId,
  unit: Node,
  name: string,
  params: readonly string[],
  isUnit: Uint8Array,
): DividesBy[] {
  if (params.length === 0) return [];
  const candidates = new Set(params);
  const nodes = unit.doc.nodes;
  const divisions = new Map<string, Node>();
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    if (isUnit[id] === 1) {
      id = node.lastId;
      continue;
    }
    const divisor = divisorOf(node);
    if (divisor && candidates.has(divisor.text) && !divisions.has(divisor.text))
      divisions.set(divisor.text, node);
  }
  if (divisions.size === 0) return [];
  const numeric = LANGUAGES[language].arithmetic.divisionIsNumeric;
  const claims: DividesBy[] = [];
  for (const [divisor, division] of divisions) {
    const mentions = unit.descendantsOfType(['identifier', 'simple_identifier', 'variable_name']);
    const named = mentions.filter((m) => m.text === divisor || m.text === `$${divisor}`);
    // The first mention declares the parameter; every other one must be a divisor.
    const [declaration, ...uses] = named;
    if (!declaration || uses.length === 0) continue;
    const onlyDivides = uses.every((u) => {
      const parent = u.parent;
      return parent !== null && u.field === 'right' && divisorOf(parent)?.id === u.id;
    });
    if (!onlyDivides) continue;
    if (!numeric && (!declaration.parent || !declaredType(declaration.parent, divisor))) continue;
    const line = division.startPosition.row + 1;
    claims.push({
      kind: 'divides-by',
      unit: name,
      unitLine: unit.startPosition.row + 1,
      unitNode: unit.id,
      divisor,
      evidence: { nodes: [division.id], lines: [line] },
    });
  }
  return claims;
}
