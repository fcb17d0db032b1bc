/**
 * Facts: what the code verifiably contains, extracted from the syntax tree.
 * Every sentence the engine writes is built from these, so a fact must only
 * ever record what is literally in the code.
 */
import type { Skip } from './skips.js';
import type { UnitMetrics } from '../metrics/model.js';
import type { DocComment, UnitPurpose } from '../purpose/model.js';
import type { DividesBy } from '../claims/model.js';
import type { InnerComment, LoopAnatomy } from './loops.js';
import type { PassedBack } from '../languages/model.js';

export type StepKind =
  | 'loop'
  | 'branch'
  | 'switch'
  | 'call'
  | 'return'
  | 'throw'
  | 'await'
  | 'try'
  | 'catch'
  | 'yield'
  | 'spawn'
  | 'defer';

/** One notable statement or expression inside a unit, in document order. */
export interface Step {
  readonly kind: StepKind;
  /** 1-based line. */
  readonly line: number;
  /** The snapshot id of the node it was read from: the evidence a claim about it cites. */
  readonly node: number;
  /** Loop/branch nesting inside the unit, 0 at the unit's top level. */
  readonly depth: number;
  /** How many loops around this step repeat it (a for-each loop's iterable is evaluated once, so it is outside). */
  readonly loopDepth: number;
  /** Source text that says what it acts on: a condition, an iterable, a callee, a returned value. */
  readonly subject: string | undefined;
  /**
   * For loops: for, for-each, while, do-while, comprehension, generator (a lazy generator expression). For a
   * yield: `from` for `yield from x` and `yield* x`.
   */
  readonly detail?: string;
  /**
   * For a call inside a loop that is on a way out of it (inside a `return`
   * or `throw`, or followed by one or by a `break`): 'unit' when the unit
   * ends right after it, 'loop' when its innermost loop does. It then runs at
   * most once per call of the unit, or per run of that loop, whatever its
   * loopDepth.
   */
  readonly leaves?: 'unit' | 'loop';
  /** For a branch whose arm is a single jump: what it does when the condition holds. */
  readonly then?: Jump;
  /** …and, with an `else` that is a single jump too, what it does otherwise. */
  readonly otherwise?: Jump;
  /** For a bare `return` in a function with named results (Go): those results, which it returns. */
  readonly results?: readonly string[];
  /** For a branch: it has an `else` or `else if` arm. */
  readonly hasElse?: true;
  /** A jump that is all of a branch's arm: the branch's step tells it. */
  readonly guarded?: true;
  /** For a switch, match or when: its arms in order, labels that share a body grouped. */
  readonly cases?: readonly CaseArm[];
  /**
   * For a catch clause: the types it catches, each as its last name part; `[]` when it takes anything.
   * Absent when the clause could not be read.
   */
  readonly caught?: readonly string[];
  /** For a catch clause: the snapshot ids of the code it guards (its `try` block), first to last. */
  readonly guards?: { readonly first: number; readonly last: number };
  /**
   * For a return: it leaves early, since something after it runs when it does not fire (a later
   * statement of the body, another turn of a loop). The normal end of a function is not early.
   */
  readonly early?: true;
  /** For a generator expression: the callee of the call it feeds its values to (`sum`, `''.join`). */
  readonly feeds?: string;
  /**
   * For a lazy loop nothing here runs to the end (a generator expression kept for later): it repeats
   * nothing where it is written, so no loop depth counts it.
   */
  readonly deferred?: true;
  /** For a loop with an `else` (Python's for…else, while…else): the line of the `else`. */
  readonly loopElse?: number;
  /**
   * For a loop with no condition that yields and has no way out (no `break`, `return`, `throw`,
   * `yield break`): the line of its yield. It makes values until its caller stops taking them.
   */
  readonly endless?: number;
  /** For a `while` loop that only moves one index by one while a bound and a test of the item there hold. */
  readonly skips?: Skip;
}

/** One arm of a switch, match or when: the labels or patterns that lead to one body. */
export interface CaseArm {
  /** The labels or patterns as written; `default` for a default arm. */
  readonly labels: readonly string[];
  readonly line: number;
  /** The default arm, or a pattern that matches anything (`_`, `else`). */
  readonly isDefault: boolean;
  /** Its body runs on into the next arm's (no `break`, or Go's `fallthrough`). */
  readonly fallsThrough: boolean;
  /** The arm's node and its statements' nodes (snapshot ids), for what reads inside the arm. */
  readonly node?: number;
  readonly statements?: readonly number[];
}

/** A return, throw, break or continue that is all a branch's arm does. */
export interface Jump {
  readonly kind: 'return' | 'throw' | 'break' | 'continue';
  readonly subject: string | undefined;
  /** A `break` that ends the `switch` it is in, not a loop. */
  readonly endsSwitch?: true;
  /** Its line, when it is not the line of the branch it ends (an `else` on the lines below). */
  readonly line?: number;
}

/**
 * How a recursive unit's self-calls relate to its parameters (recursion.ts):
 * 'structural' when each goes down to a part of a parameter (`node.left`, a
 * child of `node.children`), 'decrement' when each is on a parameter a
 * constant smaller (`n - 1`), 'other' otherwise.
 */
export interface Recursion {
  readonly shape: 'structural' | 'decrement' | 'other';
  /** The self-calls as written, in document order (those in inline callbacks included). */
  readonly calls: readonly string[];
  /** Their snapshot node ids, in the same order: the evidence of "it calls itself". */
  readonly sites: readonly number[];
  /**
   * The self-calls made while the unit runs, not from a callback it hands on (`.then`, `.catch`, a
   * timer), which runs after it has returned: only these grow the stack.
   */
  readonly direct: readonly number[];
  /** Structural: the part each call goes down to (`node.left`, `child`); decrement: its argument (`n - 1`). */
  readonly args: readonly string[];
  /** Structural: what the loops or callbacks that reach the parts run over (`node.children`). */
  readonly over: readonly string[];
  /** Structural: the deepest nesting of loops other than those over the parts (0 when there are none). */
  readonly otherLoopDepth: number;
  /** Some self-call is repeated by a loop (or an iterating callback) in the unit. */
  readonly inLoop: boolean;
  /** Two self-calls can run in the same call (nothing chooses between them). */
  readonly together: boolean;
  /** The unit caches its results (a cache decorator, a memo or cache name in it). */
  readonly cached: boolean;
}

/** A collection searched element by element on every iteration of a loop (searches.ts, cost.ts). */
export interface LoopSearch {
  readonly line: number;
  /** The search as quoted: `ids.includes(…)`, `x in seen`. */
  readonly search: string;
  /** What is searched, as written: `ids`. */
  readonly collection: string;
  /** Its bindings show a list, array or slice; false when nothing tells (an untyped parameter, a call's result). */
  readonly isList: boolean;
  readonly loopLine: number;
  /** What the loop runs over (`orders`), for a for-each loop or a comprehension. */
  readonly loopOver?: string;
  /** Otherwise the loop's condition (`i < rows.length`), when it has one. */
  readonly loopCondition?: string;
  /** Loops in the unit that repeat the search (at least 1). */
  readonly loopDepth: number;
  /** A line inside the loop where the collection grows (`seen.push(id)`), if any. */
  readonly growsOn?: number;
}

/** What makes an arm of a compile-time conditional the one compiled: a macro defined or not, or a condition. */
export interface CompileCondition {
  readonly test: 'defined' | 'not-defined' | 'holds';
  /** The macro's name, or the condition as written. */
  readonly text: string;
}

/** One arm of a compile-time conditional: `#if`/`#ifdef`, `#elif`, or `#else` (no condition). */
export interface CompiledArm {
  /** The line of its directive. */
  readonly line: number;
  /** The line before the next directive of its group. */
  readonly endLine: number;
  readonly when: CompileCondition | undefined;
}

/**
 * A compile-time conditional (C's `#if … #elif … #else … #endif`): the compiler keeps the first arm whose
 * condition holds and drops the others, so the code of its arms never runs one after another.
 */
export interface CompileGroup {
  /** The line of its `#if`/`#ifdef`. */
  readonly line: number;
  /** The line of its `#endif`. */
  readonly endLine: number;
  readonly arms: readonly CompiledArm[];
}

/** A loop, or a callback pipeline (`xs.map(…)`), as the cost estimate names it. */
export interface Repeater {
  readonly kind: 'loop' | 'pipeline';
  readonly line: number;
  /** For a pipeline: the step as written (`.map`, `.Select`, `map`). */
  readonly method?: string;
  /** What it runs over, as written (`orders`), when the code says. */
  readonly over?: string;
  /** For a pipeline: `over` is a count it runs its callback that many times (Ruby's `n.times`). */
  readonly counts?: true;
}

/** A pipeline, or a loop inside a pipeline's callback, with the loops and pipelines around it, outermost first. */
export interface Repetition extends Repeater {
  readonly around: readonly Repeater[];
  /**
   * For a pipeline: a collection its callback searches element by element on every call (`ys.includes(x)`
   * in `xs.filter((x) => ys.includes(x))`), not a set, map or string; `isList` when the bindings show a list.
   */
  readonly search?: { readonly search: string; readonly collection: string; readonly isList: boolean };
}

/** A `goto` out of the unit's straight run (C): where it jumps, and the `return` the code there reaches. */
export interface GotoExit {
  readonly line: number;
  readonly label: string;
  readonly labelLine: number;
  /** The first `return` the code at the label reaches, when nothing on the way could go elsewhere. */
  readonly returns?: { readonly line: number; readonly value?: string };
}

export interface UnitFacts {
  readonly metrics: UnitMetrics;
  readonly params: readonly string[];
  /** False when the grammar's parameter list could not be read: then nothing is said about parameters. */
  readonly paramsKnown: boolean;
  /** How each parameter is written before its name (`*`, `**`, `...`), when any is: `*args` gathers the rest. */
  readonly paramMarks?: readonly string[];
  /** Go's named results, which a bare `return` returns; empty where the results have no names. */
  readonly namedResults: readonly string[];
  /** Its parameters that hand a value back to the caller (C# `out`/`ref`, Swift `inout`), by name. */
  readonly passedBack: ReadonlyMap<string, PassedBack>;
  /** It reads JavaScript's `arguments`: it takes any number of arguments besides the parameters it names. */
  readonly readsArguments: boolean;
  /** Its `goto` jumps forward to a label in it (C, C++, C#, Go), in document order. */
  readonly gotoExits: readonly GotoExit[];
  readonly isAsync: boolean;
  readonly isGenerator: boolean;
  readonly steps: readonly Step[];
  /** Distinct callees in order of first call. */
  readonly calls: readonly string[];
  /** Calls itself by name. */
  readonly recursive: boolean;
  /** How many self-calls a single run of the body can make (syntactically). */
  readonly selfCallSites: number;
  /** Deepest loop-inside-loop nesting (1 = a single loop). */
  readonly maxLoopDepth: number;
  /** Deepest nesting of loops and branches. */
  readonly maxNesting: number;
  /** The outermost compile-time conditionals in its body, in document order (none in most languages). */
  readonly compileGroups: readonly CompileGroup[];
  /** The compile-time conditional arm the unit itself is written in, when it is in one. */
  readonly compiledIn?: { readonly group: CompileGroup; readonly arm: number };
  /** The unit that lexically contains this one, if any. */
  readonly parent: string | undefined;
  /** The line that unit starts on: a parent without a name is told by where it is. */
  readonly parentLine: number | undefined;
  /** What its own code says it is for: doc comment, declarations, idioms, known APIs, name. */
  readonly purpose: UnitPurpose;
  /** Exported or public (or top-level in a language without visibility). */
  readonly exported: boolean;
  /** Its self-recursion, when it calls itself (in its body or in a callback written inline). */
  readonly recursion?: Recursion;
  /** Its calls of a well-known sort (the language's `sorts`): each takes O(n log n) in what it sorts. */
  readonly sorts?: readonly Step[];
  /** Its calls of a well-known copy (the language's `copies`) whose length is not a constant: each O(n). */
  readonly copies?: readonly Step[];
  /** Collections it searches on every iteration of a loop (not sets, maps or strings; not on a way out). */
  readonly searches?: readonly LoopSearch[];
  /** Its callback pipelines, and the loops inside their callbacks, each with what repeats it (pipelines.ts). */
  readonly repetitions: readonly Repetition[];
  /** Its loops, in document order, each read for what it runs over, carries, leaves by and leaves behind (loops.ts). */
  readonly loops: readonly LoopAnatomy[];
  /** Its author's comments between the statements of its own body, outside loops (a loop tells its own). */
  readonly comments: readonly InnerComment[];
  /** Its divisions by a parameter that nothing in it rules out zero for (claims/division.ts). */
  readonly divisions: readonly DividesBy[];
}

export interface Dependency {
  /** The module, package or file imported. */
  readonly source: string;
  readonly line: number;
}

export interface SnippetFacts {
  readonly lines: number;
  readonly nonBlankLines: number;
  readonly commentLines: number;
  readonly errorRegions: number;
  readonly units: readonly UnitFacts[];
  readonly dependencies: readonly Dependency[];
  /** Steps in top-level code, outside every unit. */
  readonly topLevel: readonly Step[];
  /** The module docstring or the file's opening comment. */
  readonly doc: DocComment | undefined;
  /** The words its names use most, most frequent first: what the code is about. */
  readonly domainWords: readonly string[];
}
