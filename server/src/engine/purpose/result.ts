/**
 * What a function produces, as its code declares it: the result type written
 * in its signature (`List<String>`, `(map[string]int, error)`, `-> Vec<u8>`),
 * and the object it creates and returns (`return new Parser(…)`,
 * `return &Reader{…}`). Evidence of purpose for a function with no doc
 * comment: what comes out of it says what it is for.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Step } from '../facts/model.js';

export interface UnitResult {
  /** The declared result type, as written (a TypeScript annotation without its colon). */
  readonly type?: string;
  /** The type every value-returning `return` creates, when they all create the same one. */
  readonly creates?: string;
  readonly line: number;
}

/** Result types that say nothing comes out. */
const NOTHING = /^(void|Unit|None|\(\)|never|undefined|Task|Promise<void>|IO\(\))$/;
/** The longest result type quoted. */
const MAX_TYPE = 60;

function declaredType(unit: Node): Node | undefined {
  const field =
    unit.childForFieldName('return_type') ??
    unit.childForFieldName('result') ??
    unit.childForFieldName('returns') ??
    // Java's and C#'s methods name their result type `type`; elsewhere that field means something else.
    (unit.type === 'method_declaration' ? unit.childForFieldName('type') : null);
  return field ?? undefined;
}

/** `new Parser(…)`, `Parser(…)` (a capitalised callee), `&Reader{…}` or `Reader{…}`: the type created. */
function created(value: string): string | undefined {
  const m =
    /^new\s+([A-Z][\w.]*(?:<[^()]*>)?)\s*\(/.exec(value) ??
    /^&?([A-Z][\w.]*)\s*\{/.exec(value) ??
    /^([A-Z][\w]*)\s*\(/.exec(value);
  return m?.[1];
}

export function resultOf(unit: Node, steps: readonly Step[]): UnitResult | undefined {
  const declared = declaredType(unit);
  const type = declared?.text.replace(/^:\s*/, '').replace(/\s+/g, ' ').trim();
  const returns = steps.filter((s) => s.kind === 'return' && s.subject);
  const made = returns.map((r) => created(r.subject!));
  const creates =
    made.length > 0 && made.every((m) => m !== undefined && m === made[0]) ? made[0] : undefined;
  const typed = type && !NOTHING.test(type) && type.length <= MAX_TYPE ? type : undefined;
  if (!typed && !creates) return undefined;
  return {
    ...(typed ? { type: typed } : {}),
    ...(creates ? { creates } : {}),
    line: creates ? returns[0]!.line : (declared?.startPosition.row ?? unit.startPosition.row) + 1,
  };
}
