/**
 * Whether a unit is part of its code's public surface, by each language's own
 * rule (its `isExported` in languages/): `export` in JavaScript, a capital
 * letter in Go, `public` in Java and C#, `pub` in Rust, no leading underscore
 * in Python.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { UnitMetrics } from '../metrics/model.js';
import { isStandIn } from '../metrics/common/naming.js';

export function isExported(
  language: LanguageId,
  node: Node,
  metrics: UnitMetrics,
  parent: UnitMetrics | undefined,
  /** Whether the snippet uses `export` at all: without it, its top level is its surface. */
  snippetExports: boolean,
): boolean {
  const name = metrics.name.split(/[.#:]/).pop() ?? metrics.name;
  if (isStandIn(name)) return false;
  // A unit nested in a function is private to it, whatever it is called.
  if (parent && parent.kind !== 'class') return false;
  return LANGUAGES[language].isExported({ node, name, inClass: parent !== undefined, snippetExports });
}
