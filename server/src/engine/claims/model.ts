/**
 * Claims: the statements an explanation makes that could be false of the
 * code, each as typed data with its evidence (the snapshot nodes and lines
 * it rests on). A sentence of these kinds is written only from a claim, and
 * the claim audit (server/scripts/audit-claims.ts) re-checks every claim
 * against the tree with a second, deliberately simple check.
 */
import type { ChangeHow } from '../facts/loops.js';

/** What a claim rests on: snapshot node ids (pre-order positions, the same in any parse of the same code) and 1-based lines. */
export interface Evidence {
  readonly nodes: readonly number[];
  readonly lines: readonly number[];
}

interface ClaimBase {
  /** The unit the claim is about, by its metrics name (`Fmt.pad`), and its first line. */
  readonly unit: string;
  readonly unitLine: number;
  /** The unit's snapshot node id: minified code has many units of one name on one line. */
  readonly unitNode: number;
  readonly evidence: Evidence;
}

/** "It divides by `n`, and nothing in it rules out zero": a division or remainder by a parameter that nothing else touches. */
export interface DividesBy extends ClaimBase {
  readonly kind: 'divides-by';
  readonly divisor: string;
}

/** "It calls itself": the self-calls, each reaching this very unit (the same name, an argument count it accepts). */
export interface CallsItself extends ClaimBase {
  readonly kind: 'calls-itself';
  readonly sites: number;
}

/** "Each call waits on a smaller one, so the stack grows": self-calls made while the caller's frame is still on the stack. */
export interface StackDepth extends ClaimBase {
  readonly kind: 'stack-depth';
  readonly shape: 'structural' | 'decrement' | 'other';
}

/** "Interface `Shape` declares 4 methods": the method declarations directly in a type's body. */
export interface DeclaresMethods extends ClaimBase {
  readonly kind: 'declares-methods';
  /** What the declaration is: class, interface, struct, enum, trait, record, protocol, object, impl block. */
  readonly keyword: string;
  readonly count: number;
}

/** "It adds up values into `total`": a numeric variable, set to a number before a loop, added to in it, returned after. */
export interface AddsUp extends ClaimBase {
  readonly kind: 'adds-up';
  readonly target: string;
}

/** "Each call cancels the pending timer and starts a new one": `clearTimeout(t)` and `t = setTimeout(…)` on one variable, in one function. */
export interface Debounces extends ClaimBase {
  readonly kind: 'debounces';
  readonly timer: string;
}

/** "It picks a branch by the value of `x` (a switch)": a switch, match or when node with its arms. */
export interface Switches extends ClaimBase {
  readonly kind: 'switches';
}

/** "Inside, it increments `r` (lines 27, 30)": the lines where a loop changes a variable that outlives its turns. */
export interface LoopChanges extends ClaimBase {
  readonly kind: 'loop-changes';
  readonly name: string;
  readonly how: ChangeHow;
  /** Said to move it by this constant (`adds 2 to`) on each of its lines. */
  readonly by?: string;
  /** Said to set it to one of these values (`state` to `S_VALUE`) on each of its lines. */
  readonly to?: readonly string[];
}

/** "Line 107 moves `recipient` down into `recipient[key1]`": a variable set to a part of what it held. */
export interface LoopDescends extends ClaimBase {
  readonly kind: 'loop-descends';
  readonly name: string;
  readonly into: string;
}

/** "It keeps the highest `node.priority` seen so far in `best` (lines 10 and 11)": a running best. */
export interface LoopKeepsBest extends ClaimBase {
  readonly kind: 'loop-keeps-best';
  readonly name: string;
  readonly value: string;
  readonly keeps: 'highest' | 'lowest';
}

/** "It skips `i` forward over every item where `s[i] == ' '` holds, staying within `i < n`": a scanning loop. */
export interface LoopSkips extends ClaimBase {
  readonly kind: 'loop-skips';
  readonly index: string;
  readonly way: 'forward' | 'back';
  readonly test: string;
  readonly bound: string;
}

/** "The loop … runs while `stack` still holds items, taking items out of it (line 9)": a loop that drains it. */
export interface LoopDrains extends ClaimBase {
  readonly kind: 'loop-drains';
  readonly name: string;
}

/** "It shrinks `pos` geometrically on every turn (…), so it takes about log n turns": every write of the index is such a step. */
export interface LoopLogTurns extends ClaimBase {
  readonly kind: 'loop-log-turns';
  readonly how: 'halves' | 'doubles' | 'bisects';
  readonly names: readonly string[];
}

/**
 * "Each turn, the `switch` on line 92 takes one of its 4 arms: when `c` is `'a'` (line 93), …": the arms of
 * a loop's dispatch, each with the line of its condition or labels as written, and the calls it makes.
 */
export interface LoopArms extends ClaimBase {
  readonly kind: 'loop-arms';
  readonly keyword: string;
  readonly subject?: string;
  readonly arms: readonly {
    readonly line: number;
    readonly when?: readonly string[];
    readonly calls: readonly { readonly callee: string; readonly line: number }[];
    /** Statements quoted as written, for an arm with nothing else told. */
    readonly runs?: readonly { readonly text: string; readonly line: number }[];
  }[];
}

/** "It stops when `x` (line 12)": a jump out of (or on in) a loop, on that line. */
export interface LoopExits extends ClaimBase {
  readonly kind: 'loop-exits';
  readonly exit: 'break' | 'continue' | 'return' | 'throw';
}

/** "“copy element” (line 56, about line 57)": a comment, and the statement it explains. */
export interface CommentExplains extends ClaimBase {
  readonly kind: 'comment-explains';
  readonly text: string;
  readonly explains: number;
}

/** "It hands the work to `f` and returns what that gives": every return returns a call to `f`. */
export interface HandsOver extends ClaimBase {
  readonly kind: 'hands-over';
  readonly callee: string;
}

/** "It maps `x` to a fixed value, one per case": a switch whose every arm only returns a fixed value. */
export interface MapsCases extends ClaimBase {
  readonly kind: 'maps-cases';
  readonly subject: string;
  readonly arms: number;
}

/** "It writes its output to `out` (lines …)": each line calls a write (or a builder's append) on `out`. */
export interface WritesTo extends ClaimBase {
  readonly kind: 'writes-to';
  readonly target: string;
}

/** "It sets `a` and `b` on `p` and returns it": each line assigns a field of parameter `p`, which is returned. */
export interface FillsReturned extends ClaimBase {
  readonly kind: 'fills-returned';
  readonly target: string;
  readonly fields: readonly string[];
  /** `p` is the function's named result, which a bare `return` gives back, not a parameter. */
  readonly named?: true;
}

/** "It appends to `p` and returns the result": every return gives `append(p, …)`, or `p` grown only by `p = append(p, …)`. */
export interface AppendsTo extends ClaimBase {
  readonly kind: 'appends-to';
  readonly target: string;
  readonly how: 'returns' | 'grows';
}

/** "It turns ASCII lower-case letters in `c` to upper case": `if 'a' <= c && c <= 'z' { c -= 'a' - 'A' }`. */
export interface ChangesCase extends ClaimBase {
  readonly kind: 'changes-case';
  readonly variable: string;
  readonly to: 'upper' | 'lower';
}

/** "It answers with one of 3 outcomes of `R`": every return gives one of these constants of `R`. */
export interface ReturnsOutcomes extends ClaimBase {
  readonly kind: 'returns-outcomes';
  readonly type: string;
  readonly values: readonly string[];
}

/**
 * "It returns whether `a` differs from `b` when … (line 6), and … otherwise (line 9)": each case is a
 * `return` on its line, giving the value quoted (when one is), in terms of the names quoted.
 */
export interface Answers extends ClaimBase {
  readonly kind: 'answers';
  readonly cases: readonly {
    readonly line: number;
    /** The value that `return` gives, as written, when the sentence quotes it (`false`, `null`). */
    readonly value?: string;
    /** Every name or literal the sentence quotes for this case, from its condition and its value. */
    readonly quotes: readonly string[];
  }[];
}

/** "It panics when `err != nil` (line 8)": the body's last statement is an `if` whose only statement throws, raises or panics. */
export interface FailsAtEnd extends ClaimBase {
  readonly kind: 'fails-at-end';
  readonly verb: 'throws' | 'raises' | 'panics';
  readonly condition: string;
}

/** "It removes from its parameter `seen`, a `Map`": each line calls a removing method on a parameter declared as a collection. */
export interface RemovesFrom extends ClaimBase {
  readonly kind: 'removes-from';
  readonly target: string;
  readonly type: string;
}

/** "It returns the first `i` at which `c` holds": a loop moving `i` up by one, returning it under `if (c)`, then another return. */
export interface FirstIndex extends ClaimBase {
  readonly kind: 'first-index';
  readonly index: string;
  readonly condition: string;
}

/** "Each turn moves `k` to its parent index, `(k - 1) >>> 1`": a loop climbing a binary tree kept in an array. */
export interface ClimbsToRoot extends ClaimBase {
  readonly kind: 'climbs-to-root';
  readonly index: string;
  readonly parent: string;
}

/** "It reads a number digit by digit: each turn multiplies `n` by `base` and adds `d`": Horner's rule in a loop. */
export interface BuildsNumber extends ClaimBase {
  readonly kind: 'builds-number';
  readonly target: string;
  readonly by: string;
  readonly shift: boolean;
  readonly added: string;
  readonly op: '+' | '-' | '|';
}

/** "It uses the constants of CRC-32: `0xEDB88320` (line 5) is the CRC-32 polynomial": literals of a known family. */
/** "Its name refers to a topological sort: …": the name is made of the words of a term of art. */
export interface NamesTerm extends ClaimBase {
  readonly kind: 'names-term';
  /** The words of the name that make the term, lower case, one space between. */
  readonly words: string;
  readonly term: string;
}

export interface UsesConstants extends ClaimBase {
  readonly kind: 'uses-constants';
  readonly of: string;
  /** Each literal as written, its line, and its value (hex for a number). */
  readonly constants: readonly { readonly text: string; readonly line: number; readonly value: string }[];
}

/** "It searches `t` for the first `i` … at which the test on line L holds": a counting loop whose whole body is `if (…) break;`. */
export interface SearchesFirst extends ClaimBase {
  readonly kind: 'searches-first';
  readonly index: string;
  readonly over?: string;
}

/** "It cuts `s` to its first `n` items": `s = s.substring(0, n)`, `s = s[:n]` or `s = s.slice(0, n)` on that line. */
export interface Truncates extends ClaimBase {
  readonly kind: 'truncates';
  readonly target: string;
  readonly length: string;
}

export type Claim =
  | DividesBy
  | Answers
  | ReturnsOutcomes
  | HandsOver
  | MapsCases
  | WritesTo
  | FillsReturned
  | AppendsTo
  | ChangesCase
  | FailsAtEnd
  | RemovesFrom
  | FirstIndex
  | ClimbsToRoot
  | BuildsNumber
  | UsesConstants
  | NamesTerm
  | SearchesFirst
  | Truncates
  | CallsItself
  | StackDepth
  | DeclaresMethods
  | AddsUp
  | Debounces
  | Switches
  | LoopChanges
  | LoopDescends
  | LoopDrains
  | LoopKeepsBest
  | LoopSkips
  | LoopLogTurns
  | LoopExits
  | LoopArms
  | CommentExplains;
export type ClaimKind = Claim['kind'];
