/**
 * What error handlers catch, read per grammar, and what the best-known calls
 * of each language throw. A handler's answer names a call as one that can end
 * up in it only when its catalogue entry says the call throws a caught type
 * (or a kind of one); everything else is said to be unknown.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { ExceptionKnowledge } from './model.js';

/** A type as its last name part: `java.io.IOException`, `\Foo\Bar`, `json.JSONDecodeError`, `std::x`. */
function lastPart(text: string): string {
  return text
    .replace(/<.*$/s, '')
    .split(/\.|::|\\/)
    .pop()!
    .trim();
}

function named(node: Node | null | undefined): Node[] {
  return node ? node.namedChildren.filter((c) => !c.type.includes('comment')) : [];
}

/** Java's `catch (A | b.B e)`: the alternatives of its catch type. */
function javaCaught(clause: Node): string[] | undefined {
  const type = named(clause).find((c) => c.type === 'catch_formal_parameter');
  const alternatives = named(named(type).find((c) => c.type === 'catch_type'));
  return alternatives.length ? alternatives.map((t) => lastPart(t.text)) : undefined;
}

/** Kotlin's `catch (e: T)`: the one type written after the name. */
function kotlinCaught(clause: Node): string[] | undefined {
  const type = named(clause).find((c) => c.type === 'user_type');
  return type ? [lastPart(type.text)] : undefined;
}

/** Python's `except A:`, `except (A, b.B) as e:`, and a bare `except:` that takes anything. */
function pythonCaught(clause: Node): string[] | undefined {
  let value = clause.childForFieldName('value') ?? named(clause).find((c) => c.type !== 'block');
  if (!value) return [];
  if (value.type === 'as_pattern') value = named(value)[0];
  if (!value) return undefined;
  const types = value.type === 'tuple' || value.type === 'parenthesized_expression' ? named(value) : [value];
  return types.every((t) => t.type === 'identifier' || t.type === 'attribute')
    ? types.map((t) => lastPart(t.text))
    : undefined;
}

/** C#'s `catch (T e)` and `catch (T)`; a bare `catch` takes anything. */
function csharpCaught(clause: Node): string[] | undefined {
  const declaration = named(clause).find((c) => c.type === 'catch_declaration');
  if (!declaration) return [];
  const type = declaration.childForFieldName('type');
  return type ? [lastPart(type.text)] : undefined;
}

/** PHP's `catch (A | \B\C $e)`. */
function phpCaught(clause: Node): string[] | undefined {
  const types = named(clause.childForFieldName('type'));
  return types.length ? types.map((t) => lastPart(t.text)) : undefined;
}

/** C++'s `catch (const T& e)`; `catch (...)` takes anything. */
function cppCaught(clause: Node): string[] | undefined {
  const declarations = named(clause.childForFieldName('parameters'));
  if (declarations.length === 0) return [];
  const type = declarations[0]?.childForFieldName('type');
  return type ? [lastPart(type.text)] : undefined;
}

/** Ruby's `rescue A, B => e`; a bare `rescue` takes StandardError, which the catalogue counts as anything. */
function rubyCaught(clause: Node): string[] | undefined {
  const list = clause.childForFieldName('exceptions');
  if (!list) return ['StandardError'];
  const types = named(list);
  return types.every((t) => /^(constant|scope_resolution)$/.test(t.type))
    ? types.map((t) => lastPart(t.text))
    : undefined;
}

/** A handler with no parameter takes anything (JavaScript's `catch (e)` has no type; Swift's bare `catch`). */
const untypedCaught = (clause: Node): string[] | undefined =>
  clause.type === 'catch_clause' ? [] : named(clause).some((c) => c.type === 'pattern') ? undefined : [];

const NUMBER_FORMAT = ['NumberFormatException'];

/**
 * The JDK's; Kotlin shares them. Kotlin's `toInt()` is left out: on a `String` it throws, on a `Double` it
 * does not, and the callee does not say which it is called on.
 */
const JVM_THROWS: ExceptionKnowledge['throws'] = [
  [
    /^(Integer\.(parseInt|valueOf|decode)|Long\.(parseLong|valueOf|decode)|Short\.(parseShort|valueOf)|Byte\.(parseByte|valueOf)|Double\.(parseDouble|valueOf)|Float\.(parseFloat|valueOf)|new (BigDecimal|BigInteger))$/,
    NUMBER_FORMAT,
  ],
  [
    /^(Files\.(readAllLines|readAllBytes|readString|lines|write|writeString|newBufferedReader|newBufferedWriter|copy|move|delete|createDirectory|createDirectories|createFile|list|walk|size)|new (FileReader|FileWriter|FileInputStream|FileOutputStream|URL))$/,
    ['IOException'],
  ],
  [/^Thread\.sleep$/, ['InterruptedException']],
  [/^Class\.forName$/, ['ClassNotFoundException']],
  [
    /^(LocalDate|LocalDateTime|LocalTime|Instant|ZonedDateTime|OffsetDateTime|Duration)\.parse$/,
    ['DateTimeParseException'],
  ],
  [/^(UUID\.fromString|URI\.create)$/, ['IllegalArgumentException']],
];

const JVM_PARENTS: ExceptionKnowledge['parents'] = {
  NumberFormatException: 'IllegalArgumentException',
  IllegalArgumentException: 'RuntimeException',
  DateTimeParseException: 'DateTimeException',
  DateTimeException: 'RuntimeException',
  RuntimeException: 'Exception',
  FileNotFoundException: 'IOException',
  MalformedURLException: 'IOException',
  UncheckedIOException: 'RuntimeException',
  IOException: 'Exception',
  InterruptedException: 'Exception',
  ClassNotFoundException: 'ReflectiveOperationException',
  ReflectiveOperationException: 'Exception',
  Exception: 'Throwable',
};

export const JAVA_EXCEPTIONS: ExceptionKnowledge = {
  caught: javaCaught,
  throws: JVM_THROWS,
  parents: JVM_PARENTS,
  catchAll: new Set(['Exception', 'Throwable']),
};

export const KOTLIN_EXCEPTIONS: ExceptionKnowledge = {
  caught: kotlinCaught,
  throws: JVM_THROWS,
  parents: JVM_PARENTS,
  catchAll: new Set(['Exception', 'Throwable']),
};

export const PYTHON_EXCEPTIONS: ExceptionKnowledge = {
  caught: pythonCaught,
  throws: [
    // Not `Decimal`: it raises `InvalidOperation`, an `ArithmeticError`.
    [/^(int|float|complex|Fraction)$/, ['ValueError', 'TypeError']],
    [/^json\.loads?$/, ['JSONDecodeError']],
    [/^(open|io\.open|os\.(remove|unlink|rename|mkdir|makedirs|rmdir|listdir|stat))$/, ['OSError']],
    [/^(datetime\.)?(datetime|date|time)\.(strptime|fromisoformat)$/, ['ValueError']],
  ],
  parents: {
    JSONDecodeError: 'ValueError',
    UnicodeDecodeError: 'UnicodeError',
    UnicodeError: 'ValueError',
    ValueError: 'Exception',
    TypeError: 'Exception',
    FileNotFoundError: 'OSError',
    PermissionError: 'OSError',
    IsADirectoryError: 'OSError',
    // IOError and EnvironmentError are other names of OSError: a handler of them takes it.
    OSError: 'IOError',
    IOError: 'EnvironmentError',
    EnvironmentError: 'Exception',
    Exception: 'BaseException',
  },
  catchAll: new Set(['Exception', 'BaseException']),
};

export const CSHARP_EXCEPTIONS: ExceptionKnowledge = {
  caught: csharpCaught,
  throws: [
    // Whole numbers and decimals overflow; since .NET Core 3.0 a double too large parses as infinity.
    [
      /^((int|long|short|byte|uint|ulong|decimal|Int16|Int32|Int64|UInt32|UInt64|Decimal)\.Parse|Convert\.To(Int16|Int32|Int64|UInt32|UInt64|Decimal))$/,
      ['FormatException', 'OverflowException'],
    ],
    [
      /^((double|float|Double|Single|DateTime|DateTimeOffset|Guid)\.Parse(Exact)?|Convert\.To(Double|Single|DateTime))$/,
      ['FormatException'],
    ],
    [
      /^File\.(ReadAllText|ReadAllLines|ReadAllBytes|ReadLines|WriteAllText|WriteAllLines|WriteAllBytes|AppendAllText|Open|OpenRead|OpenText|Copy|Move)$|^Directory\.(GetFiles|GetDirectories|EnumerateFiles)$|^new FileStream$/,
      ['IOException'],
    ],
    [/^(JsonSerializer\.Deserialize|JsonDocument\.Parse|JsonNode\.Parse)$/, ['JsonException']],
  ],
  parents: {
    FormatException: 'SystemException',
    OverflowException: 'ArithmeticException',
    ArithmeticException: 'SystemException',
    FileNotFoundException: 'IOException',
    DirectoryNotFoundException: 'IOException',
    IOException: 'SystemException',
    SystemException: 'Exception',
    JsonException: 'Exception',
  },
  catchAll: new Set(['Exception']),
};

export const CPP_EXCEPTIONS: ExceptionKnowledge = {
  caught: cppCaught,
  throws: [
    [/^(std::)?(stoi|stol|stoll|stoul|stoull|stof|stod|stold)$/, ['invalid_argument', 'out_of_range']],
  ],
  parents: { invalid_argument: 'logic_error', out_of_range: 'logic_error', logic_error: 'exception' },
  catchAll: new Set(['exception']),
};

export const RUBY_EXCEPTIONS: ExceptionKnowledge = {
  caught: rubyCaught,
  throws: [
    [/^(Integer|Float|Rational|Complex)$/, ['ArgumentError', 'TypeError']],
    [/^JSON\.parse$/, ['ParserError']],
    [
      /^(File\.(read|open|readlines|foreach|write|delete)|IO\.(read|readlines)|Dir\.(entries|children|mkdir))$/,
      ['SystemCallError'],
    ],
  ],
  parents: {
    ParserError: 'JSONError',
    JSONError: 'StandardError',
    ArgumentError: 'StandardError',
    TypeError: 'StandardError',
    SystemCallError: 'StandardError',
    StandardError: 'Exception',
  },
  catchAll: new Set(['StandardError', 'Exception']),
};

export const PHP_EXCEPTIONS: ExceptionKnowledge = {
  caught: phpCaught,
  throws: [],
  parents: { Exception: 'Throwable' },
  catchAll: new Set(['Exception', 'Throwable']),
};

/** JavaScript and TypeScript: a catch has no type, so it takes whatever is thrown. */
export const UNTYPED_EXCEPTIONS: ExceptionKnowledge = {
  caught: untypedCaught,
  throws: [],
  parents: {},
  catchAll: new Set(),
};
