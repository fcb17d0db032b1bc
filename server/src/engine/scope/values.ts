/**
 * What kind of value a declared type or a written value says a name holds,
 * per tier-1 language (and C#). Only what the code spells out counts: a call's result
 * is a `call` (unless the callee is one that always builds a list, set or
 * map), and anything not recognised is `unknown`.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { calleeText, methodName, NUMBER_TYPES, unwrap } from '../nodes.js';

export type ValueKind = 'list' | 'set' | 'map' | 'string' | 'number' | 'call' | 'unknown';

const JAVA_LISTS = /^(java\.util\.)?(List|ArrayList|LinkedList|Vector|CopyOnWriteArrayList)\b/;
const JAVA_SETS =
  /^(java\.util\.)?(Set|HashSet|TreeSet|LinkedHashSet|SortedSet|NavigableSet|EnumSet|CopyOnWriteArraySet)\b/;
const JAVA_MAPS = /^(java\.util\.)?(Map|HashMap|TreeMap|LinkedHashMap|SortedMap|NavigableMap|EnumMap)\b/;
const JAVA_NUMBERS = /^(int|long|short|byte|double|float|char|Integer|Long|Short|Byte|Double|Float)$/;
const CSHARP_LISTS =
  /^(System\.Collections\.Generic\.)?(List|IList|IReadOnlyList|LinkedList|ICollection|IReadOnlyCollection|ArrayList|ImmutableList|ImmutableArray)\b/;
const CSHARP_SETS =
  /^(System\.Collections\.Generic\.)?(HashSet|ISet|IReadOnlySet|SortedSet|ImmutableHashSet)\b/;
const CSHARP_MAPS =
  /^(System\.Collections\.Generic\.)?(Dictionary|IDictionary|IReadOnlyDictionary|SortedDictionary|SortedList|ConcurrentDictionary|ImmutableDictionary|Hashtable)\b/;
const CSHARP_NUMBERS =
  /^(System\.)?(int|uint|long|ulong|short|ushort|byte|sbyte|double|float|decimal|Int16|Int32|Int64|UInt16|UInt32|UInt64|Double|Single|Decimal|Byte)\??$/;
const CSHARP_STRINGS = /^(string|String|System\.String)\??$/;
const CSHARP_NUMBER_LITERALS = new Set(['integer_literal', 'real_literal']);
const GO_NUMBERS = /^(u?int(8|16|32|64)?|float(32|64)|byte|rune|uintptr)$/;

const isJsLike = (language: LanguageId) =>
  language === 'javascript' || language === 'typescript' || language === 'tsx';

/** The kind a declared type names; undefined when no type is written (or Java's `var`). */
export function kindOfType(language: LanguageId, type: Node | null | undefined): ValueKind | undefined {
  if (!type) return undefined;
  if (isJsLike(language)) return jsType(type);
  const text = type.text.replace(/\s+/g, '');
  switch (language) {
    case 'python':
      if (/^(list|List|typing\.List)(\[.*\])?$/.test(text)) return 'list';
      if (/^(set|Set|frozenset|FrozenSet|AbstractSet|typing\.(Set|FrozenSet))(\[.*\])?$/.test(text))
        return 'set';
      if (/^(dict|Dict|Mapping|defaultdict|OrderedDict|Counter|typing\.(Dict|Mapping))(\[.*\])?$/.test(text))
        return 'map';
      if (text === 'str') return 'string';
      if (text === 'int' || text === 'float') return 'number';
      return 'unknown';
    case 'java':
      if (text === 'var') return undefined;
      if (type.type === 'array_type' || JAVA_LISTS.test(text)) return 'list';
      if (JAVA_SETS.test(text)) return 'set';
      if (JAVA_MAPS.test(text)) return 'map';
      if (/^(java\.lang\.)?String$/.test(text)) return 'string';
      return JAVA_NUMBERS.test(text) ? 'number' : 'unknown';
    case 'go':
      if (type.type === 'slice_type' || type.type === 'array_type') return 'list';
      if (type.type === 'map_type') return 'map';
      if (text === 'string') return 'string';
      return GO_NUMBERS.test(text) ? 'number' : 'unknown';
    case 'csharp':
      if (text === 'var' || type.type === 'implicit_type') return undefined;
      if (type.type === 'array_type' || CSHARP_LISTS.test(text)) return 'list';
      if (CSHARP_SETS.test(text)) return 'set';
      if (CSHARP_MAPS.test(text)) return 'map';
      if (CSHARP_STRINGS.test(text)) return 'string';
      return CSHARP_NUMBERS.test(text) ? 'number' : 'unknown';
    default:
      return 'unknown';
  }
}

function jsType(type: Node): ValueKind {
  const t = type.type === 'type_annotation' ? type.namedChild(0) : type;
  if (!t) return 'unknown';
  if (t.type === 'array_type') return 'list';
  if (t.type === 'readonly_type') return t.namedChild(0)?.type === 'array_type' ? 'list' : 'unknown';
  if (t.type === 'predefined_type') {
    if (t.text === 'string') return 'string';
    return t.text === 'number' || t.text === 'bigint' ? 'number' : 'unknown';
  }
  if (t.type !== 'generic_type' && t.type !== 'type_identifier') return 'unknown';
  const name = t.type === 'generic_type' ? (t.childForFieldName('name')?.text ?? '') : t.text;
  if (/^(Array|ReadonlyArray)$/.test(name)) return 'list';
  if (/^(Set|ReadonlySet|WeakSet)$/.test(name)) return 'set';
  if (/^(Map|ReadonlyMap|WeakMap|Record)$/.test(name)) return 'map';
  return 'unknown';
}

/** The kind a written value has. */
export function kindOfValue(language: LanguageId, value: Node | null | undefined): ValueKind {
  if (!value) return 'unknown';
  const v = unwrap(value);
  if (NUMBER_TYPES.has(v.type)) return 'number';
  if (isJsLike(language)) return jsValue(v);
  switch (language) {
    case 'python':
      return pythonValue(v);
    case 'java':
      return javaValue(v);
    case 'go':
      return goValue(v);
    case 'csharp':
      return csharpValue(v);
    default:
      return 'unknown';
  }
}

function jsValue(value: Node): ValueKind {
  let v = value;
  // `[] as string[]`, `x satisfies T[]`: the asserted type tells, or the value inside.
  while (v.type === 'as_expression' || v.type === 'satisfies_expression') {
    const asserted = jsType(v.namedChild(1) ?? v);
    if (asserted !== 'unknown') return asserted;
    const inner = v.namedChild(0);
    if (!inner) return 'unknown';
    v = unwrap(inner);
  }
  switch (v.type) {
    case 'array':
      return 'list';
    case 'object':
      return 'map';
    case 'string':
    case 'template_string':
      return 'string';
    case 'new_expression': {
      const constructor = v.childForFieldName('constructor')?.text ?? '';
      if (constructor === 'Array') return 'list';
      if (constructor === 'Set' || constructor === 'WeakSet') return 'set';
      return constructor === 'Map' || constructor === 'WeakMap' ? 'map' : 'unknown';
    }
    case 'call_expression': {
      const callee = calleeText(v);
      if (/^(Array\.(from|of)|Object\.(keys|values|entries))$/.test(callee) || methodName(callee) === 'split')
        return 'list';
      // Array methods that return a new array, called with a callback or a range: `xs.map((x) => x.id)`.
      if (
        /^(map|filter|flatMap|slice|concat|toSorted|toReversed)$/.test(methodName(callee)) &&
        !/^(\$|jQuery|_)\b/.test(callee)
      )
        return 'list';
      return 'call';
    }
    default:
      return 'unknown';
  }
}

/** A string literal; Python bytes literals (`b'…'`) are not strings. */
function pythonString(v: Node): boolean {
  if (v.type === 'concatenated_string') return v.namedChildren.every(pythonString);
  if (v.type !== 'string') return false;
  return !/b/i.test(v.firstChild?.type === 'string_start' ? v.firstChild.text : '');
}

function pythonValue(v: Node): ValueKind {
  switch (v.type) {
    case 'list':
    case 'list_comprehension':
      return 'list';
    case 'set':
    case 'set_comprehension':
      return 'set';
    case 'dictionary':
    case 'dictionary_comprehension':
      return 'map';
    case 'call': {
      const callee = calleeText(v);
      if (/^(list|sorted)$/.test(callee) || methodName(callee) === 'split') return 'list';
      if (/^(set|frozenset)$/.test(callee)) return 'set';
      if (/^(dict|defaultdict|OrderedDict|Counter|(collections\.)\w+Dict)$/.test(callee)) return 'map';
      return 'call';
    }
    default:
      return pythonString(v) ? 'string' : 'unknown';
  }
}

function javaValue(v: Node): ValueKind {
  switch (v.type) {
    case 'string_literal':
    case 'text_block':
      return 'string';
    case 'array_creation_expression':
    case 'array_initializer':
      return 'list';
    case 'object_creation_expression':
      return kindOfType('java', v.childForFieldName('type')) ?? 'unknown';
    case 'method_invocation': {
      const callee = calleeText(v);
      if (/^(List\.of|Arrays\.asList|List\.copyOf)$/.test(callee)) return 'list';
      if (/^(Set\.of|Set\.copyOf)$/.test(callee)) return 'set';
      return /^(Map\.of|Map\.copyOf)$/.test(callee) ? 'map' : 'call';
    }
    default:
      return 'unknown';
  }
}

function goValue(v: Node): ValueKind {
  switch (v.type) {
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return 'string';
    case 'composite_literal':
      return kindOfType('go', v.childForFieldName('type')) ?? 'unknown';
    case 'call_expression': {
      if (calleeText(v) !== 'make') return 'call';
      const made = v.childForFieldName('arguments')?.namedChildren[0];
      return kindOfType('go', made) ?? 'call';
    }
    default:
      return 'unknown';
  }
}

function csharpValue(v: Node): ValueKind {
  if (CSHARP_NUMBER_LITERALS.has(v.type)) return 'number';
  switch (v.type) {
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
    case 'interpolated_string_expression':
      return 'string';
    case 'array_creation_expression':
    case 'implicit_array_creation_expression':
      return 'list';
    case 'object_creation_expression':
      return kindOfType('csharp', v.childForFieldName('type')) ?? 'unknown';
    case 'invocation_expression':
      return 'call';
    default:
      return 'unknown';
  }
}
