/**
 * Parts of a built query that cannot carry SQL: a constant string bound once
 * and never changed (`const statusActive = "active"`, a module-level
 * `TABLE = "audit_events"`), a value whose declared type is a number, and a
 * run of placeholders (`strings.Repeat("?,", len(ids))`, `", ".join("?" *
 * len(ids))`, `ids.map(() => '?').join(',')`). A query whose every varying
 * part is one of these is not injectable, whatever it looks like.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { bindingsOf } from '../../scope/bindings.js';
import { calleeText, callArguments, isPlainString, stringContent, sumOperands, unwrap } from '../util.js';

/** Literal text that is only placeholders and separators: `?,`, `, `, `$`, `%s`. */
const PLACEHOLDERS = /^[\s?,$%s\d()]*$/;
const NUMBER_LITERALS = new Set([
  'number',
  'integer',
  'float',
  'int_literal',
  'float_literal',
  'decimal_integer_literal',
  'integer_literal',
  'real_literal',
]);
/** Steps a single check may take: built strings are short, but input is not trusted to be. */
const MAX_STEPS = 200;

interface Budget {
  steps: number;
}

function placeholderLiteral(node: Node): boolean {
  const text = isPlainString(node) ? stringContent(node) : undefined;
  return text !== undefined && PLACEHOLDERS.test(text);
}

/** A value made only of placeholders, repeated or joined (the count may be anything). */
function placeholderRun(node: Node, budget: Budget): boolean {
  if (++budget.steps > MAX_STEPS) return false;
  const n = unwrap(node);
  if (placeholderLiteral(n)) return true;
  switch (n.type) {
    case 'binary_expression':
    case 'binary_operator': {
      const op = n.childForFieldName('operator')?.text;
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (!left || !right) return false;
      // "?" * n, ["?"] * n
      if (op === '*')
        return (
          placeholderRun(left, budget) ||
          (left.type === 'list' && left.namedChildren.every((c) => c !== null && placeholderLiteral(c)))
        );
      return op === '+' && placeholderRun(left, budget) && placeholderRun(right, budget);
    }
    case 'call':
    case 'call_expression':
    case 'method_invocation': {
      const callee = calleeText(n);
      const args = callArguments(n);
      // Go: strings.Repeat("?,", n), strings.TrimSuffix(run, ","), strings.TrimRight(run, ",").
      if (callee === 'strings.Repeat') return args[0] !== undefined && placeholderLiteral(args[0]);
      if (/^strings\.Trim(Suffix|Right)$/.test(callee))
        return args[0] !== undefined && placeholderRun(args[0], budget);
      const method = callee.split('.').pop() ?? '';
      const receiver =
        n.childForFieldName('function')?.childForFieldName('object') ?? n.childForFieldName('object');
      // Python ", ".join(run), JS run.join(","), "?".repeat(n), Array(n).fill("?").
      if (method === 'join' && receiver && placeholderLiteral(unwrap(receiver)))
        return args[0] !== undefined && placeholderRun(args[0], budget);
      if (method === 'join' && receiver) return placeholderRun(receiver, budget);
      if (method === 'repeat' && receiver) return placeholderLiteral(unwrap(receiver));
      if (method === 'fill') return args[0] !== undefined && placeholderLiteral(args[0]);
      // xs.map(() => "?")
      if (method === 'map' && args[0]?.type === 'arrow_function') {
        const body = args[0].childForFieldName('body');
        return body !== null && placeholderLiteral(unwrap(body));
      }
      return false;
    }
    case 'generator_expression':
    case 'list_comprehension': {
      const body = n.childForFieldName('body');
      return body !== null && placeholderLiteral(unwrap(body));
    }
    default:
      return false;
  }
}

const FUNCTION_DEFINITIONS = new Set(['function_declaration', 'function_definition']);

/**
 * Fixed text as a function returns it: a literal, a choice between literals
 * (`a ? 'x' : 'y'`), or an entry of an object literal of literals
 * (`{ asc: 'ASC', desc: 'DESC' }[order]`), whatever the key.
 */
function isFixedText(node: Node, budget: Budget): boolean {
  if (++budget.steps > MAX_STEPS) return false;
  const n = unwrap(node);
  if (isPlainString(n)) return true;
  if (n.type === 'ternary_expression' || n.type === 'conditional_expression') {
    const branches = [n.childForFieldName('consequence'), n.childForFieldName('alternative')];
    return branches.every((b) => b !== null && isFixedText(b, budget));
  }
  if (n.type === 'subscript_expression' || n.type === 'subscript') {
    const table = unwrap(n.childForFieldName('object') ?? n.childForFieldName('value') ?? n);
    if (table.type !== 'object' && table.type !== 'dictionary') return false;
    return table.namedChildren.every((entry) => {
      if (!entry || entry.type === 'comment') return true;
      const value = entry.childForFieldName('value');
      return entry.type === 'pair' && value !== null && isFixedText(value, budget);
    });
  }
  return false;
}

/** Whether a call is to a function the snippet defines whose every return is fixed text. */
function returnsFixedText(call: Node, root: Node, budget: Budget): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier') return false;
  const definitions = root
    .descendantsOfType([...FUNCTION_DEFINITIONS])
    .filter((d) => d.childForFieldName('name')?.text === callee.text);
  budget.steps += definitions.length;
  if (definitions.length !== 1 || budget.steps > MAX_STEPS) return false;
  const body = definitions[0]!.childForFieldName('body');
  if (!body) return false;
  const returns = body.descendantsOfType(['return_statement']);
  budget.steps += returns.length;
  return (
    returns.length > 0 &&
    returns.every((r) => {
      const value = r.namedChildren.find((c) => c !== null && c.type !== 'comment');
      return value !== undefined && value !== null && isFixedText(value, budget);
    })
  );
}

/** Whether `part`, a varying piece of a built query, cannot carry SQL. */
export function isFixedPart(
  language: LanguageId,
  part: Node,
  root: Node,
  budget: Budget = { steps: 0 },
): boolean {
  const n = unwrap(part);
  if (NUMBER_LITERALS.has(n.type)) return true;
  if (placeholderRun(n, budget)) return true;
  // len(ids), ids.length, len(ids) - 1: counts.
  if ((n.type === 'call' || n.type === 'call_expression') && calleeText(n) === 'len') return true;
  // whereFor(key): a function of the snippet's own that only ever returns fixed text.
  if (n.type === 'call' || n.type === 'call_expression') return returnsFixedText(n, root, budget);
  if (n.type !== 'identifier') return false;
  const bindings = bindingsOf(language, root);
  const seen = bindings.visible(n.text, n);
  if (seen.length === 0) return false;
  if (bindings.updates(n.text).length > 0) return false;
  // A declared number (`long invoiceId`, `id int`, `id: number`) cannot hold SQL text.
  if (seen.every((b) => b.typed && b.holds === 'number')) return true;
  // One binding, to a constant or a run of placeholders, and no other anywhere.
  const all = bindings.all(n.text);
  if (all.length !== 1) return false;
  const value = all[0]!.value;
  return (
    value !== undefined &&
    (isPlainString(unwrap(value)) || NUMBER_LITERALS.has(unwrap(value).type) || placeholderRun(value, budget))
  );
}

/** The pieces of a built string that are not literal text, or undefined when its shape is not one we read. */
export function varyingParts(node: Node): Node[] | undefined {
  const n = unwrap(node);
  const out: Node[] = [];
  const pending: Node[] = [n];
  while (pending.length > 0) {
    if (out.length > MAX_STEPS) return undefined;
    const p = unwrap(pending.pop()!);
    if (isPlainString(p)) continue;
    switch (p.type) {
      case 'binary_expression':
      case 'binary_operator': {
        const op = p.childForFieldName('operator')?.text;
        if (op === '+') {
          const parts = sumOperands(p);
          // A one-part "sum" is the node itself: not a `+` after all.
          if (parts.length === 1 && parts[0]!.id === p.id) return undefined;
          pending.push(...parts);
        } else if (
          op === '%' &&
          p.childForFieldName('left') &&
          isPlainString(unwrap(p.childForFieldName('left')!))
        ) {
          const right = unwrap(p.childForFieldName('right')!);
          if (right.type === 'tuple')
            pending.push(...right.namedChildren.filter((c): c is Node => c !== null));
          else out.push(right);
        } else out.push(p);
        break;
      }
      case 'template_string':
        for (const c of p.namedChildren)
          if (c?.type === 'template_substitution' && c.namedChild(0)) out.push(c.namedChild(0)!);
        break;
      case 'string':
        for (const c of p.namedChildren)
          if (c?.type === 'interpolation') {
            const expression = c.childForFieldName('expression') ?? c.namedChild(0);
            if (expression) out.push(expression);
          }
        break;
      case 'interpolated_string_expression':
        for (const c of p.namedChildren)
          if (c?.type === 'interpolation') {
            const expression = c.namedChildren.find(
              (e) =>
                e.type !== 'interpolation_brace' &&
                e.type !== 'interpolation_alignment_clause' &&
                e.type !== 'interpolation_format_clause',
            );
            if (expression) out.push(expression);
          }
        break;
      case 'concatenated_string':
        pending.push(...p.namedChildren.filter((c): c is Node => c !== null));
        break;
      default:
        out.push(p);
    }
  }
  return out;
}

/** Whether every varying piece of the built query `node` is a constant, a number or a run of placeholders. */
export function onlyFixedParts(language: LanguageId, node: Node, root: Node): boolean {
  const parts = varyingParts(node);
  if (parts === undefined || parts.length === 0) return false;
  const budget = { steps: 0 };
  return parts.every((part) => isFixedPart(language, part, root, budget));
}
