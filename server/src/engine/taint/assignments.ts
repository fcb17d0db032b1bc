/**
 * Assignment-like nodes of the tier-1 grammars read as "these names now hold
 * this value": declarations, assignments, augmented assignments,
 * destructuring and for-each loops (the loop variable holds items of the
 * iterable).
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { csharpDeclaratorValue } from '../scope/bindings.js';
import { NAME_TYPES } from './expressions.js';

export interface Assignment {
  /** The names bound (every name of a destructuring pattern). */
  readonly names: readonly string[];
  readonly value: Node;
  /** `+=` and its kin keep what the name held and add the value. */
  readonly augmented: boolean;
}

/** Target field and value field of each assignment-like node type. */
const FIELDS: Readonly<Record<string, readonly [string, string]>> = {
  variable_declarator: ['name', 'value'],
  assignment_expression: ['left', 'right'],
  augmented_assignment_expression: ['left', 'right'],
  assignment: ['left', 'right'],
  augmented_assignment: ['left', 'right'],
  named_expression: ['name', 'value'],
  short_var_declaration: ['left', 'right'],
  assignment_statement: ['left', 'right'],
  var_spec: ['name', 'value'],
  for_statement: ['left', 'right'],
  for_in_statement: ['left', 'right'],
  enhanced_for_statement: ['name', 'value'],
  range_clause: ['left', 'right'],
  // C#: `foreach (var item in items)`.
  foreach_statement: ['left', 'right'],
};

const PATTERN_NAMES = new Set([...NAME_TYPES, 'shorthand_property_identifier_pattern']);
/** Inside a pattern, the parts that are not bound names: keys of `{ key: local }`, defaults. */
const NOT_BOUND = new Set(['key', 'value']);

/** Names a target binds: an identifier, or every identifier of a destructuring pattern. Iterative. */
function boundNames(target: Node): string[] {
  if (PATTERN_NAMES.has(target.type)) return [target.text];
  const names: string[] = [];
  const stack: Node[] = [target];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (PATTERN_NAMES.has(node.type)) {
      names.push(node.text);
      continue;
    }
    // Members and subscripts (`self.x = …`, `a[i] = …`) bind no local name.
    if (
      /member_expression|attribute|subscript|field_access|selector_expression|index_expression|member_access_expression|element_access_expression/.test(
        node.type,
      )
    )
      continue;
    if (node.type === 'pair_pattern') {
      const local = node.childForFieldName('value');
      if (local) stack.push(local);
      continue;
    }
    if (node.type === 'object_assignment_pattern' || node.type === 'assignment_pattern') {
      const left = node.childForFieldName('left');
      if (left) stack.push(left);
      continue;
    }
    for (const child of node.namedChildren) if (child && !NOT_BOUND.has(child.type)) stack.push(child);
  }
  return names;
}

/** StringBuilder's methods that add their arguments to the builder. */
const BUILDER_APPENDS = /^(Append|AppendLine|AppendFormat|AppendJoin|Insert)$/;

const appendName = (call: Node | null | undefined): string | undefined =>
  call?.type === 'invocation_expression' &&
  call.childForFieldName('function')?.type === 'member_access_expression'
    ? (call.childForFieldName('function')!.childForFieldName('name')?.text ?? undefined)
    : undefined;

/**
 * C#: `sb.Append(a).Append(b)` adds a and b to `sb`, as `sb += a + b` would.
 * Read once, at the outermost call of the chain, whose value holds them all.
 */
function builderAppend(call: Node): Assignment | undefined {
  if (!BUILDER_APPENDS.test(appendName(call) ?? '')) return undefined;
  const parent = call.parent;
  if (parent?.type === 'member_access_expression' && BUILDER_APPENDS.test(appendName(parent.parent) ?? ''))
    return undefined;
  let receiver = call.childForFieldName('function')?.childForFieldName('expression');
  for (let depth = 0; receiver && BUILDER_APPENDS.test(appendName(receiver) ?? '') && depth < 1000; depth++)
    receiver = receiver.childForFieldName('function')?.childForFieldName('expression');
  return receiver?.type === 'identifier'
    ? { names: [receiver.text], value: call, augmented: true }
    : undefined;
}

/** How `node` assigns, or undefined when it is not an assignment. */
export function assignmentOf(node: Node, language: LanguageId): Assignment | undefined {
  if (node.type === 'invocation_expression') return builderAppend(node);
  const fields = FIELDS[node.type];
  if (!fields) return undefined;
  const target = node.childForFieldName(fields[0]);
  // C#'s declarator holds its value in an unnamed child.
  const value =
    node.childForFieldName(fields[1]) ??
    (language === 'csharp' && node.type === 'variable_declarator' ? csharpDeclaratorValue(node) : undefined);
  if (!target || !value) return undefined;
  const operator = node.childForFieldName('operator')?.text ?? '';
  const augmented =
    node.type.startsWith('augmented') ||
    (operator.length > 1 && operator.endsWith('=') && operator !== '==' && operator !== ':=');
  const names = boundNames(target);
  return names.length > 0 ? { names, value, augmented } : undefined;
}
