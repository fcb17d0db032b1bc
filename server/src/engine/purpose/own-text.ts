/**
 * A unit's own code: its text with the units nested in it blanked out
 * (lines kept, so line numbers hold), and the names that code declares.
 * Computed once per unit of a snippet: a file that is one large function
 * around hundreds of others (a bundle, an IIFE) would otherwise have its
 * whole text rebuilt and rescanned for every unit inside it.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';

/**
 * `let x`, `const x`, `var x`, `x :=`, and where assignment declares (Python,
 * Ruby) `x =`. Spaces inside a declaration stay on its line (`[ \t]`, not
 * `\s`): a `\s*` after `^` would run across every following blank line
 * and back at each line start, quadratic in a blanked-out nested unit.
 */
const DECLARATION = /\b(?:let|const|var)\s+(\w+)|(?:^|[\s,(])(\w+)[ \t]*:=|^[ \t]*(\w+)[ \t]*=(?!=)/gm;

/** Names a text declares (see DECLARATION). */
export function declaredIn(text: string, assignmentDeclares: boolean): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(DECLARATION)) {
    if (m[3] !== undefined && !assignmentDeclares) continue;
    names.add((m[1] ?? m[2] ?? m[3])!);
  }
  return names;
}

/** `node`'s text with each of `nested` (units directly inside it) blanked: one pass, whatever their number. */
export function blankNested(node: Node, nested: readonly Node[]): string {
  const text = node.text;
  if (nested.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const n of [...nested].sort((a, b) => a.startIndex - b.startIndex)) {
    const from = Math.max(at, n.startIndex - node.startIndex);
    const to = n.endIndex - node.startIndex;
    if (to <= from) continue;
    parts.push(text.slice(at, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** The own text and own declarations of a snippet's units, each computed on first use. */
export class OwnCode {
  readonly #nested: ReadonlyMap<number, readonly Node[]>;
  readonly #texts = new Map<number, string>();
  readonly #declared = new Map<number, ReadonlySet<string>>();

  /** `nested`: for each unit's node id, the units directly inside it. */
  constructor(nested: ReadonlyMap<number, readonly Node[]>) {
    this.#nested = nested;
  }

  /** Units directly inside `node`. */
  nested(node: Node): readonly Node[] {
    return this.#nested.get(node.id) ?? [];
  }

  text(node: Node): string {
    let text = this.#texts.get(node.id);
    if (text === undefined) {
      text = blankNested(node, this.nested(node));
      this.#texts.set(node.id, text);
    }
    return text;
  }

  /** Names `node`'s own code declares, assignments included (the enclosing side of a closure, in any language). */
  declared(node: Node): ReadonlySet<string> {
    let names = this.#declared.get(node.id);
    if (names === undefined) {
      names = declaredIn(this.text(node), true);
      this.#declared.set(node.id, names);
    }
    return names;
  }
}
