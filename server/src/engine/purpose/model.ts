import type { Chain } from './chains.js';
import type { UnitResult } from './result.js';
import type { Captures } from './closure.js';
import type { DataFlow } from './dataflow.js';
import type { Shape } from './shape.js';
import type { ProtocolCaller } from '../languages/model.js';
import type { ConstantFamily } from './constants.js';
import type { Term } from './terms.js';

/**
 * What the code says about its own purpose, as evidence: each item records
 * where in the code it was found, so every purpose sentence can cite it.
 */

export type DocStyle =
  | 'docstring'
  | 'JSDoc'
  | 'TSDoc'
  | 'Javadoc'
  | 'KDoc'
  | 'PHPDoc'
  | 'XML doc comment'
  | 'doc comment'
  | 'comment';

export interface DocComment {
  readonly style: DocStyle;
  /** Line the comment or docstring starts on. */
  readonly line: number;
  /** Its first sentence, markup removed, without the final full stop. */
  readonly sentence: string;
  /**
   * Later sentences that state a contract or a caveat ("must not be null",
   * "the natural ordering is inconsistent with equals", "not thread-safe"),
   * in order, markup removed: the whole comment is evidence, not only its
   * first sentence.
   */
  readonly caveats: readonly string[];
}

/** A declaration that says what a unit is: a route, a test, an entry point, a subclass. */
export type Declaration =
  | {
      readonly kind: 'route';
      readonly line: number;
      readonly methods: readonly string[];
      readonly path: string | undefined;
      readonly via: string;
    }
  | {
      readonly kind: 'test';
      readonly line: number;
      readonly title: string | undefined;
      readonly via: string;
      /** A group of tests (`describe`, `context`), not one test. */
      readonly suite?: boolean;
    }
  | { readonly kind: 'entry-point'; readonly line: number; readonly via: string }
  | {
      readonly kind: 'command';
      readonly line: number;
      readonly name: string;
      readonly summary: string | undefined;
    }
  | { readonly kind: 'component'; readonly line: number }
  | { readonly kind: 'hook'; readonly line: number }
  | { readonly kind: 'event-handler'; readonly line: number; readonly event: string; readonly target: string }
  | {
      readonly kind: 'extends';
      readonly line: number;
      readonly types: readonly string[];
      readonly relation: 'extends' | 'implements';
    }
  | { readonly kind: 'override'; readonly line: number }
  | { readonly kind: 'memoised'; readonly line: number; readonly via: string }
  | { readonly kind: 'property'; readonly line: number }
  | { readonly kind: 'fixture'; readonly line: number; readonly via: string }
  | {
      readonly kind: 'protocol';
      readonly line: number;
      readonly name: string;
      readonly meaning: string;
      /** Who calls it, where not the language itself (languages/model.ts `protocolCallers`). */
      readonly caller?: ProtocolCaller;
    }
  | { readonly kind: 'callback'; readonly line: number; readonly callee: string }
  | { readonly kind: 'assigned'; readonly line: number; readonly target: string }
  | { readonly kind: 'returned'; readonly line: number };

export type EffectKind =
  | 'reads-file'
  | 'writes-file'
  | 'file-system'
  | 'shell'
  | 'process'
  | 'http-request'
  | 'http-server'
  | 'database'
  | 'dom-read'
  | 'dom-write'
  | 'log'
  | 'print'
  | 'stdin'
  | 'crypto'
  | 'clock'
  | 'sleep'
  | 'random'
  | 'thread'
  | 'lock'
  | 'env'
  | 'network'
  | 'timer'
  | 'exit'
  | 'eval'
  | 'serialise'
  | 'parse-data';

/** A call to a well-known API and what calling it means. */
export interface Effect {
  readonly kind: EffectKind;
  /** What the call does, more precisely than its kind (the catalogue's `does`). */
  readonly does?: string;
  readonly callee: string;
  readonly line: number;
}

export type IdiomKind =
  | 'guard-clauses'
  | 'validation'
  | 'accumulate'
  | 'count'
  | 'filter'
  | 'map'
  | 'collect'
  | 'concat'
  | 'find-first'
  | 'any'
  | 'all'
  | 'dedupe'
  | 'memoise'
  | 'binary-search'
  | 'tree-recursion'
  | 'retry'
  | 'debounce'
  | 'state-machine'
  | 'lazy-init'
  | 'builder'
  | 'group-by'
  | 'two-pointers'
  | 'sliding-window'
  | 'producer-consumer'
  | 'visitor'
  | 'traversal'
  | 'dispatch';

/** A pattern recognised from the tree, with the code it rests on. */
export interface Idiom {
  readonly kind: IdiomKind;
  readonly line: number;
  /** The collection or variable it acts on, as written in the code. */
  readonly subject?: string;
  /** What it produces or fills, as written in the code. */
  readonly target?: string;
  /** How many (guard clauses, checks). */
  readonly count?: number;
  /** A traversal's set of what it has already had, which it skips. */
  readonly seen?: string;
  /** A dispatch loop's `switch`: its line, what it switches on, and its first character labels. */
  readonly by?: {
    readonly line: number;
    readonly on: string;
    readonly labels: readonly string[];
    readonly count: number;
  };
  /** The condition of the `if` whose arm holds the loop and returns what it built, and its line. */
  readonly when?: { readonly text: string; readonly line: number };
}

/** Everything a unit's own code says about what it is for. */
export interface UnitPurpose {
  /** Inputs besides parameters, fields written, parameters changed in place. */
  readonly dataFlow: DataFlow;
  /** For a function nested in another: what it uses and changes of the enclosing function's names. */
  readonly captures: Captures | undefined;
  /** Method chains that form a pipeline (LINQ, streams, array methods, iterators). */
  readonly chains: readonly Chain[];
  readonly doc: DocComment | undefined;
  readonly declarations: readonly Declaration[];
  readonly effects: readonly Effect[];
  readonly idioms: readonly Idiom[];
  /** What it declares it returns, and the object it creates and returns (result.ts). */
  readonly result: UnitResult | undefined;
  /** What its whole body does when no idiom names it: delegates, writes, maps cases, fills a parameter. */
  readonly shape: Shape;
  /** The well-known constants it writes, by the algorithm or format they belong to (constants.ts). */
  readonly constants: readonly ConstantFamily[];
  /** The words of its name, split from camelCase and snake_case, lower case. */
  readonly nameWords: readonly string[];
  /** The term of art its name is made of (`toposort`, `ArrayDeque`), with what it means (terms.ts). */
  readonly term: Term | undefined;
}
