/**
 * The evidence a unit's code gives about its purpose, strongest first: its
 * doc comment, the declarations around it, the idioms in its tree, the
 * well-known APIs it calls, and the words of its name.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { UnitKind } from '../metrics/model.js';
import type { Step } from '../facts/model.js';
import type { Captures } from './closure.js';
import type { Chain } from './chains.js';
import type { Declaration, DocComment, Effect, Idiom, UnitPurpose } from './model.js';
import type { DataFlow } from './dataflow.js';
import { effectOf } from './apis.js';
import { declarationsOf } from './declarations.js';
import { unitDoc } from './doc.js';
import { idiomsOf } from './idioms.js';
import { dataFlowOf } from './dataflow.js';
import { chainsIn } from './chains.js';
import { capturesOf } from './closure.js';
import type { OwnCode } from './own-text.js';

export type { DocComment, Declaration, Effect, Idiom, UnitPurpose } from './model.js';
export type { DataFlow, InputRead, Write } from './dataflow.js';
export { snippetDoc } from './doc.js';
export { registrations } from './declarations.js';

/** `parseHTTPHeader`, `parse_http_header` → parse, http, header. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/^[_$]+|[_$]+$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$-]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

export interface UnitContext {
  readonly language: LanguageId;
  readonly kind: UnitKind;
  readonly name: string;
  readonly params: readonly string[];
  readonly steps: readonly Step[];
  readonly imports: readonly string[];
  readonly registered: ReadonlyMap<string, Declaration>;
  /** Each unit's own code (units nested in it blanked), shared by the snippet's units. */
  readonly ownCode: OwnCode;
  /** The function this one is written inside (not a class), with its parameters. */
  readonly enclosing: { readonly node: Node; readonly params: readonly string[] } | undefined;
}

function effectsOf(context: UnitContext): Effect[] {
  const effects: Effect[] = [];
  const seen = new Set<string>();
  for (const step of context.steps) {
    if (step.kind !== 'call' || !step.subject) continue;
    const kind = effectOf(context.language, step.subject, context.imports);
    if (!kind || seen.has(kind)) continue;
    seen.add(kind);
    effects.push({ kind, callee: step.subject, line: step.line });
  }
  return effects;
}

/**
 * A unit's purpose evidence, each part worked out the first time it is read.
 * Most parts of most units are never read: the explanation describes the
 * units it has room for, and each rule reads only the parts it checks. Worked
 * out eagerly they were an eighth of the engine's time over whole files
 * (server/README.md, Speed). Every part is a pure function of the unit's code
 * and the snippet's facts, so when it is computed does not change it.
 */
class UnitEvidence implements UnitPurpose {
  readonly #node: Node;
  readonly #context: UnitContext;
  readonly #short: string | undefined;
  #doc: { readonly value: DocComment | undefined } | undefined;
  #declarations: readonly Declaration[] | undefined;
  #effects: readonly Effect[] | undefined;
  #idioms: readonly Idiom[] | undefined;
  #nameWords: readonly string[] | undefined;
  #captures: { readonly value: Captures | undefined } | undefined;
  #chains: readonly Chain[] | undefined;
  #dataFlow: DataFlow | undefined;

  constructor(node: Node, context: UnitContext) {
    this.#node = node;
    this.#context = context;
    this.#short = context.name.startsWith('<') ? undefined : context.name.split(/[.#:]/).pop();
  }

  get #isClass(): boolean {
    return this.#context.kind === 'class';
  }

  get doc(): DocComment | undefined {
    return (this.#doc ??= { value: unitDoc(this.#context.language, this.#node) }).value;
  }

  get declarations(): readonly Declaration[] {
    const c = this.#context;
    return (this.#declarations ??= declarationsOf(this.#node, {
      language: c.language,
      kind: c.kind,
      shortName: this.#short,
      params: c.params,
      registered: c.registered,
    }));
  }

  get effects(): readonly Effect[] {
    return (this.#effects ??= this.#isClass ? [] : effectsOf(this.#context));
  }

  get idioms(): readonly Idiom[] {
    const c = this.#context;
    return (this.#idioms ??= this.#isClass ? [] : idiomsOf(this.#node, c.steps, c.ownCode.text(this.#node)));
  }

  get nameWords(): readonly string[] {
    return (this.#nameWords ??= this.#short ? wordsOf(this.#short) : []);
  }

  get captures(): Captures | undefined {
    const c = this.#context;
    return (this.#captures ??= {
      value:
        c.enclosing && !this.#isClass
          ? capturesOf(
              this.#node,
              c.params,
              c.ownCode.declared(c.enclosing.node),
              c.enclosing.params,
              c.language === 'python' || c.language === 'ruby',
            )
          : undefined,
    }).value;
  }

  get chains(): readonly Chain[] {
    return (this.#chains ??= this.#isClass
      ? []
      : chainsIn(this.#context.ownCode.text(this.#node), this.#node.startPosition.row + 1));
  }

  get dataFlow(): DataFlow {
    return (this.#dataFlow ??= this.#isClass
      ? { inputs: [], fieldWrites: [], mutatedParams: [], propagates: [] }
      : dataFlowOf(this.#node, this.#context.params, this.#context.ownCode.nested(this.#node)));
  }
}

export function purposeOf(node: Node, context: UnitContext): UnitPurpose {
  return new UnitEvidence(node, context);
}
