/**
 * What the engine knows about one language, gathered in one object: where its
 * grammar comes from, how its metrics are defined, how its syntax, doc
 * comments and declarations are read, which of its APIs have known side
 * effects, and how explanations word things for it. `index.ts` keeps one per
 * language id in a `Record`, so a language added to the contract does not
 * compile until its module exists, and a module that leaves a field out does
 * not compile either.
 *
 * The stages read these objects and hold no per-language tables of their own.
 * A module holds its language's data (syntax table, API catalogue) and small
 * readers only it needs; implementations shared or large (metrics/,
 * facts/tier2.ts) stay where they are and are referenced.
 */
import type { LANGUAGES as CONTRACT, LanguageId } from '@code-explain/shared';
import type { CompileCondition, StepKind } from '../facts/model.js';
import type { LanguageMetrics } from '../metrics/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { DocStyle, EffectKind } from '../purpose/model.js';
import type { TaintCatalogue } from '../taint/model.js';

/** The contract's entries by id: a module's `name` and `tier` are checked against its entry when it compiles. */
type Contract = { readonly [Entry in (typeof CONTRACT)[number] as Entry['id']]: Entry };

export interface Grammar {
  /** A prebuilt tree-sitter WASM file inside a registry package, as a path Node's resolution finds. */
  readonly wasm: string;
  /** Code parsed once right after the grammar loads, for a grammar whose first parse differs from later ones. */
  readonly warmUp?: string;
  /**
   * The code as the grammar must see it, when a snippet usually lacks what the
   * grammar expects first (PHP's opening tag). It must keep every line number.
   */
  readonly prepare?: (code: string) => string;
  /**
   * Class members selected alone (a TypeScript method marked `private`, a getter) parse only inside a
   * class. Where the code fails to parse and looks like members, it is parsed again inside `open` …
   * `close`, the open text on its first line so every line keeps its number; the wrapper is no unit.
   */
  readonly members?: {
    /** What to try around the members, in turn (a class body; an object literal's, for `get x() {…},`). */
    readonly wrappers: readonly { readonly open: string; readonly close: string }[];
    /** The wrapper's name as the metrics name it: hidden, and dropped from its members' names. */
    readonly name: string;
    readonly looksLike: (code: string) => boolean;
  };
}

/** The step a node is, with the loop flavour for loops ("for", "for-each", "while", …). */
export interface StepSyntax {
  readonly kind: StepKind;
  readonly detail?: string;
}

/** What kind of loop a loop node is, and what it iterates over or tests. */
export interface LoopShape {
  readonly detail: string;
  readonly subject: Node | undefined;
  /** For a lazy loop that yields to a call (Python's `sum(x for x in xs)`): that call. */
  readonly consumer?: Node;
  /**
   * A lazy loop that nothing where it is written runs to the end: a generator expression kept or handed
   * to another lazy step (`g = (x for x in xs)`, `zip(…)`). Its work is done where its values are asked
   * for, so it adds nothing to the cost here.
   */
  readonly deferred?: true;
}

/**
 * A call that runs a callback once per item of a collection: `xs.map(f)`, a stream's `filter`, LINQ's
 * `Select`, Python's `map(f, xs)`. Its cost is a loop's, though no loop statement is written.
 */
export interface PipelineCall {
  /** The step as the code names it: `.map`, `.Select`, `map`. */
  readonly method: string;
  /** What it runs over: its receiver (`orders` in `orders.stream().map(…)`, back through `.stream()`). */
  readonly over: Node | undefined;
  /** The function it runs once per item: an inline lambda, or (Python's `map(str, xs)`) any function. */
  readonly callback: Node;
  /** What it runs over is a count, not a collection: Ruby's `n.times { … }` runs its block `n` times. */
  readonly counts?: true;
}

/**
 * Its collections' methods by what they do with the items, for the facts that read calls by name
 * (facts/searches.ts). callbackSteps is made from the lists the module's own `pipeline` reads, so a
 * method is named once, in its language's module.
 */
export interface CollectionMethods {
  /**
   * Calls that look for a value among a collection's items one by one: `includes`, `contains`,
   * `IndexOf`; for a function, its callee as written (Go's `slices.Contains`). Operators (Python's
   * `in`) are read apart.
   */
  readonly searches: ReadonlySet<string>;
  /** Of the searches, those that test each item with a callback: `find`, `some`, Go's `slices.ContainsFunc`. */
  readonly callbackSearches?: ReadonlySet<string>;
  /**
   * Calls that call their callback for every item of what they run over, sorts included (a comparator
   * or key is called for each item too): a search written in the callback is repeated once per item.
   */
  readonly callbackSteps?: ReadonlySet<string>;
  /** Calls with no callback that a chain is read back through to what it runs over: Java's `stream()`, `distinct()`. */
  readonly chainLinks?: ReadonlySet<string>;
  /**
   * Functions (not methods) of callbackSteps given what they run over as an argument other than the
   * first, and its position: Python's `map(f, xs)` takes it second. Unlisted ones take it first.
   */
  readonly iterableArgument?: Readonly<Record<string, number>>;
}

/** Where a unit's parameters are, when the grammar's parameter lists are not read field by field. */
export interface ParameterShape {
  /** The node holding the parameters, or undefined when it cannot be found. */
  list(unit: Node): Node | undefined;
  /** Whether a child of that node declares a parameter. */
  isParameter(node: Node): boolean;
}

interface CommonSyntax {
  /** Node types of comments. */
  readonly comments: ReadonlySet<string>;
  /** Field names that hold a call's callee, tried in order. */
  readonly calleeFields: readonly string[];
  /** Reads a loop whose node type alone does not say which kind it is. */
  readonly loopShape?: (node: Node) => LoopShape;
  /**
   * The value a unit returns without a `return` keyword, beyond an
   * expression-bodied lambda (which every language reads the same way).
   */
  readonly implicitReturn?: (unit: Node) => Node | undefined;
  /**
   * The pipeline a call is (PipelineCall), or undefined for any other call, and for a call whose
   * receiver may be no collection (Java's `Optional.map`, Rust's `Option::map`): none is claimed on a guess.
   */
  readonly pipeline?: (call: Node) => PipelineCall | undefined;
  /** Lambdas the metrics fold into the function around them, whose code the facts read as that function's. */
  readonly foldedLambdas?: ReadonlySet<string>;
  /**
   * Node types that may carry an import, and how to read its sources. A reader that finds none (a Ruby
   * call that is not `require`) returns `[]`, and the node's children are read on.
   */
  readonly imports: Readonly<Record<string, (node: Node) => string[]>>;
  /**
   * Whether a node is a name that refers to a variable where it stands, rather than one naming a
   * property, a key, a keyword argument, a member or a type: a closure is said to use an enclosing
   * function's variable only from such references. Without it, nothing is said of what closures use.
   */
  readonly isReference?: (node: Node) => boolean;
  /** Statements whose names refer to the enclosing function's variables even when assigned (Python's `nonlocal`). */
  readonly outerNames?: ReadonlySet<string>;
  /** Conditional compilation, where the language has it (C's `#if`/`#ifdef` … `#elif` … `#else`). */
  readonly compileTime?: CompileTimeSyntax;
  /**
   * The well-known calls that sort a whole collection (O(n log n)), tested against a call's callee as
   * written (`sorted`, `self.ranges.sort`, `Arrays.sort`). Without it, no call is taken for a sort.
   */
  readonly sorts?: RegExp;
  /**
   * The well-known calls that copy, move, fill or compare memory in time linear in the length they are
   * given (`memmove`, `ptr::copy`, `System.arraycopy`, Go's `copy`). Without it, no call is taken for one.
   */
  readonly copies?: RegExp;
}

/**
 * Conditional compilation: of a group of arms, the compiler keeps one. The group's first arm holds the
 * next in its `alternative` field, that one the next, and so on.
 */
export interface CompileTimeSyntax {
  /** Node types of the arms: the opening `#if`/`#ifdef`, `#elif`, `#else`. */
  readonly arms: ReadonlySet<string>;
  /** The node type of the token that closes a group (`#endif`). */
  readonly end: string;
  /** What makes an arm the one compiled; undefined for an `#else`. */
  readonly condition: (arm: Node) => CompileCondition | undefined;
}

/** Tier 1: every node type that matters is listed, so nothing is guessed from a name. */
export interface SyntaxTable extends CommonSyntax {
  readonly kind: 'table';
  /** Node type → the step it is. */
  readonly steps: Readonly<Record<string, StepSyntax>>;
  /** Node types marking a function as async / generator when found among its direct children. */
  readonly asyncMarkers: ReadonlySet<string>;
  readonly generatorMarkers: ReadonlySet<string>;
  /** Whether a `yield` anywhere makes a function a generator, with nothing on its declaration (Python). */
  readonly generatorWhenYields: boolean;
  /** Whether `require('x')` with a literal argument is an import (CommonJS). */
  readonly requireImports: boolean;
}

/**
 * Tier 2: steps found by the naming conventions tree-sitter grammars share
 * (`if_statement`, `call_expression`, …), loops and jumps told apart by their
 * shape (facts/tier2.ts); anything not matched is simply not reported.
 */
export interface ConventionalSyntax extends CommonSyntax {
  readonly kind: 'conventions';
  /** Node-type patterns and the step each means; the first match wins. */
  readonly steps: readonly (readonly [RegExp, StepSyntax])[];
  readonly parameters: ParameterShape;
}

export type LanguageSyntax = SyntaxTable | ConventionalSyntax;

export interface DocReading {
  /** Whether a string as the first statement of a body or file documents it (Python's docstrings). */
  readonly docstrings: boolean;
  /** What a doc comment block starting with `raw` is called: "Javadoc", "XML doc comment", or just "comment". */
  readonly style: (raw: string) => DocStyle;
}

/** A call whose meaning is well known: reading a file, running a command, querying a database. */
export interface ApiEntry {
  /** Matched against the whole callee as written (`subprocess.run`, `fs.readFileSync`, `.query`). */
  readonly callee: RegExp;
  readonly effect: EffectKind;
  /**
   * What the call does, more precisely than its effect's kind says ("computes an HMAC, a keyed hash that
   * signs a value" where the kind says "uses cryptography"): said where the code's purpose is told.
   */
  readonly does?: string;
  /** Only when one of the snippet's imports matches: `.execute` means a query only with a database driver. */
  readonly requires?: RegExp;
  /**
   * For a call whose meaning depends on its arguments (Python's `open(path, "w")` writes): the effect
   * given the arguments' texts, or undefined when the arguments could not be read. Undefined means no
   * claim, and the next entry is tried.
   */
  readonly byArguments?: (args: readonly string[] | undefined) => EffectKind | undefined;
}

/**
 * What a language's error handlers catch and what its well-known calls throw, so that an answer to
 * "which calls can end up in this handler" names only calls shown to throw what it catches.
 */
export interface ExceptionKnowledge {
  /**
   * The types a catch clause takes, each as its last name part (`java.io.IOException` → `IOException`):
   * `[]` when it takes anything (`catch (e)`, bare `except:`, `catch (...)`), undefined when it cannot be read.
   */
  readonly caught: (clause: Node) => readonly string[] | undefined;
  /** Well-known calls, matched against the whole callee as written, and the types each may throw. */
  readonly throws: readonly (readonly [RegExp, readonly string[]])[];
  /** Each type's parent type: a handler of the parent takes the child too. */
  readonly parents: Readonly<Record<string, string>>;
  /** Types whose handler takes whatever a call can throw (`Exception`, `Throwable`). */
  readonly catchAll: ReadonlySet<string>;
}

/** What a unit's surroundings are, for deciding whether it is part of the code's public surface. */
export interface VisibilityQuery {
  readonly node: Node;
  /** The unit's own name (the last part of a qualified one). */
  readonly name: string;
  /** Whether it is a member of a class rather than top-level code. */
  readonly inClass: boolean;
  /** Whether the snippet uses `export` at all: without it, its top level is its surface. */
  readonly snippetExports: boolean;
}

export interface Heritage {
  readonly types: readonly string[];
  readonly relation: 'extends' | 'implements';
}

export interface DeclarationReading {
  /** What a class declaration says it extends or implements. */
  readonly heritage?: (node: Node) => Heritage | undefined;
  /** Names of the functions a program starts from, and whether such a function may take parameters. */
  readonly entryPoints: { readonly names: readonly string[]; readonly withParameters: boolean };
  /** Whether its name alone makes a function a test (pytest's `test_x`, Go's `TestX(t)`). */
  readonly isTestName?: (name: string, parameters: number) => boolean;
  /** React: `useX` functions are hooks, capitalised functions that render JSX are components. */
  readonly react: boolean;
  /**
   * Methods the language itself calls by their name (Python's `__setitem__`, Go's `Error`, Java's
   * `hashCode`): the name, and what it is for as the rest of a sentence ("is what obj[key] = value
   * runs", plain words: it quotes no code of the snippet). The language gives these names their meaning,
   * so they are evidence, unlike other names.
   */
  readonly protocols?: Readonly<Record<string, string>>;
  /**
   * How many parameters the language passes to a protocol method, where it matters: Java's
   * `toString()` is the protocol, a private `toString(scheme, host, …)` beside it is just a method.
   */
  readonly protocolParameters?: Readonly<Record<string, number>>;
  /**
   * Protocol methods that belong to the protocol only beside others: Go's `Len` is `sort.Interface`'s only
   * beside `Less` and `Swap` on the same type (a `Buffer` has a `Len` of its own).
   */
  readonly protocolPartners?: Readonly<Record<string, readonly string[]>>;
  /**
   * Who calls a protocol method, where it is not the language itself: the standard library, by the name
   * (Java's `equals` in collections, pickle's `__reduce__`), or callers through the interface it belongs
   * to (Go's `Read` of `io.Reader`: Go calls no method implicitly). The rest the language calls.
   */
  readonly protocolCallers?: Readonly<Record<string, ProtocolCaller>>;
}

/** Who calls a protocol method by its name: the standard library, or callers through the named interface. */
export type ProtocolCaller = { readonly library: true } | { readonly interface: string };

/** Which family's tiny examples learning mode shows for a concept. */
export type ExampleFamily = 'js' | 'python' | 'java' | 'go';

export interface Wording<Name extends string = string> {
  /** The name explanations call it by ("This Python snippet …"). */
  readonly name: Name;
  /** Errors are raised (Python, Ruby) rather than thrown. */
  readonly raises: boolean;
  /** The idiomatic way to build a collection from another, offered instead of a loop that appends. */
  readonly collectionPipeline?: string;
  /** The loop offered instead of a counting `for`, where one exists that needs no index. */
  readonly forEachLoop?: string;
  /** Whether `.then` chains are promises that `async`/`await` can replace. */
  readonly asyncAwait: boolean;
  /** What its imports are called when they are no imports: C's `#include`s, Bash's `source`d scripts. */
  readonly imports?: 'includes' | 'sources';
  readonly examples?: ExampleFamily;
}

/** What its arithmetic operators mean, for claims about division (claims/division.ts). */
export interface Arithmetic {
  /**
   * Whether `/` and `%` always divide numbers. Where they can mean something
   * else (operator overloading, Python's `%` formatting and pathlib's `/`,
   * Ruby's `String#%`), a division is claimed only when the divisor's declared
   * type is a number.
   */
  readonly divisionIsNumeric: boolean;
}

/** How calls to a type's name read: creating a value of the type, or converting one to it (purpose/result.ts). */
export interface Construction {
  /**
   * Whether a bare call of a capitalised name (`Point(1, 2)`, no `new`) creates an instance of it, as
   * in Python or Kotlin. Elsewhere it calls a function (C#'s `Compute(x)`) or converts (Go's `Celsius(f)`).
   */
  readonly capitalisedCallCreates: boolean;
  /**
   * Callees that convert their argument to another type rather than create an object (JavaScript's
   * `Number(x)` without `new`, Python's `int(s)`, Go's `int64(n)`), and what they convert it to, as
   * the end of "converts `x` to …" ("a number").
   */
  readonly conversions: Readonly<Record<string, string>>;
  /** Whether a conversion only looks like a call: Go's `int64(n)` calls no function, so it is not listed as one. */
  readonly conversionsCallNothing?: true;
}

/** A parameter that hands a value back to the caller: C#'s `out` (an output only), `ref` and Swift's `inout` (both). */
export type PassedBack = 'out' | 'ref' | 'inout';

/**
 * How values pass between a function and its caller besides its declared
 * parameters' values and a `return` with a value (facts/passing.ts).
 */
export interface Passing {
  /** Go: the names its results are declared with (`(r rune, err error)`), which a bare `return` returns. */
  readonly namedResults?: (unit: Node) => readonly string[];
  /** Its parameters that hand a value back to the caller, by name. */
  readonly passedBack?: (unit: Node) => ReadonlyMap<string, PassedBack>;
  /**
   * JavaScript's `arguments`: the name of the object that holds every argument a call passed, and the
   * unit node types that have one of their own (an arrow function sees its enclosing function's).
   */
  readonly argumentsObject?: { readonly name: string; readonly ownedBy: ReadonlySet<string> };
  /** C's `goto label;` and the statement `label:` marks, by node type; each has its label in a `label` field. */
  readonly jumps?: { readonly goto: string; readonly labeled: string };
}

export interface LanguageSupport<Id extends LanguageId = LanguageId> {
  readonly id: Id;
  readonly tier: Contract[Id]['tier'];
  readonly grammar: Grammar;
  readonly metrics: LanguageMetrics;
  readonly syntax: LanguageSyntax;
  readonly docs: DocReading;
  /** Calls with known side effects, tried in order. */
  readonly apis: readonly ApiEntry[];
  /** For languages with catch clauses: what they catch, and what well-known calls throw. */
  readonly exceptions?: ExceptionKnowledge;
  /** Which of its collections' methods search them and which run a callback per item; absent where none are read. */
  readonly collections?: CollectionMethods;
  /** Whether a unit is part of the code's public surface, by the language's own rule. */
  readonly isExported: (unit: VisibilityQuery) => boolean;
  readonly declarations: DeclarationReading;
  readonly arithmetic: Arithmetic;
  /** How calls to a type's name read; without it, only `new T(…)` and composite literals create. */
  readonly construction?: Construction;
  /** A built-in call that returns its first argument with values added (Go's `append(s, …)`). */
  readonly growing?: { readonly append: string };
  /**
   * Collections a parameter can be declared as (the type's name, generics left off) and the methods that
   * remove from them: a call of one on such a parameter removes from what the caller passed.
   */
  readonly removal?: { readonly types: ReadonlySet<string>; readonly methods: ReadonlySet<string> };
  /**
   * Method names that change their receiver elsewhere but give a new value here: Rust's `ptr.add(i)` is
   * pointer arithmetic, not a collection's `add`.
   */
  readonly valueMethods?: ReadonlySet<string>;
  /** A built-in call that stops the program with an error, for languages that have one besides `throw` (Go's `panic`). */
  readonly aborts?: { readonly call: string };
  /** Named results, parameters passed back, an `arguments` object, `goto`: absent where the language has none. */
  readonly passing?: Passing;
  readonly wording: Wording<Contract[Id]['name']>;
  /** Sources, sinks and sanitisers of taint (taint/), for languages the security rules follow values in. */
  readonly taint?: TaintCatalogue;
  /**
   * A small function with a branch, parsed and measured by the module's own
   * check (test/engine/languages.test.ts); the engine itself never reads it.
   */
  readonly sample: string;
}
