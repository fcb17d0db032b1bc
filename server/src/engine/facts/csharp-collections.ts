/**
 * What a C# name holds, read from its declaration: the engine has no scope
 * tables for C#, so this looks for the parameter, local or field that
 * declares the name (the method's first, then the class's) and reads its
 * type or, for `var`, its initializer. Only what is written counts: a
 * `List<T>` or an array is a list, a `HashSet<T>` a set, anything else
 * unknown.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { ValueKind } from '../scope/values.js';

export interface CsharpDeclaration {
  /** The parameter or variable declarator. */
  readonly node: Node;
  readonly holds: ValueKind;
  /** Its initializer lists its elements (`new[] { "a", "b" }`, `{ 1, 2 }`): a length the source fixes. */
  readonly fixed: boolean;
}

const LISTS = /^(System\.Collections\.Generic\.)?(List|IList|IReadOnlyList|ReadOnlyCollection|LinkedList)$/;
const SETS =
  /^(System\.Collections\.Generic\.)?(HashSet|ISet|SortedSet|IReadOnlySet|FrozenSet|ImmutableHashSet)$/;
const MAPS =
  /^(System\.Collections\.Generic\.)?(Dictionary|IDictionary|IReadOnlyDictionary|SortedDictionary|ConcurrentDictionary|FrozenDictionary)$/;

function kindOfTypeName(type: Node | null): ValueKind | undefined {
  if (!type || type.type === 'implicit_type') return undefined;
  if (type.type === 'array_type') return 'list';
  const name = type.type === 'generic_name' ? (type.namedChild(0)?.text ?? '') : type.text;
  if (LISTS.test(name)) return 'list';
  if (SETS.test(name)) return 'set';
  if (MAPS.test(name)) return 'map';
  return 'unknown';
}

function kindOfInitializer(value: Node | undefined): ValueKind {
  if (!value) return 'unknown';
  if (value.type === 'array_creation_expression' || value.type === 'implicit_array_creation_expression')
    return 'list';
  if (value.type === 'object_creation_expression')
    return kindOfTypeName(value.childForFieldName('type')) ?? 'unknown';
  if (value.type === 'invocation_expression') {
    const name = value.childForFieldName('function')?.childForFieldName('name')?.text;
    if (name === 'ToList' || name === 'ToArray') return 'list';
    if (name === 'ToHashSet') return 'set';
    if (name === 'ToDictionary') return 'map';
  }
  return 'unknown';
}

/** The declarations of `name` in one scope node, parameters and variable declarators, not inside nested types. */
function declarationsIn(scope: Node, name: string, fieldsOnly: boolean): CsharpDeclaration[] {
  const out: CsharpDeclaration[] = [];
  for (const d of scope.descendantsOfType(['parameter', 'variable_declarator'])) {
    if (fieldsOnly && d.parent?.parent?.type !== 'field_declaration') continue;
    const id = d.childForFieldName('name') ?? d.namedChildren.find((c) => c.type === 'identifier');
    if (id?.text !== name) continue;
    if (d.type === 'parameter') {
      out.push({ node: d, holds: kindOfTypeName(d.childForFieldName('type')) ?? 'unknown', fixed: false });
      continue;
    }
    const declared = kindOfTypeName(d.parent?.childForFieldName('type') ?? null);
    const value = d.namedChildren.find((c) => c.id !== id.id && c.type !== 'bracketed_argument_list');
    const init = value?.type === 'equals_value_clause' ? (value.namedChild(0) ?? undefined) : value;
    // A collection or array initializer lists every element: the source fixes the length.
    const fixed = init !== undefined && init.descendantsOfType('initializer_expression').length > 0;
    out.push({ node: d, holds: declared ?? kindOfInitializer(init), fixed });
  }
  return out;
}

/** The declaration of `name` that a use at `at` sees: the method's own, else the class's fields. */
export function csharpDeclaration(name: string, at: Node): CsharpDeclaration | undefined {
  let method: Node | undefined;
  let cls: Node | undefined;
  for (let p = at.parent; p; p = p.parent) {
    if (!method && /^(method_declaration|constructor_declaration|local_function_statement)$/.test(p.type))
      method = p;
    if (/^(class_declaration|struct_declaration|record_declaration)$/.test(p.type)) {
      cls = p;
      break;
    }
  }
  for (const scope of [method, cls]) {
    if (!scope) continue;
    const found = declarationsIn(scope, name, scope === cls);
    if (found.length === 0) continue;
    // Several declarations (shadowing, overloads): say something only when they agree.
    const first = found[0]!;
    return found.every((f) => f.holds === first.holds)
      ? { ...first, fixed: found.every((f) => f.fixed) }
      : undefined;
  }
  return undefined;
}
