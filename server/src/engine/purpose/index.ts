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
import { once } from '../once.js';
import { effectOf } from './apis.js';
import { callArguments } from './arguments.js';
import { declarationsOf } from './declarations.js';
import { unitDoc } from './doc.js';
import { resultOf } from './result.js';
import { LANGUAGES } from '../languages/index.js';
import { idiomsOf } from './idioms.js';
import { dataFlowOf } from './dataflow.js';
import { passedBackOf } from '../facts/passing.js';
import { chainsIn } from './chains.js';
import { capturesOf } from './closure.js';
import { shapeOf } from './shape.js';
import { constantsIn, type NamedLiteral } from './constants.js';
import type { OwnCode } from './own-text.js';
import { isStandIn } from '../metrics/common/naming.js';

export type { DocComment, Declaration, Effect, Idiom, UnitPurpose } from './model.js';
export type { DataFlow, InputRead, Write } from './dataflow.js';
export { snippetDoc } from './doc.js';
export { registrations } from './declarations.js';

import { wordsOf } from './words.js';
import { termOf } from './terms.js';

export { wordsOf };

export interface UnitContext {
  readonly language: LanguageId;
  readonly kind: UnitKind;
  readonly name: string;
  readonly params: readonly string[];
  readonly steps: readonly Step[];
  readonly imports: readonly string[];
  readonly registered: ReadonlyMap<string, Declaration>;
  /** Literals the snippet names outside its functions (`surr1 = 0xd800`), for constants read by name. */
  readonly named: ReadonlyMap<string, NamedLiteral>;
  /** Each unit's own code (units nested in it blanked), shared by the snippet's units. */
  readonly ownCode: OwnCode;
  /**
   * The functions this one is written inside, up to the nearest class: the outermost one's node, all
   * their parameters, and each of their nodes (outermost first).
   */
  readonly enclosing:
    { readonly node: Node; readonly params: readonly string[]; readonly nodes: readonly Node[] } | undefined;
}

/** A condition that turns on diagnostics: `self.debug >= 3`, `if (verbose)`, `log.isTraceEnabled()`. */
const DEBUG_SWITCH = /\b\w*(debug|verbose|trace)\w*\b/i;
const IF_TYPES = /^(if_statement|if_expression|elif_clause)$/;

/** Whether the call of `callee` on `line` in `unit` sits inside an `if` on a debug, verbose or trace switch. */
function underDebugSwitch(unit: Node, line: number, callee: string): boolean {
  const nodes = unit.doc.nodes.slice(unit.id + 1, unit.lastId + 1);
  const call = nodes.find(
    (n) => n.startPosition.row + 1 === line && /call|invocation/.test(n.type) && n.text.startsWith(callee),
  );
  if (!call) return false;
  for (let child = call, p = call.parent; p && p.id !== unit.id; child = p, p = p.parent) {
    if (!IF_TYPES.test(p.type)) continue;
    const condition = p.childForFieldName('condition');
    // In the arm the switch turns on, not in its `else`.
    if (condition && DEBUG_SWITCH.test(condition.text) && p.childForFieldName('consequence')?.id === child.id)
      return true;
  }
  return false;
}

function effectsOf(node: Node, context: UnitContext): Effect[] {
  const effects: Effect[] = [];
  const seen = new Set<string>();
  const firstLine = node.startPosition.row + 1;
  for (const step of context.steps) {
    if (step.kind !== 'call' || !step.subject) continue;
    const callee = step.subject;
    const found = effectOf(context.language, callee, context.imports, () =>
      callArguments(context.ownCode.text(node), firstLine, step.line, callee),
    );
    // One of each kind, and one of each precise meaning (an HMAC and a constant-time compare are both told).
    const key = found?.does ?? found?.kind;
    if (!found || !key || seen.has(key)) continue;
    // Output only a debug switch turns on (`if self.debug >= 2: print(…)`) is no part of what the code does.
    if ((found.kind === 'print' || found.kind === 'log') && underDebugSwitch(node, step.line, callee))
      continue;
    seen.add(key);
    effects.push({ ...found, callee: step.subject, line: step.line });
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
export function purposeOf(node: Node, context: UnitContext): UnitPurpose {
  const c = context;
  const isClass = c.kind === 'class';
  const short = isStandIn(c.name) ? undefined : c.name.split(/[.#:]/).pop();
  const doc = once(() => unitDoc(c.language, node));
  const declarations = once(() =>
    declarationsOf(node, {
      language: c.language,
      kind: c.kind,
      shortName: short,
      params: c.params,
      registered: c.registered,
    }),
  );
  const effects = once(() => (isClass ? [] : effectsOf(node, c)));
  // `n = n * 10 + d` reads digits; it adds nothing up, though `+=` and a returned `n` look alike.
  const idioms = once(() =>
    isClass
      ? []
      : idiomsOf(c.language, node, c.steps, c.ownCode.text(node), c.params).filter(
          (i) => i.kind !== 'accumulate' || i.target !== shape().digits?.target,
        ),
  );
  const constants = once(() => constantsIn(node, c.named));
  const nameWords = once(() => (short ? wordsOf(short) : []));
  // A name as written (`toposort`, `ArrayDeque`), not a trait impl's `<Utf8Sequences as Iterator>`.
  const term = once(() => (short && /^[\w$]+$/.test(short) ? termOf(short) : undefined));
  const result = once(() =>
    isClass ? undefined : resultOf(node, c.steps, LANGUAGES[c.language].construction),
  );
  const shape = once(() => (isClass ? {} : shapeOf(node, c.steps, short, c.params, LANGUAGES[c.language])));
  const captures = once(() =>
    c.enclosing && !isClass
      ? capturesOf(
          c.language,
          node,
          c.params,
          {
            node: c.enclosing.node,
            params: c.enclosing.params,
            declared: new Set(c.enclosing.nodes.flatMap((n) => [...c.ownCode.declared(n)])),
            ...(c.enclosing.nodes.length > 1
              ? { nearest: c.enclosing.nodes[c.enclosing.nodes.length - 1]! }
              : {}),
          },
          c.language === 'python' || c.language === 'ruby',
        )
      : undefined,
  );
  const chains = once(() => (isClass ? [] : chainsIn(c.ownCode.text(node), node.startPosition.row + 1)));
  const dataFlow = once(() =>
    isClass
      ? { inputs: [], fieldWrites: [], mutatedParams: [], propagates: [], writesOnlyLocals: true }
      : dataFlowOf(
          node,
          c.params,
          c.ownCode.nested(node),
          c.language === 'python' || c.language === 'ruby' || c.language === 'php',
          passedBackOf(c.language, node),
          LANGUAGES[c.language].valueMethods,
        ),
  );
  return {
    get doc() {
      return doc();
    },
    get declarations() {
      return declarations();
    },
    get effects() {
      return effects();
    },
    get idioms() {
      return idioms();
    },
    get result() {
      return result();
    },
    get shape() {
      return shape();
    },
    get constants() {
      return constants();
    },
    get nameWords() {
      return nameWords();
    },
    get term() {
      return term();
    },
    get captures() {
      return captures();
    },
    get chains() {
      return chains();
    },
    get dataFlow() {
      return dataFlow();
    },
  };
}
