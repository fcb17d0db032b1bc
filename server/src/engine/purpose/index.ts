/**
 * The evidence a unit's code gives about its purpose, strongest first: its
 * doc comment, the declarations around it, the idioms in its tree, the
 * well-known APIs it calls, and the words of its name.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { UnitKind } from '../metrics/model.js';
import type { Step } from '../facts/model.js';
import type { Declaration, Effect, UnitPurpose } from './model.js';
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

export function purposeOf(node: Node, context: UnitContext): UnitPurpose {
  const nested = context.ownCode.nested(node);
  const short = context.name.startsWith('<') ? undefined : context.name.split(/[.#:]/).pop();
  return {
    doc: unitDoc(context.language, node),
    declarations: declarationsOf(node, {
      language: context.language,
      kind: context.kind,
      shortName: short,
      params: context.params,
      registered: context.registered,
    }),
    effects: context.kind === 'class' ? [] : effectsOf(context),
    idioms: context.kind === 'class' ? [] : idiomsOf(node, context.steps, context.ownCode.text(node)),
    nameWords: short ? wordsOf(short) : [],
    captures:
      context.enclosing && context.kind !== 'class'
        ? capturesOf(
            node,
            context.params,
            context.ownCode.declared(context.enclosing.node),
            context.enclosing.params,
            context.language === 'python' || context.language === 'ruby',
          )
        : undefined,
    chains: context.kind === 'class' ? [] : chainsIn(context.ownCode.text(node), node.startPosition.row + 1),
    dataFlow:
      context.kind === 'class'
        ? { inputs: [], fieldWrites: [], mutatedParams: [], propagates: [] }
        : dataFlowOf(node, context.params, nested),
  };
}
