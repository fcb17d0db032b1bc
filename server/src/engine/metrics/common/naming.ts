/**
 * Readable stand-ins for anonymous units: `<lambda in sorted()>` when it is a
 * call's argument, `<func literal assigned to handler>` when it is assigned,
 * otherwise `<func literal in Serve>` after the nearest named unit.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';

const MAX_PART = 40;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_PART ? `${flat.slice(0, MAX_PART - 1)}…` : flat;
}

export interface AnonymousContext {
  /** The callee's label when the unit is a call argument ("sorted", "http.HandleFunc"). */
  readonly call?: string | null;
  /** The variable or field the unit is assigned to. */
  readonly assigned?: string | null;
}

/**
 * Whether a unit's name is a stand-in for one it does not have (`<arrow in rows.map()>`, `<closure>`),
 * not a name written in the code: Rust's qualified impl names (`<u128 as Unsigned>`) start with `<` too.
 */
export function isStandIn(name: string): boolean {
  return name.startsWith('<') && !/^<[^<>]+ as [^<>]+>/.test(name);
}

export function standIn(what: string, context: AnonymousContext, scope: string): string {
  if (context.call) return `<${what} in ${clip(context.call)}()>`;
  if (context.assigned) return `<${what} assigned to ${clip(context.assigned)}>`;
  if (scope) return `<${what} in ${clip(scope)}>`;
  return `<${what}>`;
}

const SIMPLE_NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/**
 * A callee's label: `object.name` when the object is a plain name
 * (`http.HandleFunc`, `self.sort`), else just the member name.
 */
export function calleeLabel(object: Node | null, member: string): string {
  if (object && SIMPLE_NAME.test(object.text)) return `${object.text}.${member}`;
  return member;
}
